"""Checking and applying plays during a turn: new melds and lay-offs (C-2, R-6, R-7, D-5, D-6),
each refused only when afterwards no legal end of the turn remains (G-8, R-5, R-9)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummy_tui.core.actions import LayOffCard, LogFacts, Meld
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.deal_flow import DealFlow, Done, Plan
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


class PlayChecks(DealFlow):
    """The meld and lay-off family of actions."""

    def _check_meld_allowed(self) -> None:
        if not self.rules.meld_during_play:
            raise IllegalAction(
                "play.whole_hand_only", self.rules.rule_ids.no_play_melding, variant=self.rules.name
            )

    def _check_remaining(
        self, used: Sequence[Card], melds_after: Callable[[], list[TableMeld]]
    ) -> None:
        """A meld or lay-off is refused only when afterwards no legal end of the turn remains
        (R-9 option, G-8, R-5): the search of :mod:`rummy_tui.core.end_of_turn` decides, on
        the table ``melds_after`` gives (asked only when a discard does not settle it)."""
        deal = self.state.deal
        gone = set(used)
        remaining = [card for card in deal.hands[self.current] if card not in gone]
        if not remaining:
            if self.rules.discard_to_go_out:
                raise IllegalAction("play.keep_discard", "R-9")
            return
        taken = deal.turn.taken_from_discard
        must_use = deal.turn.must_use
        if must_use is not None and must_use in gone:
            must_use = None
        if discard_remains(remaining, taken, must_use) or end_remains(
            self.rules, remaining, melds_after(), taken, must_use
        ):
            return
        if must_use is not None:
            raise IllegalAction("play.deepest_stranded", "R-5", cards=(must_use,))
        raise IllegalAction("play.no_end", "G-8", cards=remaining)

    def _listed_play_allowed(self, action: Meld | LayOffCard) -> bool:
        """:meth:`Game.can` for a play the legal listing built from the hand in the play
        phase: a meld of natural cards with one reading (its faces their own), or a lay-off
        that :func:`layoff_options` offers. Such a play passes every check of
        :meth:`_check_meld` or :meth:`_check_lay_off` but the last, so only that is asked:
        whether a legal end of the turn remains after it (G-8, R-5, R-9)."""
        deal = self.state.deal
        if isinstance(action, Meld):
            used: Sequence[Card] = action.cards

            def table() -> list[TableMeld]:
                reading = self._read_meld(action.cards, action.faces)
                return [*deal.melds, reading_to_meld(reading, deal.next_meld_id, self.current)]

        else:
            used = (action.card,)
            target = next(meld for meld in deal.melds if meld.meld_id == action.meld_id)

            def table() -> list[TableMeld]:
                grown = apply_layoff(
                    self.rules, target, self._pick_layoff(target, action), self.current
                )
                return [grown if meld is target else meld for meld in deal.melds]

        try:
            self._check_remaining(used, table)
        except IllegalAction:
            return False
        return True

    def _check_meld(self, action: Meld) -> Plan:
        self._check_meld_allowed()
        self._need_play_phase("meld")
        cards = list(action.cards)
        self._in_hand(cards)
        reading = self._read_meld(cards, action.faces)
        deal = self.state.deal

        def new_meld() -> TableMeld:
            return reading_to_meld(reading, deal.next_meld_id, self.current)

        self._check_remaining(cards, lambda: [*deal.melds, new_meld()])

        def run() -> Done:
            seat = self.current
            deal.melds.append(new_meld())
            deal.next_meld_id += 1
            self._remove_from_hand(cards)
            self._mark_melded(cards)
            done = Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))
            text = f"{self._name(seat)} melds {reading.describe()}."
            out = self._after_hand_change(seat)
            return done, text + out, LogFacts(name=self._name(seat), goes_out=bool(out))

        return run

    def _read_meld(self, cards: Sequence[Card], faces: Sequence[Face] | None) -> MeldReading:
        reading = reading_for(self.rules, cards, faces)
        if reading is not None:
            return reading
        refusal = meld_refusal(self.rules, cards)
        if refusal is not None:
            raise refusal
        named = list(faces or ())
        if len(named) == len(cards) and all(
            is_wild(self.rules, card) and card.face is not face
            for card, face in zip(cards, named, strict=True)
        ):
            raise IllegalAction("meld.all_wild_named", "G-6", cards=cards)
        raise IllegalAction("meld.wild_naming", "G-6", cards=cards)

    def _check_lay_off(self, action: LayOffCard) -> Plan:
        self._check_meld_allowed()
        self._need_play_phase("layoff")
        self._in_hand([action.card])
        deal = self.state.deal
        target = next((meld for meld in deal.melds if meld.meld_id == action.meld_id), None)
        if target is None:
            raise IllegalAction(
                "layoff.no_meld", self.rules.rule_ids.layoff, meld_id=action.meld_id
            )
        option = self._pick_layoff(target, action)

        def new_meld() -> TableMeld:
            return apply_layoff(self.rules, target, option, self.current)

        self._check_remaining(
            [action.card],
            lambda: [new_meld() if meld is target else meld for meld in deal.melds],
        )

        def run() -> Done:
            seat = self.current
            deal.melds[deal.melds.index(target)] = new_meld()
            self._remove_from_hand([action.card])
            self._mark_melded([action.card])
            face = option.face
            shown = str(action.card) if face is action.card.face else f"{action.card} as {face}"
            moved = " (the joker moves to the other end)" if option.end is End.DISPLACE else ""
            text = f"{self._name(seat)} lays off {shown} on meld {target.meld_id}{moved}."
            done = LayOffCard(card=action.card, meld_id=target.meld_id, face=face)
            out = self._after_hand_change(seat)
            facts = LogFacts(name=self._name(seat), joker_moves=bool(moved), goes_out=bool(out))
            return done, text + out, facts

        return run

    def _pick_layoff(self, meld: TableMeld, action: LayOffCard) -> LayOff:
        options = layoff_options(self.rules, meld, action.card)
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
            unmoved_end_joker(self.rules, meld.cards[index]) for index in (0, -1)
        ):
            raise misfit("layoff.beyond_end_joker", "D-6")
        if self.rules.joker_moves and any(
            placed.is_standing_in and placed.face is action.card.face for placed in meld.cards
        ):
            raise misfit("layoff.joker_fixed", "D-5, D-6")
        raise misfit("layoff.no_fit", self.rules.rule_ids.layoff)
