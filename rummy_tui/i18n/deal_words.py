"""A deal's ending and the European payment in the player's language, from the core's data.

The core records how a deal ended (:class:`~rummy_tui.core.state.DealEnding`) and which rule
of E-8 set a European payment (:class:`~rummy_tui.core.state.ChipPayment`) as data; the
end-of-deal screen and the score sheet word them here, so both say the same thing in every
language. Results from saves made before that data was kept fall back to the core's English
line.
"""

from __future__ import annotations

from rummy_tui.core.state import ChipPayment, DealEnding
from rummy_tui.i18n import _, ngettext


def ending_words(ending: DealEnding | None, name: str, fallback: str = "") -> str:
    """How the deal ended, in one sentence (``name``: the player the ending is about)."""
    if ending is None:
        return fallback
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
    return fallback


def payment_words(payment: ChipPayment | None, fallback: str = "") -> str:
    """The rule of E-8 that set a European payment, e.g. "5 chips: drew only one card"."""
    if payment is None:
        return fallback
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
    return fallback
