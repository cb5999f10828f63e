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
from rummy_tui.i18n import N_, _, lists, ngettext, pgettext

# Translators: a player's cards on the table at the end of a deal, drawn as cards.
ON_THE_TABLE = N_("on the table: {cards}")
"""A seat's cards on the table at the end of a deal (the end-of-deal screen, the transcript)."""
# Translators: the cards left in a player's hand at the end of a deal.
HAND_AT_END = N_("hand: {cards}")
"""A seat's hand revealed at the end of a deal (the end-of-deal screen, the transcript)."""


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


def deal_over_words(number: int) -> str:
    """The first words of a deal's end: "Deal 3 is over."."""
    return _("Deal {number} is over.").format(number=number)


def no_score_words() -> str:
    """What a deal void under G-9 scored."""
    return _("No score; the same dealer deals again (G-9).")


def rummy_words() -> str:
    """The deal was won in one turn, so the losers pay double (C-5)."""
    return _("Rummy! The winner went out in one turn, so every loser pays double (C-5).")


def no_cards_left_words() -> str:
    """A revealed hand with no card left in it."""
    return _("no cards left")


def total_words(total: object) -> str:
    """A seat's running total after a deal: "total 35"."""
    return _("total {total}").format(total=total)


def _chips() -> str:
    """The chips unit, short and long alike."""
    return pgettext("unit", "chips")


def unit_short(terms: DealTerms) -> str:
    """The unit after a deal's change: "pts" or "chips" (abbreviated: any number fits)."""
    return _chips() if terms.unit == "chips" else pgettext("unit", "pts")


def unit_long(terms: DealTerms) -> str:
    """The unit after a total in the standings (abbreviated where the language needs it)."""
    return _chips() if terms.unit == "chips" else pgettext("unit", "points")


def winners_line(names: list[str], plural: bool = False) -> str:
    """ "Anna wins the match!", or two winners (partners, a tie) with the plural verb."""
    if len(names) == 1 and not plural:
        return _("{player} wins the match!").format(player=names[0])
    if len(names) == 1:
        return _("{players} win the match!").format(players=names[0])
    return _("{players} and {last} win the match!").format(
        players=lists.series(names[:-1]), last=names[-1]
    )


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
