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
from rummy_tui.bots.reasons import Reason
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
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.values import hand_total, pip_value
from rummy_tui.core.variants import Scoring, UnmatchedValue
from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.i18n.deal_words import payment_words
from rummy_tui.i18n.labels import NONE

HINT_LEVEL = "hard"
"""The computer level whose choice the hint suggests."""

NAMED_OUTS = 8
"""European Rummy: the hint names the cards that bring the hand nearer when there are at most
this many different ones."""

# Translators: the cards the hint's arrangement leaves in no meld.
UNMATCHED = N_("Unmatched: {cards}")
"""The hint's line of unmatched cards, in its lines and on the hint page."""
WHY = N_("Why: {reason}")
"""The hint's line with the reason for its suggestion."""


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
        why: The reason for the suggestion as data (a code and what it is about), or None
            when there is no suggestion.
    """

    arrangement: Arrangement
    cost: int
    cost_text: str
    action: Action | None
    why: Reason | None = None

    @property
    def reason(self) -> str:
        """One line explaining the suggestion, in the player's language ("" without one)."""
        return self.why.text() if self.why is not None else ""

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
            _("Best melds: {melds}").format(melds=" | ".join(melds) or _("none yet")),
            _(UNMATCHED).format(cards=format_cards(self.deadwood) or _(NONE)),
            self.cost_text,
        ]
        if self.reason:
            shown.append(_(WHY).format(reason=self.reason))
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
        return Hint(arrangement, arrangement.penalty, cost_text, None)
    from rummy_tui.bots.levels import make_bot
    from rummy_tui.bots.normal import ThinkingBot

    bot = make_bot(HINT_LEVEL, seed=0)
    reason: Reason | None
    if len(playable) == 1:
        action: Action = playable[0]
        reason = _only_move(action)
    elif isinstance(bot, ThinkingBot):
        action, reason = bot.plan(view, playable, decision_rng(0, view))
    else:  # pragma: no cover - every hint level is a thinking bot
        action, reason = bot.choose(view, playable), None
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
            payment = chip_basis(rules, hand, drawn)
            # Translators: {rule} names the E-8 rule that sets the payment.
            return _(
                "Every card fits into runs: going out now collects {chips} from each ({rule})."
            ).format(chips=payment.chips, rule=payment_words(payment))
        loose = ngettext(
            "{n} card not in runs; all must fit to go out (E-7).",
            "{n} cards not in runs; all must fit to go out (E-7).",
            count,
        ).format(n=count)
        race = race_text(view)
        return f"{loose} {race}" if race else loose
    if rules.scoring is Scoring.UNMATCHED:
        cost = arrangement.penalty
        if rules.unmatched_value is UnmatchedValue.PER_CARD:
            return ngettext(
                "If someone went out now you would pay {n} card for the unmatched cards (B-5).",
                "If someone went out now you would pay {n} cards for the unmatched cards (B-5).",
                cost,
            ).format(n=cost)
        return ngettext(
            "If someone went out now you would pay {n} point for the unmatched cards (B-5).",
            "If someone went out now you would pay {n} points for the unmatched cards (B-5).",
            cost,
        ).format(n=cost)
    if rules.scoring is Scoring.TABLE_MINUS_HAND:
        on_table = sum(pip_value(rules, card.face) for meld in arrangement.melds for card in meld)
        if not arrangement.melds:
            return _(
                "No melds yet; the unmatched cards count {penalty} against you if the deal "
                "ends now (R-11)."
            ).format(penalty=arrangement.penalty)
        return _(
            "Melds worth {table} can go on the table; the unmatched cards count {penalty} "
            "against you if the deal ends now (R-11)."
        ).format(table=on_table, penalty=arrangement.penalty)
    total = hand_total(rules, hand)
    return _(
        "Unmatched cards: {penalty} points; if someone went out now you would pay {total} "
        "points for the cards still in hand (C-5)."
    ).format(penalty=arrangement.penalty, total=total)


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
        standing, after_discard = race.standing(hand), False
    elif len(hand) == race.budget + 1:
        standing, after_discard = race.discards(hand, hand)[0][0], True
    else:
        return ""
    distance = standing.distance
    if distance == 0:
        return ""
    outs = round(standing.outs)
    faces = " ".join(str(face) for face in standing.faces)
    if not outs:
        if after_discard:
            message = ngettext(
                "After your best discard you are {n} card from going out; no card you have "
                "not seen brings you nearer.",
                "After your best discard you are {n} cards from going out; no card you have "
                "not seen brings you nearer.",
                distance,
            )
        else:
            message = ngettext(
                "You are {n} card from going out; no card you have not seen brings you nearer.",
                "You are {n} cards from going out; no card you have not seen brings you nearer.",
                distance,
            )
    elif len(standing.faces) <= NAMED_OUTS:
        # Translators: {outs} is how many unseen cards help; {cards} names them (7H 8H).
        if after_discard:
            message = ngettext(
                "After your best discard you are {n} card from going out; {outs} of the cards "
                "you have not seen would bring you one nearer: {cards}.",
                "After your best discard you are {n} cards from going out; {outs} of the cards "
                "you have not seen would bring you one nearer: {cards}.",
                distance,
            )
        else:
            message = ngettext(
                "You are {n} card from going out; {outs} of the cards you have not seen would "
                "bring you one nearer: {cards}.",
                "You are {n} cards from going out; {outs} of the cards you have not seen would "
                "bring you one nearer: {cards}.",
                distance,
            )
    elif after_discard:
        message = ngettext(
            "After your best discard you are {n} card from going out; {outs} of the cards you "
            "have not seen would bring you one nearer.",
            "After your best discard you are {n} cards from going out; {outs} of the cards you "
            "have not seen would bring you one nearer.",
            distance,
        )
    else:
        message = ngettext(
            "You are {n} card from going out; {outs} of the cards you have not seen would "
            "bring you one nearer.",
            "You are {n} cards from going out; {outs} of the cards you have not seen would "
            "bring you one nearer.",
            distance,
        )
    return message.format(n=distance, outs=outs, cards=faces)


def _only_move(action: Action) -> Reason:
    return Reason("only_draw" if isinstance(action, DrawStock) else "only_move")
