"""The web server behind ``rummy serve``: textual-serve's server with this game's own page,
and the rules of who gets a game window.

Only ``rummy serve`` imports this module (textual-serve and aiohttp load when serving, never
for a game in a terminal). The page (``assets/web/table.html``) loads its script, styles and
font from this server alone, and its websocket address is built from the address the browser
asked for, so it works from any computer of the network and with no internet access.

**Who gets which window.** A request that does not come from the server's own page is refused
before anything starts (:mod:`rummy_tui.cli.web_guard`). The page's first message on its
websocket says what the tab holds: the join code of its address (``/?join=CODE``, the shared
screen's QR code), the host's token (``/?host=TOKEN``, printed by ``rummy serve``), or the
resume token the server gave the tab when its seat opened. Only the host's token opens the
whole game (title, saves, records, settings); every other tab's window is a *guest*: it shows
the join prompt and nothing else, with the tab's code tried first. When a guest's code opens a
seat the server gives the tab a resume token (kept by the tab for the session, never in its
address), and a reloaded tab or a phone that slept opens the same seat with it. A newer
window of a seat takes over: the older window is told why and closed, and its process has
ended before the newer one starts, so the seat is free for it.

**How many.** At most :data:`WAITING_LIMIT` guests that have no seat yet and
:data:`WINDOW_LIMIT` windows in all (each seat has one window, the newest); a tab beyond that
is told that the table is full and no process starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import signal
import sys
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSMsgType, web
from textual_serve.server import Server

from rummy_tui.cli.join_code import looks_like_join_code
from rummy_tui.cli.tab_window import TabWindow
from rummy_tui.cli.web_guard import (
    LONGEST_KEYS,
    LONGEST_MESSAGE,
    TokenBucket,
    host_allowed,
    origin_allowed,
    read_message,
    same_secret,
    terminal_size,
)
from rummy_tui.i18n import N_, _, current_language
from rummy_tui.i18n.outside_text import say
from rummy_tui.ui.shell.assets import asset_file

PAGE = "table.html"
"""The page of a game window, in the assets' ``web`` folder."""
WAITING_LIMIT = 4
"""Guest windows with no seat yet that may be open at once."""
WINDOW_LIMIT = 16
"""Game windows that may be open at once."""
HELLO_WAIT = 10.0
"""Seconds a new connection has to say what it holds before it is taken for a bare guest."""
GREETING_LIMIT = 32
"""Connections that may be saying what they hold at once (the rest are closed at once)."""
RESUME_LIMIT = 256
"""Resume tokens remembered (the oldest is forgotten first)."""
SHUTDOWN_WAIT = 3.0
"""Seconds the server waits for its connections once every window has ended."""
CLOSE_WAIT = 1.0
"""Seconds a closing websocket waits for the tab's answer (a client that never answers holds
neither its handler nor a stopping server longer)."""

PAGE_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
}
"""Every answer: never shown inside another site's page, and its address (which may hold the
host's token) never sent on as a referrer."""

FULL = N_(
    "The table is full: no more game windows can be opened now. Close one, then open this "
    "page again."
)
TAKEN_OVER = N_("This seat was opened in a newer window, so this one has closed.")
REFUSED = N_("This address serves the game only to pages of its own.")


def seat_key(code: str) -> str:
    """The seat a code opens, whatever its case and dashes (``hr-k7qm...`` = ``HRK7QM...``)."""
    return "".join(char for char in code.upper() if char.isalnum())


@dataclass
class Opening:
    """What a tab's window opens with: the whole game (the host), or the join prompt with a
    code to try first; ``seat`` is the seat the code is known to open (a resumed tab)."""

    host: bool = False
    code: str | None = None
    seat: str | None = None


@dataclass(eq=False)
class OpenWindow:
    """A tab's window the server keeps count of."""

    opening: Opening
    send: Callable[[list[Any]], Awaitable[None]]
    close: Callable[[], Awaitable[Any]]
    seat: str | None = None
    resume: str | None = None
    service: TabWindow | None = None
    ended: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def waiting(self) -> bool:
        """A guest whose code has opened no seat yet."""
        return not self.opening.host and self.seat is None

    async def end(self, reason: str | None = None) -> None:
        """Tell the tab why (if there is a reason), end the window's process, close the tab."""
        if reason is not None:
            with contextlib.suppress(Exception):
                await self.send(["notice", reason])
        if self.service is not None:
            await self.service.stop()
        with contextlib.suppress(Exception):
            await self.close()


