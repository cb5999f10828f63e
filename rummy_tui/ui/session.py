"""The match session: the one owner of the match at the table.

A :class:`MatchSession` holds the game (through its :class:`~rummy_tui.ui.controller.Controller`,
which talks to the engine and saves after every move), the hands' order, the seat at the
keyboard, the computer players' moves, take-backs, and what the table shows next. The app keeps
one session while a match is at the table and hands it the table's messages; the table screen
gets views and posts messages (attributes down, messages up) and asks its questions through
the session's read-only :class:`TableAnswers`.

Every move goes through :meth:`MatchSession.act`, whoever makes it: a person at the table (the
screen's :class:`~rummy_tui.ui.table_messages.Act`), a computer player (its worker's choice,
:mod:`rummy_tui.ui.computer_moves`), or the next deal dealt from the end-of-deal screen. The
controller applies it and saves; then :meth:`MatchSession.moved` alone decides what the table
shows next: the same player's hand, the next player's hand after a hand-off, a computer's move,
or the end of the deal. A take-back (P-4) ends in the same :meth:`moved`.
"""

from __future__ import annotations

import time
from enum import StrEnum
from functools import partial
from typing import TYPE_CHECKING

from rummy_tui.core import Action, ActionRecord, Phase, StartDeal
from rummy_tui.core.offers import offers
from rummy_tui.i18n import _
from rummy_tui.ui import match_end, table_menus
from rummy_tui.ui.computer_moves import ComputerChoice, ComputerMoves
from rummy_tui.ui.controller import Controller, Outcome
from rummy_tui.ui.handoff_lines import computers_first, turn_under_way
from rummy_tui.ui.refusal_text import refusal_text
from rummy_tui.ui.screens.table import TableScreen
from rummy_tui.ui.session_answers import TableAnswers
from rummy_tui.ui.table_messages import Wish
from rummy_tui.ui.table_text import Mode
from rummy_tui.ui.widgets.players import SeatLabel

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.text import Text

    from rummy_tui.core import PlayerView
    from rummy_tui.core.state import TakeBackNote
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.settings import DisplaySettings

STREAK_DRAW_EVERY = 0.2
"""While computers move one after another, the table is redrawn at most this often (seconds).
At the "instant" pace a 12-seat table would otherwise lay out the whole screen after every
computer move, faster than anyone can read; at every slower pace each move is still drawn.
The table is always drawn when the streak ends (a person's turn, the end of the deal) and
before a computer's move waits behind a menu."""


class Source(StrEnum):
    """Who made a move."""

    PERSON = "person"
    COMPUTER = "computer"
    DEALER = "dealer"
    """The next deal, dealt when the players close the end-of-deal screen."""


