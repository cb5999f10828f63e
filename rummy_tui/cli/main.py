"""The ``rummy`` command: play (the default), quick starts, saved games and headless simulation."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from rummy_tui import __version__
from rummy_tui.i18n import N_, _

if TYPE_CHECKING:
    import argparse

EXIT_OK = 0
EXIT_FAULT = 1
"""Something went wrong (``simulate``: an engine invariant was broken)."""
EXIT_USAGE = 2
"""The command line cannot be carried out; the reason is on standard error."""
EXIT_STOPPED = 130
"""Stopped with Ctrl+C (``simulate`` prints the results so far first)."""

EXIT_CODES_HELP = N_("""\
exit status:
  0    done (simulate: every deal played, no invariant broken)
  1    simulate found a broken invariant (listed in the results), or an unexpected error
       (described on standard error, details in the crash log)
  2    the command line cannot be carried out: a wrong option, variant, player list,
       name or option value; the reason is printed on standard error
  130  stopped with Ctrl+C (simulate prints the results so far, marked as partial)
""")
"""The exit statuses, printed under every command's help (translated when shown)."""
NEW_COMMAND_HELP = N_("start a match straight at the table")
"""What ``rummy new`` does, in its description and in the list of commands."""
VARIANT_OPTION_HELP = N_("classic, boathouse, double, rummy500, european")
"""The help of ``--variant`` (``rummy new`` and ``rummy simulate``)."""


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """Turn ``["twos_wild=true", ...]`` into option names and the values as typed.

    >>> parse_options(["twos_wild=true", " deal_limit = 3 "])
    {'twos_wild': 'true', 'deal_limit': '3'}
    """
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ValueError(_("An option is written name=value, not {pair}.").format(pair=pair))
        options[name.strip()] = value.strip()
    return options


def _deal_count(text: str) -> int:
    """``--deals``: a whole number of 1 or more."""
    import argparse

    try:
        deals = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("give a whole number of deals, not {text}").format(text=text)
        ) from None
    if deals < 1:
        raise argparse.ArgumentTypeError(_("give 1 deal or more, not {deals}").format(deals=deals))
    return deals


def _data_folder(text: str) -> Path:
    """``--data-dir``: a folder's name; an empty one is refused (it would silently mean the
    default folder)."""
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError(
            _("give the name of a folder; an empty name means no folder")
        )
    return Path(text)


def _settings_file(text: str) -> Path:
    """``--config``: a file's name; an empty one is refused (it would silently mean the
    default file)."""
    import argparse

    if not text.strip():
        raise argparse.ArgumentTypeError(_("give the name of a file; an empty name means no file"))
    return Path(text)


def _typed(read: Callable[[str], Any], refusal: str) -> Callable[[str], Any]:
    """An argparse type that reads a value with ``read`` and refuses text it cannot read with
    ``refusal`` (a message with ``{text}``) in the player's language, where argparse would say
    "invalid int value" with Python's own type name."""

    def convert(text: str) -> Any:
        import argparse

        try:
            return read(text)
        except ValueError:
            raise argparse.ArgumentTypeError(_(refusal).format(text=repr(text))) from None

    return convert


_whole_number = _typed(int, N_("give a whole number, not {text}"))
"""``--seed``."""
_seconds = _typed(float, N_("give a number of seconds, such as 0.5, not {text}"))
"""``--bot-delay``."""
_deal_number = _typed(int, N_("give the number of a deal, such as 2, not {text}"))
"""``rummy replay --deal``."""


def _share_global_options(
    parser: argparse.ArgumentParser, subparsers: Sequence[argparse.ArgumentParser]
) -> None:
    """Let every option of ``rummy`` itself (``--data-dir`` and any added later) also be
    written after the command: ``rummy new ... --data-dir DIR``. The copy on a command has
    no default of its own, so an option given before the command is kept unless it is given
    again after it."""
    import argparse

    for action in parser._actions:
        if not action.option_strings or isinstance(
            action, argparse._HelpAction | argparse._VersionAction
        ):
            continue
        copy: dict[str, Any] = {"dest": action.dest, "help": action.help}
        if isinstance(action, argparse._StoreConstAction):  # flags such as store_true
            copy.update(action="store_const", const=action.const)
        else:
            copy.update(metavar=action.metavar, choices=action.choices, nargs=action.nargs)
            if action.type is not None:
                copy["type"] = action.type
        for sub in subparsers:
            sub.add_argument(*action.option_strings, default=argparse.SUPPRESS, **copy)


