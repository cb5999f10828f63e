"""End of a deal (P-3): every hand revealed in its best arrangement, the score breakdown of the
variant line by line, the running standings, and at the end of the match the winner (and in
Rummy 500 the settlement with each player).

Everything on this screen is public once the deal is over, so it is shown to the whole table;
the next hand is shown only after the hand-off that follows.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Static

from rummy_tui.core import Card, DealResult, Phase, PlayerView, best_arrangement
from rummy_tui.core.deal_terms import DealTerms, deal_terms
from rummy_tui.core.scoring import team_of
from rummy_tui.core.seat_options import GoalKind, match_goal
from rummy_tui.core.state import ScoreLine
from rummy_tui.i18n import _, lists
from rummy_tui.i18n.deal_words import (
    HAND_AT_END,
    ON_THE_TABLE,
    deal_over_words,
    ending_words,
    no_cards_left_words,
    no_cards_words,
    no_score_words,
    rummy_words,
    score_line_words,
    total_words,
    unit_long,
    unit_short,
    winners_line,
)
from rummy_tui.i18n.labels import CONTINUE, LEAVE_THE_TABLE, SCORE_SHEET
from rummy_tui.i18n.outside_text import fill_words
from rummy_tui.match.sheet import ScoreSheet
from rummy_tui.ui.play.render import (
    Hanging,
    cards_text,
    join_texts,
    log_text,
    pairs_text,
    placed_text,
)
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import colour, style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.scroll_keys import ScrollBody, ScrollKeys


def arranged_hand(view: PlayerView, hand: tuple[Card, ...], settings: DisplaySettings) -> Text:
    """A revealed hand in its best arrangement: melds in brackets, then the unmatched cards."""
    if not hand:
        return Text(no_cards_left_words(), style="italic")
    arrangement = best_arrangement(view.rules, list(hand))
    parts: list[Text] = []
    for reading in arrangement.readings:
        meld = Text()
        meld.append("[", style=style("bold", "game-good"))
        meld.append_text(pairs_text(reading.placed, settings))
        meld.append("]", style=style("bold", "game-good"))
        parts.append(meld)
    if arrangement.deadwood:
        loose = cards_text(arrangement.deadwood, settings)
        # Translators: the cards of a hand that are in no meld, drawn as cards.
        parts.append(fill_words(_("unmatched: {cards}"), "dim", cards=loose))
    return join_texts(parts, "  ")


def table_cards(view: PlayerView, seat: int, settings: DisplaySettings) -> Text:
    """The cards ``seat`` put on the table this deal (melds and lay-offs)."""
    parts = []
    for meld in view.melds:
        placed = [card for card in meld.cards if card.seat == seat]
        if placed:
            part = join_texts([placed_text(card, settings) for card in placed])
            if meld.owner != seat:
                part.append(f"→#{meld.meld_id}", style=colour("game-link"))
            parts.append(part)
    return join_texts(parts, " | ") if parts else Text(no_cards_words(), style="dim")


def has_table_cards(view: PlayerView, seat: int) -> bool:
    """Whether ``seat`` put any card on the table this deal."""
    return any(card.seat == seat for meld in view.melds for card in meld.cards)


def result_text(view: PlayerView, result: DealResult, settings: DisplaySettings) -> Text:
    """The whole breakdown of one deal, as one text (lines wrap at the screen's edge)."""
    return Text("\n").join(text for text, _indent in result_lines(view, result, settings))


def result_lines(
    view: PlayerView, result: DealResult, settings: DisplaySettings
) -> list[tuple[Text, int]]:
    """The breakdown of one deal line by line, each with the indent its wrapped lines take
    (a seat's explanation and its cards continue under the line, not at the left edge)."""
    players = view.players
    terms = deal_terms(view.rules, len(players))
    lines: list[tuple[Text, int]] = [(_ending_line(view, result, settings), 0)]
    if result.dead:
        lines.append((Text(no_score_words(), style="bold"), 0))
        return lines
    if result.rummy:
        rummy = rummy_words()
        lines.append((Text(rummy, style=style("bold", "game-highlight")), 0))
    lines.append((Text(_(terms.summary), style="dim"), 0))
    lines.append((Text(), 0))
    width = max(len(name) for name in players)
    # The winner first: with twelve players the rest of the table is a PgDn away.
    for line in sorted(result.lines, key=lambda line: line.seat != result.winner):
        lines.extend(_seat_lines(view, result, line, terms, width, settings))
    return lines


def _ending_line(view: PlayerView, result: DealResult, settings: DisplaySettings) -> Text:
    """The deal's first line: that it is over, and how it ended (who went out, or why)."""
    text = Text()
    text.append(deal_over_words(result.deal_number) + " ", style="bold")
    ending = result.ending
    if ending is not None and ending.seat is not None:
        text.append_text(log_text(ending_words(ending, view.players[ending.seat]), settings))
    elif ending is not None:
        text.append(ending_words(ending, ""))
    return text


def _change_style(change: int) -> str:
    """How a seat's change this deal is drawn: good when it gains, bad when it loses."""
    if change > 0:
        return style("bold", "game-good")
    return style("bold", "game-bad") if change < 0 else "bold"


def _seat_lines(
    view: PlayerView,
    result: DealResult,
    line: ScoreLine,
    terms: DealTerms,
    width: int,
    settings: DisplaySettings,
) -> list[tuple[Text, int]]:
    """One seat's lines of the breakdown: its name (``width`` wide), change, total and how
    it scored; then its cards on the table and in hand where the variant shows them."""
    seat = line.seat
    winner = seat == result.winner
    lines: list[tuple[Text, int]] = []
    text = Text()
    name_style = Style(bold=True, color=colour("game-highlight") if winner else None)
    text.append(f"{view.players[seat]:<{width}} ", style=name_style)
    text.append(f"{line.change:+4d} {unit_short(terms)}", style=_change_style(line.change))
    text.append("  " + total_words(f"{view.scores[seat]:>4}"), style="dim")
    text.append("   ")
    # its cards drawn as cards
    text.append_text(log_text(score_line_words(view.rules, result, line, terms), settings))
    lines.append((text, 3))
    # What a player laid down is public and shown in every variant (the winner's melds
    # are how they went out); Rummy 500 also shows an empty table, which scores 0.
    if terms.every_table_shown or has_table_cards(view, seat):
        text = Text()
        text.append("   ", style="dim")
        on_table = table_cards(view, seat, settings)
        text.append_text(fill_words(_(ON_THE_TABLE), "dim", cards=on_table))
        if terms.table_points_shown:
            text.append(f"  = {line.table_points}", style="dim")
        lines.append((text, 5))
    if line.hand or not winner:
        text = Text()
        text.append("   ", style="dim")
        in_hand = arranged_hand(view, line.hand, settings)
        text.append_text(fill_words(_(HAND_AT_END), "dim", cards=in_hand))
        if terms.hand_points_shown:
            text.append(f"  = {line.hand_points}", style="dim")
        lines.append((text, 5))
    return lines


def standings_text(view: PlayerView) -> Text:
    """The running totals, best first."""
    terms = deal_terms(view.rules, len(view.players))
    unit = unit_long(terms)
    text = Text()
    text.append(_("Standings") + "\n", style="bold")
    order = sorted(range(len(view.players)), key=lambda seat: (-view.scores[seat], seat))
    width = max(len(name) for name in view.players)
    place = 0
    previous: int | None = None
    for rank, seat in enumerate(order, start=1):
        if view.scores[seat] != previous:
            place = rank
            previous = view.scores[seat]
        score = view.scores[seat]
        shown = f"{score:+d}" if terms.signed else str(score)
        text.append(f"  {place:>2}. {view.players[seat]:<{width}}  {shown:>6} {unit}")
        partners = team_of(view.rules, seat, len(view.players))
        if len(partners) > 1:  # partnerships
            names = lists.partners(view.players[p] for p in partners)
            text.append("  " + _("(partners: {names})").format(names=names), style="dim")
        text.append("\n")
    goal = match_goal(view.rules, len(view.players))
    if view.phase is not Phase.MATCH_OVER:
        if goal is not None and goal.kind is GoalKind.TARGET:
            target = goal.number
            text.append(
                "  " + _("The first to {target} wins the match.").format(target=target) + "\n",
                style="dim",
            )
        else:
            limit = goal.number if goal is not None else len(view.players)
            played = len([result for result in view.results if not result.dead])
            text.append(
                "  " + _("Deal {played} of {limit}.").format(played=played, limit=limit) + "\n",
                style="dim",
            )
    return text


def match_text(view: PlayerView) -> Text:
    """The winner of the match and, in Rummy 500, the settlement (R-12)."""
    text = Text()
    if not view.winners:
        return text
    names = [view.players[seat] for seat in view.winners]
    text.append("\n" + winners_line(names) + "\n", style=style("bold", "game-highlight"))
    if view.settlement:
        winner = view.players[view.winners[0]]
        text.append(
            _("Settlement (R-12): each player pays the winner the difference of the totals.") + "\n"
        )
        for seat, amount in enumerate(view.settlement):
            if seat in view.winners:
                continue
            pays = _("{player} pays {winner} {amount}").format(
                player=view.players[seat], winner=winner, amount=amount
            )
            text.append(f"  {pays}\n")
        collects = _("{winner} collects {amount} in all.").format(
            winner=winner, amount=sum(view.settlement)
        )
        text.append(f"  {collects}\n", style="bold")
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
    text.append("\n", style="bold")
    # Translators: {counts} lists the players who asked for hints, each with a count ("Ann 2").
    text.append_text(
        fill_words(_("Hints used this deal: {counts}."), "bold", counts=lists.series(parts))
    )
    text.append("\n")
    return text


class DealEndScreen(ScrollKeys, Screen[str]):
    """Shows the deal's breakdown; dismisses with "next" (Enter) or "leave" (q)."""

    CSS_PATH = stylesheet_paths("deal_end.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "deal_end",
        [
            Binding("enter", "next", CONTINUE, key_display="Enter"),
            Binding("c", "sheet", SCORE_SHEET),
            Binding("q", "leave", LEAVE_THE_TABLE),
            *ScrollKeys.SCROLL_BINDINGS,
        ],
    )

    def __init__(
        self,
        view: PlayerView,
        settings: DisplaySettings,
        hints_used: list[int] | None = None,
        sheet: ScoreSheet | None = None,
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.view = view
        self.settings = settings
        self.hints_used = hints_used
        """Hints each seat was shown this deal (None: hints are off for the match)."""
        self.sheet = sheet
        """The match's score sheet (public, P-5), opened with the button or ``c``."""

    def compose(self) -> ComposeResult:
        view = self.view
        parts: list[RenderableType] = []
        if view.last_result is not None:
            lines = result_lines(view, view.last_result, self.settings)
            parts += [Hanging(text, indent) for text, indent in lines]
            parts.append(Text())
        rest = Text()
        rest.append_text(standings_text(view))
        rest.append_text(match_text(view))
        rest.append_text(hints_text(view, self.hints_used))
        parts.append(rest)
        body = Group(*parts)
        over = view.phase is Phase.MATCH_OVER
        with ScrollBody(id="deal-end-scroll"):
            yield Static(body, id="deal-end-body")
            if self.sheet is not None:
                button = Button(_("Score sheet (c)"), id="deal-end-sheet", compact=True)
                button.can_focus = False  # Enter always deals on; the button is for the mouse
                yield button
        yield Static(
            _("The match is over. Press Enter for the final score sheet.")
            if over
            else _("Press Enter to deal the next deal."),
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
