"""Small pop-up questions over the table: pick one of several choices, key help, hints.

A :class:`ChoiceScreen` asks one question (which meld a card goes to, what a joker stands for,
how deep to take the Rummy 500 pile, which two-card draw) and dismisses with the chosen value,
or None when the player presses Escape. Choices the engine would refuse are shown greyed with
the reason, so the player sees why before choosing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from rummy_tui.bots.hints import UNMATCHED, WHY
from rummy_tui.i18n import N_, _, ngettext, pgettext
from rummy_tui.i18n.labels import CANCEL, CLOSE, LANGUAGE, NONE, RULES, THEME
from rummy_tui.i18n.outside_text import fill_words
from rummy_tui.ui.play.key_help import KeyRow, every_binding, key_rows, keys_line, keys_table
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.translate import translate_bindings

if TYPE_CHECKING:
    from rummy_tui.bots import Hint
    from rummy_tui.core import RuleSet
    from rummy_tui.ui.shell.settings import DisplaySettings


@dataclass(frozen=True)
class Choice:
    """One answer to a question."""

    label: str | Text
    value: Any
    reason: str | None = None
    """Why this answer is not allowed now (shown greyed); None when it is allowed."""
    mark: str | None = None
    """Shown after a refused answer in place of its reason when the reason is said once
    under the list (``*``); None: the reason itself is shown."""


class ChoiceScreen(ModalScreen[Any]):
    """Ask one question; dismiss with the chosen value (None: cancelled)."""

    CSS_PATH = stylesheet_paths("prompts.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "choice",
        [
            Binding("escape", "cancel", CANCEL),
        ],
    )

    def __init__(
        self,
        question: str,
        choices: Sequence[Choice],
        detail: str | Text = "",
        note: str | Text = "",
    ) -> None:
        super().__init__()
        translate_bindings(self)
        self.question = question
        self.choices = list(choices)
        self.detail = detail
        self.note = note
        """Said once under the list: the reasons several refused answers share."""

    def compose(self) -> ComposeResult:
        options = []
        for number, choice in enumerate(self.choices, start=1):
            label = Text(f"{number:>2}. " if number <= 9 else "    ")
            label.append_text(
                choice.label if isinstance(choice.label, Text) else Text(choice.label)
            )
            if choice.reason and choice.mark:
                label.append(f" {choice.mark}")
            elif choice.reason:
                label.append(" — ")
                label.append_text(self._reason_text(choice.reason))
            options.append(
                Option(label, id=f"choice-{number - 1}", disabled=choice.reason is not None)
            )
        with Vertical():
            yield Static(self.question, id="question", markup=False)
            if self.detail:
                yield Static(self.detail, id="detail", markup=False)
            yield OptionList(*options, id="choices")
            if self.note:
                note = self.note if isinstance(self.note, Text) else self._reason_text(self.note)
                yield Static(note, id="choice-note", markup=False)
            yield Static(_("↑↓ choose · Enter or 1-9 pick · Esc cancel"), id="choice-help")

    def _reason_text(self, reason: str) -> Text:
        """A refusal as the table writes it (cards in the display settings), in italics."""
        from rummy_tui.ui.play.render import log_text
        from rummy_tui.ui.shell.settings import DisplaySettings

        settings = getattr(self.app, "settings", None) or DisplaySettings()
        text = log_text(reason, settings)
        text.stylize("italic")
        return text

    def on_mount(self) -> None:
        option_list = self.query_one(OptionList)
        option_list.focus()
        for index, choice in enumerate(self.choices):
            if choice.reason is None:
                option_list.highlighted = index
                break

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._pick(event.option_index)

    def on_key(self, event: Key) -> None:
        if event.character and event.character.isdigit() and event.character != "0":
            index = int(event.character) - 1
            if index < len(self.choices):
                event.stop()
                self._pick(index)

    def _pick(self, index: int) -> None:
        choice = self.choices[index]
        if choice.reason is not None:
            self.notify(choice.reason, severity="error")
            return
        self.dismiss(choice.value)

    def action_cancel(self) -> None:
        """Close without choosing."""
        self.dismiss(None)


class TextScreen(ModalScreen[Any]):
    """A pop-up page of text (key help, a hint) with a few keys of its own."""

    CSS_PATH = stylesheet_paths("prompts.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "text",
        [
            Binding("escape", "close", CLOSE, key_display="Esc"),
            Binding("enter", "close", CLOSE, show=False),
            Binding("question_mark", "close", CLOSE, show=False),
        ],
    )

    def __init__(self, title: str, body: RenderableType, keys_line: str = "") -> None:
        super().__init__()
        translate_bindings(self)
        self.title_text = title
        self.body = body
        self.keys_line = keys_line or _("Esc close")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="text-title", markup=False)
            with VerticalScroll():
                yield Static(self.body, id="text-body", markup=False)
            yield Static(self.keys_line, id="text-keys", markup=False)

    def action_close(self) -> None:
        """Close the page."""
        self.dismiss(None)


class HelpScreen(TextScreen):
    """The keys of the table, with the display switches and the way to the rules."""

    BINDINGS: ClassVar[list[BindingType]] = named(
        "help",
        [
            Binding(
                "f", "choose('four_colour')", N_("Four colours"), tooltip=N_("four-colour cards")
            ),
            Binding(
                "a", "choose('ascii_suits')", N_("ASCII suits"), tooltip=N_("suits as letters")
            ),
            Binding(
                "p",
                "choose('pack_letters')",
                N_("Pack letters"),
                tooltip=N_("the language's court letters"),
            ),
            Binding("g", "choose('language')", LANGUAGE),
            Binding(
                "t",
                "choose('turn_signal')",
                N_("Turn signal"),
                tooltip=N_("the signal of your turn on your own screen"),
            ),
            Binding("c", "choose('theme')", THEME, tooltip=N_("the colour theme")),
            Binding("r", "choose('rules')", RULES, tooltip=N_("rules of this variant")),
        ],
    )

    def __init__(self, body: RenderableType) -> None:
        super().__init__(_("Keys and mouse"), body, keys_line(key_rows(self, every_binding)))

    def action_choose(self, what: str) -> None:
        """Close with a request for the table: a display switch or the rules."""
        self.dismiss(what)


def help_text(
    rows: Sequence[KeyRow],
    rules: RuleSet | None,
    settings: DisplaySettings,
    seed: int | None = None,
) -> Group:
    """The table's keys (``rows``, from its bindings), the mouse, and how to read the table."""
    text = Text()
    text.append("\n" + _("Mouse:") + " ", style="bold")
    text.append(
        _(
            "click a card to select it; click the stock to draw; click the discard pile to take "
            "(in Rummy 500 click the deepest card you want); click a meld to lay the selected "
            "card off on it; click any key in the bar at the bottom to use it."
        )
        + "\n"
    )
    text.append("\n" + _("Reading the table:") + " ", style="bold")
    text.append(
        _(
            "▶ marks the player to act. Melds are numbered (#3) and listed in front of the "
            "player who melded them; cards others laid off on them are dimmed and underlined "
            "there, and listed in front of the player who laid them off (laid off: 10♥→#3). A "
            "wild card standing in shows both cards (JK=7♥); a Double Rum joker that has moved "
            "is marked ↻ and never moves again (D-6). In your hand, lifted cards are selected, "
            "the card on yellow is the cursor, • marks cards you drew this turn and ! the card "
            "you must use (R-5)."
        )
        + "\n"
    )
    text.append("\n" + settings.describe() + " ", style="bold")
    text.append(
        _(
            "Press f for four-colour cards, a for suits as letters, p for court cards with the "
            "letters of the language's packs, g to change the language."
        )
        + "\n"
    )
    text.append("\n" + settings.signal_line() + " ", style="bold")
    text.append(_("Press t to switch it on or off.") + "\n")
    theme_line = _("Press c to choose the colour theme (now {theme}).")
    text.append(theme_line.format(theme=settings.theme) + "\n")
    if rules is not None:
        # Translators: {variant} is the variant's name, {description} its one-line summary.
        playing = _("You are playing {variant}: {description}").format(
            variant=_(rules.name), description=_(rules.description)
        )
        text.append("\n" + playing + "\n", style="dim")
    if seed is not None:
        text.append(
            _(
                "Shuffles come from seed {seed}; every deal's card order is kept in the save, so "
                "any deal can be replayed and checked (G-11)."
            ).format(seed=seed)
            + "\n",
            style="dim",
        )
    return Group(keys_table(rows), text)


