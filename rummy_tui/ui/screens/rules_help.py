"""The rules help screen: how a variant is played and which options are in force.

The explanations are Markdown files in ``assets/rules`` (one per variant plus ``general.md``);
the "at a glance" facts and the options in force are written from the RuleSet itself, so the
help always says what the engine enforces.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from rummy_tui.core import VARIANT_IDS, RuleSet, get_variant
from rummy_tui.core.variants import AceRule, DrawRule, UnmatchedValue
from rummy_tui.ui.assets import read_asset
from rummy_tui.ui.screens.menu_parts import menu_css

_ENUM_LABELS: dict[Enum, str] = {
    AceRule.LOW: "ace low only (A-2-3)",
    AceRule.HIGH_OR_LOW: "ace high or low, not round the corner",
    AceRule.AROUND: "ace high and low (K-A-2 too)",
    DrawRule.SINGLE: "one card, stock or discard",
    DrawRule.BOATHOUSE: "Boathouse (up to two cards)",
    DrawRule.HOYLE: "Hoyle (discard first)",
    DrawRule.DIG: "dig into the discard pile",
    UnmatchedValue.PIP: "pip value, ace 11",
    UnmatchedValue.PER_CARD: "1 point per card",
}


def choice_label(rules: RuleSet, field: str, value: Any) -> str:
    """How an option value reads in the menus and the help, e.g. None -> "unlimited".

    Args:
        rules: The rules the value belongs to (a deal limit of None reads differently with
            and without a points target).
        field: The RuleSet field name.
        value: The value to describe.
    """
    if value is None:
        if field == "target_score":
            return "none (a number of deals)"
        if field == "deal_limit":
            return "one per player" if rules.target_score is None else "no limit"
        if field == "rebuild_limit":
            return "unlimited"
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Enum):
        return _ENUM_LABELS.get(value, str(value.value).replace("_", " "))
    if isinstance(value, int):
        if field == "target_score":
            return f"{value} points"
        if field == "deal_limit":
            return f"{value} deal" if value == 1 else f"{value} deals"
        if field == "rebuild_limit":
            return f"{value} rebuilds"
        if field == "jokers_per_pack":
            return "none" if value == 0 else f"{value} per pack"
    return str(value)


_SHOWN_ELSEWHERE = frozenset({"target_score", "deal_limit"})
"""Options the table's top line already states (the match goal)."""

_NOTES: dict[tuple[str, Any], str] = {
    ("twos_wild", True): "twos wild",
    ("ace_rule", AceRule.LOW): "aces low",
    ("ace_rule", AceRule.HIGH_OR_LOW): "aces high or low",
    ("ace_rule", AceRule.AROUND): "aces high and low",
    ("draw_rule", DrawRule.SINGLE): "one-card draw",
    ("draw_rule", DrawRule.BOATHOUSE): "Boathouse draw",
    ("draw_rule", DrawRule.HOYLE): "Hoyle draw",
    ("unmatched_value", UnmatchedValue.PIP): "unmatched cards at pip value",
    ("unmatched_value", UnmatchedValue.PER_CARD): "1 point per card",
    ("top_discard_free", True): "top discard free",
    ("top_discard_free", False): "top discard must be used",
    ("discard_to_go_out", True): "must discard to go out",
    ("discard_to_go_out", False): "may go out without a discard",
    ("partnerships", True): "partnerships",
    ("partnerships", False): "no partnerships",
}


def rule_notes(rules: RuleSet) -> list[str]:
    """The options in force that differ from the variant's defaults, each in a few words
    ("twos wild", "Hoyle draw"), for the table's top line. The match goal is left out: the
    top line states it anyway.
    """
    notes: list[str] = []
    for option in rules.options:
        if option.field in _SHOWN_ELSEWHERE or not option.choices:
            continue
        value = getattr(rules, option.field)
        if value == option.choices[0]:
            continue
        notes.append(_note(rules, option.field, option.label, value))
    return notes


def _note(rules: RuleSet, field: str, label: str, value: Any) -> str:
    """One option value in a few words."""
    try:
        known = _NOTES.get((field, value))
    except TypeError:  # an unhashable value
        known = None
    if known is not None:
        return known
    if field == "jokers_per_pack" and isinstance(value, int):
        return "no jokers" if value == 0 else "jokers" if value == 1 else f"{value} jokers a pack"
    if field == "rebuild_limit":
        return "no dead-hand limit" if value is None else f"dead hand after {value} rebuilds"
    if isinstance(value, bool):
        return label.lower() if value else f"no {label.lower()}"
    return f"{label.lower()}: {choice_label(rules, field, value)}"


def _by_players(table: tuple[tuple[int, int], ...], rules: RuleSet) -> list[tuple[int, str]]:
    """A "(up to N players, value)" table as (value, "3-4") pairs within the seat range."""
    pairs: list[tuple[int, str]] = []
    low = rules.min_players
    for up_to, value in table:
        high = min(up_to, rules.max_players)
        if high < low:
            continue
        pairs.append((value, f"{low}" if low == high else f"{low}-{high}"))
        low = high + 1
        if low > rules.max_players:
            break
    return pairs


def _plural(number: int, unit: str) -> str:
    return f"{number} {unit}" if number == 1 else f"{number} {unit}s"


