"""Command-line values at the edge (issue 21, 23): a huge or odd number as an option value,
an empty ``--data-dir``, and a data folder that is a file. Each gets exit status 2 and one
clear sentence, and the game never starts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rummy_tui.cli import main as cli
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """How the game would have been started (it never is here)."""
    import rummy_tui.ui.shell.app

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(
        rummy_tui.ui.shell.app, "run_app", lambda **kwargs: calls.append(kwargs) or 0
    )
    return calls


def _refusal(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "rummy" in err and "Traceback" not in err
    return err


@pytest.mark.parametrize("value", ["9" * 5000, "9" * 19, "²", "٣"], ids=["5000", "19", "sq", "ar"])
def test_an_option_value_that_is_no_usable_number_gets_the_usual_refusal(
    value: str, no_app: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["new", "--variant", "classic", "--players", "A,B", "--option", f"target_score={value}"]
    assert cli.run(argv) == cli.EXIT_USAGE
    err = _refusal(capsys)
    assert "Option target_score cannot be" in err and "any whole number above 0" in err
    assert "digits" not in err and "int()" not in err
    assert len(err) < 200 and err.count("\n") == 1
    assert no_app == []


def test_a_long_whole_number_is_still_a_target(no_app: list[dict[str, Any]]) -> None:
    argv = ["new", "--variant", "classic", "--players", "A,B", "--option", "target_score=12345"]
    assert cli.run(argv) == cli.EXIT_OK
    assert no_app[0]["setup"].rules.target_score == 12345


@pytest.mark.parametrize(
    "argv",
    [["--data-dir", "", "continue"], ["continue", "--data-dir="], ["--data-dir", "  ", "stats"]],
)
def test_an_empty_data_dir_is_refused(
    argv: list[str], no_app: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.run(argv)
    assert stopped.value.code == cli.EXIT_USAGE
    assert "argument --data-dir: give the name of a folder" in _refusal(capsys)
    assert no_app == []


@pytest.mark.parametrize("inside", ["", "deeper/still", "saves"])
def test_a_data_folder_that_is_a_file_is_refused_with_a_sentence(
    tmp_path: Path, inside: str, no_app: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "notes.txt"
    if inside == "saves":  # the folder is there, but its saves folder is a file
        file = tmp_path / "data" / "saves"
        file.parent.mkdir()
        folder = file.parent
    else:
        folder = file / inside if inside else file
    file.write_text("not a folder")
    for argv in (["--data-dir", str(folder), "continue"], ["--data-dir", str(folder), "stats"]):
        assert cli.run(argv) == cli.EXIT_USAGE
        err = _refusal(capsys)
        assert f"{file} is a file, not a folder." in err
        assert "Errno" not in err
    assert no_app == []


def test_a_data_folder_from_the_environment_that_is_a_file_is_refused(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    no_app: list[dict[str, Any]],
    capsys: pytest.CaptureFixture[str],
) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("not a folder")
    monkeypatch.setenv("RUMMY_DATA_DIR", str(file))
    assert cli.run(["continue"]) == cli.EXIT_USAGE
    assert "is a file, not a folder." in _refusal(capsys)


async def test_the_load_screen_says_the_data_folder_is_a_file(tmp_path: Path) -> None:
    file = tmp_path / "notes.txt"
    file.write_text("not a folder")
    app = make_app(data_dir=file, start="load", settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        notices = [notice.message for notice in app._notifications]
        assert any(f"{file} is a file, not a folder." in message for message in notices)
        assert not any("Errno" in message for message in notices)
