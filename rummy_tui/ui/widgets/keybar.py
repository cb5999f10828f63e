"""A footer that shows every key binding of the screen, wrapping onto as many lines as needed.

Textual's own footer scrolls sideways when the keys do not fit; the table has more keys than
fit on one 80-column line, and every binding must stay visible, so this footer wraps instead.
A binding the screen disables right now is drawn dimmed; one that does not apply to the
variant is left out, and so is one whose screen says it does nothing at this moment
(``key_offered(action)`` False: the table's move keys outside their phase). Clicking a key runs
its action, so the footer doubles as a row of buttons.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.style import Style
from rich.text import Text
from textual.binding import ActiveBinding, Binding
from textual.dom import DOMNode
from textual.events import Click
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.widgets.quiet import repaint


def key_style(enabled: bool) -> Style:
    """A key's cap on the bar, in the theme in force (grey when the key does nothing now)."""
    if enabled:
        return Style(bold=True, color=colour("game-key-text"), bgcolor=colour("game-highlight"))
    return Style(color=colour("game-muted"), bgcolor=colour("game-muted-back"))


def description_style(enabled: bool) -> Style:
    """A key's words on the bar, in the theme in force."""
    return Style(color=colour("game-text" if enabled else "game-muted"))


def declared_order(active: Mapping[str, ActiveBinding]) -> list[ActiveBinding]:
    """The active bindings in the order their screens declare them (a key moved by the
    settings file keeps its place on the bar)."""
    items = list(active.values())
    places: dict[str | None, int] = {}
    for _node, binding, _enabled, _tooltip in items:
        places.setdefault(binding.id, len(places))
    order: dict[str | None, int] = {
        binding.id: index
        for node in dict.fromkeys(item[0] for item in items)
        for index, binding in enumerate(_declared(node))
        if binding.id is not None
    }
    return sorted(items, key=lambda item: order.get(item[1].id, places[item[1].id]))


def _declared(node: DOMNode) -> list[Binding]:
    merged = type(node)._merged_bindings
    if merged is None:
        return []
    return [binding for bindings in merged.key_to_bindings.values() for binding in bindings]


class KeyBar(Widget):
    """Every shown binding of the screen as ``key description`` items, wrapped."""

    # The key bar's style stays with it (not in a screen's sheet): seven screens show it, and
    # it is to look the same on any screen that docks one.
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        width: 1fr;
        background: $panel;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._items: list[tuple[str, str, bool, DOMNode, str]] = []

    def on_mount(self) -> None:
        # At once, not after the messages waiting: keys that change with a move (a hand shown
        # after a hand-off, say) are then laid out in the move's own frame, not in one more.
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed, immediate=True)
        self._collect()

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen:
            self._collect()

    def _collect(self) -> None:
        items: list[tuple[str, str, bool, DOMNode, str]] = []
        seen: set[str] = set()
        active = self.screen.active_bindings
        in_order = declared_order(active) if self.app._keymap else list(active.values())
        for node, binding, enabled, _tooltip in in_order:
            if not binding.show or not isinstance(binding, Binding):
                continue
            offered = getattr(node, "key_offered", None)
            if callable(offered) and not offered(binding.action.split("(")[0]):
                continue
            key_display = binding.key_display or self.app.get_key_display(binding)
            marker = f"{key_display}|{binding.description}"
            if marker in seen:
                continue
            seen.add(marker)
            items.append((key_display, binding.description, enabled, node, binding.action))
        if items == self._items and self.is_mounted:
            return

        def change() -> None:
            self._items = items

        repaint(self, change)

    @property
    def keys(self) -> list[tuple[str, str]]:
        """(key, words) of every key the bar shows, in order."""
        return [(key, description) for key, description, *_rest in self._items]

    def _pieces(self) -> list[Text]:
        pieces = []
        for index, (key, description, enabled, _node, _action) in enumerate(self._items):
            meta = {"key_item": index}
            piece = Text()
            piece.append(f" {key} ", style=key_style(enabled) + Style(meta=meta))
            piece.append(
                f" {description} ",
                style=description_style(enabled) + Style(meta=meta),
            )
            pieces.append(piece)
        return pieces

    def _lines(self, width: int) -> list[Text]:
        lines: list[Text] = []
        line = Text()
        for piece in self._pieces():
            if line.cell_len and line.cell_len + 1 + piece.cell_len > width:
                lines.append(line)
                line = Text()
            if line.cell_len:
                line.append(" ")
            line.append_text(piece)
        if line.cell_len:
            lines.append(line)
        return lines or [Text("")]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines(max(1, width)))

    def render(self) -> Text:
        width = self.content_region.width or self.size.width or 80
        return Text("\n").join(self._lines(width))

    async def on_click(self, event: Click) -> None:
        """Run the action of the key that was clicked."""
        index = event.style.meta.get("key_item")
        if not isinstance(index, int) or not 0 <= index < len(self._items):
            return
        event.stop()
        _key, _description, enabled, node, action = self._items[index]
        if enabled:
            await self.app.run_action(action, node)
