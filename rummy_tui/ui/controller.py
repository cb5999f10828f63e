"""The one place the user interface talks to the engine.

Screens turn key presses and clicks into actions and hand them to :meth:`Controller.apply`:
the engine verifies and applies the action, the match is saved, and the app redraws every
widget from a fresh :class:`PlayerView`. A refused action comes back as the engine's
one-sentence reason and changes nothing; no exception ever leaves this module.

The controller also answers the questions a screen needs before it can build an action (which
melds a card fits, which readings a meld with jokers has, how deep the Rummy 500 pile may be
taken, whether a move may be taken back), read from the core's offers
(:mod:`rummy_tui.core.offers`), so the screen never second-guesses the rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.notifications import SeverityLevel

from rummy_tui.core import (
    Action,
    ActionRecord,
    Card,
    DrawTwo,
    Game,
    GoOut,
    IllegalAction,
    LayOffCard,
    Meld,
    Phase,
    PlayerView,
    TableMeld,
    TakeDiscard,
)
from rummy_tui.core.cards import Face
from rummy_tui.core.melds import MeldReading, meld_readings
from rummy_tui.core.offers import (
    Refusal,
    discard_pile_offer,
    draw_two_offer,
    drawn_cards,
    go_out_offer,
    lay_off_offer,
    take_back_offer,
)
from rummy_tui.core.state import CutRound, TakeBackNote
from rummy_tui.i18n import _
from rummy_tui.i18n.refusals import refusal_sentence, shared_refusal_sentence
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence.autosave import Autosave
from rummy_tui.ui.hand_state import HandOrders

if TYPE_CHECKING:
    from rummy_tui.bots import Bot, Hint
    from rummy_tui.persistence import SaveStore

Notice = Callable[[str, SeverityLevel], None]
"""Callback that shows a notice: (message, severity "information"|"warning"|"error")."""


@dataclass(frozen=True)
class Outcome:
    """What became of an action: applied (with its log record) or refused (with the reason)."""

    record: ActionRecord | None = None
    reason: str | None = None
    error: IllegalAction | None = None
    """The engine's refusal itself (code, rule, cards, meld) when it refused."""

    @property
    def ok(self) -> bool:
        """Whether the action was applied."""
        return self.record is not None


@dataclass(frozen=True)
class LayOffTarget:
    """A meld a card may be laid off on, with the faces the card may stand for there."""

    meld: TableMeld
    faces: tuple[Face, ...]


@dataclass(frozen=True)
class TakeOption:
    """One depth of the Rummy 500 discard pile: take ``count`` cards down to ``card``."""

    count: int
    card: Card
    reason: str | None
    """Why the engine refuses this take, or None when it is allowed."""
    shared: str | None = None
    """The refusal in words that name no card, for saying it once under the question when
    it refuses several depths (each row names its own card); None when there are none."""


SaveState = Autosave
"""The autosave: the store, the save's name and whether saving works (see persistence)."""


def setup_for(game: Game) -> MatchSetup:
    """A MatchSetup for a game started without one (every seat human)."""
    return MatchSetup(
        rules=game.rules,
        seats=tuple(Seat(name=name) for name in game.players),
        seed=game.state.seed,
    )


