"""``rummy sheet`` and ``rummy stats`` as a person types them."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from rummy_tui.cli.main import main
from rummy_tui.persistence import SaveStore
from rummy_tui.records import Records, records_path
from tests.test_records import START, finished


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _saved_finished_match(data: Path, name: str = "evening") -> None:
    setup, game = finished(1, seed=5)
    store = SaveStore(data)
    store.create(setup, game, name=name)


def test_sheet_prints_the_saved_match(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _saved_finished_match(data)
    assert main(["--data-dir", str(data), "sheet", "evening"]) == 0
    out = capsys.readouterr().out
    assert "Classic Rummy: evening" in out
    assert "Anna" in out and "Bob" in out and "winner: Bob" in out
    assert "Total" in out


def test_sheet_csv_to_the_terminal_and_to_a_file(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _saved_finished_match(data)
    assert main(["--data-dir", str(data), "sheet", "evening", "--csv"]) == 0
    lines = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert lines[0][:4] == ["deal", "kind", "Anna score", "Anna total"]
    assert lines[1][0] == "1" and lines[-1][0] == "total"
    target = tmp_path / "sheet.csv"
    assert main(["--data-dir", str(data), "sheet", "evening", "--csv", str(target)]) == 0
    assert list(csv.reader(io.StringIO(target.read_text()))) == lines


def test_sheet_of_a_missing_save_is_one_clear_line(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data), "sheet", "nothing"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("rummy: ") and "nothing" in err and "Traceback" not in err


def test_stats_lists_players_and_matches(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = Records(data)
    for number, winner in enumerate([0, 0, 1]):
        setup, game = finished(winner, seed=number)
        records.record_match(setup, game, START)
    setup, game = finished(0, 9, "rummy500")
    records.record_match(setup, game, START)
    assert main(["--data-dir", str(data), "stats"]) == 0
    out = capsys.readouterr().out
    assert "Players" in out and "Last matches" in out and "Rummy 500" in out
    assert main(["--data-dir", str(data), "stats", "--player", " ANNA"]) == 0
    out = capsys.readouterr().out
    assert "Anna: 3 of 4 matches won, longest winning streak 2" in out
    assert "Last 4 results (oldest first): WW.W" in out
    assert main(["--data-dir", str(data), "stats", "--variant", "rummy500"]) == 0
    out = capsys.readouterr().out
    assert "Last matches of rummy500" in out and "Classic" not in out


def test_stats_problems_are_one_line(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(data), "stats"]) == 0
    assert "No finished match is recorded yet" in capsys.readouterr().out
    assert main(["--data-dir", str(data), "stats", "--variant", "poker"]) == 2
    assert "no variant 'poker'" in capsys.readouterr().err
    assert main(["--data-dir", str(data), "stats", "--player", "Zed"]) == 1
    assert "no finished match is recorded for 'Zed'" in capsys.readouterr().err
    records_path(data).write_bytes(b"garbage" * 1000)
    assert main(["--data-dir", str(data), "stats"]) == 1
    assert "Records are off" in capsys.readouterr().err


@pytest.mark.parametrize("language", ["en", "fi", "ru"])
def test_stats_says_a_computer_s_level_once(
    data: Path, capsys: pytest.CaptureFixture[str], language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21 item 18: "Computer 4 (normal)" is not followed by "(normal)" again, in any
    language (a match recorded in English is read in Finnish too); a named computer gets its
    level once, a person none."""
    from rummy_tui.match.setup import SeatKind, computer_name

    kinds = (SeatKind.HUMAN, SeatKind.NORMAL, SeatKind.HARD)
    names = ("Anna", computer_name(2, SeatKind.NORMAL), "Robo")
    Records(data).record_match(*finished(0, 5, names=names, kinds=kinds), START)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["--data-dir", str(data), "--lang", language, "stats"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Computer 2 (normal) (" not in out
    assert "Computer 2 (normal)," in out
    assert "Anna (" not in out and "Robo (" in out
