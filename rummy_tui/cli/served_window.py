"""How a game window started by ``rummy serve`` for a browser tab begins.

The server starts each tab's window with options of its own, left out of ``rummy --help``
because only the server writes them: ``--served`` (the window ends with the server, however
the server ends), ``--guest`` (the window is the join prompt and nothing else: no title
screen, menus, saves, records or settings), ``--code-fd N`` (the join code to try first is in
the inherited pipe ``N``) and ``--report-fd N`` (the window writes the code that opened its
seat on pipe ``N``). None of them carries a secret: a code travels only in a pipe.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from rummy_tui.cli.join_code import read_code, report_code

if TYPE_CHECKING:
    import argparse

PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the process that started it ends."""


def add_window_options(parser: argparse.ArgumentParser) -> None:
    """The hidden options of a served window, on ``rummy`` itself."""
    import argparse  # only with the parser: a bare ``rummy`` opens the title without it

    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--guest", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--code-fd", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--report-fd", type=int, default=None, help=argparse.SUPPRESS)


@dataclass(frozen=True)
class ServedWindow:
    """What a served window starts with: whether it is a guest, the code to try first, and
    where to say which code opened its seat."""

    guest: bool = False
    code: str | None = None
    report: Callable[[str], None] | None = None


def end_with_server() -> None:
    """Have the system end this window (SIGTERM) when the server that started it ends, even
    if the server is killed (Linux only; elsewhere the server ends its windows itself)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def served_window(args: Any) -> ServedWindow:
    """The served window this process is, from its command line: the code read from its
    pipe (and the pipe closed), the report pipe kept from any process it starts."""
    if getattr(args, "served", False):
        end_with_server()
    code_fd = getattr(args, "code_fd", None)
    code = read_code(code_fd) if isinstance(code_fd, int) and code_fd > 2 else None
    report_fd = getattr(args, "report_fd", None)
    report = None
    if isinstance(report_fd, int) and report_fd > 2:
        with contextlib.suppress(OSError):
            os.set_inheritable(report_fd, False)
            report = partial(report_code, report_fd)
    return ServedWindow(guest=bool(getattr(args, "guest", False)), code=code, report=report)