class TableWindows:
    """The windows open now, their seats, and the resume tokens of the tabs."""

    def __init__(self, waiting_limit: int = WAITING_LIMIT, window_limit: int = WINDOW_LIMIT):
        self.waiting_limit = waiting_limit
        self.window_limit = window_limit
        self.open: list[OpenWindow] = []
        self.resumes: OrderedDict[str, str] = OrderedDict()
        """Resume token -> the code that opened the seat (in memory only)."""

    def holder(self, seat: str | None, besides: OpenWindow | None = None) -> OpenWindow | None:
        """The window that has ``seat`` now (other than ``besides``)."""
        found = [w for w in self.open if w.seat == seat and w is not besides and seat]
        return found[0] if found else None

    def admit(self, window: OpenWindow) -> bool:
        """Count ``window`` in if there is room (a seat's older window makes room for it)."""
        older = self.holder(window.seat)
        others = [w for w in self.open if w is not older]
        if len(others) >= self.window_limit:
            return False
        if window.waiting and sum(w.waiting for w in others) >= self.waiting_limit:
            return False
        self.open.append(window)
        return True

    def leave(self, window: OpenWindow) -> None:
        if window in self.open:
            self.open.remove(window)

    def resume_code(self, token: object) -> str | None:
        """The code a resume token stands for (None for a token never given)."""
        if not isinstance(token, str):
            return None
        for known, code in self.resumes.items():
            if secrets.compare_digest(known.encode(), token.encode("utf-8", "replace")):
                return code
        return None

    def new_resume(self, code: str, token: str | None) -> str:
        """The tab's resume token for ``code`` (its own again if it had one)."""
        token = token or secrets.token_urlsafe(32)
        self.resumes[token] = code
        self.resumes.move_to_end(token)
        while len(self.resumes) > RESUME_LIMIT:
            self.resumes.popitem(last=False)
        return token


def page_folder() -> Path:
    """The folder of the page's template (installed, else the source tree's)."""
    page = asset_file(f"web/{PAGE}")
    if page is None:
        raise FileNotFoundError(_("The game's web page is missing from its assets."))
    return page.parent


async def _page_headers(_request: web.Request, response: web.StreamResponse) -> None:
    """Every answer's :data:`PAGE_HEADERS`, added as it goes out."""
    response.headers.update(PAGE_HEADERS)


def _send_json(websocket: web.WebSocketResponse) -> Callable[[list[Any]], Awaitable[None]]:
    async def send(message: list[Any]) -> None:
        await websocket.send_json(message)

    return send


