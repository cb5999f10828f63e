"""The shared match file (issue 24): one move log that several screens append to and replay.

Nothing lost, nothing doubled: every move is one row, of two screens moving at once exactly
one wins and the other is shown the winning move, a killed screen loses no applied move, and
the seat codes are kept only as salted hashes, limited and locked to one live screen.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_tui.core import VARIANT_IDS, DrawStock, Game, Phase, get_variant, new_game
from rummy_tui.i18n import set_language
from rummy_tui.match.setup import MatchSetup, Seat, SeatKind
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.seat_codes import GuessPace
from rummy_tui.persistence.shared_match import (
    Applied,
    Claimed,
    ClaimRefused,
    Lost,
    Refused,
    SharedMatch,
)
from rummy_tui.persistence.shared_tables import join_code, read_join_code, table_path
from tests.core.helpers import go_out_now, quick_deck
from tests.persistence import shared_workers
from tests.persistence.helpers import FINISHING_OPTIONS, match_at
from tests.persistence.shared_workers import action_text, pick

NAMES = ("Ann", "Bob", "Cy")


def fresh_match(
    variant: str = "classic", seed: int = 5, **options: object
) -> tuple[MatchSetup, Game]:
    rules = get_variant(variant, **options)
    seats = tuple(Seat(name=name, kind=SeatKind.OWN) for name in NAMES)
    setup = MatchSetup(rules=rules, seats=seats, seed=seed)
    return setup, setup.start()


def integrity(path: Path) -> str:
    connection = sqlite3.connect(path)
    try:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])
    finally:
        connection.close()


def edit(path: Path, statement: str, *values: object) -> None:
    """Change the file by hand, as an editor or a damaged disk would."""
    connection = sqlite3.connect(path)
    connection.execute(statement, values)
    connection.commit()
    connection.close()


def file_bytes(folder: Path) -> bytes:
    """Every byte of every file of the shared folder (the database, its WAL and shared
    memory, the seat locks)."""
    return b"".join(path.read_bytes() for path in sorted(folder.iterdir()) if path.is_file())


# ---------------------------------------------------------------------- the log and its replay


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_G11_appended_moves_replay_to_the_game_played_in_memory(
    variant: str, tmp_path: Path
) -> None:
    setup, game = fresh_match(variant, seed=17)
    in_memory = game.copy()
    shared = SharedMatch.create(setup, game, tmp_path, match_id="m")
    watcher = SharedMatch.open(shared.path)
    rng = random.Random(variant)
    deals = in_memory.state.deal.deal_number
    for _ in range(3000):
        if in_memory.state.deal.deal_number > deals or in_memory.is_over:
            break  # a whole deal, and the start of the next
        action, seat = pick(in_memory, rng, take_backs=0.15)
        in_memory.apply(action, seat)
        outcome = shared.append(shared.seq, action, seat)
        assert isinstance(outcome, Applied), outcome
        if rng.random() < 0.3:
            assert watcher.has_news()
            watcher.catch_up()
    else:
        raise AssertionError("the deal did not end")
    assert shared.game.state.model_dump() == in_memory.state.model_dump()
    watcher.catch_up()
    assert watcher.game.state.model_dump() == in_memory.state.model_dump()
    with SharedMatch.open(shared.path) as reopened:
        assert reopened.seq == shared.latest_seq() == shared.seq
        assert reopened.game.state.model_dump() == in_memory.state.model_dump()
        assert [move.seq for move in reopened.moves_since(0)] == list(range(1, shared.seq + 1))
    watcher.close()
    shared.close()
    assert integrity(shared.path) == "ok"


def test_a_match_shared_in_the_middle_replays_from_where_it_stood(tmp_path: Path) -> None:
    setup, game = match_at("rummy500", "play", seed=3)
    in_memory = game.copy()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        assert shared.path.parent == tmp_path / "shared"
        assert shared.game.state.model_dump() == in_memory.state.model_dump()
        rng = random.Random(2)
        for _ in range(20):
            action, seat = pick(in_memory, rng)
            in_memory.apply(action, seat)
            assert isinstance(shared.append(shared.seq, action, seat), Applied)
    with SharedMatch.open(shared.path) as reopened:
        assert reopened.game.state.model_dump() == in_memory.state.model_dump()


def test_the_file_is_in_wal_mode_and_every_commit_is_synced(tmp_path: Path) -> None:
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        connection = sqlite3.connect(shared.path)
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        connection.close()
        full = 2
        assert shared._connection.execute("PRAGMA synchronous").fetchone()[0] == full


def test_an_action_the_engine_refuses_is_never_written(tmp_path: Path) -> None:
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        other = (game.current + 1) % len(NAMES)
        outcome = shared.append(0, DrawStock(), other)
        assert isinstance(outcome, Refused)
        assert (outcome.refusal.code, outcome.refusal.rule) == ("turn.not_yours", "G-2")
        assert shared.latest_seq() == 0 and shared.moves_since(0) == []
        assert isinstance(shared.append(0, DrawStock(), game.current), Applied)
        assert isinstance(shared.append(1, DrawStock(), game.current), Refused)  # drawn already
        assert shared.latest_seq() == 1


def test_two_screens_on_the_same_number_one_wins_the_other_sees_why(tmp_path: Path) -> None:
    setup, game = fresh_match()
    first = SharedMatch.create(setup, game, tmp_path)
    second = SharedMatch.open(first.path)
    assert not second.has_news()
    seat = game.current
    won = first.append(0, DrawStock(), seat)
    assert isinstance(won, Applied)
    assert second.has_news() and not second.has_news()  # once per change
    lost = second.append(0, first.game.legal_actions()[0], seat)
    assert isinstance(lost, Lost)
    assert lost.winner.seq == 1 and lost.winner.action == DrawStock()
    assert lost.reason == (
        "Another screen moved first, so your move was not made: "
        f"{NAMES[seat]} draws from the stock."
    )
    assert second.seq == 1  # the winning move is on this screen now
    assert second.game.state.model_dump() == first.game.state.model_dump()
    assert first.latest_seq() == 1
    with pytest.raises(SaveError, match=r"holds 1 move\."):
        second.append(5, DrawStock(), seat)
    first.close()
    second.close()


def test_a_file_that_is_not_a_shared_match_is_refused_in_a_sentence(tmp_path: Path) -> None:
    bad = tmp_path / "shared" / "bad.sqlite3"
    bad.parent.mkdir()
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(SaveError, match=r"^The shared match bad.sqlite3 cannot be used: "):
        SharedMatch.open(bad)
    with pytest.raises(SaveError, match="There is no shared match"):
        SharedMatch.open(tmp_path / "shared" / "none.sqlite3")
    setup, game = fresh_match()
    SharedMatch.create(setup, game, tmp_path, match_id="once").close()
    with pytest.raises(SaveError, match="exists already"):
        SharedMatch.create(setup, game, tmp_path, match_id="once")


def test_a_move_edited_into_the_file_that_does_not_replay_is_named(tmp_path: Path) -> None:
    """Issue 30: the match opens as it stood before the move, which is named (it used to be
    refused whole)."""
    setup, game = fresh_match()
    with SharedMatch.create(setup, game, tmp_path) as shared:
        shared.append(0, DrawStock(), game.current)
        path = shared.path
    edit(
        path,
        "INSERT INTO moves VALUES (2, ?, 1, ?, 'now')",
        game.current,
        DrawStock().model_dump_json(),
    )
    with SharedMatch.open(path) as opened:
        assert opened.seq == 1 and opened.damage is not None
        assert re.match(r"^Move 2 of the shared match .* does not replay: ", str(opened.damage))
    edit(path, "UPDATE moves SET seat = 'x' WHERE seq = 2")
    with SharedMatch.open(path) as opened:
        assert opened.seq == 1 and opened.damage is not None
        assert re.match(r"^Move 2 of the shared match .* is not a move\.", str(opened.damage))
    edit(path, "DROP TABLE match")
    with pytest.raises(SaveError, match=r"cannot be used: no such table: match\.$"):
        SharedMatch.open(path)


# ---------------------------------------------------------------------- processes


def test_race_two_processes_append_the_same_number_200_times(tmp_path: Path) -> None:
    setup, game = fresh_match("classic", seed=8, target_score=500)
    path = SharedMatch.create(setup, game, tmp_path).path
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(2)
    results = context.Queue()
    rounds = 200
    racers = [
        context.Process(
            target=shared_workers.race, args=(str(path), which, rounds, barrier, results)
        )
        for which in (0, 1)
    ]
    for racer in racers:
        racer.start()
    answers = []
    try:
        while len(answers) < 2 * rounds:
            try:
                answers.append(results.get(timeout=1))
            except queue.Empty:
                dead = [racer.exitcode for racer in racers if not racer.is_alive()]
                assert not dead, f"a racer ended with code {dead} after {len(answers)} answers"
    finally:
        for racer in racers:
            if len(answers) < 2 * rounds:
                racer.kill()  # the other one would wait for its partner
            racer.join(timeout=30)
    assert [racer.exitcode for racer in racers] == [0, 0]
    by_round: dict[int, list[tuple[str, int, str]]] = {}
    for round_number, _which, kind, seq, action in answers:
        by_round.setdefault(round_number, []).append((kind, seq, action))
    for round_number, pair in sorted(by_round.items()):
        kinds = sorted(kind for kind, _seq, _action in pair)
        assert kinds == ["applied", "lost"], (round_number, pair)
        (_k1, seq1, action1), (_k2, seq2, action2) = pair
        assert seq1 == seq2 == round_number + 1
        assert action1 == action2  # the loser was shown the winner's move
    assert integrity(path) == "ok"
    with SharedMatch.open(path) as reopened:  # the replay is legal
        assert reopened.seq == rounds
        applied = {
            seq: action
            for kind, seq, action in (answer for pair in by_round.values() for answer in pair)
            if kind == "applied"
        }
        assert {move.seq: action_text(move.action) for move in reopened.moves_since(0)} == applied


def _forkserver() -> multiprocessing.context.BaseContext:
    """Children forked from a server that has the game's modules loaded already (a kill
    test starts fifty of them)."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["tests.persistence.shared_workers"])
    return context


