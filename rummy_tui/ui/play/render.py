"""How cards are drawn: rank and suit glyph, red and black (or four colours, or ASCII suits).

Every widget draws cards through these functions, so the display settings apply everywhere.

>>> from rummy_tui.core import parse_cards
>>> from rummy_tui.ui.shell.settings import DisplaySettings
>>> [card_label(card, DisplaySettings()) for card in parse_cards("7H 10S JK")]
['7♥', '10♠', 'JK']
>>> [card_label(card, DisplaySettings(ascii_suits=True)) for card in parse_cards("7H AC")]
['7h', 'Ac']
>>> log_text("Anna discards 7H and takes 10D.", DisplaySettings()).plain
'Anna discards 7♥ and takes 10♦.'

With ``pack_letters`` the court cards carry the letters of the language's packs:

>>> from rummy_tui.i18n import set_language
>>> set_language("ru")
'ru'
>>> pack = DisplaySettings(pack_letters=True)
>>> [card_label(card, pack) for card in parse_cards("JH QS KD AC JK")]
['В♥', 'Д♠', 'К♦', 'Т♣', 'Дж']
>>> [card_label(card, DisplaySettings(pack_letters=True, ascii_suits=True))
...  for card in parse_cards("AC 10H")]
['Тт', '10ч']
>>> set_language("en")
'en'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.style import Style
from rich.text import Text

from rummy_tui.core.cards import RANK_TOKENS, Card, Face, Suit
from rummy_tui.core.melds import PlacedCard
from rummy_tui.i18n import current_language
from rummy_tui.i18n.outside_text import fill as fill  # the one road for names in sentences
from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.shell.settings import DisplaySettings

SUIT_GLYPHS: dict[Suit, str] = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}
SUIT_LETTERS: dict[Suit, str] = {
    Suit.CLUBS: "c",
    Suit.DIAMONDS: "d",
    Suit.HEARTS: "h",
    Suit.SPADES: "s",
}
JOKER_LABEL = "JK"

CARD_FACE_BG = "card-face"
"""The card's paper colour (a theme variable): cards are drawn as light tiles so red and black
both read well."""
WILD_BG = "card-wild"
"""Background of a wild card standing in for another card."""
MOVED_BG = "card-moved"
"""Background of a Double Rum joker that has moved (D-6)."""
JOKER_COLOUR = "card-joker"

TWO_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "card-black",
    Suit.DIAMONDS: "card-red",
    Suit.HEARTS: "card-red",
    Suit.SPADES: "card-black",
}
"""The ink of each suit in red and black (theme variables)."""
FOUR_COLOURS: dict[Suit, str] = {
    Suit.CLUBS: "card-green",
    Suit.DIAMONDS: "card-blue",
    Suit.HEARTS: "card-red",
    Suit.SPADES: "card-black",
}
"""The ink of each suit in four colours (theme variables)."""

MOVED_MARK = "↻"
MOVED_MARK_ASCII = "~"

PACK_RANK_LETTERS: dict[str, dict[int, str]] = {
    "ru": {11: "В", 12: "Д", 13: "К", 1: "Т"},
}
"""Court letters printed on each language's packs, where they differ from J Q K A.

