"""Listing the legal actions of the seat to act (used by random play, bots and the UI).

Every listed action passes :meth:`~rummy_tui.core.engine.Game.verify`; the list is complete
for draws, discards and lay-offs, and names one set of physical cards for each distinct meld
or go-out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from rummy_tui.core.actions import (
    Action,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    MeldSpec,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.arrange import (
    Arrangement,
    full_arrangement,
    go_out_arrangements,
    may_go_out,
)
from rummy_tui.core.cards import CARD_ORDER, Card, Face, face_bits
from rummy_tui.core.checks import check_action, turn_allows
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.meld_listing import enumerate_melds, layoff_faces
from rummy_tui.core.melds import MAX_RUN, TableMeld, is_wild, wild_ranks
from rummy_tui.core.play_checks import listed_play_allowed
from rummy_tui.core.state import GameState, Phase, TurnState
from rummy_tui.core.variants.ruleset import DrawRule, RuleSet, Scoring


def prefer_cards(
    rules: RuleSet, cards: Sequence[Card], hand: Sequence[Card], preferred: Sequence[Card]
) -> tuple[Card, ...]:
    """The same meld made with the preferred physical cards where copies allow.

    Natural cards are swapped for other copies of the same face, wild cards for other wild
    cards; ``preferred`` cards go down first, in their order.
    """
    if not preferred:
        return tuple(cards)
    rank_of = {card: number for number, card in enumerate(preferred)}
    last = len(preferred)
    order = sorted(hand, key=lambda card: (rank_of.get(card, last), card.face.code, card.copy))
    used: set[Card] = set()
    chosen = []
    for card in cards:
        card_wild = is_wild(rules, card)
        for other in order:
            if other in used:
                continue
            other_wild = is_wild(rules, other)
            if (card_wild and other_wild) or (
                not card_wild and not other_wild and other.face is card.face
            ):
                used.add(other)
                chosen.append(other)
                break
        else:  # pragma: no cover - the meld's own cards are always available
            raise ValueError("meld cards are not in the hand")
    return tuple(chosen)


def _one_per_face(
    cards: list[Card], preferred: list[Card] | None = None, faces_once: bool | None = None
) -> list[Card]:
    """One card of each face (the lowest copy), the preferred copies first.

    The fast listing sorts the hand once: ``faces_once`` not None says that ``cards`` are in
    card order already, and whether no face is held twice."""
    first = [card for card in preferred if card in cards] if preferred else []
    if faces_once is None:
        ordered = sorted(cards)
    elif faces_once and not first:
        return list(cards)  # every face once (one pack): nothing to leave out
    else:
        ordered = cards
    chosen: dict[Face, Card] = {}
    for card in [*first, *ordered]:
        chosen.setdefault(card.face, card)
    return list(chosen.values())


class LayoffReach:
    """For each natural face, the table melds whose :func:`layoff_faces` hold it, in table
    order; remembered while the table holds the same melds (a game keeps one)."""

    def __init__(self) -> None:
        self.melds: tuple[TableMeld, ...] = ()
        """The table's melds as last seen."""
        self.by_face: dict[Face, list[TableMeld]] = {}
        """For each natural face, the melds of ``melds`` it might be laid off on."""

    def of(self, melds: Sequence[TableMeld]) -> dict[Face, list[TableMeld]]:
        """The reach of each face on the table ``melds``."""
        table = tuple(melds)
        if table != self.melds:  # the same melds compare by identity at once
            reach: dict[Face, list[TableMeld]] = {}
            for meld in table:
                for face in layoff_faces(meld):
                    reach.setdefault(face, []).append(meld)
            self.melds, self.by_face = table, reach
        return self.by_face


def _draw_actions(draw_rule: DrawRule, pile: int) -> list[Action]:
    """The draws a variant offers, with a discard pile of ``pile`` cards (to be checked)."""
    actions: list[Action] = [DrawStock()]
    if draw_rule is DrawRule.SINGLE:
        actions.append(TakeDiscard())
    elif draw_rule is DrawRule.DIG:
        actions.extend(TakeDiscard(count=count) for count in range(1, pile + 1))
        actions.append(EndDeal())
    elif draw_rule is DrawRule.BOATHOUSE:
        actions.append(DrawTwo(first="discard", second="stock"))
        actions.append(DrawTwo(first="stock", second="stock"))
    else:
        actions.append(DrawTwo(first="discard", second="stock"))
        actions.append(DrawTwo(first="discard", second="discard"))
    return actions


@lru_cache(maxsize=512)
def _shared_draw_actions(draw_rule: DrawRule, pile: int) -> tuple[Action, ...]:
    """:func:`_draw_actions`, made once (actions are frozen, so they can be shared)."""
    return tuple(_draw_actions(draw_rule, pile))


_DISCARDS: dict[Card, Discard] = {}
"""One Discard action per card (actions are frozen and cards are interned, so they are shared)."""


