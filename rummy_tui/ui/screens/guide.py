"""The player's guide, read inside the game (F1, or ``rummy guide``).

The guide is Markdown files under ``assets/guide/``, one per page, drawn with Textual's
Markdown widget. A page is read in the player's language where it is translated
(``guide/fi/settings.md``) and in English otherwise. The list of pages on the left is in the
same language (each page's first heading); Enter on it, or a click on a link of a page, opens
a page, Backspace goes back and Esc closes the guide.
"""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import BACK, CLOSE
from rummy_tui.ui.shell.assets import AssetMissing, read_asset, stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings

GUIDE_PAGES = (
    "index",
    "playing",
    "keys",
    "variants",
    "computer",
    "saves",
    "records",
    "languages",
    "own_screens",
    "settings",
    "command_line",
)
"""The guide's pages in the order of its list (file names without ``.md``)."""


def guide_text(page: str) -> str:
    """The page's Markdown in the player's language (English where it is not translated)."""
    if page not in GUIDE_PAGES:
        raise AssetMissing(_("The guide has no page {name}.").format(name=repr(page)))
    return read_asset(f"guide/{page}.md")


def page_title(page: str) -> str:
    """The page's first heading, without its ``#``."""
    for line in guide_text(page).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return page


def page_of_link(href: str) -> str | None:
    """The guide page a link of a page goes to (``keys.md``, ``settings.md#moving-keys``),
    or None for any other link (a web address, a picture).

    >>> page_of_link("settings.md#moving-keys"), page_of_link("https://x.org/a.md")
    ('settings', None)
    """
    name = href.split("#", 1)[0]
    if "/" in name or ":" in name or not name.endswith(".md"):
        return None
    page = name.removesuffix(".md")
    return page if page in GUIDE_PAGES else None


class GuideScreen(Screen[None]):
    """The player's guide: the list of pages and the page shown."""

    CSS_PATH = stylesheet_paths("menus.tcss", "guide.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "guide",
        [
            Binding("escape", "close", CLOSE),
            Binding("backspace", "back", BACK, tooltip=N_("the page shown before")),
        ],
    )

    def __init__(self, page: str = "index") -> None:
        super().__init__()
        translate_bindings(self)
        self.page = page if page in GUIDE_PAGES else "index"
        """The page shown."""
        self.history: list[str] = []
        """The pages shown before, the last one last (Backspace goes back to it)."""

    def compose(self) -> ComposeResult:
        yield Static(_("Player's guide"), id="guide-header", classes="screen-header")
        with Horizontal(id="guide-body"):
            yield OptionList(
                *(Option(page_title(page), id=page) for page in GUIDE_PAGES), id="guide-pages"
            )
            with VerticalScroll(id="guide-scroll"):
                yield Markdown(guide_text(self.page), id="guide-text", open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        pages = self.query_one("#guide-pages", OptionList)
        pages.highlighted = GUIDE_PAGES.index(self.page)
        self.query_one("#guide-scroll", VerticalScroll).focus()

    async def show_page(self, page: str, remember: bool = True) -> None:
        """Show ``page`` (the one shown now is remembered for Backspace)."""
        if page == self.page:
            return
        if remember:
            self.history.append(self.page)
        self.page = page
        await self.query_one("#guide-text", Markdown).update(guide_text(page))
        self.query_one("#guide-scroll", VerticalScroll).scroll_home(animate=False)
        self.query_one("#guide-pages", OptionList).highlighted = GUIDE_PAGES.index(page)

    @on(OptionList.OptionSelected, "#guide-pages")
    async def _page_chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            await self.show_page(event.option.id)
            self.query_one("#guide-scroll", VerticalScroll).focus()

    @on(Markdown.LinkClicked)
    async def _link_clicked(self, event: Markdown.LinkClicked) -> None:
        page = page_of_link(event.href)
        if page is not None:
            await self.show_page(page)

    async def action_back(self) -> None:
        """Back to the page shown before."""
        if self.history:
            await self.show_page(self.history.pop(), remember=False)

    def action_close(self) -> None:
        """Close the guide."""
        self.dismiss(None)
