"""Issue 14: hypothesis mutates valid saves and loading never ends in a traceback.

Each example takes a valid save, changes its JSON structurally (members removed, values of
other types, huge numbers, strings with control characters, log entries reordered, dropped or
repeated), seals it with a correct checksum as a forger would (or leaves the old checksum) and
loads it. Loading either succeeds, and the match saved again replays identically, or is
refused with a SaveError whose reason is a sentence; the listing always lists it. The default
run is small; ``HYPOTHESIS_PROFILE=soak`` runs many more examples.
"""

from __future__ import annotations

import copy
import json
import os
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.persistence import SaveError, SaveStore
from rummy_tui.persistence.format import seal
from tests.persistence.helpers import match_at

settings.register_profile(
    "small", max_examples=40, deadline=None, suppress_health_check=list(HealthCheck)
)
settings.register_profile(
    "soak", max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck)
)
PROFILE = "soak" if os.environ.get("HYPOTHESIS_PROFILE") == "soak" else "small"

ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.integers(min_value=10**18, max_value=10**40),
    st.builds(lambda digits: int("9" * digits), st.integers(1, 1200)),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=30),
    st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), max_size=10),
    st.just([]),
    st.just({}),
    st.lists(st.integers(-3, 60), max_size=4),
)


@cache
def _valid_saves() -> tuple[dict[str, Any], ...]:
    """The parsed JSON (checksum removed) of a few valid saves at different stages."""
    found = []
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(folder, durable=False)
        for variant, stage in (("classic", "play"), ("european", "between"), ("rummy500", "draw")):
            setup, game = match_at(variant, stage, players=3)
            name = store.create(setup, game, extra={"hints_used": {"1": [0, 1, 0]}})
            data = json.loads(store.path_of(name).read_bytes())
            del data["checksum"]
            found.append(data)
            store.release(name)
    return tuple(found)


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a member or item inside ``value`` (the log's records sampled)."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((*prefix, key))
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        indexes = range(len(value)) if len(value) <= 12 else [0, 1, 2, len(value) - 1]
        for index in indexes:
            found.append((*prefix, index))
            found.extend(_paths(value[index], (*prefix, index)))
    return found


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


class Mutated:
    """The bytes of a mutated save, shown by what was changed (a save is long)."""

    def __init__(self, raw: bytes, changes: list[str]) -> None:
        self.raw = raw
        self.changes = changes

    def __repr__(self) -> str:
        return f"Mutated({'; '.join(self.changes)})"


@st.composite
def mutated_saves(draw: st.DrawFn) -> Mutated:
    """A valid save with one to three structural changes, and the bytes to write."""
    index = draw(st.integers(0, len(_valid_saves()) - 1))
    data = copy.deepcopy(_valid_saves()[index])
    changes = [f"save {index}"]
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["remove", "replace", "reorder", "replace", "strings"]))
        paths = _paths(data)
        if kind == "reorder" and isinstance(data.get("log"), list) and len(data["log"]) > 1:
            log = data["log"]
            first = draw(st.integers(0, len(log) - 1))
            second = draw(st.integers(0, len(log) - 1))
            how = draw(st.sampled_from(["swap", "drop", "repeat", "reverse"]))
            if how == "swap":
                log[first], log[second] = log[second], log[first]
            elif how == "drop":
                del log[first]
            elif how == "repeat":
                log.insert(second, copy.deepcopy(log[first]))
            else:
                low, high = sorted((first, second))
                log[low : high + 1] = reversed(log[low : high + 1])
            changes.append(f"log {how} {first} {second}")
            continue
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _parent(data, path)
        if kind == "remove":
            del parent[path[-1]]
            changes.append(f"remove {path}")
            continue
        if kind == "strings":
            value: Any = draw(
                st.text(alphabet=st.characters(categories=["Cc", "Cf", "L"]), min_size=1)
            )
        else:
            value = draw(ODD_VALUES)
        parent[path[-1]] = value
        changes.append(f"{path} = {repr(value)[:60]}")
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    if draw(st.integers(0, 9)) == 0:
        changes.append("no checksum")
        return Mutated(text.encode(), changes)
    return Mutated(seal(text[:-1]), changes)


@settings.get_profile(PROFILE)
@given(mutated_saves())
def test_a_mutated_save_loads_identically_or_is_refused_with_a_reason(
    mutated: Mutated,
) -> None:
    raw = mutated.raw
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder) / "saves"
        saves.mkdir()
        (saves / "fuzz.json").write_bytes(raw)
        store = SaveStore(folder, durable=False)

        assert len(store.list()) == 1  # listing never raises, whatever the file holds
        try:
            setup, game, extra = store.load("fuzz")
        except SaveError as error:
            reason = str(error)
            assert reason.startswith("The save 'fuzz' cannot be opened. ")
            assert "Traceback" not in reason and "\n" not in reason
            assert "could not be read (" not in reason, reason  # no unforeseen failure
            return
        store.save("fuzz", setup, game, extra)
        store.release("fuzz")
        _, again, extra_again = SaveStore(folder, durable=False).load("fuzz")
        assert again.to_json() == game.to_json()
        assert extra_again == extra
