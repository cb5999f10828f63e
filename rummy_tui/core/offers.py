"""What the seat to act may do now: every move as a concrete choice (the core offers, the
table renders).

:func:`offers` lists, for the seat to act, each move the table can offer with its ready
:class:`~rummy_tui.core.actions.Action` and the engine's refusal, and for each kind of move
with no open choice the one refusal a person should read first. A key of the table is then
one of three cases in every variant: no open choice (say ``why_not``), one (post it), several
(ask). Moves that depend on a selection come from :func:`meld_offer` (the readings of chosen
cards) and :func:`lay_off_offer` (where a chosen card may go, with the faces a wild card may
stand for there).

Nothing here knows a rule: every choice is a form of a move put to the engine
(:meth:`Game.refusal`, :meth:`Game.legal_actions`, :meth:`Game.go_out_refusal`), and a form
the engine refuses as one the variant does not have at all (:data:`NOT_IN_VARIANT`) is left
out rather than offered.

>>> from rummy_tui.core import get_variant, new_game
>>> game = new_game(get_variant("boathouse"), ["Anna", "Bob"], seed=4)
>>> seat = offers(game)
>>> [choice.action.kind for choice in seat.draw_two.allowed]
['draw_two', 'draw_two']
>>> seat.discard_pile.choices, seat.discard_pile.why_not.code
((), 'take.two_card_draw_only')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal

from rummy_tui.core.actions import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.cards import Card
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.melds import meld_readings
from rummy_tui.core.offer_models import (
    Choice,
    Offer,
    Refusal,
    SeatOffers,
    TakeBackOffer,
    refusal_of,
)
from rummy_tui.core.seat_options import open_kinds, variant_options
from rummy_tui.core.state import Phase
from rummy_tui.core.takeback import newest_move

if TYPE_CHECKING:
    from rummy_tui.core.engine import Game

__all__ = [
    "NOT_IN_VARIANT",
    "Choice",
    "Offer",
    "Refusal",
    "SeatOffers",
    "TakeBackOffer",
    "discard_offer",
    "discard_pile_offer",
    "draw_two_offer",
    "drawn_cards",
    "go_out_offer",
    "lay_off_offer",
    "meld_offer",
    "offers",
    "take_back_offer",
    "take_offer",
]

NOT_IN_VARIANT: frozenset[str] = frozenset(
    {
        "take.two_card_draw_only",
        "take.top_only",
        "draw_two.not_offered",
        "draw_two.boathouse_forms",
        "draw_two.hoyle_forms",
        "go_out.by_playing",
    }
)
"""The refusal codes that say a form of a move does not exist in the variant at all (not
"not now"): a discard taken only with a second card (B-1), a depth below the top card, a
two-card draw of another form or none, laying the whole hand down where one goes out by
playing. Such forms are not offered."""

Source = Literal["stock", "discard"]

_TWO_CARD_FORMS: tuple[tuple[Source, Source], ...] = (
    ("discard", "stock"),
    ("stock", "stock"),
    ("discard", "discard"),
    ("stock", "discard"),
)
"""Every two-card draw that can be named, in the order a question lists them."""

_LAYOFF_MISFITS = ("layoff.no_fit", "layoff.beyond_end_joker", "layoff.joker_fixed")
"""The refusals of a lay-off that are about one meld only (the card does not fit it)."""


def _refusal(game: Game, action: Action, seat: int | None) -> Refusal | None:
    return refusal_of(game.refusal(action, seat))


def _single(game: Game, action: Action, seat: int | None) -> Offer:
    """A move with one form: its choice, refused or not."""
    refusal = _refusal(game, action, seat)
    return Offer(choices=(Choice(action, refusal),), why_not=refusal)


def _shared(refusals: Sequence[Refusal]) -> Refusal:
    """The refusal most of ``refusals`` share, the first of equals."""
    counts = Counter(refusals)
    return max(refusals, key=lambda refusal: counts[refusal])


def _offer(choices: Sequence[Choice], why_not: Refusal | None) -> Offer:
    """An offer of ``choices``; ``why_not`` is kept only when no choice is allowed."""
    open_choice = any(choice.refusal is None for choice in choices)
    return Offer(choices=tuple(choices), why_not=None if open_choice else why_not)


def _in_variant(game: Game, action: Action) -> bool:
    """Whether the variant has the form ``action`` at all (asked of the seat to act in its
    draw phase, where the engine checks the form)."""
    refusal = game.refusal(action)
    return refusal is None or refusal.code not in NOT_IN_VARIANT


def discard_pile_offer(game: Game, seat: int | None = None) -> Offer:
    """Taking from the discard pile, one choice per depth the variant has, top first: in
    Rummy 500 every depth (R-5), elsewhere the top card (none where a discard comes only with
    a second card, B-1). Outside the draw phase no depth is offered, and ``why_not`` says why
    the pile is not taken now. ``why_not`` of a pile whose every depth is refused is the top
    card's refusal (the take a person tries first)."""
    probe = _refusal(game, TakeDiscard(), seat)
    if game.phase is not Phase.DRAW:
        return Offer(why_not=probe)
    pile = game.state.deal.discard
    choices: list[Choice] = []
    for count in range(1, len(pile) + 1):
        action = TakeDiscard(count=count)
        form = game.refusal(action)
        if form is not None and form.code in NOT_IN_VARIANT:
            break
        refusal = refusal_of(form) if seat is None else _refusal(game, action, seat)
        choices.append(Choice(action, refusal, card=pile[-count]))
    why_not = choices[0].refusal if choices else probe
    return _offer(choices, why_not)