def build_parser() -> argparse.ArgumentParser:
    """The command-line parser, its help in the current language (choose the language first:
    :func:`run` does, from ``--lang`` read ahead of the parse)."""
    import argparse

    from rummy_tui.i18n.argparse_words import translate_argparse

    translate_argparse()
    parser = argparse.ArgumentParser(
        prog="rummy",
        description=_(
            "Hot-seat rummy for 2 to 12 players at one terminal: Classic Rummy, Boathouse Rum, "
            "Double Rum, Rummy 500 and European Rummy. Run without a command for the title screen."
        ),
        epilog=_(EXIT_CODES_HELP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"rummy_tui {__version__}",
        help=_("show the version number and exit"),
    )
    parser.add_argument(
        "--data-dir",
        type=_data_folder,
        default=None,
        help=_("where saved games live (default: $RUMMY_DATA_DIR or the user data directory)"),
    )
    parser.add_argument(
        "--config",
        type=_settings_file,
        default=None,
        metavar="FILE",
        help=_(
            "the settings file (default: $RUMMY_CONFIG or config.toml in the user config directory)"
        ),
    )
    parser.add_argument(
        "--lang",
        default=None,
        metavar="LANG",
        help=_("language: en, fi or ru (default: the saved setting, else the system locale)"),
    )
    from rummy_tui.cli.served_window import add_window_options

    add_window_options(parser)
    commands = parser.add_subparsers(dest="command", metavar=_("COMMAND"))

    new = commands.add_parser(
        "new",
        description=_(NEW_COMMAND_HELP),
        help=_(NEW_COMMAND_HELP),
    )
    new.add_argument("--variant", required=True, help=_(VARIANT_OPTION_HELP))
    new.add_argument(
        "--players",
        required=True,
        help=_(
            "seats in order, e.g. Anna,Bob or Anna,bot:normal,bot:hard"
            " (own:Bob: a screen of its own)"
        ),
    )
    new.add_argument("--seed", type=_whole_number, default=None, help=_("seed of the shuffles"))
    new.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a rule option, e.g. twos_wild=true (repeatable)"),
    )
    new.add_argument("--no-hints", action="store_true", help=_("switch the hint key off"))
    new.add_argument(
        "--bot-delay", type=_seconds, default=0.5, help=_("seconds between computer actions")
    )

    commands.add_parser("continue", help=_("resume the most recent unfinished match"))
    join = commands.add_parser(
        "join",
        help=_("play your seat of a match on this screen (the shared screen shows its code)"),
        description=_(
            "Play one seat of a match on a screen of its own: the shared screen shows the seat's "
            "join code. Without CODE the game asks for it (then it is not kept in the shell's "
            "history)."
        ),
    )
    join.add_argument("code", nargs="?", default="", metavar=_("CODE"))
    guide = commands.add_parser(
        "guide",
        help=_("read the player's guide (F1 in the game)"),
        description=_(
            "Read the player's guide in the terminal, in your language where it is "
            "translated. Esc closes it."
        ),
    )
    guide.add_argument(
        "page",
        nargs="?",
        default="index",
        metavar=_("PAGE"),
        help=_("the page to open first, e.g. keys or settings"),
    )
    load = commands.add_parser("load", help=_("resume a saved match by name"))
    load.add_argument("name")
    _add_replay(commands)

    simulate = commands.add_parser(
        "simulate",
        help=_("play computer or random players against each other headless"),
        description=_(
            "Play deals between computer players (or random legal players) without a screen, "
            "checking the engine's invariants after every action, and print the wins, win "
            "rates and average scores. Players rotate seats and every block of deals repeats "
            "the same cards, so seat and card luck cancel out. A progress bar is drawn on "
            "standard error when it is a terminal; Ctrl+C stops early and prints the results "
            "so far, marked as partial."
        ),
        epilog=_(EXIT_CODES_HELP),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate.add_argument("--variant", required=True, help=_(VARIANT_OPTION_HELP))
    simulate.add_argument(
        "--players",
        required=True,
        help=_("a number of random players (e.g. 4) or levels (e.g. normal,easy or hard,random)"),
    )
    simulate.add_argument(
        "--deals", type=_deal_count, default=100, help=_("deals to play, 1 or more (100)")
    )
    simulate.add_argument(
        "--seed", type=_whole_number, default=0, help=_("seed of the shuffles (0)")
    )
    simulate.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("a rule option, e.g. rebuild_limit=none (repeatable)"),
    )
    simulate.add_argument(
        "--json",
        action="store_true",
        help=_(
            "print the results as one JSON object "
            "(keys listed in the guide: rummy guide command_line)"
        ),
    )
    simulate.add_argument(
        "--no-progress", action="store_true", help=_("never draw the progress bar")
    )
    from rummy_tui.cli.records import add_commands
    from rummy_tui.cli.review import add_command as add_review
    from rummy_tui.cli.serve import add_command as add_serve

    add_commands(commands)
    add_review(commands)
    add_serve(commands)
    _share_global_options(parser, list(commands.choices.values()))
    return parser


