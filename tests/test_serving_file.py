"""``DATA_DIR/serving.json``: where ``rummy serve`` serves the game, kept while it runs and
gone when it stops (Ctrl+C too); a record a killed server left behind is not trusted."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_tui.cli import serve
from rummy_tui.persistence.serving import join_url, served_addresses, serving, serving_path
from tests.processes import end_with_parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def a_finished_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    return ended.pid


def write_record(data: Path, pid: int) -> None:
    record = {"pid": pid, "host": "0.0.0.0", "port": 8000, "addresses": ["http://10.0.0.5:8000/"]}
    serving_path(data).write_text(json.dumps(record), encoding="utf-8")


def test_no_record_and_a_damaged_record_give_no_address(tmp_path: Path) -> None:
    assert served_addresses(tmp_path) == []
    serving_path(tmp_path).write_text("{not json", encoding="utf-8")
    assert served_addresses(tmp_path) == []
    serving_path(tmp_path).write_text('{"pid": "x", "addresses": 3}', encoding="utf-8")
    assert served_addresses(tmp_path) == []


def test_a_record_whose_process_has_ended_is_not_trusted(tmp_path: Path) -> None:
    write_record(tmp_path, a_finished_pid())
    assert served_addresses(tmp_path) == []


def test_a_record_whose_pid_lives_again_but_holds_no_server_lock_is_not_trusted(
    tmp_path: Path,
) -> None:
    # The pid of a killed server taken by another process (here this one): no lock, no server.
    write_record(tmp_path, os.getpid())
    assert served_addresses(tmp_path) == []


def test_the_record_lives_as_long_as_the_server_and_holds_no_code(tmp_path: Path) -> None:
    bases = ["http://192.168.1.20:8000/", "http://127.0.0.1:8000/"]
    with serving(tmp_path, host="0.0.0.0", port=8000, addresses=bases) as written:
        assert written
        record = json.loads(serving_path(tmp_path).read_text(encoding="utf-8"))
        assert record == {"pid": os.getpid(), "host": "0.0.0.0", "port": 8000, "addresses": bases}
        assert served_addresses(tmp_path) == bases
        # A second server on the same data folder leaves the first one's record alone.
        with serving(tmp_path, host="127.0.0.1", port=8001, addresses=["x"]) as second:
            assert not second
        assert served_addresses(tmp_path) == bases
    assert not serving_path(tmp_path).exists()
    assert served_addresses(tmp_path) == []


def test_the_record_goes_when_the_block_ends_with_an_error(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt), serving(tmp_path, host="h", port=1, addresses=["a"]):
        raise KeyboardInterrupt
    assert not serving_path(tmp_path).exists()


def test_the_join_address_is_the_base_with_the_code_quoted() -> None:
    assert join_url("http://192.168.1.20:8000/", "HR-K7QM-4TZP-XE") == (
        "http://192.168.1.20:8000/?join=HR-K7QM-4TZP-XE"
    )
    assert (
        join_url("http://127.0.0.1:8000/", "a b&c=d") == "http://127.0.0.1:8000/?join=a%20b%26c%3Dd"
    )


def test_every_network_puts_a_networks_address_before_this_computers_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        serve,
        "addresses",
        lambda host, port: [f"http://127.0.0.1:{port}", f"http://10.1.2.3:{port}"],
    )
    assert serve.phone_addresses("0.0.0.0", 8000) == [
        "http://10.1.2.3:8000/",
        "http://127.0.0.1:8000/",
    ]


def test_this_computer_only_is_its_loopback_address() -> None:
    assert serve.phone_addresses("127.0.0.1", 8123) == ["http://127.0.0.1:8123/"]


def start_server(data: Path, port: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "rummy_tui", "--data-dir", str(data), "--lang", "en"),
            *("serve", "--port", str(port)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=end_with_parent,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            assert time.monotonic() < deadline, "the server never listened"
            time.sleep(0.1)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_a_real_server_keeps_the_record_while_it_serves_and_removes_it_on_stop(
    tmp_path: Path, stop: signal.Signals
) -> None:
    port = free_port()
    server = start_server(tmp_path, port)
    try:
        record = json.loads(serving_path(tmp_path).read_text(encoding="utf-8"))
        assert record["pid"] == server.pid
        assert (record["host"], record["port"]) == ("127.0.0.1", port)
        assert served_addresses(tmp_path) == [f"http://127.0.0.1:{port}/"]
        server.send_signal(stop)  # Ctrl+C, or the system stopping it
        assert server.wait(timeout=15) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    assert not serving_path(tmp_path).exists()
    assert served_addresses(tmp_path) == []


def test_a_killed_servers_record_is_left_but_not_trusted(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(tmp_path, port)
    server.kill()
    server.wait()
    assert serving_path(tmp_path).exists()
    assert served_addresses(tmp_path) == []


def test_a_computer_whose_name_gives_only_loopback_still_offers_its_networks_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Debian's /etc/hosts names the computer 127.0.1.1: the default route's address is found.
    monkeypatch.setattr(serve.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1"]))
    monkeypatch.setattr(serve, "_route_address", lambda: ["192.168.1.20"])
    assert serve.phone_addresses("0.0.0.0", 8000) == [
        "http://192.168.1.20:8000/",
        "http://127.0.0.1:8000/",
        "http://127.0.1.1:8000/",
    ]
