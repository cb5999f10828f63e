"""Why a computer player chose its move, as data: a code, the cards and numbers it is about.

The hint key shows the reason under its suggestion. Each reason is a claim about the hand or
the table ("your costliest card with no partner"), so it is kept as a :class:`Reason`, a code
with its cards and numbers, and worded only when shown: one whole message of the catalogs per
code, cards and rule ids as placeholders, in the player's language. Keeping the data lets a
test check every claim against the hand it names.

Codes and what each one claims:

=====================  ========================================================================
``whole_hand``         going out with every card in melds, no discard
``all_but_discard``    going out with every card but the discard in melds
``payment``            European Rummy: going out this way collects ``n`` chips from each (E-8)
``pile_offers_nothing`` no card of the discard pile may be taken now
``stock_closed``       the stock may not be drawn from now
``completes``          ``card`` makes ``meld`` with cards of the hand (``dig``: with the cards
                       dug up too, R-5)
``lays_off``           ``card`` can be laid off on a meld on the table
``cheaper``            with ``card`` the hand is expected to cost less than after a stock draw
``does_not_help``      ``card`` joins no meld of the hand and fits none on the table
``stock_better``       ``card`` would join a meld, yet a stock card is expected to do more
``more_cards``         Boathouse: two stock cards, more to choose melds from (B-1)
``top_no_join``        Boathouse: the top discard joins no meld of the hand
``hand_full``          Boathouse: the hand is large already, so one stock card only (B-1)
``close_to_meld``      Boathouse: ``card`` is one card from a meld with the hand (or is wild)
``only_draw_left``     the stock cannot be drawn from, a two-card draw is what is left
``no_pile_card_pays``  Rummy 500: no depth of the pile is expected to pay for itself
``stock_empty_end``    Rummy 500: the stock is empty, so the deal ends (R-10)
``only_draw``          the one move allowed now, a stock draw
``only_move``          the one move allowed now
``only_kind_left``     every move allowed now is of this kind
``melded_cost``        the cards go into a meld, where they cannot cost the player
``lays_off_loose``     ``card`` is unmatched in the hand, so laying it off loses nothing
``stock_round``        the stock has come round ``n`` times: a random discard (G-9)
``last_card``          the last card of the hand
``breaks_meld``        ``card`` is melded in the best arrangement, yet the hand is expected to
                       cost least without it
``no_partner``         no other unmatched card is one card from a meld with ``card``
``costliest_lone``     as ``no_partner``, and no unmatched card without a partner is worth more
``weak_partial``       ``card`` is one card from a meld with ``partner``, yet the hand is
                       expected to cost least without it
``must_use``           Rummy 500: ``card`` was dug up and must be used this turn (R-5)
``hold_melds``         the melds stay in hand: every other player holds more than ``n``
                       cards; ``inner`` says why the discard goes
=====================  ========================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from rummy_tui.core import Card, ChipPayment, format_cards
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.deal_words import payment_words


@dataclass(frozen=True)
class Reason:
    """Why a move was chosen: a code (see the module) and what it is about."""

    code: str
    card: Card | None = None
    """The card the reason is about."""
    partner: Card | None = None
    """The card it would make a meld with (``weak_partial``)."""
    meld: tuple[Card, ...] = ()
    """The meld it completes (``completes``)."""
    n: int = 0
    """A count: chips (``payment``), rebuilds (``stock_round``), cards (``hold_melds``)."""
    payment: ChipPayment | None = None
    """European Rummy: what each player pays and the E-8 rule that sets it (``payment``)."""
    dig: bool = False
    """Rummy 500: several cards come with the card taken (R-5)."""
    inner: Reason | None = None
    """``hold_melds``: why the discard goes."""

    def text(self) -> str:
        """The reason in the player's language, one line."""
        return _words(self)

    def __str__(self) -> str:
        return self.text()


def _words(reason: Reason) -> str:
    code = reason.code
    card = str(reason.card) if reason.card is not None else ""
    if code in ("completes", "lays_off", "cheaper"):
        return _take_words(code, reason.dig).format(card=card, meld=format_cards(reason.meld))
    if code == "payment":
        # Translators: {chips} is a number of chips; {rule} is the E-8 rule that set it.
        return _("Each player pays you {chips} ({rule}).").format(
            chips=reason.n, rule=payment_words(reason.payment)
        )
    if code == "stock_round":
        return ngettext(
            "The stock has come round {n} time, so a card the others may need goes, to "
            "keep the deal moving.",
            "The stock has come round {n} times, so a card the others may need goes, to "
            "keep the deal moving.",
            reason.n,
        ).format(n=reason.n)
    if code == "hold_melds":
        inner = reason.inner.text() if reason.inner is not None else ""
        # Translators: {reason} is the whole sentence that says why the card goes.
        return _("{reason} Your melds stay in hand for now: nobody is close to out.").format(
            reason=inner
        )
    if code == "weak_partial":
        partner = str(reason.partner) if reason.partner is not None else ""
        return _(
            "It could make a meld with {partner}, but your hand is expected to cost least "
            "without it."
        ).format(partner=partner)
    return _PLAIN.get(code, _fallback)().format(card=card)


def _fallback() -> str:  # pragma: no cover - every code has its words
    return ""


_PLAIN = {
    "whole_hand": lambda: _("Your whole hand fits into melds."),
    "all_but_discard": lambda: _("Every other card fits into melds."),
    "pile_offers_nothing": lambda: _("The discard pile offers nothing."),
    "stock_closed": lambda: _("The stock cannot be drawn from."),
    "does_not_help": lambda: _("{card} does not help your melds."),
    "stock_better": lambda: _(
        "{card} would join a meld, but a card from the stock is expected to do more."
    ),
    "more_cards": lambda: _("More cards to choose your melds from (B-1)."),
    "top_no_join": lambda: _("The top discard does not join a meld."),
    "hand_full": lambda: _("Your hand is large enough: one card from the stock (B-1)."),
    "close_to_meld": lambda: _("{card} is close to a meld."),
    "only_draw_left": lambda: _("The only draw left."),
    "only_draw": lambda: _("The only draw allowed."),
    "only_move": lambda: _("The only move allowed now."),
    "no_pile_card_pays": lambda: _("No card in the pile pays for taking it."),
    "stock_empty_end": lambda: _("The stock is empty and the pile offers nothing (R-10)."),
    "only_kind_left": lambda: _("The only kind of move left."),
    "melded_cost": lambda: _("Melded cards cannot cost you."),
    "lays_off_loose": lambda: _("It leaves your hand for nothing."),
    "last_card": lambda: _("Your last card, and you are out."),
    "breaks_meld": lambda: _("Your hand costs least without it."),
    "no_partner": lambda: _("None of your other unmatched cards could join it in a meld."),
    "costliest_lone": lambda: _("Your costliest card with no partner for a meld."),
    "must_use": lambda: _("{card} must be used (R-5)."),
}
"""The words of the codes that need no more than the card."""


def _take_words(use: str, dig: bool) -> str:
    """Why a card from the discard pile is worth taking, one whole message for each use; a
    dig (R-5) says that the use pays for the cards that come with the card."""
    if dig:
        if use == "completes":
            return _("It completes {meld}, which pays for the cards you carry.")
        if use == "lays_off":
            return _(
                "It can be laid off on a meld on the table, which pays for the cards you carry."
            )
        return _(
            "With it and the cards you carry, your hand is expected to cost less than after a "
            "stock draw."
        )
    if use == "completes":
        return _("It completes {meld}.")
    if use == "lays_off":
        return _("It can be laid off on a meld on the table.")
    return _("With it your hand is expected to cost less than after a stock draw.")
