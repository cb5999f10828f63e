"""A join code through ``rummy serve``: the page opened as ``/?join=CODE`` connects its
websocket with the code, the server starts that tab's game window with the code in its
environment (never on its command line), the window takes it out of its environment, and a
``join`` that is no code reaches neither the page nor the environment."""

from __future__ import annotations

import asyncio
import os
import urllib.request

import aiohttp
import pytest

from rummy_tui.cli.join_code import JOIN_CODE_ENV, looks_like_join_code, take_join_code
from rummy_tui.cli.web_server import tab_environment
from tests.fake_windows import fake_window_server, wait_until, windows_started

CODE = "HR-K7QM-4TZP-XE"
HOSTILE = '"><script>alert(1)</script>'


@pytest.mark.parametrize("code", [CODE, "hrk7qm4tzpxe", "A", "A" * 20, "1-2"])
def test_codes_as_people_write_them_look_like_codes(code: str) -> None:
    assert looks_like_join_code(code)


@pytest.mark.parametrize(
    "text", [None, "", "-", "---", "A" * 21, HOSTILE, "HR K7QM", "HR-K7QM\n", "ÄR-K7QM", "a/b"]
)
def test_anything_else_does_not(text: str | None) -> None:
    assert not looks_like_join_code(text)


def test_the_window_takes_its_code_out_of_its_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(JOIN_CODE_ENV, CODE)
    assert take_join_code() == CODE
    assert JOIN_CODE_ENV not in os.environ  # nothing the window starts inherits it
    assert take_join_code() is None
    monkeypatch.setenv(JOIN_CODE_ENV, HOSTILE)
    assert take_join_code() is None
    assert JOIN_CODE_ENV not in os.environ


def test_a_tab_gets_its_own_code_and_never_the_servers() -> None:
    inherited = {"PATH": "/bin", JOIN_CODE_ENV: "SERVERS-OWN"}
    assert tab_environment(inherited, CODE) == {"PATH": "/bin", JOIN_CODE_ENV: CODE}
    assert tab_environment(inherited, None) == {"PATH": "/bin"}
    assert tab_environment(inherited, HOSTILE) == {"PATH": "/bin"}


def page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode("utf-8"))


def test_the_page_passes_a_code_to_its_websocket_and_drops_anything_else(tmp_path) -> None:
    with fake_window_server(tmp_path) as (base, _record):
        port = base.rsplit(":", 1)[1].strip("/")
        opened = page(f"{base}?join={CODE}")
        assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws/{CODE}"' in opened
        for hostile in (HOSTILE, "A" * 21, "a/../b", "%22%3E%3Cscript%3E"):
            shown = page(f"{base}?join={urllib.parse.quote(hostile)}")
            assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in shown
            assert "alert" not in shown and "AAAAAAAAAAAAAAAAAAAAA" not in shown
            assert shown.count("<script") == 2  # the page's own: textual.js and again()


async def open_tab(websocket_url: str) -> None:
    """Connect a tab's websocket as textual-serve's script does, and wait for its window."""
    async with aiohttp.ClientSession() as session, session.ws_connect(websocket_url) as socket:
        await socket.send_json(["ping", "1"])
        await asyncio.wait_for(socket.receive(), timeout=10)


def test_the_tabs_window_gets_the_code_in_its_environment_not_its_command_line(
    tmp_path,
) -> None:
    # The server's own environment carries a code too: no tab may inherit it.
    with fake_window_server(tmp_path, **{JOIN_CODE_ENV: "SERVERS-OWN"}) as (base, record):
        ws = base.replace("http://", "ws://")
        for number, path in enumerate(
            [f"ws/{CODE}", "ws", f"ws/{urllib.parse.quote(HOSTILE, safe='')}"], start=1
        ):
            asyncio.run(open_tab(f"{ws}{path}?width=80&height=24"))
            windows = wait_until(lambda n=number: len(windows_started(record)) == n, "a window")
        windows = windows_started(record)
    assert [window["code"] for window in windows] == [CODE, None, None]
    assert not any(CODE in word for window in windows for word in window["argv"])
