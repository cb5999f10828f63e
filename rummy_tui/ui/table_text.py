"""The table's sentences: the phase line, the top line and the labels of its questions.

Pure functions of a :class:`PlayerView` (and the core's :class:`SeatOptions`): no widget, no
app, so they are tested and reused without a screen. What the variant allows comes from the
core; these functions only put it into words.
"""

from __future__ import annotations

from enum import StrEnum

from rich.text import Text

from rummy_tui.core import Card, DrawTwo, Face, GoOut, Phase, PlayerView, TableMeld
from rummy_tui.core.melds import MeldReading
from rummy_tui.core.seat_options import TakeStyle, match_length, seat_options
from rummy_tui.ui.render import (
    card_label,
    card_text,
    face_label,
    faces_text,
    fit_line,
    join_texts,
    pairs_text,
)
from rummy_tui.ui.screens.rules_help import rule_notes
from rummy_tui.ui.settings import DisplaySettings
from rummy_tui.ui.widgets.players import meld_text


class Mode(StrEnum):
    """Whose cards the table shows."""

    PLAY = "play"
    """The player at the keyboard is to act: their hand, all keys."""
    WATCH = "watch"
    """A computer player is moving; the only person at the table sees their own hand."""
    HIDDEN = "hidden"
    """No hand is shown (the keyboard is between players, or several people share it)."""


def phase_hint(view: PlayerView, mode: Mode, can_go_out: bool, settings: DisplaySettings) -> Text:
    """What the player to act may do now, in a sentence (with the keys)."""
    options = seat_options(view)
    name = view.players[view.current] if 0 <= view.current < len(view.players) else ""
    text = Text()
    if view.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        text.append("The deal is over.", style="bold")
        return text
    if mode is not Mode.PLAY:
        text.append(f"{name} is playing…", style="bold")
        return text
    text.append(f"{name}: ", style="bold #ffd54f")
    top = view.top_discard
    if view.phase is Phase.DRAW:
        text.append("Draw a card ", style="bold")
        stock = "d the stock" if view.stock_count else "d turns the discard pile over as the stock"
        if options.take is TakeStyle.DOWN_TO:
            if view.stock_count:
                text.append(
                    f" — {stock}, or t to take from the pile (the deepest card taken must be used)"
                )
            else:
                text.append(
                    " — the stock is empty: t to take from the pile, or e to end the deal (R-10)"
                )
        elif options.take is TakeStyle.WITH_SECOND:
            text.append(f" — {stock}, t to take ")
            if top is not None:
                text.append_text(card_text(top, settings))
            text.append(" with a second card, or 2 for a two-card draw (B-1)")
        else:
            text.append(f" — {stock} or t to take ")
            if top is not None:
                text.append_text(card_text(top, settings))
        if can_go_out:
            text.append(" · You can go out now: g", style="bold #7cd67c")
        return text
    if view.must_use is not None:
        text.append("Use the ", style="bold")
        text.append_text(card_text(view.must_use, settings))
        text.append(" you took", style="bold")
        text.append(" — meld it (select, m) or lay it off (l) before you discard (R-5)")
        return text
    if options.melds_in_play:
        text.append("Meld, lay off or discard ", style="bold")
        text.append(" — select cards with space, then m meld · l lay off · x discard ends the turn")
        return text
    text.append("Discard or go out ", style="bold")
    text.append(" — x discards and ends the turn · g lays the whole hand down")
    if can_go_out:
        text.append(" · You can go out now!", style="bold #7cd67c")
    return text


def top_line(view: PlayerView, saved: str, width: int = 0) -> Text:
    """Variant, deal, dealer, match goal, the options in force that change play (those not
    at the variant's default: "twos wild", "Hoyle draw"…) and whether the match is saved.

    The line never wraps (it must stay one line at 80 columns with twelve players): with
    ``width`` the phrases between the first and the saved note are left out until it fits.
    """
    rules = view.rules
    first = Text()
    first.append(f" {rules.name} ", style="bold reverse")
    first.append(f" Deal {view.deal_number}")
    phrases = [first]
    if 0 <= view.dealer < len(view.players):
        phrases.append(Text(f" · {view.players[view.dealer]} deals"))
    length = match_length(rules, len(view.players))
    if length is not None:
        phrases.append(Text(f" · {length}"))
    for note in rule_notes(rules):
        phrase = Text(" · ")
        phrase.append(note, style="#ffd54f")
        phrases.append(phrase)
    if saved:
        phrases.append(Text(f" · {saved}", style="dim"))
    return fit_line(phrases, width or 10_000)


def draw_two_words(option: DrawTwo, top_label: str) -> str:
    """A two-card draw in words (B-1). Only the top discard is visible: the card under it is
    named only as "the card under it", never shown before it is taken."""
    if option.first == "stock":
        if option.second == "stock":
            return "the top two stock cards"
        return f"the top stock card and {top_label}"
    if option.second == "discard":
        return f"{top_label} and the card under it in the discard pile"
    return f"{top_label} and the top stock card"


def take_depth_label(card: Card, count: int, settings: DisplaySettings) -> Text:
    """One depth of the Rummy 500 pile as a choice: the deepest card and how many come (R-5)."""
    label = Text()
    label.append_text(card_text(card, settings, width=3))
    if count == 1:
        label.append("  the top card only")
    else:
        label.append(f"  and the {count - 1} above it ({count} cards)")
    return label


def reading_label(reading: MeldReading, settings: DisplaySettings) -> Text:
    """One reading of a meld with wild cards: what each wild card stands for (G-6)."""
    label = Text()
    wilds = [(card, face) for card, face in reading.placed if card.face is not face]
    label.append(
        ", ".join(
            f"{card_label(card, settings)} = {face_label(face, settings)}" for card, face in wilds
        )
        or "as they are"
    )
    label.append("   ")
    label.append_text(pairs_text(reading.placed, settings))
    return label


def layoff_label(
    meld: TableMeld, face: Face, card: Card, players: tuple[str, ...], settings: DisplaySettings
) -> Text:
    """A meld a card may be laid off on, and what the card stands for there (R-7)."""
    label = meld_text(meld, meld.owner, settings)
    label.append(f"  ({players[meld.owner]}'s {meld.kind.value})", style="dim")
    if face is not card.face:
        label.append("  as ")
        label.append_text(faces_text([face], settings))
    return label


def go_out_label(option: GoOut, settings: DisplaySettings) -> Text:
    """A whole-hand go-out: the final discard and the melds (B-3, E-7)."""
    label = Text()
    if option.discard is None:
        label.append("no discard: ")
    else:
        label.append("discard ")
        label.append_text(card_text(option.discard, settings))
        label.append(": ")
    label.append_text(
        join_texts([faces_text(spec.faces or (), settings) for spec in option.melds], " | ")
    )
    return label