@contextlib.contextmanager
def seat_held_by_a_process(path: Path, code: str) -> Iterator[multiprocessing.process.BaseProcess]:
    """A screen of its own, another process, holding the seat of ``code`` (and looking at
    nothing) until the block ends or it is killed."""
    context = _forkserver()
    claimed = context.Event()
    holder = context.Process(target=shared_workers.hold_seat, args=(str(path), code, claimed))
    holder.start()
    try:
        assert claimed.wait(timeout=30)
        yield holder
    finally:
        holder.kill()
        holder.join(timeout=30)


def test_kill_9_while_appending_loses_no_applied_move(tmp_path: Path) -> None:
    context = _forkserver()
    rng = random.Random(24)
    report = tmp_path / "applied.txt"
    path: Path | None = None
    killed_busy = 0
    for attempt in range(50):
        if attempt % 10 == 0:
            setup, game = fresh_match("classic", seed=attempt, target_score=500)
            path = SharedMatch.create(setup, game, tmp_path, match_id=f"k{attempt}").path
            report.write_text("")
        assert path is not None
        ready = context.Event()
        child = context.Process(
            target=shared_workers.append_until_killed,
            args=(str(path), str(report), 100, attempt, ready),
        )
        child.start()
        assert ready.wait(timeout=30)
        time.sleep(rng.uniform(0, 0.015))
        child.kill()
        child.join(timeout=30)
        killed_busy += child.exitcode == -9
        assert integrity(path) == "ok"
        reported = [line.split("\t") for line in report.read_text().splitlines()]
        with SharedMatch.open(path) as reopened:  # opens, and replays legally
            in_file = {move.seq: action_text(move.action) for move in reopened.moves_since(0)}
        for seq, action in reported:
            assert in_file[int(seq)] == action
    assert killed_busy >= 40  # most kills came while the screen was still appending


