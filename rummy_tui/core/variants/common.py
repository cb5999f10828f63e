"""Options shared by several variants."""

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.ruleset import OptionSpec

TARGET_SCORE_LABEL = N_("Points to win")
"""The label of every variant's ``target_score`` option."""
DEAL_LIMIT_LABEL = N_("Number of deals")
"""The label of the ``deal_limit`` option (shared, or a variant's own choices)."""

REBUILD_LIMIT = OptionSpec(
    field="rebuild_limit",
    label=N_("Stock rebuilds before a dead hand"),
    choices=(3, 5, None),
    help=N_("After this many rebuilds of the stock with nobody out the deal is void (G-9)."),
)

MATCH_DEALS = OptionSpec(
    field="deal_limit",
    label=DEAL_LIMIT_LABEL,
    choices=(None, 1, 3, 5, 10),
    help=N_("End the match after this many deals (None: play to the points target)."),
)
