"""A review's claims (:mod:`rummy_tui.review`) in the reader's language.

The review holds data only: a claim's kind, position, moves, cards and points. Here each
claim becomes a heading line ("Deal 3, move 14: ..."), and its moves the log's own lines
(:func:`rummy_tui.i18n.log_lines.record_sentence`), so the review says a move the way the
log says it. ``rummy review`` and the replay's Review view both write claims through here.

The floors keep rummy_tui/i18n below rummy_tui/review (``pyproject.toml``'s layers), so the
claims are read here by their fields (:class:`ClaimData`, :class:`SeatData`) and their kinds
by their stable codes; tests/review checks that every kind of the review is worded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummy_tui.core.actions import Action, ActionRecord, LayOffCard, LogFacts
from rummy_tui.core.cards import Card, format_cards
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.deal_words import count_points
from rummy_tui.i18n.log_lines import record_sentence

MISSED_GO_OUT = "review.missed_go_out"
MORE_DEADWOOD = "review.more_deadwood"
BROKE_MELD = "review.broke_meld"
LAYOFF_UNDONE = "review.layoff_undone"
FED_NEXT = "review.fed_next"
CARDS = "cards"
CHIPS = "chips"
PAID = "paid"

WORDED_KINDS = (MISSED_GO_OUT, MORE_DEADWOOD, BROKE_MELD, LAYOFF_UNDONE, FED_NEXT)
"""The claim kinds worded here (the review's ``KINDS``, checked by tests/review)."""


class ClaimData(Protocol):
    """What is read of a :class:`rummy_tui.review.Claim`."""

    @property
    def kind(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def step(self) -> int: ...
    @property
    def played(self) -> tuple[Action, ...]: ...
    @property
    def better(self) -> tuple[Action, ...]: ...
    @property
    def stake(self) -> int: ...
    @property
    def unit(self) -> str: ...
    @property
    def played_cost(self) -> int | None: ...
    @property
    def better_cost(self) -> int | None: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...
    @property
    def best(self) -> bool: ...
    @property
    def basis(self) -> str: ...


class SeatData(Protocol):
    """What is read of a :class:`rummy_tui.review.SeatReview`."""

    @property
    def name(self) -> str: ...
    @property
    def claims(self) -> Sequence[ClaimData]: ...


def amount_words(amount: int, unit: str) -> str:
    """An amount in a claim's unit: "7 points", "2 cards", "10 chips"."""
    if unit == CHIPS:
        return ngettext("{n} chip", "{n} chips", amount).format(n=amount)
    if unit == CARDS:
        return ngettext("{n} unmatched card", "{n} unmatched cards", amount).format(n=amount)
    return count_points(amount)


def position_words(claim: ClaimData) -> str:
    """Where the move was made, as the replay numbers it: "Deal 3, move 14"."""
    return _("Deal {deal}, move {step}").format(deal=claim.deal_number, step=claim.step)


def move_lines(actions: Sequence[Action], seat: int, name: str, deal_number: int) -> list[str]:
    """Moves as the log writes them, one line each."""
    return [
        record_sentence(
            ActionRecord(
                seat=seat, action=action, deal_number=deal_number, facts=LogFacts(name=name)
            )
        )
        for action in actions
    ]


def claim_sentence(claim: ClaimData, players: Sequence[str]) -> str:
    """What the claim says, in one sentence, after its position."""
    stake = amount_words(claim.stake, claim.unit)
    where = position_words(claim)
    kind = claim.kind
    if kind == MISSED_GO_OUT:
        if claim.basis == PAID:
            # Translators: {stake} is "12 points": what the deal cost the player in the end.
            return _(
                "{where}: you could have gone out; the deal cost you {stake} in the end."
            ).format(where=where, stake=stake)
        if claim.unit == CHIPS:
            # Translators: {where} is "Deal 3, move 14"; {stake} is "10 chips".
            return _("{where}: you could have gone out, collecting {stake}.").format(
                where=where, stake=stake
            )
        # Translators: {where} is "Deal 3, move 14"; {stake} is "12 points".
        return _("{where}: you could have gone out instead of keeping {stake} in hand.").format(
            where=where, stake=stake
        )
    if kind == MORE_DEADWOOD:
        # Translators: the hand left at the end of a turn; {stake} is "7 points" or
        # "2 unmatched cards".
        if claim.best:
            message = _(
                "{where}: the turn ended with {played} in hand where the best legal end of it "
                "left {better}: {stake} more."
            )
        else:
            message = _(
                "{where}: the turn ended with {played} in hand where a legal end of it left "
                "{better}: {stake} more."
            )
        return message.format(
            where=where,
            played=amount_words(claim.played_cost or 0, claim.unit),
            better=amount_words(claim.better_cost or 0, claim.unit),
            stake=stake,
        )
    if kind == BROKE_MELD:
        card = claim.played[0]
        discarded = getattr(card, "card", None)
        if claim.unit == CARDS:
            # Translators: {meld} is the meld of the hand the discard broke ("7D 8D 9D");
            # {stake} is "2 unmatched cards".
            message = _(
                "{where}: discarding {card} broke the meld {meld}: {stake} more than after the "
                "best discard."
            )
        else:
            # Translators: {meld} is the meld of the hand the discard broke ("7D 8D 9D");
            # {stake} is "12 points".
            message = _(
                "{where}: discarding {card} broke the meld {meld}: the unmatched cards cost "
                "{stake} more than after the best discard."
            )
        return message.format(
            where=where, card=str(discarded), meld=format_cards(claim.cards), stake=stake
        )
    if kind == LAYOFF_UNDONE:
        lay_off = claim.better[0]
        meld_id = lay_off.meld_id if isinstance(lay_off, LayOffCard) else 0
        return _(
            "{where}: {card} could have been laid off on meld {meld_id}; it stayed in hand "
            "and counted {stake} at the end of the deal."
        ).format(where=where, card=format_cards(claim.cards), meld_id=meld_id, stake=stake)
    if kind == FED_NEXT:
        taker = players[(claim.seat + 1) % len(players)] if players else ""
        return _(
            "{where}: {name} took your discard {card} and melded it at once ({stake})."
        ).format(where=where, name=taker, card=format_cards(claim.cards), stake=stake)
    return where


def claim_lines(claim: ClaimData, players: Sequence[str]) -> list[str]:
    """A claim as lines: its sentence, then what was played and what was better."""
    name = players[claim.seat] if 0 <= claim.seat < len(players) else ""
    lines = [claim_sentence(claim, players)]
    played = " ".join(move_lines(claim.played, claim.seat, name, claim.deal_number))
    lines.append(_("Played: {moves}").format(moves=played))
    if claim.better:
        better = " ".join(move_lines(claim.better, claim.seat, name, claim.deal_number))
        lines.append(_("Better: {moves}").format(moves=better))
    return lines


def seat_heading(review: SeatData) -> str:
    """A seat's heading: its name and how many costly moves it made, or that none cost."""
    if not review.claims:
        return _("{name}: no move cost points.").format(name=review.name)
    count = len(review.claims)
    return ngettext(
        "{name}: {n} move cost points.", "{name}: {n} moves cost points.", count
    ).format(name=review.name, n=count)


def nobody_reviewed() -> str:
    """What the review says when every seat is a computer."""
    return _("Every seat is a computer player: there is nobody to review.")


def nothing_finished() -> str:
    """What the review says when no deal has been finished (and scored) yet."""
    return _("No deal of this match has been finished yet: there is nothing to review.")


def reviewing_label() -> str:
    """The progress bar's label while a match is reviewed."""
    return _("Reviewing deals")
