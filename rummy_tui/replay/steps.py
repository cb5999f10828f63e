"""A match's deals step by step: the state at every step, built by replaying the log once.

:class:`MatchSteps` takes a match's state (a finished match or one still being played, as
loaded from its save) and answers, for each finished deal, the whole state at each of its
steps (:class:`DealSteps`). Nothing is taken from the given state but its log, its take-back
notes and its setup: the match is dealt again from its first deal's recorded card order and
every record is applied again through the engine's one replay
(:func:`rummy_tui.core.history.replay`), as loading a save does, so what a step shows is what
the engine made of the record, and the given state is never changed (nor is the replay
changed when the given match is played on).

The cost: a deal's steps are built the first time the deal is asked for, one replay of its
records and one copy of the state per step (:mod:`~rummy_tui.replay.snapshots`); the last
few deals asked for are kept, so stepping forward or back within a deal, or to its start or
end, looks a copy up. Reaching deal ``n`` for the first time replays the deals before it once
(each deal's start is kept, so never twice).

::

    steps = MatchSteps(game.state)
    deal = steps.deal(2)          # the second deal (finished), steps 0 .. deal.last_step
    deal.state(5)                 # the whole match after the deal's fifth record (a copy)
    deal.view(5, seat)            # what ``seat`` saw then: game.view(seat) at that moment

Take-back notes (P-4) stay notes: each step's state holds the notes that stood in the log by
then (those placed after no more records than the step's log holds).

The states and views of :class:`DealSteps` are the whole truth, hands included, for tests,
checks and finished matches; what may be *shown* of a step is cut by
:func:`rummy_tui.replay.frames.frame`.
"""

from __future__ import annotations

from collections import OrderedDict
from copy import copy

from rummy_tui.core.actions import ActionRecord, StartDeal
from rummy_tui.core.cards import Card
from rummy_tui.core.engine import Game
from rummy_tui.core.game import new_game
from rummy_tui.core.history import ReplayError, replay
from rummy_tui.core.state import DealResult, GameState, Phase, TakeBackNote
from rummy_tui.core.views import PlayerView
from rummy_tui.replay.deals import DealSpan, NotReplayable, deal_spans
from rummy_tui.replay.snapshots import bare_copy, copied_model, dressed, shallow_dressed

DEALS_KEPT = 4
"""How many deals' steps a :class:`MatchSteps` keeps (the deals asked for last)."""

PUBLIC_SEAT = -1
"""The seat of the public view: no hand, everything public (P-2), as ``game.view(-1)``."""


