"""The one way the table writes an engine refusal: the core's sentence with its cards drawn as
the table draws them (suit glyphs, or letters when ASCII suits are chosen; a wild card on the
table as ``JK=7♥``), never the engine's card tokens (``6H``, ``QS``)."""

from __future__ import annotations

from rummy_tui.core import Card, IllegalAction
from rummy_tui.core.cards import Face
from rummy_tui.core.melds import PlacedCard
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.ui.play.render import face_label, placed_text
from rummy_tui.ui.shell.settings import DisplaySettings


def refusal_text(error: IllegalAction, settings: DisplaySettings) -> str:
    """``error``'s sentence as the table shows it.

    >>> from rummy_tui.core.cards import parse_cards
    >>> error = IllegalAction("cards.repeated", "G-1", cards=parse_cards("7H 7H"))
    >>> refusal_text(error, DisplaySettings())
    'The same card is named twice: 7♥ 7♥ (G-1).'
    """

    def card_words(item: Card | Face) -> str:
        return face_label(item.face if isinstance(item, Card) else item, settings)

    def placed_words(placed: PlacedCard) -> str:
        return placed_text(placed, settings).plain

    return refusal_sentence(error, card_words, placed_words)
