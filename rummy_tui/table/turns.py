"""What the table shows next, after every move and every answer: the end of the deal, a
computer's move, the next person's hand-off (P-1) or their hand, or the public table while
the seat to act plays on another screen."""

from __future__ import annotations

from dataclasses import replace

from rummy_tui.core import Game, Phase
from rummy_tui.table.effects import (
    CloseScreen,
    Effect,
    EndStreak,
    HideHand,
    PutAwayHandOff,
    ShowDealEnd,
    ShowHand,
    ShowHandOff,
    SignalTurn,
    StartComputer,
)
from rummy_tui.table.model import (
    Closed,
    ComputerTurn,
    DealEnd,
    Elsewhere,
    Hand,
    HandOff,
    Mode,
    TableModel,
)
from rummy_tui.table.window import offer_at_hand_off, offer_while_elsewhere

Stepped = tuple[TableModel, list[Effect]]


def deal_is_over(game: Game) -> bool:
    """Whether the deal (or the match) has ended: its end is shown, no turn comes next."""
    return game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)


def after_move(model: TableModel, game: Game, new_deal: bool) -> Stepped:
    """A move was made: the person who made it keeps their hand while it is still their turn
    at this keyboard; otherwise whatever comes next (a new deal: its first hand-off)."""
    seat = model.keyboard_seat
    if (
        not new_deal
        and game.phase in (Phase.DRAW, Phase.PLAY)
        and game.current == seat
        and not model.seating.is_computer(game.current)
    ):
        return show_hand(model, game.current, Mode.PLAY)
    return next_turn(model, game, force_handoff=new_deal)


def next_turn(model: TableModel, game: Game, force_handoff: bool = False) -> Stepped:
    """Whatever comes next on this screen.

    With two or more people at the keyboard the keyboard is passed on before any computer
    moves: when a computer is to play and the keyboard is not with the person who plays after
    it, that person's hand-off comes first, and the computers play once it is passed, the
    person watching their own hand meanwhile."""
    if model.seating.joined:
        return _joined_next(model, game)
    if deal_is_over(game):
        return replace(model, showing=DealEnd()), [EndStreak(), ShowDealEnd()]
    seat = game.current
    seating = model.seating
    if seat in seating.elsewhere:
        after, effects = played_elsewhere(model, game, seat)
        return after, [EndStreak(), *effects]
    if seating.is_computer(seat):
        return _computer_next(model, game, seat)
    several = len(seating.people) > 1
    if force_handoff or model.handoff_due or (seat != model.keyboard_seat and several):
        after, effects = hand_off(model, game, seat, None)
        return after, [EndStreak(), *effects]
    after, effects = show_hand(model, seat, Mode.PLAY)
    return after, [EndStreak(), *effects]


def _computer_next(model: TableModel, game: Game, seat: int) -> Stepped:
    """A computer is to move: first the hand-off to the person after it when the keyboard is
    not with them (two or more people at the keyboard), else the computer's move."""
    person, computers = next_person(model, game)
    people = model.seating.people
    if len(people) > 1 and person is not None and person != model.keyboard_seat:
        after, effects = hand_off(model, game, person, computers)
        return after, [EndStreak(), *effects]
    return replace(model, showing=ComputerTurn(seat)), [StartComputer(seat)]


def next_person(model: TableModel, game: Game) -> tuple[int | None, int]:
    """The person at this keyboard who plays next from the seat to act on, and how many
    seats play before them (None and 0 without people at this keyboard)."""
    count = len(game.players)
    for before in range(count):
        seat = (game.current + before) % count
        if seat in model.seating.people:
            return seat, before
    return None, 0


def hand_off(model: TableModel, game: Game, seat: int, computers_before: int | None) -> Stepped:
    """The hand-off to ``seat`` (P-1): no hand on the table until their Enter; it offers the
    discard that ended the last turn back to its player while that may be (P-4)."""
    offer = offer_at_hand_off(model, game, seat)
    after = replace(model, keyboard_seat=None, handoff_due=False, showing=HandOff(seat, offer))
    return after, [HideHand(), ShowHandOff(seat, offer, computers_before)]


def played_elsewhere(model: TableModel, game: Game, seat: int) -> Stepped:
    """``seat`` plays on another screen: the one person at this keyboard watches their own
    hand meanwhile; with several, no hand shows (the discard's player may still take it back
    with u, P-4)."""
    person = model.keyboard_seat
    people = model.seating.people
    if person is not None and len(people) == 1 and person in people:
        after, effects = show_hand(model, person, Mode.WATCH)
        return after, [*effects, PutAwayHandOff()]
    offer = offer_while_elsewhere(model, game)
    after = replace(model, keyboard_seat=None, showing=Elsewhere(seat, offer))
    return after, [HideHand(offer), PutAwayHandOff()]


def show_hand(model: TableModel, seat: int, mode: Mode) -> Stepped:
    """``seat``'s hand on the table, played or watched (a joined screen signals its turn)."""
    after = replace(model, keyboard_seat=seat, showing=Hand(seat, mode))
    effects: list[Effect] = [ShowHand(seat, mode)]
    if model.seating.joined:
        effects.append(SignalTurn(mode is Mode.PLAY))
    return after, effects


def _joined_next(model: TableModel, game: Game) -> Stepped:
    """A joined screen: its seat's hand, played on its turn and watched on the others' (never
    a hand-off); the end of a deal as on every screen; closed once the seat went back to the
    shared keyboard."""
    seat = model.seating.screen
    assert seat is not None
    if seat not in model.seating.own_screens:
        return replace(model, showing=Closed()), [CloseScreen()]
    if deal_is_over(game):
        return replace(model, showing=DealEnd()), [SignalTurn(False), EndStreak(), ShowDealEnd()]
    mode = Mode.PLAY if game.current == seat else Mode.WATCH
    return show_hand(model, seat, mode)
