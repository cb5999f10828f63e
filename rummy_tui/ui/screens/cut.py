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

from rummy_tui.ui.render import card_text
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.keybar import KeyBar


def cut_text(
    players: Sequence[str], rounds: Sequence[Any], dealer: int, settings: DisplaySettings
) -> Text:
    """The cut written out: one line per player and round, then the dealer and first player."""
    text = Text()
    width = max(len(name) for name in players)
    for number, cut_round in enumerate(rounds, start=1):
        if len(rounds) > 1 or number > 1:
            title = "First cut" if number == 1 else f"Re-cut {number - 1} (a tie for lowest)"
            text.append(f"{title}\n", style="bold")
        lowest = min(card.rank for card in cut_round.cards)
        for seat, card in zip(cut_round.seats, cut_round.cards, strict=True):
            text.append(f"  {players[seat]:<{width}}  cuts ")
            text.append_text(card_text(card, settings, width=3))
            if card.rank == lowest:
                text.append("  lowest", style="bold #ffd54f")
            text.append("\n")
    first = (dealer + 1) % len(players)
    text.append(f"\n{players[dealer]} cut the lowest card and deals", style="bold")
    text.append(" (ace lowest; jokers and ties cut again).\n")
    text.append(f"{players[first]}, left of the dealer, plays first.")
    return text


class CutScreen(Screen[str]):
    """Shows the cut; Enter continues to the first hand-off."""

    DEFAULT_CSS = """
    CutScreen {
        align: center middle;
    }
    CutScreen > Vertical {
        width: auto;
        min-width: 50;
        max-width: 95%;
        height: auto;
        max-height: 90%;
        border: round $accent;
        padding: 1 2;
    }
    CutScreen #cut-title {
        text-style: bold;
        color: $accent;
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "go", "Start the deal", key_display="Enter"),
        Binding("q", "leave", "Leave the table"),
    ]

    def __init__(
        self,
        title: str,
        players: Sequence[str],
        rounds: Sequence[Any],
        dealer: int,
        settings: DisplaySettings,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.players = list(players)
        self.rounds = list(rounds)
        self.dealer = dealer
        self.settings = settings

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="cut-title", markup=False)
            yield Static(cut_text(self.players, self.rounds, self.dealer, self.settings))
        yield KeyBar()

    def action_go(self) -> None:
        """Continue to the first deal."""
        self.dismiss("go")

    def action_leave(self) -> None:
        """Ask to leave the table."""
        self.dismiss("leave")
