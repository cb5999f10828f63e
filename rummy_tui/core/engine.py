"""The game: verify an action, apply it, and list what is legal (G-10).

Every action has three verbs: :meth:`Game.verify` raises :class:`IllegalAction` (a refusal as
data: code, rule id, cards and meld, see :mod:`rummy_tui.core.errors`), :meth:`Game.can`
answers yes or no, :meth:`Game.apply` does it and returns the :class:`ActionRecord` it logged.
A refused action changes nothing, because every check runs before the first change.

:class:`Game` holds the match and is the one door to it; what it does lives in plain
functions of the match's state, one module per concern: the road of every move
(:mod:`~rummy_tui.core.checks`, with the checks of draws, plays and the end of the turn in
:mod:`~rummy_tui.core.draw_checks`, :mod:`~rummy_tui.core.play_checks` and
:mod:`~rummy_tui.core.out_checks`), take-backs (:mod:`~rummy_tui.core.takeback`), the replay
of a history (:mod:`~rummy_tui.core.history`) and the legal listing
(:mod:`~rummy_tui.core.legal`).
"""

from __future__ import annotations

from rummy_tui.core.actions import (
    Action,
    ActionRecord,
    GoOut,
    StartDeal,
    TakeBack,
)
from rummy_tui.core.checks import apply_action, check_action
from rummy_tui.core.deal_flow import Plan
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.legal import LayoffReach, list_legal_actions
from rummy_tui.core.seat_options import lone_loose_card
from rummy_tui.core.state import GameState, Phase, TakeBackNote
from rummy_tui.core.takeback import check_take_back, take_back_record
from rummy_tui.core.variants.ruleset import DrawRule, RuleSet
from rummy_tui.core.views import PlayerView


class Game:
    """A match in progress. All changes go through :meth:`apply`."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        """The whole state of the match (rules, seats, scores, the deal, the log)."""
        self.public_log_memo: tuple[int, ActionRecord | None, tuple[ActionRecord, ...]] = (
            0,
            None,
            (),
        )
        """The log as every seat may see it, as far as it was last worked out: its length,
        its newest record and the public copies (see :meth:`view`)."""
        self.layoff_reach = LayoffReach()
        """For each natural face, the table melds it might be laid off on, as the legal
        listing last worked them out (see :mod:`rummy_tui.core.legal`)."""

    # ------------------------------------------------------------------ properties

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

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.state.deal.phase is Phase.MATCH_OVER

    # ------------------------------------------------------------------ the three verbs

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` may not be applied now."""
        self._check(action, seat)

    def can(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self._check(action, seat)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action, seat: int | None = None) -> ActionRecord:
        """Apply ``action`` for the seat to act and return the logged record.

        A take-back (:class:`TakeBack`, ``seat``: who asks) takes the same road; its record
        names the mover and goes to the take-back notes, as the log holds the game as if
        the move had never been made (P-4)."""
        if isinstance(action, TakeBack):
            return take_back_record(self.state, seat)
        return apply_action(self.state, action, seat)

    def refusal(self, action: Action, seat: int | None = None) -> IllegalAction | None:
        """The refusal :meth:`verify` would raise for ``action`` now, or None."""
        try:
            self._check(action, seat)
        except IllegalAction as error:
            return error
        return None

    def go_out_refusal(self) -> IllegalAction | None:
        """Why the seat to act may not lay its whole hand down now (B-3, E-7), or None.

        After the draw, a hand whose best arrangement leaves exactly one loose card is asked
        about going out with that card as the discard (None when that is allowed), so the
        refusal names what really stands in the way rather than the missing discard."""
        refusal = self.refusal(GoOut(melds=()))
        if self.state.deal.phase is not Phase.PLAY:
            return refusal
        loose = lone_loose_card(self.rules, self.state.deal.hands[self.current])
        if loose is None:
            return refusal
        return self.refusal(GoOut(melds=(), discard=loose))

    # -- take-back (P-4): an action like any other, checked in takeback.py

    def take_back_refusal(self, seat: int | None = None) -> IllegalAction | None:
        """Why the newest move may not be taken back now (a refusal naming P-4), or None."""
        return self.refusal(TakeBack(), seat)

    def can_take_back(self, seat: int | None = None) -> bool:
        """Whether the newest move may be taken back now (P-4)."""
        return self.take_back_refusal(seat) is None

    def take_back(self, seat: int | None = None) -> TakeBackNote:
        """Take back the newest move (P-4); raises the refusal, changing nothing, if it may not."""
        self.apply(TakeBack(), seat)
        return self.state.take_back_notes[-1]

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (each one passes :meth:`verify`)."""
        return list_legal_actions(self.state, self.layoff_reach)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (P-1, P-2)."""
        deal = self.state.deal
        pile = deal.discard if self.rules.draw_rule is DrawRule.DIG else deal.discard[-1:]
        over = deal.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        public_log = self._public_log()
        return PlayerView(
            seat=seat,
            rules=self.rules,
            players=tuple(self.players),
            hand=tuple(deal.hands[seat]) if 0 <= seat < len(self.players) else (),
            hand_sizes=tuple(len(hand) for hand in deal.hands),
            stock_count=len(deal.stock),
            discard_pile=tuple(pile),
            discard_count=len(deal.discard),
            melds=tuple(deal.melds),
            scores=tuple(self.state.scores),
            cut=tuple(self.state.cut),
            first_dealer=self.state.first_dealer,
            current=deal.current,
            phase=deal.phase,
            dealer=deal.dealer,
            deal_number=deal.deal_number,
            turn_number=deal.turn_number,
            rebuilds=deal.rebuilds,
            taken_from_discard=tuple(deal.turn.taken_from_discard) if not over else (),
            must_use=deal.turn.must_use if not over else None,
            cards_drawn=tuple(deal.cards_drawn),
            has_melded=tuple(deal.has_melded),
            log=public_log,
            take_back_notes=tuple(self.state.take_back_notes),
            last_result=self.state.results[-1] if self.state.results else None,
            results=tuple(self.state.results),
            winners=tuple(self.state.winners),
            settlement=tuple(self.state.settlement),
        )

    def _public_log(self) -> tuple[ActionRecord, ...]:
        """The log with every deal's card order cut out (P-2), from the memo when the log has
        only grown since: the log is append-only but for take-backs, which cut it short or
        replace its newest records, so the memo stands while its newest record is still in
        its place."""
        log = self.state.log
        length, newest, public = self.public_log_memo
        if length > len(log) or (length and log[length - 1] is not newest):
            length, public = 0, ()
        if length < len(log):
            public += tuple(
                record.model_copy(update={"action": StartDeal()})
                if isinstance(record.action, StartDeal)
                else record
                for record in log[length:]
            )
            self.public_log_memo = (len(log), log[-1], public)
        return public

    # ------------------------------------------------------------------ serialization

    def to_json(self) -> str:
        """The whole match as JSON."""
        return self.state.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A match from :meth:`to_json`'s text."""
        return cls(GameState.model_validate_json(text))

    def copy(self) -> Game:
        """An independent copy of the match."""
        return Game(self.state.model_copy(deep=True))

    # ------------------------------------------------------------------ checking

    def _check(self, action: Action, seat: int | None) -> Plan:
        if isinstance(action, TakeBack):
            return check_take_back(self.state, seat)
        return check_action(self.state, action, seat)
