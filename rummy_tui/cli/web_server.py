"""The web server behind ``rummy serve``: textual-serve's server with this game's own page.

Only ``rummy serve`` imports this module (textual-serve and aiohttp load when serving, never
for a game in a terminal). The page (``assets/web/table.html``) loads its script, styles and
font from this server alone, and its websocket address is built from the address the browser
asked for, so it works from any computer of the network and with no internet access.

A page opened as ``/?join=CODE`` (the address of a QR code on the shared screen) connects its
websocket at ``/ws/CODE``, and that tab's game window starts with the code in its environment
(see :mod:`rummy_tui.cli.join_code`). The code goes in the websocket's path, not its query,
because textual-serve's script adds the terminal's size to the websocket address as a query of
its own. A ``join`` that does not look like a code is dropped, on the page and at the websocket.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from rummy_tui.cli.join_code import JOIN_CODE_ENV, looks_like_join_code
from rummy_tui.i18n import _, current_language
from rummy_tui.i18n.outside_text import say
from rummy_tui.ui.assets import asset_file

PAGE = "table.html"
"""The page of a game window, in the assets' ``web`` folder."""
JOIN_WEBSOCKET = "join_websocket"
"""The route of the websocket of a tab opened with a join code: ``/ws/CODE``."""


def tab_environment(inherited: dict[str, str], join_code: str | None) -> dict[str, str]:
    """The environment of a tab's game window, from the one textual-serve built: the join
    code the tab was opened with, and no other (a code in the server's own environment is
    never handed to every tab)."""
    environment = {key: value for key, value in inherited.items() if key != JOIN_CODE_ENV}
    if join_code is not None and looks_like_join_code(join_code):
        environment[JOIN_CODE_ENV] = join_code
    return environment


class TabWindow(AppService):
    """The game window of one browser tab: textual-serve's process, with the tab's join code
    in its environment."""

    def __init__(self, command: str, *, join_code: str | None, **service: Any) -> None:
        super().__init__(command, **service)
        self.join_code = join_code

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        return tab_environment(super()._build_environment(width, height), self.join_code)


def _cells(request: web.Request, name: str, default: int) -> int:
    """The terminal's width or height the page asked for (``default`` when it is no number)."""
    try:
        return max(1, min(1000, int(request.query.get(name, default))))
    except ValueError:
        return default


def page_folder() -> Path:
    """The folder of the page's template (installed, else the source tree's)."""
    page = asset_file(f"web/{PAGE}")
    if page is None:
        raise FileNotFoundError(_("The game's web page is missing from its assets."))
    return page.parent


class GameServer(Server):
    """textual-serve's server, with the game's page and its own words on start."""

    def __init__(self, command: str, *, host: str, port: int, title: str, opening_lines: list[str]):
        super().__init__(command, host=host, port=port, title=title)
        self.templates_path = page_folder()
        self.opening_lines = opening_lines

    def initialize_logging(self) -> None:
        """Only warnings and errors of the server reach the terminal (each browser tab's
        connection is not news)."""
        logging.basicConfig(level=logging.WARNING, format="%(message)s")

    async def _make_app(self) -> web.Application:
        """textual-serve's routes, and the websocket of a tab opened with a join code."""
        app = await super()._make_app()
        app.router.add_get("/ws/{join}", self.handle_websocket, name=JOIN_WEBSOCKET)
        return app

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run the game window of one tab for as long as its websocket is open, with the
        join code of its address (``/ws/CODE``) when it looks like one."""
        join = request.match_info.get("join")
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        window = TabWindow(
            self.command,
            join_code=join if looks_like_join_code(join) else None,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            await window.start(_cells(request, "width", 80), _cells(request, "height", 24))
            await self._process_messages(websocket, window)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:
            say(
                _("A game window closed on an error: {problem}").format(problem=error),
                file=sys.stderr,
            )
        finally:
            await window.stop()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        """Say where the game is served, and who can reach it."""
        for line in self.opening_lines:
            say(line)

    @aiohttp_jinja2.template(PAGE)
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        """The page of a game window, its addresses built from the one the browser used."""
        router = request.app.router
        host = request.host
        secure = request.scheme == "https"
        join = request.query.get("join", "")
        websocket = (
            router[JOIN_WEBSOCKET].url_for(join=join)
            if looks_like_join_code(join)
            else router["websocket"].url_for()
        )
        static = str(router["static"].url_for(filename="/")).rstrip("/") + "/"
        try:
            font_size = max(8, min(40, int(request.query.get("fontsize", "16"))))
        except ValueError:
            font_size = 16
        return {
            "language": current_language(),
            "title": self.title,
            "static_url": static,
            "websocket_url": f"{'wss' if secure else 'ws'}://{host}{websocket}",
            "font_size": font_size,
            "waiting": _("The game is starting…"),
            "ended": _("This game window is closed."),
            "restart": _("Open it again"),
        }
