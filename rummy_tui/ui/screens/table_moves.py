"""The table's move keys: each turns a key into an action, asking a question first when the
move can be made more than one way (which depth of the pile, which reading of a wild card,
which meld to lay off on, which card to discard when going out).

The answers come from the controller's questions and the core's :class:`SeatOptions`; the
finished action is posted up to the turn flow (:meth:`MoveKeys.apply`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from rich.text import Text

from rummy_tui.core import (
    Action,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Phase,
    PlayerView,
    TakeDiscard,
)
from rummy_tui.core.cards import Face
from rummy_tui.core.melds import MeldReading
from rummy_tui.core.seat_options import SeatOptions, TakeStyle
from rummy_tui.i18n import _, ngettext
from rummy_tui.ui.render import card_label, card_text, fill
from rummy_tui.ui.screens.prompt import Choice, ChoiceScreen
from rummy_tui.ui.table_text import (
    Mode,
    depth_notes,
    draw_two_words,
    go_out_label,
    layoff_label,
    plan_dig,
    reading_label,
    take_depth_label,
)

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

    from rummy_tui.ui.controller import Controller
    from rummy_tui.ui.hand_state import HandState
    from rummy_tui.ui.settings import DisplaySettings

T = TypeVar("T")

KEY_MOVES: dict[str, frozenset[str]] = {
    "draw": frozenset({"draw_stock"}),
    "take": frozenset({"take_discard", "draw_two"}),
    "draw_two": frozenset({"draw_two"}),
    "meld": frozenset({"meld"}),
    "lay_off": frozenset({"lay_off"}),
    "discard": frozenset({"discard"}),
    "go_out": frozenset({"go_out"}),
    "end_deal": frozenset({"end_deal"}),
}
"""The kinds of move each move key makes (``t`` takes the discard with a second card where
the variant draws two, B-1)."""


class MoveKeys:
    """The move keys of the table screen (mixed into :class:`TableScreen`)."""

    if TYPE_CHECKING:
        controller: Controller
        settings: DisplaySettings
        view: PlayerView
        mode: Mode

        app: App[object]

        @property
        def hand_state(self) -> HandState | None: ...
        @property
        def options(self) -> SeatOptions: ...
        def set_status(self, message: str | Text, error: bool = False) -> None: ...
        def refused(self, reason: str) -> None: ...
        def post_message(self, message: Message) -> bool: ...
        def act_message(self, action: Action) -> Message: ...

    # ------------------------------------------------------------------ acting

    def _selected_cards(self) -> list[Card]:
        state = self.hand_state
        if state is None:
            return []
        return [card for card in state.order if card in state.selected]

    def _one_card(self, too_many: str) -> Card | None:
        """The card to act on: the one selected card, else the card under the cursor.
        ``too_many`` is the refusal when several are selected (a ngettext message whose
        ``{n}`` is how many are selected)."""
        state = self.hand_state
        if state is None or not state.order:
            return None
        selected = self._selected_cards()
        if len(selected) > 1:
            self.set_status(too_many.format(n=len(selected)), True)
            return None
        if selected:
            return selected[0]
        return state.order[state.cursor]

    def key_offered(self, action: str) -> bool:
        """Whether the footer offers the key of ``action`` now: a move key only while the
        turn's phase leaves its kind of move open (the core's ``open_now``). A key left out
        still works when pressed, and the core says why nothing happened."""
        kinds = KEY_MOVES.get(action)
        return kinds is None or bool(kinds & self.options.open_now)

    def apply(self, action: Action) -> None:
        """Ask the turn flow to make ``action`` (only while a hand is played)."""
        if self.mode is Mode.PLAY:
            self.post_message(self.act_message(action))

    def ask(
        self,
        question: str,
        choices: list[Choice],
        then: Callable[[T], None],
        detail: str | Text = "",
        note: str = "",
    ) -> None:
        """Ask a question; ``then(value)`` runs with the answer (not when cancelled). The
        ``note`` goes under the list."""

        def answered(value: T | None) -> None:
            if value is not None:
                then(value)

        self.app.push_screen(ChoiceScreen(question, choices, detail, note), answered)

    def action_draw(self) -> None:
        """Draw the top card of the stock."""
        self.apply(DrawStock())

    def action_take(self) -> None:
        """Take from the discard pile (pick the depth in Rummy 500, B-1's pairs in Boathouse)."""
        take = self.options.take
        if take is TakeStyle.DOWN_TO:
            options = self.controller.take_options()
            if self.view.phase is not Phase.DRAW:
                self.apply(TakeDiscard())
                return
            plan = plan_dig(options)
            if plan.refusal is not None:
                self.refused(plan.refusal)  # every depth refused: say why, no question
                return
            if not plan.ask:
                self.apply(TakeDiscard(count=plan.count))
                return
            notes = depth_notes(options)
            choices = [
                Choice(
                    take_depth_label(option.card, option.count, self.settings),
                    option.count,
                    option.reason,
                    mark,
                )
                for option, mark in zip(options, notes.marks, strict=True)
            ]
            self.ask(
                _("Take from the discard pile down to which card?"),
                choices,
                lambda count: self.apply(TakeDiscard(count=count)),
                _("The deepest card you take must be melded or laid off this turn (R-5)."),
                "\n".join(notes.notes),
            )
            return
        if take is TakeStyle.WITH_SECOND:
            pairs = [
                option for option in self.controller.draw_two_options() if option.first == "discard"
            ]
            if len(pairs) > 1:
                self._ask_draw_two(pairs)
                return
            self.apply(pairs[0] if pairs else DrawTwo(first="discard", second="stock"))
            return
        self.apply(TakeDiscard())

    def action_draw_two(self) -> None:
        """Boathouse's two-card draw (B-1)."""
        options = self.controller.draw_two_options()
        if not options:
            self.apply(DrawTwo(first="stock", second="stock"))
            return
        if len(options) == 1:
            self.apply(options[0])
            return
        self._ask_draw_two(options)

    def _ask_draw_two(self, options: list[DrawTwo]) -> None:
        top = self.controller.top_discard()
        top_label = card_label(top, self.settings) if top is not None else _("the top discard")
        choices = [Choice(draw_two_words(option, top_label), option) for option in options]
        self.ask(
            _("Which two cards?"),
            choices,
            self.apply,
            _("You discard only one card, so your hand grows by one (B-1)."),
        )

    def action_meld(self) -> None:
        """Meld the selected cards (asks what a joker stands for when that matters)."""
        cards = self._selected_cards()
        if self.mode is not Mode.PLAY:
            return
        if not cards:
            if self.view.phase is Phase.DRAW or not self.options.melds_in_play:
                self.apply(self.controller.meld_action([], None))
                return
            self.set_status(_("Select the cards of the meld first (Space on each card)."), True)
            return
        readings = self.controller.meld_readings(cards)
        if len(readings) <= 1:
            self.apply(self.controller.meld_action(cards, readings[0] if readings else None))
            return
        choices = [Choice(reading_label(reading, self.settings), reading) for reading in readings]

        def meld_as(reading: MeldReading) -> None:
            self.apply(self.controller.meld_action(cards, reading))

        self.ask(
            _("What does the wild card stand for?"),
            choices,
            meld_as,
            _("It matters for what may be laid off later (G-6)."),
        )

    def action_lay_off(self, meld_id: int | None = None) -> None:
        """Lay the selected card off (asks which meld when it fits several, R-7)."""
        card = self._one_card(
            ngettext(
                "Select just one card to lay off ({n} is selected).",
                "Select just one card to lay off ({n} are selected).",
                len(self._selected_cards()),
            )
        )
        if card is None or self.mode is not Mode.PLAY:
            return
        targets = self.controller.layoff_targets(card)
        if meld_id is not None:
            targets = [target for target in targets if target.meld.meld_id == meld_id]
            if not targets:
                self.apply(LayOffCard(card=card, meld_id=meld_id))
                return
        if not targets:
            if self.view.phase is not Phase.PLAY:
                self.apply(LayOffCard(card=card, meld_id=0))
                return
            self.refused(self.controller.layoff_refusal(card))
            return
        options = [(target.meld, face) for target in targets for face in target.faces]
        if len(options) == 1:
            meld, face = options[0]
            self.apply(LayOffCard(card=card, meld_id=meld.meld_id, face=face))
            return
        players = self.view.players
        choices = [
            Choice(layoff_label(meld, face, card, players, self.settings), (meld.meld_id, face))
            for meld, face in options
        ]
        # Translators: {card} is the card being laid off (e.g. 7♥).
        question = fill(_("Lay off {card} on which meld?"), card=card_text(card, self.settings))

        def lay_off_on(chosen: tuple[int, Face]) -> None:
            self.apply(LayOffCard(card=card, meld_id=chosen[0], face=chosen[1]))

        self.ask(
            question.plain,
            choices,
            lay_off_on,
            _("The card is declared to the meld you choose; that decides what may follow (R-7)."),
        )

    def action_discard(self) -> None:
        """Discard the selected card (or the card under the cursor), ending the turn."""
        card = self._one_card(
            ngettext(
                "Select just one card to discard ({n} is selected).",
                "Select just one card to discard ({n} are selected).",
                len(self._selected_cards()),
            )
        )
        if card is not None:
            self.apply(Discard(card=card))

    def action_go_out(self) -> None:
        """Lay the whole hand down (Boathouse, European)."""
        if self.mode is not Mode.PLAY:
            return
        selected = self._selected_cards()
        options = self.controller.go_out_options()
        if len(selected) == 1:
            matching = [option for option in options if option.discard is selected[0]]
            if not matching:
                same_face = [
                    option
                    for option in options
                    if option.discard is not None and option.discard.face is selected[0].face
                ]
                matching = same_face
            self.apply(matching[0] if matching else GoOut(melds=(), discard=selected[0]))
            return
        if not options:
            self.refused(self.controller.go_out_refusal())
            return
        if len(options) == 1:
            self.apply(options[0])
            return
        choices = [Choice(go_out_label(option, self.settings), option) for option in options]
        self.ask(_("Go out: which card do you discard?"), choices, self.apply)

    def action_end_deal(self) -> None:
        """Rummy 500 with an empty stock: take nothing and end the deal (R-10)."""
        self.apply(EndDeal())
