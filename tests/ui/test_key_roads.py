"""The road of ``u``, ``x`` and ``t`` from the key to the disk (issue 22): which of the
project's modules a key's move passes through, in order, with a real app and a real save.

A profile hook records each function of ``rummy_tui`` entered from another module of ours
between the key press and the save written. Left out, as the issue counts: Textual and the
standard library (not ours), the core behind its entry (``Game.apply`` / ``Game.take_back``:
the core counts once), the saves behind their one call (``Autosave.save``), the words
(``rummy_tui.i18n``, the refusal and card wording) and the widgets. What Textual calls on its
own between the key and the save (the key bar asking which keys are on, a redraw) is no step
of the move: the road starts at the table's key action and follows what it calls and the
handler of the message it posts.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType
from typing import Any

from rummy_tui.persistence.autosave import Autosave
from tests.ui.helpers import app_for, pass_to, press, stacked_game

ROOT = Path(__import__("rummy_tui").__file__).parent
LEFT_OUT = ("i18n", "ui/widgets", "ui/play/render", "ui/play/refusal_text")
"""Words and widgets: not steps of the road."""
STARTS = {"u": "action_take_back", "x": "action_discard", "t": "action_take"}


def _module(frame: FrameType) -> str | None:
    path = Path(frame.f_code.co_filename)
    try:
        relative = path.relative_to(ROOT).with_suffix("").as_posix()
    except ValueError:
        return None
    if relative.startswith(LEFT_OUT):
        return None
    if relative.startswith("core/"):
        return "core"
    if relative.startswith("table/"):
        return "table"  # the table's rules, a pure floor like the core: one step
    if relative.startswith("persistence/"):
        return "persistence"
    return relative.replace("/", ".")


class Road:
    """The modules a key's move enters, in order (a module is entered when one of its
    functions is called from another module of ours, or by Textual)."""

    def __init__(self, start: str) -> None:
        self.start = start
        self.steps: list[tuple[str, str]] = []
        self.on_road = False
        self.saved = False

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call" or self.saved:
            return
        module = _module(frame)
        if module is None:
            return
        name = frame.f_code.co_name
        if name == self.start or name.startswith("on_table_screen_"):
            self.on_road = True
        if not self.on_road or not self._called_from_elsewhere(frame, module):
            return
        if self.steps and self.steps[-1][0] == "persistence":
            return  # behind the saves' one call, until the file is written
        self.steps.append((module, name))

    def _called_from_elsewhere(self, frame: FrameType, module: str) -> bool:
        caller = frame.f_back
        while caller is not None and _module(caller) is None:
            if Path(caller.f_code.co_filename).is_relative_to(ROOT):
                return False  # inside the words or a widget: not a step
            caller = caller.f_back
        if caller is None:
            return True
        outer = _module(caller)
        if outer in ("core", "table", "persistence") and module == outer:
            return False  # behind the core's, the table's rules' or the saves' one entry
        return outer != module or caller.f_code.co_name == "on_table_screen_act"

    @property
    def modules(self) -> list[str]:
        """The modules in the order they were entered (one entry per visit)."""
        order: list[str] = []
        for module, _name in self.steps:
            if not order or order[-1] != module:
                order.append(module)
        return order


def _game() -> Any:
    return stacked_game(
        "classic",
        {0: "10H AS 3S 5S 7S 9D 6C 8C QC 4H", 1: "7H 8H 9H KS KD KC 2C 3C 5D JS"},
        upcard="4C",
        stock="QD 6S 6D",
    )


async def _follow(key: str, before: tuple[str, ...], tmp_path: Path) -> Road:
    """The road of ``key`` at Bob's turn, after the keys ``before``."""
    app = app_for(_game(), tmp_path, autosave=True)
    road = Road(STARTS[key])
    real_save = Autosave.save

    def save(autosave: Autosave, *arguments: Any, **keywords: Any) -> None:
        real_save(autosave, *arguments, **keywords)
        road.saved = road.on_road  # the file is on disk: the road ends here

    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, *before)
        Autosave.save = save  # type: ignore[method-assign]
        sys.setprofile(road)
        try:
            await press(pilot, key)
        finally:
            sys.setprofile(None)
            Autosave.save = real_save  # type: ignore[method-assign]
    assert road.saved, f"{key}: nothing was saved"
    return road


def _check(key: str, road: Road, most: int = 4) -> None:
    print(f"{key}: " + " -> ".join(road.modules))
    print("   " + ", ".join(f"{module}.{name}" for module, name in road.steps))
    assert len(road.modules) == len(set(road.modules)), f"{key} goes back: {road.modules}"
    assert road.modules[0] == "ui.screens.table" and road.modules[-1] == "persistence"
    assert len(road.modules) <= most, f"{key}: {road.modules}"


async def test_u_goes_from_the_key_to_the_disk_through_five_modules_one_way(
    tmp_path: Path,
) -> None:
    """u asks the table's rules first (P-4 across screens: whose move, at which screen, and
    whether the next seat has begun), then the core takes the move back: five floors."""
    road = await _follow("u", ("t",), tmp_path)
    _check("u", road, most=5)
    assert road.modules == ["ui.screens.table", "ui.play.session", "table", "core", "persistence"]


async def test_x_goes_from_the_key_to_the_disk_through_four_modules_one_way(
    tmp_path: Path,
) -> None:
    _check("x", await _follow("x", ("t",), tmp_path))


async def test_t_goes_from_the_key_to_the_disk_through_four_modules_one_way(
    tmp_path: Path,
) -> None:
    _check("t", await _follow("t", (), tmp_path))
