"""Processes a test starts end with the test process (issue 31: a stopped run left a ``rummy
serve`` behind).

Three layers, so that no way of stopping a run leaves a server running:

- SIGTERM stops a run as Ctrl+C does (``tests/conftest.py``): the test under way is
  interrupted and every ``finally`` and fixture finalizer runs, so each server is terminated
  by the code that started it.
- A pytest-xdist worker asks Linux for SIGTERM when the run that started it ends
  (:func:`end_with_parent`), even by SIGKILL; that SIGTERM interrupts it the same way.
- A server a test starts gets ``preexec_fn=end_with_parent``: it gets SIGTERM when the
  process that started it ends, even by SIGKILL, and ``rummy serve`` ends its windows on
  SIGTERM.

On other systems :func:`end_with_parent` does nothing.
"""

from __future__ import annotations

import os
import signal
import sys

PR_SET_PDEATHSIG = 1

if sys.platform.startswith("linux"):
    import ctypes

    _LIBC = ctypes.CDLL(None, use_errno=True)
else:  # pragma: no cover - the tests run on Linux
    _LIBC = None


def end_with_parent() -> None:
    """This process gets SIGTERM when its parent ends (Linux's ``PR_SET_PDEATHSIG``): for a
    worker at its start, and for a child as ``preexec_fn`` (between fork and exec, where it
    only calls ``prctl``). A parent already gone (the process was adopted) stops it at once."""
    if _LIBC is None:
        return
    parent = os.getppid()
    _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if parent == 1:
        os.kill(os.getpid(), signal.SIGTERM)
