"""The five variants, found by stable id."""

from typing import Any

from rummy_tui.core.variants import boathouse, classic, double, european, rummy500
from rummy_tui.core.variants.ruleset import (
    BOOK_RULE_IDS,
    AceRule,
    DrawRule,
    OptionSpec,
    RuleIds,
    RulesError,
    RuleSet,
    Scoring,
    UnmatchedValue,
    player_count_refusal,
    with_options,
)

VARIANT_IDS: tuple[str, ...] = ("classic", "boathouse", "double", "rummy500", "european")

_PRESETS: dict[str, RuleSet] = {
    "classic": classic.RULES,
    "boathouse": boathouse.RULES,
    "double": double.RULES,
    "rummy500": rummy500.RULES,
    "european": european.RULES,
}

BOOK_RULE_IDS.update({variant_id: preset.rule_ids for variant_id, preset in _PRESETS.items()})


def preset_rule_ids(variant_id: str) -> RuleIds | None:
    """The rule ids of a variant's book, or None for an unknown id."""
    preset = _PRESETS.get(variant_id)
    return None if preset is None else preset.rule_ids


def get_variant(variant_id: str, **options: Any) -> RuleSet:
    """The RuleSet of a variant, with table options set by RuleSet field name.

    >>> get_variant("european", twos_wild=True).twos_wild
    True
    """
    preset = _PRESETS.get(variant_id)
    if preset is None:
        raise RulesError(
            f"There is no variant {variant_id!r} (variants: {', '.join(VARIANT_IDS)})."
        )
    if (
        variant_id == "boathouse"
        and options.get("unmatched_value") == UnmatchedValue.PER_CARD
        and "target_score" not in options
    ):
        options = {**options, "target_score": 25}
    return with_options(preset, **options)


__all__ = [
    "VARIANT_IDS",
    "AceRule",
    "DrawRule",
    "OptionSpec",
    "RuleIds",
    "RuleSet",
    "RulesError",
    "Scoring",
    "UnmatchedValue",
    "get_variant",
    "player_count_refusal",
    "preset_rule_ids",
]
