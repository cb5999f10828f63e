"""The shared screen of a new match knows from its first turn which seats are played on their
own screens (issue 24, item 4): while Bob plays on his own screen, the shared screen's hand box
says so, and his seat is no person at this keyboard."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.i18n import set_language
from tests.ui.helpers import press, screen_text, settle
from tests.ui.test_own_screens import host_app, joined_app, own_setup, screen_name, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("own-screens")]


async def test_the_shared_screen_says_an_own_screen_seat_is_playing_there(tmp_path: Path) -> None:
    set_language("en")
    host = host_app(tmp_path, own_setup(seed=5))
    async with host.run_test(size=(100, 30)) as hp:
        await settle(hp)
        assert host.session is not None and host.session.link is not None
        code = host.session.link.codes[1]
        joined = joined_app(tmp_path, code)
        async with joined.run_test(size=(100, 30)) as jp:
            pilots = [hp, jp]
            await wait_for(pilots, lambda: screen_name(joined) == "TableScreen", "the joined table")
            await press(hp, "escape")
            await press(hp, "enter")  # the cut: Bob plays first
            await wait_for(
                pilots,
                lambda: "Bob is playing on their own screen." in screen_text(host),
                "the shared screen's line for Bob",
            )
            assert host.session.people == frozenset({0, 2})
            assert [label.own_screen for label in host.session.table.labels] == [
                False,
                True,
                False,
            ]