def draw_two_offer(game: Game, seat: int | None = None) -> Offer:
    """The two-card draws the variant has (B-1: discard + stock or stock + stock; under the
    Hoyle draw discard + stock or discard + discard), each with the engine's refusal."""
    probe = _refusal(game, DrawTwo(first="discard", second="stock"), seat)
    if game.phase is not Phase.DRAW:
        return Offer(why_not=probe)
    choices = []
    for first, second in _TWO_CARD_FORMS:
        action = DrawTwo(first=first, second=second)
        if _in_variant(game, action):
            choices.append(Choice(action, _refusal(game, action, seat)))
    return _offer(choices, choices[0].refusal if choices else probe)


def discard_offer(game: Game, seat: int | None = None) -> Offer:
    """Discarding each card of the hand, in hand order; the refusal most cards share is
    read first (R-5's unused deepest card, G-8's taken card for a taken card alone). Asked
    by another seat: no card at all (the hand to act stays hidden, P-1), only why not."""
    deal = game.state.deal
    if seat not in (None, deal.current):
        return Offer(why_not=_refusal(game, DrawStock(), seat))  # another's hand stays hidden
    hand = deal.hands[deal.current]
    choices = [
        Choice(action, _refusal(game, action, seat), card=card)
        for card in hand
        for action in (Discard(card=card),)
    ]
    if not choices:
        return Offer(why_not=_refusal(game, DrawStock(), seat))
    refusals = [choice.refusal for choice in choices if choice.refusal is not None]
    return _offer(choices, _shared(refusals) if refusals else None)


def go_out_offer(game: Game, seat: int | None = None, discard: Card | None = None) -> Offer:
    """The whole-hand go-outs open now (B-3, E-7), one per possible final discard (the
    engine's legal listing); ``why_not`` when there is none: what stands in the way of going
    out (:meth:`Game.go_out_refusal`). Asked by another seat: none (the hand to act stays
    hidden, P-1).

    With ``discard`` (a card the player chose to end with): only the go-outs ending with it
    (that very card, else a card of its face), and when there is none, the engine's refusal
    of going out with that discard."""
    probe = game.refusal(GoOut(melds=()), seat)
    listed: list[GoOut] = []
    if (
        seat in (None, game.current)
        and game.phase in (Phase.DRAW, Phase.PLAY)
        and (probe is None or probe.code not in NOT_IN_VARIANT)
    ):
        listed = [action for action in game.legal_actions() if isinstance(action, GoOut)]
    if discard is not None:
        return _go_out_with(game, listed, discard, seat)
    choices = [
        Choice(action, _refusal(game, action, seat) if seat is not None else None, action.discard)
        for action in listed
    ]
    if seat is None or seat == game.current:
        why_not = refusal_of(game.go_out_refusal())
    else:
        why_not = refusal_of(probe)
    return _offer(choices, why_not)