def _per_count(pairs: list[tuple[int, str]], unit: str, after: str = "") -> str:
    """ "10 cards each with 2 players, 7 with 3-4" (or just "15 cards each")."""
    first_value, first_players = pairs[0]
    if len(pairs) == 1:
        return f"{_plural(first_value, unit)}{after}"
    rest = ", ".join(f"{value} with {players}" for value, players in pairs[1:])
    return f"{_plural(first_value, unit)}{after} with {first_players} players, {rest}"


def glance_markdown(rules: RuleSet) -> str:
    """The variant's fixed facts, written from its RuleSet."""
    packs = _per_count(_by_players(rules.packs_by_players, rules), "pack")
    jokers = (
        f"{_plural(rules.jokers_per_pack, 'joker')} per pack"
        if rules.jokers_per_pack
        else "no jokers"
    )
    dealt = _per_count(_by_players(rules.hand_size_by_players, rules), "card", " each")
    wild = []
    if rules.jokers_per_pack:
        wild.append("jokers")
    if rules.twos_wild:
        wild.append("twos")
    melds = "runs only" if not rules.groups_allowed else "groups and runs"
    lines = [
        f"- **Players:** {rules.min_players} to {rules.max_players}",
        f"- **Cards:** {packs}; {jokers}",
        f"- **Dealt:** {dealt}",
        f"- **Melds:** {melds}; aces: {choice_label(rules, 'ace_rule', rules.ace_rule)}",
        f"- **Wild cards:** {' and '.join(wild) if wild else 'none'}",
        "- **Melding during play:** "
        + ("yes, and laying off" if rules.meld_during_play else "no, the whole hand at once"),
    ]
    return "\n".join(lines)


def option_help(rules: RuleSet, field: str, help_text: str) -> str:
    """An option's help as a player reads it: the help strings call the unset value "None"
    (the model's word), which a player never sees; the menu's word for it is used instead.

    >>> from rummy_tui.core import get_variant
    >>> classic = get_variant("classic")
    >>> option_help(classic, "target_score", "Reach this total (None: play a number of deals).")
    'Reach this total (none: play a number of deals).'
    """
    if "None" not in help_text:
        return help_text
    label = choice_label(rules, field, None).split(" (")[0]
    return re.sub(r"\bNone\b", label, help_text)


def options_markdown(rules: RuleSet) -> str:
    """The table options with the value in force and one line of help each."""
    if not rules.options:
        return "This variant has no table options."
    lines = []
    for option in rules.options:
        value = choice_label(rules, option.field, getattr(rules, option.field))
        help_text = f" — {option_help(rules, option.field, option.help)}" if option.help else ""
        lines.append(f"- **{option.label}:** {value}{help_text}")
    return "\n".join(lines)


def rules_markdown(rules: RuleSet, *, in_force: bool = True) -> str:
    """The whole help text for one variant.

    Args:
        rules: The variant and its options.
        in_force: Whether these are the options of the match being played (otherwise the
            section says they are the defaults).
    """
    try:
        body = read_asset(f"rules/{rules.variant_id}.md").strip()
    except OSError as error:
        body = f"# {rules.name}\n\nThe rules text could not be read: {error}"
    try:
        general = read_asset("rules/general.md").strip()
    except OSError:
        general = ""
    heading = "Options in force" if in_force else "Options (defaults; set them for a new game)"
    parts = [
        body,
        "## At a glance\n\n" + glance_markdown(rules),
        f"## {heading}\n\n" + options_markdown(rules),
    ]
    if general:
        parts.append(general)
    return "\n\n".join(parts) + "\n"


class RulesScreen(Screen[None]):
    """How a variant is played, with the options in force; escape or q closes it.

    Left and right show the other variants (with their default options).
    """

    DEFAULT_CSS = (
        menu_css()
        + """
    RulesScreen #rules-scroll {
        height: 1fr;
    }
    RulesScreen #rules-text {
        margin: 0 1;
    }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("left", "other_variant(-1)", "Previous variant", priority=True),
        Binding("right", "other_variant(1)", "Next variant", priority=True),
    ]

    def __init__(self, rules: RuleSet) -> None:
        """Show the rules of ``rules``' variant with its options.

        Args:
            rules: The rules of the match (or of the variant to explain).
        """
        super().__init__()
        self.rules = rules
        self.shown = rules

    def compose(self) -> ComposeResult:
        yield Static(self._header_text(), id="rules-header", classes="screen-header")
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(rules_markdown(self.rules), id="rules-text", open_links=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def _header_text(self) -> str:
        variant_id = self.shown.variant_id
        position = VARIANT_IDS.index(variant_id) + 1 if variant_id in VARIANT_IDS else 0
        count = len(VARIANT_IDS)
        return f"Rules: {self.shown.name}  ({position}/{count}, ←/→ other variants)"

    def action_close(self) -> None:
        """Close the help."""
        self.dismiss(None)

    async def action_other_variant(self, step: int) -> None:
        """Show the previous (-1) or next (+1) variant's rules."""
        ids = list(VARIANT_IDS)
        current = ids.index(self.shown.variant_id) if self.shown.variant_id in ids else 0
        variant_id = ids[(current + step) % len(ids)]
        in_force = variant_id == self.rules.variant_id
        self.shown = self.rules if in_force else get_variant(variant_id)
        self.query_one("#rules-header", Static).update(self._header_text())
        await self.query_one("#rules-text", Markdown).update(
            rules_markdown(self.shown, in_force=in_force)
        )
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)