Russian packs: валет, дама, король, туз. Finnish packs carry the international J Q K A
(jätkä, kuningatar, kuningas, ässä), so Finnish keeps the English letters."""
PACK_SUIT_LETTERS: dict[str, dict[Suit, str]] = {
    "ru": {Suit.CLUBS: "т", Suit.DIAMONDS: "б", Suit.HEARTS: "ч", Suit.SPADES: "п"},
}
"""Suits as letters (the ASCII setting) in the language: трефы, бубны, черви, пики. Lower case,
so трефы never reads as туз."""
PACK_JOKER_LABELS: dict[str, str] = {"ru": "Дж"}
"""The joker as the language writes it (the Russian rule books' Дж)."""


def _pack_language(settings: DisplaySettings) -> str | None:
    """The language whose pack letters apply, or None for the English letters."""
    return current_language() if settings.pack_letters else None


def suit_text(suit: Suit, settings: DisplaySettings) -> str:
    """The suit as a glyph or, with ASCII suits, a letter."""
    if not settings.ascii_suits:
        return SUIT_GLYPHS[suit]
    return PACK_SUIT_LETTERS.get(_pack_language(settings) or "", SUIT_LETTERS)[suit]


def face_label(face: Face, settings: DisplaySettings) -> str:
    """A face as plain text: ``7♥``, ``10♠``, ``JK`` (``7h`` with ASCII suits)."""
    pack = _pack_language(settings) or ""
    if face.suit is None:
        return PACK_JOKER_LABELS.get(pack, JOKER_LABEL)
    rank = PACK_RANK_LETTERS.get(pack, RANK_TOKENS)
    return rank.get(face.rank, RANK_TOKENS[face.rank]) + suit_text(face.suit, settings)


def card_label(card: Card, settings: DisplaySettings) -> str:
    """A card as plain text (its own face)."""
    return face_label(card.face, settings)


def suit_colour(suit: Suit | None, settings: DisplaySettings) -> str:
    """The ink colour of a suit under the settings in the theme in force (jokers are
    purple)."""
    if suit is None:
        return colour(JOKER_COLOUR)
    return colour((FOUR_COLOURS if settings.four_colour else TWO_COLOURS)[suit])


def face_style(face: Face, settings: DisplaySettings, background: str = CARD_FACE_BG) -> Style:
    """Ink on paper for one face."""
    return Style(color=suit_colour(face.suit, settings), bgcolor=colour(background), bold=True)


def face_text(face: Face, settings: DisplaySettings, width: int = 0) -> Text:
    """One face as a small card tile, right-aligned to ``width`` cells."""
    label = face_label(face, settings).rjust(width)
    text = Text()
    text.append(label, style=face_style(face, settings))
    return text


def card_text(card: Card, settings: DisplaySettings, width: int = 0) -> Text:
    """One card in the hand or on the pile, as a small tile."""
    return face_text(card.face, settings, width)


def placed_text(placed: PlacedCard, settings: DisplaySettings) -> Text:
    """A card on the table. A wild card standing in for another shows both, ``JK=7♥``; a
    Double Rum joker that has moved is marked turned, ``JK↻8♥`` (D-6)."""
    if not placed.is_standing_in:
        return face_text(placed.face, settings)
    mark = "="
    background = WILD_BG
    if placed.moved:
        mark = MOVED_MARK_ASCII if settings.ascii_suits else MOVED_MARK
        background = MOVED_BG
    text = Text()
    text.append(
        card_label(placed.card, settings), style=face_style(placed.card.face, settings, background)
    )
    text.append(mark, style=Style(color=colour("card-mark"), bgcolor=colour(background), bold=True))
    text.append(
        face_label(placed.face, settings), style=face_style(placed.face, settings, background)
    )
    return text


def pairs_text(
    pairs: Iterable[tuple[Card, Face]], settings: DisplaySettings, separator: str = " "
) -> Text:
    """Cards of a meld with what each stands for, as the table writes them: a natural card as
    itself, a wild card as ``JK=4♥`` (never the face alone, which would show a card the hand
    does not hold)."""
    parts = [
        placed_text(PlacedCard(card=card, face=face, seat=0), settings) for card, face in pairs
    ]
    return join_texts(parts, separator)


def cards_text(cards: Iterable[Card], settings: DisplaySettings, separator: str = " ") -> Text:
    """Several cards separated by spaces."""
    return join_texts([card_text(card, settings) for card in cards], separator)


def faces_text(faces: Iterable[Face], settings: DisplaySettings, separator: str = " ") -> Text:
    """Several faces separated by spaces."""
    return join_texts([face_text(face, settings) for face in faces], separator)


def join_texts(parts: Sequence[Text], separator: str = " ") -> Text:
    """Join texts with an unstyled separator."""
    result = Text()
    for number, part in enumerate(parts):
        if number:
            result.append(separator)
        result.append_text(part)
    return result


_TOKEN = re.compile(r"\b(10|[2-9AJQK])([CDHS])(?:\.\d+)?\b|\bJK(?:\.\d+)?\b")


def _token_face(match: re.Match[str]) -> Face:
    if match.group(0).startswith("JK"):
        return Face.parse("JK")
    return Face.parse(match.group(1) + match.group(2))


def log_text(text: str, settings: DisplaySettings) -> Text:
    """A log line with the engine's card tokens (``7H``, ``10D``, ``JK``) drawn as cards."""
    result = Text()
    position = 0
    for match in _TOKEN.finditer(text):
        result.append(text[position : match.start()])
        result.append_text(face_text(_token_face(match), settings))
        position = match.end()
    result.append(text[position:])
    return result


def log_plain(text: str, settings: DisplaySettings) -> str:
    """A log line with card tokens as glyphs, unstyled."""
    return log_text(text, settings).plain


SUIT_SORT_ORDER: dict[Suit, int] = {
    Suit.SPADES: 0,
    Suit.HEARTS: 1,
    Suit.CLUBS: 2,
    Suit.DIAMONDS: 3,
}
"""Suits sorted with colours alternating (♠ ♥ ♣ ♦), as card players hold them."""


def by_suit_key(card: Card) -> tuple[int, int, int]:
    """Sort key: suit (colours alternating), then rank; jokers last."""
    if card.suit is None:
        return (9, 0, card.copy)
    return (SUIT_SORT_ORDER[card.suit], card.rank, card.copy)


def by_rank_key(card: Card) -> tuple[int, int, int]:
    """Sort key: rank, then suit; jokers last."""
    if card.suit is None:
        return (99, 0, card.copy)
    return (card.rank, SUIT_SORT_ORDER[card.suit], card.copy)


def sort_cards(cards: list[Card], mode: str) -> list[Card]:
    """The cards sorted by suit or by rank, as a sorted hand shows them."""
    return sorted(cards, key=by_rank_key if mode == "rank" else by_suit_key)


def fit_line(phrases: Sequence[Text], width: int) -> Text:
    """Phrases on one line of at most ``width`` cells, for a bar that must not wrap (the
    table's top line: at 80 columns with twelve players "· saved" used to drop to a second
    line). The first and the last phrase are kept; phrases in between are left out from the
    last one backwards until the line fits, and what still does not fit is cut with "…".

    >>> parts = [Text("Classic"), Text(" · Deal 2"), Text(" · twos wild"), Text(" · saved")]
    >>> fit_line(parts, 80).plain
    'Classic · Deal 2 · twos wild · saved'
    >>> fit_line(parts, 26).plain
    'Classic · Deal 2 · saved'
    >>> fit_line(parts, 12).plain
    'Classic · s…'
    """
    kept = list(phrases)
    if width <= 0:
        return Text("").join(kept)
    while len(kept) > 2 and sum(part.cell_len for part in kept) > width:
        del kept[-2]
    line = Text("").join(kept)
    if line.cell_len > width:
        line.truncate(width, overflow="ellipsis")
    return line


class Hanging:
    """A line of text that wraps with a hanging indent: the lines after the first start
    ``indent`` columns in, so a long explanation does not run back to the left edge."""

    def __init__(self, text: Text, indent: int) -> None:
        self.text = text
        self.indent = indent

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(1, options.max_width)
        lines = self.text.wrap(console, width, overflow="fold")
        if len(lines) <= 1 or width <= self.indent + 1:
            yield from lines
            return
        head = lines[0]
        yield head
        rest = self.text[len(head.plain) :]
        rest = rest[len(rest.plain) - len(rest.plain.lstrip(" ")) :]
        pad = Text(" " * self.indent)
        for line in rest.wrap(console, width - self.indent, overflow="fold"):
            yield pad + line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self.text)
