"""The one road by which text from outside reaches a screen or the terminal.

Text from outside is anything the game did not write itself: player names (typed in the
new-game menu, given to ``rummy new``, read from a save or from the records), save names, and
every string read from a file. It is shown as plain text, never as markup, so a name such as
``[b]Ann`` or ``[@click=app.quit]Q`` reads exactly as typed and does nothing; and its control,
format and joining characters (escape sequences, bidi overrides, zero-width joiners) become
U+FFFD, so it can neither drive the terminal nor break the borders drawn around it.

* :func:`clean` makes a string harmless; :func:`plain` makes it a Rich ``Text`` (which every
  widget, table cell, border title and option shows as it is), :func:`content` a Textual
  ``Content`` with a theme style; :func:`fill` puts names into a translated sentence;
* :func:`notify` shows a notification with the message as plain text;
* :func:`terminal` is the console of the command line (``rummy sheet``, ``rummy stats``,
  ``rummy simulate``): no markup, every string cleaned; :func:`say` prints one line;
* :func:`markdown` writes a line of plain text into Markdown (``rummy replay --text``): it
  reads as typed wherever the Markdown is shown, never as emphasis, a heading, a list, a
  link, a table's border or HTML.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from typing import IO, TYPE_CHECKING, Any

from rich.console import Console
from rich.segment import Segment
from rich.style import Style, StyleType
from rich.text import Text

if TYPE_CHECKING:
    from textual.content import Content
    from textual.notifications import SeverityLevel

__all__ = [
    "clean",
    "content",
    "fill",
    "markdown",
    "markup_sentence",
    "notify",
    "plain",
    "say",
    "terminal",
]


def clean(value: object, *, lines: bool = False) -> str:
    """``value`` as a string with every unsafe character replaced by U+FFFD; with ``lines``
    a line break is kept (each line is cleaned).

    >>> clean("A\\x1b]52;c;aGk=\\x07B")
    'A\\ufffd]52;c;aGk=\\ufffdB'
    >>> clean("[b]Ann[/b]")
    '[b]Ann[/b]'
    >>> clean("one\\ntwo", lines=True)
    'one\\ntwo'
    """
    text = str(value)
    if text.isascii() and text.isprintable():
        return text
    from rummy_tui.i18n.printable import printable

    if lines:
        return "\n".join(printable(line) for line in text.split("\n"))
    return printable(text)


def plain(value: object, style: StyleType = "") -> Text:
    """``value`` as plain Rich text (cleaned, never read as markup), in ``style``.

    >>> plain("[b]Ann[/b]").plain
    '[b]Ann[/b]'
    """
    return Text(clean(value), style=style)


def content(value: object, style: str = "") -> Content:
    """``value`` as plain Textual content (cleaned, never read as markup), in ``style``
    (which may name theme colours: ``"$text-muted"``)."""
    from textual.content import Content

    text = Content(clean(value))
    return text.stylize(style) if style else text


_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def markup_sentence(template: str, **values: object) -> Content:
    """One of the game's own sentences written in content markup (``"[$success]finished[/]
    after deal {deal}"``) with its ``{placeholders}`` filled as plain text: the sentence's
    own styles apply, a value's brackets are only characters."""
    from textual.content import Content

    return Content.from_markup(
        _PLACEHOLDER.sub(r"$\1", template), **{key: clean(value) for key, value in values.items()}
    )


def fill(template: str, style: str | Style = "", **parts: object) -> Text:
    """A whole (translated) sentence with its named placeholders filled as plain text; a part
    may be styled text such as a drawn card, so a sentence never has to be glued from pieces
    around it. The sentence itself is the game's own words; the parts are cleaned.

    >>> fill("{name} takes {card}.", name="[b]Ann", card=Text("7♥", style="bold")).plain
    '[b]Ann takes 7♥.'
    """
    return _filled(Text(style=style), template, "", parts)


