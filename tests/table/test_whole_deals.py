"""Whole deals as sequences of the table's events, at core speed: the table's rules
(:func:`rummy_tui.table.step`) and the real computer players, with people who play the way a
cautious beginner does (draw from the stock, or take the discard when the stock is gone,
throw away the first card, end a Rummy 500 deal when the stock is gone, R-10).

These replace the whole-deal Pilot scripts of the table's flow: every deal reaches its end
and the table shows it; hand-offs only ever pass the keyboard to a person (P-1), each
person's turn at a shared keyboard begins with their own hand-off; every computer is asked
once per turn and moves from its own view (P-2). One whole deal per variant stays in Pilot
(``tests/ui/test_mixed_tables.py``) for what only the screens can show."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from rummy_tui.bots import Bot, make_bot
from rummy_tui.core import Phase
from rummy_tui.table import SeatPlace
from rummy_tui.table import effects as do
from rummy_tui.table.events import HandOffAnswered, NextTurn
from tests.table.simulation import Table, new_table

MAX_EVENTS = 6000
KEYBOARD, COMPUTER, OWN = SeatPlace.KEYBOARD, SeatPlace.COMPUTER, SeatPlace.OWN_SCREEN


@dataclass
class DealTable:
    """A simulated table that plays one whole deal: people as beginners, computers as bots."""

    table: Table
    bots: dict[int, Bot]
    hand_offs: list[int] = field(default_factory=list)
    computer_turns: dict[int, int] = field(default_factory=dict)
    person_turns: dict[int, int] = field(default_factory=dict)
    handed_to: int | None = None
    elsewhere: list[int] = field(default_factory=list)
    """The seats whose moves came from their own screens, one entry a move."""

    def __post_init__(self) -> None:
        perform = self.table.perform

        def watched(effect: do.Effect) -> None:
            if isinstance(effect, do.ShowHandOff):
                self.hand_offs.append(effect.seat)
            perform(effect)

        self.table.perform = watched  # type: ignore[method-assign]

    def play(self) -> None:
        table, game = self.table, self.table.game
        for _ in range(MAX_EVENTS):
            if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                return
            if table.hand_off is not None:
                seat, offer = table.hand_off
                table.oracle.cleared, table.hand_off, self.handed_to = seat, None, seat
                table.dispatch(HandOffAnswered(seat, offer, "enter"))
                continue
            current = game.current
            if table.oracle.computer_thinking is not None:
                self.computer_moves(table.oracle.computer_thinking)
            elif current in table.model.seating.elsewhere and current not in self.bots:
                self.elsewhere.append(current)
                self.person_moves(current, on_this_screen=False)  # news from their screen
            elif table.hand is not None and table.hand[0] == current and current not in self.bots:
                self.person_moves(current)
            else:
                table.dispatch(NextTurn())
        raise AssertionError(f"the deal did not end in {MAX_EVENTS} events")

    def computer_moves(self, seat: int) -> None:
        game = self.table.game
        view = game.view(seat)
        assert view.seat == seat and list(view.hand) == list(game.state.deal.hands[seat])
        action = self.bots[seat].choose(view, game.legal_actions())
        self.computer_turns[seat] = self.computer_turns.get(seat, 0) + (game.phase is Phase.DRAW)
        self.make(seat, action)

    def person_moves(self, seat: int, on_this_screen: bool = True) -> None:
        game = self.table.game
        if on_this_screen and self.table.oracle.several:
            assert self.handed_to == seat, f"seat {seat} plays without its own hand-off (P-1)"
        legal = [action for action in game.legal_actions() if action.kind != "take_back"]
        kinds = [action.kind for action in legal]
        if game.phase is Phase.DRAW:
            self.person_turns[seat] = self.person_turns.get(seat, 0) + 1
            wanted = next(k for k in ("draw_stock", "end_deal", "take_discard") if k in kinds)
        else:
            wanted = "discard" if "discard" in kinds else kinds[0]
        self.make(seat, legal[kinds.index(wanted)])

    def make(self, seat: int, action: object) -> None:
        table = self.table
        if table.game.current == seat:
            table.turn_begins()
        table.game.apply(action)  # type: ignore[arg-type]
        table.trace.append(f"  world: seat {seat} plays {action}")
        if table.game.current != seat and seat not in self.bots:
            self.handed_to = None  # the next person's turn needs their own Enter
        table.moved(seat, table.game.current != seat)


def whole_deal(
    variant: str, places: tuple[SeatPlace, ...], levels: dict[int, str], seed: int
) -> DealTable:
    table = new_table(variant, places, seed)
    bots = {seat: make_bot(level, seed * 131 + seat) for seat, level in levels.items()}
    deal = DealTable(table, bots)
    if table.hand_off is not None:  # the first turn's hand-off, shown before the watch began
        deal.hand_offs.append(table.hand_off[0])
    deal.play()
    return deal


VARIANTS = ["classic", "boathouse", "double", "rummy500", "european"]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_P1_two_people_and_two_computers_play_a_whole_deal(variant: str, seed: int) -> None:
    """Anna and Bob at the keyboard, a normal and a hard computer between them."""
    places = (KEYBOARD, COMPUTER, KEYBOARD, COMPUTER)
    deal = whole_deal(variant, places, {1: "normal", 3: "hard"}, seed)
    game, table = deal.table.game, deal.table
    assert game.state.results, "the deal ended with a result"
    assert table.deal_end, "the table shows the end of the deal"
    assert deal.hand_offs and set(deal.hand_offs) <= {0, 2}
    assert all(deal.person_turns.get(seat, 0) >= 1 for seat in (0, 2))
    assert sum(deal.computer_turns.values()) >= 2
    assert len(deal.hand_offs) >= sum(deal.person_turns.values())


def test_one_person_and_eleven_computers_play_a_european_deal() -> None:
    """Twelve seats: the one person never gets a hand-off between computers' turns, and
    every computer moves when its turn comes (G-9 may end the deal on a dead stock)."""
    places = (KEYBOARD, *[COMPUTER] * 11)
    deal = whole_deal("european", places, {seat: "easy" for seat in range(1, 12)}, 11)
    game = deal.table.game
    assert game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
    assert deal.table.deal_end
    assert set(deal.hand_offs) <= {0}
    assert len(deal.computer_turns) == 11
    assert deal.person_turns[0] >= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_P1_three_people_at_the_keyboard_each_turn_begins_with_their_hand_off(
    variant: str,
) -> None:
    rng = random.Random(variant)
    places = (KEYBOARD, KEYBOARD, COMPUTER, KEYBOARD)
    deal = whole_deal(variant, places, {2: rng.choice(["easy", "normal"])}, 5)
    person_turns = sum(deal.person_turns.values())
    assert deal.table.deal_end
    assert set(deal.hand_offs) <= {0, 1, 3}
    assert len(deal.hand_offs) >= person_turns >= 3


@pytest.mark.parametrize("variant", VARIANTS)
def test_P1_P6_a_seat_on_its_own_screen_plays_a_whole_deal_seen_from_the_shared_screen(
    variant: str,
) -> None:
    """Anna and Cy at the keyboard, Bob on his own screen, a computer: the shared screen never
    hands the keyboard to Bob nor shows his hand (P-1, P-6); his moves come as news."""
    places = (KEYBOARD, OWN, KEYBOARD, COMPUTER)
    deal = whole_deal(variant, places, {3: "normal"}, 7)
    assert deal.table.deal_end
    assert set(deal.hand_offs) <= {0, 2}
    assert deal.elsewhere and set(deal.elsewhere) == {1}
    assert deal.person_turns.get(0, 0) >= 1 and deal.person_turns.get(2, 0) >= 1
