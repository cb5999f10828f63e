"""Test options shared by the whole suite: the soak behind ``--soak``, and the slow tests.

``pytest -m "not slow"`` is the quick loop while working; the full command runs everything
except the soak. The soak runs only when asked for with ``--soak``, so clearing ``addopts``
(``-o addopts=``) never starts it by surprise.
"""

from __future__ import annotations

import pytest

SLOW_FILES = (
    "tests/core/test_random_play.py",
    "tests/persistence/test_crash.py",
    "tests/test_benchmarks.py",
    "tests/ui/test_mixed_tables.py",
    "tests/ui/test_one_person_eleven_computers.py",
    "tests/ui/test_tmux_e2e.py",
    "tests/ui/test_tmux_kill_continue.py",
)
"""Whole files of long runs: random play, whole deals with computers, real terminals,
crash loops and the benchmark scripts. They are marked ``slow`` here, in one place."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--soak",
        action="store_true",
        default=False,
        help="also run the long random-play soak (RUMMY_SOAK_DEALS deals per case)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    soak = config.getoption("--soak")
    skip_soak = pytest.mark.skip(reason="the soak runs only with --soak")
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path in SLOW_FILES or item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("soak") is not None and not soak:
            item.add_marker(skip_soak)
