"""The engine's common ground: the match it holds, the checks every action family shares
(whose turn, which phase, cards in hand) and the flow of turns and deals (C-3, G-9, R-9).

:class:`~rummy_tui.core.engine.Game` is built from this class and one mixin per action family
(draws, plays, discards and going out).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from rummy_tui.core.actions import Action, ActionRecord, LogFacts
from rummy_tui.core.cards import Card, Face
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.melds import TableMeld
from rummy_tui.core.scoring import match_winners, score_deal, settlement
from rummy_tui.core.state import (
    DealEnding,
    DealResult,
    GameState,
    Phase,
    TurnState,
    seat_after,
)
from rummy_tui.core.variants.ruleset import RuleSet, Scoring

Done = tuple[Action, str, LogFacts]
"""An applied action: the action as done, its English log line and the facts of that line
(naming the player who acted, when a player did)."""
Plan = Callable[[], Done]
"""A checked action, ready to run: calling it applies the action and returns what was done."""


def assign(model: BaseModel, **values: object) -> None:
    """Set fields of a state model at once, as plain assignment does (the state models do not
    validate assignment; the engine sets values it made itself)."""
    model.__dict__.update(values)
    model.__pydantic_fields_set__.update(values)


class DealFlow:
    """A match in progress, with the checks and changes every action family uses."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.public_log_memo: tuple[int, ActionRecord | None, tuple[ActionRecord, ...]] = (
            0,
            None,
            (),
        )
        """The log as every seat may see it, as far as it was last worked out: its length,
        its newest record and the public copies (see :meth:`Game.view`)."""
        self.plain_facts: dict[str, LogFacts] = {}
        """The log facts that name only who acted, by name (see :meth:`_plain_facts`)."""
        self.layoff_memo: tuple[tuple[TableMeld, ...], dict[Face, list[TableMeld]]] = ((), {})
        """The table's melds as last seen by the legal listing, and for each natural face the
        melds it might be laid off on (see :mod:`rummy_tui.core.legal`)."""

    @property
    def rules(self) -> RuleSet:
        """The rules of this match."""
        return self.state.rules

    @property
    def players(self) -> list[str]:
        """The players' names by seat."""
        return self.state.players

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self.state.deal.phase

    @property
    def current(self) -> int:
        """The seat to act."""
        return self.state.deal.current

    # ------------------------------------------------------------------ shared checks

    def _name(self, seat: int | None = None) -> str:
        return self.players[self.current if seat is None else seat]

    def _plain_facts(self, seat: int | None = None) -> LogFacts:
        """The log facts of a line that names only who acted (the seat to act by default):
        made once per name, as facts are frozen."""
        name = self._name(seat)
        facts = self.plain_facts.get(name)
        if facts is None:
            facts = self.plain_facts[name] = LogFacts(name=name)
        return facts

    def _need_draw_phase(self) -> None:
        if self.state.deal.phase is not Phase.DRAW:
            raise IllegalAction("draw.already_drawn", self.rules.rule_ids.turn, player=self._name())

    def _need_play_phase(self, family: str) -> None:
        """Refuse ``family`` ("meld", "layoff", "discard") before the draw."""
        if self.state.deal.phase is not Phase.PLAY:
            raise IllegalAction(f"{family}.draw_first", self.rules.rule_ids.turn)

    def _in_hand(self, cards: Sequence[Card]) -> None:
        if len(cards) == 1 and cards[0] in self.state.deal.hands[self.current]:
            return  # one card, held (the common question, asked of every discard)
        hand = set(self.state.deal.hands[self.current])
        if len(set(cards)) != len(cards):
            raise IllegalAction("cards.repeated", "G-1", cards=cards)
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalAction("cards.not_in_hand", "G-1", cards=missing, player=self._name())

    # ------------------------------------------------------------------ hand changes

    def _remove_from_hand(self, cards: Sequence[Card]) -> None:
        gone = set(cards)
        hand = self.state.deal.hands[self.current]
        hand[:] = [card for card in hand if card not in gone]

    def _mark_melded(self, cards: Sequence[Card]) -> None:
        turn = self.state.deal.turn
        turn.melded = True
        if turn.must_use is not None and turn.must_use in set(cards):
            turn.must_use = None

    def _after_hand_change(self, seat: int) -> str:
        """End the deal if ``seat`` has no cards left (C-3, R-9)."""
        if self.state.deal.hands[seat]:
            return ""
        self._end_deal(
            seat, f"{self._name(seat)} went out.", DealEnding(code="went_out", seat=seat)
        )
        return f" {self._name(seat)} goes out!"

    # ------------------------------------------------------------------ turn and deal flow

    def _next_turn(self) -> None:
        deal = self.state.deal
        seat = self.current
        if deal.turn.melded:
            deal.has_melded[seat] = True
        assign(
            deal,
            current=seat_after(seat, len(self.players)),
            turn=TurnState(),
            turn_number=deal.turn_number + 1,
            phase=Phase.DRAW,
        )
        self._check_dead_hand()

    def _check_dead_hand(self) -> None:
        """End the deal with no score when the stock is out for good (G-9)."""
        rules = self.rules
        deal = self.state.deal
        if deal.stock or not rules.rebuild_stock:
            return
        limit_reached = rules.rebuild_limit is not None and deal.rebuilds >= rules.rebuild_limit
        if limit_reached or not deal.discard:
            result = DealResult(
                deal_number=deal.deal_number,
                winner=None,
                dead=True,
                reason=(
                    f"Dead hand: the stock ran out after {deal.rebuilds} rebuilds with nobody "
                    "out; no score, and the same dealer deals again (G-9)."
                ),
                lines=(),
                changes=tuple(0 for _ in self.players),
                ending=DealEnding(code="dead", rebuilds=deal.rebuilds),
            )
            self._record_result(result)

    def _end_deal(self, winner: int | None, reason: str, ending: DealEnding | None = None) -> None:
        result = score_deal(self.state, winner, reason, ending)
        self._record_result(result)

    def _record_result(self, result: DealResult) -> None:
        state = self.state
        state.deal.result = result
        state.results.append(result)
        if result.dead:
            state.deal.phase = Phase.DEAL_OVER
            return
        for seat, change in enumerate(result.changes):
            state.scores[seat] += change
        state.deals_scored += 1
        winners = match_winners(state)
        if winners:
            state.winners = winners
            if self.rules.scoring is Scoring.TABLE_MINUS_HAND:
                state.settlement = settlement(state, winners)
            state.deal.phase = Phase.MATCH_OVER
        else:
            state.deal.phase = Phase.DEAL_OVER
