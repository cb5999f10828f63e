"""Opening the replay of a match, and carrying out what the players ask for in it.

The replay is opened from the score sheet (its key, or Enter on a deal's row), from the
end-of-match screen, from a finished match chosen on the Load screen, and by
``rummy replay NAME``. Each hands :func:`open_replay` a :class:`ReplaySource`; the replay of
the match is built from its log (:class:`~rummy_tui.replay.MatchSteps`), never from a live
session, and nothing it does changes the match, its save or the records. "Play this deal
again" starts a new match (:func:`~rummy_tui.replay.again.deal_again`) through the host, as
a new game from the menu does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy_tui.i18n import _
from rummy_tui.i18n.replay_words import not_replayable_words

if TYPE_CHECKING:
    from rummy_tui.core import Game
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.replay import MatchSteps
    from rummy_tui.ui.shell.host import TableHost
    from rummy_tui.ui.widgets.players import SeatLabel


@dataclass(frozen=True)
class ReplaySource:
    """A match to replay, with what the replay needs besides its log."""

    game: Game
    """The match (finished or not); only its log, notes and setup are read."""
    setup: MatchSetup | None
    """Its seats and options (None: names only, and no "deal again")."""
    save_name: str | None = None
    """Its save's name, for the top line and the name of a deal played again."""
    may_deal_again: bool = True
    """Whether this screen may start a new match (not a joined screen's)."""


def seat_labels(source: ReplaySource) -> tuple[SeatLabel, ...]:
    """Who played each seat: a person or a computer of a level."""
    from rummy_tui.ui.widgets import players

    names = source.game.players
    if source.setup is None:
        return tuple(players.SeatLabel(name=name) for name in names)
    return players.seat_labels(names, source.setup.seats)


def match_steps(host: TableHost, source: ReplaySource) -> MatchSteps | None:
    """The steps of the source's match, or None with a notice when its log does not replay
    (a state no engine or save makes: said, never a traceback)."""
    from rummy_tui.core.history import ReplayError
    from rummy_tui.replay import MatchSteps, NotReplayable

    try:
        return MatchSteps(source.game.state)
    except NotReplayable as refusal:
        host.notice(not_replayable_words(refusal.code, refusal.deal_number), "warning")
    except ReplayError as error:
        host.notice(
            _("The match's log does not replay at record {step}.").format(step=error.step + 1),
            "error",
        )
    return None


def open_replay(
    host: TableHost,
    source: ReplaySource,
    deal_number: int | None = None,
    then: Callable[[], None] | None = None,
) -> None:
    """Show the replay of ``source`` at deal ``deal_number`` (the first finished deal by
    default) as dealt; ``then`` runs when the players leave it (not after "deal again",
    which starts a new match). A match with no finished deal, or a deal not finished, is
    said in a notice and nothing opens."""
    from rummy_tui.replay import NotReplayable
    from rummy_tui.replay import open_replay as open_model
    from rummy_tui.ui.screens.replay import DealAgain, ReplayScreen

    steps = match_steps(host, source)
    if steps is None:
        if then is not None:
            then()
        return
    try:
        model = open_model(steps, deal_number)
    except NotReplayable as refusal:
        host.notice(not_replayable_words(refusal.code, refusal.deal_number), "warning")
        if then is not None:
            then()
        return
    screen = ReplayScreen(
        steps,
        model,
        seat_labels(source),
        host.settings,
        title=source.save_name or "",
        can_deal_again=source.may_deal_again and source.setup is not None,
    )

    def closed(result: DealAgain | None) -> None:
        if isinstance(result, DealAgain):
            play_deal_again(host, source, steps, result.deal_number)
        elif then is not None:
            then()

    host.show_screen(screen, closed)


def play_deal_again(
    host: TableHost, source: ReplaySource, steps: MatchSteps, deal_number: int
) -> None:
    """A new match that plays deal ``deal_number`` again (same seats, dealer, options and
    cards), kept apart from the records."""
    from rummy_tui.match.rerun import deal_again

    assert source.setup is not None  # the replay offers it only with a setup
    dealt = steps.deal(deal_number).state(0)
    setup, game = deal_again(source.setup, dealt, source.save_name or "")
    host.begin_match(setup, game)


def replay_opener(
    host: TableHost, source: ReplaySource, then: Callable[[], None] | None = None
) -> Callable[[int | None], None]:
    """What the score sheet calls to replay a deal of ``source`` (None: the first)."""

    def replay(deal_number: int | None) -> None:
        open_replay(host, source, deal_number, then)

    return replay
