"""The soak run: many seeded deals of every variant with every option, checked throughout.

``python -m rummy_tui.tools.soak --deals 2000`` plays, for each variant, that many single-deal
matches, spread over ``--jobs`` processes (default: one per core). Deal ``k`` of a variant is
the same deal whatever the number of processes, so ``--first-deal`` lets a long soak run in
parts whose deal ranges do not overlap and whose figures add up.

Each deal draws its table from its own seed: the player count (any the variant allows), the
options (every option of the variant takes each of its offered values in turn
across the deals) and the seats: even deals are played by random legal players, odd deals by
computer players of mixed levels (easy, normal, hard, with a random player now and then).

After every action the core's invariants are checked (every card in exactly one place, legal
hand sizes, valid melds, a legal action unless the deal is over, zero-sum chips). Every
``--save-every``-th deal is also saved half-way and at its end through the real save store (in
a temporary folder) and loaded back: the replayed match must equal the one played. A deal
still running after ``MAX_ACTIONS`` actions is a violation (a livelock), except a deal of
random players under unlimited stock rebuilds: the rules let it go on as long as the table
wants, so it is stopped after ``ENDLESS_ACTIONS`` checked actions and counted as endless. A
deal of computer players that no seat can ever end any more (:func:`no_seat_can_end`: every
hand down to one card, one card drawn a turn, and no card off the table fits any meld on it)
is counted as endless too, for the same reason.

It is not part of the test suite (it runs for hours at full size); tests/README.md's "The soak
run" section gives the figures of the last run. The exit status is 1 when anything was found.

On a terminal a progress bar on standard error counts the deals of all variants (never in a
pipe or a log). Ctrl+C stops after the action in play: the deal it interrupted is dropped, the
lines of the deals played so far are printed, marked as partial, and the exit status is 130
(unless something was found: then 1, as for a whole run).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy_tui.bots import Bot, make_bot
from rummy_tui.core import Card, Game, Phase, RuleSet, get_variant, new_game
from rummy_tui.core.dealing import full_deck
from rummy_tui.core.invariants import invariant_violations
from rummy_tui.core.layoffs import layoff_options
from rummy_tui.core.variants import VARIANT_IDS, DrawRule, RulesError, player_count_refusal
from rummy_tui.i18n.refusals import error_sentence
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.tools.progress import progress_bar, shared_stop, tick, worker_stop
from rummy_tui.tools.simulate import StopFlag, stop_on_interrupt

MAX_ACTIONS = 20_000
"""A deal still running after this many actions is reported as a livelock."""
ENDLESS_ACTIONS = 5_000
"""Where a deal of random players under unlimited rebuilds is stopped (it has no end by the
rules, see :attr:`VariantSoak.capped`): enough actions for many rebuilds of the stock."""
BOT_LEVELS = ("easy", "normal", "hard")
EXIT_STOPPED = 130
"""The exit status of a soak stopped with Ctrl+C and clean so far (as ``rummy simulate``)."""
PART_DEALS = 10
"""Deals a worker plays in one go: small enough that the processes finish close together."""


@dataclass
class VariantSoak:
    """What the soak found for one variant."""

    variant_id: str
    deals: int = 0
    finished: int = 0
    bot_deals: int = 0
    random_deals: int = 0
    refused_tables: int = 0
    """Option mixes the rules refuse (``RulesError``): not played, not violations."""
    saves_checked: int = 0
    capped: int = 0
    """Deals of random players under unlimited stock rebuilds still going at the end:
    such a deal may go on as long as the table wants (no rule ends it), and random players
    never aim to go out, so it is stopped at ``ENDLESS_ACTIONS``, every action checked, and
    is not a livelock; and deals of computer players that no seat can end any more
    (:func:`no_seat_can_end`), found at ``MAX_ACTIONS``."""
    actions: int = 0
    seconds: float = 0.0
    violations: list[str] = field(default_factory=list)

    def absorb(self, part: VariantSoak) -> None:
        """Add the figures of another part of the same variant's run."""
        self.deals += part.deals
        self.finished += part.finished
        self.bot_deals += part.bot_deals
        self.random_deals += part.random_deals
        self.refused_tables += part.refused_tables
        self.saves_checked += part.saves_checked
        self.capped += part.capped
        self.actions += part.actions
        self.seconds += part.seconds
        self.violations.extend(part.violations)

    def line(self) -> str:
        """One line of the report."""
        return (
            f"{self.variant_id:<10} deals {self.deals:>6} (random {self.random_deals}, bots "
            f"{self.bot_deals}) finished {self.finished:>6}  endless {self.capped:>4}  "
            f"actions {self.actions:>9}  "
            f"saves checked {self.saves_checked:>5}  violations {len(self.violations)}  "
            f"{self.seconds:.0f} s of work"
        )