class MatchSession:
    """One match at the table: applies moves from every source, saves, and decides the next
    screen."""

    def __init__(self, host: TableHost, controller: Controller) -> None:
        self.host = host
        self.controller = controller
        # Every refusal the table shows is written by one function, with the table's cards.
        controller.words = lambda error: refusal_text(error, host.settings)
        labels = tuple(
            SeatLabel(name=name, bot_level=seat.kind.value if seat.kind.is_bot else None)
            for name, seat in zip(controller.players, controller.setup.seats, strict=False)
        )
        self.table = TableScreen(
            controller.public_view(),
            labels,
            host.settings,
            controller.hands,
            TableAnswers(controller),
            hints=controller.setup.hints,
        )
        """The table screen of this match."""
        self.keyboard_seat: int | None = None
        """The human whose hand was last shown (no hand-off while they keep the keyboard)."""
        self.handoff_due = False
        """A resumed match: the first person to play gets a hand-off even when computer
        players move first (nobody knows who sat down at the keyboard)."""
        self.computers = ComputerMoves(host)
        self._bot_waiting: ComputerChoice | None = None
        """A computer's move chosen while a screen (menu, help, hint) covered the table: it is
        made when the table is back on top."""
        self.clock: Callable[[], float] = time.monotonic
        """The clock that paces redraws during a computers' streak."""
        self._streak_drawn_at: float | None = None
        """When the table was last drawn during the current computers' streak (None: no
        streak, the next computer's turn is drawn)."""
        self._streak_stale = False
        """A computer's turn was not drawn yet (the table shows an earlier moment)."""

    # ------------------------------------------------------------------ opening and closing

    def open(self) -> None:
        """Put the table up (the first hand-off or the cut comes over it)."""
        self.host.show_screen(self.table)
        self.note_saved()

    def close(self) -> None:
        """The table is put away: computers stop, and the save is let go (another window may
        open the match now)."""
        self.stop_bots()
        self.controller.saving.close()

    def save_now(self) -> None:
        """Save the match with the players' hand orders (when leaving the table)."""
        self.controller.autosave()

    @property
    def unsaved(self) -> bool:
        """Whether the newest move is not in the save."""
        return self.controller.saving.unsaved

    def holds_last_move(self) -> bool:
        """Whether the save holds the match's newest move."""
        return self.controller.saving.holds_last_move(self.controller.game)

    def restyle(self, settings: DisplaySettings) -> None:
        """Redraw the table with new display settings (and the language in use)."""
        self.table.restyle(settings)

    def language_changed(self) -> None:
        """Another language is spoken: the table's words again."""
        self.note_saved()
        self.table.restyle(self.host.settings)

    # ------------------------------------------------------------------ the one road

    def act(self, action: Action, source: Source) -> Outcome:
        """Apply ``action`` (save included); on success the table moves on. A refusal is
        returned unchanged for the source to answer (a person sees the reason)."""
        outcome = self.controller.apply(action)
        if outcome.ok:
            self.moved(outcome.record, new_deal=isinstance(action, StartDeal))
        return outcome

    def moved(self, record: ActionRecord | TakeBackNote | None, new_deal: bool = False) -> None:
        """After a move or a take-back: the save note, the move's line, and the next screen."""
        self.note_saved()
        self.table.moved(record)
        controller = self.controller
        if controller.phase is Phase.MATCH_OVER:
            match_end.record_match(
                self.host, controller.setup, controller.game, controller.saving.name
            )
        if (
            not new_deal
            and controller.phase in (Phase.DRAW, Phase.PLAY)
            and controller.current == self.keyboard_seat
            and not controller.is_bot(controller.current)
        ):
            self.show_hand(controller.current, Mode.PLAY)
            return
        self.next_turn(force_handoff=new_deal)

    def person_acts(self, action: Action) -> None:
        """The player at the keyboard asked for ``action`` (refused: the reason, in red)."""
        if self.table.mode is not Mode.PLAY:
            return
        outcome = self.act(action, Source.PERSON)
        if not outcome.ok:
            self.table.refused(outcome.reason or _("That move is not allowed."))

    def take_back(self, seat: int | None = None) -> None:
        """The person at the keyboard (or ``seat``: the one whose discard the hand-off offered
        to take back, now at the keyboard after the gate) takes back their newest move, if
        the core allows it (P-4). A computer still thinking stops; the keyboard stays with
        (or returns to) the mover, with no further hand-off."""
        mover = self.keyboard_seat if seat is None else seat
        if mover is None:
            refusal = _("Only the player at the keyboard may take back a move ({rule}).").format(
                rule="P-4"
            )
        else:
            result = self.controller.take_back(mover)  # the core checks once, replays once
            if not isinstance(result, str):
                self.stop_bots()
                self._bot_waiting = None
                self.keyboard_seat = mover
                self.moved(result)
                return
            refusal = result
        refusal = refusal or _("Nothing can be taken back now ({rule}).").format(rule="P-4")
        if seat is None:
            self.table.refused(refusal)
        else:
            self._refused_from_hand_off(refusal)

    def _refused_from_hand_off(self, refusal: str) -> None:
        """A take-back asked for with the hand-off's u was refused: the reason as a notice
        (the table is covered), and the hand-off comes back."""
        self.host.notice(refusal, "warning")
        self.next_turn(force_handoff=True)

    def note_saved(self) -> None:
        """The save state in the table's top line."""
        self.table.set_saved_note(self.controller.saving.note)

    # ------------------------------------------------------------------ what the table shows

    def show_hand(self, seat: int, mode: Mode) -> None:
        """``seat``'s hand on the table, played or watched, with what the core offers it now
        (its cards drawn this turn among them)."""
        view = self.controller.view(seat)
        self.table.show(view, mode, offers(self.controller.game, seat))

    def _hide_hand(self) -> PlayerView:
        """No hand on the table (the public view, which is returned)."""
        view = self.controller.public_view()
        self.table.hide_hand(view)
        return view

    def next_turn(self, force_handoff: bool = False) -> None:
        """Show whatever comes next: the end of the deal, a computer's move, or the next
        player's hand (after a hand-off when someone else takes the keyboard).

        With two or more people at the table the keyboard is passed on before any computer
        moves: when a computer is to play and the keyboard is not with the person who plays
        after it, that person's hand-off comes first (it offers the discard back, P-4, as any
        hand-off does), and the computers play once it is passed, the person watching their
        own hand meanwhile."""
        controller = self.controller
        if controller.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            self._end_streak()
            self.show_deal_end()
            return
        seat = controller.current
        humans = controller.human_seats
        if controller.is_bot(seat):
            person, computers = self._next_person()
            if len(humans) > 1 and person is not None and person != self.keyboard_seat:
                self._end_streak()
                self._hand_off(person, computers_first(computers))
                return
            now = self.clock()
            drawn = self._streak_drawn_at
            if drawn is None or now - drawn >= STREAK_DRAW_EVERY:
                self._streak_drawn_at = now
                self._draw_computer_turn()
            else:
                self._streak_stale = True
            self.start_bot(seat)
            return
        self._end_streak()
        if force_handoff or self.handoff_due or (seat != self.keyboard_seat and len(humans) > 1):
            under_way = turn_under_way(controller.public_view(), seat, self.table.settings)
            self._hand_off(seat, under_way)
            return
        self.keyboard_seat = seat
        self.show_hand(seat, Mode.PLAY)

    def _next_person(self) -> tuple[int | None, int]:
        """The person who plays next from the seat to act on, and how many computers play
        before them (None and 0 without people at the table)."""
        controller = self.controller
        for computers, seat in enumerate(controller.public_view().turn_order()):
            if not controller.is_bot(seat):
                return seat, computers
        return None, 0

    def _hand_off(self, seat: int, next_note: Text | str | None = None) -> None:
        """The hand-off to the person in ``seat`` (P-1): no hand on the table until their
        Enter. It offers the discard that ended the last turn back to its player while the
        core allows it (P-4)."""
        from rummy_tui.ui.screens.handoff import HandoffScreen

        controller = self.controller
        view = self._hide_hand()
        self.keyboard_seat = None
        self.handoff_due = False
        # Translators: the hand-off's line under the name: variant · deal number · player.
        context = _("{variant} · deal {number} · {player} to play").format(
            variant=_(view.rules.name),
            number=view.deal_number,
            player=controller.players[view.current],
        )
        # P-4: the discard that ended the turn may be taken back until Enter is pressed.
        mover = controller.mover_to_take_back()
        if mover == seat:
            mover = None  # the named player's own move of this turn: u at the table after Enter
        offer = None
        if mover is not None:
            offer = _("{player} may still press u to take back the discard.").format(
                player=controller.players[mover]
            )
        screen = HandoffScreen(
            controller.players[seat],
            context,
            since=view.log,
            settings=self.table.settings,
            seat=seat,
            take_back=offer,
            next_note=next_note,
            under_way=view.current == seat and view.phase is Phase.PLAY,
        )
        self.host.show_screen(screen, partial(self._handed_over, seat, mover))

    def _end_streak(self) -> None:
        """No computer is moving now: the next computer's turn is drawn at once."""
        self._streak_drawn_at = None
        self._streak_stale = False

    def _draw_computer_turn(self) -> None:
        """The table while a computer plays: the hand of the person at the keyboard watched
        (the one person at the table, or the person who plays after the computers), else no
        hand."""
        watcher = self.keyboard_seat
        self._streak_stale = False
        if watcher is not None and not self.controller.is_bot(watcher):
            self.show_hand(watcher, Mode.WATCH)
        else:
            self._hide_hand()

    def _handed_over(self, seat: int, mover: int | None, choice: str | None) -> None:
        if choice == "take_back" and mover is not None:
            self._take_back_gate(seat, mover)
            return
        if choice == "leave":
            self.leave_table(on_cancel=partial(self.next_turn, True))
            return
        self.keyboard_seat = seat
        if self.controller.is_bot(self.controller.current):
            self.next_turn()  # the computers before this person play; the person watches
            return
        self.show_hand(seat, Mode.PLAY)

    def _take_back_gate(self, seat: int, mover: int) -> None:
        """``u`` on the hand-off for ``seat``: the gate for ``mover``, whose discard comes back
        after their own Enter (P-1, P-4); Esc goes back to the hand-off for ``seat``."""
        from rummy_tui.ui.screens.handoff import TakeBackGate

        refusal = self.controller.take_back_reason(mover)
        if refusal is not None:
            self._refused_from_hand_off(refusal)
            return
        players = self.controller.players

        def passed(choice: str | None) -> None:
            if choice == "go":
                self.take_back(mover)
            elif choice == "leave":
                self.leave_table(on_cancel=partial(self.next_turn, True))
            else:
                self.next_turn(force_handoff=True)

        gate = TakeBackGate(players[mover], players[seat], settings=self.table.settings)
        self.host.show_screen(gate, passed)

    def show_deal_end(self) -> None:
        """Reveal every hand with the score breakdown (P-3)."""
        from rummy_tui.match.sheet import score_sheet
        from rummy_tui.ui.screens.deal_end import DealEndScreen

        controller = self.controller
        view = self._hide_hand()
        self.keyboard_seat = None
        screen = DealEndScreen(
            view,
            self.host.settings,
            hints_used=controller.hints_in_deal(view.deal_number),
            sheet=score_sheet(controller.game),
        )
        self.host.show_screen(screen, self._deal_end_closed)

    def _deal_end_closed(self, choice: str | None) -> None:
        if choice == "leave":
            self.leave_table(on_cancel=self.show_deal_end)
            return
        if self.controller.phase is Phase.MATCH_OVER:
            self.show_match_end()
            return
        outcome = self.act(StartDeal(), Source.DEALER)
        if not outcome.ok:
            self.host.notice(outcome.reason or _("The next deal could not be dealt."), "error")

    def show_match_end(self) -> None:
        """The whole sheet with the winner and the way on (play again, new game, title)."""
        self.stop_bots()
        match_end.show_match_end(self.host, self.controller.game)

    def play_again(self) -> None:
        """The same players and options, seats turned by one, a fresh shuffle."""
        match_end.play_again(self.host, self.controller.setup, self.controller.game)

    # ------------------------------------------------------------------ menus over the table

    def wants(self, wish: Wish) -> None:
        """A menu over the table: the hint, the help, the score sheet or the leave menu."""
        if wish == "hint":
            self.show_hint()
        elif wish == "help":
            self.show_help()
        elif wish == "sheet":
            table_menus.show_sheet(self.host, self.controller.game)
        else:
            self.leave_table()

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table (saved once more first)."""
        self.save_now()
        note = self.controller.saving.leave_note()
        table_menus.leave_table(self.host, note, self.save_now, on_cancel)

    def show_help(self) -> None:
        """The keys, the display switches and the rules."""
        game, hints = self.controller.game, self.controller.setup.hints
        table_menus.show_help(
            self.host, self.table, game.rules, hints, game.state.seed, self.restyle
        )

    def show_hint(self) -> None:
        """What the hint engine suggests for the player at the keyboard."""
        if self.keyboard_seat is not None:
            table_menus.show_hint(self.host, self.controller.hint_for(self.keyboard_seat))

    # ------------------------------------------------------------------ computer players

    def stop_bots(self) -> None:
        """A computer still thinking stops at once (its choice is dropped)."""
        self.computers.stop()
        self._end_streak()

    def start_bot(self, seat: int) -> None:
        """Let the computer in ``seat`` choose its next action in a worker thread."""
        controller = self.controller
        self.computers.start(
            controller.bot_for(seat),
            controller.view(seat),
            controller.legal_actions(),
            controller.setup.bot_delay,
            self._bot_chose,
        )

    def _bot_chose(self, choice: ComputerChoice) -> None:
        if not self.computers.is_current(choice):
            return
        if not self.host.is_on_top(self.table):
            # A menu or the help is open over the table: the computer waits for it to close,
            # and the table under it shows the moment the computer is about to move.
            if self._streak_stale:
                self._draw_computer_turn()
            self._bot_waiting = choice
            return
        self._bot_waiting = None
        if choice.error:
            self.host.notice(choice.error, "warning")
        action = choice.action
        outcome = self.act(action, Source.COMPUTER) if action is not None else None
        if outcome is None or not outcome.ok:
            legal = self.controller.legal_actions()
            if not legal or not self.act(legal[0], Source.COMPUTER).ok:
                self.host.notice(_("The computer player cannot move; the match is stuck."), "error")

    def table_resumed(self) -> None:
        """The table is on top again: make the computer's move that waited for it."""
        waiting, self._bot_waiting = self._bot_waiting, None
        if waiting is not None:
            self.host.soon(self._bot_chose, waiting)