def _discard_of(card: Card) -> Discard:
    action = _DISCARDS.get(card)
    if action is None:
        action = _DISCARDS[card] = Discard(card=card)
    return action


def _allowed_discards(state: GameState, discards: list[Discard]) -> list[Discard]:
    """The discards the engine allows, of cards in hand not taken from the pile this turn.

    What refuses such a discard (the phase, R-5's card still to be used) is the same for every
    card, so when the first is allowed all are, and only a refusal makes the others be asked
    one by one.
    """
    if not discards or turn_allows(state, discards[0]):
        return discards
    return [action for action in discards[1:] if turn_allows(state, action)]


def _plain_meld(rules: RuleSet, cards: Sequence[Card]) -> bool:
    """Whether a listed meld has one reading, the one the engine finds for its faces: natural
    cards only, fewer than 13 (a whole suit turning the corner reads from any start)."""
    return len(cards) < MAX_RUN and not any(is_wild(rules, card) for card in cards)


def _allowed_plays(
    state: GameState, candidates: list[Action], listed: dict[int, Meld | LayOffCard]
) -> list[Action]:
    """The candidates the engine allows: ``listed`` holds, by their place, the plays the
    listing built legally from the hand, asked with :func:`listed_play_allowed` (only
    whether a legal end of the turn remains after them); every other one is asked the whole
    check of its kind (:func:`~rummy_tui.core.checks.turn_allows`)."""
    allowed = []
    for number, action in enumerate(candidates):
        play = listed.get(number)
        if turn_allows(state, action) if play is None else listed_play_allowed(state, play):
            allowed.append(action)
    return allowed


def _go_out_action(arrangement: Arrangement, discard: Card | None) -> GoOut:
    return GoOut(
        melds=tuple(
            MeldSpec(cards=tuple(reading.cards), faces=tuple(reading.faces))
            for reading in arrangement.readings
        ),
        discard=discard,
    )


def _can(state: GameState, action: Action) -> bool:
    """Whether the engine allows ``action`` now (the whole check, as ``Game.can``)."""
    try:
        check_action(state, action)
    except IllegalAction:
        return False
    return True


def _match_over_actions(state: GameState, reach: LayoffReach | None, fast: bool) -> list[Action]:
    """A match that is over offers nothing."""
    return []


def _deal_over_actions(state: GameState, reach: LayoffReach | None, fast: bool) -> list[Action]:
    """A scored deal offers the next deal's start."""
    return [StartDeal()]


def _draw_phase_actions(state: GameState, reach: LayoffReach | None, fast: bool) -> list[Action]:
    """The draw phase offers going out before drawing (where the variant allows it and the
    whole hand melds), then the variant's draws, those the engine allows."""
    deal = state.deal
    rules = state.rules
    candidates: list[Action] = []
    if rules.go_out_before_draw:
        arrangement = full_arrangement(rules, deal.hands[deal.current])
        if arrangement is not None:
            candidates.append(_go_out_action(arrangement, None))
    draws = _shared_draw_actions if fast else _draw_actions
    candidates.extend(draws(rules.draw_rule, len(deal.discard)))
    allows = turn_allows if fast else _can
    return [action for action in candidates if allows(state, action)]


def _read_hand(hand: list[Card], fast: bool) -> tuple[list[Card], bool | None, int | None]:
    """The hand as the play phase reads it: fast, sorted once into card order (for the melds,
    the lay-offs and the discards), with whether no face is held twice and, if so, the faces
    held; otherwise as held, with neither."""
    if not fast:
        return hand, None, None
    faces = face_bits(hand)
    faces_once = faces.bit_count() == len(hand)
    return sorted(hand, key=CARD_ORDER), faces_once, faces if faces_once else None


def _preferred_cards(turn: TurnState) -> list[Card]:
    """The cards a meld or lay-off shows first: R-5's card still to be used, then the cards
    taken from the discard pile this turn, in their order."""
    preferred = [turn.must_use] if turn.must_use is not None else []
    if turn.taken_from_discard:
        preferred += [card for card in turn.taken_from_discard if card not in preferred]
    return preferred


def _add_melds(
    state: GameState,
    ordered: list[Card],
    preferred: list[Card],
    held_once: int | None,
    fast: bool,
    candidates: list[Action],
    listed: dict[int, Meld | LayOffCard],
) -> None:
    """Add to ``candidates`` one meld of each reading the hand makes, with the preferred
    cards; fast, a meld with one reading is also marked in ``listed`` (built legally)."""
    rules = state.rules
    hand = state.deal.hands[state.deal.current]
    for reading in enumerate_melds(rules, ordered, fast=fast, in_order=fast, faces=held_once):
        cards = prefer_cards(rules, reading.cards, hand, preferred)
        meld_action = Meld(cards=cards, faces=tuple(reading.faces))
        if fast and _plain_meld(rules, cards):
            listed[len(candidates)] = meld_action
        candidates.append(meld_action)


