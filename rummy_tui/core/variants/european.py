"""European Rummy, Finnish eurooppalainen rommi (RULES.md section E)."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.common import DEAL_LIMIT_LABEL, REBUILD_LIMIT
from rummy_tui.core.variants.ruleset import AceRule, DrawRule, OptionSpec, RuleIds, RuleSet, Scoring

RULES = RuleSet(
    variant_id="european",
    name=N_("European Rummy"),
    description=N_("Runs only, 15 cards, lay all down at once; losers pay chips."),
    min_players=2,
    max_players=12,
    packs_by_players=((5, 2), (9, 3), (12, 4)),
    jokers_per_pack=1,
    hand_size_by_players=((12, 15),),
    groups_allowed=False,
    ace_rule=AceRule.LOW,
    draw_rule=DrawRule.SINGLE,
    meld_during_play=False,
    go_out_before_draw=True,
    scoring=Scoring.CHIPS,
    target_score=None,
    deal_limit=None,
    winner_deals_two_player=False,
    rule_ids=RuleIds(
        turn="E-5",
        layoff="E-7",
        go_out="E-7",
        no_play_melding="E-7",
        match="E-9",
        ace="E-2",
        run_repeat="E-3",
    ),
    options=(
        OptionSpec(
            field="ace_rule",
            label=N_("Aces"),
            choices=(AceRule.LOW, AceRule.AROUND),
            help=N_("Ace lowest, or high and low at once so K-A-2 is a run (E-2)."),
        ),
        OptionSpec(
            field="twos_wild",
            label=N_("Twos wild"),
            choices=(False, True),
            help=N_("Every two is a joker as well (E-4)."),
        ),
        OptionSpec(
            field="deal_limit",
            label=DEAL_LIMIT_LABEL,
            choices=(None, 1, 2, 4, 6, 8, 12),
            help=N_("None: one deal per player, so everyone deals once (E-9)."),
        ),
        REBUILD_LIMIT,
    ),
)
