"""Test options shared by the whole suite: the soak behind ``--soak``, and the slow tests.

``pytest -m "not slow"`` is the quick loop while working; the full command runs everything
except the soak. The soak runs only when asked for with ``--soak``, so clearing ``addopts``
(``-o addopts=``) never starts it by surprise.

Every test also starts and ends with the game speaking English, as most tests read English
text: the language is process-wide (``rummy_tui.i18n.set_language``), so a test that switches
it, or a command-line test that picks up the system locale, must not leak it into the next.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.i18n import set_language

SLOW_FILES = (
    "tests/core/test_random_play.py",
    "tests/persistence/test_crash.py",
    "tests/test_benchmarks.py",
    "tests/test_cli_tmux.py",
    "tests/ui/test_mixed_tables.py",
    "tests/ui/test_one_person_eleven_computers.py",
    "tests/ui/test_play_boathouse.py",
    "tests/ui/test_play_classic.py",
    "tests/ui/test_play_double.py",
    "tests/ui/test_play_european.py",
    "tests/ui/test_play_rummy500.py",
    "tests/ui/test_tmux_e2e.py",
    "tests/ui/test_tmux_kill_continue.py",
    "tests/ui/test_tmux_score_sheet.py",
)
"""Whole files of long runs: random play, whole deals by keys or with computers, real
terminals, the crash loop and the benchmark scripts. They are marked ``slow`` here, in one
place."""
SLOW_TESTS = (
    "tests/ui/test_bots_and_saves.py::test_computers_play_a_whole_match_to_the_title_screen",
)
"""Single long tests in otherwise quick files."""


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
        slow = path in SLOW_FILES or item.nodeid in SLOW_TESTS
        if slow or item.get_closest_marker("soak") is not None:
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("soak") is not None and not soak:
            item.add_marker(skip_soak)


@pytest.fixture(autouse=True)
def speak_english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
