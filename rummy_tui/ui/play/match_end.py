"""The end of a deal and of a match at the table: the hands revealed with the score
breakdown, recording the match, the whole score sheet with the winner, and the next match of
the same table.

The end-of-match screen posts :class:`~rummy_tui.ui.play.match_end_messages.MatchEnd` messages; the
app hands them to the match session, which knows the finished match and calls these
functions with it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING

from rummy_tui.i18n import _

if TYPE_CHECKING:
    from collections.abc import Callable

    from rummy_tui.core import Game, PlayerView
    from rummy_tui.match.setup import MatchSetup
    from rummy_tui.ui.play.replaying import ReplaySource
    from rummy_tui.ui.shell.host import TableHost


def show_deal_end(
    host: TableHost,
    view: PlayerView,
    game: Game,
    hints_used: list[int] | None,
    then: Callable[[str | None], None],
) -> None:
    """Reveal every hand of the deal in the public ``view`` with the score breakdown (P-3);
    ``then`` gets the players' choice when they close it."""
    from rummy_tui.match.sheet import score_sheet
    from rummy_tui.ui.screens.deal_end import DealEndScreen

    screen = DealEndScreen(view, host.settings, hints_used=hints_used, sheet=score_sheet(game))
    host.show_screen(screen, then)


def record_match(host: TableHost, setup: MatchSetup, game: Game, save_name: str | None) -> None:
    """Record the finished match (a match that is not saved, as in tests with autosave off,
    is not recorded either). A damaged or locked database never stops play: its notice is
    shown once, and the match's save waits to be recorded the next time the records can be
    written (see :mod:`rummy_tui.records.pending`)."""
    from rummy_tui.records.pending import remember_unrecorded

    if not host.autosave or not game.is_over:
        return
    records = host.data.records()
    finished_at = datetime.now(UTC)
    try:
        records.record_match(setup, game, finished_at)
    except Exception as error:  # never a traceback: records are a side line
        host.notice(_("The match could not be recorded: {error}").format(error=error), "warning")
        return
    if not records.on and save_name is not None:
        remember_unrecorded(host.data_dir, save_name, finished_at)
    notice = records.take_notice()
    if notice:
        host.notice(notice, "warning")


def show_match_end(host: TableHost, game: Game, source: ReplaySource | None = None) -> None:
    """The whole sheet with the winner, the chart, and the choice of Play again, New game or
    Title (posted back as messages); with ``source``, the replay of any deal."""
    from rummy_tui.match.sheet import score_sheet
    from rummy_tui.ui.play.replaying import replay_opener
    from rummy_tui.ui.screens.score_sheet import MatchEndScreen

    replay = replay_opener(host, source) if source is not None else None
    host.show_screen(MatchEndScreen(score_sheet(game), host.settings, replay=replay))


def play_again(host: TableHost, setup: MatchSetup, game: Game) -> None:
    """The same players and options, seats turned by one, a fresh shuffle."""
    from rummy_tui.match.rematch import play_again as next_match

    if not game.is_over:
        host.show_title()
        return
    try:
        next_setup, next_game = next_match(setup, game)
    except Exception as error:  # never a traceback
        host.notice(_("The next match could not be dealt: {error}").format(error=error), "error")
        host.show_title()
        return
    host.begin_match(next_setup, next_game)
