"""Reading a save file safely, and the small helpers the store shares."""

from __future__ import annotations

import errno
import functools
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

from rummy_tui import __version__
from rummy_tui.i18n import N_, _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import MAX_SAVE_BYTES, decode, too_big_reason
from rummy_tui.persistence.save_cache import Stamp


def stamp_of(status: os.stat_result) -> Stamp:
    """What tells whether a file changed since it was last seen."""
    return (status.st_ino, status.st_size, status.st_mtime_ns)


_Method = TypeVar("_Method", bound=Callable[..., Any])


def file_errors_as_save_errors(method: _Method) -> _Method:
    """Let a file system error the method did not foresee reach the caller as a SaveError."""

    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except SaveError:
            raise
        except OSError as error:
            raise SaveError(
                _("The save folder could not be used: {problem}.").format(
                    problem=error.strerror or error
                )
            ) from None

    return cast(_Method, guarded)


_O_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
_O_BINARY: int = getattr(os, "O_BINARY", 0)
_O_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
SYMLINK_REASON = N_(
    "It is a symbolic link; rummy_tui opens only real files in the save folder, never links."
)
FOLDER_REASON = N_("It is a folder, not a save file.")
SPECIAL_REASON = N_("It is not a regular file (a pipe, device or socket), so it was not opened.")


def kind_problem(status: os.stat_result) -> str | None:
    """Why a file with this ``lstat`` status is not opened as a save, or None."""
    if stat.S_ISLNK(status.st_mode):
        return _(SYMLINK_REASON)
    if stat.S_ISDIR(status.st_mode):
        return _(FOLDER_REASON)
    if not stat.S_ISREG(status.st_mode):
        return _(SPECIAL_REASON)
    return None


def read_checked(path: Path) -> tuple[Stamp, dict[str, Any]]:
    """Read and check a file: its stamp and its migrated JSON object.

    The file's type is checked before it is opened (a pipe named like a save would block the
    reader for ever, a link could lead anywhere), and again on the opened file: it is opened
    without following links and without waiting, so nothing swapped in between gets past.
    """
    try:
        problem = kind_problem(os.lstat(path))
        if problem is not None:
            raise SaveError(problem)
        flags = os.O_RDONLY | _O_NOFOLLOW | _O_NONBLOCK | _O_BINARY | _O_CLOEXEC
        descriptor = os.open(path, flags)
        with os.fdopen(descriptor, "rb") as handle:
            status = os.fstat(handle.fileno())
            if not is_regular(status):
                raise SaveError(_(SPECIAL_REASON))
            if status.st_size > MAX_SAVE_BYTES:
                raise SaveError(too_big_reason(status.st_size))
            raw = handle.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(_("The file is missing.")) from None
    except IsADirectoryError:
        raise SaveError(_(FOLDER_REASON)) from None
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise SaveError(_(SYMLINK_REASON)) from None
        raise SaveError(
            _("The file cannot be read: {problem}.").format(problem=error.strerror or error)
        ) from None
    return stamp_of(status), decode(raw, __version__)


def unexpected_reason(error: Exception) -> str:
    """The reason given when reading a file fails in a way no check foresaw."""
    return _("The file could not be read ({kind}: {error}).").format(
        kind=type(error).__name__, error=error
    )


def is_regular(status: os.stat_result) -> bool:
    """Whether ``status`` is that of a regular file (not a folder, device or pipe)."""
    return stat.S_ISREG(status.st_mode)
