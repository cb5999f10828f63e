"""What the table's hand box shows: its title and the picture of the hand at the keyboard, or
the line that stands in for a hand nobody may see now."""

from __future__ import annotations

from rummy_tui.core import Phase, PlayerView
from rummy_tui.i18n import _, count_cards, lists, ngettext
from rummy_tui.i18n.labels import HAND
from rummy_tui.table import Mode
from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.render import sort_cards
from rummy_tui.ui.play.table_text import computer_playing
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.hand import HandPicture
from rummy_tui.ui.widgets.players import SeatLabel


def hand_box(
    view: PlayerView,
    mode: Mode,
    state: HandState | None,
    labels: tuple[SeatLabel, ...],
    settings: DisplaySettings,
) -> tuple[str, HandPicture]:
    """The hand box's title (plain text: it holds a player's name) and its picture."""
    if state is None:
        return _(HAND), HandPicture(message=_no_hand_line(view, mode, labels), settings=settings)
    name = view.players[view.seat]
    if state.order == sort_cards(state.order, state.sort_mode):
        arranged = _("sorted by rank") if state.sort_mode == "rank" else _("sorted by suit")
    else:
        arranged = _("arranged by hand")
    selected = len(state.selected)
    # Translators: the hand's title, then "· 7 cards · sorted by suit · 2 selected".
    phrases = [_("{name}'s hand").format(name=name), count_cards(len(state.order)), arranged]
    if selected:
        phrases.append(ngettext("{n} selected", "{n} selected", selected).format(n=selected))
    picture = HandPicture(
        cards=tuple(state.order),
        selected=frozenset(state.selected),
        cursor=state.cursor,
        fresh=frozenset(state.fresh),
        must_use=view.must_use if view.is_my_turn else None,
        settings=settings,
    )
    return lists.facts(phrases), picture


def _no_hand_line(view: PlayerView, mode: Mode, labels: tuple[SeatLabel, ...]) -> str:
    if mode is not Mode.HIDDEN:
        return _("No cards in hand.")
    if view.phase in (Phase.DRAW, Phase.PLAY) and 0 <= view.current < len(labels):
        if labels[view.current].own_screen:
            return _("{player} is playing on their own screen.").format(
                player=view.players[view.current]
            )
        level = labels[view.current].bot_level
        if level is not None:
            return computer_playing(view.players[view.current], level)
    return _("No hand is shown while the keyboard passes between players.")
