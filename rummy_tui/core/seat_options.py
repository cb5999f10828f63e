"""What a seat may do in this variant, in the few words an interface needs to offer it.

The interface shows keys, a phase line and questions; which of them make sense depends on the
variant's draw rule, on whether melds go down during play or all at once, and on the stock.
Those decisions are the rules' own, so they are made here, once, from the :class:`RuleSet` and
a :class:`PlayerView`; the interface asks this summary and never branches on the rules itself.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import Card
from rummy_tui.core.scoring import table_points
from rummy_tui.core.state import Phase
from rummy_tui.core.variants.ruleset import DrawRule, RuleSet, Scoring
from rummy_tui.core.views import PlayerView

MOVE_KINDS: frozenset[str] = frozenset(
    {"draw_stock", "take_discard", "draw_two", "meld", "lay_off", "discard", "go_out", "end_deal"}
)
"""The kinds of move a seat makes in its turn (the ``kind`` of each action)."""


@dataclass(frozen=True)
class SeatOptions:
    """The kinds of move a seat may be offered in this variant, and how the pile looks."""

    takes_any_depth: bool
    """The discard pile may be taken down to any of its cards (R-5): it lies spread, every
    card in sight, and a take names its deepest card."""
    draw_two: bool
    """The two-card draw is part of this variant (B-1): a discard is taken only with a
    second card."""
    melds_in_play: bool
    """Melds and lay-offs are made one by one during the turn; otherwise the whole hand goes
    down at once when going out (B-3, E-7)."""
    end_deal: bool
    """Ending the deal by taking nothing is on offer: the stock is empty in Rummy 500 (R-10)."""
    open_now: frozenset[str] = MOVE_KINDS
    """The kinds of move the turn's phase leaves open: a kind left out is refused now whatever
    the hand holds (nothing but a draw before the draw, no draw after it). Without a phase
    (:func:`variant_options`): every kind."""

    @property
    def go_out_whole(self) -> bool:
        """Going out lays the whole hand down at once (the go-out key)."""
        return not self.melds_in_play

    @property
    def moves(self) -> frozenset[str]:
        """The kinds of move the variant has at all (whatever the phase): the table has a key
        for each. The stock, the discard and a take from the pile (a two-card draw where a
        discard comes only with a second card, B-1) everywhere; melds and lay-offs, or going
        out with the whole hand; ending the deal on an empty stock (R-10)."""
        kinds = {"draw_stock", "discard", "draw_two" if self.draw_two else "take_discard"}
        kinds.update(("meld", "lay_off") if self.melds_in_play else ("go_out",))
        if self.end_deal:
            kinds.add("end_deal")
        return frozenset(kinds)


def seat_options(view: PlayerView) -> SeatOptions:
    """What the variant offers the seat of ``view`` (the same for every seat at one moment)."""
    options = variant_options(view.rules, view.stock_count)
    return replace(options, open_now=open_kinds(view.rules, options, view.phase))


def open_kinds(rules: RuleSet, options: SeatOptions, phase: Phase) -> frozenset[str]:
    """The kinds of move ``phase`` leaves open (see :attr:`SeatOptions.open_now`).

    Before the draw: the draws of the variant, going out with the whole hand where it may be
    done before drawing (E-7), ending the deal on an empty stock (R-10). After it: the
    discard, and melds and lay-offs or going out. Between deals: none.
    """
    kinds: set[str] = set()
    if phase is Phase.DRAW:
        kinds.add("draw_stock")
        kinds.add("draw_two" if options.draw_two else "take_discard")
        if options.go_out_whole and rules.go_out_before_draw:
            kinds.add("go_out")
        if options.end_deal:
            kinds.add("end_deal")
    elif phase is Phase.PLAY:
        kinds.add("discard")
        kinds.update(("meld", "lay_off") if options.melds_in_play else ("go_out",))
    return frozenset(kinds)


def variant_options(rules: RuleSet, stock_count: int | None = None) -> SeatOptions:
    """What ``rules`` offer a seat; ``stock_count`` None: at any moment of a deal (so ending
    the deal on an empty stock counts as offered wherever the variant has it)."""
    digs = rules.draw_rule is DrawRule.DIG
    return SeatOptions(
        takes_any_depth=digs,
        draw_two=rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE),
        melds_in_play=rules.meld_during_play,
        end_deal=digs and stock_count in (None, 0),
    )


@dataclass(frozen=True)
class StockNote:
    """What the piles box says about the stock's rebuilding, in the variant's terms."""

    rebuilds: int
    """How often the stock was rebuilt from the discard pile this deal (G-9)."""
    limit: int | None
    """How often it may be rebuilt (None: without limit)."""
    never_rebuilt: bool
    """The stock is empty and the variant never rebuilds it (R-10)."""


def stock_note(view: PlayerView) -> StockNote:
    """The stock's rebuilding as the piles box shows it (public, P-2)."""
    rules = view.rules
    return StockNote(
        rebuilds=view.rebuilds,
        limit=rules.rebuild_limit,
        never_rebuilt=view.stock_count == 0 and not rules.rebuild_stock,
    )


class ScoreUnit(StrEnum):
    """What a running total counts."""

    POINTS = "points"
    CHIPS = "chips"
    """European Rummy's chips, won and paid (E-8): a total may be below zero."""


@dataclass(frozen=True)
class SeatStanding:
    """A seat's score as the players panel shows it, in the variant's own terms."""

    total: int
    """The running total of the match."""
    unit: ScoreUnit
    """Points or chips."""
    on_table: int | None = None
    """What the seat's cards on the table score this deal, where the variant counts them as
    the deal goes (Rummy 500, R-11); None elsewhere."""


def seat_standing(view: PlayerView, seat: int) -> SeatStanding:
    """The score of ``seat`` in the variant's terms (public: every seat's is shown, P-2)."""
    rules = view.rules
    total = view.scores[seat]
    if rules.scoring is Scoring.CHIPS:
        return SeatStanding(total=total, unit=ScoreUnit.CHIPS)
    if rules.scoring is Scoring.TABLE_MINUS_HAND:
        on_table = table_points(rules, list(view.melds), seat)
        return SeatStanding(total=total, unit=ScoreUnit.POINTS, on_table=on_table)
    return SeatStanding(total=total, unit=ScoreUnit.POINTS)


class GoalKind(StrEnum):
    """How a match ends."""

    TARGET = "target"
    """The first to reach a score wins (``number`` is the score)."""
    DEALS = "deals"
    """A fixed number of deals is played (``number`` deals)."""
    ONE_EACH = "one_each"
    """Every player deals once (``number`` deals, one per player; E-8)."""


@dataclass(frozen=True)
class MatchGoal:
    """How long the match lasts, as data an interface puts into words."""

    kind: GoalKind
    number: int


def match_goal(rules: RuleSet, players: int) -> MatchGoal | None:
    """How the match ends ("first to 500", "3 deals"), or None when it has no set end."""
    if rules.target_score is not None:
        return MatchGoal(GoalKind.TARGET, rules.target_score)
    if rules.deal_limit is not None:
        return MatchGoal(GoalKind.DEALS, rules.deal_limit)
    if rules.scoring is Scoring.CHIPS:
        return MatchGoal(GoalKind.ONE_EACH, players)
    return None


def lone_loose_card(rules: RuleSet, hand: Sequence[Card]) -> Card | None:
    """The one card the best arrangement of ``hand`` leaves unmatched, if exactly one is left:
    the card a player about to go out would discard (B-3, E-7)."""
    loose = best_arrangement(rules, hand).deadwood
    return loose[0] if len(loose) == 1 else None
