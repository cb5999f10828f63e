"""The hint key: exact best arrangement, cost in the variant's terms, a legal suggestion."""

from __future__ import annotations

import pytest

from rummy_tui.bots import hint, make_bot
from rummy_tui.core import Phase, best_arrangement, get_variant, new_game
from tests.core.helpers import deal

NAMES = ["Anna", "Bob", "Cleo"]


@pytest.mark.parametrize("variant", ["classic", "boathouse", "double", "rummy500", "european"])
def test_hint_gives_the_exact_arrangement_and_a_legal_move(variant: str) -> None:
    game = new_game(get_variant(variant), NAMES, seed=31)
    bots = [make_bot("normal", seat) for seat in range(3)]
    checked = 0
    for _ in range(24):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            break
        seat = game.current
        view = game.view(seat)
        legal = game.legal_actions()
        advice = hint(view, legal)
        exact = best_arrangement(game.rules, view.hand)
        assert advice.arrangement.penalty == exact.penalty
        assert advice.arrangement.deadwood == exact.deadwood
        assert advice.cost == exact.penalty
        assert advice.action in legal
        assert advice.reason and "\n" not in advice.reason
        assert advice.cost_text and advice.lines()
        waiting = hint(game.view((seat + 1) % 3), [])
        assert waiting.action is None
        checked += 1
        game.apply(bots[seat].choose(view, legal))
    assert checked > 0


def test_hint_cost_speaks_the_variants_terms() -> None:
    hands = {
        "classic": "Unmatched cards",
        "boathouse": "B-5",
        "double": "C-5",
        "rummy500": "R-11",
        "european": "E-7",
    }
    for variant, words in hands.items():
        game = new_game(get_variant(variant), NAMES[:2], seed=4)
        advice = hint(game.view(game.current), game.legal_actions())
        assert words in advice.cost_text


def test_hint_suggests_going_out_with_the_best_payment() -> None:
    game = deal(
        "european",
        [
            "2C 3C 4C 6C 7C 9C 10C QC KC 2D 4D 6D 8D 10D QD",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5S 6S 7S 8S",
        ],
        upcard="KD",
    )
    advice = hint(game.view(1), game.legal_actions())
    assert advice.action is not None and advice.action.kind == "go_out"
    assert advice.deadwood == ()
    assert "10" in advice.reason and "10" in advice.cost_text


def test_E_7_european_hint_counts_the_cards_still_needed_and_the_outs() -> None:
    game = deal(
        "european",
        [
            "2C 3C 4D 6C 8C 9H 10C QC KH 2D 4S 6D 8D 10S QH",
            "AS 2S 3S 4H 5H 6H 7H 9D 10D JD QD KD 5C 6C 9C",
        ],
        upcard="KS",
    )
    advice = hint(game.view(1), game.legal_actions())
    # a 4 or 7 of clubs (two packs) or either joker lets the 9 of clubs go
    assert "You are 1 card from going out; 6 of the cards you have not seen" in advice.cost_text
    assert advice.cost_text.endswith("would bring you one nearer: 4C 7C JK.")
    assert advice.action is not None and advice.action.kind == "draw_stock"
