"""Seat codes of a shared match: who may play a seat on their own screen.

The shared screen issues a seat its code (:func:`issue_code`): ten characters drawn by
``secrets`` from 30 that no one confuses (no 0, 1, I, L, O or U), written in groups like
``K7QM-4TZP-XE``: 30**10 codes, over 49 bits. The file keeps only the code's scrypt hash
under the match's own random salt; the code itself is shown once, on the shared screen, and
stored nowhere.

Another screen joins by typing it (:func:`find_seat`). No count of wrong codes is kept in
the file, so nobody can lock a seat's owner out by typing wrong codes: the right code always
opens its seat at once. Instead each wrong guess is slowed down for the screen that made it
(:class:`GuessPace`, in that process's memory): its answer comes one second after the guess
began, then two, four... up to :data:`WRONG_CODE_CAP` seconds, one guess at a time. Against
over 49 bits that is no way in. A join code whose table tag names no match
(:func:`no_such_table`) gets the same sentence after the same work (the code's hash) and the
same wait, so trying tells nobody which tags are tables. Codes are void once the match is over
(their hashes are deleted with the move that ends it).

One live screen per seat: a screen that claims a seat holds an operating-system lock
(``flock``) on the seat's lock file beside the match file, and a screen that is killed lets
the seat go with its process. The newer screen of a seat takes over (a reloaded tab, a phone
that slept, a terminal opened again): a claim with the right code while another live screen
holds the seat writes a takeover request, a fresh random token, in the file
(:func:`request_takeover`); each screen remembers the token that was there when it took its
seat, and a screen that finds another one at its next look (:func:`taken_over`) lets go of
the lock and closes. The newcomer waits for the lock a few seconds at most
(:func:`wait_for_seat`): a holder that neither looks nor dies (a stopped process) keeps the
seat, and the newcomer is told so.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from rummy_tui.i18n import N_, _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.shared_file import read_value, unreadable, writing

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
"""The characters of a code: digits and capitals without 0, 1, I, L, O and U."""
CODE_LENGTH = 10
CODE_GROUPS = (4, 4, 2)
"""How a code is written: ``K7QM-4TZP-XE``."""
WRONG_CODE_DELAY = 1.0
"""Seconds after its start that a screen's first wrong guess is answered (then 2, 4...)."""
WRONG_CODE_CAP = 30.0
"""The longest wait for the answer to a wrong guess, in seconds."""
SALT_KEY = "code_salt"
LOCK_TRIES = 3
"""Looks at a seat's lock, an instant apart, in one try to take it."""
TAKEOVER_WAIT = 5.0
"""Seconds a screen taking a seat over waits for the holding screen to let go."""
TAKEOVER_STEP = 0.05
"""Seconds between two tries at the lock while waiting (a holder looks as often)."""

MALFORMED = N_("A seat code has ten letters and digits, like K7QM-4TZP-XE.")
WRONG = N_("That code opens no seat.")
VOID = N_("This match is over: its seat codes no longer open a seat.")
SEAT_OPEN = N_("{player}'s seat is open on another screen that does not answer.")


@dataclass(frozen=True)
class Claimed:
    """A code that opened its seat on this screen."""

    seat: int


@dataclass(frozen=True)
class ClaimRefused:
    """A claim that opened nothing, with the sentence that says why."""

    reason: str
    """One sentence in the current language."""


def normalized(code: str) -> str | None:
    """A typed code as its ten characters (case, spaces and dashes do not matter), or None
    when it cannot be a code.

    >>> normalized(" k7qm-4tzp xe ")
    'K7QM4TZPXE'
    >>> normalized("K7QM-4TZP-X0") is None
    True
    """
    text = "".join(char for char in code.upper() if char not in " -\t")
    if len(text) != CODE_LENGTH or not set(text) <= set(CODE_ALPHABET):
        return None
    return text


def grouped(text: str) -> str:
    """A code's ten characters as they are written: ``K7QM-4TZP-XE``."""
    parts, start = [], 0
    for size in CODE_GROUPS:
        parts.append(text[start : start + size])
        start += size
    return "-".join(parts)


def code_digest(text: str, salt: bytes) -> bytes:
    """The stored hash of a normalized code: scrypt (16 MiB, about 50 ms)."""
    return hashlib.scrypt(text.encode("ascii"), salt=salt, n=2**14, r=8, p=1, dklen=32)


def new_salt() -> str:
    """A match's salt for its codes, as the file keeps it (hex)."""
    return secrets.token_hex(16)


def issue_code(connection: sqlite3.Connection, path: Path, seat: int) -> str:
    """A new code for ``seat`` (it replaces the seat's earlier one), as written for people.

    Raises:
        SaveError: when the match is over (its codes are void).
    """
    text = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
    salt = bytes.fromhex(read_value(connection, SALT_KEY) or "")
    digest = code_digest(text, salt)
    with writing(connection, path):
        if read_value(connection, "finished") == "1":
            raise SaveError(_(VOID))
        connection.execute(
            "INSERT OR REPLACE INTO seat_codes (seat, digest, issued_at) VALUES (?, ?, ?)",
            (seat, digest, datetime.now(UTC).isoformat(timespec="seconds")),
        )
    return grouped(text)


class Guess:
    """One guess at a code, timed from its start (see :meth:`GuessPace.guess`)."""

    def __init__(self, pace: GuessPace, started: float) -> None:
        self._pace = pace
        self._started = started

    def wrong(self) -> None:
        """The guess was wrong: wait until its answer is due (the screen's next wrong guess
        waits twice as long)."""
        self._pace.wrong_after(self._started)

    def right(self) -> None:
        """The guess opened a seat: the screen's next wrong guess waits one second again."""
        self._pace.wrong_guesses = 0


