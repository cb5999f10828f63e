"""The new-game menu: variant, players, table options; dismisses with a MatchSetup or None.

It starts from the last table played when the app hands one down (``NewGameScreen(last)``);
its Clear button posts :class:`NewGameScreen.ClearTable` so that the app forgets that table.
Every choice is checked as it is made; problems are explained next to the field they concern
and Start is refused until they are fixed. :func:`check_setup` holds those checks without any
widget, so they can be tested on their own.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from rummy_tui.core import VARIANT_IDS, RulesError, RuleSet, get_variant
from rummy_tui.i18n import N_, _, ngettext, pgettext
from rummy_tui.i18n.labels import BACK, CLEAR, PLAYERS, VARIANT, seat_label
from rummy_tui.i18n.outside_text import content, notify
from rummy_tui.match.setup import NAME_MAX_LENGTH, MatchSetup, SeatKind
from rummy_tui.ui.play.rule_words import choice_label, no_table_options, option_help
from rummy_tui.ui.screens.menu_parts import ButtonActions, fit_columns
from rummy_tui.ui.screens.rules_help import RulesScreen
from rummy_tui.ui.screens.setup_check import (
    DEFAULT_PACE,
    KIND_LABELS,
    ON_OFF,
    PACE_CHOICES,
    ROW_LABELS,
    MenuChoices,
    SetupCheck,
    check_setup,
    choice_index,
    choices_from,
    column_widths,
    count_choices,
    default_choices,
    default_name,
    followed_options,
    options_title,
    variant_prompt,
)
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.translate import translate_bindings

START = N_("Start")
"""The key and the button that start the match."""


class NewGameScreen(ButtonActions, Screen[MatchSetup | None]):
    """Choose a variant, the players and the table options, then Start.

    Dismisses with the MatchSetup, or None when the player backs out (escape).
    """

    CSS_PATH = stylesheet_paths("menus.tcss", "new_game.tcss")

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {
        "ng-start": "start",
        "ng-clear": "clear_table",
        "ng-back": "back",
    }

    BINDINGS: ClassVar[list[BindingType]] = named(
        "new_game",
        [
            Binding("escape", "back", BACK),
            Binding("ctrl+s", "start", START, priority=True),
            Binding("f1", "show_rules", N_("Rules of this variant")),
        ],
    )

    class ClearTable(Message):
        """The player asks to forget the remembered table (the app clears it)."""

    def __init__(self, last: MatchSetup | None = None, draft: MenuChoices | None = None) -> None:
        """``last``: the last table played, to start from (None: the defaults); ``draft``:
        the choices left with Esc earlier in the run, which take its place."""
        super().__init__()
        translate_bindings(self)
        self.last = last
        self.had_draft = draft is not None
        """Whether the menu opened with a draft (Clear then forgets it too)."""
        start = draft or (choices_from(last) if last is not None else default_choices())
        self.start = start
        """The choices the menu opened with."""
        self.draft: MenuChoices | None = None
        """The choices as they stood when the player left with Esc (None until then)."""
        self.variant_id: str = start.variant_id
        """The variant chosen in the list."""
        self._presets: dict[str, RuleSet] = {vid: get_variant(vid) for vid in VARIANT_IDS}
        self._option_values = {vid: dict(values) for vid, values in start.options.items()}
        self._count = start.count
        self._names = list(start.names)
        self._seat_kinds = list(start.kinds)
        self._columns = column_widths(self._presets.values())

    # ----------------------------------------------------------------- building the screen

    def compose(self) -> ComposeResult:
        yield Static(
            _("New game: choose the variant, the players and the options"),
            id="ng-header",
            classes="screen-header",
        )
        rules = self._presets[self.variant_id]
        with VerticalScroll(id="ng-body"):
            yield Label(_(VARIANT), classes="section")
            yield OptionList(
                *(Option(variant_prompt(rules), id=vid) for vid, rules in self._presets.items()),
                id="ng-variant",
            )
            yield Label(_(PLAYERS), classes="section")
            with Horizontal(classes="row"):
                yield Label(_(ROW_LABELS["count"]), classes="row-label")
                yield Select(
                    count_choices(rules),
                    value=self._count,
                    allow_blank=False,
                    compact=True,
                    id="ng-count",
                )
            # Seat rows and option rows are mounted for the seats and the variant in play
            # only: a screen with every possible control is slow to restyle on each key.
            with Vertical(id="ng-seats"):
                yield from (self._seat_row(index) for index in range(self._count))
            note = self.start.note
            yield Static(note or "", classes="note" if note else "note -empty", id="ng-note")
            yield Static("", classes="problem -empty", id="ng-count-problem")
            yield Static("", classes="problem -empty", id="ng-names-problem")
            yield Label(options_title(rules), classes="section", id="ng-options-title")
            with Vertical(id="ng-options"):
                yield from self._option_rows(self.variant_id)
            yield Static("", classes="problem -empty", id="ng-options-problem")
            yield Label(pgettext("new game section", "Table"), classes="section")
            with Horizontal(classes="row"):
                yield Label(_(ROW_LABELS["hints"]), classes="row-label")
                yield Select(
                    [(_(label), value) for label, value in ON_OFF],
                    value=self.start.hints,
                    allow_blank=False,
                    compact=True,
                    id="ng-hints",
                )
            with Horizontal(classes="row"):
                yield Label(_(ROW_LABELS["take_backs"]), classes="row-label")
                yield Select(
                    [(_(label), value) for label, value in ON_OFF],
                    value=self.start.take_backs,
                    allow_blank=False,
                    compact=True,
                    id="ng-take-backs",
                )
            with Horizontal(classes="row"):
                yield Label(_(ROW_LABELS["pace"]), classes="row-label")
                yield Select(
                    [(_(label), pace) for label, pace in PACE_CHOICES],
                    value=self.start.pace,
                    allow_blank=False,
                    compact=True,
                    id="ng-pace",
                )
            with Horizontal(classes="row"):
                yield Label(_(ROW_LABELS["seed"]), classes="row-label")
                yield Input(
                    self.start.seed_text,
                    placeholder=_("random"),
                    type="integer",
                    compact=True,
                    id="ng-seed",
                )
            yield Static("", classes="problem -empty", id="ng-seed-problem")
        with Horizontal(id="ng-bar"):
            yield Static("", id="ng-status")
            yield Button(_(START), id="ng-start", variant="success")
            if self.last is not None or self.had_draft:
                yield Button(_(CLEAR), id="ng-clear")
            yield Button(_(BACK), id="ng-back")
        yield Footer()

    def _seat_row(self, index: int) -> Horizontal:
        return Horizontal(
            Label(seat_label(index + 1), classes="seat-label"),
            Input(
                self._names[index],
                placeholder=_("name"),
                max_length=NAME_MAX_LENGTH,
                compact=True,
                classes="seat-name",
                id=f"seat-name-{index}",
            ),
            Select(
                [(_(label), kind) for kind, label in KIND_LABELS.items()],
                value=self._seat_kinds[index],
                allow_blank=False,
                compact=True,
                classes="seat-kind",
                id=f"seat-kind-{index}",
            ),
            classes="seat-row",
            id=f"seat-row-{index}",
        )

    def _option_rows(self, variant_id: str) -> list[Widget]:
        preset = self._presets[variant_id]
        if not preset.options:
            return [Static(no_table_options(), classes="option-help")]
        rows: list[Widget] = []
        for spec in preset.options:
            rows.append(
                Horizontal(
                    Label(_(spec.label), classes="row-label"),
                    Select(
                        self._option_choices(variant_id, spec.field),
                        value=choice_index(spec, self._option_values[variant_id][spec.field]),
                        allow_blank=False,
                        compact=True,
                        id=f"opt-{variant_id}-{spec.field}",
                    ),
                    classes="row option-row",
                )
            )
            if spec.help:
                help_text = option_help(self._rules_for_labels(variant_id), spec.field, spec.help)
                rows.append(Static(help_text, classes="option-help", markup=False))
        return rows

    def on_mount(self) -> None:
        variants = self.query_one("#ng-variant", OptionList)
        variants.highlighted = VARIANT_IDS.index(self.variant_id)
        variants.focus()
        fit_columns(self, self._columns)
        self._refresh_problems()

    def _option_choices(self, variant_id: str, option_field: str) -> list[tuple[str, int]]:
        """The option's values as (label, index into choices) for its Select."""
        spec = next(s for s in self._presets[variant_id].options if s.field == option_field)
        shown = self._rules_for_labels(variant_id)
        return [
            (choice_label(shown, option_field, value), index)
            for index, value in enumerate(spec.choices)
        ]

    def _rules_for_labels(self, variant_id: str) -> RuleSet:
        """The variant with the options chosen so far (the preset when they do not fit)."""
        try:
            return get_variant(variant_id, **self._option_values[variant_id])
        except RulesError:
            return self._presets[variant_id]

    # ------------------------------------------------------------------- reading the screen

    @property
    def player_count(self) -> int:
        """The number of players chosen."""
        return self._count

    def choices(self) -> MenuChoices:
        """The choices made so far, as typed (usable or not)."""
        pace = self.query_one("#ng-pace", Select).value
        return MenuChoices(
            variant_id=self.variant_id,
            options={vid: dict(values) for vid, values in self._option_values.items()},
            count=self._count,
            names=tuple(self._names),
            kinds=tuple(self._seat_kinds),
            hints=self.query_one("#ng-hints", Select).value is not False,
            take_backs=self.query_one("#ng-take-backs", Select).value is not False,
            pace=pace if isinstance(pace, float) else DEFAULT_PACE,
            seed_text=self.query_one("#ng-seed", Input).value,
        )

    def current_check(self) -> SetupCheck:
        """Check the choices made so far."""
        seats = [(self._names[index], self._seat_kinds[index]) for index in range(self._count)]
        hints = self.query_one("#ng-hints", Select).value
        take_backs = self.query_one("#ng-take-backs", Select).value
        pace = self.query_one("#ng-pace", Select).value
        return check_setup(
            self.variant_id,
            dict(self._option_values[self.variant_id]),
            seats,
            seed_text=self.query_one("#ng-seed", Input).value,
            hints=hints is not False,
            take_backs=take_backs is not False,
            bot_delay=pace if isinstance(pace, float) else DEFAULT_PACE,
        )

    # ---------------------------------------------------------------------- keeping it current

    async def _show_variant(self, variant_id: str) -> None:
        """Show a variant's options and seat range, then re-check."""
        self.variant_id = variant_id
        rules = self._presets[variant_id]
        self.query_one("#ng-options-title", Label).update(options_title(rules))
        options = self.query_one("#ng-options", Vertical)
        await options.remove_children()
        await options.mount_all(self._option_rows(variant_id))
        fit_columns(options, self._columns)
        wanted = min(max(self._count, rules.min_players), rules.max_players)
        self._reset_select(self.query_one("#ng-count", Select), count_choices(rules), wanted)
        await self._show_seats(wanted)

    async def _show_seats(self, count: int) -> None:
        """Mount or remove seat rows so that ``count`` seats show, then re-check."""
        self._count = count
        seats = self.query_one("#ng-seats", Vertical)
        rows = list(seats.children)
        if len(rows) > count:
            await seats.remove_children(rows[count:])
        elif len(rows) < count:
            await seats.mount_all(self._seat_row(index) for index in range(len(rows), count))
            fit_columns(seats, self._columns)
        self._refresh_problems()

    def _refresh_problems(self) -> SetupCheck:
        check = self.current_check()
        self._set_problem("#ng-count-problem", check.count)
        self._set_problem("#ng-names-problem", "\n".join(check.names) or None)
        options_problem = check.options
        partnerships = bool(self._option_values[self.variant_id].get("partnerships"))
        if options_problem is None and partnerships:
            options_problem = check.count
        self._set_problem("#ng-options-problem", options_problem)
        self._set_problem("#ng-seed-problem", check.seed)
        status = self.query_one("#ng-status", Static)
        problems = check.problems
        if problems:
            more = len(problems) - 1
            if more:
                text = ngettext(
                    "Fix first: {problem} (and {n} more)",
                    "Fix first: {problem} (and {n} more)",
                    more,
                ).format(problem=problems[0], n=more)
            else:
                text = _("Fix first: {problem}").format(problem=problems[0])
        else:
            rules = self._presets[self.variant_id]
            text = ngettext(
                "Ready: {variant}, {n} player.", "Ready: {variant}, {n} players.", self._count
            ).format(variant=_(rules.name), n=self._count)
        if str(status.content) != text:
            status.update(content(text))
        status.set_class(bool(problems), "-blocked")
        return check

    def _set_problem(self, selector: str, text: str | None) -> None:
        widget = self.query_one(selector, Static)
        if str(widget.content) != (text or ""):  # unchanged text: no new layout pass
            widget.update(content(text or ""))
        widget.set_class(not text, "-empty")

    def _follow_defaults(self, variant_id: str, changed: str, value: Any) -> None:
        """Change an option and let untouched options follow it (:func:`followed_options`)."""
        new = followed_options(variant_id, self._option_values[variant_id], changed, value)
        self._option_values[variant_id] = new
        if variant_id != self.variant_id:
            return
        for spec in self._presets[variant_id].options:
            select = self.query_one(f"#opt-{variant_id}-{spec.field}", Select)
            self._reset_select(
                select,
                self._option_choices(variant_id, spec.field),
                choice_index(spec, new[spec.field]),
            )

    def _reset_select(
        self, select: Select[Any], options: list[tuple[str, Any]], value: Any
    ) -> None:
        """Give a Select new option labels and a value without posting Changed."""
        with self.prevent(Select.Changed):
            select.set_options(options)
            # set_options leaves the first option chosen; passing through another value makes
            # the shown label follow even when ``value`` is that first option.
            other = next((v for _label, v in options if v != value), value)
            select.value = other
            select.value = value

    # ------------------------------------------------------------------------------- events

    @on(OptionList.OptionHighlighted, "#ng-variant")
    async def _variant_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        if event.option_id in VARIANT_IDS and event.option_id != self.variant_id:
            await self._show_variant(event.option_id)

    @on(OptionList.OptionSelected, "#ng-variant")
    def _variant_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.query_one("#ng-count", Select).focus()

    @on(Select.Changed, "#ng-count")
    async def _count_changed(self, event: Select.Changed) -> None:
        event.stop()
        if isinstance(event.value, int) and event.value != self._count:
            await self._show_seats(event.value)

    @on(Select.Changed, ".seat-kind")
    def _kind_changed(self, event: Select.Changed) -> None:
        event.stop()
        select = event.select
        if select.id is None or not isinstance(event.value, SeatKind):
            return
        index = int(select.id.rsplit("-", 1)[1])
        old_kind = self._seat_kinds[index]
        if event.value is old_kind:
            return
        self._seat_kinds[index] = event.value
        if self._names[index].strip() == default_name(index + 1, old_kind):
            self._names[index] = default_name(index + 1, event.value)
            with self.prevent(Input.Changed):
                self.query_one(f"#seat-name-{index}", Input).value = self._names[index]
        self._refresh_problems()

    @on(Select.Changed, ".option-row Select")
    def _option_changed(self, event: Select.Changed) -> None:
        event.stop()
        select = event.select
        if select.id is None or not isinstance(event.value, int):
            return
        _prefix, variant_id, option_field = select.id.split("-", 2)
        spec = next(s for s in self._presets[variant_id].options if s.field == option_field)
        value = spec.choices[event.value]
        if self._option_values[variant_id].get(option_field) == value:
            return
        self._follow_defaults(variant_id, option_field, value)
        self._refresh_problems()

    @on(Select.Changed, "#ng-hints, #ng-take-backs, #ng-pace")
    def _table_changed(self, event: Select.Changed) -> None:
        event.stop()
        self._refresh_problems()

    @on(Input.Changed)
    def _input_changed(self, event: Input.Changed) -> None:
        event.stop()
        input_id = event.input.id or ""
        if input_id.startswith("seat-name-"):
            self._names[int(input_id.rsplit("-", 1)[1])] = event.value
        self._refresh_problems()

    @on(Input.Submitted)
    def _input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    # ------------------------------------------------------------------------------ actions

    def action_start(self) -> None:
        """Start the match, or say what must be fixed first."""
        check = self._refresh_problems()
        if check.setup is None:
            self.app.bell()
            first = check.problems[0] if check.problems else _("The setup is not complete.")
            notify(self, first, title=_("Not yet"), severity="error")
            self._focus_first_problem(check)
            return
        self.dismiss(check.setup)

    def _focus_first_problem(self, check: SetupCheck) -> None:
        if check.count:
            target = "#ng-count"
        elif check.name_seats:
            target = f"#seat-name-{check.name_seats[0]}"
        elif check.options:
            specs = self._presets[self.variant_id].options
            target = f"#opt-{self.variant_id}-{specs[0].field}" if specs else "#ng-variant"
        else:
            target = "#ng-seed"
        self.query_one(target).focus()

    def action_clear_table(self) -> None:
        """Forget the remembered table and the draft: the app clears them and opens the menu
        afresh."""
        if self.last is not None or self.had_draft:
            self.post_message(self.ClearTable())

    def action_back(self) -> None:
        """Leave without starting a match; the choices so far stay in :attr:`draft`."""
        self.draft = self.choices()
        self.dismiss(None)

    def action_show_rules(self) -> None:
        """Explain the chosen variant with the options chosen so far."""
        self.app.push_screen(RulesScreen(self._rules_for_labels(self.variant_id)))
