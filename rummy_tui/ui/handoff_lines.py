"""The hand-off's words about what comes next, from the public view only (P-1, P-2).

The last line of the hand-off's "since your last turn" summary says what the named player
will see after Enter when that is not simply the start of their turn: computer players who
move first while the named player watches their own hand (P-4: the keyboard is passed on
before a computer moves), or a turn half played when a save is resumed after the draw. Only
public facts are named: a card taken from the discard pile, never a card drawn from the stock.
"""

from __future__ import annotations

from rich.text import Text

from rummy_tui.core import Phase, PlayerView
from rummy_tui.i18n import _, ngettext
from rummy_tui.ui.render import card_text, cards_text, fill
from rummy_tui.ui.settings import DisplaySettings

NOTE_STYLE = "bold"


def computers_first(count: int) -> str:
    """The hand-off's last line when ``count`` computer players move before the named
    player, who watches their own hand meanwhile."""
    if count == 1:
        return _(
            "Next a computer player takes its turn; you see your hand meanwhile, then you play."
        )
    return ngettext(
        "Next {n} computer player takes its turn; you see your hand meanwhile, then you play.",
        "Next {n} computer players take their turns; you see your hand meanwhile, then you play.",
        count,
    ).format(n=count)


def turn_under_way(view: PlayerView, seat: int, settings: DisplaySettings) -> Text | None:
    """The hand-off's last line when ``seat`` has drawn already and has not ended the turn
    (a save resumed mid-turn), or None when the turn has not started. ``view`` may be the
    public view: only public cards are named."""
    if view.current != seat or view.phase is not Phase.PLAY:
        return None
    if view.must_use is not None:
        return fill(
            # Translators: Rummy 500, a save resumed mid-turn; {card} is the deepest card taken.
            _(
                "You are half-way through your turn: you must still use the {card} "
                "you took from the discard pile."
            ),
            NOTE_STYLE,
            card=card_text(view.must_use, settings),
        )
    if view.taken_from_discard:
        return fill(
            # Translators: a save resumed mid-turn; {cards} are the cards taken this turn.
            _(
                "You are half-way through your turn: you took {cards} from the discard pile "
                "and have not discarded yet."
            ),
            NOTE_STYLE,
            cards=cards_text(view.taken_from_discard, settings),
        )
    return Text(
        _(
            "You are half-way through your turn: you drew from the stock and have not "
            "discarded yet."
        ),
        style=NOTE_STYLE,
    )
