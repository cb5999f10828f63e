"""A table run at core speed: the table's rules (:func:`rummy_tui.table.step`) with a
simulated interface, people and other screens choosing at random, and oracles for the
table's rules written from RULES.md (P-1, P-4, P-6), not from the step's code.

The simulated interface carries out every effect the way the real runner does (a hand-off
waits for its answer, the turn's mark is written at once, a take-back goes through the
core), and keeps a record of what each screen showed, so the properties can be checked
after every event."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rummy_tui.core import Game, IllegalAction, Phase, StartDeal, get_variant, new_game
from rummy_tui.table import Seating, SeatPlace, TableModel, step
from rummy_tui.table import effects as do
from rummy_tui.table.events import (
    Event,
    GateAnswered,
    HandOffAnswered,
    NextTurn,
    SeatsAsked,
    TakeBackAsked,
    TurnMarked,
    TurnOver,
    TurnStarted,
)
from rummy_tui.table.model import Mode

NAMES = ("Anna", "Bob", "Cy", "Dee", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai", "Liv")


class RuleBroken(AssertionError):
    """A property of the table's rules failed (the message says which and when)."""


@dataclass
class Oracle:
    """What RULES.md says may happen next, kept from the events alone."""

    people: frozenset[int]
    several: bool
    cleared: int | None = None
    """P-1: the person whose own Enter was the last answer to a hand-off or gate (None while
    a hand-off waits)."""
    window: int | None = None
    """P-4: the person whose discard may still be taken back (None once the next seat began)."""
    computer_thinking: int | None = None
    """The computer asked to move and not yet moved (or stopped)."""


