"""Matches walked through the real screens by keys, noting the text of every screen.

The walk starts at the title screen, fills in the new-game menu (variant, seats, options,
instant computer pace, a seed), passes the cut and the hand-offs, and plays the people's turns
by keys: at its first turn a person makes a refused move (discarding before drawing), asks for
a hint, opens the full-screen log, the help and the score sheet; then it draws, melds, lays
off, goes out or discards with what the core says is legal. Computer players fill the other
seats and move in their worker. At the end of the deal it opens the score sheet, finishes the
match (one deal long where the variant has that option) or leaves to the title, and looks at
the records and load screens.

:class:`Walk` keeps the text of each screen as the terminal shows it (the compositor's lines,
the same picture ``export_screenshot`` draws), labelled with the screen's class and the moment.

:func:`walk_a_match` plays the whole match. :func:`visit_every_screen` reaches the same screens
in two short runs instead: the menus and the first turns of the match as the new-game menu
starts it (:func:`first_turns`), then the last turns of a deal prepared in the core, where the
people meld, lay off and go out (:func:`deal_near_its_end`), to the end of the match.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select

from rummy_tui.bots import make_bot
from rummy_tui.core import (
    VARIANT_IDS,
    Action,
    Card,
    Discard,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    get_variant,
    new_game,
)
from rummy_tui.match.setup import SeatKind
from rummy_tui.ui.shell.app import RummyApp
from tests.ui.helpers import app_for, game_of, settle, table

MAX_STEPS = 3000
"""Screens and turns the walk may pass before it gives up (a deal stuck somewhere)."""


def terminal_text(app: RummyApp) -> str:
    """Every line of the terminal as a person sees it, screens below a dialog included."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        record=True,
        legacy_windows=False,
        safe_box=False,
    )
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    return console.export_text()


@dataclass(frozen=True)
class Look:
    """The terminal's text at one moment of the walk."""

    screen: str
    moment: str
    text: str


@dataclass
class Walk:
    """What the walk saw and did."""

    app: RummyApp
    looks: list[Look] = field(default_factory=list)
    done: set[str] = field(default_factory=set)
    """Moments reached at least once ("refused", "meld", "lay_off", ...)."""
    first_turns_only: bool = False
    """Stop the deal after the first person's turn (see :func:`play_the_deal`)."""

    def look(self, moment: str) -> None:
        """Note the terminal's text now."""
        name = type(self.app.screen).__name__
        self.looks.append(Look(name, moment, terminal_text(self.app)))

    @property
    def screens(self) -> set[str]:
        return {look.screen for look in self.looks}


@dataclass(frozen=True)
class Table:
    """The match the walk sets up in the new-game menu."""

    variant: str
    seats: tuple[tuple[str, SeatKind], ...]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 7

    @property
    def people(self) -> frozenset[int]:
        return frozenset(i for i, (_n, kind) in enumerate(self.seats) if kind is SeatKind.HUMAN)


def one_deal(variant: str) -> dict[str, Any]:
    """The option that makes a match one deal long, where the variant has it."""
    fields = {spec.field: spec.choices for spec in get_variant(variant).options}
    return {"deal_limit": 1} if 1 in fields.get("deal_limit", ()) else {}


async def step(pilot: Pilot[Any], *keys: str) -> None:
    """Press keys and let the app (and the computer players) catch up."""
    if keys:
        await pilot.press(*keys)
    await settle(pilot)


async def fill_new_game(pilot: Pilot[Any], walk: Walk, setup: Table) -> None:
    """Choose the variant by keys, then every seat, option, the pace and the seed."""
    screen = pilot.app.screen
    walk.look("opened")
    variants = screen.query_one("#ng-variant", OptionList)
    variants.focus()
    await step(pilot, "home", *["down"] * VARIANT_IDS.index(setup.variant))
    assert getattr(screen, "variant_id", None) == setup.variant
    screen.query_one("#ng-count", Select).value = len(setup.seats)
    await step(pilot)
    for index, (name, kind) in enumerate(setup.seats):
        screen.query_one(f"#seat-kind-{index}", Select).value = kind
        await step(pilot)
        screen.query_one(f"#seat-name-{index}", Input).value = name
    specs = {spec.field: spec for spec in get_variant(setup.variant).options}
    for option, value in setup.options.items():
        chosen = specs[option].choices.index(value)
        screen.query_one(f"#opt-{setup.variant}-{option}", Select).value = chosen
        await step(pilot)
    screen.query_one("#ng-pace", Select).value = 0.0
    screen.query_one("#ng-seed", Input).value = str(setup.seed)
    await step(pilot)
    walk.look("filled in")
    await step(pilot, "f1")
    walk.look("rules of the chosen variant")
    await step(pilot, "escape")
    await step(pilot, "ctrl+s")


