"""Helpers for driving the game as a person would: stacked deals, key presses, screen text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from rummy_tui.core import Card, Game, get_variant, new_game, parse_cards, stack_deck
from rummy_tui.core.dealing import full_deck
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.ui.screens.table import Mode, TableScreen
from rummy_tui.ui.shell.app import RummyApp, make_app
from rummy_tui.ui.shell.settings import DisplaySettings

NAMES = ("Anna", "Bob", "Cid", "Dora", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai", "Liv")
SUIT_GLYPHS = "♣♦♥♠"


def stacked_game(
    variant: str,
    hands: dict[int, str],
    upcard: str,
    stock: str = "",
    players: int = 2,
    dealer: int = 0,
    seed: int = 1,
    **options: Any,
) -> Game:
    """A game whose first deal gives these hands (by seat), upcard and stock (top first).

    Seats not named get the first unused cards of the packs. All text is read together, so a
    face written twice gets two pack copies.
    """
    rules = get_variant(variant, **options)
    size = rules.hand_size_for(players)
    named = {seat: text.split() for seat, text in hands.items()}
    tokens = [token for seat in sorted(named) for token in named[seat]]
    tokens += upcard.split() + stock.split()
    cards = parse_cards(tokens)
    by_seat: dict[int, list[Card]] = {}
    position = 0
    for seat in sorted(named):
        by_seat[seat] = cards[position : position + len(named[seat])]
        position += len(named[seat])
    up = cards[position]
    rest = cards[position + 1 :]
    used = set(cards)
    spare = [card for card in full_deck(rules, players) if card not in used]
    # Spare cards for unnamed hands: skip jokers so the filler hands stay plain.
    spare.sort(key=lambda card: (card.is_joker, card.copy, card.suit or "", card.rank))
    all_hands = []
    for seat in range(players):
        if seat in by_seat:
            hand = by_seat[seat]
        else:
            hand, spare = spare[:size], spare[size:]
        assert len(hand) == size, f"seat {seat} has {len(hand)} cards, not {size}"
        all_hands.append(hand)
    deck = stack_deck(rules, all_hands, up, rest, dealer)
    return new_game(rules, list(NAMES[:players]), seed=seed, deck=deck, dealer=dealer)


def setup_for_game(game: Game, bots: dict[int, str] | None = None, **fields: Any) -> MatchSetup:
    """A MatchSetup matching ``game`` (bots: seat -> level)."""
    bots = bots or {}
    seats = tuple(
        Seat(name=name, kind=SeatKind(bots[seat]) if seat in bots else SeatKind.HUMAN)
        for seat, name in enumerate(game.players)
    )
    fields.setdefault("bot_delay", 0.0)
    return MatchSetup(rules=game.rules, seats=seats, seed=game.state.seed, **fields)


def app_for(
    game: Game,
    tmp_path: Path | None = None,
    autosave: bool = False,
    bots: dict[int, str] | None = None,
    **fields: Any,
) -> RummyApp:
    """The app started straight at the table for ``game`` (menus skipped)."""
    return make_app(
        setup=setup_for_game(game, bots, **fields),
        game=game,
        data_dir=tmp_path,
        autosave=autosave,
        settings=DisplaySettings(),
    )


def table(app: RummyApp) -> TableScreen:
    assert app.session is not None
    return app.session.table


def game_of(app: RummyApp) -> Game:
    assert app.session is not None
    return app.session.game


SETTLE_ROUNDS = 10_000
"""A bound on the rounds of :func:`settle` (each lets at least one computer move)."""


async def settle(pilot: Pilot[Any]) -> None:
    """Let workers (computer players) finish and the screen catch up: at least three rounds,
    and on while a worker is still busy (a computer's next move), so a streak of computer
    moves runs to a person's turn, a question or the end of the deal.

    Between computer moves ``pilot.pause(0)`` lets every widget of the screen handle what is
    already queued (the same wait as ``pilot.pause()``) without its idle check, which sleeps
    at least 20 ms of wall time per call (in a whole deal of a few hundred computer moves that
    sleeping was most of the test's time while the processor stood still); the idle check
    runs once at the end, so the screen is drawn when the test reads it.
    """
    for rounds in range(SETTLE_ROUNDS):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0)
        busy = any(not worker.is_finished for worker in pilot.app.workers)
        if rounds >= 2 and not busy:
            await pilot.pause()  # and the screen drawn, as a person would see it
            return
    raise AssertionError(f"the app was still busy after {SETTLE_ROUNDS} rounds")


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys one at a time, letting the app catch up after each."""
    await pilot.press(*keys)
    await pilot.pause()


async def pass_to(pilot: Pilot[Any], name: str) -> None:
    """Confirm the hand-off screen (or the take-back gate, P-4) for ``name``."""
    from rummy_tui.ui.screens.handoff import HandoffScreen

    screen_name = type(pilot.app.screen).__name__
    assert isinstance(pilot.app.screen, HandoffScreen), f"expected a hand-off, got {screen_name}"
    assert pilot.app.screen.player_name == name  # type: ignore[attr-defined]
    await press(pilot, "enter")


async def select(pilot: Pilot[Any], *tokens: str) -> None:
    """Select cards of the hand on display by moving the cursor with arrows and pressing space.

    ``tokens`` name faces (``"7H"``) or exact cards (``"7H.1"``).
    """
    screen = table(pilot.app)  # type: ignore[arg-type]
    assert screen.mode is Mode.PLAY
    for token in tokens:
        state = screen.hand_state
        assert state is not None
        target = _find(state.order, token, state.selected)
        index = state.order.index(target)
        steps = index - state.cursor
        key = "right" if steps > 0 else "left"
        await pilot.press(*([key] * abs(steps)), "space")
        assert target in state.selected


async def cursor_to(pilot: Pilot[Any], token: str) -> None:
    """Move the cursor onto a card (no selection)."""
    screen = table(pilot.app)  # type: ignore[arg-type]
    state = screen.hand_state
    assert state is not None
    target = _find(state.order, token, set())
    steps = state.order.index(target) - state.cursor
    if steps:
        await pilot.press(*(["right" if steps > 0 else "left"] * abs(steps)))


def _find(order: list[Card], token: str, exclude: set[Card]) -> Card:
    if "." in token:
        card = Card.from_key(token)
        assert card in order, f"{token} is not in the hand {order}"
        return card
    for card in order:
        if str(card) == token.upper() and card not in exclude:
            return card
    raise AssertionError(f"{token} is not in the hand {order}")


def status_text(app: RummyApp) -> str:
    """The status line under the hand."""
    return str(table(app).query_one("#status").render())


def screen_text(app: RummyApp) -> str:
    """Every character on the screen (from an SVG export), for privacy checks."""
    import html
    import re

    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def log_texts(app: RummyApp) -> list[str]:
    """The public log of the match."""
    return [entry_sentence(record) for record in game_of(app).state.log]


SINCE_TITLE = "Since your last turn:"


def handoff_parts(shown: str) -> tuple[str, str]:
    """A hand-off screen's text split into the gate itself (which shows no card at all, P-1)
    and the summary of the public log below it (public cards only, P-2)."""
    head, _, summary = shown.partition(SINCE_TITLE)
    return head, summary


def screen_lines(app: Any) -> list[str]:
    """The screen as drawn, one string per terminal line (the top screen and what shows
    through a pop-up's dimmed background)."""
    return [strip.text for strip in app.screen._compositor.render_strips()]
