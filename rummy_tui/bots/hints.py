"""The hint key: the best arrangement of the hand, what it costs, and a suggested move.

>>> from rummy_tui.core import get_variant, new_game
>>> game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=3)
>>> advice = hint(game.view(game.current), game.legal_actions())
>>> advice.action in game.legal_actions()
True
>>> advice.cost == advice.arrangement.penalty
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy_tui.bots.base import decision_rng
from rummy_tui.core import (
    Action,
    Arrangement,
    Card,
    DrawStock,
    PlayerView,
    StartDeal,
    best_arrangement,
    format_cards,
)
from rummy_tui.core.scoring import chip_payment
from rummy_tui.core.values import hand_total, pip_value
from rummy_tui.core.variants import Scoring, UnmatchedValue

HINT_LEVEL = "hard"
"""The computer level whose choice the hint suggests."""

NAMED_OUTS = 8
"""European Rummy: the hint names the cards that bring the hand nearer when there are at most
this many different ones."""


@dataclass(frozen=True)
class Hint:
    """Advice for the seat of a view.

    Attributes:
        arrangement: The exact best arrangement of the hand (``best_arrangement``).
        cost: What the unmatched cards cost in the variant's unit (points, or cards in
            European Rummy).
        cost_text: One line saying what the arrangement means under the variant's scoring.
        action: The suggested action (one of the legal actions), or None when the seat has
            nothing to do.
        reason: One line explaining the suggestion.
    """

    arrangement: Arrangement
    cost: int
    cost_text: str
    action: Action | None
    reason: str

    @property
    def melds(self) -> list[list[Card]]:
        """The melds of the best arrangement."""
        return self.arrangement.melds

    @property
    def deadwood(self) -> tuple[Card, ...]:
        """The unmatched cards."""
        return self.arrangement.deadwood

    def lines(self) -> list[str]:
        """The hint as short lines of text, for a panel. A wild card in a meld is written as
        the table writes it, ``JK=4H``: the face alone would name a card the hand does not
        hold."""
        melds = [reading.describe() for reading in self.arrangement.readings]
        shown = [
            "Best melds: " + (" | ".join(melds) or "none yet"),
            "Unmatched: " + (format_cards(self.deadwood) or "none"),
            self.cost_text,
        ]
        if self.reason:
            shown.append("Suggestion: " + self.reason)
        return shown


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """The hint for the seat of ``view``.

    Args:
        view: What the seat sees (its own hand, public facts).
        legal: The actions the seat may take now (empty when it is not its turn).

    Returns:
        The best arrangement of the hand, its cost in the variant's terms and, when the seat
        is to act, the action the hard computer player would take with a one-line reason.
    """
    rules = view.rules
    hand = list(view.hand)
    arrangement = best_arrangement(rules, hand)
    cost_text = describe_cost(view, arrangement)
    playable = [action for action in legal if not isinstance(action, StartDeal)]
    if not playable or not view.is_my_turn:
        return Hint(arrangement, arrangement.penalty, cost_text, None, "")
    from rummy_tui.bots import make_bot
    from rummy_tui.bots.normal import ThinkingBot

    bot = make_bot(HINT_LEVEL, seed=0)
    if len(playable) == 1:
        action: Action = playable[0]
        reason = _only_move(action)
    elif isinstance(bot, ThinkingBot):
        action, reason = bot.plan(view, playable, decision_rng(0, view))
    else:  # pragma: no cover - every hint level is a thinking bot
        action, reason = bot.choose(view, playable), ""
    if action not in playable:  # pragma: no cover - plan always picks from the list
        action, reason = playable[0], _only_move(playable[0])
    return Hint(arrangement, arrangement.penalty, cost_text, action, reason)


def describe_cost(view: PlayerView, arrangement: Arrangement) -> str:
    """What the arrangement costs, in the words of the variant's scoring."""
    rules = view.rules
    dead = arrangement.deadwood
    count = len(dead)
    hand = list(view.hand)
    if rules.scoring is Scoring.CHIPS:
        if count == 0 and hand:
            drawn = view.cards_drawn[view.seat] if view.cards_drawn else 0
            chips, text = chip_payment(rules, hand, drawn)
            return f"Every card fits into runs: going out now collects {chips} from each ({text})."
        return (
            f"{count} card{'s' if count != 1 else ''} not in runs; all must fit to go out (E-7)."
            + race_text(view)
        )
    if rules.scoring is Scoring.UNMATCHED:
        unit = "card" if rules.unmatched_value is UnmatchedValue.PER_CARD else "point"
        cost = arrangement.penalty
        return (
            f"If someone went out now you would pay {cost} {unit}{'s' if cost != 1 else ''} "
            "for the unmatched cards (B-5)."
        )
    if rules.scoring is Scoring.TABLE_MINUS_HAND:
        on_table = sum(pip_value(rules, card.face) for meld in arrangement.melds for card in meld)
        return (
            f"Melds worth {on_table} can go on the table; the unmatched cards count "
            f"{arrangement.penalty} against you if the deal ends now (R-11)."
        )
    total = hand_total(rules, hand)
    return (
        f"Unmatched cards: {arrangement.penalty} points; if someone went out now you would pay "
        f"{total} points for the cards still in hand (C-5)."
    )


def race_text(view: PlayerView) -> str:
    """European Rummy: how many cards the hand still needs and how many of the cards the
    player has not seen would bring it one nearer (see :mod:`rummy_tui.bots.race`), counting
    only what the seat could know: its hand, the visible cards and the public history."""
    from rummy_tui.bots.analysis import Weights
    from rummy_tui.bots.hard import HardJudge
    from rummy_tui.bots.memory import Memory
    from rummy_tui.bots.race import Race

    hand = list(view.hand)
    judge = HardJudge(view, Weights(), Memory.from_view(view), samples=0)
    race = Race(view.rules, len(view.players), judge.live)
    if len(hand) == race.budget:
        standing, lead = race.standing(hand), "You are"
    elif len(hand) == race.budget + 1:
        standing, lead = race.discards(hand, hand)[0][0], "After your best discard you are"
    else:
        return ""
    if standing.distance == 0:
        return ""
    needed = f"{standing.distance} card{'s' if standing.distance != 1 else ''}"
    outs = round(standing.outs)
    if not outs:
        return f" {lead} {needed} from going out; no card you have not seen brings you nearer."
    named = ""
    if len(standing.faces) <= NAMED_OUTS:
        named = ": " + " ".join(str(face) for face in standing.faces)
    return (
        f" {lead} {needed} from going out; {outs} of the cards you have not seen would bring "
        f"you one nearer{named}."
    )


def _only_move(action: Action) -> str:
    if isinstance(action, DrawStock):
        return "Draw from the stock: the only draw allowed."
    return "The only move allowed now."