# ---------------------------------------------------------------------- seat codes


def test_a_code_is_ten_typable_characters_and_is_stored_only_hashed(tmp_path: Path) -> None:
    setup, game = fresh_match()
    shared = SharedMatch.create(setup, game, tmp_path)
    codes = [shared.issue_code(seat) for seat in range(len(NAMES))]
    for code in codes:
        assert len(code) == 12 and code[4] == code[9] == "-"
        assert not set(code.replace("-", "")) & set("01ILOU")
    assert len(set(codes)) == len(codes)
    joined = SharedMatch.open(shared.path)
    joined.pace = GuessPace(first=0.0)
    assert joined.claim(codes[1].lower().replace("-", " ")) == Claimed(1)
    joined.claim("2222-2222-22")
    stored = file_bytes(shared.path.parent)
    for code in codes:
        for form in (code, code.replace("-", ""), code.lower(), code.replace("-", "").lower()):
            assert form.encode() not in stored
            assert form.encode("utf-16-le") not in stored
    joined.close()
    shared.close()
    stored = file_bytes(shared.path.parent)
    assert not any(code.replace("-", "").encode() in stored for code in codes)


def test_a_seat_opens_on_one_live_screen_and_again_when_that_screen_is_killed(
    tmp_path: Path,
) -> None:
    """One screen per seat: a second screen that claims it takes it over (issue 30; it used
    to be refused), and a killed screen lets its seat go at once."""
    setup, game = fresh_match()
    shared = SharedMatch.create(setup, game, tmp_path)
    code = shared.issue_code(1)
    with seat_held_by_a_process(shared.path, code) as holder:
        assert shared.seat_is_open(1)
        holder.kill()
        holder.join(timeout=30)
        assert not shared.seat_is_open(1)
        with SharedMatch.open(shared.path) as second:
            assert second.claim(code) == Claimed(1)
            assert second.claim(code) == Claimed(1)  # this screen holds it already
            with SharedMatch.open(shared.path) as third:
                third.takeover_wait = 0.1
                assert third.claim(code) == ClaimRefused(
                    "Bob's seat is open on another screen that does not answer."
                )  # the second screen never looked
            assert second.taken_over() == [1]
            with SharedMatch.open(shared.path) as third:
                assert third.claim(code) == Claimed(1)
    shared.close()


