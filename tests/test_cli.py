"""The ``rummy`` command line: options in either place, mistakes answered with exit status 2 and
one sentence, and ``rummy simulate``'s results as a table, as JSON and when stopped early."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummy_tui.cli import main as cli
from rummy_tui.tools.progress import ProgressBar
from rummy_tui.tools.simulate import simulate
from rummy_tui.tools.simulate_results import JSON_KEYS, results_json

ROOT = Path(__file__).resolve().parent.parent


def rummy(*args: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m rummy_tui ARGS`` from the source tree with pipes for its output."""
    return subprocess.run(
        [sys.executable, "-m", "rummy_tui", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Replace the Textual app with a recorder of how it would have been started."""
    calls: list[dict[str, Any]] = []

    def fake_run_app(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    import rummy_tui.ui.shell.app

    monkeypatch.setattr(rummy_tui.ui.shell.app, "run_app", fake_run_app)
    return calls


# ---------------------------------------------------------------- global options anywhere


@pytest.mark.parametrize(
    "argv",
    [
        ["new", "--variant", "classic", "--players", "Anna,Bob", "--data-dir", "DIR"],
        ["--data-dir", "DIR", "new", "--variant", "classic", "--players", "Anna,Bob"],
        ["continue", "--data-dir", "DIR"],
        ["--data-dir", "DIR", "continue"],
        ["load", "--data-dir", "DIR", "friday"],
        ["load", "friday", "--data-dir", "DIR"],
        ["--data-dir", "ELSEWHERE", "load", "friday", "--data-dir", "DIR"],
    ],
)
def test_data_dir_is_read_before_or_after_the_command(argv: list[str]) -> None:
    assert cli.build_parser().parse_args(argv).data_dir == Path("DIR")


def test_no_data_dir_anywhere_leaves_the_default() -> None:
    assert cli.build_parser().parse_args(["continue"]).data_dir is None
    assert cli.build_parser().parse_args([]).data_dir is None


def test_global_options_added_later_are_shared_with_every_command_too() -> None:
    parser = argparse.ArgumentParser(prog="rummy")
    parser.add_argument("--lang", default=None)
    parser.add_argument("--plain", action="store_true")
    commands = parser.add_subparsers(dest="command")
    new = commands.add_parser("new")
    cli._share_global_options(parser, [new])
    assert parser.parse_args(["new", "--lang", "fi", "--plain"]).lang == "fi"
    assert parser.parse_args(["new", "--plain"]).plain is True
    assert parser.parse_args(["--lang", "ru", "new"]).lang == "ru"
    assert parser.parse_args(["new"]).lang is None


def test_new_with_data_dir_after_the_command_starts_the_match_there(
    no_app: list[dict[str, Any]], tmp_path: Path
) -> None:
    argv = ["new", "--variant", "classic", "--players", "Anna,Bob", "--data-dir", str(tmp_path)]
    assert cli.run(argv) == 0
    (call,) = no_app
    assert call["data_dir"] == tmp_path
    assert call["setup"].names == ["Anna", "Bob"]


# ---------------------------------------------------------------- mistakes: exit 2, one line


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        ("Anna", "played by 2 to 6 players, not 1"),
        ("Anna,anna", "the same name"),
        ("Anna,,Bob", "Seat 2 has no name"),
        ("Anna," + "B" * 30, "at most 24 characters"),
        ("Anna,bot:wizard", "Unknown computer level 'wizard'"),
    ],
)
def test_every_bad_seat_list_in_new_exits_2_without_opening_the_app(
    players: str,
    reason: str,
    no_app: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.run(["new", "--variant", "classic", "--players", players]) == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert reason in err
    assert err.startswith("rummy: ")
    assert no_app == []


@pytest.mark.parametrize("deals", ["-5", "0", "lots"])
def test_simulate_refuses_a_deal_count_below_one(
    deals: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.run(["simulate", "--variant", "classic", "--players", "2", "--deals", deals])
    assert stopped.value.code == cli.EXIT_USAGE
    err = capsys.readouterr().err
    assert "argument --deals" in err
    assert deals in err


def test_simulate_minus_five_deals_exits_2_from_the_shell() -> None:
    done = rummy("simulate", "--variant", "classic", "--players", "2", "--deals", "-5")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "give 1 deal or more, not -5" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (
            ["--variant", "european", "--option", "ace_rule=high"],
            "Option ace_rule cannot be high in European Rummy (choices: low, around).",
        ),
        (
            ["--variant", "boathouse", "--option", "unmatched_value=all"],
            "(choices: pip, per_card).",
        ),
        (
            ["--variant", "classic", "--option", "rebuild_limit=999"],
            "(choices: 3, 5, none).",
        ),
        (
            ["--variant", "european", "--option", "twos_wild=maybe"],
            "(choices: false, true).",
        ),
        (
            ["--variant", "classic", "--option", "deal_limit=-2"],
            "(choices: none, 1, 3, 5, 10 or any whole number above 0).",
        ),
        (["--variant", "classic", "--option", "ace_rule=low"], "Classic Rummy has no option"),
        (["--variant", "classic", "--option", "twos_wild"], "written name=value"),
        (["--variant", "poker"], "There is no variant 'poker'"),
    ],
)
@pytest.mark.parametrize("command", ["new", "simulate"])
def test_option_mistakes_are_written_in_the_words_people_type(
    command: str,
    argv: list[str],
    reason: str,
    no_app: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    if command == "new":
        code = cli.run(["new", *argv, "--players", "Anna,Bob"])
    else:
        code = cli.run(["simulate", *argv, "--players", "2", "--deals", "1"])
    err = capsys.readouterr().err
    assert code == cli.EXIT_USAGE
    assert reason in err
    assert "<" not in err  # no Python enum repr such as <AceRule.LOW: 'low'>
    assert no_app == []


def test_options_typed_as_words_reach_the_table(no_app: list[dict[str, Any]]) -> None:
    argv = ["new", "--variant", "european", "--players", "Anna,Bob"]
    options = ["--option", "ace_rule=Around", "--option", "twos_wild=yes"]
    assert cli.run([*argv, *options, "--option", "deal_limit=7"]) == 0
    rules = no_app[0]["setup"].rules
    assert (rules.ace_rule.value, rules.twos_wild, rules.deal_limit) == ("around", True, 7)


def test_help_lists_the_exit_codes() -> None:
    for argv in (["--help"], ["simulate", "--help"]):
        done = rummy(*argv)
        assert done.returncode == 0
        assert "exit status:" in done.stdout
        for code in ("0 ", "1 ", "2 ", "130 "):
            assert f"\n  {code}" in done.stdout


# ---------------------------------------------------------------- simulate: table and JSON

SIM = ["simulate", "--variant", "classic", "--players", "normal,easy,normal", "--seed", "3"]


def table_rows(text: str) -> dict[str, list[str]]:
    """The rows of every Rich table in ``text``, by their first cell."""
    rows = {}
    for line in text.splitlines():
        if line.startswith("│"):
            cells = [cell.strip() for cell in line.strip("│").split("│")]
            rows[cells[0] if cells[0] not in rows else cells[0] + "*"] = cells
    return rows


def test_simulate_json_has_the_documented_keys_and_the_table_s_numbers() -> None:
    as_json = rummy(*SIM, "--deals", "6", "--json")
    as_table = rummy(*SIM, "--deals", "6")
    assert as_json.returncode == 0, as_json.stderr
    assert as_table.returncode == 0, as_table.stderr
    data = json.loads(as_json.stdout)  # one JSON object and nothing else
    assert tuple(data) == JSON_KEYS
    assert data["format"] == 1
    assert data["variant"] == "classic"
    assert data["seats"] == ["normal", "easy", "normal"]
    assert data["deals"] == data["deals_played"] == 6
    assert data["deals_finished"] == 6
    assert data["scored_deals"] == 6 - data["dead_hands"]
    assert data["violation_count"] == 0 and data["violations"] == []
    assert data["partial"] is False
    assert sum(data["wins"]) == pytest.approx(data["scored_deals"])
    assert data["seconds"] > 0

    text = as_table.stdout
    assert "Simulation: Classic Rummy, 3 players, 6 deals, seed 3" in text
    assert "PARTIAL" not in text
    rows = table_rows(text)
    for player in range(3):
        cells = rows[str(player + 1)]
        assert cells[1] == data["seats"][player]
        assert cells[2] == f"{data['wins'][player]:.1f}"
        assert cells[3] == f"{data['win_rates'][player]:.1%}"
        assert cells[4] == f"{data['average_scores'][player]:.2f}"
    for level, figures in data["levels"].items():
        cells = rows[level]
        assert cells[1] == str(figures["players"])
        assert cells[2] == f"{figures['win_rate']:.1%}"
        assert cells[3] == f"{figures['average_score']:.2f}"
    assert data["levels"]["normal"]["players"] == 2
    finished = re.search(
        r"deals finished: (\d+) of (\d+) played \((\d+) asked\), dead hands: (\d+)", text
    )
    assert finished is not None
    assert [int(group) for group in finished.groups()] == [
        data["deals_finished"],
        data["deals_played"],
        data["deals"],
        data["dead_hands"],
    ]
    assert f"actions: {data['actions']}," in text
    assert "invariant violations: 0" in text


def test_json_options_are_plain_values() -> None:
    report = simulate(
        "european",
        ["random", "random"],
        deals=1,
        seed=2,
        options={"ace_rule": "around", "deal_limit": "none"},
    )
    data = results_json(report)
    assert data["options"] == {"ace_rule": "around", "deal_limit": None}
    json.dumps(data)  # every value is plain JSON


# ---------------------------------------------------------------- Ctrl+C keeps the results


def test_ctrl_c_stops_simulate_and_prints_the_deals_so_far_as_partial(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real SIGINT arrives after the third deal: the run stops, prints the three deals'
    results marked as partial, and ends with status 130."""
    advance = ProgressBar.advance

    def advance_then_interrupt(self: ProgressBar, count: int = 1) -> None:
        advance(self, count)
        if self.done == 3:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(ProgressBar, "advance", advance_then_interrupt)
    previous = signal.getsignal(signal.SIGINT)
    code = cli.run([*SIM, "--deals", "400", "--json"])
    assert signal.getsignal(signal.SIGINT) is previous  # the handler is put back
    out, err = capsys.readouterr()
    assert code == cli.EXIT_STOPPED
    data = json.loads(out)
    assert data["partial"] is True
    assert (data["deals"], data["deals_played"]) == (400, 3)
    assert "PARTIAL: stopped by Ctrl+C after 3 of 400 deals" in err
    whole = results_json(simulate("classic", ["normal", "easy", "normal"], deals=3, seed=3))
    for key in ("wins", "average_scores", "dead_hands", "deals_finished", "actions"):
        assert data[key] == whole[key]


def test_a_stopped_table_is_marked_partial_at_top_and_bottom(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupt_at_once(self: ProgressBar, count: int = 1) -> None:
        os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(ProgressBar, "advance", interrupt_at_once)
    assert cli.run([*SIM, "--deals", "50"]) == cli.EXIT_STOPPED
    lines = capsys.readouterr().out.splitlines()
    note = "PARTIAL: stopped by Ctrl+C after 1 of 50 deals"
    assert note in lines[1]
    assert note in lines[-1]


def test_a_refusal_from_a_setup_model_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from pydantic import BaseModel, field_validator

    class Named(BaseModel):
        name: str

        @field_validator("name")
        @classmethod
        def no_bell(cls, value: str) -> str:
            if "\a" in value:
                raise ValueError("A name cannot hold control characters.")
            return value

    try:
        Named(name="A\aB")
    except ValueError as error:
        assert cli._one_sentence(error) == "A name cannot hold control characters."
    else:
        pytest.fail("the model accepted a bell")


# ------------------------------------------------------------- errors in the chosen language


@pytest.mark.parametrize(
    ("argv", "english"),
    [
        (["new"], "the following arguments are required"),
        (["bogus"], "invalid choice"),
        (["--frob"], "unrecognized arguments"),
        (["new", "--variant"], "expected one argument"),
        (["new", "--variant", "classic", "--players", "A,B", "--seed", "x"], "invalid int"),
        (["new", "--variant", "classic", "--players", "A,B", "--bot-delay", "q"], "float"),
        (["new", "--variant", "nope", "--players", "A,B"], "There is no variant"),
        (["simulate", "--variant", "nope", "--players", "2"], "There is no variant"),
        (["new", "--variant", "classic", "--players", "A,B", "--option", "x=1"], "has no option"),
        (["simulate", "--variant", "classic", "--players", "2,x"], "no computer level"),
        (["simulate", "--variant", "classic", "--players", "1"], "at least 2 players"),
        (["stats", "--variant", "zz"], "There is no variant"),
    ],
)
@pytest.mark.parametrize("language", ["fi", "ru"])
def test_command_line_errors_follow_the_language(
    language: str,
    argv: list[str],
    english: str,
    no_app: list[dict[str, Any]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from rummy_tui.i18n import set_language

    try:
        with pytest.raises(SystemExit) as stopped:
            raise SystemExit(cli.run(["--lang", language, "--data-dir", str(tmp_path), *argv]))
    finally:
        set_language("en")
    err = capsys.readouterr().err
    assert stopped.value.code == cli.EXIT_USAGE
    assert err.strip(), err
    assert english not in err
    for word in ("usage:", "error:", "argument ", "invalid", "required", "There is"):
        assert word not in err, err
    assert no_app == []
