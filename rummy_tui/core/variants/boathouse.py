"""Boathouse Rum (RULES.md section B)."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.common import MATCH_DEALS, REBUILD_LIMIT, TARGET_SCORE_LABEL
from rummy_tui.core.variants.ruleset import (
    AceRule,
    DrawRule,
    OptionSpec,
    RuleIds,
    RuleSet,
    Scoring,
    UnmatchedValue,
)

RULES = RuleSet(
    variant_id="boathouse",
    name=N_("Boathouse Rum"),
    description=N_("Draw up to two cards, lay the whole hand down at once; runs turn the corner."),
    min_players=2,
    max_players=6,
    packs_by_players=((6, 1),),
    hand_size_by_players=((2, 10), (4, 7), (6, 6)),
    group_max=4,
    ace_rule=AceRule.AROUND,
    draw_rule=DrawRule.BOATHOUSE,
    meld_during_play=False,
    scoring=Scoring.UNMATCHED,
    unmatched_value=UnmatchedValue.PIP,
    ace_value=11,
    rummy_doubles=False,
    target_score=100,
    rule_ids=RuleIds(
        turn="B-1",
        layoff="B-2",
        go_out="B-3",
        no_play_melding="B-2",
        match="B-6",
        ace="B-4",
        run_repeat="B-4",
    ),
    options=(
        OptionSpec(
            field="unmatched_value",
            label=N_("Unmatched cards cost"),
            choices=(UnmatchedValue.PIP, UnmatchedValue.PER_CARD),
            help=N_("Pip value with ace 11, or one point per unmatched card (B-5)."),
        ),
        OptionSpec(
            field="draw_rule",
            label=N_("Draw rule"),
            choices=(DrawRule.BOATHOUSE, DrawRule.HOYLE),
            help=N_(
                "Boathouse: stock, discard+stock, stock+stock. Hoyle: stock, or discard then "
                "next discard or stock (B-1)."
            ),
        ),
        OptionSpec(
            field="target_score",
            label=TARGET_SCORE_LABEL,
            choices=(100, 25, 150, 250, None),
            help=N_("Default 100 with pip scoring, 25 with per-card scoring (B-6)."),
        ),
        MATCH_DEALS,
        REBUILD_LIMIT,
    ),
)