def _go_out_with(game: Game, listed: Sequence[GoOut], discard: Card, seat: int | None) -> Offer:
    """The go-outs of ``listed`` that end with ``discard`` (see :func:`go_out_offer`)."""
    ending = [action for action in listed if action.discard == discard]
    if not ending:
        ending = [
            action
            for action in listed
            if action.discard is not None and action.discard.face is discard.face
        ]
    if not ending:
        return Offer(why_not=_refusal(game, GoOut(melds=(), discard=discard), seat))
    choices = [Choice(action, _refusal(game, action, seat), action.discard) for action in ending]
    return _offer(choices, choices[0].refusal)


def meld_offer(game: Game, cards: Sequence[Card], seat: int | None = None) -> Offer:
    """The ways the chosen ``cards`` may go down as one new meld: one choice per reading
    (several only where a wild card may stand for different cards, G-6), each with the
    engine's refusal. With no reading, ``why_not`` is the engine's reason the cards are no
    meld (or that no meld may be made now)."""
    readings = meld_readings(game.rules, list(cards))
    choices = [
        Choice(action, _refusal(game, action, seat))
        for reading in readings
        for action in (Meld(cards=tuple(reading.cards), faces=tuple(reading.faces)),)
    ]
    refusals = [choice.refusal for choice in choices if choice.refusal is not None]
    if not choices:
        return Offer(why_not=_refusal(game, Meld(cards=tuple(cards)), seat))
    return _offer(choices, _shared(refusals) if refusals else None)


def lay_off_offer(
    game: Game, card: Card, seat: int | None = None, meld_id: int | None = None
) -> Offer:
    """Where the chosen ``card`` may be laid off: one choice per table meld it fits and per
    face it may stand for there (a wild card may stand for several, G-6; a natural card
    matching a Double Rum end joker takes its place, D-6), in table order, each with the
    engine's refusal.

    ``why_not`` when none is open: with no meld on the table, the turn's own refusal or
    "no meld to lay off on"; with one meld, or one reason for all, that reason; otherwise
    a reason about the turn first, then a joker's special case, then "fits nowhere" (one
    meld's misfit alone would read as if it were the only meld).

    With ``meld_id`` (the player pointed at one meld): only the choices on that meld, and
    when none is open, that meld's refusal."""
    if meld_id is not None:
        return _lay_off_on(game, card, seat, meld_id)
    rules = game.rules
    melds = game.state.deal.melds
    choices: list[Choice] = []
    for meld in melds:
        faces = dict.fromkeys(option.face for option in layoff_options(rules, meld, card))
        for face in faces:
            action = LayOffCard(card=card, meld_id=meld.meld_id, face=face)
            choices.append(Choice(action, _refusal(game, action, seat), card=card, meld=meld))
    if any(choice.refusal is None for choice in choices):
        return Offer(choices=tuple(choices))
    rule = rules.rule_ids.layoff
    if not melds:
        refusal = game.refusal(LayOffCard(card=card, meld_id=0), seat)
        if refusal is None or refusal.code == "layoff.no_meld":
            refusal = IllegalAction("layoff.table_empty", rule)
        return Offer(why_not=Refusal.of(refusal))
    refusals = [choice.refusal for choice in choices if choice.refusal is not None]
    if not refusals:
        refusals = [
            found
            for meld in melds
            if (found := _refusal(game, LayOffCard(card=card, meld_id=meld.meld_id), seat))
        ]
    return Offer(choices=tuple(choices), why_not=_ranked_layoff(refusals, len(melds), card, rule))


