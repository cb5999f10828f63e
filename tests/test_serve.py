"""``rummy serve`` without a browser: its options, the addresses it prints, who it says can
reach it, the command each browser tab runs, and the page it serves (which loads nothing from
outside the server and builds its websocket address from the address the browser used)."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_tui.cli.main import run
from rummy_tui.cli.serve import addresses, game_command
from tests.processes import end_with_parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_the_default_is_this_computer_only_and_the_address_is_printed_as_given() -> None:
    assert addresses("127.0.0.1", 8000) == ["http://127.0.0.1:8000"]
    assert addresses("::1", 8001) == ["http://[::1]:8001"]


def test_every_network_lists_this_computers_own_addresses() -> None:
    listed = addresses("0.0.0.0", 8000)
    assert listed[0] == "http://127.0.0.1:8000"
    assert all(re.fullmatch(r"http://[0-9.]+:8000", address) for address in listed)
    assert len(listed) == len(set(listed))


def test_each_tab_runs_this_python_with_the_servers_data_folder_and_language(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "a folder; with spaces"
    command = game_command(folder, "fi")
    assert command == [sys.executable, "-m", "rummy_tui", "--data-dir", str(folder), "--lang", "fi"]
    assert game_command(None, None) == [sys.executable, "-m", "rummy_tui"]


@pytest.mark.parametrize("port", ["0", "65536", "eighty"])
def test_a_port_out_of_range_is_refused_with_a_reason(
    port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        run(["serve", "--port", port])
    assert stopped.value.code == 2
    assert "is not a port: give a whole number from 1 to 65535" in capsys.readouterr().err


def serve_lines(host: str, tmp_path: Path, asked: str = "localhost") -> tuple[str, str]:
    """What ``rummy serve --host HOST`` prints when it starts, and the page it serves to a
    browser that asked for it as ``asked``."""
    port = free_port()
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "rummy_tui", "--data-dir", str(tmp_path), "--lang", "en"),
            *("serve", "--host", host, "--port", str(port)),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=end_with_parent,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5) as page:
                    page.sendall(f"GET / HTTP/1.0\r\nHost: {asked}:{port}".encode())
                    page.sendall(b"\r\n\r\n")
                    answer = b""
                    while chunk := page.recv(65536):
                        answer += chunk
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.1)
    finally:
        server.terminate()
        printed, _ = server.communicate(timeout=10)
    return printed.decode(), answer.decode()


def test_the_page_comes_whole_from_the_server_and_talks_back_to_the_address_used(
    tmp_path: Path,
) -> None:
    printed, page = serve_lines("127.0.0.1", tmp_path)
    assert "Rummy is served at http://127.0.0.1:" in printed
    assert "Ctrl+C stops the server." in printed
    assert "no password" not in printed  # this computer only: nobody else can reach it
    assert page.startswith("HTTP/1.") and " 200 " in page.splitlines()[0]
    body = page.split("\r\n\r\n", 1)[1]
    assert 'class="textual-terminal"' in body
    # Every address on the page is the server's own, the websocket the one the browser used.
    assert re.findall(r"(?:https?|wss?)://[^\"' )]+", body) == [
        f"ws://localhost:{page.split('localhost:')[1].split('/')[0]}/ws"
    ]
    assert "googleapis" not in body and "@import" not in body


def test_the_host_gets_an_address_with_a_token_of_256_random_bits(tmp_path: Path) -> None:
    printed, _page = serve_lines("127.0.0.1", tmp_path)
    tokens = re.findall(r"http://127\.0\.0\.1:\d+/\?host=([A-Za-z0-9_-]+)", printed)
    assert len(tokens) == 1 and len(tokens[0]) >= 43
    again, _page = serve_lines("127.0.0.1", tmp_path)
    assert tokens[0] not in again  # a new token each time
    assert not any(tokens[0] in path.read_text() for path in tmp_path.rglob("*") if path.is_file())


def test_a_page_asked_for_by_another_name_is_refused(tmp_path: Path) -> None:
    """DNS rebinding: a site's name made to point at this computer is not served."""
    _printed, page = serve_lines("127.0.0.1", tmp_path, asked="evil.example")
    assert " 403 " in page.splitlines()[0]
    assert 'class="textual-terminal"' not in page


def test_every_network_says_who_can_now_reach_the_game(tmp_path: Path) -> None:
    printed, _page = serve_lines("0.0.0.0", tmp_path)
    assert "Anyone who can reach this computer on port" in printed
    assert "can now open the join prompt: a seat opens only with its join code" in printed


def test_a_port_in_use_is_said_before_anything_is_served(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert run(["--data-dir", str(tmp_path), "serve", "--port", str(port)]) == 1
    printed = capsys.readouterr()
    assert "served at" not in printed.out
    assert f"rummy: cannot serve on 127.0.0.1 port {port}:" in printed.err
