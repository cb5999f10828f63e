"""The ``rummy`` command: play (the default), quick starts, saved games and headless simulation."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rummy_tui import __version__

EXIT_USAGE = 2


def parse_option_value(text: str) -> Any:
    """Read an option value written on the command line: true/false, none, a number or a word.

    >>> [parse_option_value(text) for text in ("true", "No", "none", "250", "per_card")]
    [True, False, None, 250, 'per_card']
    """
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if lowered in ("none", "null", "unlimited"):
        return None
    try:
        return int(lowered)
    except ValueError:
        return text.strip()


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """Turn ``["twos_wild=true", ...]`` into a dict of RuleSet field values."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"An option is written name=value, not {pair!r}.")
        options[name.strip()] = parse_option_value(value)
    return options


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser."""
    parser = argparse.ArgumentParser(
        prog="rummy",
        description=(
            "Hot-seat rummy for 2 to 12 players at one terminal: Classic Rummy, Boathouse Rum, "
            "Double Rum, Rummy 500 and European Rummy. Run without a command for the title screen."
        ),
    )
    parser.add_argument("--version", action="version", version=f"rummy_tui {__version__}")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="where saved games live (default: $RUMMY_DATA_DIR or the user data directory)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    new = commands.add_parser("new", help="start a match straight at the table")
    new.add_argument(
        "--variant", required=True, help="classic, boathouse, double, rummy500, european"
    )
    new.add_argument(
        "--players",
        required=True,
        help="seats in order, e.g. Anna,Bob or Anna,bot:normal,bot:hard",
    )
    new.add_argument("--seed", type=int, default=None, help="seed of the shuffles")
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, e.g. twos_wild=true (repeatable)",
    )
    new.add_argument("--no-hints", action="store_true", help="switch the hint key off")
    new.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds between computer actions"
    )

    commands.add_parser("continue", help="resume the most recent unfinished match")
    load = commands.add_parser("load", help="resume a saved match by name")
    load.add_argument("name")

    simulate = commands.add_parser("simulate", help="play random or computer games headless")
    simulate.add_argument("--variant", required=True)
    simulate.add_argument(
        "--players",
        required=True,
        help="a number of random players (e.g. 4) or bot levels (e.g. normal,easy)",
    )
    simulate.add_argument("--deals", type=int, default=100)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    from rummy_tui.cli_records import add_commands

    add_commands(commands)
    return parser


def _fail(message: str) -> int:
    print(f"rummy: {message}", file=sys.stderr)
    return EXIT_USAGE


def _setup_from_args(args: argparse.Namespace) -> Any:
    from rummy_tui.core import get_variant
    from rummy_tui.core.variants import player_count_error
    from rummy_tui.match_setup import MatchSetup, parse_players

    rules = get_variant(args.variant, **parse_options(args.option))
    seats = parse_players(args.players)
    problem = player_count_error(rules, len(seats))
    if problem is not None:
        raise ValueError(problem)
    return MatchSetup(
        rules=rules,
        seats=seats,
        seed=args.seed,
        hints=not args.no_hints,
        bot_delay=max(0.0, min(5.0, args.bot_delay)),
    )


def _simulate(args: argparse.Namespace) -> int:
    from rummy_tui.core import VARIANT_IDS
    from rummy_tui.simulate import format_report, simulate

    if args.variant not in VARIANT_IDS:
        return _fail(f"there is no variant {args.variant!r} (variants: {', '.join(VARIANT_IDS)})")
    text = args.players.strip()
    seats = ["random"] * int(text) if text.isdigit() else [part.strip() for part in text.split(",")]
    report = simulate(
        args.variant, seats, deals=args.deals, seed=args.seed, options=parse_options(args.option)
    )
    print(format_report(report))
    return 1 if report.violations else 0


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status. Errors a player can fix are explained."""
    args = build_parser().parse_args(argv)

    try:
        if args.command == "simulate":
            return _simulate(args)
        if args.command in ("sheet", "stats"):
            from rummy_tui.cli_records import run_command

            return run_command(args)
        setup = _setup_from_args(args) if args.command == "new" else None
        from rummy_tui.ui.app import run_app

        if setup is not None:
            return run_app(start="new", setup=setup, data_dir=args.data_dir)
        if args.command == "continue":
            return run_app(start="continue", data_dir=args.data_dir)
        if args.command == "load":
            return run_app(start="load", save_name=args.name, data_dir=args.data_dir)
        return run_app(start="title", data_dir=args.data_dir)
    except ValueError as error:  # IllegalAction and RulesError are ValueErrors
        return _fail(str(error))


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rummy`` console script."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # no traceback ever reaches the player
        from rummy_tui.crash import write_crash_log

        path = write_crash_log(error)
        where = f" (details in {path})" if path else ""
        print(f"rummy: something went wrong: {error}{where}", file=sys.stderr)
        return 1
