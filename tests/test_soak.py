"""The soak command runs (a tiny count: the real run is documented in the README)."""

from __future__ import annotations

import pytest

from rummy_tui.soak import main, soak_variant, table_for


def test_a_tiny_soak_plays_checks_saves_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "2", "--variants", "boathouse,classic", "--save-every", "1"]) == 0
    printed = capsys.readouterr().out
    assert "boathouse  deals      2" in printed and "violations in all: 0" in printed


def test_the_soak_turns_every_option_through_its_values() -> None:
    import random

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
    import rummy_tui.soak as soak

    monkeypatch.setattr(soak, "MAX_ACTIONS", 3)
    found = soak_variant("classic", 1, 0, 0, tmp_path)
    assert found.violations and "did not end in 3 actions" in found.violations[0]
