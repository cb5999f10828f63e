"""Player actions: a union discriminated by ``kind``, and the record kept in the log.

Every change to a game is one of these actions, applied by :meth:`Game.apply`. The UI, the
computer players and the save files all speak this language.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from rummy_tui.core.cards import Card, Face


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class DrawStock(_Action):
    """Take the top card of the stock (turning the discard pile over first when the stock is
    empty and the variant allows it, C-4, E-6)."""

    kind: Literal["draw_stock"] = "draw_stock"


class TakeDiscard(_Action):
    """Take from the discard pile: the top card, or in Rummy 500 any card together with every
    card above it (R-5)."""

    kind: Literal["take_discard"] = "take_discard"
    count: int = Field(default=1, ge=1)
    """How many cards are taken from the top; the deepest of them is the last one."""


class DrawTwo(_Action):
    """Boathouse Rum's two-card draw (B-1): ``first`` then ``second``."""

    kind: Literal["draw_two"] = "draw_two"
    first: Literal["stock", "discard"]
    """Where the extra card comes from."""
    second: Literal["stock", "discard"]
    """Where the second card comes from (``discard`` only under the Hoyle draw)."""


class Meld(_Action):
    """Put a new meld on the table from the hand."""

    kind: Literal["meld"] = "meld"
    cards: tuple[Card, ...]
    """The cards of the meld."""
    faces: tuple[Face, ...] | None = None
    """What each card stands for, parallel to ``cards``; None takes the first reading."""


class LayOffCard(_Action):
    """Add one card from the hand to a meld on the table (R-6, R-7, D-6)."""

    kind: Literal["lay_off"] = "lay_off"
    card: Card
    """The card laid off."""
    meld_id: int
    """The meld it is declared to."""
    face: Face | None = None
    """What a wild card stands for there; None for the first possibility. A natural card that
    matches an unmoved end joker of a Double Rum run takes the joker's place (D-6)."""


class Discard(_Action):
    """Put one card on the discard pile, ending the turn."""

    kind: Literal["discard"] = "discard"
    card: Card


class MeldSpec(BaseModel):
    """One meld of a whole-hand go-out."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    cards: tuple[Card, ...]
    faces: tuple[Face, ...] | None = None


class GoOut(_Action):
    """Lay the whole hand down at once (B-3, E-7), optionally with one final discard."""

    kind: Literal["go_out"] = "go_out"
    melds: tuple[MeldSpec, ...]
    """The melds that use every card except the discard."""
    discard: Card | None = None
    """The final discard, where the variant allows or requires one."""


class EndDeal(_Action):
    """Rummy 500 with an empty stock: decline to take from the pile, ending the deal (R-10)."""

    kind: Literal["end_deal"] = "end_deal"


class StartDeal(_Action):
    """Deal the next deal of the match. The engine fills in the shuffled ``deck`` it used, so
    the log always records the card order (G-11)."""

    kind: Literal["start_deal"] = "start_deal"
    deck: tuple[Card, ...] | None = None
    """The card order, top first; None lets the engine shuffle."""


class TakeBack(_Action):
    """Take back the newest move of one's own turn (P-4): the game becomes what it would be
    had the move never been made, and a public note says who took back what. Its record
    goes to the take-back notes, not the log (the log holds the game as it stands)."""

    kind: Literal["take_back"] = "take_back"


Action = Annotated[
    DrawStock
    | TakeDiscard
    | DrawTwo
    | Meld
    | LayOffCard
    | Discard
    | GoOut
    | EndDeal
    | StartDeal
    | TakeBack,
    Field(discriminator="kind"),
]

ACTION_KINDS: tuple[str, ...] = (
    "draw_stock",
    "take_discard",
    "draw_two",
    "meld",
    "lay_off",
    "discard",
    "go_out",
    "end_deal",
    "start_deal",
    "take_back",
)


class LogFacts(BaseModel):
    """What a log line says beyond the action itself (P-2): the names it shows and what the
    engine found while applying the action. An interface writes the line from the action and
    these facts in its reader's language; every fact is public.

    A record saved before the facts were kept has none (``ActionRecord.facts`` is None);
    loading a save replays its log, so the records of a loaded match have them again.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = ""
    """The name of the player who acted (empty for the table's own records)."""
    cards: tuple[Card, ...] = ()
    """Cards taken from the discard pile, as the line lists them: a take from the pile has
    them in pile order, the deepest first (R-5); a two-card draw in the order drawn (B-1)."""
    rebuild: int = 0
    """A stock draw that first turned the discard pile over: which rebuild it was (C-4, E-6);
    0 when the stock was not rebuilt."""
    joker_moves: bool = False
    """A lay-off that sent an end joker of a Double Rum run to the other end (D-6)."""
    goes_out: bool = False
    """The action emptied the player's hand, ending the deal (C-3, R-9)."""
    dealer: str = ""
    """A deal's start: the name of the dealer (G-4)."""
    leader: str = ""
    """A deal's start: the name of the player who plays first."""


class ActionRecord(BaseModel):
    """One applied action as the log keeps it: data only, worded by
    :func:`rummy_tui.i18n.log_lines.record_sentence` (the ``text`` of records in older saves
    is read and left out)."""

    model_config = ConfigDict(frozen=True)

    seat: int | None
    """Who acted (None for the table itself, as when a deal starts)."""
    action: Action
    """The action as applied, with anything the engine decided filled in."""
    deal_number: int
    """The deal it belongs to (1 for the first)."""
    facts: LogFacts | None = None
    """What the line says beyond the action; None in records saved before it was kept."""
