"""The rules of a variant in words: each option's label and note, the variant "at a
glance", the options in force and the whole rules text (Markdown from ``assets/rules`` with
the facts written from the RuleSet itself, so the words always say what the engine
enforces). The rules help screen shows them; the new-game menu and the table's phase line use
the labels and notes.

The one module of the interface whose words follow the variant's rules (the rules' own
explanation); every other module asks the core.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from enum import Enum
from typing import Any

from rummy_tui.core import RuleSet
from rummy_tui.core.deal_terms import melding_words
from rummy_tui.core.variants.option_words import choice_words, note_words
from rummy_tui.i18n import N_, _, count_cards, lists, ngettext
from rummy_tui.i18n.deal_words import count_deals, count_points
from rummy_tui.i18n.labels import NONE
from rummy_tui.ui.shell.assets import read_asset

NO_JOKERS = N_("no jokers")
"""A pack without jokers, in the top line's notes and the variant's facts."""
JOKERS = N_("jokers")
"""The jokers: the top line's note of one a pack, the wild cards of the variant's facts."""


def no_table_options() -> str:
    """What the rules help and the new-game form say of a variant without table options."""
    return _("This variant has no table options.")


def choice_label(rules: RuleSet, field: str, value: Any) -> str:
    """How an option value reads in the menus and the help, e.g. None -> "unlimited".

    Args:
        rules: The rules the value belongs to (a deal limit of None reads differently with
            and without a points target).
        field: The RuleSet field name.
        value: The value to describe.
    """
    if value is None:
        return _unset_label(rules, field)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Enum):
        words = choice_words(value)
        return _(words) if words else str(value.value).replace("_", " ")
    if isinstance(value, int):
        return _number_label(field, value)
    return str(value)


def _unset_label(rules: RuleSet, field: str) -> str:
    """How an option left unset (None) reads: no points target, the deal limit (one deal per
    player without a points target), unlimited rebuilds, or plain "none"."""
    if field == "target_score":
        return _("none (a number of deals)")
    if field == "deal_limit":
        return _("one per player") if rules.target_score is None else _("no limit")
    if field == "rebuild_limit":
        return _("unlimited")
    return _(NONE)


def _number_label(field: str, value: int) -> str:
    """How a number option reads, in the words of its unit (points, deals, rebuilds, jokers
    per pack); a number of another option is written as it is."""
    if field == "target_score":
        return count_points(value)
    if field == "deal_limit":
        return count_deals(value)
    if field == "rebuild_limit":
        return ngettext("{n} rebuild", "{n} rebuilds", value).format(n=value)
    if field == "jokers_per_pack":
        return _(NONE) if value == 0 else _("{n} per pack").format(n=value)
    return str(value)


_SHOWN_ELSEWHERE = frozenset({"target_score", "deal_limit"})
"""Options the table's top line already states (the match goal)."""


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
        notes.append(_note(rules, option.field, _(option.label), value))
    return notes


def _note(rules: RuleSet, field: str, label: str, value: Any) -> str:
    """One option value in a few words."""
    known = note_words(field, value)
    if known is not None:
        return _(known)
    if field == "jokers_per_pack" and isinstance(value, int):
        if value == 0:
            return _(NO_JOKERS)
        if value == 1:
            return _(JOKERS)
        return _("{n} jokers a pack").format(n=value)
    if field == "rebuild_limit":
        if value is None:
            return _("no dead-hand limit")
        return ngettext(
            "dead hand after {n} rebuild", "dead hand after {n} rebuilds", int(value)
        ).format(n=value)
    if isinstance(value, bool):
        if value:
            return label.lower()
        return _("no {option}").format(option=label.lower())
    return _("{option}: {value}").format(
        option=label.lower(), value=choice_label(rules, field, value)
    )


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


def _packs(n: int) -> str:
    return ngettext("{n} pack", "{n} packs", n).format(n=n)


def _per_count(pairs: list[tuple[int, str]], counted: Callable[[int], str], each: bool) -> str:
    """ "10 cards each with 2 players, 7 with 3-4" (or just "15 cards each")."""
    first_value, first_players = pairs[0]
    first = counted(first_value)
    if each:
        first = _("{cards} each").format(cards=first)
    if len(pairs) == 1:
        return first
    rest = lists.series(
        _("{value} with {players}").format(value=value, players=players)
        for value, players in pairs[1:]
    )
    return _("{first} with {players} players, {rest}").format(
        first=first, players=first_players, rest=rest
    )


def glance_markdown(rules: RuleSet) -> str:
    """The variant's fixed facts, written from its RuleSet."""
    packs = _per_count(_by_players(rules.packs_by_players, rules), _packs, False)
    if rules.jokers_per_pack:
        jokers = ngettext(
            "{n} joker per pack", "{n} jokers per pack", rules.jokers_per_pack
        ).format(n=rules.jokers_per_pack)
    else:
        jokers = _(NO_JOKERS)
    dealt = _per_count(_by_players(rules.hand_size_by_players, rules), count_cards, True)
    if rules.jokers_per_pack and rules.twos_wild:
        wild = _("jokers and twos")
    elif rules.jokers_per_pack:
        wild = _(JOKERS)
    elif rules.twos_wild:
        wild = _("twos")
    else:
        wild = _(NONE)
    melds = _("runs only") if not rules.groups_allowed else _("groups and runs")
    aces = choice_label(rules, "ace_rule", rules.ace_rule)
    lines = [
        _("- **Players:** {low} to {high}").format(low=rules.min_players, high=rules.max_players),
        _("- **Cards:** {packs}; {jokers}").format(packs=packs, jokers=jokers),
        _("- **Dealt:** {dealt}").format(dealt=dealt),
        _("- **Melds:** {melds}; aces: {aces}").format(melds=melds, aces=aces),
        _("- **Wild cards:** {wild}").format(wild=wild),
        _("- **Melding during play:** {how}").format(how=_(melding_words(rules))),
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
    help_text = _(help_text)
    if "None" not in help_text:
        return help_text
    label = choice_label(rules, field, None).split(" (")[0]
    return re.sub(r"\bNone\b", label, help_text)


def options_markdown(rules: RuleSet) -> str:
    """The table options with the value in force and one line of help each."""
    if not rules.options:
        return no_table_options()
    lines = []
    for option in rules.options:
        value = choice_label(rules, option.field, getattr(rules, option.field))
        help_text = f" — {option_help(rules, option.field, option.help)}" if option.help else ""
        lines.append(f"- **{_(option.label)}:** {value}{help_text}")
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
        reason = _("The rules text could not be read: {reason}").format(reason=error)
        body = f"# {_(rules.name)}\n\n{reason}"
    try:
        general = read_asset("rules/general.md").strip()
    except OSError:
        general = ""
    heading = (
        _("Options in force") if in_force else _("Options (defaults; set them for a new game)")
    )
    parts = [
        body,
        "## " + _("At a glance") + "\n\n" + glance_markdown(rules),
        f"## {heading}\n\n" + options_markdown(rules),
    ]
    if general:
        parts.append(general)
    return "\n\n".join(parts) + "\n"
