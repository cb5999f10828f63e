"""Options shared by several variants."""

from rummy_tui.core.variants.ruleset import OptionSpec

REBUILD_LIMIT = OptionSpec(
    field="rebuild_limit",
    label="Stock rebuilds before a dead hand",
    choices=(3, 5, None),
    help="After this many rebuilds of the stock with nobody out the deal is void (G-9).",
)

MATCH_DEALS = OptionSpec(
    field="deal_limit",
    label="Number of deals",
    choices=(None, 1, 3, 5, 10),
    help="End the match after this many deals (None: play to the points target).",
)