async def _close(pilot: Pilot[Any], walk: Walk, key: str, moment: str) -> None:
    """Open a screen over the table with ``key``, look at it, close it with escape."""
    before = pilot.app.screen
    await step(pilot, key)
    walk.look(moment)
    walk.done.add(moment)
    if pilot.app.screen is not before:
        await step(pilot, "escape")
    assert pilot.app.screen is before, f"{moment}: escape did not lead back to the table"


async def _cursor_to(pilot: Pilot[Any], card: Card) -> None:
    state = table(pilot.app).hand_state
    assert state is not None
    steps = state.order.index(card) - state.cursor
    if steps:
        await pilot.press(*(["right" if steps > 0 else "left"] * abs(steps)))


async def _select(pilot: Pilot[Any], cards: tuple[Card, ...]) -> None:
    await step(pilot, "escape")  # nothing selected
    for card in cards:
        await _cursor_to(pilot, card)
        await pilot.press("space")
    await settle(pilot)


DRAW_KEYS = (("go_out", "g"), ("draw_stock", "d"), ("draw_two", "2"), ("end_deal", "e"))
PLAY_KINDS = ("go_out", "meld", "lay_off")


Chooser = Callable[[Game], Action]
"""How a person's move is chosen (:func:`walk_choice` or :func:`bot_choice`)."""


def walk_choice(game: Game) -> Action:
    """The first legal move of the first kind tried: going out, drawing (the stock, two cards,
    ending the deal, else the pile), melding, laying off, else discarding."""
    legal = game.legal_actions()
    if game.phase is Phase.DRAW:
        kinds = [kind for kind, _key in DRAW_KEYS] + ["take_discard"]
    else:
        kinds = [*PLAY_KINDS, "discard"]
    return next(action for kind in kinds for action in legal if action.kind == kind)


def bot_choice(game: Game) -> Action:
    """The move a normal computer player would make for the seat to act (a deal ends soon)."""
    bot = make_bot("normal", len(game.state.log))
    return bot.choose(game.view(game.current), game.legal_actions())


async def person_turn(pilot: Pilot[Any], walk: Walk, choose: Chooser = walk_choice) -> None:
    """One step of a person's turn by keys: the move ``choose`` picks (questions are answered
    with their first choice by :func:`play_the_deal`)."""
    app = pilot.app
    game = game_of(app)  # type: ignore[arg-type]
    if game.phase is Phase.DRAW:
        if "refused" not in walk.done:
            await step(pilot, "x")  # discarding before drawing: the core refuses it
            walk.look("refused move")
            walk.done.add("refused")
            await _close(pilot, walk, "h", "hint")
            await _close(pilot, walk, "L", "full-screen log")
            await _close(pilot, walk, "question_mark", "help")
            await _close(pilot, walk, "c", "score sheet during the deal")
        kind = choose(game).kind
        await step(pilot, next((key for drawn, key in DRAW_KEYS if drawn == kind), "t"))
        return
    chosen = choose(game)
    kind = chosen.kind
    if isinstance(chosen, GoOut):
        await step(pilot, "escape", "g")
    elif isinstance(chosen, Meld):
        await _select(pilot, chosen.cards)
        await step(pilot, "m")
    elif isinstance(chosen, LayOffCard):
        await step(pilot, "escape")
        await _cursor_to(pilot, chosen.card)
        await step(pilot, "l")
    else:
        assert isinstance(chosen, Discard), chosen
        await step(pilot, "escape")
        await _cursor_to(pilot, chosen.card)
        await step(pilot, "x")
        return
    if kind not in walk.done:
        walk.look(f"after {kind.replace('_', ' ')}")
        walk.done.add(kind)


async def play_the_deal(
    pilot: Pilot[Any],
    walk: Walk,
    setup: Table,
    people: frozenset[int] | None = None,
    choose: Chooser = walk_choice,
) -> None:
    """From the cut (or a hand-off) to the end-of-deal screen, looking at every screen on the
    way; ``people``: the seats played by keys (the setup's people unless given), each move
    the one ``choose`` picks.

    With ``walk.first_turns_only`` it stops instead at the next person's turn after the first
    person's whole turn, so the hand-off has shown what others did since."""
    app = pilot.app
    people = setup.people if people is None else people
    seen_turns: set[str] = set()
    for _ in range(MAX_STEPS):
        await settle(pilot)
        name = type(app.screen).__name__
        if name == "DealEndScreen":
            walk.look("end of the deal")
            return
        if walk.first_turns_only and "played a turn" in walk.done and name == "TableScreen":
            game = game_of(app)  # type: ignore[arg-type]
            if game.current in people and game.phase is Phase.DRAW:
                return
        if name in ("CutScreen", "HandoffScreen"):
            walk.look("before the deal" if name == "CutScreen" else "pass the keyboard")
            await step(pilot, "enter")
            continue
        if name == "ChoiceScreen":
            walk.look("a question")
            await step(pilot, "1")
            continue
        if name != "TableScreen":
            walk.look("unexpected screen")
            await step(pilot, "escape")
            continue
        game = game_of(app)  # type: ignore[arg-type]
        if game.current not in people or game.phase not in (Phase.DRAW, Phase.PLAY):
            continue
        moment = f"{game.phase.value} turn"
        if moment not in seen_turns:
            seen_turns.add(moment)
            walk.look(moment)
        playing = game.phase is Phase.PLAY
        await person_turn(pilot, walk, choose)
        if playing and game.phase is not Phase.PLAY:
            walk.done.add("played a turn")
    raise AssertionError(f"the {setup.variant} deal did not end in {MAX_STEPS} steps")