def _lay_off_on(game: Game, card: Card, seat: int | None, meld_id: int) -> Offer:
    """The lay-offs of ``card`` on the meld ``meld_id`` (see :func:`lay_off_offer`)."""
    choices = [
        choice
        for choice in lay_off_offer(game, card, seat).choices
        if choice.meld is not None and choice.meld.meld_id == meld_id
    ]
    why_not = next((choice.refusal for choice in choices if choice.refusal is not None), None)
    if why_not is None:
        why_not = _refusal(game, LayOffCard(card=card, meld_id=meld_id), seat)
    return _offer(choices, why_not)


def _ranked_layoff(refusals: Sequence[Refusal], melds: int, card: Card, rule: str) -> Refusal:
    """The lay-off refusal to read first (see :func:`lay_off_offer`)."""
    fits_nowhere = Refusal.of(IllegalAction("layoff.fits_nowhere", rule, cards=(card,)))
    if not refusals:
        return fits_nowhere
    if melds == 1 or len(set(refusals)) == 1:
        return refusals[0]
    for refusal in refusals:
        if refusal.code not in _LAYOFF_MISFITS:
            return refusal
    for refusal in refusals:
        if refusal.code != "layoff.no_fit":
            return refusal
    return Refusal.of(IllegalAction("layoff.fits_nowhere", refusals[0].rule, cards=(card,)))


def take_back_offer(game: Game, seat: int | None = None) -> TakeBackOffer:
    """Taking back the newest move (P-4) as ``seat`` (None: whoever made it) would: the
    core's refusal, and whose move it is."""
    record = newest_move(game)
    return TakeBackOffer(
        refusal=refusal_of(game.take_back_refusal(seat)),
        mover=None if record is None else record.seat,
    )


def drawn_cards(game: Game, seat: int | None = None) -> tuple[Card, ...]:
    """The cards the seat to act drew this turn and still holds, in the order drawn, from
    the turn state (empty before the draw, between deals, and for any other ``seat``)."""
    deal = game.state.deal
    if seat not in (None, deal.current) or deal.phase is not Phase.PLAY:
        return ()
    held = set(deal.hands[deal.current])
    return tuple(card for card in deal.turn.drawn if card in held)


def take_offer(discard_pile: Offer, draw_two: Offer, with_second: bool) -> Offer:
    """What taking the discard means (the table's take key): with ``with_second`` (the
    variant has two-card draws, so a discard is taken only with a second card, B-1) the
    draws whose first card is the discard, ``why_not`` the first one's refusal (or the
    draws' own when none is listed); otherwise the depths of the pile (R-5: any depth;
    C-2, D-2, E-4: the top card alone)."""
    if not with_second:
        return discard_pile
    pairs = [
        choice
        for choice in draw_two.choices
        if isinstance(choice.action, DrawTwo) and choice.action.first == "discard"
    ]
    first = next((choice.refusal for choice in pairs), None)
    return _offer(pairs, first if pairs else draw_two.why_not)


def offers(game: Game, seat: int | None = None) -> SeatOffers:
    """Everything the table can offer the seat to act now (or, with ``seat``, the same
    choices as that seat would be answered: refused unless it is the seat to act).

    Args:
        game: The match.
        seat: Who asks; None for the seat to act.
    """
    discard_pile = discard_pile_offer(game, seat)
    draw_two = draw_two_offer(game, seat)
    rules = game.rules
    summary = variant_options(rules, len(game.state.deal.stock))
    return SeatOffers(
        seat=game.current if seat is None else seat,
        phase=game.phase,
        stock=_single(game, DrawStock(), seat),
        discard_pile=discard_pile,
        draw_two=draw_two,
        take=take_offer(discard_pile, draw_two, summary.draw_two),
        end_deal=_single(game, EndDeal(), seat),
        discard=discard_offer(game, seat),
        go_out=go_out_offer(game, seat),
        next_deal=_single(game, StartDeal(), seat),
        take_back=take_back_offer(game, seat),
        drawn=drawn_cards(game, seat),
        moves=summary.moves,
        open_now=open_kinds(rules, summary, game.phase),
        takes_any_depth=summary.takes_any_depth,
    )
