"""The whole state of a match, as pydantic models that serialize to JSON and back exactly."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from rummy_tui.core.actions import Action, ActionRecord
from rummy_tui.core.cards import Card, PlacedCard
from rummy_tui.core.melds import TableMeld
from rummy_tui.core.variants.ruleset import RuleSet

STATE_FORMAT = 1


def seat_after(seat: int, players: int) -> int:
    """The seat that plays after ``seat`` at a table of ``players`` (play passes to the left)."""
    return (seat + 1) % players


class Phase(StrEnum):
    """Where the deal stands (an explicit phase machine, one legal/apply helper per phase)."""

    DRAW = "draw"
    """The current player must draw (European: or go out before drawing)."""
    PLAY = "play"
    """The current player melds, lays off, goes out or discards."""
    DEAL_OVER = "deal_over"
    """The deal is scored; the next deal may start."""
    MATCH_OVER = "match_over"
    """The match has a winner."""


class CutRound(BaseModel):
    """One round of the cut for the first dealer (G-3)."""

    model_config = ConfigDict(frozen=True)

    seats: tuple[int, ...]
    """The seats that cut in this round."""
    cards: tuple[Card, ...]
    """The card each of them cut, in the same order (jokers are cut again)."""


class TurnState(BaseModel):
    """What the current turn has done so far."""

    taken_from_discard: list[Card] = Field(default_factory=list)
    """Cards taken from the discard pile this turn; none may be discarded this turn (G-8)."""
    must_use: Card | None = None
    """Rummy 500: the deepest card taken, which must be melded or laid off this turn (R-5)."""
    drew: bool = False
    """Whether the player has drawn this turn."""
    drawn: list[Card] = Field(default_factory=list)
    """Every card the player drew this turn, in the order drawn, from the stock or the pile
    (the hand marks those it still holds). The engine sets it when it applies a draw, so a
    replayed log sets it again; a save from before it was kept loads with none."""
    melded: bool = False
    """Whether the player has melded or laid off this turn."""


class ScoreLine(BaseModel):
    """One seat's line of the end-of-deal breakdown (P-3)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    hand: tuple[Card, ...]
    """The cards left in hand, revealed."""
    hand_points: int = 0
    """What the hand costs under the variant."""
    table_points: int = 0
    """Rummy 500: what the seat's cards on the table score."""
    change: int = 0
    """The change to the seat's score (points or chips); the catalogs say how it was reached
    (:func:`rummy_tui.i18n.deal_words.score_line_words`)."""


class DealEnding(BaseModel):
    """How a deal ended, as data an interface words in its language."""

    model_config = ConfigDict(frozen=True)

    code: str
    """"went_out" (went out with a discard or none), "laid_down" (laid the whole hand down),
    "stock_out" (Rummy 500: the stock ran out and ``seat`` took no discard) or "dead" (G-9)."""
    seat: int | None = None
    """The seat the ending is about (the winner, or who took no discard)."""
    rebuilds: int = 0
    """Dead hand: how many times the stock had been rebuilt."""


class ChipPayment(BaseModel):
    """European Rummy: which rule of E-8 set the payment, and the counts it used."""

    model_config = ConfigDict(frozen=True)

    kind: str
    """"base" (1 chip + jokers), "base_twos" (1 chip + twos + jokers), "no_wild" (10 chips:
    no wild card in the winning hand), "no_draw" (10 chips: went out without drawing) or
    "one_card" (5 chips: drew only one card)."""
    chips: int
    """What each loser pays."""
    twos: int = 0
    """Wild twos in the winning hand (twos wild only)."""
    jokers: int = 0
    """Jokers in the winning hand."""


class DealResult(BaseModel):
    """How a deal ended and what it paid."""

    model_config = ConfigDict(frozen=True)

    deal_number: int
    winner: int | None
    """The seat that went out, or None (dead hand, Rummy 500 stock out)."""
    dead: bool = False
    """The deal was void under the dead-hand guard (G-9): no score, same dealer again."""
    rummy: bool = False
    """The winner went out in one turn without melding before (C-5): losers pay double."""
    lines: tuple[ScoreLine, ...] = ()
    """Per-seat breakdown."""
    changes: tuple[int, ...] = ()
    """Score change per seat."""
    ending: DealEnding | None = None
    """How the deal ended, as data (worded by :func:`rummy_tui.i18n.deal_words.ending_words`)."""
    payment: ChipPayment | None = None
    """European Rummy: the rule of E-8 that set the payment, as data (worded by
    :func:`rummy_tui.i18n.deal_words.payment_words`; None in the other variants)."""


