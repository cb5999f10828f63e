"""Own screens under faults and against strangers (issue 30, items 5, 6 and 8): two apps on
one data folder, as two terminals on one computer would be.

A join code whose table does not exist is answered as a wrong code is; a shared write that
fails makes no move, says so on the screen that tried and leaves every screen usable; a row of
the shared log that does not replay freezes no screen; a seat opened on a newer screen closes
the older one with the reason.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.persistence import seat_codes
from rummy_tui.persistence.shared_tables import join_code
from rummy_tui.ui.app import RummyApp
from tests.ui.helpers import screen_text, settle
from tests.ui.test_own_screens import host_app, joined_app, own_setup, screen_name, wait_for

pytestmark = pytest.mark.xdist_group("own-screens")


def shared_codes(app: RummyApp) -> dict[int, str]:
    assert app.session is not None and app.session.link is not None
    return app.session.link.codes


async def test_a_join_code_of_no_table_is_answered_as_a_wrong_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The join prompt says the same sentence for a code whose table tag names no match as
    for a wrong code of a real table: nobody finds the tables by trying tags."""
    monkeypatch.setattr(seat_codes, "PACE", seat_codes.GuessPace(first=0.01, cap=0.01))
    host = host_app(tmp_path, own_setup("Anna,own:Bob"))
    async with host.run_test(size=(110, 36)) as hp:
        await settle(hp)
        tag = host.session.link.tag if host.session and host.session.link else ""
        unknown = "ZZ" if tag != "ZZ" else "YY"
        answers = []
        for code in (join_code(tag, "2222222222"), join_code(unknown, "2222222222")):
            guest = joined_app(tmp_path, code)
            async with guest.run_test(size=(110, 36)) as gp:
                await wait_for([gp], lambda g=guest: "Looking" not in screen_text(g), "the answer")
                assert screen_name(guest) == "JoinScreen"
                answers.append(screen_text(guest).replace(code, "CODE"))
        assert "That code opens no seat." in answers[0]
        assert answers[0] == answers[1]
