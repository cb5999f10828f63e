"""The RuleSet: everything that distinguishes one variant from another, as data.

Each variant module builds one frozen :class:`RuleSet`. Fields that a table may change are
listed in the variant's ``options`` with the values the new-game menu offers; everything else
is fixed by the rule book (RULES.md).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rummy_tui.core.errors import IllegalAction


class AceRule(StrEnum):
    """Where an ace may stand in a run."""

    LOW = "low"
    """Ace below the two only (A-2-3)."""
    HIGH_OR_LOW = "high_or_low"
    """A-2-3 or Q-K-A, never round the corner."""
    AROUND = "around"
    """High, low, and round the corner (K-A-2); a run holds no rank twice."""


class DrawRule(StrEnum):
    """How a turn's draw works."""

    SINGLE = "single"
    """Top stock card or top discard."""
    BOATHOUSE = "boathouse"
    """Stock; discard then stock; or stock then stock (B-1)."""
    HOYLE = "hoyle"
    """Stock; or top discard then the next discard or the top stock card (B-1 option)."""
    DIG = "dig"
    """Stock, or any discard with every card above it; the deepest must be used (R-5)."""


class Scoring(StrEnum):
    """How a deal is scored."""

    WINNER_TAKES_HANDS = "winner_takes_hands"
    """Every loser pays the winner the value of the cards left in hand (C-5, D-7)."""
    UNMATCHED = "unmatched"
    """Every loser pays for unmatched cards after the cheapest arrangement (B-5)."""
    TABLE_MINUS_HAND = "table_minus_hand"
    """Each player scores cards on the table minus cards in hand (R-11)."""
    CHIPS = "chips"
    """Losers pay the winner chips by the European table (E-8)."""


class UnmatchedValue(StrEnum):
    """Boathouse scoring option (B-5)."""

    PIP = "pip"
    """Pip value, ace 11."""
    PER_CARD = "per_card"
    """One point per unmatched card."""


class OptionSpec(BaseModel):
    """One option a table may choose for a variant: the RuleSet field and the offered values."""

    model_config = ConfigDict(frozen=True)

    field: str
    """Name of the RuleSet field the option sets."""
    label: str
    """Short label for the new-game menu."""
    choices: tuple[Any, ...]
    """The values offered; the first one is the default."""
    help: str = ""
    """One line explaining the option."""


class RuleIds(BaseModel):
    """Which of the variant's own rules a refusal names, topic by topic (G-10)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: str = "C-2"
    """The turn's order and its draw (C-2, B-1, R-5, E-5)."""
    layoff: str = "C-2"
    """Laying off on the table's melds (C-2, R-6)."""
    go_out: str = "C-3"
    """How a player goes out (C-3, R-9; whole hand: B-3, E-7)."""
    no_play_melding: str = "B-2"
    """Nobody melds during play (B-2, E-7)."""
    match: str = "C-6"
    """When the match ends (C-6, B-6, D-8, R-12, E-9)."""
    group_size: str = "G-5"
    """How many cards a group holds."""
    group_suits: str = "R-2"
    """Whether a group may repeat a suit."""
    run_repeat: str = "G-5"
    """A run holds each rank once (G-5, B-4, E-3)."""
    ace: str = "C-1"
    """Where an ace may stand in a run (C-1, B-4, D-3, R-2, E-2)."""


BOOK_RULE_IDS: dict[str, RuleIds] = {}
"""The rule ids of each variant's book, by variant id: filled by :mod:`rummy_tui.core.variants`
as it defines the variants (always before a rule set is read back, as importing this module
runs that package first), and given to a rule set read back without them."""


