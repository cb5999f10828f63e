"""``rummy serve`` attacked from loopback (issue 30, items 2-5 and 8): the product's own game
server (:class:`~rummy_tui.cli.web_server.GameServer`) with stand-in windows that write down
what they were started with and read (``tests/fake_windows.py``), and aiohttp's websocket
client as the attacker. Every connection goes to 127.0.0.1 only.

- another site's page (``Origin``), ``Origin: null``, a name of another site (``Host``, DNS
  rebinding): 403, and no window starts;
- no code, a wrong host token: the window is a guest (the join prompt only);
- the code reaches its window in a pipe, never in its environment or command line;
- sizes out of bounds or no numbers, keys too long or too many, binary, not JSON, nested
  lists, a message of a megabyte: clamped, dropped or refused, and the server keeps serving;
- fifty connections at once: at most four windows wait for a code, sixteen in all, and the
  rest are told the table is full;
- a closed tab's window ends even when it ignores quitting and SIGTERM, or reads nothing;
- a reloaded tab gets its seat back with its resume token, and the older window closes first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from rummy_tui.cli.web_guard import BURST, COLUMNS, LONGEST_KEYS, ROWS
from rummy_tui.cli.web_server import FULL, TAKEN_OVER, WAITING_LIMIT, WINDOW_LIMIT
from tests.fake_windows import (
    HOST_TOKEN,
    alive,
    fake_window_server,
    wait_until,
    window_input,
    windows_started,
)

CODE = "HR-K7QM-4TZP-XE"


@pytest.fixture
def server(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, Path]]:
    """The game server with stand-in windows (``FAKE_WINDOW`` from the test's parameter:
    ``stay`` by default)."""
    environment = {"FAKE_WINDOW": "stay", "RUMMY_JOIN_CODE": "SERVERS-OWN"}
    environment.update(getattr(request, "param", {}))
    with fake_window_server(tmp_path, **environment) as (base, record):
        try:
            yield base, record
        finally:
            for window in windows_started(record):
                wait_until(lambda pid=window["pid"]: not alive(pid), "the windows to end")


def port_of(base: str) -> int:
    return int(base.rstrip("/").rsplit(":", 1)[1])


def own_origin(base: str) -> str:
    return base.rstrip("/")


async def open_tab(
    session: aiohttp.ClientSession,
    base: str,
    hello: dict[str, Any] | None,
    *,
    query: str = "?width=80&height=24",
    origin: str | None = "own",
    headers: dict[str, str] | None = None,
) -> aiohttp.ClientWebSocketResponse:
    """A tab's websocket, as the page opens it, with its first message (``hello``)."""
    socket = await session.ws_connect(
        f"{base.replace('http://', 'ws://')}ws{query}",
        origin=own_origin(base) if origin == "own" else origin,
        headers=headers,
    )
    if hello is not None:
        await socket.send_json(["hello", hello])
    return socket


async def texts_until_closed(socket: aiohttp.ClientWebSocketResponse) -> list[Any]:
    """The page messages (JSON text) a tab gets until its connection closes."""
    found = []
    async for message in socket:
        if message.type == aiohttp.WSMsgType.TEXT:
            found.append(json.loads(message.data))
    return found


async def next_text(socket: aiohttp.ClientWebSocketResponse) -> Any:
    while True:
        message = await asyncio.wait_for(socket.receive(), timeout=30)
        if message.type == aiohttp.WSMsgType.TEXT:
            return json.loads(message.data)
        assert message.type == aiohttp.WSMsgType.BINARY, message


def started(record: Path, count: int) -> list[dict[str, Any]]:
    return wait_until(
        lambda: len(windows_started(record)) >= count and windows_started(record),
        f"{count} windows",
    )


