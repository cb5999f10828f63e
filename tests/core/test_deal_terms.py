"""The deal's ending and payment as data, and each variant's deal wording (P-3, E-8, R-11).

The end-of-deal screen words a result in the player's language from these facts instead of
branching on the scoring rule, so they must match what the engine scored.
"""

from __future__ import annotations

import pytest

from rummy_tui.core import GoOut, get_variant
from rummy_tui.core.deal_terms import deal_terms, melding_words
from rummy_tui.core.scoring import chip_basis
from rummy_tui.core.variants import VARIANT_IDS, AceRule, DrawRule
from rummy_tui.core.variants.option_words import choice_words, note_words
from rummy_tui.i18n.deal_words import payment_words
from tests.core.helpers import cs, deal

LOSER = "3C 5C 7C 9C JC KC 4D 6D 8D 3S 5S QS KS AC KH"
NO_WILD = "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D 10D JD QD KD"


def test_P3_going_out_records_the_ending_and_E8_payment_as_data() -> None:
    joker_hand = "AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD QD KD"
    game = deal("european", [LOSER, joker_hand], "2S", "4H 6D 7H 8H")
    game.apply(GoOut(melds=()))
    result = game.state.results[-1]
    assert result.ending is not None
    assert (result.ending.code, result.ending.seat) == ("laid_down", 1)
    assert result.payment is not None
    assert result.payment.kind == "no_draw"
    assert result.payment.chips == result.changes[1]
    assert payment_words(result.payment) == "10 chips: went out without drawing a card"


@pytest.mark.parametrize(
    ("hand", "drawn", "kind", "chips"),
    [
        (NO_WILD, 4, "no_wild", 10),
        (NO_WILD, 0, "no_wild", 10),
        ("AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD QD KD", 1, "one_card", 5),
        ("AH 2H 3H 4H 5H 6S 7S 8S 9S 10S 9D JK JD QD KD", 4, "base", 2),
    ],
)
def test_E8_chip_basis_names_the_rule_that_set_the_payment(
    hand: str, drawn: int, kind: str, chips: int
) -> None:
    rules = get_variant("european")
    basis = chip_basis(rules, cs(hand), drawn)
    assert (basis.kind, basis.chips) == (kind, chips)


def test_E8_twos_wild_basis_counts_twos_and_jokers() -> None:
    rules = get_variant("european", twos_wild=True)
    basis = chip_basis(rules, cs("AH 2H 3H 4H 5H 6S 7S 2C 9S 10S 9D JK JD JK KD"), 4)
    assert (basis.kind, basis.twos, basis.jokers, basis.chips) == ("base_twos", 2, 2, 7)
    assert payment_words(basis) == "1 chip + 2 for twos + 4 for jokers"


def test_deal_terms_follow_each_variants_scoring() -> None:
    assert deal_terms(get_variant("european")).unit == "chips"
    assert deal_terms(get_variant("european")).signed
    assert not deal_terms(get_variant("european")).hand_points_shown
    assert "{cards}" in deal_terms(get_variant("boathouse")).loser_line
    assert "doubled" in deal_terms(get_variant("classic")).doubled_loser_line
    r500 = deal_terms(get_variant("rummy500"))
    assert r500.every_table_shown and r500.table_points_shown
    assert "partnership" not in r500.loser_line
    partners = deal_terms(get_variant("rummy500", partnerships=True), players=4)
    assert "partnership total" in partners.loser_line
    assert "partnership" not in deal_terms(get_variant("rummy500", partnerships=True), 3).loser_line
    for variant_id in VARIANT_IDS:
        terms = deal_terms(get_variant(variant_id))
        assert terms.summary.endswith(".")
        assert any(p in terms.winner_line for p in ("{points}", "{own}", "{each}"))


def test_melding_words_follow_meld_during_play() -> None:
    assert melding_words(get_variant("classic")) == "yes, and laying off"
    assert melding_words(get_variant("european")) == "no, the whole hand at once"


def test_option_words_cover_every_enum_choice_offered() -> None:
    for variant_id in VARIANT_IDS:
        for spec in get_variant(variant_id).options:
            for value in spec.choices:
                if isinstance(value, (AceRule, DrawRule)):
                    assert choice_words(value), (variant_id, spec.field, value)
    assert note_words("draw_rule", DrawRule.HOYLE) == "Hoyle draw"
    assert note_words("jokers_per_pack", 2) is None
