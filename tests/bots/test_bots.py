"""Computer players: legal whole deals at every level, privacy, determinism and key choices."""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from rummy_tui.bots import ALL_LEVELS, LEVELS, Bot, make_bot
from rummy_tui.bots.memory import Memory
from rummy_tui.core import (
    Action,
    DrawStock,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    PlayerView,
    StartDeal,
    TakeDiscard,
    get_variant,
    new_game,
    parse_cards,
)
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.tools.simulate import check_invariants, simulate
from tests.core.helpers import deal

NAMES = [f"P{number}" for number in range(12)]


def play_deal(game: Game, chooser: Any, limit: int = 5000) -> None:
    """Play the current deal to its end; every choice must be one of the legal actions."""
    for _ in range(limit):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            return
        legal = game.legal_actions()
        assert legal, "the seat to act has no legal action"
        action = chooser(game, legal)
        assert action in legal
        game.apply(action)
        assert check_invariants(game, check_legal=False) == []
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("level", ALL_LEVELS)
@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("classic", {}),
        ("boathouse", {}),
        ("double", {}),
        ("rummy500", {}),
        ("european", {}),
    ],
)
def test_every_level_plays_a_whole_deal_legally(
    level: str, variant: str, options: dict[str, Any]
) -> None:
    report = simulate(variant, [level, level], deals=1, seed=5, options=options)
    assert report.violations == []
    assert report.deals_finished == 1


@pytest.mark.parametrize(
    ("variant", "seats", "options"),
    [
        ("classic", ["hard", "normal", "easy"], {}),
        ("boathouse", ["hard", "easy", "normal", "random"], {"draw_rule": "hoyle"}),
        ("boathouse", ["normal", "hard"], {"unmatched_value": "per_card"}),
        ("double", ["hard", "normal", "easy", "hard", "normal", "easy"], {}),
        ("rummy500", ["hard", "normal"], {"jokers_per_pack": 1, "top_discard_free": True}),
        ("rummy500", ["hard", "normal", "easy", "hard", "normal"], {"discard_to_go_out": True}),
        ("rummy500", ["hard", "normal", "hard", "easy"], {"partnerships": True}),
        ("european", ["hard", "normal", "easy"], {"twos_wild": True, "ace_rule": "around"}),
    ],
)
def test_mixed_tables_and_options_play_legally(
    variant: str, seats: list[str], options: dict[str, Any]
) -> None:
    report = simulate(variant, seats, deals=2, seed=9, options=options)
    assert report.violations == []
    assert report.deals_finished == 2


def test_one_human_and_eleven_computers_play_european() -> None:
    rules = get_variant("european", twos_wild=True)
    game = new_game(rules, NAMES, seed=12)
    bots = {seat: make_bot(LEVELS[seat % 3], seed=seat) for seat in range(1, 12)}
    person = random.Random(4)

    def choose(table: Game, legal: list[Action]) -> Action:
        seat = table.current
        if seat == 0:
            return person.choice(legal)  # the human seat: any legal choice
        return bots[seat].choose(table.view(seat), legal)

    play_deal(game, choose)
    assert game.state.results[-1].changes


