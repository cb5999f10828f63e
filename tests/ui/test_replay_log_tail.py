"""The replay's log panel holds the newest records only, with the take-back notes placed
among them as they were (``L`` shows the whole log)."""

from __future__ import annotations

from rummy_tui.core import Game
from rummy_tui.ui.screens.replay import log_tail
from tests.replay.matches import ENDLESS, play


def test_P4_the_log_tail_keeps_each_note_after_the_same_record() -> None:
    played = play("classic", 2, 2, ENDLESS["classic"], deals=1, take_backs=0.4)
    game: Game = played.game
    view = game.view(-1)
    assert view.take_back_notes, "the match needs take-backs"
    for keep in (1, 5, 17, len(view.log) - 1, len(view.log), len(view.log) + 3):
        tail = log_tail(view, keep)
        cut = max(0, len(view.log) - keep)
        assert tail.log == view.log[cut:]
        before = {
            (note.position, note.text) for note in view.take_back_notes if note.position >= cut
        }
        after = {(note.position + cut, note.text) for note in tail.take_back_notes}
        assert after == before
        for note in tail.take_back_notes:  # each after the same record as before
            if note.position:
                assert tail.log[note.position - 1] == view.log[note.position + cut - 1]