# ------------------------------------------------------------------ item 3: same origin only


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        "http://evil.example:{port}",
        "http://localhost:{port}",
        "https://127.0.0.1:{port}",
        "http://127.0.0.1:1",
    ],
)
async def test_a_page_of_another_origin_gets_no_window(server, origin: str) -> None:
    base, record = server
    origin = origin.format(port=port_of(base))
    async with aiohttp.ClientSession() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(session, base, {"host": HOST_TOKEN}, origin=origin)
        assert refused.value.status == 403
        async with session.get(base, headers={"Origin": origin}) as page:
            assert page.status == 403
        # The server is alive and the refused tab started nothing: the next good tab's
        # window is the first one.
        socket = await open_tab(session, base, {})
        assert len(started(record, 1)) == 1
        await socket.close()


@pytest.mark.parametrize(
    "host", ["evil.example:{port}", "127.0.0.1.nip.io:{port}", "127.0.0.1:1", "", "evil.example"]
)
async def test_a_name_of_another_site_gets_no_page_and_no_window(server, host: str) -> None:
    """DNS rebinding: a site's name made to point at 127.0.0.1 sends its own name as Host."""
    base, record = server
    host = host.format(port=port_of(base))
    async with aiohttp.ClientSession() as session:
        async with session.get(base, headers={"Host": host}) as page:
            assert page.status == 403
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await open_tab(session, base, {}, origin=None, headers={"Host": host})
        assert refused.value.status == 403
        socket = await open_tab(session, base, {})
        assert len(started(record, 1)) == 1
        await socket.close()


async def test_the_servers_own_page_and_a_program_without_origin_are_served(server) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        async with session.get(base) as page:
            assert page.status == 200
        host = f"localhost:{port_of(base)}"
        async with session.get(base, headers={"Host": host, "Origin": f"http://{host}"}) as page:
            assert page.status == 200
        socket = await open_tab(session, base, {}, origin=None)
        assert len(started(record, 1)) == 1
        await socket.close()


# ------------------------------------------------------------------ item 2: guests and the host


async def test_only_the_hosts_token_opens_the_whole_game(server) -> None:
    base, record = server
    hellos: list[dict[str, Any] | None] = [
        {},
        {"host": HOST_TOKEN[:-1]},
        {"host": HOST_TOKEN + "x"},
        {"host": ["not", "text"]},
        {"resume": "made-up"},
        None,  # no first message at all: a size instead
        {"host": HOST_TOKEN},
    ]
    async with aiohttp.ClientSession() as session:
        for number, hello in enumerate(hellos, start=1):
            socket = await open_tab(session, base, hello)
            if hello is None:
                await socket.send_json(["resize", {"width": 90, "height": 30}])
            windows = started(record, number)
            await socket.close()
            wait_until(lambda pid=windows[-1]["pid"]: not alive(pid), "the window to end")
    assert [window["guest"] for window in windows] == [True] * 6 + [False]
    assert all(window["code"] is None for window in windows)
    assert not any(HOST_TOKEN in " ".join(window["argv"]) for window in windows)
    assert not any(HOST_TOKEN in json.dumps(window["environ"]) for window in windows)


async def test_the_page_holds_no_secret(server) -> None:
    base, _record = server
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{base}?host={HOST_TOKEN}&join={CODE}") as page,
    ):
        text = await page.text()
    assert HOST_TOKEN not in text and CODE not in text
    assert page.headers["X-Frame-Options"] == "DENY"  # no other site shows it in a frame
    assert page.headers["Referrer-Policy"] == "no-referrer"
    assert f'data-session-websocket-url="ws://127.0.0.1:{port_of(base)}/ws"' in text


# ------------------------------------------------------------------ item 5: the code in a pipe


async def test_the_code_reaches_its_window_in_a_pipe_not_its_environment_or_command_line(
    server,
) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {"join": CODE})
        (window,) = started(record, 1)
        environ = Path(f"/proc/{window['pid']}/environ").read_bytes()
        cmdline = Path(f"/proc/{window['pid']}/cmdline").read_bytes()
        fds = os.listdir(f"/proc/{window['pid']}/fd")
        await socket.close()
    assert window["code"] == CODE and window["guest"]
    assert CODE.encode() not in environ and CODE.encode() not in cmdline
    assert b"SERVERS-OWN" not in environ  # the server's own variable is never passed on
    code_fd = window["argv"][window["argv"].index("--code-fd") + 1]
    assert code_fd not in fds  # read and closed by the window