def fill_words(template: str, words_style: str | Style = "", **parts: object) -> Text:
    """:func:`fill` with ``words_style`` on the sentence's own words only, the parts keeping
    theirs: a bold label before cards drawn as cards ("Unmatched: 7♥ 9♣").

    >>> line = fill_words("Why: {reason}", "bold", reason="it fits")
    >>> line.plain, line.spans[0].end
    ('Why: it fits', 5)
    """
    return _filled(Text(), template, words_style, parts)


def _filled(
    result: Text, template: str, words_style: str | Style, parts: dict[str, object]
) -> Text:
    """``result`` with ``template`` appended, its placeholders filled from ``parts``."""
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        result.append(template[position : match.start()], style=words_style)
        part = parts.get(match.group(1))
        if part is None:
            result.append(match.group(0), style=words_style)
        elif isinstance(part, Text):
            result.append_text(part)
        else:
            result.append(clean(part))
        position = match.end()
    result.append(template[position:], style=words_style)
    return result


def notify(
    target: Any,
    message: object,
    *,
    title: object = "",
    severity: SeverityLevel = "information",
    timeout: float | None = None,
) -> None:
    """Show a notification from ``target`` (the app, a screen or a widget) with its message
    and title as plain text."""
    target.notify(
        clean(message, lines=True),
        title=clean(title),
        severity=severity,
        timeout=timeout,
        markup=False,
    )


class _PlainConsole(Console):
    """A Rich console that never reads markup, emoji codes or highlights, and cleans every
    string it is given (a table's title, cells and caption included)."""

    def render_str(self, text: str, **options: Any) -> Text:
        options.update(markup=False, emoji=False, highlight=False)
        return super().render_str(clean(text, lines=True), **options)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        """The last guard: a segment that is not the console's own control code is cleaned,
        so a ``Text`` made elsewhere cannot carry an escape sequence out either."""
        return super()._render_buffer(
            segment if segment.control else Segment(clean(segment.text, lines=True), segment.style)
            for segment in buffer
        )


def terminal(file: IO[str] | None = None) -> Console:
    """The console of the command line, on standard output or ``file``: prints ``Text`` as
    it is and strings as plain text, cleaned."""
    return _PlainConsole(file=file, markup=False, emoji=False, highlight=False)


def say(message: object, *, file: IO[str] | None = None) -> None:
    """Print one message of the command line (standard output, or ``file``) as plain text,
    cleaned."""
    print(clean(message, lines=True), file=sys.stdout if file is None else file)


_MARKDOWN_ANYWHERE = re.compile(r"([\\`*_\[\]<>#|~])|&(?=#?\w+;)")
"""What Markdown reads as markup wherever it stands: emphasis, code, links and images, HTML
and autolinks, headings' closing marks, a table's borders, strikes; ``&`` only before what
would read as an entity."""
_MARKDOWN_AT_START = re.compile(r"^([-+=>])|^(\d+)([.)])")
"""What Markdown reads as markup at the start of a line: a list, a quote, a heading's
underline, a numbered list."""


def _escaped_start(found: re.Match[str]) -> str:
    """The start of a line that Markdown would read as markup, escaped."""
    if found.group(1):
        return "\\" + found.group(1)
    return f"{found.group(2)}\\{found.group(3)}"


def markdown(value: object) -> str:
    """``value`` as plain text in Markdown: cleaned (:func:`clean`, so no line break or control
    character), every character Markdown could read as markup escaped, and leading spaces
    kept as spaces (four would start a block of code).

    >>> markdown("*Bob* [x](http://e.org) <b>")
    '\\\\*Bob\\\\* \\\\[x\\\\](http://e.org) \\\\<b\\\\>'
    >>> markdown("# x"), markdown("1. Ann"), markdown("- Cy"), markdown("Anna & Bob")
    ('\\\\# x', '1\\\\. Ann', '\\\\- Cy', 'Anna & Bob')
    >>> markdown("  x &amp;")
    '&#32;&#32;x \\\\&amp;'
    """
    text = clean(value)
    text = _MARKDOWN_ANYWHERE.sub(lambda found: "\\" + found.group(0), text)
    text = _MARKDOWN_AT_START.sub(_escaped_start, text)
    stripped = text.lstrip(" ")
    return "&#32;" * (len(text) - len(stripped)) + stripped