@dataclass
class Table:
    """One screen's table with its game, run by random choices."""

    game: Game
    model: TableModel
    rng: random.Random
    oracle: Oracle
    file_turn_started: bool = False
    """The shared file's mark: the seat to act has started its turn."""
    hand_off: tuple[int, int | None] | None = None
    gate: tuple[int, int] | None = None
    hand: tuple[int, Mode] | None = None
    deal_end: bool = False
    trace: list[str] = field(default_factory=list)
    effects_seen: int = 0

    # -------------------------------------------------------------- the runner

    def dispatch(self, event: Event) -> None:
        self.trace.append(f"event {event}")
        before = self.game.state.model_dump_json() if self.rng.random() < 0.05 else None
        self.model, effects = step(self.model, self.game, event)
        if before is not None and before != self.game.state.model_dump_json():
            self.fail("step changed the game")
        for effect in effects:
            self.perform(effect)
        self.check_hand_on_show()

    def perform(self, effect: do.Effect) -> None:
        self.trace.append(f"  effect {effect}")
        self.effects_seen += 1
        match effect:
            case do.ShowHandOff(seat=seat, offer=offer):
                self.check_hand_off(seat, offer)
                self.hand_off, self.gate, self.hand = (seat, offer), None, None
                self.oracle.cleared = None
            case do.ShowGate(mover=mover, seat=seat):
                self.hand_off, self.gate = None, (mover, seat)
                self.oracle.cleared = None
            case do.ShowHand(seat=seat, mode=mode):
                self.check_hand(seat, mode)
                self.hand, self.hand_off, self.gate = (seat, mode), None, None
            case do.HideHand():
                self.hand = None
            case do.PutAwayHandOff():
                self.hand_off = self.gate = None
            case do.ShowDealEnd():
                self.deal_end, self.hand, self.hand_off, self.gate = True, None, None, None
            case do.StartComputer(seat=seat):
                if self.oracle.computer_thinking is not None:
                    self.fail(f"computer {seat} asked to move twice in one turn")
                self.oracle.computer_thinking = seat
            case do.StopComputers():
                self.oracle.computer_thinking = None
            case do.MarkTurn(seat=seat):
                self.turn_begins(seat)
                self.file_turn_started = True
                self.dispatch(TurnMarked("opened"))
            case do.TakeBack(mover=mover):
                self.check_take_back(mover)
                self.take_back(mover)
            case do.Refuse() | do.EndStreak() | do.CatchUp() | do.SignalTurn():
                pass
            case do.AskLeave():
                self.dispatch(NextTurn(True))  # they stay
            case do.ShowSeats():
                if self.model.seating.joined:
                    self.fail("a joined screen showed the list of seats (P-6)")
            case do.CloseScreen():
                self.fail("a seat went back without being moved")

    # -------------------------------------------------------------- oracles

    def fail(self, what: str) -> None:
        tail = "\n".join(self.trace[-25:])
        raise RuleBroken(f"{what}\n{tail}")

    def check_hand_off(self, seat: int, offer: int | None) -> None:
        if self.model.seating.joined:
            self.fail("a joined screen showed a hand-off")
        if seat not in self.oracle.people:
            self.fail(f"hand-off to seat {seat}, not a person at this keyboard")
        if offer is not None and offer != self.oracle.window:
            self.fail(f"hand-off offers {offer}'s discard back outside its window (P-4)")

    def check_hand(self, seat: int, mode: Mode) -> None:
        seating = self.model.seating
        if seating.joined and seat != seating.screen:
            self.fail(f"joined screen of {seating.screen} showed seat {seat}'s hand (P-6)")
        if seat not in self.oracle.people:
            self.fail(f"seat {seat}'s hand shown on a screen it is not played at (P-1)")
        if self.oracle.several and self.oracle.cleared != seat:
            self.fail(f"seat {seat}'s hand shown without their own Enter (P-1)")
        if mode is Mode.PLAY and self.game.current != seat:
            self.fail(f"seat {seat}'s hand played while seat {self.game.current} is to act")

    def check_hand_on_show(self) -> None:
        """P-1 with two or more people at the keyboard: a hand stays on show while another
        seat plays only when computers alone play before its owner's next turn (the owner
        watches them); otherwise someone else may be at the keyboard."""
        game, oracle = self.game, self.oracle
        if not oracle.several or self.hand is None or game.phase not in (Phase.DRAW, Phase.PLAY):
            return
        owner = self.hand[0]
        count = len(game.players)
        seat = game.current
        while seat != owner:
            if not self.model.seating.is_computer(seat):
                self.fail(f"seat {owner}'s hand on show while seat {seat} plays (P-1)")
            seat = (seat + 1) % count

    def check_take_back(self, mover: int) -> None:
        if mover not in self.oracle.people:
            self.fail(f"seat {mover}'s move taken back from a screen it is not played at (P-4)")
        newest = self.game.state.log[-1].seat if self.game.state.log else None
        discard_back = newest == mover and self.game.current != mover
        if discard_back and self.oracle.window != mover:
            self.fail(f"seat {mover}'s discard taken back after the next turn began (P-4)")

    def turn_begins(self, seat: int | None = None) -> None:
        """The seat to act began its turn (its Enter, or its first move): P-4's window shuts."""
        if seat is None or seat == self.game.current:
            self.oracle.window = None

    # -------------------------------------------------------------- the world

    def moved(self, mover: int | None, turn_passed: bool, new_deal: bool = False) -> None:
        if mover is not None and mover != self.game.current and turn_passed:
            self.oracle.window = mover if mover in self.oracle.people else None
        self.file_turn_started = False
        self.oracle.computer_thinking = None
        self.deal_end = False
        self.dispatch(TurnOver(new_deal=new_deal, turn_started=self.file_turn_started))

    def apply(self, seat: int) -> None:
        """``seat`` makes a random legal move (its first move begins its turn)."""
        game = self.game
        if game.current == seat:
            self.turn_begins()
        legal = [a for a in game.legal_actions() if a.kind != "take_back"]
        action = self.rng.choice(legal)
        game.apply(action)
        self.trace.append(f"  world: seat {seat} plays {action.kind}")
        self.moved(seat, game.current != seat)

    def take_back(self, mover: int) -> None:
        try:
            self.game.take_back(mover)
        except IllegalAction:
            self.trace.append("  world: the core refused the take-back")
            return
        self.oracle.computer_thinking = None
        self.oracle.window = None
        self.trace.append(f"  world: seat {mover} took back")
        self.file_turn_started = False
        self.dispatch(TurnOver(took_back=mover, turn_started=False))

    def play_once(self) -> bool:
        """One random thing happens at the table; False when the match is over."""
        game, rng = self.game, self.rng
        if game.phase is Phase.MATCH_OVER:
            return False
        if game.phase is Phase.DEAL_OVER:
            if not self.model.seating.joined or rng.random() < 0.5:
                game.apply(StartDeal())
                self.moved(None, False, new_deal=True)
            return True
        seating = self.model.seating
        if rng.random() < 0.05:
            self.dispatch(SeatsAsked())
            return True
        if self.hand_off is not None:
            return self.answer_hand_off(*self.hand_off)
        if self.gate is not None:
            mover, seat = self.gate
            choice = rng.choice(["go", "go", "back", "leave"])
            if choice == "go":
                self.oracle.cleared = mover
            self.gate = None  # the answer dismisses the gate
            self.dispatch(GateAnswered(mover, seat, choice))  # type: ignore[arg-type]
            return True
        if self.oracle.computer_thinking is not None:
            self.apply(self.oracle.computer_thinking)
            return True
        current = game.current
        if current in seating.people and self.hand == (current, Mode.PLAY):
            if rng.random() < 0.15:
                self.dispatch(TakeBackAsked())
            else:
                self.apply(current)
            return True
        if current in seating.elsewhere or seating.is_computer(current):
            return self.elsewhere_moves(current)
        if rng.random() < 0.2:
            self.dispatch(TakeBackAsked())  # u on a table without a hand
        self.dispatch(NextTurn())
        return True

    def answer_hand_off(self, seat: int, offer: int | None) -> bool:
        choice = self.rng.choice(["enter"] * 6 + ["take_back"] * 3 + ["leave"])
        if choice == "enter":
            self.oracle.cleared = seat
        if choice != "take_back" or offer is not None:
            self.hand_off = None  # the answer dismisses the hand-off (u with no offer: nothing)
        self.dispatch(HandOffAnswered(seat, offer, choice))  # type: ignore[arg-type]
        return True

    def elsewhere_moves(self, current: int) -> bool:
        """The seat to act plays on another screen (or is a computer moved elsewhere): it
        moves there, it starts its turn there, or it takes back its discard there; the person
        at this keyboard may press u meanwhile."""
        rng, seating = self.rng, self.model.seating
        if rng.random() < 0.2 and seating.people:
            self.dispatch(TakeBackAsked())
            return True
        if rng.random() < 0.1 and not self.file_turn_started:
            self.file_turn_started = True
            self.turn_begins()
            self.dispatch(TurnStarted())
            return True
        newest = self.game.state.log[-1].seat if self.game.state.log else None
        if (
            rng.random() < 0.15
            and newest in seating.elsewhere
            and newest != current
            and not self.file_turn_started
        ):
            self.take_back_elsewhere(newest)
            return True
        if seating.is_computer(current) and seating.moves_computers:
            self.dispatch(NextTurn())
            if self.oracle.computer_thinking is None and self.hand_off is None:
                self.fail(f"computer {current} was never asked to move")
            return True
        self.apply(current)
        return True

    def take_back_elsewhere(self, mover: int) -> None:
        try:
            self.game.take_back(mover)
        except IllegalAction:
            return
        self.oracle.window = None
        self.trace.append(f"  world: seat {mover} took back on its own screen")
        self.dispatch(TurnOver(took_back=mover, turn_started=False))


