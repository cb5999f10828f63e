"""Checking the end of a turn: the discard (G-7, G-8, R-5) and laying the whole hand down at
once (B-3, E-7).

Each check takes the match's state and the action, raises the refusal, or returns the
:data:`~rummy_tui.core.deal_flow.Plan` that applies it.
"""

from __future__ import annotations

from collections import Counter

from rummy_tui.core.actions import Discard, GoOut, LogFacts, MeldSpec
from rummy_tui.core.arrange import Arrangement, best_arrangement, full_arrangement
from rummy_tui.core.cards import Card
from rummy_tui.core.deal_flow import (
    Done,
    Plan,
    after_hand_change,
    end_deal,
    name_of,
    need_in_hand,
    need_play_phase,
    next_turn,
    plain_facts,
    remove_from_hand,
)
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import MeldReading, reading_to_meld
from rummy_tui.core.play_checks import read_meld
from rummy_tui.core.state import DealEnding, GameState, Phase
from rummy_tui.core.variants.ruleset import Scoring


def check_discard(state: GameState, action: Discard) -> Plan:
    """The discard that ends the turn (G-7), never of a card taken this turn (G-8, R-5)."""
    need_play_phase(state, "discard")
    need_in_hand(state, [action.card])
    deal = state.deal
    if action.card in deal.turn.taken_from_discard:
        raise IllegalAction("discard.taken_this_turn", "G-8", cards=(action.card,))
    if deal.turn.must_use is not None:
        raise IllegalAction("discard.deepest_unused", "R-5", cards=(deal.turn.must_use,))

    def run() -> Done:
        seat = deal.current
        remove_from_hand(state, [action.card])
        deal.discard.append(action.card)
        name = name_of(state, seat)
        if after_hand_change(state, seat):
            return action, LogFacts(name=name, goes_out=True)
        next_turn(state)
        return action, plain_facts(name)

    return run


def check_go_out(state: GameState, action: GoOut) -> Plan:
    """Laying the whole hand down at once, with or without a discard (B-3, E-7)."""
    rules = state.rules
    deal = state.deal
    if rules.meld_during_play:
        raise IllegalAction("go_out.by_playing", rules.rule_ids.go_out, variant=rules.name)
    before_draw = deal.phase is Phase.DRAW
    if before_draw and not rules.go_out_before_draw:
        raise IllegalAction("go_out.draw_first", "B-3")
    if before_draw and action.discard is not None:
        raise IllegalAction("go_out.no_discard_before_draw", "E-7")
    if not before_draw and rules.scoring is Scoring.CHIPS and action.discard is None:
        raise IllegalAction(
            "go_out.discard_needed", "E-7", hand_size=rules.hand_size_for(len(state.players))
        )
    hand = list(deal.hands[deal.current])
    rest = list(hand)
    if action.discard is not None:
        need_in_hand(state, [action.discard])
        if action.discard in deal.turn.taken_from_discard:
            raise IllegalAction("go_out.discard_taken", "G-8", cards=(action.discard,))
        rest.remove(action.discard)
    readings = go_out_readings(state, action, rest)

    def run() -> Done:
        seat = deal.current
        for reading in readings:
            deal.melds.append(reading_to_meld(reading, deal.next_meld_id, seat))
            deal.next_meld_id += 1
        deal.hands[seat] = []
        if action.discard is not None:
            deal.discard.append(action.discard)
        done = GoOut(
            melds=tuple(
                MeldSpec(cards=tuple(reading.cards), faces=tuple(reading.faces))
                for reading in readings
            ),
            discard=action.discard,
        )
        name = name_of(state, seat)
        end_deal(state, seat, DealEnding(code="laid_down", seat=seat))
        return done, LogFacts(name=name, goes_out=True)

    return run


def go_out_readings(state: GameState, action: GoOut, rest: list[Card]) -> list[MeldReading]:
    """The melds a go-out lays down: the ones it names, or the hand's own arrangement."""
    rules = state.rules
    rule = rules.rule_ids.go_out
    if not action.melds:
        arrangement: Arrangement | None = full_arrangement(rules, rest)
        if arrangement is None:
            loose = best_arrangement(rules, rest).deadwood
            kind = "run" if not rules.groups_allowed else "meld"
            code = "go_out.loose_cards"
            if state.deal.phase is Phase.PLAY and action.discard is None and len(loose) > 1:
                code = "go_out.loose_cards_one_discard"
            raise IllegalAction(code, rule, cards=loose, kind=kind)
        return list(arrangement.readings)
    named = [card for spec in action.melds for card in spec.cards]
    need_in_hand(state, named)
    if Counter(named) != Counter(rest):
        if action.discard is not None:
            raise IllegalAction("go_out.not_whole_hand_but_discard", rule)
        raise IllegalAction("go_out.not_whole_hand", rule)
    return [read_meld(rules, list(spec.cards), spec.faces) for spec in action.melds]
