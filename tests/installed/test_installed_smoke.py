"""The game as installed from the wheel: a new match reaches the table.

CI (``.ci/run``) copies this file to a temporary folder and runs it with the interpreter of a
fresh environment where only the built wheel is installed, so the checkout is not on the path:
when ``RUMMY_INSTALLED_PREFIX`` is set, the test also checks that the package it plays is the
installed one. In the ordinary test run it plays the checkout. It imports nothing from the
test suite.
"""

from __future__ import annotations

import os
from pathlib import Path

import rummy_tui


def test_the_package_played_is_the_installed_one() -> None:
    prefix = os.environ.get("RUMMY_INSTALLED_PREFIX")
    if prefix:
        assert Path(rummy_tui.__file__).resolve().is_relative_to(Path(prefix).resolve())


async def test_a_new_match_reaches_the_table_with_the_first_hand(tmp_path: Path) -> None:
    from rummy_tui.core import get_variant
    from rummy_tui.match.setup import MatchSetup, parse_players
    from rummy_tui.ui.shell.app import make_app
    from rummy_tui.ui.shell.settings import DisplaySettings

    setup = MatchSetup(
        rules=get_variant("classic"), seats=parse_players("Anna,Bob"), seed=3, bot_delay=0.0
    )
    app = make_app(setup=setup, data_dir=tmp_path, autosave=False, settings=DisplaySettings())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(4):  # the cut for the dealer, then the hand-off to the first player
            if type(app.screen).__name__ == "TableScreen":
                break
            await pilot.press("enter")
            await pilot.pause()
        assert type(app.screen).__name__ == "TableScreen"
        assert app.session is not None
        deal = app.session.game.state.deal
        assert [len(hand) for hand in deal.hands] == [10, 10]  # two players: ten cards each
        assert app.screen.query("HandView")
