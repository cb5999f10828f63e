"""Cards, faces and packs (rule G-1).

A :class:`Card` is one physical card: its face (rank and suit, or joker) plus the number of
the pack it came from, so that two packs shuffled together still give every card an identity
and no card is ever created or lost. Rules compare faces; bookkeeping compares cards.

Card tokens are plain text so hands can be written in tests and save files:

>>> parse_cards("AS 10H TD 2C JK")
[AS, 10H, 10D, 2C, JK]
>>> [str(card) for card in parse_cards("QH qh JK")]
['QH', 'QH', 'JK']
>>> [card.key for card in parse_cards("QH QH JK")]
['QH', 'QH.1', 'JK']
>>> Card.from_key("QH.1") == parse_cards("QH QH")[1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from functools import reduce
from operator import attrgetter, or_
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import core_schema

ACE = 1
JACK = 11
QUEEN = 12
KING = 13
JOKER_RANK = 0

RANK_TOKENS: dict[int, str] = {
    1: "A",
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
}
_RANK_BY_TOKEN: dict[str, int] = {token: rank for rank, token in RANK_TOKENS.items()}
_RANK_BY_TOKEN["T"] = 10
_RANK_BY_TOKEN["1"] = 1


class Suit(StrEnum):
    """The four suits, by their one-letter token."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"


SUITS: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
SUIT_INDEX: dict[Suit, int] = {suit: number for number, suit in enumerate(SUITS)}


class CardError(ValueError):
    """A card token could not be read."""


class Face:
    """What a card shows (or, for a wild card on the table, what it stands for).

    Faces are interned: ``Face(5, Suit.HEARTS) is Face(5, Suit.HEARTS)``.

    >>> Face.parse("10H")
    10H
    >>> Face.parse("JK").is_joker
    True
    """

    __slots__ = ("code", "rank", "suit", "token")
    _cache: ClassVar[dict[tuple[int, Suit | None], Face]] = {}

    rank: int
    suit: Suit | None
    code: int
    token: str
    """The face written as text ("10H", "JK"), as ``str`` gives it."""

    def __new__(cls, rank: int, suit: Suit | None) -> Face:
        key = (rank, suit)
        cached = cls._cache.get(key)
        if cached is not None:
            return cached
        if rank == JOKER_RANK:
            if suit is not None:
                raise CardError("a joker has no suit")
        elif not 1 <= rank <= 13 or suit is None:
            raise CardError(f"no such card: rank {rank}, suit {suit}")
        face = object.__new__(cls)
        object.__setattr__(face, "rank", rank)
        object.__setattr__(face, "suit", suit)
        object.__setattr__(face, "code", 52 if suit is None else SUIT_INDEX[suit] * 13 + rank - 1)
        object.__setattr__(
            face, "token", "JK" if suit is None else f"{RANK_TOKENS[rank]}{suit.value}"
        )
        cls._cache[key] = face
        return face

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("faces are immutable")

    def __reduce__(self) -> tuple[type[Face], tuple[int, Suit | None]]:
        return (Face, (self.rank, self.suit))

    @property
    def is_joker(self) -> bool:
        """True for the joker face."""
        return self.rank == JOKER_RANK

    def __str__(self) -> str:
        return self.token

    __repr__ = __str__

    def __lt__(self, other: Face) -> bool:
        return self.code < other.code

    @classmethod
    def parse(cls, token: str) -> Face:
        """Read a face token such as ``"AS"``, ``"10H"``, ``"TD"`` or ``"JK"``."""
        text = token.strip().upper()
        if text in ("JK", "JO", "JOKER", "*"):
            return cls(JOKER_RANK, None)
        if len(text) < 2:
            raise CardError(f"not a card: {token!r}")
        rank_text, suit_text = text[:-1], text[-1]
        rank = _RANK_BY_TOKEN.get(rank_text)
        try:
            suit = Suit(suit_text)
        except ValueError:
            raise CardError(f"not a card: {token!r} (unknown suit {suit_text!r})") from None
        if rank is None:
            raise CardError(f"not a card: {token!r} (unknown rank {rank_text!r})")
        return cls(rank, suit)

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _face_from_any,
            serialization=core_schema.plain_serializer_function_ser_schema(str),
            json_schema_input_schema=core_schema.str_schema(),
        )


def _face_from_any(value: object) -> Face:
    if isinstance(value, Face):
        return value
    if isinstance(value, str):
        return Face.parse(value)
    raise CardError(f"not a card face: {value!r}")


JOKER_FACE = Face(JOKER_RANK, None)


