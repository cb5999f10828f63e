"""P-4 and P-5 end to end in a real terminal: a two-deal Classic match (``--option
deal_limit=2 --option target_score=none``) played to its end with key presses, a take-back of
a pile take, the score sheet opened with ``c`` on the table and from the end-of-deal screen,
the chart, and the end-of-match screen with the whole sheet, Play again from there, and the
finished match found by ``rummy stats``."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from rummy_tui.core import StartDeal, get_variant, new_game
from tests.ui.tmux_driver import Driver, Terminal

ROOT = Path(__file__).resolve().parents[2]
SEED = 7

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def test_P5_two_deal_classic_match_with_the_score_sheet_in_tmux() -> None:
    command = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    data_dir = tempfile.mkdtemp(prefix="rummy-sheet-")
    terminal = Terminal(f"rummy-sheet-{os.getpid()}", width=100, height=30)
    game = new_game(
        get_variant("classic", target_score=None, deal_limit=2), ["Anna", "Bob"], seed=SEED
    )
    driver = Driver(terminal, game, SEED)
    terminal.start(
        f"{command} --data-dir {shlex.quote(data_dir)} new --variant classic "
        f"--players Anna,Bob --seed {SEED} --option deal_limit=2 --option target_score=none"
    )
    try:
        driver.play_deal()
        # the sheet from the end-of-deal screen: deal 1 and the totals
        terminal.keys("c")
        sheet = terminal.wait_for(lambda t: "Sheet/Chart" in t, "the score sheet")
        assert "Deal" in sheet and "Total" in sheet and "1 of 2 deals" in sheet
        for total in game.state.scores:
            assert str(total) in sheet
        terminal.keys("Escape")
        terminal.wait_for(lambda t: "is over" in t, "the end of deal 1 again")
        terminal.keys("Enter")
        game.apply(StartDeal())
        # deal 2: the first player opens the sheet with c on the table, then plays on
        terminal.wait_for(lambda t: "Pass to" in t, "the first hand-off of deal 2")
        terminal.keys("Enter")
        name = game.players[game.current]
        terminal.wait_for(lambda t: f"{name}'s hand ·" in t, f"{name}'s hand")
        terminal.keys("c")
        sheet = terminal.wait_for(lambda t: "Sheet/Chart" in t, "the sheet over the table")
        assert "deal 2 in play" in sheet
        assert not any(glyph in sheet for glyph in "♣♦♥♠")  # public only (P-2)
        terminal.keys("v")
        chart = terminal.wait_for(lambda t: "Running totals" in t, "the chart")
        assert "Anna" in chart and "Bob" in chart
        terminal.keys("Escape")
        terminal.wait_for(lambda t: f"{name}'s hand ·" in t, "the table again")
        # a take-back (P-4): take the top discard, then u puts it back; the log says so and
        # the turn goes on as if the card had never been taken
        terminal.keys("t")
        terminal.wait_for(lambda t: "from the discard pile" in t, "the pile take")
        terminal.keys("u")
        undone = terminal.wait_for(lambda t: f"{name} took back" in t, "the take-back note")
        assert "Draw a card" in undone
        end = driver.play_deal(cut=False)
        assert game.is_over and "final score sheet" in end
        terminal.keys("Enter")
        final = terminal.wait_for(lambda t: "Play again" in t, "the end-of-match screen")
        winner = game.players[game.state.winners[0]]
        assert f"{winner} wins the match!" in final
        assert "2 of 2 deals" in final and "match over" in final
        for total in game.state.scores:
            assert str(total) in final
        # Play again: the same table, seats turned by one, a fresh match from its first hand-off
        terminal.keys("p")
        again = terminal.wait_for(lambda t: "Pass to" in t, "the new match's hand-off")
        assert "deal 1" in again
        assert not any(glyph in again for glyph in "♣♦♥♠")
        terminal.keys("q")
        terminal.wait_for(lambda t: "Leave the table?" in t, "the leave question")
        terminal.keys("3")
        terminal.wait_for(lambda t: "EXIT-0" in t, "the shell prompt")
        # the finished match is in the records
        terminal.keys("clear", "Enter")
        terminal.keys(
            f"{command} --data-dir {shlex.quote(data_dir)} stats --variant classic; echo STATS-$?",
            "Enter",
            literal_first=True,
        )
        stats = terminal.wait_for(lambda t: "STATS-0" in t, "rummy stats")
        assert "Anna" in stats and "Bob" in stats
    finally:
        terminal.stop()
        shutil.rmtree(data_dir, ignore_errors=True)