class RuleSet(BaseModel):
    """The complete rules of one variant with the options chosen for a match."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant_id: str
    """Stable id: classic, boathouse, double, rummy500 or european."""
    name: str
    """The variant's name as players know it."""
    description: str = ""
    """One line for the variant menu."""
    min_players: int = 2
    """Fewest seats (G-2 table)."""
    max_players: int = 6
    """Most seats (G-2 table)."""
    packs_by_players: tuple[tuple[int, int], ...] = ((6, 1),)
    """(up to N players, packs) pairs in increasing N: how many packs are shuffled together."""
    jokers_per_pack: int = 0
    """Jokers added with each pack."""
    hand_size_by_players: tuple[tuple[int, int], ...] = ((2, 10), (4, 7), (6, 6))
    """(up to N players, cards dealt) pairs in increasing N."""
    groups_allowed: bool = True
    """Whether groups (sets of one rank) are melds at all (E-3 says no)."""
    group_max: int | None = 4
    """Largest group, or None for no limit beyond the cards that exist (D-2)."""
    group_repeat_suits: bool = False
    """Whether a group may hold two cards of the same suit (D-2 yes, R-2 no)."""
    ace_rule: AceRule = AceRule.LOW
    """Where an ace may stand in a run."""
    twos_wild: bool = False
    """Every two is wild as well as the jokers (E-4 option)."""
    joker_moves: bool = False
    """Double Rum's end-joker move (D-5, D-6)."""
    draw_rule: DrawRule = DrawRule.SINGLE
    """How a turn's draw works."""
    top_discard_free: bool = False
    """Rummy 500 option: taking only the top discard carries no duty to use it (R-5)."""
    meld_during_play: bool = True
    """Whether players meld and lay off during play (False: whole hand at once, B-2, E-7)."""
    go_out_before_draw: bool = False
    """Whether a whole-hand go-out is allowed at the start of a turn, before drawing (E-7)."""
    discard_to_go_out: bool = False
    """Whether the last card must be discarded to go out (R-9 option)."""
    rebuild_stock: bool = True
    """Whether the discard pile is turned over as a new stock when the stock runs out."""
    rebuild_limit: int | None = 3
    """Dead-hand guard: rebuilds allowed in one deal before it ends with no score (G-9)."""
    scoring: Scoring = Scoring.WINNER_TAKES_HANDS
    """How a deal is scored."""
    unmatched_value: UnmatchedValue = UnmatchedValue.PIP
    """Boathouse option: what an unmatched card costs (B-5)."""
    ace_value: int = 1
    """What an ace counts in hand."""
    low_ace_in_run_value: int | None = None
    """Rummy 500: what an ace used low in a run counts on the table (R-3); None for ace_value."""
    joker_value: int = 15
    """What a joker counts."""
    rummy_doubles: bool = False
    """A winner who went out in one turn without melding before is paid double (C-5)."""
    partnerships: bool = False
    """Rummy 500 option for four players: partners opposite share one score (R-13)."""
    target_score: int | None = 100
    """Points that win the match, or None when the match is a number of deals."""
    deal_limit: int | None = None
    """Number of deals in the match, or None for no limit (European: one per player)."""
    winner_deals_two_player: bool = True
    """With two players the winner of a deal deals the next (C-6)."""
    options: tuple[OptionSpec, ...] = ()
    """The options a table may set for this variant."""
    rule_ids: RuleIds = Field(default_factory=RuleIds, exclude=True)
    """The rule ids its refusals name; part of the variant's book, so not saved with a match
    (a RuleSet read back takes them from its variant)."""

    @model_validator(mode="before")
    @classmethod
    def _variant_rule_ids(cls, data: Any) -> Any:
        if isinstance(data, dict) and "rule_ids" not in data:
            found = BOOK_RULE_IDS.get(str(data.get("variant_id", "")))
            if found is not None:
                data = {**data, "rule_ids": found}
        return data

    def packs_for(self, players: int) -> int:
        """How many packs are shuffled together for this many players."""
        return _lookup(self.packs_by_players, players)

    def hand_size_for(self, players: int) -> int:
        """How many cards each player is dealt."""
        return _lookup(self.hand_size_by_players, players)

    @property
    def has_wilds(self) -> bool:
        """Whether any card is wild."""
        return self.jokers_per_pack > 0 or self.twos_wild

    def option_fields(self) -> tuple[str, ...]:
        """The field names a table may set."""
        return tuple(option.field for option in self.options)


def _lookup(table: tuple[tuple[int, int], ...], players: int) -> int:
    for up_to, value in table:
        if players <= up_to:
            return value
    return table[-1][1]


class RulesError(ValueError):
    """A variant id or option that does not exist, or an option value out of range."""


def player_count_refusal(rules: RuleSet, players: int) -> IllegalAction | None:
    """The refusal of a player count, or None when it is allowed (G-2, R-13)."""
    if rules.min_players <= players <= rules.max_players:
        if rules.partnerships and players != 4:
            return IllegalAction("setup.partners_four", "R-13")
        return None
    return IllegalAction(
        "setup.player_count",
        "G-2",
        variant=rules.name,
        min_players=rules.min_players,
        max_players=rules.max_players,
        players=players,
    )


def with_options(rules: RuleSet, **options: Any) -> RuleSet:
    """A copy of ``rules`` with table options set, each checked against the variant's list."""
    allowed = {option.field: option for option in rules.options}
    for name, value in options.items():
        if name not in allowed:
            names = ", ".join(sorted(allowed)) or "none"
            raise RulesError(f"{rules.name} has no option {name!r} (options: {names}).")
        spec = allowed[name]
        if value not in spec.choices and not _open_choice(spec, value):
            raise RulesError(
                f"Option {name!r} cannot be {value!r} (choices: "
                + ", ".join(repr(choice) for choice in spec.choices)
                + ")."
            )
    data = rules.model_dump()
    data.update(options)
    try:
        return RuleSet.model_validate(data)
    except ValueError as error:
        raise RulesError(f"Those options do not fit together: {error}") from None


def _open_choice(spec: OptionSpec, value: Any) -> bool:
    """Numeric match lengths accept any positive whole number, not only the listed ones."""
    if spec.field in ("target_score", "deal_limit"):
        return value is None or (isinstance(value, int) and value > 0)
    return False
