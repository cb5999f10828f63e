"""``rummy review NAME [--json]`` as a person types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_tui.cli.main import main
from rummy_tui.core import Game
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence import SaveStore
from rummy_tui.replay import MatchSteps
from rummy_tui.review import review_match
from tests.replay.matches import unfinished_match
from tests.review.matches import easy_match, random_match


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def _save(data: Path, game: Game, kinds: tuple[SeatKind, ...], name: str = "evening") -> None:
    seats = tuple(
        Seat(name=player, kind=kind) for player, kind in zip(game.players, kinds, strict=True)
    )
    setup = MatchSetup(rules=game.rules, seats=seats, seed=game.state.seed)
    SaveStore(data).create(setup, Game(game.state.model_copy(deep=True)), name=name)


def test_review_prints_each_persons_claims_and_leaves_computers_out(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = random_match("classic", 2, 1)
    _save(data, game, (SeatKind.EASY, SeatKind.HUMAN))
    assert main(["--data-dir", str(data), "review", "evening"]) == 0
    out = capsys.readouterr().out
    expected = review_match(MatchSteps(game.state), seats=[1])
    count = len(expected.claims)
    assert count > 0
    assert out.startswith(f"Bob: {count} moves cost points.")
    assert "Anna:" not in out.split("\n")[0] and "\nAnna:" not in out
    assert "Deal 1, move" in out and "Played: Bob" in out


def test_review_json_holds_the_same_claims(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = random_match("rummy500", 2, 1)
    _save(data, game, (SeatKind.HUMAN, SeatKind.HUMAN))
    assert main(["--data-dir", str(data), "review", "evening", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    expected = review_match(MatchSteps(game.state)).to_json()
    assert {key: got[key] for key in expected} == expected
    assert got["name"] == "evening" and len(got["text"]) == 2


def test_a_clean_seat_and_an_all_computer_table_say_so(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = easy_match("classic", 2, 1)
    _save(data, game, (SeatKind.EASY, SeatKind.HARD), name="bots")
    assert main(["--data-dir", str(data), "review", "bots"]) == 0
    assert "nobody to review" in capsys.readouterr().out


def test_a_missing_or_damaged_save_is_one_clear_line(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--data-dir", str(data), "review", "nothing"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("rummy: ") and "nothing" in err and "Traceback" not in err
    game = easy_match("classic", 2, 1)
    _save(data, game, (SeatKind.HUMAN, SeatKind.HUMAN), name="broken")
    path = SaveStore(data).path_of("broken")
    path.write_text(path.read_text()[:200])
    assert main(["--data-dir", str(data), "review", "broken"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("rummy: ") and "broken" in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_P2_a_match_still_being_played_is_not_reviewed_and_says_why(
    data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = unfinished_match("classic", 2, 3, deals=1, moves_after=4).game
    _save(data, game, (SeatKind.HUMAN, SeatKind.HUMAN), name="tonight")
    assert main(["--data-dir", str(data), "review", "tonight"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("rummy: ") and "once the match is over" in captured.err
    assert len(captured.err.strip().splitlines()) == 1


def test_the_progress_bar_counts_every_deal_on_standard_error(
    data: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import rummy_tui.tools.progress as progress

    game = random_match("classic", 2, 1)
    _save(data, game, (SeatKind.HUMAN, SeatKind.EASY))
    monkeypatch.setattr(progress, "bar_wanted", lambda stream=None: True)
    assert main(["--data-dir", str(data), "review", "evening"]) == 0
    out, err = capsys.readouterr()
    deals = len(MatchSteps(game.state).replayable)
    assert "Reviewing deals" in err and f"{deals}/{deals}" in err and "deals" in err
    assert "Reviewing" not in out and out.startswith("Anna: ")
