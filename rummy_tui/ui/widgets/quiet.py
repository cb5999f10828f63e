"""Redrawing only what changed: the table's widgets are handed a new picture after every key,
and most of it is what is already on the screen.

A widget whose content is the same is left alone; one whose content changed is repainted,
and the screen is laid out again only when the widget's height changed (a laid-out screen
costs the whole table's arrangement and a repaint of every widget that moved).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast
from weakref import WeakKeyDictionary

from rich.text import Text
from textual.geometry import Size
from textual.reactive import Reactive
from textual.visual import VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

if TYPE_CHECKING:
    from textual.css.styles import RulesMap


class SteadySize(Widget):
    """A widget whose new size needs one layout, not two (a base after the widget's own class,
    whose styles it keeps).

    Textual lays the screen out a second time after any widget's size changed in a layout
    (its scrollable size is a reactive that asks for a layout and a repaint). A widget whose
    drawing is worked out in the layout (a text, a box of texts) is placed and painted right
    by the first one, so the second would be a frame spent for nothing."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class SteadyStatic(Static, SteadySize):
    """A :class:`Static` whose new height costs one layout (:class:`SteadySize`)."""


def same_content(shown: object, content: object) -> bool:
    """Whether two contents draw the same (a text's own style and layout settings too, which
    the text's equality leaves out)."""
    if type(shown) is not type(content):
        return False
    if isinstance(shown, Text) and isinstance(content, Text):
        return (shown.plain, shown.spans, shown.style, shown.justify, shown.overflow) == (
            content.plain,
            content.spans,
            content.style,
            content.justify,
            content.overflow,
        ) and (shown.no_wrap, shown.end, shown.tab_size) == (
            content.no_wrap,
            content.end,
            content.tab_size,
        )
    return shown == content


def content_height(widget: Widget) -> int | None:
    """The height the widget's content takes at its current width (None before it is laid
    out)."""
    width = widget.content_region.width
    if not widget.is_mounted or not width:
        return None
    return widget.get_content_height(widget.content_region.size, widget.app.size, width)


def repaint(widget: Widget, change: Callable[[], object]) -> None:
    """Make ``change`` to what the widget draws and repaint it; the screen is laid out again
    only when the widget's content height changed."""
    before = content_height(widget)
    change()
    widget.refresh()
    if before is None or content_height(widget) != before:
        widget.refresh(layout=True)


def update_static(static: Static, content: VisualType) -> None:
    """Show ``content`` in ``static``, unless it shows it already."""
    if same_content(static.content, content):
        return
    repaint(static, lambda: static.update(content, layout=False))


_TITLES: WeakKeyDictionary[Widget, str | Text] = WeakKeyDictionary()
"""The border title each widget was last given here."""


def set_border_title(widget: Widget, title: str | Text) -> None:
    """Give the widget ``title`` as its border title, unless it has it already (setting it
    repaints the whole widget, every child of a container included)."""
    if widget in _TITLES and same_content(_TITLES[widget], title):
        return
    _TITLES[widget] = title
    widget.border_title = title


class TextPicture(SteadySize):
    """A widget that draws one :class:`~rich.text.Text` built from its picture at its width:
    the text is built once per picture (and width), and a new picture that draws the same
    text repaints nothing."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._drawn: tuple[int, Text] | None = None
        """The width the text was built for and the text."""

    def picture_text(self, width: int) -> Text:
        """The text of the current picture at ``width`` cells."""
        raise NotImplementedError

    def fallback_width(self) -> int:
        """The width to build the text for before the widget is laid out."""
        return 80

    def drawing_width(self) -> int:
        return self.content_region.width or self.size.width or self.fallback_width()

    def picture_changed(self) -> None:
        """The picture changed: build its text and repaint only when it differs."""
        width = self.content_region.width
        if not self.is_mounted or not width:
            self._drawn = None
            self.refresh(layout=True)
            return
        text = self.picture_text(width)
        drawn = self._drawn
        if drawn is not None and drawn[0] == width and same_content(drawn[1], text):
            return

        def change() -> None:
            self._drawn = (width, text)

        repaint(self, change)

    def text_at(self, width: int) -> Text:
        """The text of the current picture at ``width`` cells (built once per width)."""
        if self._drawn is None or self._drawn[0] != width:
            self._drawn = (width, self.picture_text(width))
        return self._drawn[1]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The height of the picture's text built for ``width``: the layout asks it before the
        widget has that width (laid out for the first time, or at a new width: a phone turned
        upright), so the text is the one it will draw there, not the one of its old width."""
        if not width:
            return 0
        if self._content_height_cache[0] != width:
            # the widget's styles, as Textual's own measure passes them (its rules map type
            # is a TypedDict the styles object only quacks like)
            rules = cast("RulesMap", self.styles)
            height = visualize(self, self.text_at(width)).get_height(rules, width)
            self._content_height_cache = (width, height)
        return self._content_height_cache[1]

    def render(self) -> Text:
        return self.text_at(self.drawing_width())