@pytest.mark.parametrize("join", ['"><script>', "A" * 21, "a/../b", 7, ["HR"], None])
async def test_a_join_that_is_no_code_reaches_no_window(server, join: object) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {"join": join})
        (window,) = started(record, 1)
        await socket.close()
    assert window["code"] is None and "--code-fd" not in window["argv"]


# ------------------------------------------------------------------ item 4: bounded resources


@pytest.mark.parametrize(
    ("query", "size"),
    [
        ("?width=100000&height=100000", [str(COLUMNS[1]), str(ROWS[1])]),
        ("?width=-5&height=24", ["80", "24"]),
        ("?width=wide&height=tall", ["80", "24"]),
        ("?width=1e9&height=0", [str(COLUMNS[1]), str(ROWS[0])]),
        ("", ["80", "24"]),
    ],
)
async def test_the_first_size_is_clamped(server, query: str, size: list[str]) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {}, query=query)
        (window,) = started(record, 1)
        await socket.close()
    assert window["size"] == size


async def test_sizes_keys_and_malformed_messages_are_clamped_dropped_or_ignored(server) -> None:
    base, record = server
    hostile: list[Any] = [
        ["resize", {"width": 100000, "height": 100000}],
        ["resize", {"width": 1e9, "height": -1e9}],
        ["resize", {"width": "80x", "height": 24}],
        ["resize", {"width": -5, "height": 10}],
        ["resize", {"width": None}],
        ["resize", "80x24"],
        ["stdin", "k" * (LONGEST_KEYS + 1)],
        ["stdin", 5],
        ["stdin"],
        ["ping", "p" * 1000],
        ["quit"],
        {"stdin": "x"},
    ]
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {})
        (window,) = started(record, 1)
        for message in hostile:
            await socket.send_json(message)
        await socket.send_bytes(b"\x00" * 1000)
        await socket.send_str("not json")
        await socket.send_str("[" * 10000)
        await socket.send_str('["stdin", "' + "\\u0000" * 100 + '"]')
        await socket.send_json(["resize", {"width": 0, "height": 0}])
        await socket.send_json(["stdin", "ok"])
        pid = window["pid"]
        packets = wait_until(
            lambda: ("D", b"ok") in window_input(record, pid) and window_input(record, pid),
            "the good key after the bad messages",
        )
        assert alive(pid)
        await socket.close()
    sizes = [json.loads(data) for kind, data in packets if kind == "M" and b"resize" in data]
    assert [(size["width"], size["height"]) for size in sizes] == [
        (COLUMNS[1], ROWS[1]),
        (COLUMNS[0], ROWS[0]),
    ]
    keys = [data for kind, data in packets if kind == "D"]
    assert keys == [b"\x00" * 100, b"ok"]


async def test_keys_beyond_the_rate_are_dropped(server) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {})
        (window,) = started(record, 1)
        for _ in range(BURST * 4):
            await socket.send_json(["stdin", "k"])
        await asyncio.sleep(0.5)  # a few messages' worth of time, for the ping below
        await socket.send_json(["ping", "last"])
        while (await next_text(socket)) != ["pong", "last"]:
            pass
        await socket.close()
    keys = [data for kind, data in window_input(record, window["pid"]) if kind == "D"]
    assert BURST <= len(keys) < BURST * 2


async def test_a_message_of_a_megabyte_closes_its_connection_and_ends_its_window(server) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {})
        (window,) = started(record, 1)
        await socket.send_str(json.dumps(["stdin", "k" * (1 << 20)]))
        await texts_until_closed(socket)
        wait_until(lambda: not alive(window["pid"]), "the window to end")
        assert not any(kind == "D" for kind, _ in window_input(record, window["pid"]))
        again = await open_tab(session, base, {})  # the server serves on
        assert len(started(record, 2)) == 2
        await again.close()


