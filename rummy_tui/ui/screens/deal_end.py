"""End of a deal (P-3): every hand revealed in its best arrangement, the score breakdown of the
variant line by line, the running standings, and at the end of the match the winner (and in
Rummy 500 the settlement with each player).

Everything on this screen is public once the deal is over, so it is shown to the whole table;
the next hand is shown only after the hand-off that follows.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Static

from rummy_tui.core import Card, DealResult, Phase, PlayerView, best_arrangement
from rummy_tui.core.scoring import team_of
from rummy_tui.core.variants.ruleset import Scoring
from rummy_tui.sheet import ScoreSheet
from rummy_tui.ui.render import cards_text, join_texts, log_text, pairs_text, placed_text
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys

SCORING_WORDS: dict[Scoring, str] = {
    Scoring.WINNER_TAKES_HANDS: "Each loser pays the winner the value of the cards left in hand.",
    Scoring.UNMATCHED: (
        "Each loser pays only for unmatched cards, after the cheapest arrangement (B-5)."
    ),
    Scoring.TABLE_MINUS_HAND: (
        "Each player scores the cards on the table minus the cards in hand (R-11)."
    ),
    Scoring.CHIPS: "Each loser pays the winner chips: the largest amount that applies (E-8).",
}


def arranged_hand(view: PlayerView, hand: tuple[Card, ...], settings: DisplaySettings) -> Text:
    """A revealed hand in its best arrangement: melds in brackets, then the unmatched cards."""
    if not hand:
        return Text("no cards left", style="italic")
    arrangement = best_arrangement(view.rules, list(hand))
    parts: list[Text] = []
    for reading in arrangement.readings:
        meld = Text()
        meld.append("[", style="bold #7cd67c")
        meld.append_text(pairs_text(reading.placed, settings))
        meld.append("]", style="bold #7cd67c")
        parts.append(meld)
    if arrangement.deadwood:
        loose = Text()
        loose.append("unmatched: ", style="dim")
        loose.append_text(cards_text(arrangement.deadwood, settings))
        parts.append(loose)
    return join_texts(parts, "  ")


def table_cards(view: PlayerView, seat: int, settings: DisplaySettings) -> Text:
    """The cards ``seat`` put on the table this deal (melds and lay-offs)."""
    parts = []
    for meld in view.melds:
        placed = [card for card in meld.cards if card.seat == seat]
        if placed:
            part = join_texts([placed_text(card, settings) for card in placed])
            if meld.owner != seat:
                part.append(f"→#{meld.meld_id}", style="#9ecbff")
            parts.append(part)
    return join_texts(parts, " | ") if parts else Text("nothing", style="dim")


def has_table_cards(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` put any card on the table this deal."""
    return any(card.seat == seat for meld in view.melds for card in meld.cards)


def result_text(view: PlayerView, result: DealResult, settings: DisplaySettings) -> Text:
    """The whole breakdown of one deal."""
    players = view.players
    text = Text()
    text.append(f"Deal {result.deal_number} is over. ", style="bold")
    text.append_text(log_text(result.reason, settings))
    text.append("\n")
    if result.dead:
        text.append("No score; the same dealer deals again (G-9).\n", style="bold")
        return text
    if result.rummy:
        text.append(
            "Rummy! The winner went out in one turn, so every loser pays double (C-5).\n",
            style="bold #ffd54f",
        )
    text.append(SCORING_WORDS[view.rules.scoring] + "\n\n", style="dim")
    width = max(len(name) for name in players)
    unit = "chips" if view.rules.scoring is Scoring.CHIPS else "pts"
    # The winner first: with twelve players the rest of the table is a PgDn away.
    for line in sorted(result.lines, key=lambda line: line.seat != result.winner):
        seat = line.seat
        winner = seat == result.winner
        name_style = Style(bold=True, color="#ffd54f" if winner else None)
        text.append(f"{players[seat]:<{width}} ", style=name_style)
        change_style = (
            "bold #7cd67c" if line.change > 0 else ("bold #ff7b7b" if line.change < 0 else "bold")
        )
        text.append(f"{line.change:+4d} {unit}", style=change_style)
        text.append(f"  total {view.scores[seat]:>4}", style="dim")
        text.append("   ")
        text.append_text(log_text(line.explanation, settings))  # its cards drawn as cards
        text.append("\n")
        # What a player laid down is public and shown in every variant (the winner's melds
        # are how they went out); Rummy 500 also shows an empty table, which scores 0.
        if view.rules.scoring is Scoring.TABLE_MINUS_HAND or has_table_cards(view, seat):
            text.append("   on the table: ", style="dim")
            text.append_text(table_cards(view, seat, settings))
            if view.rules.scoring is Scoring.TABLE_MINUS_HAND:
                text.append(f"  = {line.table_points}", style="dim")
            text.append("\n")
        if line.hand or not winner:
            text.append("   hand: ", style="dim")
            text.append_text(arranged_hand(view, line.hand, settings))
            if view.rules.scoring is not Scoring.CHIPS:
                text.append(f"  = {line.hand_points}", style="dim")
            text.append("\n")
    return text


