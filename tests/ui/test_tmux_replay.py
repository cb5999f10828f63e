"""The replay, the review and "deal again" in a real terminal (issue 32), in English and
Finnish, at 80x24 and 120x40: Load -> a finished Rummy 500 match -> its score sheet -> the
replay -> steps -> another deal from the picker -> the review -> a claim followed to its move
-> the deal played again, dealt as it was."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from rummy_tui.i18n import _, current_language, set_language
from rummy_tui.i18n.deal_words import deal_number_words
from rummy_tui.i18n.replay_words import (
    REPLAY,
    deal_again_question,
    pick_deal_question,
    step_words,
)
from rummy_tui.i18n.review_words import seat_heading
from rummy_tui.replay import MatchSteps
from rummy_tui.review import review_match
from tests.replay.saved import save_match
from tests.ui.tmux_driver import Terminal

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@contextmanager
def language(code: str) -> Iterator[None]:
    """Words worked out in ``code`` (the game's own sentences, for what the screen shows)."""
    before = current_language()
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


@pytest.mark.parametrize(
    ("lang", "width", "height"), [("en", 80, 24), ("en", 120, 40), ("fi", 80, 24), ("fi", 120, 40)]
)
def test_load_replay_review_follow_a_claim_and_deal_again_in_tmux(
    lang: str, width: int, height: int
) -> None:
    data = Path(tempfile.mkdtemp(prefix="rummy-replay-"))
    setup, game = save_match(data, "Friday 500", "rummy500", 3, seed=3, target_score=300)
    steps = MatchSteps(game.state)
    first, last = (span.deal_number for span in steps.replayable)
    review = review_match(steps, seats=[0, 1])
    claim = review.seats[0].claims[0]
    deal = steps.deal(claim.deal_number)
    with language(lang):
        sheet_key = _(REPLAY)
        on_last = deal_number_words(last)
        three = step_words(3, steps.deal(last).last_step)
        picker = pick_deal_question()
        on_first = deal_number_words(first)
        anna = seat_heading(review.seats[0])
        at_claim = step_words(claim.step, deal.last_step)
        claim_deal = deal_number_words(claim.deal_number)
        again = deal_again_question(claim.deal_number).split("?")[0]
        pass_to = _("Pass to {player}").format(player=setup.names[deal.state(0).deal.current])
    command = f"cd {shlex.quote(str(ROOT))} && {shlex.quote(sys.executable)} -m rummy_tui"
    terminal = Terminal(f"rummy-replay-{os.getpid()}-{lang}-{width}", width=width, height=height)
    terminal.start(f"{command} --lang {lang} --data-dir {shlex.quote(str(data))}")
    try:
        terminal.wait_for(lambda t: "█▀█" in t, "the title screen")
        terminal.keys("l")
        terminal.wait_for(lambda t: "Friday 500" in t, "the save on the Load screen")
        terminal.keys("Enter")
        terminal.wait_for(lambda t: f"r  {sheet_key}" in t, "the finished match's score sheet")
        terminal.keys("r")  # the sheet's cursor is on the last deal's row
        terminal.wait_for(lambda t: f"{sheet_key} · {on_last}" in t, "the replay of the last deal")
        terminal.keys("Right", "Right", "Right")
        terminal.wait_for(lambda t: three in t, "three moves in")
        terminal.keys("d")
        terminal.wait_for(lambda t: picker in t, "the deal picker")
        terminal.keys("1")
        terminal.wait_for(lambda t: f"{sheet_key} · {on_first}" in t, "the first deal")
        terminal.keys("r")
        terminal.wait_for(lambda t: anna in t, "the review's first person", timeout=30)
        terminal.keys("Enter")  # the first claim is highlighted
        screen = terminal.wait_for(lambda t: at_claim in t, "the replay at the claim's move")
        assert claim_deal in screen
        terminal.keys("a")
        terminal.wait_for(lambda t: again.split()[-1] in t, "the question before dealing again")
        terminal.keys("y")
        terminal.wait_for(lambda t: pass_to in t, "the first hand-off of the deal played again")
    finally:
        terminal.stop()
