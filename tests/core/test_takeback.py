"""P-4: taking back moves of one's own turn, decided by the core for every variant."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy_tui.core import (
    VARIANT_IDS,
    Discard,
    DrawStock,
    DrawTwo,
    Game,
    GoOut,
    IllegalAction,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    new_game,
    parse_face,
)
from rummy_tui.core.takeback import (
    TAKE_BACK_CODES,
    TakeBackRefused,
    merge_log,
    newest_move,
    notes_from_extra,
    notes_to_extra,
    public_log,
)
from rummy_tui.core.variants import DrawRule
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.i18n.refusals import refusal_sentence
from tests.core.helpers import (
    NAMES,
    assert_cards_conserved,
    assert_one_sentence_with_rule,
    c,
    cs,
    cycle,
    deal,
    go_out_now,
    quick_deck,
)

HIDDEN = "The card you drew from the stock was hidden; it cannot be taken back (P-4)."


def _play_state(game: Game) -> dict[str, Any]:
    """Everything of the match but the take-back notes (which only the public log shows)."""
    return game.state.model_dump(exclude={"take_back_notes"})


def _refusal(game: Game, code: str, seat: int | None = None) -> str:
    """The take-back is refused with ``code``, one sentence naming P-4, the game unchanged."""
    before = game.to_json()
    assert not game.can_take_back(seat)
    refusal = game.take_back_refusal(seat)
    assert isinstance(refusal, TakeBackRefused) and refusal.code == code
    with pytest.raises(IllegalAction) as caught:
        game.take_back(seat)
    assert isinstance(caught.value, TakeBackRefused) and caught.value.code == code
    assert caught.value.rule == "P-4"
    assert game.to_json() == before, "a refused take-back changed the game"
    assert_one_sentence_with_rule(refusal_sentence(caught.value), "P-4")
    assert code in TAKE_BACK_CODES
    return refusal_sentence(caught.value)


def _taken_back(game: Game, action: Any, text: str) -> None:
    """Apply ``action``, take it back: the game is as before and the note says so."""
    before = game.copy()
    game.apply(action)
    assert game.can_take_back()
    note = game.take_back()
    assert entry_sentence(note) == text
    assert _play_state(game) == _play_state(before)
    assert game.state.take_back_notes[-1] == note
    assert_cards_conserved(game)


# --------------------------------------------------------------------------- Classic


def _classic() -> Game:
    # Bob (seat 1) plays first: he holds 7H 8H 9H and 5S for Anna's 5s later.
    return deal(
        "classic",
        ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 5C 2S JS 3H AC QS"],
        "3D",
        "KS 4S 9D 9C",
    )


def test_P4_classic_meld_is_taken_back_and_logged() -> None:
    game = _classic()
    game.apply(DrawStock())
    _taken_back(game, Meld(cards=tuple(cs("7H 8H 9H"))), "Bob took back: meld 7H 8H 9H")
    assert game.phase is Phase.PLAY and game.current == 1
    assert [entry_sentence(entry) for entry in public_log(game)][
        -1
    ] == "Bob took back: meld 7H 8H 9H"


def test_P4_classic_moves_go_back_newest_first_down_to_the_stock_draw() -> None:
    game = _classic()
    game.apply(DrawStock())  # KS
    after_draw = game.copy()
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    _taken_back(game, Discard(card=c("KS")), "Bob took back: discard KS")
    game.take_back()  # the meld
    assert _play_state(game) == _play_state(after_draw)
    assert _refusal(game, "takeback.hidden_card") == HIDDEN
    assert [entry_sentence(note) for note in game.state.take_back_notes] == [
        "Bob took back: discard KS",
        "Bob took back: meld 7H 8H 9H",
    ]


def test_P4_classic_lay_off_is_taken_back() -> None:
    game = deal(
        "classic",
        ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 5C 2S JS 3H AC QS"],
        "3D",
        "KS 4S 10H",
    )
    game.apply(DrawStock())  # KS
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    game.apply(Discard(card=c("KS")))
    cycle(game, 1)  # Anna draws 4S and discards it
    game.apply(DrawStock())  # 10H
    _taken_back(
        game, LayOffCard(card=c("10H"), meld_id=1), "Bob took back: lay-off of 10H on meld 1"
    )
    assert c("10H") in game.state.deal.hands[1]


def test_P4_classic_pile_take_is_taken_back() -> None:
    game = _classic()
    _taken_back(game, TakeDiscard(), "Bob took back: taking the top card of the discard pile")
    assert game.phase is Phase.DRAW and game.state.deal.discard == cs("3D")


def test_P4_classic_discard_until_the_next_player_acts() -> None:
    game = _classic()
    game.apply(DrawStock())
    before = game.copy()
    game.apply(Discard(card=c("2S")))
    assert game.current == 0 and game.phase is Phase.DRAW
    # Anna, to act, has no move of her own to take back, and Bob's discard is not hers.
    assert "Anna has made no move this turn" in _refusal(game, "takeback.nothing", seat=0)
    move = newest_move(game)
    assert move is not None and move.seat == 1 and move.action == Discard(card=c("2S"))
    game.take_back(seat=1)
    assert _play_state(game) == _play_state(before)
    assert game.current == 1 and game.phase is Phase.PLAY
    game.apply(Discard(card=c("2S")))
    game.apply(DrawStock())  # Anna acts: Bob's discard is now out of reach
    reason = _refusal(game, "takeback.hidden_card")
    assert reason == HIDDEN
    assert newest_move(game) is None
    assert (
        _refusal(game, "takeback.not_yours", seat=1) == "Only Anna may take back Anna's move (P-4)."
    )


def test_P4_the_deal_itself_is_never_taken_back() -> None:
    game = _classic()
    assert "deal" in _refusal(game, "takeback.nothing")


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P4_nothing_after_the_deal_has_ended(variant: str) -> None:
    rules = get_variant(variant)
    game = new_game(rules, list(NAMES[:3]), deck=quick_deck(rules, 3, 0), dealer=0)
    go_out_now(game)
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    _refusal(game, "takeback.deal_over")
    if game.phase is Phase.DEAL_OVER:
        game.apply(StartDeal())
        _refusal(game, "takeback.nothing")


def test_P4_going_out_by_melding_is_never_taken_back() -> None:
    hands = ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 6D 7D 2S 2H 2D KH"]
    game = deal("classic", hands, "3D", "8D")
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    game.apply(Meld(cards=tuple(cs("5D 6D 7D 8D"))))
    game.apply(Meld(cards=tuple(cs("2S 2H 2D"))))
    game.apply(Discard(card=c("KH")))
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    _refusal(game, "takeback.deal_over")


def test_P4_switched_off_when_the_match_starts() -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=3, take_backs=False)
    game.apply(TakeDiscard())
    assert _refusal(game, "takeback.off") == "Take-backs are off in this match (P-4)."


# --------------------------------------------------------------------------- Rummy 500


def _dig_position() -> Game:
    """Pile 5D (bottom), KS, QD (top); Bob to draw, holding 6D 7D (and 7S 7C)."""
    game = deal(
        "rummy500",
        ["2C 3C 4C 5C 6C 8C 9C 10C JC QC KC AC 3D", "6D 7D 7S 7C 9S 10S JS 2H 4H 6H 8H 10H QH"],
        "5D",
        "KS QD",
    )
    cycle(game, 2)
    return game


def test_P4_rummy500_dig_with_its_duty_is_taken_back() -> None:
    game = _dig_position()
    before_dig = game.copy()
    game.apply(TakeDiscard(count=3))
    assert game.state.deal.turn.must_use == c("5D")
    before_meld = game.copy()
    game.apply(Meld(cards=tuple(cs("5D 6D 7D"))))
    assert game.state.deal.turn.must_use is None
    note = game.take_back()
    assert entry_sentence(note) == "Bob took back: meld 5D 6D 7D"
    assert _play_state(game) == _play_state(before_meld)
    assert game.state.deal.turn.must_use == c("5D")  # the duty is back
    note = game.take_back()
    assert entry_sentence(note) == "Bob took back: taking 3 cards from the discard pile"
    assert _play_state(game) == _play_state(before_dig)
    assert game.state.deal.turn.must_use is None
    assert game.state.deal.discard == cs("5D KS QD")
    assert game.view(0).discard_pile == tuple(cs("5D KS QD"))
    _refusal(game, "takeback.nothing", seat=1)  # the newest move is Anna's discard
    assert_cards_conserved(game)


# --------------------------------------------------------------------------- Double Rum


def test_P4_double_joker_move_is_taken_back() -> None:
    hand = "7H 6H JK 4H 5H 8H 9H 3S 5S 7S"
    game = deal("double", ["3S 4S 6S 8S 10S QS 3D 5D 7D 9D", hand], "KC", "2C")
    game.apply(DrawStock())
    faces = tuple(parse_face(face) for face in ("7H", "6H", "8H"))
    meld = Meld(cards=tuple(cs("7H 6H JK")), faces=faces)
    game.apply(meld)
    before = game.copy()
    record = game.apply(LayOffCard(card=c("8H"), meld_id=1))
    assert "joker moves" in entry_sentence(record)
    note = game.take_back()
    assert entry_sentence(note) == "Bob took back: lay-off of 8H on meld 1"
    assert _play_state(game) == _play_state(before)
    placed = game.state.deal.melds[0].cards
    assert [p.card for p in placed] == cs("6H 7H JK") and not placed[-1].moved
    taken = game.take_back()  # the joker written as the table writes it, not "JK" alone
    assert entry_sentence(taken) == "Bob took back: meld 6H 7H JK=8H"
    assert [(p.card, p.face) for p in taken.cards] == list(
        zip(cs("6H 7H JK"), faces[1::-1] + faces[2:], strict=True)
    )
    assert _refusal(game, "takeback.hidden_card") == HIDDEN


# --------------------------------------------------------------------------- Boathouse


BOAT_WINNER = "3D 2D AD KD QD 7S 7H 7C 4S 5S"
BOAT_LOSER = "8H 9H 10H 10S 10C 5D KS KC AS 2C"


def _boathouse(**options: object) -> Game:
    return deal("boathouse", [BOAT_LOSER, BOAT_WINNER], "8C", "6S 10D JD QH", **options)


@pytest.mark.parametrize(
    "draw",
    [DrawStock(), DrawTwo(first="discard", second="stock"), DrawTwo(first="stock", second="stock")],
)
def test_P4_boathouse_draws_that_saw_a_stock_card_are_never_taken_back(draw: Any) -> None:
    game = _boathouse()
    game.apply(draw)
    assert _refusal(game, "takeback.hidden_card") == HIDDEN


def test_P4_boathouse_discard_is_taken_back() -> None:
    game = _boathouse()
    game.apply(DrawTwo(first="discard", second="stock"))
    _taken_back(game, Discard(card=c("2D")), "Bob took back: discard 2D")


def test_P4_hoyle_two_discards_reveal_nothing_and_are_taken_back() -> None:
    game = _boathouse(draw_rule=DrawRule.HOYLE)
    game.apply(DrawTwo(first="discard", second="stock"))
    game.apply(Discard(card=c("2D")))
    game.apply(DrawStock())
    game.apply(Discard(card=c("2C")))
    _taken_back(
        game,
        DrawTwo(first="discard", second="discard"),
        "Bob took back: two-card draw (discard + discard)",
    )


# --------------------------------------------------------------------------- European


def test_P4_european_pile_take_and_discard_are_taken_back_stock_draw_is_not() -> None:
    rules = get_variant("european")
    game = new_game(rules, ["Anna", "Bob", "Cleo"], seed=5)
    seat = game.current
    name = game.players[seat]
    top = game.state.deal.discard[-1]
    _taken_back(game, TakeDiscard(), f"{name} took back: taking the top card of the discard pile")
    game.apply(DrawStock())
    assert _refusal(game, "takeback.hidden_card") == HIDDEN
    card = game.state.deal.hands[seat][0]
    _taken_back(game, Discard(card=card), f"{name} took back: discard {card}")
    assert top in game.state.deal.discard


def test_P4_european_going_out_is_never_taken_back() -> None:
    rules = get_variant("european")
    game = new_game(rules, list(NAMES[:3]), deck=quick_deck(rules, 3, 0), dealer=0)
    game.apply(GoOut(melds=()))
    _refusal(game, "takeback.deal_over")


# --------------------------------------------------------------------------- every variant


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P4_random_play_every_take_back_restores_the_game(variant: str) -> None:
    """Seeded random play; whenever a take-back is allowed it is tried, and the game must be
    exactly the copy kept before the move, and play goes on from there."""
    rng = random.Random(f"takeback-{variant}")
    game = new_game(get_variant(variant), list(NAMES[:3]), seed=17)
    copies: list[Game] = []
    taken = refused = 0
    for _ in range(300):
        if game.is_over:
            break
        if game.phase is Phase.DEAL_OVER:
            game.apply(StartDeal())
            copies = []
            continue
        if copies and rng.random() < 0.3:
            if game.can_take_back():
                game.take_back()
                assert _play_state(game) == _play_state(copies.pop())
                taken += 1
                continue
            refused += 1
            _refusal(game, game.take_back_refusal().code)  # type: ignore[union-attr]
        copies.append(game.copy())
        game.apply(rng.choice(game.legal_actions()))
    assert taken > 5 and refused > 5


def test_P4_notes_merge_into_the_public_log_and_survive_extra() -> None:
    game = _classic()
    game.apply(DrawStock())
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    game.take_back()
    game.apply(Discard(card=c("2S")))
    texts = [entry_sentence(entry) for entry in public_log(game)]
    assert texts[-2:] == ["Bob took back: meld 7H 8H 9H", "Bob discards 2S."]
    saved = notes_to_extra(game)
    fresh = game.copy()
    fresh.state.take_back_notes = []
    notes_from_extra(fresh, [*saved, {"nonsense": 1}, "x"])
    assert fresh.state.take_back_notes == game.state.take_back_notes
    assert merge_log([], game.state.take_back_notes) == game.state.take_back_notes


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P2_P4_the_public_log_of_a_view_follows_take_backs(variant: str) -> None:
    """A view's log is worked out from a memo that must follow every change of the log: moves,
    take-backs (which cut it short) and take-backs followed by other moves of the same length.
    After each step it equals the log of a fresh copy of the match, with no deal's card order
    in it (P-2)."""
    rng = random.Random(f"memo:{variant}")
    game = new_game(get_variant(variant), NAMES[:3], seed=rng.randrange(1000))
    compared = 0
    for _step in range(240):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        if game.can_take_back() and rng.random() < 0.5:
            game.take_back()
        else:
            game.apply(rng.choice(game.legal_actions()))
        if rng.random() < 0.3:  # the memo is also left behind across several changes
            fresh = Game.from_json(game.to_json()).view(-1).log
            assert game.view(-1).log == fresh
            assert StartDeal() in [record.action for record in fresh]
            assert all(
                record.action == StartDeal()
                for record in fresh
                if isinstance(record.action, StartDeal)
            )
            compared += 1
    assert compared > 10