async def after_the_deal(pilot: Pilot[Any], walk: Walk) -> None:
    """The score sheet, the end of the match (or leaving it), the records and load screens."""
    app = pilot.app
    await step(pilot, "c")
    walk.look("score sheet after the deal")
    await step(pilot, "r")
    walk.look("the replay of the deal")
    await step(pilot, "end", "h")
    walk.look("every hand at the deal's end")
    await step(pilot, "escape", "escape")  # the page of every hand, then the replay
    await step(pilot, "escape")
    over = game_of(app).is_over  # type: ignore[arg-type]
    if over:
        await step(pilot, "enter")
        walk.look("the match is over")
        await step(pilot, "v")
        walk.look("the match is over, chart")
        await step(pilot, "v", "r")
        walk.look("the replay from the end of the match")
        await step(pilot, "r")
        await app.workers.wait_for_complete()
        await settle(pilot)
        walk.look("the review")
        await step(pilot, "escape", "escape")  # the review, then the replay
        await step(pilot, "t")
    else:
        await step(pilot, "q")  # from the end-of-deal screen: leave before the next deal
        walk.look("leave the table")
        await step(pilot, "2")
    assert type(app.screen).__name__ == "TitleScreen", type(app.screen).__name__
    walk.look("back at the title")
    await step(pilot, "p")
    walk.look("records")
    await step(pilot, "v")
    walk.look("records, the other view")
    await step(pilot, "escape")
    await step(pilot, "l")
    walk.look("saved matches")
    await step(pilot, "escape")
    assert type(app.screen).__name__ == "TitleScreen", [type(s).__name__ for s in app.screen_stack]


async def walk_a_match(pilot: Pilot[Any], setup: Table) -> Walk:
    """The whole walk (the app must be at the title screen)."""
    walk = Walk(pilot.app)  # type: ignore[arg-type]
    await settle(pilot)
    walk.look("start")
    await step(pilot, "n")
    await fill_new_game(pilot, walk, setup)
    await play_the_deal(pilot, walk, setup)
    await after_the_deal(pilot, walk)
    return walk


# ------------------------------------------------------------------ every screen, once


def deal_near_its_end(setup: Table) -> Game:
    """The setup's first deal, every seat played in the core by :func:`bot_choice`, from the
    start of the last turn after which the rest of the deal still holds every kind
    of move of the whole deal among melds, lay-offs and going out."""
    rules = get_variant(setup.variant, **setup.options)
    game = new_game(rules, [name for name, _kind in setup.seats], seed=setup.seed)
    turns: list[tuple[Game, list[str]]] = []
    for _ in range(MAX_STEPS):
        if game.phase not in (Phase.DRAW, Phase.PLAY):
            break
        if game.phase is Phase.DRAW:
            turns.append((game.copy(), []))
        action = bot_choice(game)
        turns[-1][1].append(action.kind)
        game.apply(action)
    else:
        raise AssertionError(f"the {setup.variant} deal did not end in {MAX_STEPS} moves")
    wanted = {kind for _start, kinds in turns for kind in kinds} & set(PLAY_KINDS)
    later: set[str] = set()
    for start, kinds in reversed(turns):
        later.update(kinds)
        if wanted <= later:
            return start
    raise AssertionError("unreachable: the first turn starts the whole deal")


async def first_turns(pilot: Pilot[Any], walk: Walk, setup: Table) -> None:
    """The title, the new-game menu, the cut and the turns up to the second person's, then
    leaving the table to the title screen."""
    walk.first_turns_only = True
    await settle(pilot)
    walk.look("start")
    await step(pilot, "n")
    await fill_new_game(pilot, walk, setup)
    await play_the_deal(pilot, walk, setup)
    walk.first_turns_only = False
    await step(pilot, "q")
    walk.look("leave the table")
    await step(pilot, "2")
    assert type(pilot.app.screen).__name__ == "TitleScreen", type(pilot.app.screen).__name__


async def last_turns(pilot: Pilot[Any], walk: Walk, setup: Table) -> None:
    """From the hand-off of a deal near its end (every seat a person, moving as a computer
    player would) to the end of the match or the title screen, and the records and saved
    matches from there."""
    everyone = frozenset(range(len(setup.seats)))
    await play_the_deal(pilot, walk, setup, people=everyone, choose=bot_choice)
    await after_the_deal(pilot, walk)


def near_the_end_app(setup: Table, data: Any) -> RummyApp:
    """The app at the table of :func:`deal_near_its_end`, saving into ``data``."""
    return app_for(deal_near_its_end(setup), data, autosave=True)
