"""The web server behind ``rummy serve``: textual-serve's server with this game's own page.

Only ``rummy serve`` imports this module (textual-serve and aiohttp load when serving, never
for a game in a terminal). The page (``assets/web/table.html``) loads its script, styles and
font from this server alone, and its websocket address is built from the address the browser
asked for, so it works from any computer of the network and with no internet access.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server

from rummy_tui.i18n import _, current_language
from rummy_tui.i18n.outside_text import say
from rummy_tui.ui.assets import asset_file

PAGE = "table.html"
"""The page of a game window, in the assets' ``web`` folder."""


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
            "websocket_url": f"{'wss' if secure else 'ws'}://{host}{websocket}",
            "font_size": font_size,
            "waiting": _("The game is starting…"),
            "ended": _("This game window is closed."),
            "restart": _("Open it again"),
        }