def _add_replay(commands: Any) -> None:
    """``rummy replay NAME [--deal N] [--text]`` (issue 32)."""
    from rummy_tui.cli.records import SAVE_NAME_HELP

    replay = commands.add_parser(
        "replay",
        help=_("replay a saved match move by move, or print it as a transcript"),
        description=_(
            "Step through the deals of a saved match move by move, or print the whole match "
            "as a Markdown transcript to paste into a message. A finished match shows every "
            "hand; a match still being played shows only its finished deals, with what the "
            "table saw and the hands revealed at each deal's end. A replay changes no save."
        ),
    )
    replay.add_argument("name", help=_(SAVE_NAME_HELP))
    replay.add_argument(
        "--deal",
        type=_deal_number,
        default=None,
        metavar="N",
        help=_(
            "deal N, numbered as on the score sheet: the replay opens at it, the transcript "
            "holds it alone (default: the first finished deal; the transcript: every one)"
        ),
    )
    replay.add_argument(
        "--text",
        action="store_true",
        help=_("print the transcript in Markdown on standard output instead of opening the game"),
    )


def read_ahead(argv: Sequence[str]) -> tuple[str | None, Path | None]:
    """``--lang`` and ``--data-dir`` as the command line gives them (the last one written
    wins, before or after the command), read before the parser is built.

    >>> read_ahead(["--lang", "ru", "new", "--data-dir=/tmp/r", "--lang=fi"])
    ('fi', PosixPath('/tmp/r'))
    >>> read_ahead(["load", "--", "--lang"])
    (None, None)
    """
    data_dir = read_ahead_value(argv, "--data-dir")
    return read_ahead_value(argv, "--lang"), Path(data_dir) if data_dir else None


def read_ahead_value(argv: Sequence[str], name: str) -> str | None:
    """The value of the option ``name`` as the command line gives it (the last one written
    wins), read before the parser is built; None when it is not given.

    >>> read_ahead_value(["--config", "a.toml", "new", "--config=b.toml"], "--config")
    'b.toml'
    >>> read_ahead_value(["load", "--", "--config", "x"], "--config")
    """
    found: str | None = None
    tokens = list(argv)
    for index, token in enumerate(tokens):
        if token == "--":
            break
        if token.startswith(name + "="):
            found = token.partition("=")[2]
        elif token == name and index + 1 < len(tokens):
            found = tokens[index + 1]
    return found


def _fail(message: str) -> int:
    from rummy_tui.i18n.outside_text import say

    say(f"rummy: {message}", file=sys.stderr)
    return EXIT_USAGE


def _one_sentence(error: ValueError) -> str:
    """The reason of a refusal in one line: the engine's refusals in the current language;
    for pydantic's validation errors, the first problem's own message without the field
    listing around it."""
    from rummy_tui.core.errors import IllegalAction
    from rummy_tui.i18n.refusals import refusal_sentence

    if isinstance(error, IllegalAction):
        return refusal_sentence(error)
    problems = getattr(error, "errors", None)
    if callable(problems):
        try:
            message = str(problems()[0]["msg"])
        except (IndexError, KeyError, TypeError):
            message = str(error)
        return message.removeprefix("Value error, ")
    return str(error)


