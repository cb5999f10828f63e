"""What ``rummy serve`` lets in, without a server (issue 30, items 3 and 4): the Host and Origin
a request must have, the sizes a window may be given, the messages a tab may send and how
fast, the bell and title a window's output carries to its page, and how many windows the table
holds."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.cli.tab_window import turn_signals
from rummy_tui.cli.web_guard import (
    COLUMNS,
    ROWS,
    TokenBucket,
    host_allowed,
    origin_allowed,
    read_message,
    same_secret,
    terminal_size,
)
from rummy_tui.cli.web_server import Opening, OpenWindow, TableWindows, seat_key


@pytest.mark.parametrize(
    ("header", "served", "allowed"),
    [
        ("127.0.0.1:8000", "127.0.0.1", True),
        ("localhost:8000", "127.0.0.1", True),
        ("LOCALHOST:8000", "127.0.0.1", True),
        ("evil.example:8000", "127.0.0.1", False),  # DNS rebinding: a name of another site
        ("127.0.0.1.nip.io:8000", "127.0.0.1", False),
        ("127.0.0.1:8001", "127.0.0.1", False),
        ("127.0.0.1", "127.0.0.1", False),  # port 80
        ("", "127.0.0.1", False),
        (None, "127.0.0.1", False),
        ("127.0.0.1:notaport", "127.0.0.1", False),
        ("192.168.1.20:8000", "0.0.0.0", True),  # every network: addresses in digits
        ("[::1]:8000", "0.0.0.0", True),
        ("evil.example:8000", "0.0.0.0", False),
        ("192.168.1.20:8000", "192.168.1.20", True),
        ("localhost:8000", "192.168.1.20", False),
        ("[::1]:8000", "::1", True),
    ],
)
def test_only_the_servers_own_names_and_addresses_are_a_host(
    header: str | None, served: str, allowed: bool
) -> None:
    assert host_allowed(header, served, 8000) is allowed


@pytest.mark.parametrize(
    ("origin", "allowed"),
    [
        (None, True),  # not a web page: a program that sends no Origin
        ("http://127.0.0.1:8000", True),
        ("http://evil.example", False),
        ("http://evil.example:8000", False),
        ("null", False),
        ("", False),
        ("https://127.0.0.1:8000", False),
        ("http://127.0.0.1:8001", False),
        ("http://localhost:8000", False),  # another origin than the address asked
        ("http://127.0.0.1:8000/path", False),
        ("http://127.0.0.1:99999", False),
    ],
)
def test_only_a_page_of_the_address_asked_is_an_origin(origin: str | None, allowed: bool) -> None:
    assert origin_allowed(origin, "127.0.0.1:8000", "http") is allowed


@pytest.mark.parametrize(
    ("width", "height", "size"),
    [
        (100000, 100000, (COLUMNS[1], ROWS[1])),
        (1e9, 1e9, (COLUMNS[1], ROWS[1])),
        (0, 0, (COLUMNS[0], ROWS[0])),
        ("120", "40", (120, 40)),
        (80.7, 24.2, (80, 24)),
        (-1, 24, None),
        (80, -24, None),
        ("wide", 24, None),
        (None, 24, None),
        (True, 24, None),
        ([80], 24, None),
        (float("nan"), 24, None),
        (float("inf"), 24, None),
    ],
)
def test_a_size_is_brought_within_bounds_or_ignored(width: object, height: object, size) -> None:
    assert terminal_size(width, height) == size


@pytest.mark.parametrize(
    "text",
    ["", "not json", "{}", "[]", "[1, 2]", '"stdin"', "[" * 10000, "x" * 20000, "NaN"],
    ids=["empty", "text", "object", "no kind", "number kind", "string", "nested", "long", "nan"],
)
def test_a_message_that_is_no_envelope_is_ignored(text: str) -> None:
    assert read_message(text) is None


def test_an_envelope_is_read_apart() -> None:
    assert read_message('["stdin", "x"]') == ("stdin", "x")
    assert read_message('["blur"]') == ("blur", None)


def test_a_connection_may_send_a_burst_then_only_so_many_a_second() -> None:
    now = [0.0]
    bucket = TokenBucket(burst=5, per_second=2.0, clock=lambda: now[0])
    assert [bucket.take() for _ in range(8)] == [True] * 5 + [False] * 3
    now[0] += 1.0
    assert [bucket.take() for _ in range(3)] == [True, True, False]
    now[0] += 1000.0
    assert sum(bucket.take() for _ in range(100)) == 5  # never more than the burst


def test_the_hosts_token_is_compared_whole() -> None:
    assert same_secret("abc", "abc")
    assert not same_secret("abd", "abc")
    assert not same_secret("ab", "abc")
    assert not same_secret("", "abc")
    assert not same_secret(None, "abc")
    assert not same_secret(["abc"], "abc")
    assert not same_secret("abc", None)
    assert not same_secret("äbc", "abc")


def test_the_bell_and_the_title_of_a_windows_output_are_found() -> None:
    assert turn_signals(b"\x1b[2Jcards") == (False, None)
    assert turn_signals(b"\x07") == (True, None)
    assert turn_signals(b"\x1b]2;Rummy: your turn\x07") == (False, "Rummy: your turn")
    assert turn_signals(b"\x1b]0;A\x1b\\\x07") == (True, "A")
    # A link's escape ends with a bell that is not one; a title is plain text.
    assert turn_signals(b"\x1b]8;;http://x\x07link\x1b]8;;\x07") == (False, None)
    assert turn_signals(b"\x1b]2;\xc2\x9b31m\x07") == (False, "\ufffd31m")


def window(host: bool = False, seat: str | None = None) -> OpenWindow:
    async def send(_message: list[object]) -> None:
        return None

    async def close() -> None:
        return None

    return OpenWindow(Opening(host=host), send, close, seat=seat)


def test_the_table_holds_so_many_windows_waiting_for_a_code_and_so_many_in_all() -> None:
    async def check() -> None:
        table = TableWindows(waiting_limit=4, window_limit=6)
        assert [table.admit(window()) for _ in range(6)] == [True] * 4 + [False] * 2
        assert table.admit(window(seat="A"))
        assert table.admit(window(host=True))
        assert not table.admit(window(host=True))  # six in all
        assert table.admit(window(seat="A"))  # a seat's newer window takes the older's place
        assert not table.admit(window(seat="B"))

    asyncio.run(check())


def test_a_resume_token_stands_for_the_code_that_opened_the_seat() -> None:
    table = TableWindows()
    token = table.new_resume("HR-K7QM-4TZP-XE", None)
    assert len(token) >= 43  # 256 random bits
    assert table.resume_code(token) == "HR-K7QM-4TZP-XE"
    assert table.new_resume("HR-K7QM-4TZP-XE", token) == token
    assert table.resume_code(token[:-1] + "x") is None
    assert table.resume_code(None) is None
    assert seat_key("hr-k7qm-4tzp-xe") == seat_key("HRK7QM4TZPXE")


def test_a_window_is_given_less_than_two_seconds_and_the_server_less_than_five() -> None:
    """The graces a closing window gets (quit, then SIGTERM, then SIGKILL), and the wait of
    a server told to stop: a closed tab's process is gone within 2 s, every window of a
    stopped server within 5 s (issue 30, items 4 and 6)."""
    from rummy_tui.cli.tab_window import QUIT_GRACE, TERM_GRACE
    from rummy_tui.cli.web_server import CLOSE_WAIT, SHUTDOWN_WAIT

    assert QUIT_GRACE + TERM_GRACE < 2
    assert QUIT_GRACE + TERM_GRACE + SHUTDOWN_WAIT < 5
    # a tab that never answers the close (told the table is full, then silent) holds a
    # stopping server no longer than its own close wait, well inside the shutdown wait
    assert CLOSE_WAIT < SHUTDOWN_WAIT
