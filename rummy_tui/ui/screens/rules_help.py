"""The rules help screen: how a variant is played and which options are in force.

The explanations are Markdown files in ``assets/rules`` (one per variant plus ``general.md``),
with the "at a glance" facts and the options in force written from the RuleSet itself
(:mod:`rummy_tui.ui.play.rule_words`), so the help always says what the engine enforces.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from rummy_tui.core import VARIANT_IDS, RuleSet, get_variant
from rummy_tui.i18n import N_, _
from rummy_tui.i18n.labels import CLOSE
from rummy_tui.ui.play.rule_words import rules_markdown
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings


class RulesScreen(Screen[None]):
    """How a variant is played, with the options in force; escape or q closes it.

    Left and right show the other variants (with their default options).
    """

    CSS_PATH = stylesheet_paths("menus.tcss", "rules_help.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "rules",
        [
            Binding("escape", "close", CLOSE),
            Binding("q", "close", CLOSE, show=False),
            Binding(
                "left", "other_variant(-1)", N_("Previous variant"), priority=True, id="previous"
            ),
            Binding("right", "other_variant(1)", N_("Next variant"), priority=True, id="next"),
        ],
    )

    def __init__(self, rules: RuleSet) -> None:
        """Show the rules of ``rules``' variant with its options.

        Args:
            rules: The rules of the match (or of the variant to explain).
        """
        super().__init__()
        translate_bindings(self)
        self.rules = rules
        self.shown = rules

    def compose(self) -> ComposeResult:
        yield Static(self._header_text(), id="rules-header", classes="screen-header")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_markdown(self.rules), id="rules-text", open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def _header_text(self) -> str:
        variant_id = self.shown.variant_id
        position = VARIANT_IDS.index(variant_id) + 1 if variant_id in VARIANT_IDS else 0
        count = len(VARIANT_IDS)
        return _("Rules: {variant}  ({position}/{count}, ←/→ other variants)").format(
            variant=_(self.shown.name), position=position, count=count
        )

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)

    async def action_other_variant(self, step: int) -> None:
        """Show the previous (-1) or next (+1) variant's rules."""
        ids = list(VARIANT_IDS)
        current = ids.index(self.shown.variant_id) if self.shown.variant_id in ids else 0
        variant_id = ids[(current + step) % len(ids)]
        in_force = variant_id == self.rules.variant_id
        self.shown = self.rules if in_force else get_variant(variant_id)
        self.query_one("#rules-header", Static).update(self._header_text())
        await self.query_one("#rules-text", Markdown).update(
            rules_markdown(self.shown, in_force=in_force)
        )
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
