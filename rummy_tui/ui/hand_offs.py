"""The hand-off between turns (P-1) and its take-back gate (P-4), as the match session shows
them.

The match session hands the keyboard on with :func:`hand_off`: no hand is on the table until
the named person's Enter. The hand-off offers the discard that ended the last turn back to its
player while the core allows it; their ``u`` there opens the gate (:func:`take_back_gate`),
and after the mover's own Enter the session takes the move back. These functions come after a
move is saved: they are no step on the road of a move to the disk.

The app keeps one hand-off screen installed and fills it again for every hand-off: a new
screen is composed, mounted and laid out several times before it settles, a kept one is laid
out once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from rummy_tui.core import Phase
from rummy_tui.i18n import _
from rummy_tui.ui.table_text import Mode

if TYPE_CHECKING:
    from rich.text import Text

    from rummy_tui.core import Game, IllegalAction, PlayerView
    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.host import TableHost
    from rummy_tui.ui.screens.handoff import Gate, HandoffScreen
    from rummy_tui.ui.screens.table import TableScreen


class HandingOn(Protocol):
    """The match session, as the hand-off sees it."""

    host: TableHost
    controller: Controller
    table: TableScreen
    game: Game
    keyboard_seat: int | None
    handoff_due: bool

    def seat_may_not_take_back(self, seat: int | None) -> str | None:
        """Why ``seat`` is not a person at this table who may take back a move, or None."""
        ...

    def take_back_refusal(self, seat: int | None = None) -> IllegalAction | None:
        """The core's reason why ``seat`` may not take back the newest move now (P-4)."""
        ...

    def turn_opened(self) -> None:
        """The seat to act starts its turn at this keyboard (P-4: the discard before it is
        taken back no more)."""
        ...

    def hide_hand(self) -> PlayerView:
        """No hand on the table (the public view, which is returned)."""
        ...

    def show_hand(self, seat: int, mode: Mode) -> None:
        """``seat``'s hand on the table, played or watched."""
        ...

    def next_turn(self, force_handoff: bool = False) -> None:
        """Show whatever comes next."""
        ...

    def take_back(self, seat: int | None = None) -> None:
        """``seat`` takes back their newest move (P-4)."""
        ...

    def leave_table(self, on_cancel: Callable[[], object] | None = None) -> None:
        """Ask whether to leave the table."""
        ...


KEPT_NAME = "hand-off"
"""The name the app keeps the table's hand-off screen installed under (a new screen costs
several frames to build and lay out, a kept one one frame)."""


def hand_off(session: HandingOn, seat: int, next_note: Text | str | None = None) -> None:
    """The hand-off to the person in ``seat`` (P-1): no hand on the table until their
    Enter. It offers the discard that ended the last turn back to its player while the
    core allows it (P-4)."""
    from rummy_tui.ui.screens.handoff import Gate

    controller = session.controller
    view = session.hide_hand()
    session.keyboard_seat = None
    session.handoff_due = False
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
    elif mover is not None and session.seat_may_not_take_back(mover) is not None:
        mover = None  # a seat on its own screen takes its discard back there
    elif mover is not None and session.take_back_refusal(mover) is not None:
        mover = None  # the hand-off was passed once already (a shared match knows it)
    offer = None
    if mover is not None:
        offer = _("{player} may still press u to take back the discard.").format(
            player=controller.players[mover]
        )
    gate = Gate(
        controller.players[seat],
        context,
        since=view.log,
        settings=session.table.settings,
        seat=seat,
        take_back=offer,
        next_note=next_note,
        under_way=view.current == seat and view.phase is Phase.PLAY,
    )
    session.host.show_screen(
        _gate_screen(session.host, gate), partial(_handed_over, session, seat, mover)
    )


def _gate_screen(host: TableHost, gate: Gate) -> HandoffScreen:
    """The app's kept hand-off screen showing ``gate`` (made and kept the first time; a new
    one should the kept one be on the stack still)."""
    from rummy_tui.ui.screens.handoff import HandoffScreen

    if not host.is_screen_installed(KEPT_NAME):
        screen = HandoffScreen(gate)
        host.install_screen(screen, KEPT_NAME)
        return screen
    kept = host.get_screen(KEPT_NAME)
    if isinstance(kept, HandoffScreen) and not _on_stack(kept):
        kept.pass_to(gate)
        return kept
    return HandoffScreen(gate)


def take_down_hand_off(host: TableHost) -> None:
    """Put away the hand-off (or its take-back gate) on top, if one is: another screen's move
    changed whose turn it is (its answer is not wanted any more)."""
    from rummy_tui.ui.screens.handoff import HandoffScreen, TakeBackGate

    top = host.top_screen()
    if isinstance(top, (HandoffScreen, TakeBackGate)):
        host.take_down(top)


def shared_news_may_show(host: TableHost, table: TableScreen) -> bool:
    """Whether another screen's move may be shown now: nothing covers the table but a
    hand-off (a menu, a question or the end of the deal shows it once it closes)."""
    from rummy_tui.ui.screens.handoff import HandoffScreen, TakeBackGate

    top = host.top_screen()
    return top is table or isinstance(top, (HandoffScreen, TakeBackGate))


def _on_stack(screen: HandoffScreen) -> bool:
    """Whether ``screen`` is on the app's screen stack (shown, or under another screen)."""
    try:
        return screen in screen.app.screen_stack
    except Exception:  # pragma: no cover - not attached to an app
        return False


def _handed_over(session: HandingOn, seat: int, mover: int | None, choice: str | None) -> None:
    if choice == "take_back" and mover is not None:
        take_back_gate(session, seat, mover)
        return
    if choice == "leave":
        session.leave_table(on_cancel=partial(session.next_turn, True))
        return
    session.keyboard_seat = seat
    session.turn_opened()  # P-4: the keyboard is passed on; the discard stays
    if session.controller.is_bot(session.controller.current):
        session.next_turn()  # the computers before this person play; the person watches
        return
    session.show_hand(seat, Mode.PLAY)


def take_back_gate(session: HandingOn, seat: int, mover: int) -> None:
    """``u`` on the hand-off for ``seat``: the gate for ``mover``, whose discard comes back
    after their own Enter (P-1, P-4); Esc goes back to the hand-off for ``seat``."""
    from rummy_tui.ui.screens.handoff import TakeBackGate

    refusal = take_back_reason(session, mover)
    if refusal is not None:
        refused(session, refusal)
        return
    players = session.controller.players

    def passed(choice: str | None) -> None:
        if choice == "go":
            session.take_back(mover)
        elif choice == "leave":
            session.leave_table(on_cancel=partial(session.next_turn, True))
        else:
            session.next_turn(force_handoff=True)

    gate = TakeBackGate(players[mover], players[seat], settings=session.table.settings)
    session.host.show_screen(gate, passed)


def take_back_reason(session: HandingOn, seat: int) -> str | None:
    """The one-sentence reason why ``seat`` may not take back the newest move now (the
    core's refusal in words), or None when it may. Computer players are never offered a
    take-back."""
    refusal = session.seat_may_not_take_back(seat)
    if refusal is not None:
        return refusal
    try:
        core_refusal = session.take_back_refusal(seat)
    except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
        return _("That move could not be taken back: {error}.").format(error=error)
    return None if core_refusal is None else session.controller.words(core_refusal)


def refused(session: HandingOn, refusal: str) -> None:
    """A take-back asked for with the hand-off's u was refused: the reason as a notice
    (the table is covered), and the hand-off comes back."""
    session.host.notice(refusal, "warning")
    session.next_turn(force_handoff=True)
