"""The table's rules as properties of :func:`rummy_tui.table.step`, at core speed: random
sequences of events for every variant and every mix of keyboard, own-screen and computer
seats, on the shared screen and on joined screens (RULES.md P-1, P-4, P-6; computers move
once per turn)."""

from __future__ import annotations

import random

import pytest

from rummy_tui.core import VARIANT_IDS, get_variant
from rummy_tui.table import Mode, Seating, SeatPlace, TableModel, step
from rummy_tui.table import effects as do
from rummy_tui.table.events import (
    HandOffAnswered,
    NextTurn,
    SeatsAsked,
    TakeBackAsked,
    TurnMarked,
)
from rummy_tui.table.seats import AskBringBack, CloseList, ListedSeat, MoveSeat, list_key
from tests.table.simulation import new_table, random_places, run

K, OWN, C = SeatPlace.KEYBOARD, SeatPlace.OWN_SCREEN, SeatPlace.COMPUTER

MIXES = [
    (K, K),
    (K, C),
    (K, OWN),
    (OWN, OWN),
    (K, K, C),
    (K, OWN, K),
    (K, OWN, C),
    (C, OWN, C),
    (K, K, OWN, C),
    (OWN, K, C, K),
]


def seat_count_fits(variant: str, count: int) -> bool:
    rules = get_variant(variant)
    return rules.min_players <= count <= rules.max_players


@pytest.mark.parametrize("variant", VARIANT_IDS)
@pytest.mark.parametrize("places", MIXES, ids=lambda p: "".join(x.value[0] for x in p))
def test_P1_P4_P6_hold_on_the_shared_screen_for_every_variant_and_mix(
    variant: str, places: tuple[SeatPlace, ...]
) -> None:
    """No hand before its owner's Enter (P-1, with two or more at the keyboard); a discard
    comes back only until the next seat starts its turn, and only on its player's screen
    (P-4); a computer is asked to move once per turn."""
    if not seat_count_fits(variant, len(places)):
        pytest.skip("seat count outside the variant")
    for seed in range(2):
        table = new_table(variant, places, seed)
        run(table, 200)
        assert table.effects_seen > 0


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_P6_a_joined_screen_acts_for_its_seat_only_and_never_moves_seats(variant: str) -> None:
    """A joined screen shows its own seat's hand only, never a hand-off or the list of seats,
    and takes back only its own seat's moves (P-6, P-4)."""
    rng = random.Random(variant)
    for seed in range(3):
        places = random_places(rng, 3)
        own = [seat for seat, place in enumerate(places) if place is OWN] or [0]
        places = tuple(OWN if seat == own[0] else place for seat, place in enumerate(places))
        table = new_table(variant, places, seed, screen=own[0])
        run(table, 250)


def test_random_mixes_of_up_to_twelve_seats() -> None:
    """Random mixes at every table size the variants allow, on the shared screen."""
    rng = random.Random(12)
    for round_ in range(20):
        variant = rng.choice(VARIANT_IDS)
        rules = get_variant(variant)
        count = rng.randint(rules.min_players, min(rules.max_players, 12))
        table = new_table(variant, random_places(rng, count), round_)
        run(table, 150)


# ------------------------------------------------------------------ single rules, by hand


def shared_table(places: tuple[SeatPlace, ...], seed: int = 1):  # type: ignore[no-untyped-def]
    return new_table("classic", places, seed)


def test_P1_the_first_turn_of_a_match_is_a_hand_off_and_enter_shows_the_hand() -> None:
    table = shared_table((K, K))
    seat = table.game.current
    assert table.hand_off is not None and table.hand_off[0] == seat and table.hand is None
    model, effects = step(table.model, table.game, HandOffAnswered(seat, None, "enter"))
    assert effects == [do.MarkTurn(seat)]
    model, effects = step(model, table.game, TurnMarked("opened"))
    assert effects == [do.ShowHand(seat, Mode.PLAY)]


def test_P4_a_failed_mark_keeps_the_hand_off_and_shows_no_hand() -> None:
    table = shared_table((K, K))
    seat = table.game.current
    model, _ = step(table.model, table.game, HandOffAnswered(seat, None, "enter"))
    model, effects = step(model, table.game, TurnMarked("failed"))
    assert not any(isinstance(e, do.ShowHand) for e in effects)
    assert any(isinstance(e, do.ShowHandOff) and e.seat == seat for e in effects)


def test_P4_the_discard_is_offered_at_the_next_hand_off_and_not_after_enter() -> None:
    table = shared_table((K, K))
    first = table.game.current
    table.answer_hand_off(first, None)
    assert table.hand == (first, Mode.PLAY)
    legal = table.game.legal_actions()
    table.game.apply(next(a for a in legal if a.kind == "draw_stock"))
    table.moved(first, False)
    discard = next(a for a in table.game.legal_actions() if a.kind == "discard")
    table.game.apply(discard)
    table.moved(first, True)
    second = table.game.current
    assert table.hand_off == (second, first)  # Anna may still press u
    table.oracle.cleared = second
    table.dispatch(HandOffAnswered(second, first, "enter"))
    _, effects = step(table.model, table.game, TakeBackAsked(first))
    assert not any(isinstance(e, do.TakeBack) for e in effects)  # her window has shut


def test_P6_the_list_of_seats_is_the_shared_screens_alone() -> None:
    joined = TableModel(seating=Seating(places=(K, OWN), screen=1, shared=True))
    shared = TableModel(seating=Seating(places=(K, OWN), shared=True))
    table = shared_table((K, OWN))
    _, effects = step(joined, table.game, SeatsAsked())
    assert [type(e) for e in effects] == [do.Refuse]
    _, effects = step(shared, table.game, SeatsAsked())
    assert effects == [do.ShowSeats()]


def test_computers_move_at_once_with_one_person_and_after_the_hand_off_with_two() -> None:
    table = new_table("classic", (C, K, K), 3)
    game = table.game
    model = TableModel(seating=table.model.seating, keyboard_seat=None)
    while not table.model.seating.is_computer(game.current):
        game.apply(game.legal_actions()[0])
    _, effects = step(model, game, NextTurn())
    assert any(isinstance(e, do.ShowHandOff) for e in effects)  # the keyboard goes on first
    one = TableModel(seating=Seating(places=(C, K)), keyboard_seat=1)
    _, effects = step(one, game, NextTurn())
    assert effects == [do.StartComputer(game.current)]


# ------------------------------------------------------------------ the list of seats (P-6)


def test_enter_never_takes_a_guest_off_their_screen_on_the_list_of_seats() -> None:
    """Every key on every kind of line: Enter on an open guest's seat moves nothing, b on it
    only asks (naming the guest), and the seat moves only on a yes; the first line moves no
    seat at all."""
    rng = random.Random(6)
    for _round in range(2000):
        line = None
        if rng.random() < 0.8:
            own = rng.random() < 0.6
            line = ListedSeat(rng.randrange(12), "Bob", own, own and rng.random() < 0.6)
        key = rng.choice(["enter", "b", "answer"])
        yes = rng.random() < 0.5
        decision = list_key(key, line, answer_yes=yes)
        if line is None:
            assert not isinstance(decision, MoveSeat)
            assert isinstance(decision, CloseList) == (key == "enter")
            continue
        if isinstance(decision, MoveSeat) and line.joined:
            assert key == "answer" and yes and decision == MoveSeat(line.seat, False)
        if key == "b" and line.joined:
            assert decision == AskBringBack(line.seat, "Bob")
        if key == "enter" and not line.joined:
            assert decision == MoveSeat(line.seat, not line.own_screen)