class GuessPace:
    """How long one screen waits for the answer to its wrong guesses at a code: ``first``
    seconds after the first guess began, twice as long for each wrong guess after it, never
    more than ``cap``; a right code is answered at once. One guess at a time: a second one
    (another thread of the screen) waits for the first to be answered. ``clock`` and
    ``sleep`` are those of :mod:`time` (tests give others)."""

    def __init__(
        self,
        first: float = WRONG_CODE_DELAY,
        cap: float = WRONG_CODE_CAP,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.first = first
        self.cap = cap
        self.wrong_guesses = 0
        """Wrong guesses since this screen's last right one."""
        self._clock = clock
        self._sleep = sleep
        self._one_at_a_time = threading.Lock()

    @contextlib.contextmanager
    def guess(self) -> Iterator[Guess]:
        """One guess, from now until its answer (see :class:`Guess`)."""
        with self._one_at_a_time:
            yield Guess(self, self._clock())

    def wrong_after(self, started: float) -> None:
        """Wait out a wrong guess begun at ``started`` (the clock's time)."""
        wait = min(self.cap, self.first * 2.0 ** min(self.wrong_guesses, 64))
        self.wrong_guesses += 1
        remaining = started + wait - self._clock()
        if remaining > 0:
            self._sleep(remaining)


PACE = GuessPace()
"""This process's pace of wrong guesses: a screen (a terminal's ``rummy join``, a served tab)
is one process, and every match it opens shares the count."""


def find_seat(
    connection: sqlite3.Connection, path: Path, code: str, guess: Guess
) -> int | ClaimRefused:
    """The seat whose code ``code`` is, or the refusal (a wrong code after its wait)."""
    text = normalized(code)
    if text is None:
        return ClaimRefused(_(MALFORMED))  # no code is tried, so none waits
    try:
        finished = read_value(connection, "finished") == "1"
        salt = bytes.fromhex(read_value(connection, SALT_KEY) or "")
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    if finished:
        return ClaimRefused(_(VOID))
    digest = code_digest(text, salt)
    try:
        row = connection.execute(
            "SELECT seat FROM seat_codes WHERE digest = ?", (digest,)
        ).fetchone()
    except sqlite3.Error as error:
        raise unreadable(path, error) from None
    if row is None:
        guess.wrong()
        return ClaimRefused(_(WRONG))
    guess.right()
    return int(row[0])


def no_such_table(code: str, guess: Guess) -> ClaimRefused:
    """The answer to a join code whose table tag names no match: the wrong code's, after the
    same work (the code's hash, under a salt of its own) and the same wait."""
    text = normalized(code)
    if text is None:
        return ClaimRefused(_(MALFORMED))
    code_digest(text, bytes.fromhex(new_salt()))
    guess.wrong()
    return ClaimRefused(_(WRONG))


def seat_lock_path(path: Path, seat: int) -> Path:
    """The lock file of a seat of the shared match file ``path``."""
    return path.with_name(f"{path.stem}.seat-{seat}.lock")


def lock_seat(path: Path, seat: int) -> int | None:
    """Take the lock of ``seat`` for this screen: its open descriptor, or None when another
    live screen holds it. Where ``fcntl`` does not exist (Windows) no lock is taken."""
    descriptor = os.open(
        seat_lock_path(path, seat), os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600
    )
    if fcntl is None:  # pragma: no cover - Windows
        return descriptor
    for attempt in range(LOCK_TRIES):
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if attempt + 1 < LOCK_TRIES:
                time.sleep(0.02)  # the shared screen may be looking (seat_is_locked)
            continue
        return descriptor
    os.close(descriptor)
    return None


def seat_is_locked(path: Path, seat: int, tries: int = 3) -> bool:
    """Whether a live screen holds ``seat`` (a look that takes the lock for an instant; a
    screen claiming the seat at that instant tries again, see :func:`lock_seat`)."""
    if fcntl is None:  # pragma: no cover - Windows
        return False
    lock = seat_lock_path(path, seat)
    if not lock.exists():
        return False
    descriptor = os.open(lock, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(descriptor, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(descriptor)  # closing lets go of a shared lock taken
    return False


def wait_for_seat(
    path: Path, seat: int, wait: float = TAKEOVER_WAIT, step: float = TAKEOVER_STEP
) -> int | None:
    """Take the lock of ``seat`` as soon as its holder lets go, within ``wait`` seconds: its
    descriptor, or None when the holder kept it."""
    deadline = time.monotonic() + wait
    while True:
        descriptor = lock_seat(path, seat)
        if descriptor is not None or time.monotonic() >= deadline:
            return descriptor
        time.sleep(step)


def takeover_key(seat: int) -> str:
    """The ``match`` value holding the newest takeover request of ``seat``."""
    return f"takeover_{seat}"


def request_takeover(connection: sqlite3.Connection, path: Path, seat: int) -> str:
    """Ask the screen holding ``seat`` to let it go: a new token in the file, returned.

    Raises:
        WriteFailed: when the file cannot be written.
    """
    token = secrets.token_hex(8)
    with writing(connection, path):
        connection.execute(
            "INSERT OR REPLACE INTO match (key, value) VALUES (?, ?)", (takeover_key(seat), token)
        )
    return token


def takeover_token(connection: sqlite3.Connection, path: Path, seat: int) -> str | None:
    """The newest takeover request of ``seat`` (None: there was none)."""
    try:
        return read_value(connection, takeover_key(seat))
    except sqlite3.Error as error:
        raise unreadable(path, error) from None


def unlock_seat(descriptor: int) -> None:
    """Let go of a seat's lock."""
    with contextlib.suppress(OSError):
        os.close(descriptor)