def _setup_from_args(args: argparse.Namespace) -> Any:
    """The match ``rummy new`` asks for, checked as the table would check it (player count,
    names, options), so that every mistake is reported here with exit status 2."""
    from rummy_tui.core import get_variant, new_game
    from rummy_tui.match.setup import MatchSetup, parse_players, read_options, variant_refusal

    refusal = variant_refusal(args.variant)
    if refusal is not None:
        raise ValueError(refusal)
    rules = get_variant(args.variant)
    rules = get_variant(args.variant, **read_options(rules, parse_options(args.option)))
    seats = parse_players(args.players)
    setup = MatchSetup(
        rules=rules,
        seats=seats,
        seed=args.seed,
        hints=not args.no_hints,
        bot_delay=max(0.0, min(5.0, args.bot_delay)),
    )
    new_game(setup.rules, setup.names, seed=0, dealer=0)  # refuses what the table would
    return setup


def _guide(page: str, data_dir: Path | None) -> int:
    """``rummy guide [PAGE]``: the guide in the terminal; an unknown page is refused."""
    from rummy_tui.ui.screens.guide import GUIDE_PAGES

    if page not in GUIDE_PAGES:
        pages = ", ".join(GUIDE_PAGES)
        return _fail(
            _("The guide has no page {page} (pages: {pages}).").format(page=repr(page), pages=pages)
        )
    from rummy_tui.ui.shell.app import run_app

    return run_app(start="guide", data_dir=data_dir, guide_page=page)


def _replay(args: argparse.Namespace) -> int:
    """``rummy replay NAME [--deal N] [--text]``: the saved match read without taking it (no
    lock, no change: :meth:`~rummy_tui.persistence.SaveStore.peek`, as ``rummy sheet``
    reads it); a missing or damaged save, or a deal that cannot be replayed, is one sentence
    with exit status 2."""
    from rummy_tui.i18n.replay_words import not_replayable_sentence
    from rummy_tui.persistence import SaveError, SaveStore
    from rummy_tui.replay import MatchSteps, NotReplayable, open_replay

    try:
        _setup, game, _extra = SaveStore(args.data_dir).peek(args.name)
    except SaveError as error:
        return _fail(str(error))
    try:
        if args.text:
            from rummy_tui.tools.transcript import match_transcript

            transcript = match_transcript(game.state, args.name, args.deal)
            from rummy_tui.cli.printed import card_settings, shown_cards

            sys.stdout.write(shown_cards(transcript, card_settings(args.data_dir)))
            return EXIT_OK
        open_replay(MatchSteps(game.state), args.deal)  # refused here, before the app opens
    except NotReplayable as refusal:
        return _fail(not_replayable_sentence(refusal.code, refusal.deal_number, args.name))
    from rummy_tui.ui.shell.app import run_app

    return run_app(
        start="load", save_name=args.name, data_dir=args.data_dir, replay=(args.name, args.deal)
    )


def _simulate(args: argparse.Namespace) -> int:
    from rummy_tui.core import get_variant
    from rummy_tui.i18n.labels import DEALS_UNIT
    from rummy_tui.match.setup import variant_refusal
    from rummy_tui.tools.progress import progress_bar
    from rummy_tui.tools.simulate import parse_seats, simulate, stop_on_interrupt

    refusal = variant_refusal(args.variant)
    if refusal is not None:
        return _fail(refusal)
    rules = get_variant(args.variant)
    seats = parse_seats(args.players)
    options = parse_options(args.option)
    levels = ",".join(seats) if len(set(seats)) > 1 else f"{len(seats)} {seats[0]}"
    bar_on = None if not args.no_progress else False
    with (
        stop_on_interrupt() as stop,
        progress_bar(f"{args.variant} {levels}", args.deals, _(DEALS_UNIT), bar_on) as bar,
    ):
        report = simulate(
            args.variant,
            seats,
            deals=args.deals,
            seed=args.seed,
            options=options,
            on_deal=lambda _report: bar.advance(),
            stop=stop,
        )
    _print_results(report, rules.name, as_json=args.json)
    if report.violation_count:
        return EXIT_FAULT
    return EXIT_STOPPED if report.stopped else EXIT_OK


