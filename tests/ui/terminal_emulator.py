"""What a real terminal shows of a test's app: the bytes Textual writes, fed to a terminal
emulator (pyte), compared cell by cell with the compositor's own full picture.

Pilot screenshots are drawn from the compositor, so they are always whole; a fault in the
partial updates Textual sends (a region left stale, a line drawn twice, a cell a column off)
shows only in the stream of bytes a terminal gets. The :func:`terminals` fixture makes every
app a test runs write that stream into a :class:`Terminal` (Textual's test driver normally
writes nothing and the app renders nothing); :meth:`Terminal.mismatches` compares it with a
full redraw of the compositor's picture, and :func:`settled_frames` waits until the screen
has no update pending first, so both are of the same moment.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pyte
import pytest
from textual.app import App
from textual.drivers.headless_driver import HeadlessDriver
from textual.geometry import Region
from textual.pilot import Pilot

from rummy_tui.ui.shell.app import RummyApp


@dataclass(frozen=True)
class Mismatch:
    """One row where the terminal differs from the compositor: the row, the columns that
    differ and both texts."""

    row: int
    columns: tuple[int, ...]
    want: str
    got: str

    def __str__(self) -> str:
        return f"row {self.row} cols {list(self.columns)}\n want |{self.want}|\n got  |{self.got}|"


@dataclass
class Terminal:
    """A pyte screen fed with everything one app writes to its terminal."""

    width: int
    height: int
    screen: pyte.Screen = field(init=False)
    stream: pyte.Stream = field(init=False)
    written: int = 0
    """Characters written so far (escape sequences included)."""
    writes: int = 0
    """Writes so far (Textual writes one per frame)."""

    def __post_init__(self) -> None:
        self.screen = pyte.Screen(self.width, self.height)
        self.stream = pyte.Stream(self.screen)

    def feed(self, data: str) -> None:
        self.written += len(data)
        self.writes += 1
        self.stream.feed(data)

    def resize(self, width: int, height: int) -> None:
        if (width, height) != (self.width, self.height):
            self.width, self.height = width, height
            self.screen.resize(height, width)

    def lines(self) -> list[str]:
        """The terminal's rows as text (a wide glyph once, as the compositor's strips hold
        it)."""
        return list(self.screen.display)

    def mismatches(self, app: App[Any]) -> list[Mismatch]:
        """Every row where this terminal differs from the compositor's full picture of
        ``app``'s screen: its text (``strip.text``), or any cell's character, colours or
        attributes (the picture written whole to a fresh emulator)."""
        compositor = app.screen._compositor
        strips = compositor.render_strips()
        want_text = [strip.text for strip in strips]
        fresh = pyte.Screen(self.width, self.height)
        update = _full_frame(strips, self.width, self.height)
        pyte.Stream(fresh).feed(update.render_segments(app.console))
        got_text = self.lines()
        found: list[Mismatch] = []
        for row in range(self.height):
            want_line = want_text[row] if row < len(want_text) else ""
            got_line = got_text[row]
            columns = tuple(
                column
                for column in range(self.width)
                if fresh.buffer[row][column] != self.screen.buffer[row][column]
            )
            if columns or want_line.rstrip() != got_line.rstrip():
                found.append(Mismatch(row, columns, want_line, got_line))
        return found


def _full_frame(strips: list[Any], width: int, height: int) -> Any:
    """The compositor's picture as one whole-screen update (what Textual writes after a
    layout of the whole screen)."""
    from textual._compositor import LayoutUpdate

    return LayoutUpdate([[strip] for strip in strips[:height]], Region(0, 0, width, height))


class Terminals:
    """The terminal of each app the test runs (made at the app's first write, sized as the
    app is, and resized with it)."""

    def __init__(self) -> None:
        self.by_app: dict[int, Terminal] = {}
        self.frames_compared = 0

    def of(self, app: App[Any]) -> Terminal:
        return self.by_app[id(app)]

    def write(self, driver: HeadlessDriver, data: str) -> None:
        app = driver._app
        width, height = app.size
        terminal = self.by_app.get(id(app))
        if terminal is None:
            terminal = self.by_app[id(app)] = Terminal(width, height)
        terminal.resize(width, height)
        terminal.feed(data)


@pytest.fixture
def terminals(monkeypatch: pytest.MonkeyPatch) -> Iterator[Terminals]:
    """Every app of the test renders for real, into a :class:`Terminal` per app.

    Textual's test driver says it is headless, and a headless app renders nothing; here it
    says it is not, and its writes go to the emulator. The game's own care for a real
    terminal (SIGTERM and SIGHUP handlers on the loop) stays off: the test shares the
    process with others."""
    found = Terminals()
    monkeypatch.setattr(HeadlessDriver, "is_headless", property(lambda self: False))
    monkeypatch.setattr(HeadlessDriver, "write", lambda self, data: found.write(self, data))
    monkeypatch.setattr(RummyApp, "_end_on_termination", lambda self: None)
    yield found


def update_pending(app: App[Any]) -> bool:
    """Whether the app's screen has a layout, a scroll or a repaint waiting for its next
    frame (the compositor then holds a picture the terminal does not have yet)."""
    screen = app.screen
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    )


async def settled_frames(pilot: Pilot[Any], rounds: int = 50, app: App[Any] | None = None) -> None:
    """Wait until every update of ``app`` (the pilot's own by default) is written (a few
    frames at most): the app compared may be another than the one the pilot drives."""
    app = app or pilot.app
    for _ in range(rounds):
        await pilot.pause()
        if not update_pending(app):
            await pilot.pause()
            if not update_pending(app):
                return
        await pilot.pause(1 / 60)
    raise AssertionError("the screen kept asking for new frames")  # pragma: no cover


async def assert_terminal_matches(
    pilot: Pilot[Any], terminals: Terminals, what: str, app: App[Any] | None = None
) -> None:
    """After the step ``what``: the terminal shows exactly the compositor's picture."""
    app = app or pilot.app
    await settled_frames(pilot, app=app)
    terminal = terminals.of(app)
    assert (terminal.width, terminal.height) == tuple(app.size)
    found = terminal.mismatches(app)
    terminals.frames_compared += 1
    if found:
        shown = "\n".join(str(mismatch) for mismatch in found[:8])
        raise AssertionError(
            f"after {what} on {type(app.screen).__name__}: the terminal differs from the "
            f"compositor in {len(found)} rows\n{shown}"
        )
