"""Headless play: computer players against each other, with the engine's invariants checked.

``rummy simulate`` calls :func:`simulate` and prints the report with
:mod:`rummy_tui.tools.simulate_results` (a table, or JSON). Every deal is a
fresh match of one deal. The players rotate round the table in the duplicate style: deals are
played in blocks of one deal per seat, every block deals the same cards, and from one deal of a
block to the next every player moves one seat on, so each player holds each hand and sits in
each position once; position and the luck of the cards cancel out of the win rates.

After every action the simulation checks that every card is in exactly one place (hands,
stock, discard pile and melds hold the whole deck, no card twice), that hand sizes are sane,
that the seat to act has a legal action unless the deal is over, and in European Rummy that
the chips stay zero-sum.

>>> report = simulate("classic", ["random", "random"], deals=2, seed=1)
>>> report.deals_finished, report.violations
(2, [])
"""

from __future__ import annotations

import signal
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from rummy_tui.bots import ALL_LEVELS, Bot, make_bot
from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.invariants import invariant_violations
from rummy_tui.core.variants import Scoring
from rummy_tui.i18n import N_, _
from rummy_tui.i18n.refusals import error_sentence
from rummy_tui.match.setup import read_options

TOO_FEW_PLAYERS = N_("A simulation needs at least 2 players.")
"""Why a seat list of fewer than two cannot be simulated."""

MAX_ACTIONS_PER_DEAL = 20_000
"""A deal still running after this many actions is reported as a violation and abandoned."""

MAX_VIOLATIONS_KEPT = 50
"""Only the first violations are kept in a report (the count keeps going)."""


@dataclass
class SimulationReport:
    """What a simulation found. Lists are indexed by player (the order of ``seats``).

    Attributes:
        variant_id: The variant played.
        seats: The level of each player.
        options: The table options played with.
        deals: Deals requested.
        deals_played: Deals started and not cut short by a stop (fewer than ``deals`` only
            when the run was stopped; abandoned deals count).
        deals_finished: Deals that ended (dead hands included).
        dead_hands: Deals voided by the dead-hand guard (G-9).
        wins: Deals won per player; a shared first place is split evenly. Rummy 500 counts the
            best score of the deal as the win.
        score_totals: Summed score changes per player (points or chips).
        violations: Descriptions of broken invariants and errors (first ``MAX_VIOLATIONS_KEPT``).
        violation_count: How many violations were found in all.
        actions: Actions applied in all.
        decisions: Bot decisions timed, per player.
        decision_seconds: Time spent choosing, per player.
        seconds: Wall time of the whole run.
        seed: The seed of the run.
        stopped: Whether the run was stopped early (Ctrl+C); the figures then cover the
            ``deals_played`` deals only.
    """

    variant_id: str
    seats: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    deals: int = 0
    deals_played: int = 0
    deals_finished: int = 0
    dead_hands: int = 0
    wins: list[float] = field(default_factory=list)
    score_totals: list[int] = field(default_factory=list)
    violations: list[str] = field(default_factory=list)
    violation_count: int = 0
    actions: int = 0
    decisions: list[int] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    seconds: float = 0.0
    seed: int = 0
    stopped: bool = False

    @property
    def scored_deals(self) -> int:
        """Deals that ended with a score (not dead hands)."""
        return self.deals_finished - self.dead_hands

    @property
    def win_rates(self) -> list[float]:
        """Share of the scored deals each player won."""
        scored = self.scored_deals
        return [wins / scored if scored else 0.0 for wins in self.wins]

    @property
    def average_scores(self) -> list[float]:
        """Average score change per scored deal, per player."""
        scored = self.scored_deals
        return [total / scored if scored else 0.0 for total in self.score_totals]

    @property
    def ms_per_decision(self) -> list[float]:
        """Average milliseconds a player took to choose, per player."""
        return [
            1000 * seconds / decisions if decisions else 0.0
            for seconds, decisions in zip(self.decision_seconds, self.decisions, strict=True)
        ]

    @property
    def deals_per_second(self) -> float:
        """Finished deals per second of wall time."""
        return self.deals_finished / self.seconds if self.seconds > 0 else 0.0

    def by_level(self) -> dict[str, tuple[float, float]]:
        """Per level: (average win rate of its players, average score of its players)."""
        summary: dict[str, tuple[float, float]] = {}
        rates, scores = self.win_rates, self.average_scores
        for level in dict.fromkeys(self.seats):
            players = [index for index, name in enumerate(self.seats) if name == level]
            summary[level] = (
                sum(rates[index] for index in players) / len(players),
                sum(scores[index] for index in players) / len(players),
            )
        return summary

    def add_violation(self, text: str) -> None:
        """Record one broken invariant or error."""
        self.violation_count += 1
        if len(self.violations) < MAX_VIOLATIONS_KEPT:
            self.violations.append(text)


