"""Double Rum (RULES.md section D)."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.common import MATCH_DEALS, REBUILD_LIMIT, TARGET_SCORE_LABEL
from rummy_tui.core.variants.ruleset import AceRule, DrawRule, OptionSpec, RuleIds, RuleSet, Scoring

RULES = RuleSet(
    variant_id="double",
    name=N_("Double Rum"),
    description=N_("Two packs and two jokers; groups may repeat suits; end jokers move once."),
    min_players=2,
    max_players=6,
    packs_by_players=((6, 2),),
    jokers_per_pack=1,
    hand_size_by_players=((6, 10),),
    group_max=None,
    group_repeat_suits=True,
    ace_rule=AceRule.HIGH_OR_LOW,
    joker_moves=True,
    draw_rule=DrawRule.SINGLE,
    scoring=Scoring.WINNER_TAKES_HANDS,
    ace_value=11,
    joker_value=15,
    rummy_doubles=True,
    target_score=250,
    rule_ids=RuleIds(
        turn="C-2", layoff="C-2", go_out="C-3", match="D-8", group_size="D-2", ace="D-3"
    ),
    options=(
        OptionSpec(
            field="target_score",
            label=TARGET_SCORE_LABEL,
            choices=(250, 100, 150, 500, None),
            help=N_("The first player to reach this total wins (D-8)."),
        ),
        MATCH_DEALS,
        REBUILD_LIMIT,
    ),
)
