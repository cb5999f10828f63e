"""The shared progress bar (rummy_tui.tools.progress): silent off a terminal, counting either way,
and fed by the workers of a process pool."""

from __future__ import annotations

import io
from concurrent.futures import ProcessPoolExecutor

from rummy_tui.tools.progress import bar_wanted, progress_bar, tick, worker_stop


def test_no_bar_is_wanted_on_a_pipe_or_a_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert not bar_wanted(io.StringIO())
    with open(tmp_path / "out.txt", "w") as file:
        assert not bar_wanted(file)


def test_off_a_terminal_the_bar_is_silent_but_still_counts(capsys) -> None:  # type: ignore[no-untyped-def]
    with progress_bar("work", total=5, unit="steps") as bar:
        for _ in range(3):
            tick()
        bar.advance(2)
    assert not bar.drawn
    assert bar.done == 5
    tick()  # no bar open: nothing happens
    assert bar.done == 5
    assert capsys.readouterr() == ("", "")


def test_a_forced_bar_draws_on_standard_error_and_leaves_standard_output_alone(capsys) -> None:  # type: ignore[no-untyped-def]
    with progress_bar("work", total=4, unit="steps", enabled=True) as bar:
        for _ in range(4):
            tick()
    assert bar.drawn and bar.done == 4
    out, err = capsys.readouterr()
    assert out == ""
    assert "work" in err and "4/4" in err and "steps" in err


def work(count: int) -> int:
    """A pool job: report ``count`` units one by one."""
    for _ in range(count):
        tick()
    return count


def stop_seen(_: int) -> bool:
    event = worker_stop()
    return event is not None and event.is_set()


def test_ticks_from_pool_workers_reach_the_parent_bar() -> None:
    with (
        progress_bar("pool", total=15, unit="steps") as bar,
        ProcessPoolExecutor(max_workers=2, **bar.pool_arguments()) as pool,
    ):
        assert sum(pool.map(work, [4, 5, 6])) == 15
    assert bar.done == 15


def test_pool_workers_see_the_parent_s_stop_event() -> None:
    from rummy_tui.tools.progress import shared_stop

    stop = shared_stop()
    stop.set()
    with (
        progress_bar("pool", total=1) as bar,
        ProcessPoolExecutor(max_workers=1, **bar.pool_arguments(stop)) as pool,
    ):
        assert list(pool.map(stop_seen, [0])) == [True]
