"""A browser tab joins a table (issue 24): the shared screen runs in a real terminal (tmux)
with Bob's seat on its own screen, ``rummy serve`` serves the same data folder on 127.0.0.1,
and headless Chromium opens ``/?join=CODE``: the tab opens Bob's seat at once, draws and
discards for him with keys, and the shared screen shows his discard.

With ``RUMMY_JOIN_SHOT=path.png`` the test saves a picture of the joined tab (the guide's,
assets/guide/own_screens.md).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from rummy_tui.core import Discard, DrawStock
from rummy_tui.persistence.shared_match import SharedMatch
from rummy_tui.persistence.shared_tables import read_join_code, table_path
from rummy_tui.ui.play.render import card_label
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.test_own_screens_tmux import shared_screen
from tests.test_serve_browser import CHROMIUM, Served, playwright, served, wait_for

pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
    pytest.mark.slow,
]

__all__ = ["served"]  # the fixture: rummy serve on a free port over its own data folder


def bobs_moves(data: Path, tag: str) -> list[object]:
    """Bob's moves in the shared match file."""
    with SharedMatch.open(table_path(data, tag)) as match:
        return [record.action for record in match.game.state.log if record.seat == 1]


async def test_a_browser_tab_joins_with_the_code_and_plays_bobs_turn(
    served: Served,
) -> None:
    url, data, _token = served
    session = f"rummy-own-web-{os.getpid()}"
    host, code = shared_screen(data, session)
    try:
        parsed = read_join_code(code)
        assert parsed is not None
        async with playwright.async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page(viewport={"width": 1000, "height": 640})
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            await page.goto(f"{url}?join={code}")
            await page.wait_for_selector("body.-first-byte", timeout=20_000)
            assert code not in page.url  # the code leaves the address bar once used
            await wait_for(
                lambda: "Bob: on their own screen, joined" in host.screen(),
                "the tab on Bob's seat",
                timeout=30,
            )
            host.keys("Escape")
            host.wait_for(lambda text: "the cut for the first dealer" in text, "the cut")
            host.keys("Enter")
            host.wait_for(lambda text: "Bob is playing on their own screen." in text, "Bob's turn")
            await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
            await page.keyboard.press("d")
            await wait_for(
                lambda: any(isinstance(move, DrawStock) for move in bobs_moves(data, parsed.tag)),
                "Bob's draw in the shared file",
            )
            await page.wait_for_timeout(300)  # the tab draws the card it drew
            await page.keyboard.press("x")
            discards = await wait_for(
                lambda: [m for m in bobs_moves(data, parsed.tag) if isinstance(m, Discard)],
                "Bob's discard in the shared file",
            )
            label = card_label(discards[0].card, DisplaySettings())
            host.wait_for(
                lambda text: f"Bob discards {label}." in text, "Bob's discard on the shared screen"
            )
            await page.wait_for_timeout(500)  # the tab shows the discard too
            shot = os.environ.get("RUMMY_JOIN_SHOT")
            if shot:
                await page.screenshot(path=shot)
            await browser.close()
        assert all(request.startswith(url.rstrip("/")) for request in asked), asked
    finally:
        host.session = session
        host.stop()
