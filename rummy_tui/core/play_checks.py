"""Checking plays during a turn: new melds and lay-offs (C-2, R-6, R-7, D-5, D-6), each
refused only when afterwards no legal end of the turn remains (G-8, R-5, R-9).

Each check takes the match's state and the action, raises the refusal, or returns the
:data:`~rummy_tui.core.deal_flow.Plan` that applies it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummy_tui.core.actions import LayOffCard, LogFacts, Meld
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.deal_flow import (
    Done,
    Plan,
    after_hand_change,
    mark_melded,
    name_of,
    need_in_hand,
    need_play_phase,
    remove_from_hand,
)
from rummy_tui.core.end_of_turn import discard_remains, end_remains
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.layoffs import LayOff, apply_layoff, layoff_options, unmoved_end_joker
from rummy_tui.core.meld_refusals import meld_refusal
from rummy_tui.core.melds import (
    End,
    MeldKind,
    MeldReading,
    TableMeld,
    is_wild,
    reading_for,
    reading_to_meld,
)
from rummy_tui.core.state import GameState
from rummy_tui.core.variants.ruleset import RuleSet


def need_meld_during_play(rules: RuleSet) -> None:
    """Refuse melds and lay-offs in a variant that lays the whole hand down at once."""
    if not rules.meld_during_play:
        raise IllegalAction(
            "play.whole_hand_only", rules.rule_ids.no_play_melding, variant=rules.name
        )


def need_end_remaining(
    state: GameState, used: Sequence[Card], melds_after: Callable[[], list[TableMeld]]
) -> None:
    """A meld or lay-off is refused only when afterwards no legal end of the turn remains
    (R-9 option, G-8, R-5): the search of :mod:`rummy_tui.core.end_of_turn` decides, on
    the table ``melds_after`` gives (asked only when a discard does not settle it)."""
    rules = state.rules
    deal = state.deal
    gone = set(used)
    remaining = [card for card in deal.hands[deal.current] if card not in gone]
    if not remaining:
        if rules.discard_to_go_out:
            raise IllegalAction("play.keep_discard", "R-9")
        return
    taken = deal.turn.taken_from_discard
    must_use = deal.turn.must_use
    if must_use is not None and must_use in gone:
        must_use = None
    if discard_remains(remaining, taken, must_use) or end_remains(
        rules, remaining, melds_after(), taken, must_use
    ):
        return
    if must_use is not None:
        raise IllegalAction("play.deepest_stranded", "R-5", cards=(must_use,))
    raise IllegalAction("play.no_end", "G-8", cards=remaining)


def listed_play_allowed(state: GameState, action: Meld | LayOffCard) -> bool:
    """Whether the engine allows a play the legal listing built from the hand in the play
    phase: a meld of natural cards with one reading (its faces their own), or a lay-off
    that :func:`layoff_options` offers. Such a play passes every check of
    :func:`check_meld` or :func:`check_lay_off` but the last, so only that is asked:
    whether a legal end of the turn remains after it (G-8, R-5, R-9)."""
    rules = state.rules
    deal = state.deal
    if isinstance(action, Meld):
        used: Sequence[Card] = action.cards

        def table() -> list[TableMeld]:
            reading = read_meld(rules, action.cards, action.faces)
            return [*deal.melds, reading_to_meld(reading, deal.next_meld_id, deal.current)]

    else:
        used = (action.card,)
        target = next(meld for meld in deal.melds if meld.meld_id == action.meld_id)

        def table() -> list[TableMeld]:
            grown = apply_layoff(rules, target, pick_layoff(rules, target, action), deal.current)
            return [grown if meld is target else meld for meld in deal.melds]

    try:
        need_end_remaining(state, used, table)
    except IllegalAction:
        return False
    return True


def check_meld(state: GameState, action: Meld) -> Plan:
    """A new meld from the hand (C-2, G-6), with a legal end of the turn left (G-8)."""
    rules = state.rules
    need_meld_during_play(rules)
    need_play_phase(state, "meld")
    cards = list(action.cards)
    need_in_hand(state, cards)
    reading = read_meld(rules, cards, action.faces)
    deal = state.deal

    def new_meld() -> TableMeld:
        return reading_to_meld(reading, deal.next_meld_id, deal.current)

    need_end_remaining(state, cards, lambda: [*deal.melds, new_meld()])

    def run() -> Done:
        seat = deal.current
        deal.melds.append(new_meld())
        deal.next_meld_id += 1
        remove_from_hand(state, cards)
        mark_melded(state, cards)
        done = Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))
        name = name_of(state, seat)
        out = after_hand_change(state, seat)
        return done, LogFacts(name=name, goes_out=out)

    return run


def read_meld(rules: RuleSet, cards: Sequence[Card], faces: Sequence[Face] | None) -> MeldReading:
    """The meld ``cards`` make with the faces named for their wild cards, or the refusal."""
    reading = reading_for(rules, cards, faces)
    if reading is not None:
        return reading
    refusal = meld_refusal(rules, cards)
    if refusal is not None:
        raise refusal
    named = list(faces or ())
    if len(named) == len(cards) and all(
        is_wild(rules, card) and card.face is not face
        for card, face in zip(cards, named, strict=True)
    ):
        raise IllegalAction("meld.all_wild_named", "G-6", cards=cards)
    raise IllegalAction("meld.wild_naming", "G-6", cards=cards)


def check_lay_off(state: GameState, action: LayOffCard) -> Plan:
    """A lay-off on a table meld (R-6, R-7, D-5, D-6), with a legal end of the turn left."""
    rules = state.rules
    need_meld_during_play(rules)
    need_play_phase(state, "layoff")
    need_in_hand(state, [action.card])
    deal = state.deal
    target = next((meld for meld in deal.melds if meld.meld_id == action.meld_id), None)
    if target is None:
        raise IllegalAction("layoff.no_meld", rules.rule_ids.layoff, meld_id=action.meld_id)
    option = pick_layoff(rules, target, action)

    def new_meld() -> TableMeld:
        return apply_layoff(rules, target, option, deal.current)

    need_end_remaining(
        state,
        [action.card],
        lambda: [new_meld() if meld is target else meld for meld in deal.melds],
    )

    def run() -> Done:
        seat = deal.current
        deal.melds[deal.melds.index(target)] = new_meld()
        remove_from_hand(state, [action.card])
        mark_melded(state, [action.card])
        done = LayOffCard(card=action.card, meld_id=target.meld_id, face=option.face)
        name = name_of(state, seat)
        out = after_hand_change(state, seat)
        return done, LogFacts(name=name, joker_moves=option.end is End.DISPLACE, goes_out=out)

    return run


def pick_layoff(rules: RuleSet, meld: TableMeld, action: LayOffCard) -> LayOff:
    """Where ``action``'s card goes on ``meld`` (the high end first), or the refusal."""
    options = layoff_options(rules, meld, action.card)
    options.sort(key=lambda option: option.end is not End.HIGH)
    if action.face is not None:
        options = [option for option in options if option.face is action.face]
    if options:
        return options[0]

    def misfit(code: str, rule: str) -> IllegalAction:
        return IllegalAction(
            code, rule, cards=(action.card,), meld=meld.cards, meld_id=meld.meld_id
        )

    if meld.kind is MeldKind.RUN and any(
        unmoved_end_joker(rules, meld.cards[index]) for index in (0, -1)
    ):
        raise misfit("layoff.beyond_end_joker", "D-6")
    if rules.joker_moves and any(
        placed.is_standing_in and placed.face is action.card.face for placed in meld.cards
    ):
        raise misfit("layoff.joker_fixed", "D-5, D-6")
    raise misfit("layoff.no_fit", rules.rule_ids.layoff)
