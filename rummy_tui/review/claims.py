"""A review's claims as data: a kind code, the position, the moves, the cards and the points.

A claim holds no sentence: rummy_tui/i18n/review_words.py words it in the reader's language.
Every claim is one the core can check in its position (tests/review re-checks each one):

* ``review.missed_go_out``: a go-out was legal and was not made; ``better`` is the go-out
  (the moves from ``step_before``), ``played`` the move made instead.
* ``review.more_deadwood``: the turn ended with more deadwood in hand than ``better``, a legal
  end of the same turn from what the seat held after its draw (``step_before``), leaves.
* ``review.broke_meld``: the discard took a card out of a meld of the hand's best arrangement
  (``cards``: that meld) and the hand's unmatched cards cost more than after ``better``, the
  best legal discard.
* ``review.layoff_undone``: a card (``cards``) could have been laid off before the discard
  (``better``: the lay-off and the same discard), and it was still in hand when the deal
  ended, so it counted against the seat.
* ``review.fed_next``: the next player took the discard (``cards``) and melded it in the same
  turn, at ``later_step`` (a public fact, said after the event).
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core.actions import Action
from rummy_tui.core.cards import Card

MISSED_GO_OUT = "review.missed_go_out"
MORE_DEADWOOD = "review.more_deadwood"
BROKE_MELD = "review.broke_meld"
LAYOFF_UNDONE = "review.layoff_undone"
FED_NEXT = "review.fed_next"

KINDS: tuple[str, ...] = (MISSED_GO_OUT, MORE_DEADWOOD, BROKE_MELD, LAYOFF_UNDONE, FED_NEXT)
"""Every claim kind (stable codes: an interface words a claim by its kind)."""

POINTS = "points"
"""The unit of a stake: the variant's points (cards' values as its scoring counts them)."""
CARDS = "cards"
"""European Rummy's end-of-turn unit: cards left in no run (chips are paid only on going out,
E-8, so a turn's cost is how far the hand stands from going out)."""
CHIPS = "chips"
"""European Rummy: chips (E-8)."""

UNITS: tuple[str, ...] = (POINTS, CARDS, CHIPS)

COLLECT = "collect"
"""A missed go-out's stake: what it would have collected (European chips, E-8: they depend
on the winner's hand and draws alone, so the seat knew them)."""
KEPT = "kept"
"""A missed go-out's stake: the deadwood the turn kept in hand instead (what it would cost
if the deal ended then)."""
PAID = "paid"
"""A missed go-out's stake when the turn kept no deadwood: what the seat paid when the deal
ended (its score line, public once the deal is over; going out would have paid nothing)."""

BASES: tuple[str, ...] = (COLLECT, KEPT, PAID)


@dataclass(frozen=True, slots=True)
class Claim:
    """One costly move of one seat, as data."""

    kind: str
    """One of :data:`KINDS`."""
    seat: int
    """The seat reviewed."""
    deal_number: int
    """The deal the move was made in."""
    step_before: int
    """The replay step of the position judged (the alternative starts from it)."""
    step: int
    """The replay step just after the move played: the replay opens here."""
    played: tuple[Action, ...]
    """The seat's moves from ``step_before`` to ``step``, as the log holds them."""
    better: tuple[Action, ...]
    """The legal moves from ``step_before`` that do better (the engine applied them)."""
    stake: int
    """The points at stake (in ``unit``): how much better ``better`` is."""
    unit: str
    """One of :data:`UNITS`."""
    played_cost: int | None = None
    """What the end of turn as played cost (deadwood in ``unit``), where the claim compares."""
    better_cost: int | None = None
    """What the end of turn of ``better`` costs, where the claim compares."""
    cards: tuple[Card, ...] = ()
    """The cards the claim is about: the broken meld, the card not laid off, the card fed."""
    later_step: int | None = None
    """``review.fed_next``: the step at which the next player melded the card."""
    basis: str = ""
    """``review.missed_go_out``: what its stake is (one of :data:`BASES`)."""
    best: bool = False
    """Whether ``better`` is the best legal end (the least deadwood the turn could end with,
    found exactly), not only a better one."""

    def to_json(self) -> dict[str, object]:
        """The claim as plain JSON data (actions as the log writes them, cards by code)."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "deal": self.deal_number,
            "step_before": self.step_before,
            "step": self.step,
            "played": [action.model_dump(mode="json") for action in self.played],
            "better": [action.model_dump(mode="json") for action in self.better],
            "stake": self.stake,
            "unit": self.unit,
            "played_cost": self.played_cost,
            "better_cost": self.better_cost,
            "cards": [card.key for card in self.cards],
            "later_step": self.later_step,
            "best": self.best,
            "basis": self.basis,
        }


@dataclass(frozen=True, slots=True)
class SeatReview:
    """The review of one seat: its costly moves, in the order played."""

    seat: int
    name: str
    claims: tuple[Claim, ...]
    turns: int
    """How many of the seat's turns were reviewed."""

    @property
    def clean(self) -> bool:
        """Whether no move of the seat was found costly."""
        return not self.claims


@dataclass(frozen=True, slots=True)
class MatchReview:
    """The review of a match's finished deals, per reviewed seat."""

    seats: tuple[SeatReview, ...]
    deals: tuple[int, ...]
    """The numbers of the deals reviewed: every finished deal (in one void under G-9 only a
    missed go-out is claimed: nothing else was paid)."""
    finished_match: bool
    variant: str
    """The variant's id."""

    @property
    def claims(self) -> tuple[Claim, ...]:
        """Every claim, seat by seat."""
        return tuple(claim for seat in self.seats for claim in seat.claims)

    def to_json(self) -> dict[str, object]:
        """The review as plain JSON data."""
        return {
            "variant": self.variant,
            "finished_match": self.finished_match,
            "deals": list(self.deals),
            "seats": [
                {
                    "seat": seat.seat,
                    "name": seat.name,
                    "turns": seat.turns,
                    "claims": [claim.to_json() for claim in seat.claims],
                }
                for seat in self.seats
            ],
        }