def _strings(value: Any) -> set[str]:
    """Every string inside a dumped model."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(_strings(item) for item in value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*(_strings(item) for item in value)) if value else set()
    return set()


def _public_cards(view: PlayerView) -> set[str]:
    shown: set[str] = {card.key for card in view.discard_pile}
    shown |= {placed.card.key for meld in view.melds for placed in meld.cards}
    shown |= {card.key for card in view.taken_from_discard}  # taken face up this turn
    for record in view.log:
        shown |= _strings(record.action.model_dump())
    return shown


@pytest.mark.parametrize("variant", ["classic", "rummy500", "european"])
def test_P1_a_view_holds_no_other_hand(variant: str) -> None:
    game = new_game(get_variant(variant), NAMES[:3], seed=21)
    bots = [make_bot("normal", seat) for seat in range(3)]
    for _ in range(30):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            break
        for seat in range(3):
            view = game.view(seat)
            # The cut for the first dealer is public (G-3) and drawn from a pack of its own.
            dumped = _strings(view.model_dump(exclude={"cut"}))
            public = _public_cards(view)
            for other in range(3):
                if other == seat:
                    continue
                hidden = {card.key for card in game.state.deal.hands[other]} - public
                assert not (hidden & dumped), f"seat {seat} sees {hidden & dumped}"
            assert all(
                record.action.deck is None
                for record in view.log
                if isinstance(record.action, StartDeal)
            )
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))


def test_P1_the_bot_api_takes_a_view_and_actions_only() -> None:
    parameters = inspect.signature(Bot.choose).parameters
    assert list(parameters) == ["self", "view", "legal"]
    assert parameters["view"].annotation in ("PlayerView", PlayerView)
    assert "Sequence[Action]" in str(parameters["legal"].annotation)
    fields = set(PlayerView.model_fields)
    assert not fields & {"state", "deal", "hands", "stock", "deck", "game"}

    seen: list[type] = []

    class Spy(Bot):
        def decide(self, view: PlayerView, legal: list[Action], rng: random.Random) -> Action:
            seen.append(type(view))
            seen.extend(type(action) for action in legal)
            return legal[0]

    game = new_game(get_variant("classic"), NAMES[:2], seed=3)
    spy = Spy(seed=1)
    for _ in range(6):
        game.apply(spy.choose(game.view(game.current), game.legal_actions()))
    assert PlayerView in seen
    assert not any(issubclass(kind, Game) for kind in seen)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    def run() -> list[str]:
        game = new_game(get_variant("double"), NAMES[:3], seed=8)
        bots = [make_bot(level, seed=seat + 40) for seat in range(3)]
        texts: list[str] = []
        play_deal(
            game,
            lambda table, legal: bots[table.current].choose(table.view(table.current), legal),
        )
        texts = [entry_sentence(record) for record in game.state.log]
        return texts

    assert run() == run()


def test_simulation_is_deterministic_and_rotates_seats() -> None:
    first = simulate("classic", ["normal", "easy"], deals=4, seed=2)
    second = simulate("classic", ["normal", "easy"], deals=4, seed=2)
    assert (first.wins, first.score_totals, first.actions) == (
        second.wins,
        second.score_totals,
        second.actions,
    )
    assert sum(first.wins) == pytest.approx(first.scored_deals)
    assert first.decisions[0] > 0 and first.decisions[1] > 0


def test_make_bot_refuses_unknown_levels() -> None:
    with pytest.raises(ValueError, match="no computer level"):
        make_bot("grandmaster", seed=1)
    assert make_bot("Hard", seed=1).level == "hard"


def test_invariant_checker_sees_a_lost_card() -> None:
    game = new_game(get_variant("classic"), NAMES[:2], seed=1)
    assert check_invariants(game) == []
    game.state.deal.stock.pop()
    problems = check_invariants(game)
    assert problems and "cards out of place" in problems[0]


def test_E8_normal_goes_out_the_way_that_pays_most() -> None:
    # Seat 1 plays first; after drawing 7S it may discard the joker (no wild card: 10 chips)
    # or keep it and discard the ace (1 + 1 chip).
    game = deal(
        "european",
        [
            "2C 3C 4C 6C 7C 9C 10C QC KC 2D 4D 6D 8D 10D QD",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 5S 6S JK",
        ],
        upcard="KD",
        stock="7S",
    )
    game.apply(DrawStock())
    legal = game.legal_actions()
    choice = make_bot("normal", seed=1).choose(game.view(game.current), legal)
    assert isinstance(choice, GoOut)
    assert choice.discard is not None and choice.discard.is_joker
    game.apply(choice)
    assert game.state.results[-1].changes[1] == 10


def test_E7_a_bot_goes_out_before_drawing() -> None:
    game = deal(
        "european",
        [
            "2C 3C 4C 6C 7C 9C 10C QC KC 2D 4D 6D 8D 10D QD",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5S 6S 7S 8S",
        ],
        upcard="KD",
    )
    for level in LEVELS:
        choice = make_bot(level, seed=1).choose(game.view(1), game.legal_actions())
        assert isinstance(choice, GoOut) and choice.discard is None


def test_R5_normal_digs_for_a_meld_that_pays() -> None:
    game = deal(
        "rummy500",
        [
            "AC 3C 4S 5D 6S 7C 8S 10C JD QC KS 9D AD",
            "2C 3D 5S 7H 8H JC 4D 9S KD 2S 6C 10D QS",
        ],
        upcard="2D",
    )
    # build the spread pile by hand: 9H at the bottom, two cheap cards above it
    state = game.state.deal
    pile = parse_cards("9H 3H 4H")
    state.stock = [card for card in state.stock if card not in pile]
    state.discard = [*state.discard, *pile]
    state.discard.remove(parse_cards("2D")[0])
    state.stock.append(parse_cards("2D")[0])
    assert check_invariants(game) == []
    view = game.view(game.current)
    choice = make_bot("normal", seed=3).choose(view, game.legal_actions())
    assert choice == TakeDiscard(count=3)
    game.apply(choice)
    meld = make_bot("normal", seed=3).choose(game.view(game.current), game.legal_actions())
    assert isinstance(meld, Meld) and parse_cards("9H")[0] in meld.cards


def test_D6_a_bot_lays_off_on_an_end_joker() -> None:
    game = deal(
        "double",
        ["7H AC 3D 5C 10S JD 8S 4C 2D 6S", "5H 6H JK 2C 9S 9D KC QD 4S 8C"],
        upcard="KS",
        stock="QC 9C",
    )
    game.apply(DrawStock())
    meld = next(
        action
        for action in game.legal_actions()
        if isinstance(action, Meld)
        and action.faces is not None
        and [str(face) for face in action.faces] == ["5H", "6H", "7H"]
    )
    game.apply(meld)
    game.apply(next(action for action in game.legal_actions() if action.kind == "discard"))
    game.apply(DrawStock())
    legal = game.legal_actions()
    seven = parse_cards("7H")[0]
    assert LayOffCard(card=seven, meld_id=1, face=seven.face) in legal
    choice = make_bot("normal", seed=2).choose(game.view(game.current), legal)
    assert choice == LayOffCard(card=seven, meld_id=1, face=seven.face)
    game.apply(choice)
    faces = [str(placed.face) for placed in game.state.deal.melds[0].cards]
    assert faces == ["4H", "5H", "6H", "7H"]  # the joker moved to the other end
    for level in LEVELS:
        assert make_bot(level, seed=2).choose(game.view(0), game.legal_actions()) in (
            game.legal_actions()
        )


def test_memory_follows_the_pile_and_the_rebuilt_stock() -> None:
    checked = 0
    for seed in range(3):
        game = new_game(get_variant("boathouse"), NAMES[:2], seed=seed)
        bots = [make_bot("normal", seed=1), make_bot("normal", seed=2)]
        while game.phase in (Phase.DRAW, Phase.PLAY):
            view = game.view(game.current)
            memory = Memory.from_view(view)
            pile = game.state.deal.discard
            known = [card for card in memory.pile if card is not None]
            assert known == [card for card in pile if card in set(known)]
            stock = game.state.deal.stock
            for offset, card in enumerate(reversed(memory.stock_known)):
                if card is not None:
                    assert stock[-1 - offset] == card
                    checked += 1
            game.apply(bots[game.current].choose(view, game.legal_actions()))
    assert checked > 0


def test_choose_needs_a_legal_action() -> None:
    game = new_game(get_variant("classic"), NAMES[:2], seed=1)
    with pytest.raises(ValueError):
        make_bot("easy").choose(game.view(0), [])