async def first_answer(socket: aiohttp.ClientWebSocketResponse) -> Any:
    """The first page message of a tab that asks for a pong: the pong of a tab whose window
    runs, the notice of one refused."""
    with contextlib.suppress(ConnectionError):
        await socket.send_json(["ping", "x"])
    return await next_text(socket)


async def test_fifty_tabs_at_once_start_only_the_windows_the_table_holds(server) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        waiting = [f"ZZ-{number:04d}-AAAA-BB" for number in range(50)]
        sockets = await asyncio.gather(
            *(open_tab(session, base, {"join": code}) for code in waiting)
        )
        answers = await asyncio.gather(*(first_answer(socket) for socket in sockets))
        assert answers.count(["pong", "x"]) == WAITING_LIMIT
        assert answers.count(["notice", FULL]) == 50 - WAITING_LIMIT
        hosts = await asyncio.gather(
            *(open_tab(session, base, {"host": HOST_TOKEN}) for _ in range(50))
        )
        answers = await asyncio.gather(*(first_answer(socket) for socket in hosts))
        assert answers.count(["pong", "x"]) == WINDOW_LIMIT - WAITING_LIMIT
        started(record, WINDOW_LIMIT)
        for socket in [*sockets, *hosts]:
            await socket.close()
    assert len(windows_started(record)) == WINDOW_LIMIT


async def test_a_full_table_says_so_in_a_sentence_and_starts_nothing(server) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        tabs = [await open_tab(session, base, {}) for _ in range(WAITING_LIMIT)]
        started(record, WAITING_LIMIT)
        late = await open_tab(session, base, {"join": CODE})
        heard = await texts_until_closed(late)
        for tab in tabs:
            await tab.close()
    assert heard == [["notice", FULL]]
    assert len(windows_started(record)) == WAITING_LIMIT


@pytest.mark.parametrize(
    "server", [{"FAKE_WINDOW": "stubborn"}, {"FAKE_WINDOW": "deaf"}], indirect=True
)
async def test_a_closed_tabs_window_ends_whatever_it_is_doing(server) -> None:
    """A window that ignores the request to quit and SIGTERM, or reads none of its keys,
    still ends once its tab closes (SIGKILL after the graces)."""
    base, record = server
    async with aiohttp.ClientSession() as session:
        socket = await open_tab(session, base, {})
        (window,) = started(record, 1)
        for _ in range(BURST):
            await socket.send_json(["stdin", "k" * LONGEST_KEYS])
        await socket.close()
    wait_until(lambda: not alive(window["pid"]), "the window to end")


# ------------------------------------------------------------------ item 8: resume and takeover


@pytest.mark.parametrize("server", [{"FAKE_WINDOW_JOINS": "1"}], indirect=True)
async def test_a_reloaded_tab_gets_its_seat_back_and_the_older_window_closes_first(
    server,
) -> None:
    base, record = server
    async with aiohttp.ClientSession() as session:
        first = await open_tab(session, base, {"join": CODE})
        kind, token = await next_text(first)
        assert kind == "resume" and len(token) >= 43 and CODE not in token
        second = await open_tab(session, base, {"resume": token})
        assert await texts_until_closed(first) == [["notice", TAKEN_OVER]]
        older, _newer = started(record, 2)
        assert not alive(older["pid"])  # ended before the newer window started
        assert await next_text(second) == ["resume", token]
        third = await open_tab(session, base, {"join": CODE.lower()})  # the same seat
        assert (await texts_until_closed(second))[-1] == ["notice", TAKEN_OVER]
        started(record, 3)
        await third.close()
    assert [window["code"] for window in windows_started(record)] == [CODE, CODE, CODE.lower()]
    assert all(window["guest"] for window in windows_started(record))