class Controller:
    """Applies actions to one match, saves after each, and answers the screens' questions."""

    def __init__(
        self,
        setup: MatchSetup,
        game: Game,
        notice: Notice | None = None,
    ) -> None:
        self.setup = setup
        self.game = game
        self.notice: Notice = notice or (lambda message, severity: None)
        self.saving = SaveState()
        self.hands = HandOrders()
        """The order each person arranged their hand in: presentation state, saved as it is."""
        self._bots: dict[int, Bot] = {}
        self.hints_used: dict[int, list[int]] = {}
        self.words: Callable[[IllegalAction], str] = refusal_sentence
        """How the engine's refusals are written: the table sets it to
        :func:`rummy_tui.ui.refusal_text.refusal_text` with its display settings."""
        """Hints shown per deal number, per seat (kept in the save's extra data)."""

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
    def human_seats(self) -> list[int]:
        """The seats people play."""
        return [seat for seat in range(len(self.players)) if not self.is_bot(seat)]

    @property
    def cut_rounds(self) -> list[CutRound]:
        """The cut for the first dealer (G-3), public."""
        return list(self.game.state.cut)

    @property
    def first_dealer(self) -> int:
        """The seat that won the cut."""
        return self.game.state.first_dealer

    # ------------------------------------------------------------------ applying

    def reason(self, action: Action) -> str | None:
        """The engine's reason for refusing ``action`` now, or None when it is allowed."""
        return self._verdict(action)[1]

    def _verdict(self, action: Action) -> tuple[IllegalAction | None, str | None]:
        """The engine's refusal of ``action`` now and its sentence ((None, None): allowed)."""
        try:
            self.game.verify(action)
        except IllegalAction as error:
            return error, self.words(error)
        except Exception as error:  # a bug must not reach the player as a traceback
            return None, _("That move could not be checked: {error}.").format(error=error)
        return None, None

    def drawn_this_turn(self) -> frozenset[Card]:
        """The cards the player to act drew this turn and still holds (the hand's ``•``), as
        the turn state keeps them (so they survive ``rummy continue``)."""
        return frozenset(drawn_cards(self.game))

    def _words(self, refusal: Refusal) -> str:
        """An offer's refusal in the table's words."""
        return self.words(refusal.error())

    def can(self, action: Action) -> bool:
        """Whether the engine accepts ``action`` now."""
        return self.reason(action) is None

    def apply(self, action: Action) -> Outcome:
        """Apply ``action`` for the seat to act, bring the mover's hand order up to date with
        the cards the move added or took, then save. Never raises."""
        try:
            record = self.game.apply(action)
        except IllegalAction as error:
            return Outcome(reason=self.words(error), error=error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return Outcome(reason=_("That move could not be made: {error}.").format(error=error))
        if record.seat is not None and record.seat in self.hands:
            self.hands.follow(self.game.view(record.seat))
        self.autosave()
        return Outcome(record=record)

    # ------------------------------------------------------------------ take-back (P-4)

    def take_back_reason(self, seat: int) -> str | None:
        """The one-sentence reason why ``seat`` may not take back the newest move now (the
        core's refusal in words), or None when it may. Computer players are never offered a
        take-back."""
        refusal = self._seat_may_not_take_back(seat)
        if refusal is not None:
            return refusal
        try:
            core_refusal = self.game.take_back_refusal(seat)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return _("That move could not be taken back: {error}.").format(error=error)
        return None if core_refusal is None else self.words(core_refusal)

    def _seat_may_not_take_back(self, seat: int) -> str | None:
        """Why ``seat`` is not a person at this table who may take back a move, or None."""
        if self.is_bot(seat):
            return _("Computer players never take back their moves ({rule}).").format(rule="P-4")
        if not 0 <= seat < len(self.players):
            return _("Only the player at the keyboard may take back a move ({rule}).").format(
                rule="P-4"
            )
        return None

    def mover_to_take_back(self) -> int | None:
        """The person whose move a take-back would undo now (after a discard: the player who
        discarded, not the seat to act), or None when nobody may take one back."""
        mover = take_back_offer(self.game).mover
        if mover is None or self.is_bot(mover):
            return None
        return mover

    def take_back(self, seat: int) -> TakeBackNote | str:
        """Take back ``seat``'s newest move (the core checks once whether it may, and replays
        the deal once): the mover's hand order gets the cards back, and the match is saved as
        if the move had never been made. Returns the public note, or the refusal's sentence
        with nothing changed."""
        refusal = self._seat_may_not_take_back(seat)
        if refusal is not None:
            return refusal
        try:
            note = self.game.take_back(seat)
        except IllegalAction as error:
            return self.words(error)
        except Exception as error:  # pragma: no cover - engine bug: refuse, never crash
            return _("That move could not be taken back: {error}.").format(error=error)
        self.hands.took_back(self.game.view(seat))
        self.autosave()
        return note

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take."""
        try:
            return self.game.legal_actions()
        except Exception:  # pragma: no cover - engine bug
            return []

    # ------------------------------------------------------------------ questions

    def meld_readings(self, cards: list[Card]) -> list[MeldReading]:
        """The ways the cards may go down as one meld (several only when wild cards differ)."""
        try:
            return meld_readings(self.game.rules, cards)
        except Exception:  # pragma: no cover
            return []

    def layoff_targets(self, card: Card) -> list[LayOffTarget]:
        """The melds on the table that ``card`` fits, with what it may stand for on each."""
        faces: dict[int, list[Face]] = {}
        melds: dict[int, TableMeld] = {}
        for choice in lay_off_offer(self.game, card).choices:
            action, meld = choice.action, choice.meld
            assert isinstance(action, LayOffCard) and meld is not None and action.face
            melds.setdefault(meld.meld_id, meld)
            faces.setdefault(meld.meld_id, []).append(action.face)
        return [LayOffTarget(meld=melds[key], faces=tuple(faces[key])) for key in melds]

    def refusal(self, action: Action) -> IllegalAction | None:
        """The engine's refusal of ``action`` now (code, rule, cards, meld), or None."""
        try:
            self.game.verify(action)
        except IllegalAction as error:
            return error
        except Exception:  # a bug must not reach the player as a traceback
            return None
        return None

    def layoff_refusal(self, card: Card) -> str:
        """Why ``card`` cannot be laid off anywhere: the offer's refusal to read first (asked
        only when no lay-off of the card is open: otherwise there is none, and this is empty)."""
        why_not = lay_off_offer(self.game, card).why_not
        return self._words(why_not) if why_not is not None else ""

    def take_options(self) -> list[TakeOption]:
        """Every depth of the discard pile that may be asked for, top first (R-5)."""
        options = []
        for choice in discard_pile_offer(self.game).choices:
            action, card, refusal = choice.action, choice.card, choice.refusal
            assert isinstance(action, TakeDiscard) and card is not None
            error = refusal.error() if refusal is not None else None
            reason = self.words(error) if error is not None else None
            shared = shared_refusal_sentence(error) if error is not None else None
            options.append(TakeOption(action.count, card, reason, shared))
        return options

    def draw_two_options(self) -> list[DrawTwo]:
        """The two-card draws the variant offers now (B-1)."""
        return [
            action for action in draw_two_offer(self.game).actions if isinstance(action, DrawTwo)
        ]

    def go_out_options(self) -> list[GoOut]:
        """The whole-hand go-outs open now (B-3, E-7): one per possible final discard."""
        try:
            actions = go_out_offer(self.game).actions
        except Exception:  # pragma: no cover - engine bug
            return []
        return [action for action in actions if isinstance(action, GoOut)]

    def go_out_refusal(self) -> str:
        """Why the hand cannot be laid down now (B-3, E-7): the core's refusal, in words."""
        try:
            refusal = go_out_offer(self.game).why_not
        except Exception:  # pragma: no cover - engine bug: refuse, never crash
            refusal = None
        return self._words(refusal) if refusal is not None else _("You cannot go out now.")

    def top_discard(self) -> Card | None:
        """The top card of the discard pile."""
        pile = self.game.state.deal.discard
        return pile[-1] if pile else None

    def meld_action(self, cards: list[Card], reading: MeldReading | None) -> Meld:
        """A Meld action for the cards read as ``reading`` (None: the first reading)."""
        if reading is None:
            return Meld(cards=tuple(cards))
        return Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))

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

    def restore_extra(self, extra: dict[str, Any] | None) -> None:
        """Take back what the interface kept in a save: hint counts and hand orders (the
        take-back notes, P-4, come back with the game itself)."""
        self.restore_hints(extra)
        views = [self.view(seat) for seat in range(len(self.players))]
        self.hands.restore((extra or {}).get("hand_order", {}), views)

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

    # ------------------------------------------------------------------ saving

    def attach_store(self, store: SaveStore | None, name: str | None) -> None:
        """Save to ``store`` under ``name`` from now on (create the save if name is None)."""
        self.saving.store = store
        self.saving.name = name
        if store is None:
            return
        if name is None:
            try:
                self.saving.save(self.setup, self.game)
            except Exception as error:
                self._save_failed(error)

    def autosave(self) -> None:
        """Save the match after an applied action; a failure is shown, never raised."""
        if self.saving.store is None:
            return
        extra = dict(self.saving.extra)
        if self.hints_used:
            extra["hints_used"] = {str(deal): counts for deal, counts in self.hints_used.items()}
        if self.hands.by_seat:
            extra["hand_order"] = self.hands.to_extra()
        try:
            self.saving.save(self.setup, self.game, extra)  # creates it if the first failed
        except Exception as error:
            self._save_failed(error)

    def _save_failed(self, error: Exception) -> None:
        message = str(error) or type(error).__name__
        text = _("The match could not be saved: {reason}").format(reason=message)
        if self.saving.problem != text:
            self.saving.problem = text
            self.notice(text, "warning")


def open_store(data_dir: Path | None) -> tuple[SaveStore | None, str | None]:
    """A SaveStore for ``data_dir``, or (None, reason) when saving is not possible."""
    from rummy_tui.persistence import SaveStore

    try:
        return SaveStore(data_dir), None
    except Exception as error:
        return None, _("Saving is not possible: {reason}").format(reason=error)