def table_for(variant_id: str, deal_index: int, rng: random.Random) -> tuple[RuleSet, int]:
    """The rules and player count of a deal: option ``k`` takes its values in turn."""
    preset = get_variant(variant_id)
    options: dict[str, Any] = {}
    stride = 1
    for spec in preset.options:
        options[spec.field] = spec.choices[(deal_index // stride) % len(spec.choices)]
        stride *= len(spec.choices)
    rules = get_variant(variant_id, **options)
    counts = [
        count
        for count in range(rules.min_players, rules.max_players + 1)
        if player_count_refusal(rules, count) is None
    ]
    return rules, rng.choice(counts)


def seats_for(deal_index: int, count: int, rng: random.Random) -> list[str]:
    """Random players on even deals, mixed computer levels on odd ones."""
    if deal_index % 2 == 0:
        return ["random"] * count
    return [rng.choice((*BOT_LEVELS, *BOT_LEVELS, "random")) for _ in range(count)]


def no_seat_can_end(game: Game) -> bool:
    """Whether the deal in play can never end: the stock is rebuilt without limit, a turn
    draws one card, every hand holds at most one card (two after the draw: too few for a
    meld) and no card off the table fits any meld on it. No seat can then empty its hand,
    whoever plays, and the rules let the deal go on as long as the table wants."""
    rules = game.rules
    deal = game.state.deal
    if not rules.rebuild_stock or rules.rebuild_limit is not None:
        return False
    if rules.draw_rule is not DrawRule.SINGLE or any(len(hand) > 1 for hand in deal.hands):
        return False
    loose = [*deal.stock, *deal.discard, *(card for hand in deal.hands for card in hand)]
    return not any(layoff_options(rules, meld, card) for meld in deal.melds for card in loose)


def check_save(game: Game, rules: RuleSet, names: Sequence[str], folder: Path) -> str | None:
    """Save ``game`` through the store, load it back; what went wrong, or None."""
    from rummy_tui.persistence import SaveStore

    store = SaveStore(folder, durable=False)
    setup = MatchSetup(
        rules=rules, seats=tuple(Seat(name=name, kind=SeatKind.HUMAN) for name in names)
    )
    setup = setup.model_copy(update={"seed": game.state.seed})
    try:
        name = store.create(setup, game)
        _, loaded, _ = store.load(name)
        store.release(name)
        store.delete(name)
    except Exception as error:
        return f"save and load failed: {type(error).__name__}: {error_sentence(error)}"
    if loaded.to_json() != game.to_json():
        return "the loaded match differs from the one saved"
    return None


def soak_variant(
    variant_id: str,
    deals: int,
    seed: int,
    save_every: int,
    folder: Path,
    stop: StopFlag | None = None,
    first_deal: int = 0,
) -> VariantSoak:
    """Play deals ``first_deal`` to ``first_deal + deals - 1`` of one variant and check them;
    each deal ticks the open progress bar. When ``stop`` is set the run ends after the action
    in play and the deal it was in is not counted."""
    found = VariantSoak(variant_id)
    started = time.perf_counter()
    for deal_index in range(first_deal, first_deal + deals):
        if stop is not None and stop.is_set():
            break
        rng = random.Random(f"soak:{variant_id}:{seed}:{deal_index}")
        try:
            rules, count = table_for(variant_id, deal_index, rng)
        except RulesError:
            found.refused_tables += 1
            tick()
            continue
        checking = save_every > 0 and deal_index % save_every == 0
        if soak_deal(found, deal_index, rules, count, rng, checking, folder, stop):
            break  # stopped in the middle of the deal, which does not count
        found.deals += 1
        if deal_index % 2:
            found.bot_deals += 1
        else:
            found.random_deals += 1
        tick()
    found.seconds = time.perf_counter() - started
    return found


def soak_deal(
    found: VariantSoak,
    deal_index: int,
    rules: RuleSet,
    count: int,
    rng: random.Random,
    checking: bool,
    folder: Path,
    stop: StopFlag | None = None,
) -> bool:
    """Play deal ``deal_index`` of the soak at a table of ``count`` and add what it finds to
    ``found`` (``checking``: save and load the match on the way and at the end). Returns
    True when ``stop`` was set in the middle of the deal; its actions are then taken back
    out of ``found``."""
    levels = seats_for(deal_index, count, rng)
    names = [f"Seat {number + 1}" for number in range(count)]
    deal_seed = rng.randrange(2**31)
    where = f"{found.variant_id} deal {deal_index} (seed {deal_seed}, {','.join(levels)})"
    bots = [make_bot(level, deal_seed * 31 + index) for index, level in enumerate(levels)]
    try:
        game = new_game(rules, names, seed=deal_seed)
        deck = full_deck(rules, count)
        ended = False
        endless = rules.rebuild_limit is None and set(levels) == {"random"}
        for step in range(ENDLESS_ACTIONS if endless else MAX_ACTIONS):
            if stop is not None and stop.is_set():
                break
            if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
                ended = True
                break
            if not _soak_step(found, game, bots, deck, where, step):
                break
            if checking and step == 40:
                _check_save_of(found, game, rules, names, folder, f"{where}, step {step}")
        else:
            _note_unended(found, game, endless, where)
        if not ended and stop is not None and stop.is_set():
            found.actions -= step  # the interrupted deal does not count
            return True
        if ended:
            found.finished += 1
            if checking:
                _check_save_of(found, game, rules, names, folder, f"{where}, at the end")
    except Exception as error:  # a soak reports, never dies
        found.violations.append(f"{where}: {type(error).__name__}: {error_sentence(error)}")
    return False


def _soak_step(
    found: VariantSoak,
    game: Game,
    bots: Sequence[Bot],
    deck: Sequence[Card],
    where: str,
    step: int,
) -> bool:
    """Step ``step`` of the soak deal ``where``: the seat to act chooses among the listed
    actions and the state after it is checked. Returns False when a problem ends the deal
    (added to ``found``)."""
    legal = game.legal_actions()
    seat = game.current
    action = bots[seat].choose(game.view(seat), legal)
    if action not in legal:
        found.violations.append(f"{where}: seat {seat} chose an unlisted action")
        return False
    game.apply(action)
    found.actions += 1
    problems = invariant_violations(game, deck, check_legal=True)
    if problems:
        found.violations.append(f"{where}, step {step}: {problems[0]}")
        return False
    return True


def _note_unended(found: VariantSoak, game: Game, endless: bool, where: str) -> None:
    """A deal that did not end in its actions: capped when it is endless by the rules and
    nobody aims (or can) end it, else a violation."""
    if endless or no_seat_can_end(game):
        found.capped += 1
    else:
        found.violations.append(f"{where}: the deal did not end in {MAX_ACTIONS} actions")


def _check_save_of(
    found: VariantSoak,
    game: Game,
    rules: RuleSet,
    names: Sequence[str],
    folder: Path,
    where: str,
) -> None:
    """Save and load the match, counting the check and any problem it finds at ``where``."""
    problem = check_save(game, rules, names, folder)
    found.saves_checked += 1
    if problem:
        found.violations.append(f"{where}: {problem}")


@dataclass(frozen=True)
class SoakPart:
    """Deals ``first`` to ``first + count - 1`` of one variant: one worker's share."""

    variant_id: str
    first: int
    count: int
    seed: int
    save_every: int


def soak_part(part: SoakPart) -> VariantSoak:
    """Play one part in a pool worker (its own save folder; stops when the parent says)."""
    with tempfile.TemporaryDirectory(prefix="rummy-soak-") as folder:
        return soak_variant(
            part.variant_id,
            part.count,
            part.seed,
            part.save_every,
            Path(folder),
            worker_stop(),
            first_deal=part.first,
        )


def split_deals(
    variants: Sequence[str], first: int, deals: int, seed: int, save_every: int
) -> list[SoakPart]:
    """Every variant's deal range cut into parts of :data:`PART_DEALS`, European Rummy's
    (the longest deals) first, so that no process is left with a long tail alone."""
    ordered = sorted(variants, key=lambda variant_id: variant_id != "european")
    return [
        SoakPart(variant_id, start, min(PART_DEALS, first + deals - start), seed, save_every)
        for variant_id in ordered
        for start in range(first, first + deals, PART_DEALS)
    ]


def soak_in_pool(
    variants: Sequence[str], args: argparse.Namespace, jobs: int, stop: StopFlag, bar: Any
) -> Iterator[VariantSoak]:
    """Play every variant's deals in ``jobs`` processes; each variant's figures as soon as
    its last part is in (the parts come back in order, a variant's one after the other)."""
    parts = split_deals(variants, args.first_deal, args.deals, args.seed, args.save_every)
    left = Counter(part.variant_id for part in parts)
    found = {variant_id: VariantSoak(variant_id) for variant_id in left}
    with ProcessPoolExecutor(max_workers=jobs, **bar.pool_arguments(stop)) as pool:
        for part, result in zip(parts, pool.map(soak_part, parts), strict=True):
            found[part.variant_id].absorb(result)
            left[part.variant_id] -= 1
            if not left[part.variant_id]:
                yield found[part.variant_id]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak and print a line per variant; exit status 1 when anything was found."""
    parser = argparse.ArgumentParser(prog="python -m rummy_tui.tools.soak", description=__doc__)
    parser.add_argument("--deals", type=int, default=2_000, help="deals per variant")
    parser.add_argument(
        "--first-deal", type=int, default=0, help="the first deal's number (runs in parts)"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", default=",".join(VARIANT_IDS))
    parser.add_argument(
        "--save-every", type=int, default=50, help="save and reload every Nth deal (0: never)"
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: the cores)"
    )
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.first_deal < 0:
        parser.error("--first-deal must be at least 0")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    total_violations = 0
    variants = [name.strip() for name in args.variants.split(",") if name.strip()]
    total = args.deals * len(variants)
    last = args.first_deal + args.deals - 1
    print(
        f"soak: {args.deals} deals per variant (deals {args.first_deal}-{last}), "
        f"seed {args.seed}, {args.jobs} processes",
        flush=True,
    )
    started = time.perf_counter()

    def report(found: VariantSoak) -> int:
        """Print one variant's line and its first violations; how many it found."""
        print(found.line(), flush=True)
        for violation in found.violations[:20]:
            print(f"  - {violation}", flush=True)
        return len(found.violations)

    with (
        stop_on_interrupt(shared_stop() if args.jobs > 1 else None) as stop,
        progress_bar("soak", total, "deals") as bar,
    ):
        if args.jobs > 1:
            for found in soak_in_pool(variants, args, args.jobs, stop, bar):
                if found.deals or not stop.is_set():
                    total_violations += report(found)
        else:
            with tempfile.TemporaryDirectory(prefix="rummy-soak-") as folder:
                for variant_id in variants:
                    if stop.is_set():
                        break
                    found = soak_variant(
                        variant_id,
                        args.deals,
                        args.seed,
                        args.save_every,
                        Path(folder),
                        stop,
                        first_deal=args.first_deal,
                    )
                    total_violations += report(found)
    print(f"violations in all: {total_violations}", flush=True)
    print(f"wall time {time.perf_counter() - started:.0f} s", flush=True)
    if stop.is_set():
        print(
            f"PARTIAL: stopped with Ctrl+C after {bar.done} of {total} deals; the lines above "
            "cover the deals played so far.",
            flush=True,
        )
    if total_violations:
        return 1
    return EXIT_STOPPED if stop.is_set() else 0


if __name__ == "__main__":
    sys.exit(main())
