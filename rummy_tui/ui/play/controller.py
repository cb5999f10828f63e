"""The match's read-only answers: what the table and the match session ask of the game.

The match session (:mod:`rummy_tui.ui.play.session`) owns the match and is the one that changes it
(it applies moves and take-backs through the game, keeps the hands' order and saves). A
:class:`Controller` only answers: the views and the seats, the engine's refusals in the
table's words, and the computer players and hints of the match (who may take a move back is
the table's rules', :mod:`rummy_tui.table.window`). What a seat may do now the table reads
from the core's offers (:mod:`rummy_tui.core.offers`), handed to it by the session. Nothing
here changes the game; no exception ever leaves this module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from textual.notifications import SeverityLevel

from rummy_tui.core import (
    Action,
    Game,
    IllegalAction,
    Phase,
    PlayerView,
)
from rummy_tui.core.state import CutRound
from rummy_tui.i18n import _
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.match.setup import MatchSetup, Seat

if TYPE_CHECKING:
    from rummy_tui.bots import Bot, Hint
    from rummy_tui.persistence import SaveStore

Notice = Callable[[str, SeverityLevel], None]
"""Callback that shows a notice: (message, severity "information"|"warning"|"error")."""


def setup_for(game: Game) -> MatchSetup:
    """A MatchSetup for a game started without one (every seat human)."""
    return MatchSetup(
        rules=game.rules,
        seats=tuple(Seat(name=name) for name in game.players),
        seed=game.state.seed,
    )


class HoldsMatch(Protocol):
    """Anything holding a match: its game and its setup (the match session)."""

    game: Game
    setup: MatchSetup


@dataclass
class MatchAt:
    """A game and its setup held together (a table without a session: tests, previews)."""

    setup: MatchSetup
    game: Game


class Controller:
    """The read-only answers of one match: views, seats, refusals in words, the screens'
    questions, the computer players and the hints."""

    def __init__(
        self, match: HoldsMatch, words: Callable[[IllegalAction], str] = refusal_sentence
    ) -> None:
        self._match = match
        """The match it answers for (the session: its game and setup, read each time, so a
        game rebuilt from the shared file is the one answered for)."""
        self.words = words
        """How the engine's refusals are written (the match session gives
        :func:`rummy_tui.ui.play.refusal_text.refusal_text` with the table's display settings)."""
        self._bots: dict[int, Bot] = {}
        self.hints_used: dict[int, list[int]] = {}
        """Hints shown per deal number, per seat (kept in the save's extra data)."""

    @property
    def game(self) -> Game:
        """The match's game as it stands."""
        return self._match.game

    @property
    def setup(self) -> MatchSetup:
        """The match's setup (who plays which seat)."""
        return self._match.setup

    # ------------------------------------------------------------------ views and seats

    @property
    def players(self) -> list[str]:
        """The players' names by seat."""
        return self.game.players

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self.game.phase

    @property
    def current(self) -> int:
        """The seat to act."""
        return self.game.current

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see."""
        return self.game.view(seat)

    def public_view(self) -> PlayerView:
        """What anyone at the table may see: no hand at all (P-2)."""
        return self.game.view(-1)

    def is_bot(self, seat: int) -> bool:
        """Whether a computer plays ``seat``."""
        seats = self.setup.seats
        return 0 <= seat < len(seats) and seats[seat].kind.is_bot

    @property
    def cut_rounds(self) -> list[CutRound]:
        """The cut for the first dealer (G-3), public."""
        return list(self.game.state.cut)

    @property
    def first_dealer(self) -> int:
        """The seat that won the cut."""
        return self.game.state.first_dealer

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take."""
        try:
            return self.game.legal_actions()
        except Exception:  # pragma: no cover - engine bug
            return []

    # ------------------------------------------------------------------ computer players

    def bot_for(self, seat: int) -> Bot | None:
        """The computer player of ``seat`` (made once per seat), or None without bots."""
        if seat in self._bots:
            return self._bots[seat]
        from rummy_tui.bots import make_bot

        level = self.setup.seats[seat].kind.value
        seed = (self.game.state.seed * 131 + seat) % (2**31)
        try:
            bot = make_bot(level, seed)
        except Exception:
            return None
        self._bots[seat] = bot
        return bot

    def hint_for(self, seat: int) -> Hint | str:
        """The hint for ``seat`` (rummy_tui.bots.hint), or a one-line reason why there is none."""
        if not self.setup.hints:
            return _("Hints are switched off for this match.")
        from rummy_tui.bots import hint

        try:
            found = hint(self.view(seat), self.legal_actions())
        except Exception as error:
            return _("No hint this time: {error}.").format(error=error)
        deal = self.game.state.deal.deal_number
        counts = self.hints_used.setdefault(deal, [0] * len(self.players))
        if 0 <= seat < len(counts):
            counts[seat] += 1
        return found

    def hints_in_deal(self, deal_number: int) -> list[int] | None:
        """Hints each seat was shown in a deal (None when the match has hints switched off)."""
        if not self.setup.hints:
            return None
        return list(self.hints_used.get(deal_number, [0] * len(self.players)))

    def restore_hints(self, extra: dict[str, Any] | None) -> None:
        """Take back the hint counts kept in a save's extra data (anything odd is skipped)."""
        kept = (extra or {}).get("hints_used", {})
        if not isinstance(kept, dict):
            return
        for deal_text, counts in kept.items():
            try:
                deal = int(deal_text)
                numbers = [max(0, int(count)) for count in counts]
            except (TypeError, ValueError):
                continue
            if len(numbers) == len(self.players):
                self.hints_used[deal] = numbers


def open_store(data_dir: Path | None) -> tuple[SaveStore | None, str | None]:
    """A SaveStore for ``data_dir``, or (None, reason) when saving is not possible."""
    from rummy_tui.persistence import SaveStore

    try:
        return SaveStore(data_dir), None
    except Exception as error:
        return None, _("Saving is not possible: {reason}").format(reason=error)
