"""The soak command runs (a tiny count: the real run is documented in tests/README.md)."""

from __future__ import annotations

import random

import pytest

from rummy_tui.tools.soak import main, soak_variant, table_for


def test_a_tiny_soak_plays_checks_saves_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "2", "--variants", "boathouse,classic", "--save-every", "1"]) == 0
    printed = capsys.readouterr().out
    assert "boathouse  deals      2" in printed and "violations in all: 0" in printed


def test_the_soak_turns_every_option_through_its_values() -> None:

    seen: dict[str, set[object]] = {}
    for deal_index in range(60):
        rules, count = table_for("classic", deal_index, random.Random(deal_index))
        assert rules.min_players <= count <= rules.max_players
        for spec in rules.options:
            seen.setdefault(spec.field, set()).add(getattr(rules, spec.field))
    assert seen == {
        spec.field: set(spec.choices)
        for spec in table_for("classic", 0, random.Random(0))[0].options
    }


def test_a_livelock_would_be_reported(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import rummy_tui.tools.soak as soak

    monkeypatch.setattr(soak, "MAX_ACTIONS", 3)
    found = soak_variant("classic", 1, 0, 0, tmp_path)
    assert found.violations and "did not end in 3 actions" in found.violations[0]


def test_two_processes_play_the_same_deals_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    """--jobs changes where deals are played, never which: the figures are the same."""
    arguments = ["--deals", "12", "--variants", "boathouse,classic", "--save-every", "5"]
    assert main([*arguments, "--jobs", "1"]) == 0
    alone = capsys.readouterr().out
    assert main([*arguments, "--jobs", "2"]) == 0
    pooled = capsys.readouterr().out

    def figures(out: str) -> list[str]:  # each variant's line without its time
        return [
            line.rsplit("violations", 1)[0] for line in out.splitlines() if " finished " in line
        ]

    assert figures(alone) == figures(pooled)
    assert len(figures(pooled)) == 2 and "deals     12" in pooled


def test_deal_ranges_in_parts_add_up_to_the_whole(tmp_path) -> None:  # type: ignore[no-untyped-def]
    whole = soak_variant("classic", 6, 3, 0, tmp_path)
    first = soak_variant("classic", 4, 3, 0, tmp_path, first_deal=0)
    rest = soak_variant("classic", 2, 3, 0, tmp_path, first_deal=4)
    first.absorb(rest)
    assert (first.deals, first.actions, first.finished) == (
        whole.deals,
        whole.actions,
        whole.finished,
    )
    assert first.actions > 0


def test_parts_cover_every_deal_once_longest_variant_first() -> None:
    from rummy_tui.tools.soak import split_deals

    parts = split_deals(["classic", "european"], 5, 23, 0, 0)
    assert parts[0].variant_id == "european"
    for variant_id in ("classic", "european"):
        deals = [
            deal
            for part in parts
            if part.variant_id == variant_id
            for deal in range(part.first, part.first + part.count)
        ]
        assert deals == list(range(5, 28))


def test_an_endless_deal_of_random_players_is_stopped_and_counted_not_a_livelock(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """G-9 with unlimited rebuilds: a deal may go on as long as the table wants, and random
    players never aim to go out, so the soak stops it (every action checked) and counts it
    as endless; computer players at the same table that never end a deal are a livelock."""
    import rummy_tui.tools.soak as soak

    monkeypatch.setattr(soak, "ENDLESS_ACTIONS", 30)
    monkeypatch.setattr(soak, "MAX_ACTIONS", 30)
    rules, _count = table_for("european", 56, random.Random("soak:european:0:56"))
    assert rules.rebuild_limit is None  # deal 56: unlimited rebuilds, random players
    endless = soak_variant("european", 1, 0, 0, tmp_path, first_deal=56)
    assert (endless.capped, endless.violations, endless.actions) == (1, [], 30)
    assert "endless    1" in endless.line()
    rules, _count = table_for("european", 57, random.Random("soak:european:0:57"))
    assert rules.rebuild_limit is None  # deal 57: the same rules, computer players
    stuck = soak_variant("european", 1, 0, 0, tmp_path, first_deal=57)
    assert stuck.capped == 0 and "did not end in 30 actions" in stuck.violations[0]


def test_a_deal_no_seat_can_end_is_counted_endless_not_a_livelock(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    """G-9 with unlimited rebuilds: Classic deal 415 of the soak (a random player and an easy
    computer) comes, by action 194, to one card in each hand with every meld on the table
    closed to every card off it: nobody can go out any more, whoever plays, so the soak
    counts it as endless. A deal that can still end and does not is a livelock."""
    import rummy_tui.tools.soak as soak

    monkeypatch.setattr(soak, "MAX_ACTIONS", 400)
    found = soak_variant("classic", 1, 0, 0, tmp_path, first_deal=415)
    assert (found.capped, found.violations, found.actions) == (1, [], 400)
    monkeypatch.setattr(soak, "MAX_ACTIONS", 150)  # before the table closes: still a livelock
    early = soak_variant("classic", 1, 0, 0, tmp_path, first_deal=415)
    assert early.capped == 0 and "did not end in 150 actions" in early.violations[0]