def new_table(
    variant: str, places: tuple[SeatPlace, ...], seed: int, screen: int | None = None
) -> Table:
    """A new match of ``variant`` with seats at ``places``, seen from the shared screen or
    from the joined screen of seat ``screen``; its first turn shown."""
    rules = get_variant(variant)
    game = new_game(rules, list(NAMES[: len(places)]), seed=seed)
    shared = screen is not None or SeatPlace.OWN_SCREEN in places
    seating = Seating(places=places, screen=screen, shared=shared)
    people = seating.people
    oracle = Oracle(people=people, several=len(people) > 1 and screen is None)
    table = Table(game, TableModel(seating=seating, handoff_due=True), random.Random(seed), oracle)
    table.dispatch(NextTurn(True))
    return table


def random_places(rng: random.Random, count: int) -> tuple[SeatPlace, ...]:
    """A random mix of keyboard, own-screen and computer seats, with at least one person."""
    while True:
        places = tuple(rng.choice(list(SeatPlace)) for _ in range(count))
        if SeatPlace.KEYBOARD in places or SeatPlace.OWN_SCREEN in places:
            return places


def run(table: Table, events: int) -> int:
    """Play ``events`` random happenings (fewer if the match ends); how many were played."""
    for played in range(events):
        if not table.play_once():
            return played
    return events