def _add_layoffs(
    state: GameState,
    reach: LayoffReach | None,
    cards: list[Card],
    fast: bool,
    candidates: list[Action],
    listed: dict[int, Meld | LayOffCard],
) -> None:
    """Add to ``candidates`` every way each of ``cards`` is laid off on a table meld, in
    table order; fast, each is also marked in ``listed`` (built legally), and a natural card
    is tried only on the melds whose layoff_faces hold its face."""
    deal = state.deal
    rules = state.rules
    by_face = (reach or LayoffReach()).of(deal.melds) if fast else None
    wild = wild_ranks(rules)
    for card in cards:
        melds: Sequence[TableMeld] = deal.melds
        if by_face is not None and card.rank not in wild:
            reached = by_face.get(card.face)
            if reached is None:
                continue  # no meld of the table takes its face
            melds = reached
        for meld in melds:
            for option in layoff_options(rules, meld, card):
                layoff = LayOffCard(card=card, meld_id=meld.meld_id, face=option.face)
                if fast:
                    listed[len(candidates)] = layoff
                candidates.append(layoff)


def _go_outs(rules: RuleSet, hand: list[Card], taken: tuple[Card, ...]) -> list[Action]:
    """Every way the hand goes out at once, with the discard it ends on (chips scoring wants
    a discard to end on)."""
    return [
        _go_out_action(arrangement, discard)
        for discard, arrangement in go_out_arrangements(rules, hand, taken)
        if discard is not None or rules.scoring is not Scoring.CHIPS
    ]


def _allowed_with_discards(
    state: GameState,
    candidates: list[Action],
    listed: dict[int, Meld | LayOffCard],
    discardable: list[Card],
    faces_once: bool | None,
    fast: bool,
) -> list[Action]:
    """The play phase's ``candidates`` and one discard of each face in ``discardable``, those
    the engine allows: fast, the plays by :func:`_allowed_plays` and the discards by
    :func:`_allowed_discards`; otherwise each by the whole check."""
    if not fast:
        discards = [Discard(card=card) for card in _one_per_face(discardable)]
        return [action for action in [*candidates, *discards] if _can(state, action)]
    fast_discards = [
        _DISCARDS.get(card) or _discard_of(card)
        for card in _one_per_face(discardable, faces_once=faces_once)
    ]
    allowed = _allowed_plays(state, candidates, listed) if candidates else []
    return allowed + _allowed_discards(state, fast_discards)


def _play_phase_actions(state: GameState, reach: LayoffReach | None, fast: bool) -> list[Action]:
    """The play phase offers melds and lay-offs where the variant melds during play, else
    going out at once; then discards of cards not taken from the pile this turn; those the
    engine allows."""
    deal = state.deal
    rules = state.rules
    hand = deal.hands[deal.current]
    taken = set(deal.turn.taken_from_discard)
    ordered, faces_once, held_once = _read_hand(hand, fast)
    candidates: list[Action] = []
    listed: dict[int, Meld | LayOffCard] = {}  # fast: plays built legally (_allowed_plays)
    if rules.meld_during_play:
        preferred = _preferred_cards(deal.turn)
        _add_melds(state, ordered, preferred, held_once, fast, candidates, listed)
        if deal.melds:
            laid = _one_per_face(ordered, preferred, faces_once)
            _add_layoffs(state, reach, laid, fast, candidates, listed)
    elif not fast or may_go_out(rules, hand):
        candidates.extend(_go_outs(rules, hand, tuple(taken)))
    discardable = [card for card in ordered if card not in taken] if taken else ordered
    return _allowed_with_discards(state, candidates, listed, discardable, faces_once, fast)


_PHASE_LISTINGS: dict[Phase, Callable[[GameState, LayoffReach | None, bool], list[Action]]] = {
    Phase.DRAW: _draw_phase_actions,
    Phase.PLAY: _play_phase_actions,
    Phase.DEAL_OVER: _deal_over_actions,
    Phase.MATCH_OVER: _match_over_actions,
}
"""The listing of each phase of the deal (one helper per phase, as OpenSpiel's games list
theirs)."""


def list_legal_actions(
    state: GameState, reach: LayoffReach | None = None, *, fast: bool = True
) -> list[Action]:
    """Every action the seat to act may take now, listed by the helper of the deal's phase.

    Args:
        state: The match.
        reach: The game's memo of where each face may be laid off (a fresh one if None).
        fast: False lists the straightforward way, which gives the same list more slowly:
            every run window is tried for melds, every discard is tried for going out even
            when the hand cannot go out (:func:`may_go_out`), and every draw and discard is
            made and checked anew.
            Tests and ``benchmarks/bench_legal.py`` compare the two.
    """
    return _PHASE_LISTINGS[state.deal.phase](state, reach, fast)
