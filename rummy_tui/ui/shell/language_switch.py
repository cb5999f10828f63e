"""Switching the language while the game runs: every open screen speaks the new one at once.

The help screen's display settings may change the language in the middle of a match. The app
listens to :func:`rummy_tui.i18n.on_language_change`; on a change :func:`retranslate` gives
every open screen (and its widgets) their key descriptions in the new language, and posts
:class:`LanguageChanged` to every screen so a screen that keeps text of its own rebuilds it.
The match session then redraws the table from its view (phase line, status, top line with
the save note). Nothing is restarted and the match is untouched: saves hold no language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.message import Message

from rummy_tui.ui.shell.translate import translate_bindings

if TYPE_CHECKING:
    from textual.app import App


class LanguageChanged(Message, bubble=False):
    """The game speaks another language now (posted to every open screen)."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language
        """The code of the new language (en, fi, ru)."""


def retranslate(app: App[Any], language: str) -> None:
    """Give every screen ``app`` shows its words in ``language`` (already the language in use);
    the app then has the match session redraw the table."""
    translate_bindings(app)
    for screen in app.screen_stack:
        for node in (screen, *screen.walk_children()):
            translate_bindings(node)
        screen.post_message(LanguageChanged(language))
        screen.refresh_bindings()
