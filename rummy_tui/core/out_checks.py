"""Checking and applying the end of a turn: the discard (G-7, G-8, R-5) and laying the whole
hand down at once (B-3, E-7)."""

from __future__ import annotations

from collections import Counter

from rummy_tui.core.actions import Discard, GoOut, LogFacts, MeldSpec
from rummy_tui.core.arrange import Arrangement, best_arrangement, full_arrangement
from rummy_tui.core.cards import Card
from rummy_tui.core.deal_flow import DealFlow, Done, Plan
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import MeldReading, reading_to_meld
from rummy_tui.core.play_checks import PlayChecks
from rummy_tui.core.state import DealEnding, Phase
from rummy_tui.core.variants.ruleset import Scoring


class OutChecks(PlayChecks, DealFlow):
    """The discard and go-out family of actions."""

    def _check_discard(self, action: Discard) -> Plan:
        self._need_play_phase("discard")
        self._in_hand([action.card])
        deal = self.state.deal
        if action.card in deal.turn.taken_from_discard:
            raise IllegalAction("discard.taken_this_turn", "G-8", cards=(action.card,))
        if deal.turn.must_use is not None:
            raise IllegalAction("discard.deepest_unused", "R-5", cards=(deal.turn.must_use,))

        def run() -> Done:
            seat = self.current
            self._remove_from_hand([action.card])
            deal.discard.append(action.card)
            text = f"{self._name(seat)} discards {action.card}."
            if not deal.hands[seat]:
                facts = LogFacts(name=self._name(seat), goes_out=True)
                return action, text + self._after_hand_change(seat), facts
            self._next_turn()
            return action, text, self._plain_facts(seat)

        return run

    def _check_go_out(self, action: GoOut) -> Plan:
        rules = self.rules
        deal = self.state.deal
        if rules.meld_during_play:
            raise IllegalAction("go_out.by_playing", rules.rule_ids.go_out, variant=rules.name)
        before_draw = deal.phase is Phase.DRAW
        if before_draw and not rules.go_out_before_draw:
            raise IllegalAction("go_out.draw_first", "B-3")
        if before_draw and action.discard is not None:
            raise IllegalAction("go_out.no_discard_before_draw", "E-7")
        if not before_draw and rules.scoring is Scoring.CHIPS and action.discard is None:
            raise IllegalAction(
                "go_out.discard_needed", "E-7", hand_size=rules.hand_size_for(len(self.players))
            )
        hand = list(deal.hands[self.current])
        rest = list(hand)
        if action.discard is not None:
            self._in_hand([action.discard])
            if action.discard in deal.turn.taken_from_discard:
                raise IllegalAction("go_out.discard_taken", "G-8", cards=(action.discard,))
            rest.remove(action.discard)
        readings = self._go_out_readings(action, rest)

        def run() -> Done:
            seat = self.current
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
            shown = " | ".join(reading.describe() for reading in readings)
            tail = f", discarding {action.discard}" if action.discard is not None else ""
            self._end_deal(
                seat,
                f"{self._name(seat)} laid the whole hand down.",
                DealEnding(code="laid_down", seat=seat),
            )
            return (
                done,
                f"{self._name(seat)} goes out: {shown}{tail}.",
                LogFacts(name=self._name(seat), goes_out=True),
            )

        return run

    def _go_out_readings(self, action: GoOut, rest: list[Card]) -> list[MeldReading]:
        rule = self.rules.rule_ids.go_out
        if not action.melds:
            arrangement: Arrangement | None = full_arrangement(self.rules, rest)
            if arrangement is None:
                loose = best_arrangement(self.rules, rest).deadwood
                kind = "run" if not self.rules.groups_allowed else "meld"
                code = "go_out.loose_cards"
                if self.phase is Phase.PLAY and action.discard is None and len(loose) > 1:
                    code = "go_out.loose_cards_one_discard"
                raise IllegalAction(code, rule, cards=loose, kind=kind)
            return list(arrangement.readings)
        named = [card for spec in action.melds for card in spec.cards]
        self._in_hand(named)
        if Counter(named) != Counter(rest):
            if action.discard is not None:
                raise IllegalAction("go_out.not_whole_hand_but_discard", rule)
            raise IllegalAction("go_out.not_whole_hand", rule)
        return [self._read_meld(list(spec.cards), spec.faces) for spec in action.melds]