def standings_text(view: PlayerView) -> Text:
    """The running totals, best first."""
    unit = "chips" if view.rules.scoring is Scoring.CHIPS else "points"
    text = Text()
    text.append("Standings\n", style="bold")
    order = sorted(range(len(view.players)), key=lambda seat: (-view.scores[seat], seat))
    width = max(len(name) for name in view.players)
    place = 0
    previous: int | None = None
    for rank, seat in enumerate(order, start=1):
        if view.scores[seat] != previous:
            place = rank
            previous = view.scores[seat]
        score = view.scores[seat]
        shown = f"{score:+d}" if view.rules.scoring is Scoring.CHIPS else str(score)
        text.append(f"  {place:>2}. {view.players[seat]:<{width}}  {shown:>6} {unit}")
        if view.rules.partnerships:
            partners = team_of(view.rules, seat, len(view.players))
            text.append(
                "  (partners: " + " & ".join(view.players[p] for p in partners) + ")", style="dim"
            )
        text.append("\n")
    rules = view.rules
    if view.phase is not Phase.MATCH_OVER:
        if rules.target_score is not None:
            text.append(f"  The first to {rules.target_score} wins the match.\n", style="dim")
        else:
            limit = rules.deal_limit or len(view.players)
            played = len([result for result in view.results if not result.dead])
            text.append(f"  Deal {played} of {limit}.\n", style="dim")
    return text


def match_text(view: PlayerView) -> Text:
    """The winner of the match and, in Rummy 500, the settlement (R-12)."""
    text = Text()
    if not view.winners:
        return text
    names = " and ".join(view.players[seat] for seat in view.winners)
    text.append(
        f"\n{names} win{'s' if len(view.winners) == 1 else ''} the match!\n", style="bold #ffd54f"
    )
    if view.settlement:
        winner = view.players[view.winners[0]]
        text.append(
            "Settlement (R-12): each player pays the winner the difference of the totals.\n"
        )
        for seat, amount in enumerate(view.settlement):
            if seat in view.winners:
                continue
            text.append(f"  {view.players[seat]} pays {winner} {amount}\n")
        text.append(f"  {winner} collects {sum(view.settlement)} in all.\n", style="bold")
    return text


def hints_text(view: PlayerView, hints_used: list[int] | None) -> Text:
    """One line: how many hints each player asked for this deal (nothing when hints are off
    or nobody asked)."""
    text = Text()
    if not hints_used or not any(hints_used):
        return text
    parts = [
        f"{name} {count}" for name, count in zip(view.players, hints_used, strict=False) if count
    ]
    text.append("\nHints used this deal: ", style="bold")
    text.append(", ".join(parts) + ".\n")
    return text


class DealEndScreen(ScrollKeys, Screen[str]):
    """Shows the deal's breakdown; dismisses with "next" (Enter) or "leave" (q)."""

    DEFAULT_CSS = """
    DealEndScreen #deal-end-body {
        padding: 0 2;
    }
    DealEndScreen #deal-end-scroll {
        height: 1fr;
    }
    DealEndScreen #deal-end-sheet {
        margin: 0 2;
    }
    DealEndScreen #deal-end-next {
        height: 1;
        padding: 0 2;
        text-style: bold;
        background: $boost;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "next", "Continue", key_display="Enter"),
        Binding("c", "sheet", "Score sheet"),
        Binding("q", "leave", "Leave the table"),
        *ScrollKeys.SCROLL_BINDINGS,
    ]

    def __init__(
        self,
        view: PlayerView,
        settings: DisplaySettings,
        hints_used: list[int] | None = None,
        sheet: ScoreSheet | None = None,
    ) -> None:
        super().__init__()
        self.view = view
        self.settings = settings
        self.hints_used = hints_used
        """Hints each seat was shown this deal (None: hints are off for the match)."""
        self.sheet = sheet
        """The match's score sheet (public, P-5), opened with the button or ``c``."""

    def compose(self) -> ComposeResult:
        view = self.view
        body = Text()
        if view.last_result is not None:
            body.append_text(result_text(view, view.last_result, self.settings))
            body.append("\n")
        body.append_text(standings_text(view))
        body.append_text(match_text(view))
        body.append_text(hints_text(view, self.hints_used))
        over = view.phase is Phase.MATCH_OVER
        with ScrollBody(id="deal-end-scroll"):
            yield Static(body, id="deal-end-body")
            if self.sheet is not None:
                button = Button("Score sheet (c)", id="deal-end-sheet", compact=True)
                button.can_focus = False  # Enter always deals on; the button is for the mouse
                yield button
        yield Static(
            "The match is over. Press Enter for the final score sheet."
            if over
            else "Press Enter to deal the next deal.",
            id="deal-end-next",
        )
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The sheet key only when there is a sheet to show."""
        return self.sheet is not None if action == "sheet" else True

    def action_sheet(self) -> None:
        """Open the score sheet over this screen."""
        from rummy_tui.ui.screens.score_sheet import ScoreSheetScreen

        if self.sheet is not None:
            self.app.push_screen(ScoreSheetScreen(self.sheet, self.settings))

    @on(Button.Pressed, "#deal-end-sheet")
    def _sheet_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_sheet()

    def action_next(self) -> None:
        """Continue: the next deal, or leave after the match."""
        self.dismiss("next")

    def action_leave(self) -> None:
        """Leave the table."""
        self.dismiss("leave")
