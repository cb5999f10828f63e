"""``rummy serve``: the game served to web browsers on this computer or the local network.

textual-serve runs one ``rummy`` window for each browser tab that opens the page and draws it
in the tab. The page is this project's own (``assets/web/table.html``): everything it loads
comes from the server itself, so it works at a party with no internet access, and it builds its
addresses from the one the browser used, so a phone that opened ``http://192.168.1.20:8000``
talks to that address and not to ``0.0.0.0``.

A tab's window is the join prompt and nothing else: a seat opens only with its join code (the
shared screen's QR code opens the page with it). The whole game (title, saves, records,
settings) opens only in a tab that has the host's token, a random secret ``rummy serve`` makes
when it starts and prints in the host's own address (``http://127.0.0.1:8000/?host=...``);
it is never written to a file. Only pages of the server itself may open windows (see
:mod:`rummy_tui.cli.web_guard`). There is no encryption. 127.0.0.1, the default, is this
computer alone; ``--host 0.0.0.0`` is every network the computer is on, which the command says
when it starts.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import secrets
import socket
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from rummy_tui.cli.web_guard import EVERY_NETWORK
from rummy_tui.i18n import _
from rummy_tui.i18n.outside_text import say
from rummy_tui.persistence.paths import data_dir

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
HOST_TOKEN_BYTES = 32
"""Random bytes of the host's token (256 bits)."""


def _port(text: str) -> int:
    """A TCP port from the command line (1-65535)."""
    try:
        port = int(text)
    except ValueError:
        port = 0
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("{value} is not a port: give a whole number from 1 to 65535.").format(value=text)
        )
    return port


def add_command(commands: Any) -> None:
    """Add ``serve`` to the ``rummy`` parser's subcommands."""
    serve = commands.add_parser(
        "serve",
        help=_("serve the game to web browsers (each browser tab is a game window)"),
        description=_(
            "Serve the game to web browsers: a tab opens the join prompt, where a seat played on "
            "a screen of its own is opened with its join code; the address with the host's "
            "token, printed when the server starts, opens the whole game. Ctrl+C stops the "
            "server."
        ),
    )
    serve.add_argument(
        "--host",
        default=DEFAULT_HOST,
        help=_(
            "the address to listen on (default: 127.0.0.1, this computer only; "
            "0.0.0.0: every network the computer is on)"
        ),
    )
    serve.add_argument(
        "--port", type=_port, default=DEFAULT_PORT, help=_("the port to listen on (8000)")
    )


def game_command(data_dir: Path | None, language: str | None) -> list[str]:
    """The command each browser tab's window runs (no shell): this Python and this game,
    with the same data folder and language as the server."""
    words = [sys.executable, "-m", "rummy_tui"]
    if data_dir is not None:
        words += ["--data-dir", str(data_dir)]
    if language is not None:
        words += ["--lang", language]
    return words


def host_address(host: str, port: int, token: str) -> str:
    """The address of the host's own window: the whole game, with the host's token."""
    return f"{addresses(host, port)[0]}/?host={token}"


ROUTE_PROBE = ("192.0.2.1", 9)
"""An address of no computer (the documentation network): asking the system which of this
computer's addresses would reach it gives the address of the network the default route is on,
with no packet sent (a UDP socket only chooses its route when it connects)."""


def _route_address() -> list[str]:
    """This computer's address on the network of its default route ([] when it has none)."""
    with (
        contextlib.suppress(OSError),
        socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe,
    ):
        probe.connect(ROUTE_PROBE)
        return [str(probe.getsockname()[0])]
    return []


def addresses(host: str, port: int) -> list[str]:
    """The addresses to open the game at: the host itself, or for every network 127.0.0.1
    and this computer's own addresses (looked up from its name and its default route, no
    packet sent)."""
    if host not in EVERY_NETWORK:
        shown = f"[{host}]" if ":" in host else host
        return [f"http://{shown}:{port}"]
    found = ["127.0.0.1"]
    with contextlib.suppress(OSError):
        found += socket.gethostbyname_ex(socket.gethostname())[2]
    found += _route_address()
    return [f"http://{address}:{port}" for address in dict.fromkeys(found)]


def _loopback(address: str) -> bool:
    """Whether ``address`` (``http://HOST:PORT``) is this computer alone."""
    host = urlsplit(address).hostname or ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def phone_addresses(host: str, port: int) -> list[str]:
    """The base addresses another device could open (``http://192.168.1.20:8000/``): the
    addresses of :func:`addresses`, those of a network first and this computer's own last."""
    found = addresses(host, port)
    ordered = [a for a in found if not _loopback(a)] + [a for a in found if _loopback(a)]
    return [f"{address}/" for address in ordered]


def run_serve(args: argparse.Namespace) -> int:
    """Serve the game until Ctrl+C; return the exit status."""
    from rummy_tui.persistence.serving import serving  # only when serving: not for the parser

    try:
        from rummy_tui.cli.web_server import GameServer
    except ImportError as error:  # pragma: no cover - textual-serve is a dependency
        say(
            _("rummy: serving needs textual-serve ({problem}).").format(problem=error),
            file=sys.stderr,
        )
        return 1
    problem = port_problem(args.host, args.port)
    if problem is not None:
        say(
            _("rummy: cannot serve on {host} port {port}: {problem}").format(
                host=args.host, port=args.port, problem=problem
            ),
            file=sys.stderr,
        )
        return 1
    token = secrets.token_urlsafe(HOST_TOKEN_BYTES)
    server = GameServer(
        game_command(args.data_dir, args.lang),
        host=args.host,
        port=args.port,
        title=_("Rummy"),
        opening_lines=opening_lines(args.host, args.port, token),
        host_token=token,
    )
    with serving(
        data_dir(args.data_dir),
        host=args.host,
        port=args.port,
        addresses=phone_addresses(args.host, args.port),
    ):
        server.serve()
    return 0


def opening_lines(host: str, port: int, token: str) -> list[str]:
    """What ``rummy serve`` says when it starts: where a seat's screen is opened, the host's
    own address, and who can reach the game."""
    lines = [
        _("Rummy is served at {address}: open it in a web browser.").format(address=address)
        for address in addresses(host, port)
    ]
    lines.append(
        _(
            "A browser tab opens only the join prompt: a seat opens with the join code the "
            "shared screen shows."
        )
    )
    lines.append(
        _("The whole game in your own browser (keep this address to yourself): {address}").format(
            address=host_address(host, port, token)
        )
    )
    if host in EVERY_NETWORK:
        lines.append(
            _(
                "Anyone who can reach this computer on port {port} can now open the join "
                "prompt: a seat opens only with its join code, and nothing is encrypted."
            ).format(port=port)
        )
    lines.append(_("Ctrl+C stops the server."))
    return lines


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host`` and ``port`` (the port taken, the address
    not this computer's), found before anything is printed; None when it can."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        return str(error.strerror or error)
    return None
