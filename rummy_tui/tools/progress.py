"""Progress bars for long work: ``rummy simulate``, the benchmark and study scripts.

A bar is drawn on standard error, and only when standard error is a terminal: piped output,
files and CI logs never receive a bar, and standard output (where the results go) is never
touched. It shows the work done of the whole, the rate per second and the time left.

One process::

    with progress_bar("classic deals", total=3000, unit="deals") as bar:
        for _ in range(3000):
            play_one_deal()
            bar.advance()

Work spread over a process pool reports with :func:`tick` from inside the workers; the pool
is made with :meth:`ProgressBar.pool_arguments` so the ticks reach the bar of the parent::

    with progress_bar("pairings", total=jobs * deals) as bar:
        with ProcessPoolExecutor(max_workers=2, **bar.pool_arguments()) as pool:
            ...  # each worker calls tick() after each deal

:func:`tick` is also safe to call where no bar is open (it then does nothing), so a function
can report its progress whether it runs in a worker, in the parent or in a test.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Any

_sink: Callable[[int], None] | None = None
"""Where :func:`tick` sends its counts in this process (None: nowhere)."""

_STOP = -1
"""Sent through the queue to end the thread that forwards workers' ticks."""


def tick(count: int = 1) -> None:
    """Report ``count`` more units of work done to the open bar, if there is one."""
    if _sink is not None:
        _sink(count)


def bar_wanted(stream: IO[str] | None = None) -> bool:
    """Whether a bar may be drawn on ``stream`` (standard error by default): only a terminal."""
    stream = sys.stderr if stream is None else stream
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # closed or replaced streams
        return False


class ProgressBar:
    """An open bar (or, when no bar is wanted, a silent stand-in with the same methods)."""

    def __init__(self, advance: Callable[[int], None] | None) -> None:
        self._advance = advance
        self._queue: Any = None
        self._thread: threading.Thread | None = None
        self.done = 0
        """Units reported so far (counted even when no bar is drawn)."""

    @property
    def drawn(self) -> bool:
        """Whether a bar is on the terminal."""
        return self._advance is not None

    def advance(self, count: int = 1) -> None:
        """Count ``count`` more units done."""
        self.done += count
        if self._advance is not None:
            self._advance(count)

    def pool_arguments(self, stop: Any = None) -> dict[str, Any]:
        """Keyword arguments for ``ProcessPoolExecutor`` so its workers' :func:`tick` calls
        reach this bar.

        Args:
            stop: A ``multiprocessing`` event the parent sets to stop the work early (see
                :func:`shared_stop`). The workers then ignore Ctrl+C, which the parent turns
                into setting the event, and read it with :func:`worker_stop`. Without it the
                workers take Ctrl+C as usual.
        """
        if self._queue is None:
            self._queue = multiprocessing.get_context().Queue()
            self._thread = threading.Thread(target=self._forward, args=(self._queue,), daemon=True)
            self._thread.start()
        return {"initializer": _start_worker, "initargs": (self._queue, stop)}

    def _forward(self, channel: Any) -> None:
        while True:
            count = channel.get()
            if count == _STOP:
                return
            self.advance(count)

    def _close(self) -> None:
        if self._queue is not None and self._thread is not None:
            self._queue.put(_STOP)
            self._thread.join(timeout=2)
            self._queue.close()
            self._queue = None


_worker_stop: Any = None
"""In a pool worker: the parent's stop event, if it gave one."""


def _start_worker(channel: Any, stop: Any) -> None:
    """Runs in each pool worker: send ticks to the parent; with a stop event, leave Ctrl+C
    to the parent."""
    global _sink, _worker_stop
    _sink = channel.put
    _worker_stop = stop
    if stop is not None:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def shared_stop() -> Any:
    """A stop event that pool workers can read (a ``multiprocessing.Event``); pass it to
    :meth:`ProgressBar.pool_arguments` and set it from the parent (for instance with
    :func:`rummy_tui.tools.simulate.stop_on_interrupt`'s handler)."""
    return multiprocessing.get_context().Event()


def worker_stop() -> Any:
    """In a pool worker, the stop event its parent gave (None elsewhere)."""
    return _worker_stop


@contextmanager
def progress_bar(
    description: str, total: int | None, unit: str = "deals", enabled: bool | None = None
) -> Iterator[ProgressBar]:
    """Open a bar for ``total`` units of work (None: unknown) while the block runs.

    Args:
        description: What is being done, shown left of the bar.
        total: Units in all; None draws a bar without an end or a time left.
        unit: The unit's name in the plural ("deals", "decisions").
        enabled: Force the bar on or off; None draws it when standard error is a terminal.

    While the block runs, :func:`tick` in this process advances the bar. The bar disappears
    when the block ends (also on Ctrl+C), so the results printed after it stand alone.
    """
    global _sink
    wanted = bar_wanted() if enabled is None else enabled
    previous = _sink
    if not wanted:
        bar = ProgressBar(None)
        _sink = bar.advance
        try:
            yield bar
        finally:
            _sink = previous
            bar._close()
        return

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(bar_width=24),
        MofNCompleteColumn(),
        TextColumn(unit),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        TextColumn("left"),
    )
    console = Console(file=sys.stderr, force_terminal=True)
    # Lines printed on standard output while the bar is up go above the bar when both are on
    # the terminal; when standard output is a file or a pipe they go there untouched.
    with Progress(
        *columns,
        console=console,
        transient=True,
        refresh_per_second=4,
        redirect_stdout=bar_wanted(sys.stdout),
    ) as rich_bar:
        task = rich_bar.add_task(description, total=total, rate="")

        def advance(count: int) -> None:
            rich_bar.advance(task, count)
            speed = rich_bar.tasks[task].speed
            if speed is not None:
                rich_bar.update(task, rate=f"· {speed:,.1f}/s ·")

        bar = ProgressBar(advance)
        _sink = bar.advance
        try:
            yield bar
        finally:
            _sink = previous
            bar._close()
