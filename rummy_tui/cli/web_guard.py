"""What the served game lets in: requests from its own page only, sizes and keys within bounds.

Every request to ``rummy serve`` (the page, its files and both websockets) must name the
server itself in its ``Host`` header, and a request that carries an ``Origin`` (a browser
always does for a websocket) must come from a page of that same address. A web page of any
other site open in a browser on this computer or the network is refused, before any game
window starts, and so is a name of another site that was made to point at this computer (DNS
rebinding): only this computer's own names and addresses are accepted.

A tab's messages are bounded: a terminal size outside :data:`COLUMNS` and :data:`ROWS` is
brought within them, one that is no number is ignored, and each connection may send at most
:data:`BURST` messages at once and :data:`PER_SECOND` a second after that (the rest are
dropped), none longer than :data:`LONGEST_KEYS`.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import math
import socket
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

EVERY_NETWORK = ("0.0.0.0", "::")
"""Hosts that listen on every network the computer is on."""

COLUMNS = (20, 500)
"""The narrowest and widest terminal a tab's window may have, in columns."""
ROWS = (10, 200)
"""The lowest and highest terminal a tab's window may have, in rows."""
LONGEST_KEYS = 4096
"""The most characters of keys (or pasted text) one message may carry."""
LONGEST_MESSAGE = 16384
"""The longest websocket message the server reads at all (longer ones close the connection)."""
BURST = 64
"""Messages a connection may send at once."""
PER_SECOND = 32.0
"""Messages a second a connection may send after its burst."""


def _split_authority(authority: str) -> tuple[str, int | None] | None:
    """The host name (lower case, no brackets) and port of ``host[:port]``; None when it is
    not one."""
    try:
        parts = urlsplit(f"//{authority}")
        return (parts.hostname or "").lower(), parts.port
    except ValueError:
        return None


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _is_loopback(name: str) -> bool:
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return name == "localhost"


def own_names() -> set[str]:
    """This computer's own names (``localhost``, its host name, and that name in ``.local``)."""
    name = socket.gethostname().lower()
    return {"localhost", name, f"{name}.local"}


def host_allowed(header: str | None, served_host: str, port: int) -> bool:
    """Whether a request's ``Host`` header names this server: its port, and the address it
    listens on (for every network: any address written as digits, or this computer's own
    name; for this computer alone: also ``localhost``). A name of any other site is refused,
    whatever address it points at.

    >>> [host_allowed(h, "127.0.0.1", 8000) for h in ("127.0.0.1:8000", "localhost:8000")]
    [True, True]
    >>> [host_allowed(h, "127.0.0.1", 8000) for h in ("evil.example:8000", "127.0.0.1:9")]
    [False, False]
    """
    found = _split_authority(header or "")
    if found is None:
        return False
    name, asked_port = found
    if (asked_port or 80) != port or not name:
        return False
    served = served_host.strip("[]").lower()
    if served in EVERY_NETWORK:
        return _is_ip(name) or name in own_names()
    if name == served:
        return True
    return _is_loopback(served) and name == "localhost"


def origin_allowed(origin: str | None, host_header: str | None, scheme: str) -> bool:
    """Whether a request's ``Origin`` is the page of the address the request was sent to
    (scheme, host and port): no ``Origin`` at all is a program, not a web page, and is let
    through; ``null`` (a sandboxed frame, a file) and every other site are refused.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", "http")
    True
    >>> [origin_allowed(o, "127.0.0.1:8000", "http") for o in ("null", "http://evil.example")]
    [False, False]
    """
    if origin is None:
        return True
    try:
        parts = urlsplit(origin)
        origin_port = parts.port
    except ValueError:
        return False
    if parts.scheme != scheme or parts.path or parts.query or not parts.hostname:
        return False
    host = _split_authority(host_header or "")
    if host is None:
        return False
    default = 443 if scheme == "https" else 80
    return (parts.hostname.lower(), origin_port or default) == (host[0], host[1] or default)


def same_secret(given: object, secret: str | None) -> bool:
    """Whether ``given`` is ``secret`` (compared in constant time); never without a secret."""
    if secret is None or not isinstance(given, str):
        return False
    return hmac.compare_digest(given.encode("utf-8"), secret.encode("utf-8"))


def _cells(value: object, bounds: tuple[int, int]) -> int | None:
    """A terminal's width or height brought within ``bounds``: None when it is no number
    (text, true/false, not finite) or is below zero."""
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    if not math.isfinite(number) or number < 0:
        return None
    return max(bounds[0], min(bounds[1], int(number)))


def terminal_size(width: object, height: object) -> tuple[int, int] | None:
    """A tab's terminal size within :data:`COLUMNS` and :data:`ROWS`; None when either is no
    size at all (the message is then ignored).

    >>> terminal_size(100000, 100000), terminal_size("80", 24), terminal_size(-1, 24)
    ((500, 200), (80, 24), None)
    """
    columns, rows = _cells(width, COLUMNS), _cells(height, ROWS)
    return None if columns is None or rows is None else (columns, rows)


def read_message(text: str) -> tuple[str, Any] | None:
    """A tab's message (``["stdin", "x"]``, ``["resize", {...}]``...) as its kind and its
    data; None for anything else (not JSON, not a list, no kind)."""
    if len(text) > LONGEST_MESSAGE:
        return None
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: lists nested thousands deep
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    return envelope[0], envelope[1] if len(envelope) > 1 else None


class TokenBucket:
    """How many messages a connection may still send now: :data:`BURST` at once, refilled at
    :data:`PER_SECOND`."""

    def __init__(
        self,
        burst: int = BURST,
        per_second: float = PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.burst = burst
        self.per_second = per_second
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()

    def take(self) -> bool:
        """Whether one more message may go through now (it is counted if so)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.per_second)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
