"""The join code a browser tab was opened with, handed to its game window, and the code its
window joined with, handed back.

A phone that scans the shared screen's QR code opens ``http://HOST:PORT/?join=CODE``. The page
passes the code to the server in its websocket's first message, and the server writes it into
a pipe that only that tab's game window inherits (:func:`code_pipe`): the window's command line
names the pipe's number (``--code-fd 5``), never the code, and no environment variable carries
it, so nobody else on the computer can read it (``ps`` shows command lines and environments).
The window reads the code and closes the pipe at start (:func:`read_code`).

A window waiting for a code tells the server which code opened its seat, on a second pipe
(``--report-fd 6``, :func:`report_code`), so a reloaded tab can open the seat again without
the code being typed again (see :mod:`rummy_tui.cli.web_server`).

Only text that looks like a join code travels this way: letters, digits and dashes, at most
:data:`LONGEST` characters. Anything else is dropped where it arrives, so it never reaches the
page, a pipe or the screen.
"""

from __future__ import annotations

import contextlib
import os
import re

LONGEST = 20
"""The most characters a join code can be written with (dashes included)."""

_LOOKS_LIKE_CODE = re.compile(rf"(?=.*[A-Za-z0-9])[A-Za-z0-9-]{{1,{LONGEST}}}")


def looks_like_join_code(text: object) -> bool:
    """Whether ``text`` could be a join code as people write it (``HR-K7QM-4TZP-XE``):
    letters, digits and dashes, at least one letter or digit, at most 20 characters. Whether
    it opens a seat is for the match to say.

    >>> looks_like_join_code("HR-K7QM-4TZP-XE"), looks_like_join_code('"><script>')
    (True, False)
    """
    return isinstance(text, str) and _LOOKS_LIKE_CODE.fullmatch(text) is not None


class NotACode(ValueError):
    """Text that does not look like a join code was to be handed to a window."""


def code_pipe(code: str) -> int:
    """A pipe holding ``code``: its reading end (for the window to inherit; the caller closes
    it once the window has started). The code is far shorter than a pipe's buffer, so the
    write never waits."""
    if not looks_like_join_code(code):
        raise NotACode(code)
    reading, writing = os.pipe()
    try:
        os.write(writing, code.encode("ascii"))
    finally:
        os.close(writing)
    return reading


def read_code(descriptor: int) -> str | None:
    """The code in the pipe the window inherited, the pipe then closed; None when there is
    none or it does not look like a code."""
    try:
        data = os.read(descriptor, LONGEST + 1)
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.close(descriptor)
    code = data.decode("ascii", "replace")
    return code if looks_like_join_code(code) else None


def report_code(descriptor: int, code: str) -> None:
    """Tell the server that ``code`` opened this window's seat (a line on its pipe); a server
    that has gone is no error."""
    if looks_like_join_code(code):
        with contextlib.suppress(OSError):
            os.write(descriptor, f"{code}\n".encode("ascii"))