def hint_text(found: Hint | str, settings: DisplaySettings) -> Text:
    """A hint from ``rummy_tui.bots.hint`` as text (or the reason there is none).

    The hint's fields: ``arrangement`` (the best arrangement of the hand), ``cost_text`` (what
    it costs under the variant's scoring), ``action`` (the suggested move) and ``reason``.
    """
    from rummy_tui.ui.play.render import cards_text, join_texts, log_text, pairs_text

    if isinstance(found, str):
        return Text(found)
    text = Text()
    arrangement = getattr(found, "arrangement", None)
    if arrangement is not None:
        melds = [pairs_text(reading.placed, settings) for reading in arrangement.readings]
        best = join_texts(melds, " | ") if melds else Text(_("no melds yet"))
        # Translators: the hint's best melds of the hand, drawn as cards.
        text.append_text(fill_words(_("Best arrangement: {melds}"), "bold", melds=best))
        text.append("\n", style="bold")
        deadwood = list(getattr(arrangement, "deadwood", ()))
        loose = cards_text(deadwood, settings) if deadwood else Text(_(NONE))
        text.append_text(fill_words(_(UNMATCHED), "bold", cards=loose))
        text.append("\n")
    cost = getattr(found, "cost_text", None) or getattr(found, "cost", None)
    if cost not in (None, ""):
        text.append_text(log_text(str(cost), settings))
        text.append("\n")
    action = getattr(found, "action", None) or getattr(found, "suggested_action", None)
    if action is not None:
        text.append("\n", style=style("bold", "game-good"))
        move = describe_action(action, settings)
        text.append_text(
            fill_words(_("Suggested move: {move}"), style("bold", "game-good"), move=move)
        )
        text.append("\n")
    reason = getattr(found, "reason", "")
    if reason:
        why = log_text(str(reason), settings)
        text.append_text(fill_words(_(WHY), "bold", reason=why))
        text.append("\n")
    if not text.plain:
        text.append_text(log_text(str(found), settings))
    return text


