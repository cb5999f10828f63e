"""The replay: a finished deal of a match stepped through move by move, forward and back.

The screen holds a :class:`~rummy_tui.replay.ReplayModel` (which deal, which step) and asks
:func:`~rummy_tui.replay.frame` what to draw for it: the table as it stood then (piles, the
melds with their owners, counts, scores, the log up to that move), drawn by the table's own
:class:`~rummy_tui.ui.widgets.table_view.TableView`, and the hands the rules let it show
(every hand of a finished match; of a match still being played only each deal's end reveal,
P-2, P-3). Keys change the model, never the match: a replay writes no save and no record.

Leaving it, the screen dismisses with what the players asked for: None (back), or a
:class:`DealAgain` request that whoever opened it carries out (a new match).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from rummy_tui.i18n import _, lists
from rummy_tui.i18n.deal_words import ending_words
from rummy_tui.i18n.labels import BACK, HAND, HELP, KEYS, LOG, THIS_HELP
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.i18n.outside_text import plain
from rummy_tui.i18n.record_words import DEALS
from rummy_tui.i18n.replay_words import (
    ALL_HANDS,
    DEAL_AGAIN,
    DEAL_END,
    DEAL_START,
    NEXT_DEAL,
    NEXT_HAND,
    NEXT_MOVE,
    PREVIOUS_DEAL,
    PREVIOUS_HAND,
    PREVIOUS_MOVE,
    REVIEW,
    all_hands_title,
    deal_again_question,
    deal_choice_words,
    hands_hidden_words,
    no_hand_words,
    not_replayable_words,
    pick_deal_question,
    replay_heading,
    review_hidden_words,
    step_words,
)
from rummy_tui.replay import (
    MatchSteps,
    NotReplayable,
    ReplayFrame,
    ReplayModel,
    frame,
    next_deal,
    previous_deal,
    step_back,
    step_forward,
    to_deal,
    to_end,
    to_start,
    to_step,
)
from rummy_tui.table import Mode
from rummy_tui.ui.play.hand_state import HandState
from rummy_tui.ui.play.render import sort_cards
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.hand import HandPicture, HandView
from rummy_tui.ui.widgets.keybar import KeyBar
from rummy_tui.ui.widgets.players import SeatLabel
from rummy_tui.ui.widgets.quiet import set_border_title, update_static
from rummy_tui.ui.widgets.table_view import TableDrawing, TableView

if TYPE_CHECKING:
    from rummy_tui.core import PlayerView
    from rummy_tui.review import Claim, MatchReview
    from rummy_tui.ui.shell.settings import DisplaySettings

NARROW = 60
"""Under this many columns the table is laid out for a narrow screen (as the table's)."""

LOG_TAIL = 40
"""How many of the newest log lines the replay's log panel holds (``L`` shows them all).
Each step changes the log, and the panel lays its text out again: the table's panel keeps
300 lines, which at twelve seats and 80 columns made a step cost 40 ms more than the rest
of the table."""


def log_tail(view: PlayerView, keep: int = LOG_TAIL) -> PlayerView:
    """``view`` with only its newest ``keep`` log records, and the take-back notes placed
    among them (their places counted in the shorter log)."""
    cut = len(view.log) - keep
    if cut <= 0:
        return view
    notes = tuple(
        note.model_copy(update={"position": note.position - cut})
        for note in view.take_back_notes
        if note.position >= cut
    )
    return view.model_copy(update={"log": view.log[cut:], "take_back_notes": notes})


@dataclass(frozen=True)
class DealAgain:
    """The players asked to play deal ``deal_number`` again (the screen's result)."""

    deal_number: int


def shown_seat(shown: ReplayFrame, pinned: int | None) -> int:
    """The seat whose hand the replay shows: the one the players picked, else the seat that
    made this step's move (the dealer's left as dealt: the seat to play first)."""
    if pinned is not None:
        return pinned
    move = shown.move
    seat = move.seat if move is not None and move.seat is not None else shown.view.current
    if shown.at_end:  # who went out holds nothing: the next hand the deal's end revealed
        seats = len(shown.hands)
        for offset in range(seats):
            hand = shown.hands[(seat + offset) % seats]
            if hand:
                return (seat + offset) % seats
    return seat


class ReplayScreen(Screen[DealAgain | None]):
    """One match's finished deals, move by move (see the module's text)."""

    CSS_PATH = stylesheet_paths("table.tcss", "replay.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "replay",
        [
            Binding("escape", "close", BACK, key_display="Esc"),
            Binding("left", "move(-1)", PREVIOUS_MOVE, key_display="←", id="previous_move"),
            Binding("right", "move(1)", NEXT_MOVE, key_display="→", id="next_move"),
            Binding("home", "start", DEAL_START, key_display="Home"),
            Binding("end", "end", DEAL_END, key_display="End"),
            Binding("pageup", "deal(-1)", PREVIOUS_DEAL, key_display="PgUp", id="previous_deal"),
            Binding("pagedown", "deal(1)", NEXT_DEAL, key_display="PgDn", id="next_deal"),
            Binding("d", "pick_deal", DEALS),
            Binding("tab", "hand(1)", NEXT_HAND, key_display="Tab", priority=True, id="hand"),
            Binding("h", "all_hands", ALL_HANDS),
            Binding(
                "shift+tab",
                "hand(-1)",
                PREVIOUS_HAND,
                show=False,
                priority=True,
                id="previous_hand",
            ),
            Binding("L", "log", LOG),
            Binding("r", "review", REVIEW),
            Binding("a", "deal_again", DEAL_AGAIN),
            Binding("question_mark", "help", HELP, key_display="?", tooltip=THIS_HELP),
            Binding("q", "close", BACK, show=False, id="quit"),
        ],
    )

    def __init__(
        self,
        steps: MatchSteps,
        model: ReplayModel,
        labels: tuple[SeatLabel, ...],
        settings: DisplaySettings,
        title: str = "",
        can_deal_again: bool = True,
    ) -> None:
        """Replay ``steps``'s match from ``model``; ``labels`` say who played each seat,
        ``title`` (a save's name) heads the top line; ``can_deal_again`` offers "Play this
        deal again" (not for a guest's window or a match with no setup)."""
        super().__init__()
        translate_bindings(self)
        self.steps = steps
        self.model = model
        self.labels = labels
        self.settings = settings
        self.title_text = title
        self.can_deal_again = can_deal_again
        self.pinned: int | None = None
        """The seat whose hand the players chose to see (None: the seat that moved)."""
        self.review: MatchReview | None = None
        """The review of the match, once made (it is made once per replay)."""
        self.shown: ReplayFrame = frame(steps, model)

    def compose(self) -> ComposeResult:
        yield TableView(len(self.labels), id="table-view")
        yield KeyBar()

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self) -> None:
        self.set_class(0 < self.size.width < NARROW, "-narrow")
        if self.is_mounted:
            self.redraw()

    # ------------------------------------------------------------------ drawing

    def go(self, model: ReplayModel) -> None:
        """Show ``model`` (a step or a deal); the same model draws nothing new."""
        if model == self.model:
            return
        self.model = model
        self.shown = frame(self.steps, model)
        self.redraw()

    def seat_on_show(self) -> int:
        """The seat whose hand is on show (or would be, were it visible)."""
        return shown_seat(self.shown, self.pinned)

    def redraw(self) -> None:
        """Draw the frame of the model on view."""
        if not self.is_mounted:
            return
        shown = self.shown
        seat = self.seat_on_show()
        seat_view = shown.seat_view(seat)
        table_view = log_tail(shown.view)
        held = seat_view if seat_view is not None and seat_view.hand else None
        hand = HandState(order=sort_cards(list(held.hand), "suit"), cursor=-1) if held else None
        drawing = TableDrawing(
            held or table_view,
            Mode.WATCH if held else Mode.HIDDEN,
            None,
            hand,
            self.labels,
            self.settings,
            self.title_text,
            table_view=table_view,
        )
        table = self.query_one(TableView)
        table.draw(drawing)
        if held is None:
            self._no_hand(seat_view is None, shown.view.players[seat])
        update_static(self.query_one("#phase-hint", Static), self.position_line())
        table.set_status(self.move_line(), self.settings, False)

    def _no_hand(self, hidden: bool, name: str) -> None:
        line = hands_hidden_words() if hidden else no_hand_words(name)
        set_border_title(self.query_one("#hand-box"), plain(_(HAND)))
        self.query_one(HandView).show(HandPicture(message=line, settings=self.settings))

    def position_line(self) -> str:
        """Which deal and move are on view: "Replay · Deal 3 (2 of 4 finished) · move 5 of
        40"."""
        model = self.model
        numbers = model.deal_numbers
        heading = replay_heading(
            model.deal_number,
            numbers.index(model.deal_number) + 1,
            len(numbers),
            self.steps.finished_match,
        )
        return lists.facts([heading, step_words(model.step, model.last_step)])

    def move_line(self) -> str:
        """What this step did: the move's line of the log (the deal's end at its end, who
        dealt as dealt)."""
        shown = self.shown
        result = shown.result
        ending = result.ending if result is not None else None
        if ending is not None and ending.code in ("stock_out", "dead"):
            # A deal that ended without anyone going out: how, beside its last move.
            name = shown.view.players[ending.seat] if ending.seat is not None else ""
            phrases = [entry_sentence(shown.move)] if shown.move is not None else []
            return lists.facts([*phrases, ending_words(ending, name)])
        if shown.move is not None:
            return entry_sentence(shown.move)
        return entry_sentence(shown.records[0]) if shown.records else ""

    # ------------------------------------------------------------------ keys

    def action_move(self, delta: int) -> None:
        """One move forward or back (the same at either end of the deal)."""
        self.go(step_forward(self.model) if delta > 0 else step_back(self.model))

    def action_start(self) -> None:
        """The deal as dealt."""
        self.go(to_start(self.model))

    def action_end(self) -> None:
        """The deal's end: its last move and its reveal (P-3)."""
        self.go(to_end(self.model))

    def action_deal(self, delta: int) -> None:
        """The previous or the next finished deal, as dealt."""
        self.go(next_deal(self.model) if delta > 0 else previous_deal(self.model))

    def jump(self, deal_number: int, step: int = 0, seat: int | None = None) -> None:
        """Deal ``deal_number`` at ``step`` (a claim of the review, the deal picker), with
        ``seat``'s hand on show if given."""
        try:
            if seat is not None:
                self.pinned = seat
            self.go(to_step(to_deal(self.model, deal_number), step))
        except NotReplayable as refusal:
            self.notify(not_replayable_words(refusal.code, refusal.deal_number), severity="error")

    def action_pick_deal(self) -> None:
        """Choose a finished deal from a list."""
        from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen

        choices = []
        for span in self.model.deals:
            result = self.steps.deal(span.deal_number).result
            ending = result.ending
            name = ""
            if ending is not None and ending.seat is not None:
                name = self.steps.players[ending.seat]
            words = deal_choice_words(span.deal_number, span.last_step, ending_words(ending, name))
            choices.append(Choice(words, span.deal_number))

        def chosen(deal_number: int | None) -> None:
            if deal_number is not None:
                self.jump(deal_number)

        self.app.push_screen(ChoiceScreen(pick_deal_question(), choices), chosen)

    def action_hand(self, delta: int) -> None:
        """Show the next (or previous) seat's hand; it stays on show until changed."""
        seats = len(self.labels)
        self.pinned = (self.seat_on_show() + delta) % seats
        self.redraw()

    def action_all_hands(self) -> None:
        """Every hand the replay may show at this step, one under the other (the hands are
        hidden while the match is being played, but at a deal's end)."""
        from rich.text import Text

        from rummy_tui.ui.play.render import cards_text
        from rummy_tui.ui.screens.prompt import TextScreen

        shown = self.shown
        if not shown.shown_seats:
            self.notify(hands_hidden_words(), severity="warning")
            return
        body = Text()
        for seat, hand in enumerate(shown.hands):
            name = shown.view.players[seat]
            if body:
                body.append("\n")
            body.append(f"{name}\n", style="bold")
            if hand is None:
                body.append(hands_hidden_words(), style="dim italic")
            elif hand:
                body.append_text(cards_text(sort_cards(list(hand), "suit"), self.settings))
            else:
                body.append(no_hand_words(name), style="dim italic")
            body.append("\n")
        self.app.push_screen(TextScreen(all_hands_title(self.position_line()), body))

    def action_log(self) -> None:
        """The deal's log up to this move, whole."""
        from rummy_tui.ui.screens.log_view import LogScreen

        title = self.position_line()
        self.app.push_screen(LogScreen(self.shown.view.log, self.settings, title=title))

    def action_review(self) -> None:
        """The review of the people's moves (a finished match only); a claim chosen opens
        the replay at its move, with that person's hand."""
        from rummy_tui.ui.screens.review import ReviewScreen

        if not self.steps.finished_match:
            self.notify(review_hidden_words(), severity="warning")
            return
        people = [seat for seat, label in enumerate(self.labels) if label.bot_level is None]

        def keep(review: MatchReview) -> None:
            self.review = review

        def chosen(claim: Claim | None) -> None:
            if claim is not None:
                self.jump(claim.deal_number, claim.step, claim.seat)

        screen = ReviewScreen(self.steps, people, self.settings, known=self.review, keep=keep)
        self.app.push_screen(screen, chosen)

    def action_deal_again(self) -> None:
        """Ask, then leave with a request to play this deal again."""
        from rummy_tui.ui.screens.dialogs import ConfirmDialog

        deal_number = self.model.deal_number

        def answered(confirmed: bool | None) -> None:
            if confirmed:
                self.dismiss(DealAgain(deal_number))

        question = deal_again_question(deal_number)
        self.app.push_screen(ConfirmDialog(question, _(DEAL_AGAIN)), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "deal_again":
            return self.can_deal_again
        return True

    def action_help(self) -> None:
        """The replay's keys."""
        from rummy_tui.ui.play.key_help import key_rows, keys_table
        from rummy_tui.ui.screens.prompt import TextScreen

        rows = key_rows(self) + key_rows(self.app)
        self.app.push_screen(TextScreen(_(KEYS), keys_table(rows)))

    def action_close(self) -> None:
        """Back to where the replay was opened."""
        self.dismiss(None)