def test_codes_are_void_once_the_match_is_over(tmp_path: Path) -> None:
    rules = get_variant("classic", **FINISHING_OPTIONS["classic"])
    seats = tuple(Seat(name=name, kind=SeatKind.OWN) for name in NAMES)
    setup = MatchSetup(rules=rules, seats=seats, seed=1)
    game = new_game(rules, setup.names, seed=1, deck=quick_deck(rules, 3, 0), dealer=0)
    finished = game.copy()
    go_out_now(finished)
    assert finished.is_over
    with SharedMatch.create(setup, game, tmp_path) as shared:
        code = shared.issue_code(0)
        for record in finished.state.log[len(game.state.log) :]:
            outcome = shared.append(shared.seq, record.action, record.seat)
            assert isinstance(outcome, Applied)
        assert shared.game.is_over and shared.game.phase is Phase.MATCH_OVER
        with SharedMatch.open(shared.path) as late:
            assert late.claim(code) == ClaimRefused(
                "This match is over: its seat codes no longer open a seat."
            )
        with pytest.raises(SaveError, match="This match is over"):
            shared.issue_code(1)
    connection = sqlite3.connect(shared.path)
    assert connection.execute("SELECT count(*) FROM seat_codes").fetchone()[0] == 0
    connection.close()


def test_the_sentences_of_a_shared_match_speak_the_language(tmp_path: Path) -> None:
    setup, game = fresh_match()
    first = SharedMatch.create(setup, game, tmp_path)
    second = SharedMatch.open(first.path)
    code = first.issue_code(1)
    assert isinstance(second.claim(code), Claimed)
    first.append(0, DrawStock(), game.current)
    set_language("fi")
    lost = second.append(0, DrawStock(), game.current)
    assert isinstance(lost, Lost)
    assert lost.reason.startswith("Toisen näytön siirto ehti ensin, joten siirtoasi ei tehty: ")
    with SharedMatch.open(first.path) as third:
        third.takeover_wait = 0.1
        assert third.claim(code) == ClaimRefused(
            "Pelaajan Bob paikka on auki toisella näytöllä, joka ei vastaa."
        )
        set_language("ru")
        assert third.claim("K7") == ClaimRefused(
            "В коде места десять букв и цифр, например K7QM-4TZP-XE."
        )
    second.close()
    first.close()


def test_a_seat_at_the_shared_keyboard_opens_on_no_other_screen(tmp_path: Path) -> None:
    """A code opens only a seat marked as played on its own screen; a seat moved back to the
    shared keyboard loses its code, and its old code opens nothing."""
    setup, game = fresh_match()
    seats = (Seat(name="Ann"), *setup.seats[1:])
    setup = setup.model_copy(update={"seats": seats})
    with SharedMatch.create(setup, game, tmp_path) as shared:
        shared.pace = GuessPace(first=0.0)
        assert shared.own_seats() == frozenset({1, 2})
        ann = shared.issue_code(0)
        refused = shared.claim(ann)
        assert isinstance(refused, ClaimRefused)
        assert "shared keyboard" in refused.reason
        bob = shared.issue_code(1)
        shared.set_own_seats(frozenset({2}))
        assert not shared.has_code(1)
        assert isinstance(shared.claim(bob), ClaimRefused)


def test_a_shared_match_is_named_by_its_table_tag_and_found_by_its_join_code(
    tmp_path: Path,
) -> None:
    """The join code is the table tag and the seat's code; the tag names the file."""
    setup, game = fresh_match()
    first = SharedMatch.create(setup, game, tmp_path)
    second = SharedMatch.create(setup, game, tmp_path)
    try:
        assert first.tag != second.tag
        assert len(first.tag) == 2 and first.path.name == f"{first.tag}.sqlite3"
        code = first.issue_code(1)
        written = join_code(first.tag, code)
        read = read_join_code(written.lower())
        assert read is not None and read.tag == first.tag
        assert table_path(tmp_path, read.tag) == first.path
        joined = SharedMatch.open(table_path(tmp_path, read.tag))
        assert joined.claim(read.seat_code) == Claimed(1)
        assert first.seat_is_open(1) and not first.seat_is_open(2)
        joined.close()
        assert not first.seat_is_open(1)
    finally:
        first.close()
        second.close()
