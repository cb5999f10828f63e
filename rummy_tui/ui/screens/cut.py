"""The cut for the first dealer (G-3): every player's cut card, re-cuts, and who deals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.i18n import N_, _, pgettext
from rummy_tui.i18n.labels import LEAVE_THE_TABLE
from rummy_tui.ui.play.render import card_text
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys


def cut_summary(players: Sequence[str], dealer: int) -> Text:
    """The outcome of the cut in two lines: who deals and who plays first."""
    first = (dealer + 1) % len(players)
    text = Text()
    text.append(
        _("{player} cut the lowest card and deals.").format(player=players[dealer]), style="bold"
    )
    text.append(
        "\n" + _("{player}, left of the dealer, plays first.").format(player=players[first]),
        style="bold",
    )
    return text


def cut_text(
    players: Sequence[str], rounds: Sequence[Any], dealer: int, settings: DisplaySettings
) -> Text:
    """The cut written out: one line per player and round (ace lowest; jokers and ties cut
    again)."""
    text = Text()
    text.append(_("Ace is lowest; a tie for lowest cuts again.") + "\n", style="dim")
    width = max(len(name) for name in players)
    for number, cut_round in enumerate(rounds, start=1):
        if len(rounds) > 1 or number > 1:
            title = (
                _("First cut")
                if number == 1
                else _("Re-cut {number} (a tie for lowest)").format(number=number - 1)
            )
            text.append(f"{title}\n", style="bold")
        lowest = min(card.rank for card in cut_round.cards)
        for seat, card in zip(cut_round.seats, cut_round.cards, strict=True):
            text.append("  " + _("{player} cuts").format(player=f"{players[seat]:<{width}} ") + " ")
            text.append_text(card_text(card, settings, width=3))
            if card.rank == lowest:
                text.append("  " + _("lowest"), style=style("bold", "game-highlight"))
            if seat == dealer and number == len(rounds):
                text.append(" · " + pgettext("cut", "deals"), style=style("bold", "game-highlight"))
            text.append("\n")
    text.rstrip()
    return text


class CutScreen(ScrollKeys, Screen[str]):
    """Shows the cut; Enter continues to the first hand-off.

    Who deals and who plays first stand above the cut itself, so they are seen however many
    players cut; the list of cuts scrolls with the arrows and PgUp/PgDn.
    """

    CSS_PATH = stylesheet_paths("cut.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "cut",
        [
            Binding("enter", "go", N_("Start the deal"), key_display="Enter"),
            Binding("q", "leave", LEAVE_THE_TABLE),
            *ScrollKeys.SCROLL_BINDINGS,
        ],
    )

    def __init__(
        self,
        title: str,
        players: Sequence[str],
        rounds: Sequence[Any],
        dealer: int,
        settings: DisplaySettings,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.players = list(players)
        self.rounds = list(rounds)
        self.dealer = dealer
        self.settings = settings

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="cut-title", markup=False)
            yield Static(cut_summary(self.players, self.dealer), id="cut-summary")
            with ScrollBody(id="cut-rounds"):
                yield Static(cut_text(self.players, self.rounds, self.dealer, self.settings))
        yield KeyBar()

    def action_go(self) -> None:
        """Continue to the first deal."""
        self.dismiss("go")

    def action_leave(self) -> None:
        """Ask to leave the table."""
        self.dismiss("leave")
