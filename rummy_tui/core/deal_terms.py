"""How a variant's deal result reads: its unit, which amounts a line shows, and its words.

The end-of-deal screen asks :func:`deal_terms` instead of looking at the scoring rule itself,
so a new variant brings its own wording here and no screen has to learn it. The words are
marked for the catalogs (``N_``) and translated where they are shown; their placeholders are
filled from the :class:`~rummy_tui.core.state.ScoreLine` and the deal's result:

* ``{points}``: the line's change (points or chips, without a sign);
* ``{cards}``: the loser's unmatched cards (Boathouse);
* ``{table}``, ``{hand}``, ``{own}``: Rummy 500's table points, hand points and their
  difference;
* ``{total}``: Rummy 500 partners' shared change (R-13);
* ``{each}``: what each loser paid the winner (European Rummy);
* ``{others}``: how many other players pay the winner;
* ``{why}``: European Rummy's payment rule in words (E-8).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from rummy_tui.core.marks import N_
from rummy_tui.core.variants.ruleset import RuleSet, Scoring


@dataclass(frozen=True)
class DealTerms:
    """What a deal result of one variant shows, and the words of its lines."""

    unit: Literal["points", "chips"]
    """What the scores count."""
    signed: bool
    """Totals are written with their sign (chips won and lost)."""
    summary: str
    """One sentence: how the deal is paid."""
    winner_line: str
    """The winner's line (a template)."""
    loser_line: str
    """Every other player's line (a template)."""
    doubled_loser_line: str
    """A loser's line when going out in one turn doubled the payment (C-5)."""
    every_table_shown: bool
    """Every player's cards on the table are listed, even none (they score)."""
    table_points_shown: bool
    """The table cards' points are written after them."""
    hand_points_shown: bool
    """The hand's points are written after it."""


_WENT_OUT_LINE = N_("went out and collects {points}")
_HANDS = DealTerms(
    unit="points",
    signed=False,
    summary=N_("Each loser pays the winner the value of the cards left in hand."),
    winner_line=_WENT_OUT_LINE,
    loser_line=N_("pays {points} for the cards in hand"),
    doubled_loser_line=N_("pays {points} for the cards in hand, doubled for rummy"),
    every_table_shown=False,
    table_points_shown=False,
    hand_points_shown=True,
)
_UNMATCHED = DealTerms(
    unit="points",
    signed=False,
    summary=N_("Each loser pays only for unmatched cards, after the cheapest arrangement (B-5)."),
    winner_line=_WENT_OUT_LINE,
    loser_line=N_("pays {points} for unmatched {cards}"),
    doubled_loser_line=N_("pays {points} for unmatched {cards}, doubled for rummy"),
    every_table_shown=False,
    table_points_shown=False,
    hand_points_shown=True,
)
_TABLE_LINE = N_("{table} on the table - {hand} in hand = {own}")
_TABLE = DealTerms(
    unit="points",
    signed=False,
    summary=N_("Each player scores the cards on the table minus the cards in hand (R-11)."),
    winner_line=_TABLE_LINE,
    loser_line=_TABLE_LINE,
    doubled_loser_line=_TABLE_LINE,
    every_table_shown=True,
    table_points_shown=True,
    hand_points_shown=True,
)
_PARTNERS_LINE = N_("{table} on the table - {hand} in hand = {own}; partnership total {total}")
_CHIPS_LOSER_LINE = N_("pays {points} ({why})")
_CHIPS = DealTerms(
    unit="chips",
    signed=True,
    summary=N_("Each loser pays the winner chips: the largest amount that applies (E-8)."),
    winner_line=N_("collects {each} from each of the {others} others ({why})"),
    loser_line=_CHIPS_LOSER_LINE,
    doubled_loser_line=_CHIPS_LOSER_LINE,
    every_table_shown=False,
    table_points_shown=False,
    hand_points_shown=False,
)


def deal_terms(rules: RuleSet, players: int = 2) -> DealTerms:
    """How a deal result of ``rules`` reads with ``players`` at the table.

    >>> from rummy_tui.core.variants import get_variant
    >>> deal_terms(get_variant("european")).unit
    'chips'
    >>> deal_terms(get_variant("classic")).loser_line
    'pays {points} for the cards in hand'
    """
    if rules.scoring is Scoring.TABLE_MINUS_HAND:
        if rules.partnerships and players == 4:  # partners share a score
            return replace(
                _TABLE,
                winner_line=_PARTNERS_LINE,
                loser_line=_PARTNERS_LINE,
                doubled_loser_line=_PARTNERS_LINE,
            )
        return _TABLE
    if rules.scoring is Scoring.CHIPS:
        if players == 2:
            return replace(_CHIPS, winner_line=N_("collects {each} from the other player ({why})"))
        return _CHIPS
    if rules.scoring is Scoring.UNMATCHED:
        return _UNMATCHED
    return _HANDS


MELDING_WORDS: dict[bool, str] = {
    True: N_("yes, and laying off"),
    False: N_("no, the whole hand at once"),
}
"""Whether players meld during play (``RuleSet.meld_during_play``), in the help's words."""


def melding_words(rules: RuleSet) -> str:
    """How melding goes in ``rules``, in a few words (for the rules help's "at a glance").

    >>> from rummy_tui.core.variants import get_variant
    >>> melding_words(get_variant("boathouse"))
    'no, the whole hand at once'
    """
    return MELDING_WORDS[rules.meld_during_play]
