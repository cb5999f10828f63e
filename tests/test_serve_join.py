"""A join code through ``rummy serve`` (issue 30, item 5): the server hands a tab's code to its
window in a pipe the window inherits (its command line names only the pipe's number), the
window reads the code and closes the pipe, and tells the server on a second pipe which code
opened its seat. Only text that looks like a code travels."""

from __future__ import annotations

import os

import pytest

from rummy_tui.cli.join_code import code_pipe, looks_like_join_code, read_code, report_code
from rummy_tui.cli.main import parse_arguments
from rummy_tui.cli.served_window import served_window

CODE = "HR-K7QM-4TZP-XE"
HOSTILE = '"><script>alert(1)</script>'


@pytest.mark.parametrize("code", [CODE, "hrk7qm4tzpxe", "A", "A" * 20, "1-2"])
def test_codes_as_people_write_them_look_like_codes(code: str) -> None:
    assert looks_like_join_code(code)


@pytest.mark.parametrize(
    "text", [None, "", "-", "---", "A" * 21, HOSTILE, "HR K7QM", "HR-K7QM\n", "ÄR-K7QM", "a/b", 7]
)
def test_anything_else_does_not(text: object) -> None:
    assert not looks_like_join_code(text)


def closed(descriptor: int) -> bool:
    try:
        os.fstat(descriptor)
    except OSError:
        return True
    return False


def test_the_code_travels_in_a_pipe_read_once_and_closed() -> None:
    descriptor = code_pipe(CODE)
    assert read_code(descriptor) == CODE
    assert closed(descriptor)
    with pytest.raises(ValueError):
        code_pipe(HOSTILE)


def test_a_pipe_that_holds_no_code_gives_none() -> None:
    reading, writing = os.pipe()
    os.write(writing, HOSTILE.encode())
    os.close(writing)
    assert read_code(reading) is None
    assert closed(reading)
    assert read_code(reading) is None  # a number that is no pipe any more


def test_the_window_reads_its_code_from_the_number_on_its_command_line() -> None:
    descriptor = code_pipe(CODE)
    window = served_window(parse_arguments(["--guest", "--code-fd", str(descriptor)]))
    assert window.guest and window.code == CODE and closed(descriptor)


def test_the_window_reports_the_code_that_opened_its_seat_and_nothing_else() -> None:
    reading, writing = os.pipe()
    window = served_window(parse_arguments(["--guest", "--report-fd", str(writing)]))
    assert window.report is not None and not os.get_inheritable(writing)
    window.report(CODE)
    window.report(HOSTILE)
    os.close(writing)
    assert os.read(reading, 100) == f"{CODE}\n".encode()
    os.close(reading)
    report_code(writing, CODE)  # a pipe gone is no error