def pile_words(pile: str) -> str:
    """One half of a two-card draw: the stock or the discard pile (B-1)."""
    if pile == "stock":
        return pgettext("two-card draw", "stock")
    if pile == "discard":
        return pgettext("two-card draw", "discard")
    return pile


def describe_action(action: Any, settings: DisplaySettings) -> Text:
    """An action in words, with its cards drawn as cards (and the key that makes it)."""
    from rummy_tui.ui.play.render import card_text, cards_text, fill, join_texts, pairs_text

    def meld_words(cards: tuple[Any, ...], faces: tuple[Any, ...] | None) -> Text:
        # A wild card is written as the table writes it (JK=4♥), never as the face alone.
        if faces:
            return pairs_text(zip(cards, faces, strict=False), settings)
        return cards_text(cards, settings)

    kind = getattr(action, "kind", "")
    if kind == "draw_stock":
        return Text(_("draw from the stock (d)"))
    if kind == "take_discard":
        count = getattr(action, "count", 1)
        if count == 1:
            return Text(_("take the top discard (t)"))
        return Text(
            ngettext(
                "take {n} card from the pile (t)", "take {n} cards from the pile (t)", count
            ).format(n=count)
        )
    if kind == "draw_two":
        # Translators: a Boathouse two-card draw, e.g. "two-card draw: discard + stock (2)".
        return Text(
            _("two-card draw: {first} + {second} (2)").format(
                first=pile_words(action.first), second=pile_words(action.second)
            )
        )
    if kind == "meld":
        return fill(
            _("meld {cards} (select them, m)"), cards=meld_words(action.cards, action.faces)
        )
    if kind == "lay_off":
        return fill(
            _("lay off {card} on meld #{meld_id} (l)"),
            card=card_text(action.card, settings),
            meld_id=str(action.meld_id),
        )
    if kind == "discard":
        return fill(_("discard {card} (x)"), card=card_text(action.card, settings))
    if kind == "go_out":
        melds = join_texts([meld_words(spec.cards, spec.faces) for spec in action.melds], " | ")
        if action.discard is None:
            return fill(_("go out (g): {melds}"), melds=melds)
        return fill(
            _("go out (g): {melds}, discarding {card}"),
            melds=melds,
            card=card_text(action.discard, settings),
        )
    if kind == "end_deal":
        return Text(_("end the deal (e)"))
    return Text(str(kind or action).replace("_", " "))
