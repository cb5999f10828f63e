"""Classic Rummy (RULES.md section C)."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.common import MATCH_DEALS, REBUILD_LIMIT, TARGET_SCORE_LABEL
from rummy_tui.core.variants.ruleset import AceRule, DrawRule, OptionSpec, RuleIds, RuleSet, Scoring

RULES = RuleSet(
    variant_id="classic",
    name=N_("Classic Rummy"),
    description=N_("One pack, meld and lay off as you go; empty your hand first."),
    min_players=2,
    max_players=6,
    packs_by_players=((6, 1),),
    hand_size_by_players=((2, 10), (4, 7), (6, 6)),
    group_max=4,
    ace_rule=AceRule.LOW,
    draw_rule=DrawRule.SINGLE,
    scoring=Scoring.WINNER_TAKES_HANDS,
    ace_value=1,
    rummy_doubles=True,
    target_score=100,
    rule_ids=RuleIds(turn="C-2", layoff="C-2", go_out="C-3", match="C-6", ace="C-1"),
    options=(
        OptionSpec(
            field="target_score",
            label=TARGET_SCORE_LABEL,
            choices=(100, 150, 250, None),
            help=N_("The first player to reach this total wins (None: play a number of deals)."),
        ),
        MATCH_DEALS,
        REBUILD_LIMIT,
    ),
)
