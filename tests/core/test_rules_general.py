"""RULES.md section G (common to every variant) and the G table of player counts, packs and
hand sizes. Every test is named after the rule it checks."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from rummy_tui.core import (
    VARIANT_IDS,
    Card,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    Face,
    Game,
    GoOut,
    IllegalAction,
    LayOffCard,
    Meld,
    MeldSpec,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    is_valid_meld,
    meld_readings,
    new_game,
    parse_cards,
    parse_face,
)
from rummy_tui.core.dealing import cut_for_dealer, full_deck
from rummy_tui.core.meld_refusals import meld_refusal
from rummy_tui.i18n.deal_words import ending_words
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import (
    NAMES,
    assert_cards_conserved,
    assert_one_sentence_with_rule,
    assert_refused,
    c,
    cs,
    cycle,
    deal,
    go_out_now,
    last_meld_id,
    meld_faces,
    quick_deck,
    said,
)

# --------------------------------------------------------------------------- the G table

# variant: (min players, max players, {players: (packs, jokers in all, cards dealt)})
G_TABLE = {
    "classic": (2, 6, {2: (1, 0, 10), 3: (1, 0, 7), 4: (1, 0, 7), 5: (1, 0, 6), 6: (1, 0, 6)}),
    "boathouse": (2, 6, {2: (1, 0, 10), 3: (1, 0, 7), 4: (1, 0, 7), 5: (1, 0, 6), 6: (1, 0, 6)}),
    "double": (2, 6, {n: (2, 2, 10) for n in range(2, 7)}),
    "rummy500": (
        2,
        8,
        {2: (1, 0, 13), **{n: (1, 0, 7) for n in (3, 4)}, **{n: (2, 0, 7) for n in range(5, 9)}},
    ),
    "european": (
        2,
        12,
        {
            **{n: (2, 2, 15) for n in range(2, 6)},
            **{n: (3, 3, 15) for n in range(6, 10)},
            **{n: (4, 4, 15) for n in range(10, 13)},
        },
    ),
}


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_G2_player_count_refused_outside_the_variant_range(variant: str) -> None:
    low, high, _ = G_TABLE[variant]
    rules = get_variant(variant)
    for count in (low - 1, high + 1, 1, 13):
        if low <= count <= high:
            continue
        with pytest.raises(IllegalAction) as caught:
            new_game(rules, list(NAMES[:count]) + [f"X{n}" for n in range(count - 12)], seed=1)
        reason = refusal_sentence(caught.value)
        assert_one_sentence_with_rule(reason, "G-2")
        assert rules.name in reason
        assert f"{low} to {high} players" in reason
        assert f"not {count}" in reason
    for count in (low, high):
        game = new_game(rules, list(NAMES[:count]), seed=1)
        assert len(game.state.deal.hands) == count


@pytest.mark.parametrize(
    ("variant", "players"),
    [(variant, players) for variant, (_, _, table) in G_TABLE.items() for players in table],
)
def test_G1_G_table_packs_jokers_and_hand_sizes(variant: str, players: int) -> None:
    packs, jokers, dealt = G_TABLE[variant][2][players]
    game = new_game(get_variant(variant), list(NAMES[:players]), seed=players)
    deck = game.state.deal.deck
    assert len(deck) == 52 * packs + jokers
    assert len(set(deck)) == len(deck), "every physical card has its own identity (G-1)"
    assert sum(card.is_joker for card in deck) == jokers
    assert {card.copy for card in deck if not card.is_joker} == set(range(packs))
    assert [len(hand) for hand in game.state.deal.hands] == [dealt] * players
    assert len(game.state.deal.discard) == 1
    assert_cards_conserved(game)


def test_G1_identical_faces_are_different_cards() -> None:
    first, second, third = parse_cards("QH QH KS")
    assert first.face is second.face
    assert first != second and first.key == "QH" and second.key == "QH.1"
    assert third.key == "KS"
    rules = get_variant("classic")
    with pytest.raises(IllegalAction) as caught:  # a second pack's card at a one-pack table
        new_game(rules, ["Anna", "Bob"], deck=[c("QH.1")], dealer=0)
    assert_one_sentence_with_rule(refusal_sentence(caught.value), "G-1")
    with pytest.raises(IllegalAction) as caught:  # no jokers in Classic Rummy
        new_game(rules, ["Anna", "Bob"], deck=[c("JK")], dealer=0)
    assert_one_sentence_with_rule(refusal_sentence(caught.value), "G-1")
    with pytest.raises(IllegalAction) as caught:
        new_game(rules, ["Anna", "Bob"], deck=[c("QH"), c("QH")], dealer=0)
    assert_one_sentence_with_rule(refusal_sentence(caught.value), "G-1")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_G1_no_card_is_created_or_lost_in_play(variant: str) -> None:
    game = new_game(get_variant(variant), ["Anna", "Bob", "Cleo"], seed=11)
    rng = random.Random(variant)
    for _ in range(150):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
        assert_cards_conserved(game)


# --------------------------------------------------------------------------- G-2 seats


def test_G2_play_goes_clockwise_and_only_the_seat_to_act_plays() -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob", "Cleo"], seed=3, dealer=1)
    seen = []
    for _ in range(6):
        seen.append(game.current)
        cycle(game, 1)
    assert seen == [2, 0, 1, 2, 0, 1]
    assert game.current == 2
    reason = assert_refused(game, DrawStock(), "G-2", seat=0)
    assert "Cleo's turn" in reason
    assert_refused(game, DrawStock(), "G-2", seat=3)  # no such seat
    assert_refused(game, DrawStock(), "G-2", seat=-1)
    game.apply(DrawStock(), seat=2)


# --------------------------------------------------------------------------- G-3 the cut


class _ScriptedCut:
    """A stand-in random generator: each shuffle puts the scripted cards on top, in the
    order they will be cut (the cut takes cards from the end of the list)."""

    def __init__(self, rounds: list[str]) -> None:
        self.rounds = [parse_cards(text) for text in rounds]

    def shuffle(self, pack: list[Card]) -> None:
        top = self.rounds.pop(0)
        rest = [card for card in pack if card not in top]
        pack[:] = rest + list(reversed(top))


def test_G3_lowest_cut_deals_jokers_and_ties_cut_again() -> None:
    # Round 1: Anna 5H, Bob cuts the joker and cuts again (2S), Cleo 2D: Bob and Cleo tie.
    # Round 2 among the tied: Bob AC (ace is lowest), Cleo 3D: Bob deals.
    rng = _ScriptedCut(["5H JK 2S 2D", "AC 3D"])
    dealer, rounds = cut_for_dealer(3, rng)  # type: ignore[arg-type]
    assert dealer == 1
    assert [cut.seats for cut in rounds] == [(0, 1, 2), (1, 2)]
    assert [list(cut.cards) for cut in rounds] == [cs("5H 2S 2D"), cs("AC 3D")]


def test_G3_ace_is_the_lowest_cut() -> None:
    rng = _ScriptedCut(["2C AS KD"])
    dealer, rounds = cut_for_dealer(3, rng)  # type: ignore[arg-type]
    assert dealer == 1 and len(rounds) == 1


def test_G3_the_cut_is_public_in_every_players_view() -> None:
    game = new_game(get_variant("classic"), list(NAMES[:4]), seed=11)
    for seat in range(4):
        view = game.view(seat)
        assert view.cut == tuple(game.state.cut) and view.cut
        assert view.first_dealer == game.state.first_dealer
    game.apply(DrawStock())
    assert game.view(2).cut == tuple(game.state.cut)  # still shown later in the match


def test_G3_cut_is_shown_and_followed_by_new_game() -> None:
    ties = 0
    for seed in range(60):
        game = new_game(get_variant("european"), list(NAMES[:8]), seed=seed)
        state = game.state
        assert state.cut, "the cut is recorded so it can be shown"
        assert state.cut[0].seats == tuple(range(8))
        for earlier, later in zip(state.cut, state.cut[1:], strict=False):
            lowest = min(card.rank for card in earlier.cards)
            tied = tuple(
                seat
                for seat, card in zip(earlier.seats, earlier.cards, strict=True)
                if card.rank == lowest
            )
            assert len(tied) > 1 and later.seats == tied
            ties += 1
        last = state.cut[-1]
        assert not any(card.is_joker for cut in state.cut for card in cut.cards)
        lowest = min(card.rank for card in last.cards)
        winners = [s for s, card in zip(last.seats, last.cards, strict=True) if card.rank == lowest]
        assert winners == [state.first_dealer]
        assert state.deal.dealer == state.first_dealer
        # The player left of the dealer plays first.
        assert game.current == (state.first_dealer + 1) % 8
    assert ties > 0, "some seed should show a tie being cut again"


def test_G3_later_deals_pass_to_the_left() -> None:
    rules = get_variant("classic", target_score=10_000)
    game = new_game(rules, ["Anna", "Bob", "Cleo"], deck=quick_deck(rules, 3, 0), dealer=0)
    dealers = [game.state.deal.dealer]
    for _ in range(3):
        go_out_now(game)  # the player left of the dealer wins every deal
        assert game.phase is Phase.DEAL_OVER
        left = (game.state.deal.dealer + 1) % 3
        game.apply(StartDeal(deck=tuple(quick_deck(rules, 3, left))))
        dealers.append(game.state.deal.dealer)
        assert game.current == (game.state.deal.dealer + 1) % 3
    go_out_now(game)
    game.apply(StartDeal())  # the engine shuffles: the deal still passes left
    dealers.append(game.state.deal.dealer)
    assert dealers == [0, 1, 2, 0, 1]


# --------------------------------------------------------------------------- G-4 the deal


def test_G4_deal_one_card_at_a_time_from_the_left_of_the_dealer() -> None:
    rules = get_variant("classic")
    order = full_deck(rules, 3)
    random.Random(4).shuffle(order)
    game = new_game(rules, ["Anna", "Bob", "Cleo"], deck=order, dealer=2)
    hands = game.state.deal.hands
    # 3 players get 7 cards; the first card goes to the seat left of the dealer (seat 0).
    assert hands[0] == order[0:21:3]
    assert hands[1] == order[1:21:3]
    assert hands[2] == order[2:21:3]
    assert game.state.deal.discard == [order[21]], "the next card is turned up"
    assert game.current == 0
    game.apply(DrawStock())
    assert hands[0][-1] == order[22], "the stock continues from the next card"


# --------------------------------------------------------------------------- G-5 melds


def test_G5_groups_and_runs_of_three_or_more() -> None:
    game = deal(
        "classic",
        ["7H 8S 9H 10H 5C 5D 5S 3D 8H KC", "2C 3C 4C 6S 7S 8C 9C JD QD KD"],
        "AS",
        "4S",
    )
    game.apply(DrawStock(), seat=1)
    game.apply(Discard(card=c("4S")))
    game.apply(DrawStock())
    reason = assert_refused(game, Meld(cards=tuple(cs("7H 8S 9H"))), "G-5")
    assert "A run needs cards of one suit: 7H 8S 9H" in reason
    assert_refused(game, Meld(cards=tuple(cs("5C 5D"))), "G-5")
    assert_refused(game, Meld(cards=tuple(cs("7H 9H 10H"))), "G-5")
    assert_refused(game, Meld(cards=tuple(cs("5C 5D 3D"))), "G-5")
    game.apply(Meld(cards=tuple(cs("5C 5D 5S"))))
    game.apply(Meld(cards=tuple(cs("10H 8H 9H"))))
    assert [m.kind.value for m in game.state.deal.melds] == ["group", "run"]
    assert meld_faces(game, 2) == ["8H", "9H", "10H"]


# --------------------------------------------------------------------------- G-6 wild cards


def test_G6_wild_card_stands_for_the_card_named() -> None:
    rules = get_variant("double")
    readings = meld_readings(rules, cs("7H 6H JK"))
    named = {str(reading.wild_naming(rules)[c("JK")]) for reading in readings}
    assert named == {"8H", "5H"}, "more than one card is possible, so the player names it"
    game = deal(
        "double",
        ["7H 6H JK 2C 3C 4C 9S 9D KS KD", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
        "QC",
        "8C 5C",
    )
    cycle(game, 1)
    game.apply(DrawStock())
    meld = Meld(cards=tuple(cs("7H 6H JK")), faces=tuple(map(parse_face, ["7H", "6H", "5H"])))
    wrong = Meld(cards=tuple(cs("7H 6H JK")), faces=tuple(map(parse_face, ["7H", "6H", "9H"])))
    assert_refused(game, wrong, "G-6")
    game.apply(meld)
    assert meld_faces(game, 1) == ["5H", "6H", "7H"]
    joker = game.state.deal.melds[0].cards[0]
    assert joker.card == c("JK") and joker.face == parse_face("5H") and joker.is_standing_in


def test_G6_every_meld_holds_a_natural_card() -> None:
    double = get_variant("double")
    assert not is_valid_meld(double, cs("JK JK JK"))
    problem = said(meld_refusal(double, cs("JK JK JK")))
    assert problem is not None
    assert_one_sentence_with_rule(problem, "G-6")
    twos = get_variant("european", twos_wild=True)
    # A two standing as itself is a natural card; twos that stand for other cards are not.
    assert is_valid_meld(twos, cs("2C JK JK"))
    game = deal(
        "european",
        ["3C 5C 7C 9C JC KC 4D 6D 8D 3S 5S 7S AC KH AD", "2C 2D JK " + " ".join(_TWELVE)],
        "4S",
        "6S",
        twos_wild=True,
    )
    wilds = tuple(cs("2C 2D JK"))
    wild_only = MeldSpec(cards=wilds, faces=tuple(map(parse_face, ["5H", "6H", "7H"])))
    rest = tuple(MeldSpec(cards=tuple(cs(run))) for run in _TWELVE_RUNS)
    reason = assert_refused(game, GoOut(melds=(wild_only, *rest)), "G-6")
    assert "natural" in reason
    # The same cards with the two of clubs standing as itself are a meld.
    as_itself = MeldSpec(cards=wilds, faces=tuple(map(parse_face, ["2C", "AC", "3C"])))
    game.apply(GoOut(melds=(as_itself, *rest)))
    assert game.state.results[-1].winner == 1


_TWELVE_RUNS = ["9S 10S JS QS", "9D 10D JD QD", "9H 10H JH QH"]
_TWELVE = " ".join(_TWELVE_RUNS).split()


def test_G6_wild_card_on_the_table_never_returns_to_a_hand() -> None:
    game = deal(
        "double",
        ["7H 6H JK 8H 3C 4C 9S 9D KS KD", "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"],
        "QC",
        "8C 5C 5D",
    )
    cycle(game, 1)
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 6H JK"))))
    assert meld_faces(game, 1) == ["6H", "7H", "8H"]
    game.apply(LayOffCard(card=c("8H"), meld_id=1))  # the joker moves, it is not returned
    assert c("JK") not in game.state.deal.hands[0]
    assert any(placed.card == c("JK") for placed in game.state.deal.melds[0].cards)
    for action in game.legal_actions():
        trial = game.copy()
        trial.apply(action)
        assert c("JK") not in trial.state.deal.hands[0]


# --------------------------------------------------------------------------- G-7, G-8


def test_G7_a_turn_ends_with_one_discard() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"],
        "KS",
        "QS JS",
    )
    game.apply(DrawStock())
    assert_refused(game, DrawStock(), "C-2")
    game.apply(Discard(card=c("QS")))
    assert game.current == 0 and game.phase is Phase.DRAW
    assert_refused(game, Discard(card=c("10C")), "G-2", seat=1)
    assert_refused(game, Discard(card=c("AH")), "C-2")
    assert len(game.state.deal.hands[1]) == 10


def test_G8_no_immediate_return() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"],
        "KS",
        "QS JS 9D",
    )
    game.apply(TakeDiscard())
    reason = assert_refused(game, Discard(card=c("KS")), "G-8")
    assert "KS" in reason
    game.apply(Discard(card=c("10C")))
    game.apply(DrawStock())
    game.apply(Discard(card=c("QS")))
    game.apply(DrawStock())
    game.apply(Discard(card=c("KS")))  # a later turn may discard it
    assert game.state.deal.discard[-1] == c("KS")


def test_G8_a_meld_that_leaves_only_the_taken_card_is_legal_when_it_can_go_down() -> None:
    game = deal(
        "classic",
        ["AC 2C 3C 4C 5C 6C 7C 8C 10C JC", "AH 2H 3H 4H 9C 9D 9S KC KD KH"],
        "KS",
        "QS JS 10D",
    )
    game.apply(TakeDiscard())
    game.apply(Meld(cards=tuple(cs("AH 2H 3H 4H"))))
    game.apply(Meld(cards=tuple(cs("9C 9D 9S"))))
    # Melding KC KD KH leaves only KS, taken this turn, but KS can then join the kings.
    game.apply(Meld(cards=tuple(cs("KC KD KH"))))
    game.apply(LayOffCard(card=c("KS"), meld_id=last_meld_id(game)))
    assert game.state.results[-1].winner == 1 and not game.state.deal.hands[1]


# --------------------------------------------------------------------------- G-9


def _play_until_over(game: Game, limit: int = 2000) -> None:
    for _ in range(limit):
        if game.phase is not Phase.DRAW:
            return
        cycle(game, 1)
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(("variant", "limit"), [("classic", 3), ("classic", 5), ("european", 3)])
def test_G9_dead_hand_after_the_stock_is_rebuilt_the_limit(variant: str, limit: int) -> None:
    options = {} if limit == 3 else {"rebuild_limit": limit}
    rules = get_variant(variant, **options)
    game = new_game(rules, list(NAMES[:6]), seed=21, dealer=2)
    _play_until_over(game)
    result = game.state.results[-1]
    assert result.dead and result.winner is None
    assert game.state.deal.rebuilds == limit
    assert result.ending is not None and result.ending.code == "dead"
    assert "(G-9)" in ending_words(result.ending, "") and not result.lines
    assert game.state.scores == [0] * 6 and game.state.deals_scored == 0
    assert game.phase is Phase.DEAL_OVER
    game.apply(StartDeal())
    assert game.state.deal.dealer == 2, "the same dealer deals again"
    assert game.state.deal.deal_number == 2 and game.state.deals_scored == 0


def test_G9_unlimited_rebuilds_option_never_voids_the_deal() -> None:
    rules = get_variant("classic", rebuild_limit=None)
    game = new_game(rules, list(NAMES[:6]), seed=21, dealer=2)
    for _ in range(15 * 8 + 20):
        cycle(game, 1)
    assert game.phase is Phase.DRAW and game.state.deal.rebuilds >= 7


@pytest.mark.parametrize("variant", ["classic", "boathouse", "double", "european"])
def test_G9_rebuild_limit_is_a_table_option(variant: str) -> None:
    rules = get_variant(variant)
    spec = next(option for option in rules.options if option.field == "rebuild_limit")
    assert spec.choices == (3, 5, None)
    assert rules.rebuild_limit == 3


# --------------------------------------------------------------------------- G-10


def test_G10_refusals_name_a_rule_and_change_nothing() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"],
        "KS",
        "QS JS 9D",
    )
    assert_refused(game, Discard(card=c("AC")), "C-2")
    assert_refused(game, Meld(cards=tuple(cs("AC 2C 3C"))), "C-2")
    assert_refused(game, DrawTwo(first="discard", second="stock"), "C-2")
    assert_refused(game, TakeDiscard(count=2), "C-2")
    assert_refused(game, EndDeal(), "R-10")
    assert_refused(game, GoOut(melds=()), "C-3")
    assert_refused(game, StartDeal(), "G-4")
    game.apply(DrawStock())
    assert_refused(game, Discard(card=c("AH")), "G-1")  # not in Bob's hand
    assert_refused(game, Meld(cards=(c("AC"), c("AC"), c("2C"))), "G-1")
    assert_refused(game, LayOffCard(card=c("4C"), meld_id=7), "C-2")
    game.apply(Meld(cards=tuple(cs("AC 2C 3C"))))
    assert_refused(game, LayOffCard(card=c("10C"), meld_id=1), "C-2")
    assert_refused(game, Meld(cards=tuple(cs("5C 7C 9C"))), "G-5")


def test_G10_refusals_after_the_deal_and_the_match() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3C 4C 5C 6C 7C 8C 9C KD"],
        "KS",
        "10C JS",
        target_score=5,
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"))))
    game.apply(Discard(card=c("KD")))
    assert game.phase is Phase.MATCH_OVER
    assert_refused(game, DrawStock(), "C-6")
    assert_refused(game, StartDeal(), "C-6")


_VARIANT_OPTIONS: list[tuple[str, dict[str, object]]] = [
    ("classic", {}),
    ("boathouse", {}),
    ("boathouse", {"draw_rule": "hoyle"}),
    ("double", {}),
    ("rummy500", {}),
    ("rummy500", {"discard_to_go_out": True}),
    ("european", {"twos_wild": True}),
]


@pytest.mark.parametrize(("variant", "options"), _VARIANT_OPTIONS)
def test_G10_every_refusal_is_one_sentence_naming_a_rule(
    variant: str, options: dict[str, object]
) -> None:
    """Random play, trying random (mostly illegal) actions at every step."""
    rules = get_variant(variant, **options)
    game = new_game(rules, ["Anna", "Bob", "Cleo"], seed=5)
    rng = random.Random(f"{variant}{options}")
    deck = full_deck(rules, 3)
    refused = 0
    for _ in range(60):
        if game.is_over:
            break
        hand = game.state.deal.hands[game.current]
        trials: list[object] = [
            DrawStock(),
            TakeDiscard(count=rng.randint(1, 3)),
            DrawTwo(
                first=rng.choice(["stock", "discard"]), second=rng.choice(["stock", "discard"])
            ),
            EndDeal(),
            StartDeal(),
            Discard(card=rng.choice(deck)),
            Discard(card=rng.choice(hand)),
            GoOut(melds=()),
            GoOut(melds=(), discard=rng.choice(hand)),
            GoOut(melds=(MeldSpec(cards=tuple(hand[:3])),)),
            LayOffCard(card=rng.choice(hand), meld_id=rng.randint(1, 4)),
            LayOffCard(
                card=rng.choice(hand), meld_id=rng.randint(1, 4), face=rng.choice(deck).face
            ),
        ]
        for cards in list(combinations(hand, 3))[:40]:
            if rng.random() < 0.2:
                trials.append(Meld(cards=cards))
            if rng.random() < 0.1:
                faces = tuple(rng.choice(deck).face for _ in cards)
                trials.append(Meld(cards=cards, faces=faces))
        for action in trials:
            seat = rng.choice([None, None, rng.randrange(3)])
            if game.can(action, seat):  # type: ignore[arg-type]
                continue
            _refused_any(game, action, seat)
            refused += 1
        game.apply(rng.choice(game.legal_actions()))
    assert refused > 100


def _refused_any(game: Game, action: object, seat: int | None) -> None:
    before = game.to_json()
    with pytest.raises(IllegalAction) as caught:
        game.apply(action, seat)  # type: ignore[arg-type]
    assert game.to_json() == before
    assert_one_sentence_with_rule(refusal_sentence(caught.value))


def test_G10_new_game_refusals_name_a_rule() -> None:
    rules = get_variant("classic")
    for names in (["Anna", ""], ["Anna", "anna"], ["Anna", "B" * 40]):
        with pytest.raises(IllegalAction) as caught:
            new_game(rules, names, seed=1)
        assert_one_sentence_with_rule(refusal_sentence(caught.value), "G-2")
    with pytest.raises(IllegalAction) as caught:
        new_game(rules, ["Anna", "Bob"], seed=1, dealer=5)
    assert_one_sentence_with_rule(refusal_sentence(caught.value), "G-2")


# --------------------------------------------------------------------------- G-11


def test_G11_every_deal_is_recorded_and_replays() -> None:
    rules = get_variant("classic", target_score=1000)
    game = new_game(rules, ["Anna", "Bob"], seed=99, dealer=0)
    again = new_game(rules, ["Anna", "Bob"], seed=99, dealer=0)
    assert game.state.deal.deck == again.state.deal.deck, "the seed reproduces the shuffle"
    first = game.state.log[0]
    assert isinstance(first.action, StartDeal) and first.deal_number == 1
    assert list(first.action.deck or ()) == game.state.deal.deck
    assert len(game.state.deal.deck) == 52
    hands_one = [list(hand) for hand in game.state.deal.hands]
    replay = new_game(rules, ["Anna", "Bob"], deck=list(first.action.deck or ()), dealer=0)
    assert [list(hand) for hand in replay.state.deal.hands] == hands_one
    # Deal 2, shuffled by the engine, is recorded in its StartDeal record.
    game = new_game(rules, ["Anna", "Bob"], deck=quick_deck(rules, 2, 1), dealer=1, seed=99)
    go_out_now(game)
    record = game.apply(StartDeal())
    assert isinstance(record.action, StartDeal) and record.seat is None
    assert record.action.deck is not None
    assert list(record.action.deck) == game.state.deal.deck
    assert len(record.action.deck) == 52
    assert game.state.log[-1] == record
    again = new_game(rules, ["Anna", "Bob"], deck=list(record.action.deck), dealer=0)
    assert again.state.deal.hands == game.state.deal.hands
    # The players see that a deal started, not its card order (P-1).
    public = game.view(0).log
    assert all(entry.action.deck is None for entry in public if isinstance(entry.action, StartDeal))


def test_G11_recorded_deck_must_hold_every_card() -> None:
    game = deal(
        "classic",
        ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "AC 2C 3C 4C 5C 6C 7C 8C 9C KD"],
        "KS",
        "10C JS",
        target_score=1000,
    )
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"))))
    game.apply(Discard(card=c("KD")))
    assert_refused(game, StartDeal(deck=tuple(cs("AS 2S"))), "G-11")
    full = full_deck(game.rules, 2)
    game.apply(StartDeal(deck=tuple(full)))
    assert game.state.deal.deck == full


def test_G1_faces_of_several_packs_are_equal_for_rules() -> None:
    double = get_variant("double")
    assert is_valid_meld(double, [c("KS"), c("KS.1"), c("KD")])
    assert Face(13, c("KS").suit) is c("KS.1").face