def _print_results(report: Any, variant_name: str, as_json: bool) -> None:
    """Print a simulation's results on standard output: JSON, or Rich tables."""
    from rummy_tui.i18n.outside_text import say, terminal
    from rummy_tui.tools.simulate_results import partial_note, results_json, results_renderables

    if as_json:
        import json

        print(json.dumps(results_json(report), indent=2))
        if report.stopped:
            say(f"rummy: {partial_note(report)}", file=sys.stderr)
        return
    console = terminal()
    for part in results_renderables(report, variant_name):
        console.print(part)


TITLE_ARGUMENTS = {
    "command": None,
    "data_dir": None,
    "lang": None,
    "config": None,
    "served": False,
    "guest": False,
    "code_fd": None,
    "report_fd": None,
}
"""What the parser makes of an empty command line: the title screen, the default data folder
and language."""


def parse_arguments(arguments: Sequence[str]) -> Any:
    """The command line read by the parser; a bare ``rummy`` is the title screen at once,
    without building the parser (and its commands), so the first frame does not wait."""
    if not arguments:
        return SimpleNamespace(**TITLE_ARGUMENTS)
    return build_parser().parse_args(arguments)


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command; return the exit status. Errors a player can fix are explained.

    The language is chosen before the parser is built (``--lang`` and ``--data-dir`` are read
    ahead of the parse), so the help and argparse's own errors are in that language too.
    """
    from rummy_tui.ui.shell.config import start_language

    arguments = list(sys.argv[1:] if argv is None else argv)
    requested, data_dir = read_ahead(arguments)
    settings_file = read_ahead_value(arguments, "--config")
    if settings_file and settings_file.strip():
        import os

        from rummy_tui.ui.shell.config import CONFIG_ENV

        os.environ[CONFIG_ENV] = settings_file  # for this run and the game's own commands
    try:
        start_language(requested, data_dir)
    except ValueError as error:
        return _fail(str(error))
    args = parse_arguments(arguments)
    from rummy_tui.cli.served_window import served_window
    from rummy_tui.persistence.paths import data_dir_problem

    window = served_window(args)  # a browser tab's window: its code taken from its pipe
    problem = None if args.command == "simulate" else data_dir_problem(args.data_dir)
    if problem is not None:
        return _fail(problem)
    try:
        done = _without_the_app(args)
        if done is not None:
            return done
        return _in_the_app(args, window)
    except ValueError as error:  # IllegalAction, RulesError and pydantic's errors
        return _fail(_one_sentence(error))


def _without_the_app(args: argparse.Namespace) -> int | None:
    """Run a command that prints or serves and starts no game window; None for the others."""
    if args.command == "simulate":
        return _simulate(args)
    if args.command in ("sheet", "stats"):
        from rummy_tui.cli.records import run_command

        return run_command(args)
    if args.command == "review":
        from rummy_tui.cli.review import run_review

        return run_review(args)
    if args.command == "serve":
        from rummy_tui.cli.serve import run_serve

        return run_serve(args)
    if args.command == "replay":
        return _replay(args)
    return None


def _in_the_app(args: argparse.Namespace, window: Any) -> int:
    """Start the game window the command asks for (a served tab's window: the join prompt)."""
    from rummy_tui.ui.shell.app import run_app

    setup = _setup_from_args(args) if args.command == "new" else None
    if window.guest:
        return run_app(
            start="join",
            join_code=window.code or "",
            data_dir=args.data_dir,
            guest=True,
            on_join=window.report,
        )
    if args.command == "join":
        return run_app(start="join", join_code=args.code, data_dir=args.data_dir)
    if setup is not None:
        return run_app(start="new", setup=setup, data_dir=args.data_dir)
    if args.command == "guide":
        return _guide(args.page, args.data_dir)
    if args.command == "continue":
        return run_app(start="continue", data_dir=args.data_dir)
    if args.command == "load":
        return run_app(start="load", save_name=args.name, data_dir=args.data_dir)
    return run_app(start="title", data_dir=args.data_dir)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``rummy`` console script."""
    try:
        return run(argv)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader of the output went away (``rummy review NAME | head``): not a fault.
        # The rest of the output goes nowhere, so that Python's own flush at exit is quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 141  # as a shell says of a command ended by SIGPIPE (128 + 13)
    except Exception as error:  # no traceback ever reaches the player
        from rummy_tui.i18n.outside_text import say
        from rummy_tui.persistence.crash_log import crash_message, write_crash_log

        say(crash_message(error, write_crash_log(error)), file=sys.stderr)
        return 1