def parse_seats(text: str) -> list[str]:
    """Read ``--players``: a count of random players ("4") or levels ("normal,easy").

    >>> parse_seats("3")
    ['random', 'random', 'random']
    >>> parse_seats("Normal, easy")
    ['normal', 'easy']

    Raises:
        ValueError: for an unknown level or a count below 2.
    """
    stripped = text.strip()
    if stripped.isdigit():
        count = int(stripped)
        if count < 2:
            raise ValueError(_(TOO_FEW_PLAYERS))
        return ["random"] * count
    seats = [part.strip().lower() for part in stripped.split(",") if part.strip()]
    for level in seats:
        if level not in ALL_LEVELS:
            raise ValueError(
                _("There is no computer level {level} (levels: {levels}).").format(
                    level=repr(level), levels=", ".join(ALL_LEVELS)
                )
            )
    if len(seats) < 2:
        raise ValueError(_(TOO_FEW_PLAYERS))
    return seats


def coerce_options(variant_id: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """Turn option values written as text ("true", "3", "none", "per_card") into the values
    the variant offers; values that are not text pass through unchanged.

    Raises:
        RulesError: for an unknown variant.
        ValueError: for an option the variant does not have or a text value it does not offer.
    """
    rules = get_variant(variant_id)
    texts = {name: value for name, value in options.items() if isinstance(value, str)}
    typed = read_options(rules, texts)
    return {name: typed.get(name, value) for name, value in options.items()}


class StopFlag(Protocol):
    """Anything that says whether to stop: a ``threading.Event`` or a
    ``multiprocessing.Event``."""

    def is_set(self) -> bool: ...

    def set(self) -> None: ...


@contextmanager
def stop_on_interrupt(event: Any = None) -> Iterator[Any]:
    """While the block runs, Ctrl+C (SIGINT) sets ``event`` (a new ``threading.Event`` if
    none is given) instead of raising, so a run can stop between actions and keep what it
    has; a second Ctrl+C raises ``KeyboardInterrupt`` as usual. The event is yielded. Outside
    the main thread it is only set by hand."""
    stop = threading.Event() if event is None else event
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return

    def first(_signum: int, _frame: object) -> None:
        stop.set()
        signal.signal(signal.SIGINT, signal.default_int_handler)

    previous = signal.signal(signal.SIGINT, first)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def simulate(
    variant_id: str,
    seats: Sequence[str],
    deals: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    on_deal: Callable[[SimulationReport], None] | None = None,
    stop: StopFlag | None = None,
) -> SimulationReport:
    """Play ``deals`` deals between computer players and check the invariants throughout.

    Args:
        variant_id: One of ``VARIANT_IDS``.
        seats: A level per player: "random", "easy", "normal" or "hard".
        deals: How many deals to play.
        seed: Seed of the shuffles and of the players' random choices.
        options: Table options by RuleSet field name (text values are read as the variant's
            choices).
        on_deal: Called with the report after every deal (for a progress bar).
        stop: When this event is set the run stops after the current action: the deal in
            play is dropped and the report, marked ``stopped``, covers the deals before it.

    Returns:
        The report; its ``violations`` list is empty when nothing went wrong.

    Raises:
        RulesError: for an unknown variant or option.
        IllegalAction: for a player count the variant does not allow.
        ValueError: for an unknown level or option value, or fewer than one deal.
    """
    if deals < 1:
        raise ValueError(f"A simulation plays at least 1 deal, not {deals}.")
    table_options = coerce_options(variant_id, options or {})
    rules = get_variant(variant_id, **table_options)
    levels = [str(level).strip().lower() for level in seats]
    count = len(levels)
    bots: list[Bot] = [
        make_bot(level, seed * 7919 + 104_729 * index + 1) for index, level in enumerate(levels)
    ]
    names = [f"Seat {number + 1}" for number in range(count)]
    new_game(rules, names, seed=seed, dealer=0)  # refuses a bad player count before any play
    report = SimulationReport(
        variant_id=variant_id,
        seats=levels,
        options=dict(table_options),
        deals=deals,
        seed=seed,
        wins=[0.0] * count,
        score_totals=[0] * count,
        decisions=[0] * count,
        decision_seconds=[0.0] * count,
    )
    deck = full_deck(rules, count)
    started = time.perf_counter()
    for deal_index in range(deals):
        if stop is not None and stop.is_set():
            report.stopped = True
            break
        block, rotation = divmod(deal_index, count)
        # player p sits at seat (p + rotation) % count
        seat_player = [(seat - rotation) % count for seat in range(count)]
        deal_seed = seed * 1_000_003 + block
        game = new_game(rules, names, seed=deal_seed, dealer=0)
        where = f"deal {deal_index + 1} (seed {deal_seed}, rotation {rotation})"
        try:
            finished = _play_deal(game, bots, seat_player, deck, report, where, stop)
        except Exception as error:  # a simulation reports errors, never dies
            trace = traceback.format_exc(limit=4).strip().splitlines()
            said = error_sentence(error)
            report.add_violation(f"{where}: {type(error).__name__}: {said} | {trace[-3:]}")
            finished = False
        if finished is None:  # stopped in the middle of the deal: it does not count
            report.stopped = True
            break
        report.deals_played += 1
        if finished:
            report.deals_finished += 1
            _score(game, seat_player, report)
        if on_deal is not None:
            on_deal(report)
    report.seconds = time.perf_counter() - started
    return report


def _play_deal(
    game: Game,
    bots: list[Bot],
    seat_player: list[int],
    deck: list[Any],
    report: SimulationReport,
    where: str,
    stop: StopFlag | None = None,
) -> bool | None:
    """Play one deal to its end; False if it had to be abandoned, None if ``stop`` was set."""
    problems = check_invariants(game, deck)
    for problem in problems:
        report.add_violation(f"{where}, before play: {problem}")
    for _action in range(MAX_ACTIONS_PER_DEAL):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            return True
        if stop is not None and stop.is_set():
            return None
        legal = game.legal_actions()
        if not legal:
            report.add_violation(f"{where}, turn {game.state.deal.turn_number}: no legal action")
            return False
        seat = game.current
        player = seat_player[seat]
        view = game.view(seat)
        started = time.perf_counter()
        action = bots[player].choose(view, legal)
        report.decision_seconds[player] += time.perf_counter() - started
        report.decisions[player] += 1
        if action not in legal:
            report.add_violation(f"{where}: seat {seat} chose an action not listed: {action!r}")
            return False
        game.apply(action)
        report.actions += 1
        problems = check_invariants(game, deck, check_legal=False)
        for problem in problems:
            report.add_violation(f"{where}, after {action!r}: {problem}")
        if problems:
            return False
    report.add_violation(f"{where}: the deal did not end within {MAX_ACTIONS_PER_DEAL} actions")
    return False


def _score(game: Game, seat_player: list[int], report: SimulationReport) -> None:
    state = game.state
    result = state.results[-1]
    if result.dead:
        report.dead_hands += 1
        return
    changes = list(result.changes)
    for seat, change in enumerate(changes):
        report.score_totals[seat_player[seat]] += change
    if state.rules.scoring is Scoring.TABLE_MINUS_HAND or result.winner is None:
        best = max(changes)
        leaders = [seat for seat, change in enumerate(changes) if change == best]
    else:
        leaders = [result.winner]
    for seat in leaders:
        report.wins[seat_player[seat]] += 1 / len(leaders)


def check_invariants(
    game: Game, deck: Sequence[Any] | None = None, check_legal: bool = True
) -> list[str]:
    """The broken invariants of a game right now (the core's checks, see
    :func:`rummy_tui.core.invariants.invariant_violations`)."""
    return invariant_violations(game, deck, check_legal)