class DealSteps:
    """One finished deal of a match, every step of it kept as the state stood then.

    Made by :meth:`MatchSteps.deal`; its states are read-only copies of its own."""

    def __init__(self, match: MatchSteps, span: DealSpan, bare_states: tuple[GameState, ...]):
        self._match = match
        self.span = span
        """Where the deal stands in the match's log."""
        self._bare = bare_states
        """The state at each step, without its log and notes (see ``snapshots``)."""

    @property
    def deal_number(self) -> int:
        """The deal's number."""
        return self.span.deal_number

    @property
    def last_step(self) -> int:
        """The deal's last step (the state after its last record: the deal is over)."""
        return self.span.last_step

    def __len__(self) -> int:
        """How many steps the deal has (its records after its start, and the deal as dealt)."""
        return len(self._bare)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The card order the deal was dealt from, top first (G-11)."""
        return tuple(self._bare[0].deal.deck)

    @property
    def result(self) -> DealResult:
        """How the deal ended and what it paid (P-3: the hands it revealed are its lines')."""
        result = self._bare[-1].deal.result
        assert result is not None  # a finished deal's last step holds its result
        return result

    def _checked(self, step: int) -> GameState:
        if not self.span.has_step(step):
            raise NotReplayable("replay.no_step", self.deal_number, step)
        return self._bare[step]

    def peek(self, step: int) -> GameState:
        """The match at ``step`` without its log and notes, shared, not copied: only to be
        read (a review reads thousands of positions), never changed or handed out; use
        :meth:`state` for a copy of one's own.

        Raises:
            NotReplayable: ``replay.no_step`` for a step the deal does not have.
        """
        return self._checked(step)

    def hands(self, step: int) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand at ``step``, by seat, in the order the engine holds them."""
        return tuple(tuple(hand) for hand in self._checked(step).deal.hands)

    def records(self, step: int) -> tuple[ActionRecord, ...]:
        """The deal's records up to ``step`` as the public log holds them (the deal's start
        first, its card order cut out, P-2)."""
        self._checked(step)
        span = self.span
        return self._match.public_log[span.start : span.log_length(step)]

    def notes(self, step: int) -> tuple[TakeBackNote, ...]:
        """The take-back notes of this deal that stood by ``step`` (P-4)."""
        self._checked(step)
        length = self.span.log_length(step)
        return tuple(
            note
            for note in self._match.notes_by(length)
            if note.deal_number == self.deal_number and note.position > self.span.start
        )

    def state(self, step: int) -> GameState:
        """The whole match at ``step`` of this deal, as it stood then: an independent copy
        (changing it changes nothing here).

        Raises:
            NotReplayable: ``replay.no_step`` for a step the deal does not have.
        """
        bare = self._checked(step)
        length = self.span.log_length(step)
        return dressed(bare, self._match.log[:length], self._match.notes_by(length))

    def view(self, step: int, seat: int = PUBLIC_SEAT) -> PlayerView:
        """What ``seat`` saw at ``step`` (``game.view(seat)`` then; the public view, with no
        hand, for :data:`PUBLIC_SEAT`).

        Raises:
            NotReplayable: ``replay.no_step`` for a step the deal does not have.
        """
        bare = self._checked(step)
        length = self.span.log_length(step)
        match = self._match
        readable = shallow_dressed(bare, match.log[:length], match.notes_by(length))
        game = Game(readable)
        # The public log of the whole match is worked out once: the view takes its first
        # records, as Game.view takes them from the memo of a log that has only grown.
        game.public_log_memo = (length, match.log[length - 1], match.public_log[:length])
        return game.view(seat)


class MatchSteps:
    """A match's deals and, for each finished one, its steps (see the module's text).

    Args:
        state: The match as it stands (finished or not); it is read, never changed.
        deals_kept: How many deals' steps to keep at once (at least one).

    Raises:
        NotReplayable: ``replay.no_deal`` when the log does not begin with the first deal.
        ReplayError: when the log does not replay (a state no engine or save makes).
    """

    def __init__(self, state: GameState, *, deals_kept: int = DEALS_KEPT) -> None:
        self.deals: tuple[DealSpan, ...] = deal_spans(state)
        """Every deal of the log, in order, the deal in progress included."""
        if not self.deals:
            raise NotReplayable("replay.no_deal")
        self.finished_match: bool = state.deal.phase is Phase.MATCH_OVER
        """Whether the match is over (then every hand may be shown at every step)."""
        self.players: tuple[str, ...] = tuple(state.players)
        """The players' names by seat."""
        self.log: tuple[ActionRecord, ...] = tuple(state.log)
        """The match's log as it was given (records are frozen: shared, not copied)."""
        self.public_log: tuple[ActionRecord, ...] = Game(state).view(PUBLIC_SEAT).log
        """The log as every seat may see it: each deal's card order cut out (P-2)."""
        self.take_back_notes: tuple[TakeBackNote, ...] = tuple(state.take_back_notes)
        """The public notes of the moves taken back (P-4)."""
        self._by_number = {span.deal_number: span for span in self.deals}
        self._starts: dict[int, GameState] = {self.deals[0].deal_number: _opening(state)}
        """Each deal's step 0 found so far, bare."""
        self._kept: OrderedDict[int, DealSteps] = OrderedDict()
        self._deals_kept = max(1, deals_kept)

    def fresh(self) -> MatchSteps:
        """The same match's steps with caches of their own, for another thread (the review
        works in one while the replay is stepped): the deals' starts found so far are shared
        (never changed once kept), the deals' steps are built again on asking."""
        other = copy(self)
        other._starts = dict(self._starts)
        other._kept = OrderedDict()
        return other

    @property
    def replayable(self) -> tuple[DealSpan, ...]:
        """The deals that may be replayed: the finished ones, in order."""
        return tuple(span for span in self.deals if span.finished)

    def span(self, deal_number: int) -> DealSpan:
        """Where deal ``deal_number`` stands in the log, finished or not.

        Raises:
            NotReplayable: ``replay.no_deal`` when the log holds no such deal.
        """
        span = self._by_number.get(deal_number)
        if span is None:
            raise NotReplayable("replay.no_deal", deal_number)
        return span

    def notes_by(self, log_length: int) -> tuple[TakeBackNote, ...]:
        """The take-back notes that stood when the log held ``log_length`` records (each
        placed after no more records than that, P-4)."""
        return tuple(note for note in self.take_back_notes if note.position <= log_length)

    def deal(self, deal_number: int) -> DealSteps:
        """The steps of finished deal ``deal_number``, built on first asking.

        Raises:
            NotReplayable: ``replay.no_deal`` for a deal the log does not hold,
                ``replay.in_progress`` for the deal still being played.
        """
        span = self.span(deal_number)
        if not span.finished:
            raise NotReplayable("replay.in_progress", deal_number)
        kept = self._kept.get(deal_number)
        if kept is None:
            kept = self._build(span)
            self._kept[deal_number] = kept
            while len(self._kept) > self._deals_kept:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(deal_number)
        return kept

    def _build(self, span: DealSpan) -> DealSteps:
        """Replay one deal from its start, keeping the state at every step."""
        start = self._start(span)
        working = copied_model(start)
        bare = [start]
        for record in self.log[span.start + 1 : span.stop]:
            replay(working, (record,))
            working.log.clear()  # the records are the match's own: the copies are not kept
            bare.append(bare_copy(working))
        if span.stop < len(self.log):  # the next deal's start comes with one more record
            following = self.log[span.stop]
            if following.deal_number not in self._starts:
                replay(working, (following,))
                working.log.clear()
                self._starts[following.deal_number] = working
        return DealSteps(self, span, tuple(bare))

    def _start(self, span: DealSpan) -> GameState:
        """Step 0 of a deal, bare: the deals before it replayed once, from the latest start
        already found."""
        known = self._starts.get(span.deal_number)
        if known is not None:
            return known
        earlier = max(number for number in self._starts if number < span.deal_number)
        working = copied_model(self._starts[earlier])
        for deal in self.deals:
            if earlier <= deal.deal_number < span.deal_number:
                replay(working, self.log[deal.start + 1 : deal.stop + 1])
                working.log.clear()
                self._starts[self.log[deal.stop].deal_number] = bare_copy(working)
        return self._starts[span.deal_number]


def _opening(state: GameState) -> GameState:
    """The match as its first deal was dealt, bare: dealt again by the engine from the first
    deal's recorded card order, dealer and cut, as loading a save does.

    Raises:
        ReplayError: when the engine does not deal what the log's first record says.
    """
    first = state.log[0]
    assert isinstance(first.action, StartDeal)
    game = new_game(
        state.rules,
        state.players,
        seed=state.seed,
        deck=first.action.deck,
        dealer=state.first_dealer,
        take_backs=state.take_backs_on,
    )
    opening = game.state
    opening.cut = list(state.cut)
    dealt = opening.log[0]
    if (dealt.seat, dealt.action, dealt.deal_number) != (
        first.seat,
        first.action,
        first.deal_number,
    ):
        raise ReplayError(0, first, done=dealt)
    return bare_copy(opening)