class TakeBackNote(BaseModel):
    """A public line of the log saying who took back what (P-4)."""

    model_config = ConfigDict(frozen=True)

    seat: int
    """Who took the move back."""
    deal_number: int
    """The deal it happened in."""
    position: int
    """Where it stands in the log: after the first ``position`` records."""
    text: str = ""
    """The English line of a note saved before its ``move`` was kept ("Anna took back: meld
    7H 8H 9H"), shown as it was saved; empty in every note written now, and then not saved."""
    cards: tuple[PlacedCard, ...] = ()
    """The cards the move had put on the table, as they lay there (a wild card with what it
    stood for), so an interface can draw them as its table does; empty for other moves."""
    name: str = ""
    """The name of the player who took the move back."""
    move: Action | None = None
    """The move taken back, as it had been applied; with ``name`` and ``cards`` an interface
    writes the line in its reader's language. None in notes saved before it was kept (they
    are shown by their ``text``)."""

    @model_validator(mode="before")
    @classmethod
    def _text_only_without_move(cls, data: Any) -> Any:
        """A note read with its move needs no English text (saves of format 2 wrote both)."""
        if isinstance(data, dict) and data.get("move") is not None and data.get("text"):
            return {**data, "text": ""}
        return data

    @model_serializer(mode="wrap")
    def _without_empty_text(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """The note as data; ``text`` only when an old save gave it one."""
        data: dict[str, Any] = handler(self)
        if not self.text:
            data.pop("text", None)
        return data


class DealState(BaseModel):
    """One deal in progress."""

    deal_number: int
    """1 for the first deal of the match, counting up (a dead deal dealt again takes the next
    number but does not count towards the match length: see ``GameState.deals_scored``)."""
    dealer: int
    deck: list[Card]
    """The card order the deal was dealt from, top first (G-11)."""
    hands: list[list[Card]]
    stock: list[Card]
    """The stock, bottom first: the top card is the last one."""
    discard: list[Card]
    """The discard pile, bottom first: the top card is the last one."""
    melds: list[TableMeld] = Field(default_factory=list)
    next_meld_id: int = 1
    current: int
    """The seat to act."""
    phase: Phase = Phase.DRAW
    turn: TurnState = Field(default_factory=TurnState)
    turn_number: int = 1
    cards_drawn: list[int]
    """Cards each seat has drawn this deal (E-8)."""
    has_melded: list[bool]
    """Whether each seat melded or laid off in an earlier turn of this deal (C-5 rummy)."""
    rebuilds: int = 0
    """How often the stock was rebuilt from the discard pile (G-9)."""
    result: DealResult | None = None


class GameState(BaseModel):
    """A whole match: rules, seats, scores, the deal in progress and the action log."""

    format_version: int = STATE_FORMAT
    rules: RuleSet
    players: list[str]
    seed: int
    """Seed of the match's shuffles (each deal's order is recorded as well)."""
    cut: list[CutRound] = Field(default_factory=list)
    first_dealer: int
    scores: list[int]
    """Running totals per seat (partners hold the same total, R-13)."""
    results: list[DealResult] = Field(default_factory=list)
    deals_scored: int = 0
    """Deals that ended with a score (dead deals do not count)."""
    deal: DealState
    winners: list[int] = Field(default_factory=list)
    """The match winners once the match is over."""
    settlement: list[int] = Field(default_factory=list)
    """Rummy 500: what each seat pays the winner (R-12)."""
    log: list[ActionRecord] = Field(default_factory=list)
    take_backs_on: bool = True
    """Whether players may take back moves of their turn (P-4), chosen when the match starts."""
    take_back_notes: list[TakeBackNote] = Field(default_factory=list)
    """Public notes of the moves taken back (P-4); the log itself holds the game as if those
    moves had never been made."""
