"""The join code a browser tab was opened with, handed to its game window.

A phone that scans the shared screen's QR code opens ``http://HOST:PORT/?join=CODE``. The page
passes the code to the server with its websocket, and the server starts that tab's game window
with the code in the environment variable :data:`JOIN_CODE_ENV` (never on the command line,
which every user of the computer can read). The game window takes it out of its environment at
start with :func:`take_join_code`, so nothing the window starts inherits it.

Only text that looks like a join code travels this way: letters, digits and dashes, at most
:data:`LONGEST` characters. Anything else in ``join`` is dropped where it arrives, so it never
reaches the page, the environment or the screen.
"""

from __future__ import annotations

import os
import re

JOIN_CODE_ENV = "RUMMY_JOIN_CODE"
"""The environment variable that carries a browser tab's join code to its game window."""

LONGEST = 20
"""The most characters a join code can be written with (dashes included)."""

_LOOKS_LIKE_CODE = re.compile(rf"(?=.*[A-Za-z0-9])[A-Za-z0-9-]{{1,{LONGEST}}}")


def looks_like_join_code(text: str | None) -> bool:
    """Whether ``text`` could be a join code as people write it (``HR-K7QM-4TZP-XE``):
    letters, digits and dashes, at least one letter or digit, at most 20 characters. Whether
    it opens a seat is for the match to say.

    >>> looks_like_join_code("HR-K7QM-4TZP-XE"), looks_like_join_code('"><script>')
    (True, False)
    """
    return text is not None and _LOOKS_LIKE_CODE.fullmatch(text) is not None


def take_join_code() -> str | None:
    """The join code this game window was started with, if any: read from the environment
    and removed from it (so no process the window starts inherits it); None when there is
    none or it does not look like a code."""
    code = os.environ.pop(JOIN_CODE_ENV, None)
    return code if looks_like_join_code(code) else None
