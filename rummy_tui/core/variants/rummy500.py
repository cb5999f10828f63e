"""Rummy 500, also Michigan Rum or Pinochle Rummy (RULES.md section R)."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.common import TARGET_SCORE_LABEL
from rummy_tui.core.variants.ruleset import AceRule, DrawRule, OptionSpec, RuleIds, RuleSet, Scoring

RULES = RuleSet(
    variant_id="rummy500",
    name=N_("Rummy 500"),
    description=N_("Score what you meld; dig into the spread discard pile. First to 500."),
    min_players=2,
    max_players=8,
    packs_by_players=((4, 1), (8, 2)),
    jokers_per_pack=0,
    hand_size_by_players=((2, 13), (8, 7)),
    group_max=4,
    group_repeat_suits=False,
    ace_rule=AceRule.HIGH_OR_LOW,
    draw_rule=DrawRule.DIG,
    rebuild_stock=False,
    rebuild_limit=None,
    scoring=Scoring.TABLE_MINUS_HAND,
    ace_value=15,
    low_ace_in_run_value=1,
    joker_value=15,
    target_score=500,
    winner_deals_two_player=False,
    rule_ids=RuleIds(
        turn="R-5", layoff="R-6", go_out="R-9", match="R-12", group_size="R-2", ace="R-2"
    ),
    options=(
        OptionSpec(
            field="jokers_per_pack",
            label=N_("Jokers per pack"),
            choices=(0, 1),
            help=N_("Play with one wild joker per pack, worth 15 (R-1)."),
        ),
        OptionSpec(
            field="top_discard_free",
            label=N_("Top discard is a free draw"),
            choices=(False, True),
            help=N_("Taking only the top discard carries no duty to use it at once (R-5)."),
        ),
        OptionSpec(
            field="discard_to_go_out",
            label=N_("Must discard to go out"),
            choices=(False, True),
            help=N_("The last card must go on the discard pile (R-9)."),
        ),
        OptionSpec(
            field="partnerships",
            label=N_("Partnerships (4 players)"),
            choices=(False, True),
            help=N_("Partners sit opposite and share one score (R-13)."),
        ),
        OptionSpec(
            field="target_score",
            label=TARGET_SCORE_LABEL,
            choices=(500, 250, 1000),
            help=N_("First to this total wins; the highest if several pass it (R-12)."),
        ),
    ),
)
