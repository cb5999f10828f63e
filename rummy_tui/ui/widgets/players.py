"""Every player at the table: name, card count, score, melds and lay-offs (public, P-2).

Each meld is listed in front of the player who melded it, with its number (``#3``); cards that
other players laid off on it are drawn dimmed there, and listed again in front of the player
who laid them off, where they score (R-6). Clicking a meld asks to lay the selected card off
on it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.css.query import NoMatches
from textual.events import Click
from textual.message import Message

from rummy_tui.core import PlayerView, TableMeld
from rummy_tui.core.scoring import team_of
from rummy_tui.core.seat_options import ScoreUnit, seat_standing
from rummy_tui.i18n import _, count_cards, lists, ngettext
from rummy_tui.match.setup import Seat, level_words, names_level
from rummy_tui.ui.play.render import placed_text
from rummy_tui.ui.shell.palette import colour
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.quiet import SteadySize, TextPicture


@dataclass(frozen=True)
class SeatLabel:
    """Public facts about a seat that are not in the view: who plays it."""

    name: str
    bot_level: str | None = None
    own_screen: bool = False
    """The seat is played on a screen of its own."""


def seat_labels(
    names: Sequence[str], seats: Sequence[Seat], away: Collection[int] = ()
) -> tuple[SeatLabel, ...]:
    """Each seat's label: its name, the level of a computer, and whether it is played on a
    screen of its own (``away``: those seats)."""
    return tuple(
        SeatLabel(
            name=name,
            bot_level=seat.kind.value if seat.kind.is_bot else None,
            own_screen=number in away,
        )
        for number, (name, seat) in enumerate(zip(names, seats, strict=False))
    )


@dataclass(frozen=True)
class TablePicture:
    """What the players panel draws: a view plus how seats are labelled."""

    view: PlayerView
    labels: tuple[SeatLabel, ...]
    settings: DisplaySettings = field(default_factory=DisplaySettings)


def score_phrases(view: PlayerView, seat: int) -> list[str]:
    """The seat's running total in the variant's words (the core says which: chips, points,
    points with what the seat's table cards score this deal)."""
    standing = seat_standing(view, seat)
    total = standing.total
    if standing.unit is ScoreUnit.CHIPS:
        # Translators: a European Rummy total, always signed (+3, -2).
        return [ngettext("{total} chip", "{total} chips", abs(total)).format(total=f"{total:+d}")]
    # Translators: a running total in points, short ("pts").
    phrases = [_("{total} pts").format(total=total)]
    if standing.on_table is not None:
        # Translators: Rummy 500: what the seat's melds and lay-offs score this deal.
        phrases.append(_("{points} on table").format(points=standing.on_table))
    return phrases


def meld_text(meld: TableMeld, owner_view: int, settings: DisplaySettings) -> Text:
    """A meld as ``#3 7♥ 8♥ 9♥``; cards laid off by others dimmed."""
    text = Text()
    text.append(f"#{meld.meld_id} ", style=Style(bold=True, color=colour("game-link")))
    for number, placed in enumerate(meld.cards):
        if number:
            text.append(" ")
        card = placed_text(placed, settings)
        if placed.seat != owner_view:
            card.stylize(Style(dim=True, underline=True))
        text.append_text(card)
    return text


def wrap_parts(
    parts: list[Text], width: int, indent: str, gap: str | Text, first_indent: str | None = None
) -> Text:
    """Lay parts out on lines of ``width`` cells, never splitting a part (a meld stays whole,
    and so does a phrase such as "· 7 cards"). The first line starts with ``first_indent``
    (default ``indent``), the others with ``indent``; a part that starts a line loses its
    leading spaces."""
    gap_text = gap if isinstance(gap, Text) else Text(gap)
    result = Text()
    start = indent if first_indent is None else first_indent
    line = Text(start)
    for part in parts:
        if line.cell_len > len(start) and line.cell_len + gap_text.cell_len + part.cell_len > width:
            result.append_text(line)
            result.append("\n")
            start = indent
            line = Text(start)
        if line.cell_len > len(start):
            line.append_text(gap_text)
        elif result.plain and part.plain.startswith(" "):
            part = part[len(part.plain) - len(part.plain.lstrip(" ")) :]
        line.append_text(part)
    result.append_text(line)
    return result


ESSENTIAL = 2
"""How many phrases end a seat's line that it always keeps: the cards and the total (the
name comes first)."""


def one_line(phrases: list[Text], width: int) -> list[Text]:
    """A seat's phrases (its name first, its cards and total last) fitted on one line of
    ``width`` cells when they do not fit: the phrases between (the level, "(you)", the
    dealer, partners) and a Rummy 500 seat's points on the table are left out, newest first,
    then the name is shortened with an ellipsis."""
    if sum(part.cell_len for part in phrases) <= width:
        return phrases
    cards_at = (
        len(phrases)
        - 1
        - next((i for i, part in enumerate(reversed(phrases)) if not part.style), 0)
    )
    kept = [phrases[0], *phrases[1:cards_at], phrases[cards_at], phrases[cards_at + 1]]
    while len(kept) > 1 + ESSENTIAL and sum(part.cell_len for part in kept) > width:
        del kept[-1 - ESSENTIAL]
    room = width - sum(part.cell_len for part in kept[1:])
    head = kept[0]
    if head.cell_len > room > 3:
        head = head[: room - 1]
        head.append("…")
        kept[0] = head
    return kept


def seat_phrases(view: PlayerView, seat: int, label: SeatLabel, width: int) -> list[Text]:
    """A seat's phrases in order: the mark of the seat to act and its name, its level, "(you)",
    the dealer, its partners, its cards and its total. They are never broken across lines (at
    80 columns "· 7 cards" used to wrap as "· 7" / "cards")."""
    playing = view.current == seat and view.phase in ("draw", "play")
    head = Text()
    head.append("▶ " if playing else "  ", style=Style(bold=True, color=colour("game-highlight")))
    head.append(
        label.name, style=Style(bold=True, color=colour("game-highlight") if playing else None)
    )
    phrases: list[Text] = [head]
    level = level_phrase(label, width)
    if level is not None:
        phrases.append(level)
    if seat == view.seat:
        phrases.append(Text(" " + _("(you)"), style="italic"))
    if seat == view.dealer:
        phrases.append(Text(" " + _("[dealer]"), style=colour("game-dealer")))
    partners = [other for other in team_of(view.rules, seat, len(view.players)) if other != seat]
    if partners:
        names = lists.partners(view.players[other] for other in partners)
        # Translators: the partner's name (or names, joined by " & ").
        phrases.append(
            Text(" · " + _("partner {names}").format(names=names), style=colour("game-good"))
        )
    phrases.append(Text(" · " + count_cards(view.hand_sizes[seat])))
    for piece in score_phrases(view, seat):
        phrases.append(Text(f" · {piece}", style="bold"))
    return phrases


def level_phrase(label: SeatLabel, width: int) -> Text | None:
    """A computer seat's level, unless its name says it already: "(computer, easy)" where the
    seat's line has room, "(easy)" on a narrow panel, so that twelve seats keep one line each
    at 80 columns."""
    if not label.bot_level or names_level(label.name, label.bot_level):
        return None
    words = level_words(label.bot_level)
    level = " " + _("(computer, {level})").format(level=words)
    if len(label.name) + len(level) + 30 > width:
        level = f" ({words})"
    return Text(level, style="dim")


def own_melds_text(
    view: PlayerView, seat: int, settings: DisplaySettings, width: int
) -> Text | None:
    """The melds the seat melded, each clickable (None when it has none)."""
    parts: list[Text] = []
    for meld in view.melds:
        if meld.owner != seat:
            continue
        part = meld_text(meld, seat, settings)
        part.stylize(Style(meta={"meld": meld.meld_id}))
        parts.append(part)
    if not parts:
        return None
    return wrap_parts(parts, width, "   ", "   ")


def laid_off_text(
    view: PlayerView, seat: int, settings: DisplaySettings, width: int
) -> Text | None:
    """The cards the seat laid off on other players' melds, each with the meld it went on
    (None when there are none)."""
    laid = [
        (meld, placed)
        for meld in view.melds
        if meld.owner != seat
        for placed in meld.cards
        if placed.seat == seat
    ]
    if not laid:
        return None
    pieces = [Text(_("laid off:"), style="dim")]
    for meld, placed in laid:
        part = placed_text(placed, settings)
        part.append(f"→#{meld.meld_id}", style=Style(color=colour("game-link")))
        part.stylize(Style(meta={"meld": meld.meld_id}))
        pieces.append(part)
    return wrap_parts(pieces, width, "   ", "  ")


class PlayerBox(TextPicture):
    """One seat's line (and its melds)."""

    # Styled in assets/table.tcss, with the screen that shows it.

    class MeldClicked(Message):
        """A meld was clicked."""

        def __init__(self, meld_id: int) -> None:
            super().__init__()
            self.meld_id = meld_id

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seat = seat
        self.picture: TablePicture | None = None

    def show(self, picture: TablePicture) -> None:
        """Draw the seat from ``picture``."""
        self.picture = picture
        view = picture.view
        self.set_class(view.current == self.seat and view.phase in ("draw", "play"), "-current")
        self.picture_changed()

    def on_resize(self) -> None:
        """The seat's lines rewrapped (a new meld, a longer phrase in the language, the
        panel's width settled after the first drawing): the panel looks again at what is on
        view, since the seats below moved."""
        panel = self.parent
        if isinstance(panel, PlayersPanel):
            panel.call_after_refresh(panel.keep_in_view)

    def _narrow(self) -> bool:
        """Whether the table is laid out for a phone (its screen's ``-narrow`` class)."""
        try:
            return self.screen.has_class("-narrow")
        except Exception:  # not on a screen yet
            return False

    def on_click(self, event: Click) -> None:
        """Pass a click on a meld up to the screen."""
        meld_id = event.style.meta.get("meld")
        if isinstance(meld_id, int):
            event.stop()
            self.post_message(self.MeldClicked(meld_id))

    def picture_text(self, width: int) -> Text:
        """The seat's lines: its name and phrases (on one line on a phone), then its own
        melds, then the cards it laid off on other players' melds."""
        picture = self.picture
        if picture is None:
            return Text("")
        view, seat, settings = picture.view, self.seat, picture.settings
        label = (
            picture.labels[seat] if seat < len(picture.labels) else SeatLabel(view.players[seat])
        )
        width = max(20, width)
        phrases = seat_phrases(view, seat, label, width)
        if self._narrow():  # a phone: one line a seat
            phrases = one_line(phrases, width)
        text = wrap_parts(phrases, width, "    ", "", first_indent="")
        for block in (
            own_melds_text(view, seat, settings, width),
            laid_off_text(view, seat, settings, width),
        ):
            if block is not None:
                text.append("\n")
                text.append_text(block)
        return text


class PlayersPanel(VerticalScroll, SteadySize, can_focus=False):
    """All seats, one :class:`PlayerBox` each; scrolls when the table is crowded."""

    # Styled in assets/table.tcss, with the screen that shows it.

    def __init__(self, seats: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats = seats
        self.in_view: tuple[int, ...] = ()
        """The seats kept on view: the seat to act first, then the seat at the keyboard."""

    def compose(self) -> ComposeResult:
        for seat in range(self.seats):
            yield PlayerBox(seat, id=f"seat-{seat}")

    def show(self, picture: TablePicture) -> None:
        """Draw every seat from ``picture`` and bring the seat to act and the seat at the
        keyboard into view."""
        for box in self.query(PlayerBox):
            box.show(picture)
        view = picture.view
        seats = len(view.players)
        self.in_view = tuple(
            seat for seat in dict.fromkeys((view.current, view.seat)) if 0 <= seat < seats
        )
        self.call_after_refresh(self.keep_in_view)

    def on_resize(self) -> None:
        """The panel's height changed (the key bar wrapped, the terminal shrank): look again."""
        self.call_after_refresh(self.keep_in_view)

    def keep_in_view(self) -> None:
        """Scroll so the seat to act and the seat at the keyboard are both on view; when the
        panel is too short for both, the seat to act wins."""
        boxes = []
        for seat in self.in_view:
            try:
                boxes.append(self.query_one(f"#seat-{seat}", PlayerBox))
            except NoMatches:
                continue
        if not boxes:
            return
        top = self.scroll_offset.y
        regions = [box.virtual_region for box in boxes]
        first = min(region.y for region in regions)
        last = max(region.bottom for region in regions)
        height = self.scrollable_content_region.height
        if last - first <= height:
            if first < top:
                target = first
            elif last > top + height:
                target = last - height
            else:
                return
        else:
            target = regions[0].y
        self.scroll_to(y=target, animate=False, immediate=True)
