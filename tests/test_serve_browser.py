"""``rummy serve`` in a real browser: headless Chromium (Debian's ``chromium``, driven by
Playwright with its ``executable_path``) opens the served page on 127.0.0.1, continues a saved
match with keys, draws by tapping the stock on a touch screen and discards with a key; the
save on disk then holds both moves. The page loads nothing from outside the server.

The test skips, saying why, where no Chromium or no Playwright is installed (``.ci/run``
installs both).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

import pytest

from rummy_tui.core import get_variant, new_game
from rummy_tui.persistence import SaveStore
from tests.processes import end_with_parent
from tests.ui.helpers import app_for, pass_to, setup_for_game

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
playwright = pytest.importorskip(
    "playwright.async_api", reason="Playwright is not installed (pip install playwright)"
)
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="no Chromium here (apt-get install chromium)"),
    pytest.mark.slow,
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served(NamedTuple):
    """A running ``rummy serve``: its address, its data folder and the host's token."""

    url: str
    data: Path
    token: str


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """``rummy serve`` on a free port of 127.0.0.1 over a data folder of its own, in English
    or in the language a test gives it (``indirect`` parametrization)."""
    language = getattr(request, "param", "en")
    port = free_port()
    data = tmp_path / "data"
    data.mkdir()
    command = [sys.executable, "-m", "rummy_tui", "--data-dir", str(data), "--lang", language]
    server = subprocess.Popen(
        [*command, "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=end_with_parent,
    )
    assert server.stdout is not None
    printed = b""
    try:
        while b"?host=" not in printed:
            line = server.stdout.readline()
            assert line, "the server ended before it printed the host's address"
            printed += line
        token = re.findall(rb"\?host=([A-Za-z0-9_-]+)", printed)[0].decode()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server never listened")
        yield Served(f"http://127.0.0.1:{port}/", data, token)
    finally:
        server.terminate()
        out, _ = server.communicate(timeout=10)
        out = printed + out
        assert f"http://127.0.0.1:{port}" in out.decode()
        if language == "en":
            assert f"Rummy is served at http://127.0.0.1:{port}" in out.decode()


def bobs_turn() -> Any:
    """A Classic match at Bob's first turn (Anna dealt)."""
    return new_game(get_variant("classic"), ["Anna", "Bob"], seed=5, dealer=0)


def save_a_match(data: Path) -> None:
    """Save the match in ``data`` (and let it go, as a window that closed would)."""
    game = bobs_turn()
    store = SaveStore(data)
    store.release(store.create(setup_for_game(game), game))


async def stock_cell(size: tuple[int, int]) -> tuple[int, int]:
    """Where the stock of that match is drawn on a ``size`` terminal at Bob's turn (the
    layout the served window draws at the same size)."""
    app = app_for(bobs_turn())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        piles = app.screen.query_one("#piles").region
    return piles.x + 2, piles.y + 1


async def wait_for(check: Any, what: str, timeout: float = 20.0, poll: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        await asyncio.sleep(poll)
    raise AssertionError(f"timed out waiting for {what}")


def saved_kinds(data: Path) -> list[str]:
    """The kinds of the moves in the match saved in ``data``."""
    store = SaveStore(data)
    name = store.latest_unfinished()
    return (
        []
        if name is None
        else [
            record.action.kind
            for record in store.peek(name)[1].state.log
            if record.action is not None
        ]
    )


async def test_a_browser_tab_continues_a_match_draws_by_tap_and_discards(
    served: Served,
) -> None:
    """The host's own tab (the address with the host's token) is the whole game."""
    url, data, token = served
    save_a_match(data)
    async with playwright.async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        context = await browser.new_context(viewport={"width": 1000, "height": 640}, has_touch=True)
        page = await context.new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        sizes: list[dict[str, int]] = []

        def watch(socket: Any) -> None:
            def sent(payload: Any) -> None:
                if isinstance(payload, str) and payload.startswith('["resize"'):
                    sizes.append(json.loads(payload)[1])

            socket.on("framesent", sent)

        page.on("websocket", watch)
        await page.goto(f"{url}?host={token}")
        await page.wait_for_selector("body.-first-byte", timeout=20_000)
        assert token not in page.url  # the token is not left in the address bar
        size = await wait_for(lambda: sizes and sizes[-1], "the terminal's size")
        columns, rows = size["width"], size["height"]
        screen = await page.evaluate(
            "(() => { const r = document.querySelector('.xterm-screen')"
            ".getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; })()"
        )
        await page.evaluate("document.querySelector('.xterm-helper-textarea').focus()")
        await page.keyboard.press("c")  # the title screen: continue the last match
        await page.wait_for_timeout(500)
        await page.keyboard.press("Enter")  # Bob's hand-off
        await page.wait_for_timeout(500)
        x, y = await stock_cell((columns, rows))
        width, height = screen[2] / columns, screen[3] / rows
        await page.touchscreen.tap(screen[0] + (x + 0.5) * width, screen[1] + (y + 0.5) * height)
        await wait_for(lambda: "draw_stock" in saved_kinds(data), "the tapped draw in the save")
        await page.keyboard.press("x")
        await wait_for(lambda: "discard" in saved_kinds(data), "the discard in the save")
        if os.environ.get("RUMMY_BROWSER_SHOT"):
            await page.screenshot(path=os.environ["RUMMY_BROWSER_SHOT"])
        await browser.close()
    assert all(request.startswith(url.rstrip("/")) for request in asked), asked


async def test_a_tab_opened_with_a_join_code_starts_its_window_with_that_code(
    tmp_path: Path,
) -> None:
    """``/?join=CODE`` (the address of a shared screen's QR code) starts the tab's window with
    the code (in a pipe), and the code leaves the address bar at once (issue 30, item 8); a
    ``join`` that is no code reaches neither the page nor a window."""
    from tests.fake_windows import fake_window_server, windows_started

    code, hostile = "HR-K7QM-4TZP-XE", '"><script>window.injected=1</script>'
    with fake_window_server(tmp_path) as (base, record):
        async with playwright.async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page()
            sockets: list[str] = []
            page.on("websocket", lambda socket: sockets.append(socket.url))
            await page.goto(f"{base}?join={code}")
            await wait_for(lambda: len(windows_started(record)) == 1, "the joined tab's window")
            address = await page.evaluate("window.location.href")
            kept = await page.evaluate("JSON.stringify(window.sessionStorage)")
            await page.goto(f"{base}?join={quote(hostile)}")
            await wait_for(lambda: len(windows_started(record)) == 2, "the second tab's window")
            injected = await page.evaluate("window.injected === undefined")
            html = await page.content()
            await browser.close()
    port = base.rsplit(":", 1)[1].strip("/")
    assert [url.split("?")[0] for url in sockets] == [f"ws://127.0.0.1:{port}/ws"] * 2
    assert [window["code"] for window in windows_started(record)] == [code, None]
    assert all(window["guest"] for window in windows_started(record))
    assert address == base and code not in kept
    assert injected and "injected" not in html


STUBS = """
window.heard = {vibrate: [], wake: []};
Object.defineProperty(navigator, "vibrate", {value: (pattern) => {
  window.heard.vibrate.push(pattern); return true; }});
Object.defineProperty(navigator, "wakeLock", {value: {request: async (kind) => {
  window.heard.wake.push(kind); return {release: async () => {}}; }}});
"""
"""What the page asks of the browser, written down: vibrations and screen wake locks."""


async def test_a_reloaded_tab_opens_its_seat_again_with_its_resume_token(tmp_path: Path) -> None:
    """Issue 30, item 8: the seat opened from ``?join=`` gives the tab a resume token (kept
    for the tab's session, never in its address); a reload opens the same seat with it, the
    older window having ended first; the page keeps the screen awake, and the window's turn
    signal (its bell and title) sets the tab's title and vibrates the phone."""
    from tests.fake_windows import alive, fake_window_server, windows_started

    code = "HR-K7QM-4TZP-XE"
    environment = {"FAKE_WINDOW": "stay", "FAKE_WINDOW_JOINS": "1", "FAKE_WINDOW_TURN": "1"}
    with fake_window_server(tmp_path, **environment) as (base, record):
        async with playwright.async_playwright() as driver:
            browser = await driver.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = await browser.new_page()
            await page.add_init_script(STUBS)
            await page.goto(f"{base}?join={code}")
            await wait_for(lambda: len(windows_started(record)) == 1, "the joined tab's window")
            await page.wait_for_function("sessionStorage.getItem('rummy.resume') !== null")
            await page.wait_for_function("document.title === 'Rummy: your turn'")
            heard = await page.evaluate("window.heard")
            token = await page.evaluate("sessionStorage.getItem('rummy.resume')")
            await page.reload()
            await wait_for(lambda: len(windows_started(record)) == 2, "the reloaded tab's window")
            address = await page.evaluate("window.location.href")
            await page.go_back()  # the history holds no address with the code
            before = page.url
            await page.go_forward()
            after = page.url
            await browser.close()
    first, second = windows_started(record)[:2]
    assert second["code"] == code and second["guest"] and not alive(first["pid"])
    assert code not in token and len(token) >= 43
    assert address == base and before == "about:blank" and after == base
    assert heard["wake"] == ["screen"] and heard["vibrate"] == [[200, 100, 200]]
