"""The hand-off between turns (P-1) and its take-back gate (P-4), as the match session shows
them.

The table's rules (:mod:`rummy_tui.table`) decide when the keyboard is handed on, and to whom
the discard that ended the last turn is offered back (P-4); this module shows what they
decide: :func:`hand_off` (no hand on the table until the named person's Enter) and the gate
(:func:`take_back_gate`), and posts each answer back to them as an event. These functions
come after a move is saved: they are no step on the road of a move to the disk.

The app keeps one hand-off screen installed and fills it again for every hand-off: a new
screen is composed, mounted and laid out several times before it settles, a kept one is laid
out once.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Literal, Protocol

from rich.text import Text

from rummy_tui.core import Phase, PlayerView
from rummy_tui.i18n import _, ngettext
from rummy_tui.table.effects import ShowHandOff
from rummy_tui.table.events import GateAnswered, HandOffAnswered
from rummy_tui.ui.play.render import card_text, cards_text, fill
from rummy_tui.ui.shell.settings import DisplaySettings

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.table.events import Event
    from rummy_tui.ui.play.controller import Controller
    from rummy_tui.ui.screens.handoff import Gate, HandoffScreen
    from rummy_tui.ui.screens.table import TableScreen
    from rummy_tui.ui.shell.host import TableHost


class HandingOn(Protocol):
    """The match session, as the hand-off sees it."""

    host: TableHost
    controller: Controller
    table: TableScreen
    game: Game

    def dispatch(self, event: Event) -> None:
        """The table's rules take the hand-off's answer (:func:`rummy_tui.table.step`)."""
        ...


KEPT_NAME = "hand-off"
"""The name the app keeps the table's hand-off screen installed under (a new screen costs
several frames to build and lay out, a kept one one frame)."""


def hand_off(session: HandingOn, effect: ShowHandOff) -> None:
    """The hand-off to the person in ``effect.seat`` (P-1): no hand on the table until their
    Enter. It offers the discard that ended the last turn back to the player the table's
    rules name (P-4), and says when computers play first or the turn is half played."""
    from rummy_tui.ui.screens.handoff import Gate

    controller = session.controller
    seat, mover = effect.seat, effect.offer
    view = controller.public_view()
    # Translators: the hand-off's line under the name: variant · deal number · player.
    context = _("{variant} · deal {number} · {player} to play").format(
        variant=_(view.rules.name),
        number=view.deal_number,
        player=controller.players[view.current],
    )
    offer = None
    if mover is not None:
        offer = _("{player} may still press u to take back the discard.").format(
            player=controller.players[mover]
        )
    settings = session.table.settings
    if effect.computers_before is not None:
        next_note: Text | str | None = computers_first(effect.computers_before)
    else:
        next_note = turn_under_way(view, seat, settings)
    gate = Gate(
        controller.players[seat],
        context,
        since=view.log,
        settings=settings,
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
    answer: Literal["enter", "take_back", "leave"] = (
        "take_back" if choice == "take_back" else "leave" if choice == "leave" else "enter"
    )
    session.dispatch(HandOffAnswered(seat, mover, answer))


def take_back_gate(session: HandingOn, seat: int, mover: int) -> None:
    """The gate for ``mover``, whose discard comes back after their own Enter (P-1, P-4);
    Esc goes back to the hand-off for ``seat`` (the table's rules checked that it may)."""
    from rummy_tui.ui.screens.handoff import TakeBackGate

    players = session.controller.players

    def passed(choice: str | None) -> None:
        answer: Literal["go", "back", "leave"] = (
            "go" if choice == "go" else "leave" if choice == "leave" else "back"
        )
        session.dispatch(GateAnswered(mover, seat, answer))

    gate = TakeBackGate(players[mover], players[seat], settings=session.table.settings)
    session.host.show_screen(gate, passed)


# ---------------------------------------------------------------------------- the words
# The last line of the hand-off's summary says what the named player will see after Enter when
# that is not simply the start of their turn: computer players who move first while the named
# player watches their own hand (P-4: the keyboard is passed on before a computer moves), or a
# turn half played when a save is resumed after the draw. Only public facts are named (P-1,
# P-2): a card taken from the discard pile, never a card drawn from the stock.

NOTE_STYLE = "bold"


def computers_first(count: int) -> str:
    """The hand-off's last line when ``count`` computer players move before the named
    player, who watches their own hand meanwhile."""
    if count == 1:
        return _(
            "Next a computer player takes its turn; you see your hand meanwhile, then you play."
        )
    return ngettext(
        "Next {n} computer player takes its turn; you see your hand meanwhile, then you play.",
        "Next {n} computer players take their turns; you see your hand meanwhile, then you play.",
        count,
    ).format(n=count)


def turn_under_way(view: PlayerView, seat: int, settings: DisplaySettings) -> Text | None:
    """The hand-off's last line when ``seat`` has drawn already and has not ended the turn
    (a save resumed mid-turn), or None when the turn has not started. ``view`` may be the
    public view: only public cards are named."""
    if view.current != seat or view.phase is not Phase.PLAY:
        return None
    if view.must_use is not None:
        return fill(
            # Translators: Rummy 500, a save resumed mid-turn; {card} is the deepest card taken.
            _(
                "You are half-way through your turn: you must still use the {card} "
                "you took from the discard pile."
            ),
            NOTE_STYLE,
            card=card_text(view.must_use, settings),
        )
    if view.taken_from_discard:
        return fill(
            # Translators: a save resumed mid-turn; {cards} are the cards taken this turn.
            _(
                "You are half-way through your turn: you took {cards} from the discard pile "
                "and have not discarded yet."
            ),
            NOTE_STYLE,
            cards=cards_text(view.taken_from_discard, settings),
        )
    return Text(
        _(
            "You are half-way through your turn: you drew from the stock and have not "
            "discarded yet."
        ),
        style=NOTE_STYLE,
    )
