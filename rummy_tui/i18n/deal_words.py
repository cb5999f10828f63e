"""A deal's ending, each seat's score and the European payment in the player's language,
from the core's data.

The core records how a deal ended (:class:`~rummy_tui.core.state.DealEnding`), what each
seat scored (:class:`~rummy_tui.core.state.ScoreLine`) and which rule of E-8 set a European
payment (:class:`~rummy_tui.core.state.ChipPayment`) as data, and no words; the end-of-deal
screen, the score sheet, the hints and the tests word them here, so all say the same thing in
every language. Deals counted ("3 deals") and numbered ("Deal 3") are worded here too.
"""

from __future__ import annotations

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import Card
from rummy_tui.core.deal_terms import DealTerms, deal_terms
from rummy_tui.core.state import ChipPayment, DealEnding, DealResult, ScoreLine
from rummy_tui.core.variants.ruleset import RuleSet
from rummy_tui.i18n import _, ngettext


def count_deals(n: int) -> str:
    """``n`` deals, with the plural form the language wants ("1 deal", "3 deals"): an option's
    value, the match goal, the deals a sheet has scored."""
    return ngettext("{n} deal", "{n} deals", n).format(n=n)


def count_points(n: int) -> str:
    """``n`` points with the plural form the language wants ("1 point", "12 points"): a
    points target, a review's points at stake."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def deal_number_words(number: int) -> str:
    """The deal with this number in the match, as a heading: "Deal 3"."""
    return _("Deal {number}").format(number=number)


def no_cards_words() -> str:
    """What a line of a deal's end says where it would list cards and there are none (no
    unmatched card, nothing put on the table)."""
    return _("nothing")


def ending_words(ending: DealEnding | None, name: str) -> str:
    """How the deal ended, in one sentence (``name``: the player the ending is about).

    >>> ending_words(DealEnding(code="went_out", seat=1), "Bob")
    'Bob went out.'
    """
    if ending is None:
        return ""
    if ending.code == "went_out":
        return _("{player} went out.").format(player=name)
    if ending.code == "laid_down":
        return _("{player} laid the whole hand down.").format(player=name)
    if ending.code == "stock_out":
        return _("The stock ran out and {player} took no discard.").format(player=name)
    if ending.code == "dead":
        return ngettext(
            "Dead hand: the stock ran out after {n} rebuild with nobody out (G-9).",
            "Dead hand: the stock ran out after {n} rebuilds with nobody out (G-9).",
            ending.rebuilds,
        ).format(n=ending.rebuilds)
    return ""


def payment_words(payment: ChipPayment | None) -> str:
    """The rule of E-8 that set a European payment, e.g. "5 chips: drew only one card"."""
    if payment is None:
        return ""
    if payment.kind == "base_twos":
        return _("1 chip + {twos} for twos + {jokers} for jokers").format(
            twos=payment.twos, jokers=2 * payment.jokers
        )
    if payment.kind == "base":
        return _("1 chip + {jokers} for jokers").format(jokers=payment.jokers)
    if payment.kind == "no_wild":
        return _("10 chips: no wild card in the winning hand")
    if payment.kind == "no_draw":
        return _("10 chips: went out without drawing a card")
    if payment.kind == "one_card":
        return _("5 chips: drew only one card")
    return ""


def score_line_words(
    rules: RuleSet, result: DealResult, line: ScoreLine, terms: DealTerms | None = None
) -> str:
    """How one seat's change was reached, in the player's language (the variant's words,
    :func:`~rummy_tui.core.deal_terms.deal_terms` of a table of ``len(result.lines)``)."""
    players = len(result.lines)
    terms = terms or deal_terms(rules, players)
    if line.seat == result.winner:
        template = terms.winner_line
    else:
        template = terms.doubled_loser_line if result.rummy else terms.loser_line
    deadwood: tuple[Card, ...] | list[Card] = []
    if "{cards}" in template and line.hand:  # only Boathouse names the unmatched cards
        deadwood = best_arrangement(rules, list(line.hand)).deadwood
    return _(template).format(
        points=abs(line.change) if line.change else line.hand_points,
        cards=" ".join(str(card) for card in deadwood) or no_cards_words(),
        table=line.table_points,
        hand=line.hand_points,
        own=line.table_points - line.hand_points,
        total=line.change,
        why=payment_words(result.payment),
        others=players - 1,
        each=(
            result.payment.chips
            if result.payment is not None
            else abs(line.change) // max(1, players - 1)
        ),
    )