class GameServer(Server):
    """textual-serve's server, with the game's page, its own words on start, and its rules of
    who gets a game window."""

    def __init__(
        self,
        game: Sequence[str],
        *,
        host: str,
        port: int,
        title: str,
        opening_lines: list[str],
        host_token: str | None = None,
        windows: TableWindows | None = None,
    ):
        """``game`` is the command of a game window; ``host_token`` opens the whole game
        (None: no tab ever gets it)."""
        super().__init__(" ".join(game), host=host, port=port, title=title)
        self.game = list(game)
        self.templates_path = page_folder()
        self.opening_lines = opening_lines
        self.host_token = host_token
        self.windows = windows or TableWindows()
        self.greeting = 0

    def initialize_logging(self) -> None:
        """Only warnings and errors of the server reach the terminal (each browser tab's
        connection is not news)."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, SIGTERM or SIGHUP; every window has ended when this returns."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            loop.add_signal_handler(number, self.request_exit)
        web.run_app(
            self._make_app(),
            host=self.host,
            port=self.port,
            handle_signals=False,
            loop=loop,
            print=None,
            shutdown_timeout=SHUTDOWN_WAIT,
        )

    async def _make_app(self) -> web.Application:
        """textual-serve's routes behind the same-origin check."""
        app = await super()._make_app()
        app.middlewares.append(self.same_origin)
        app.on_response_prepare.append(_page_headers)
        return app

    @web.middleware
    async def same_origin(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse (403) a request that does not name this server or comes from another page."""
        host = request.headers.get("Host")
        if not host_allowed(host, self.host, self.port) or not origin_allowed(
            request.headers.get("Origin"), host, request.scheme
        ):
            raise web.HTTPForbidden(text=_(REFUSED))
        return await handler(request)

    async def on_startup(self, app: web.Application) -> None:
        """Say where the game is served, and who can reach it."""
        for line in self.opening_lines:
            say(line)

    async def on_shutdown(self, app: web.Application) -> None:
        """End every window (together, each within two seconds) and close its tab."""
        await asyncio.gather(
            *(window.end() for window in list(self.windows.open)), return_exceptions=True
        )

    async def _hello(self, websocket: web.WebSocketResponse) -> tuple[dict[str, Any], Any]:
        """What the tab holds (its first message), and a first message that was something
        else (to be handled as usual)."""
        try:
            message = await websocket.receive(timeout=HELLO_WAIT)
        except TimeoutError:
            return {}, None
        if message.type != WSMsgType.TEXT:
            return {}, None
        read = read_message(str(message.data))
        if read is not None and read[0] == "hello" and isinstance(read[1], dict):
            return read[1], None
        return {}, read

    def _opening(self, hello: dict[str, Any]) -> tuple[Opening, str | None]:
        """The window a tab's first message asks for, and its resume token if it is good."""
        if same_secret(hello.get("host"), self.host_token):
            return Opening(host=True), None
        join = hello.get("join")
        if looks_like_join_code(join):
            return Opening(code=join), None
        token = hello.get("resume")
        code = self.windows.resume_code(token)
        if code is not None:
            return Opening(code=code, seat=seat_key(code)), str(token)
        return Opening(), None

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run the game window of one tab for as long as its websocket is open."""
        websocket = web.WebSocketResponse(
            heartbeat=15, max_msg_size=LONGEST_MESSAGE, timeout=CLOSE_WAIT
        )
        await websocket.prepare(request)
        if self.greeting >= GREETING_LIMIT:
            await OpenWindow(Opening(), _send_json(websocket), websocket.close).end(_(FULL))
            return websocket
        self.greeting += 1
        try:
            hello, first = await self._hello(websocket)
        finally:
            self.greeting -= 1
        opening, resume = self._opening(hello)
        if opening.code is not None and self.windows.holder(seat_key(opening.code)):
            opening.seat = seat_key(opening.code)  # a code that has opened that seat before
        window = OpenWindow(opening, _send_json(websocket), websocket.close, seat=opening.seat)
        window.resume = resume
        if websocket.closed or not self.windows.admit(window):
            await window.end(_(FULL))
            return websocket
        try:
            await self._run_window(request, websocket, window, first)
        except Exception as error:
            say(
                _("A game window closed on an error: {problem}").format(problem=error),
                file=sys.stderr,
            )
        finally:
            self.windows.leave(window)
            await window.end()
        return websocket

    async def _run_window(
        self,
        request: web.Request,
        websocket: web.WebSocketResponse,
        window: OpenWindow,
        first: Any,
    ) -> None:
        older = self.windows.holder(window.seat, besides=window)
        if older is not None:
            self.windows.leave(older)
            await older.end(_(TAKEN_OVER))
        if window.resume is not None:
            await window.send(["resume", window.resume])
        size = terminal_size(request.query.get("width", 80), request.query.get("height", 24))
        service = TabWindow(
            self.game,
            guest=not window.opening.host,
            code=window.opening.code,
            joined=lambda code: self._seated(window, code),
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        window.service = service
        await service.start(*(size or (80, 24)))
        bucket = TokenBucket()
        if first is not None:
            await self._handle(websocket, service, first)
        async for message in websocket:
            if message.type != WSMsgType.TEXT or not bucket.take():
                continue
            read = read_message(str(message.data))
            if read is not None:
                await self._handle(websocket, service, read)

    async def _seated(self, window: OpenWindow, code: str) -> None:
        """A guest's code opened its seat: an older window of that seat closes, and the tab
        gets its resume token."""
        window.seat = seat_key(code)
        older = self.windows.holder(window.seat, besides=window)
        if older is not None:
            self.windows.leave(older)
            await older.end(_(TAKEN_OVER))
        window.resume = self.windows.new_resume(code, window.resume)
        with contextlib.suppress(Exception):
            await window.send(["resume", window.resume])

    async def _handle(
        self, websocket: web.WebSocketResponse, service: TabWindow, message: tuple[str, Any]
    ) -> None:
        """One message of the tab: keys, a size, a ping, focus or blur (anything else, or
        out of bounds, is ignored)."""
        kind, data = message
        if kind == "stdin" and isinstance(data, str) and len(data) <= LONGEST_KEYS:
            await service.send_bytes(data.encode("utf-8", "replace"))
        elif kind == "resize" and isinstance(data, dict):
            size = terminal_size(data.get("width"), data.get("height"))
            if size is not None:
                await service.set_terminal_size(*size)
        elif kind == "ping" and isinstance(data, str) and len(data) <= 64:
            await websocket.send_json(["pong", data])
        elif kind == "blur":
            await service.blur()
        elif kind == "focus":
            await service.focus()

    @aiohttp_jinja2.template(PAGE)
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page of a game window, its addresses built from the one the browser used."""
        router = request.app.router
        secure = request.scheme == "https"
        websocket = router["websocket"].url_for()
        static = str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        try:
            font_size = max(8, min(40, int(request.query.get("fontsize", "16"))))
        except ValueError:
            font_size = 16
        return {
            "language": current_language(),
            "title": self.title,
            "static_url": static,
            "websocket_url": f"{'wss' if secure else 'ws'}://{request.host}{websocket}",
            "font_size": font_size,
            "waiting": _("The game is starting…"),
            "ended": _("This game window is closed."),
            "restart": _("Open it again"),
        }