class Card:
    """One physical card: a face plus the pack it belongs to (``copy``, counted from 0).

    Cards are interned and compare by identity of face and copy.

    >>> Card.from_key("JK.2").copy
    2
    """

    __slots__ = ("copy", "face", "face_bit", "key", "order", "rank", "suit")
    _cache: ClassVar[dict[tuple[Face, int], Card]] = {}

    face: Face
    copy: int
    rank: int
    suit: Suit | None
    key: str
    order: int
    """The card's place in card order, face code first and then the copy, as one number
    (:data:`CARD_ORDER`; the copies of a table's packs are far fewer than its 2**32)."""
    face_bit: int
    """``1 << face.code``: the card's face in a set of faces written as one number
    (:func:`face_bits`)."""

    def __new__(cls, face: Face, copy: int = 0) -> Card:
        cached = cls._cache.get((face, copy))
        if cached is not None:
            return cached
        if copy < 0:
            raise CardError("a pack number cannot be negative")
        card = object.__new__(cls)
        object.__setattr__(card, "face", face)
        object.__setattr__(card, "copy", copy)
        object.__setattr__(card, "rank", face.rank)
        object.__setattr__(card, "suit", face.suit)
        object.__setattr__(card, "key", str(face) if copy == 0 else f"{face}.{copy}")
        object.__setattr__(card, "order", face.code << 32 | copy)
        object.__setattr__(card, "face_bit", 1 << face.code)
        cls._cache[(face, copy)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Face, int]]:
        return (Card, (self.face, self.copy))

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.face.rank == JOKER_RANK

    def __str__(self) -> str:
        return self.face.token

    __repr__ = __str__

    def __lt__(self, other: Card) -> bool:
        return (self.face.code, self.copy) < (other.face.code, other.copy)

    @classmethod
    def from_key(cls, key: str) -> Card:
        """Read an identity key: a face token, optionally followed by ``.copy``."""
        known = _CARD_BY_KEY.get(key)
        if known is not None:
            return known
        text = key.strip()
        copy = 0
        if "." in text:
            text, _, copy_text = text.partition(".")
            if not copy_text.isdigit():
                raise CardError(f"not a card: {key!r}")
            copy = int(copy_text)
        card = cls(Face.parse(text), copy)
        if card.key == key:
            _CARD_BY_KEY[key] = card
        return card

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_plain_validator_function(
            _card_from_any,
            serialization=core_schema.plain_serializer_function_ser_schema(_card_key),
            json_schema_input_schema=core_schema.str_schema(),
        )


CARD_ORDER = attrgetter("order")
"""The order of ``Card.__lt__`` (face code, then copy) as a sort key that compares one number
per card."""

_FACE_BIT = attrgetter("face_bit")


def face_bits(cards: Iterable[Card]) -> int:
    """The faces of ``cards`` as one number, bit ``code`` for each face held (13 bits per
    suit, clubs lowest, then the joker's bit 52); a face held twice shows once."""
    return reduce(or_, map(_FACE_BIT, cards), 0)


_CARD_BY_KEY: dict[str, Card] = {}
"""Cards already read, by their canonical key (loading a save reads thousands of them)."""


def _card_key(card: Card) -> str:
    return card.key


def _card_from_any(value: object) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.from_key(value)
    raise CardError(f"not a card: {value!r}")


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards written as text, giving repeated faces successive pack numbers.

    Tokens are separated by spaces or commas. ``10`` may be written ``T``; a joker is ``JK``.
    An explicit identity such as ``"KS.1"`` is kept as written.

    >>> parse_cards("KS KS KD")
    [KS, KS, KD]
    >>> len(set(parse_cards("KS KS KD")))
    3
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    seen: dict[Face, int] = {}
    cards: list[Card] = []
    used: set[Card] = set()
    for token in tokens:
        if "." in token:
            card = Card.from_key(token)
        else:
            face = Face.parse(token)
            copy = seen.get(face, 0)
            card = Card(face, copy)
            while card in used:
                copy += 1
                card = Card(face, copy)
            seen[face] = copy + 1
        if card in used:
            raise CardError(f"the same card is written twice: {card.key}")
        used.add(card)
        cards.append(card)
    return cards


def parse_face(token: str) -> Face:
    """Read one face token (``"5H"``, ``"JK"``)."""
    return Face.parse(token)


def format_cards(cards: Sequence[Card]) -> str:
    """Write cards back as space-separated tokens (faces only)."""
    return " ".join(str(card) for card in cards)


def make_packs(packs: int, jokers_per_pack: int = 0) -> list[Card]:
    """Every card of ``packs`` standard packs, each with ``jokers_per_pack`` jokers, in order."""
    cards: list[Card] = []
    for copy in range(packs):
        for suit in SUITS:
            for rank in range(1, 14):
                cards.append(Card(Face(rank, suit), copy))
        for joker_number in range(jokers_per_pack):
            cards.append(Card(JOKER_FACE, copy * jokers_per_pack + joker_number))
    return cards


def all_faces() -> list[Face]:
    """The 52 suited faces, clubs first, ace to king."""
    return [Face(rank, suit) for suit in SUITS for rank in range(1, 14)]


class PlacedCard(BaseModel):
    """A card on the table, with the face it stands for and the seat that put it there."""

    model_config = ConfigDict(frozen=True)

    card: Card
    """The physical card."""
    face: Face
    """What it stands for (its own face unless it is a wild card)."""
    seat: int
    """The seat that melded or laid it off; it scores for that seat (R-6)."""
    moved: bool = False
    """Double Rum: the joker has moved to the other end and never moves again (D-6)."""

    @property
    def is_standing_in(self) -> bool:
        """True when the card stands for another card (a wild card in use)."""
        return self.card.face is not self.face


def placed_token(placed: PlacedCard, card_text: Callable[[Card | Face], str] = str) -> str:
    """A card on the table as a token, cards written by ``card_text``: ``7H``, or ``JK=8H``
    for a wild card standing in.

    >>> joker, eight = parse_cards("JK 8H")
    >>> placed_token(PlacedCard(card=joker, face=eight.face, seat=0))
    'JK=8H'
    """
    if placed.is_standing_in:
        return f"{card_text(placed.card)}={card_text(placed.face)}"
    return card_text(placed.face)
