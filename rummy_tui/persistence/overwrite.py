"""The guard of a save's file: a save never writes over what it does not know.

Before a save replaces the file of its name, the file on disk must be the one this store last
wrote or read, or a file of the same match at an earlier position of this very game. A damaged
file, another match, a later position (saved in another window) or moves this game did not
make are left as they are, and the save says why.
"""

from __future__ import annotations

import os
from pathlib import Path

from rummy_tui.core import ActionRecord, Game
from rummy_tui.i18n import _
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.files import read_checked, stamp_of
from rummy_tui.persistence.format import FirstDeal, read_file, read_header
from rummy_tui.persistence.save_cache import Session, Stamp


def check_overwrite(
    name: str,
    path: Path,
    session: Session,
    game: Game,
    failures: dict[str, tuple[Stamp, str]],
) -> None:
    """Refuse to write over a damaged file, another match, or a later position.

    A file found to be an earlier position of the match becomes the session's known file.

    Args:
        name: The save's name.
        path: Its file.
        session: What the store remembers of the match saved under ``name``.
        game: The match about to be saved.
        failures: Files that passed the checks but could not be replayed, by their stamp.

    Raises:
        SaveError: saying why the file is not written over.
    """
    try:
        stamp = stamp_of(os.lstat(path))
    except (FileNotFoundError, NotADirectoryError):
        return  # nothing to protect; writing will say what is wrong with the folder
    except OSError as error:
        raise SaveError(
            _("The match could not be saved to {path}: {problem}.").format(
                path=path, problem=error.strerror
            ),
            name,
        ) from None
    if stamp == session.stamp:
        return
    failure = failures.get(name)
    if failure is not None and failure[0] == stamp:
        reason = failure[1]
    else:
        try:
            read_stamp, data = read_checked(path)
            header = read_header(data)
            on_disk = FirstDeal.model_validate(data.get("first_deal"))
            saved_log = read_file(data).log
        except ValueError as error:  # SaveError or a pydantic ValidationError
            reason = str(error)
            if not isinstance(error, SaveError):
                reason = _("its first deal is unreadable.")
        else:
            if on_disk != session.first or header.summary.players != tuple(game.players):
                raise SaveError(
                    _(
                        "A different match is already saved as {name}; it was not written "
                        "over. Save under another name."
                    ).format(name=repr(name)),
                    name,
                )
            if header.summary.log_length > len(game.state.log):
                raise SaveError(
                    _(
                        "The save {name} holds a later position of this match (saved "
                        "elsewhere?); it was not written over."
                    ).format(name=repr(name)),
                    name,
                )
            if not _starts(game, saved_log):
                raise SaveError(
                    _(
                        "The save {name} holds moves this match did not make (played in "
                        "another window?); it was not written over."
                    ).format(name=repr(name)),
                    name,
                )
            session.stamp = read_stamp
            return
    raise SaveError(
        # Translators: {reason} is a whole sentence saying what is wrong with the file.
        _(
            "The save {name} is damaged, so it was not written over. {reason} Delete it or "
            "save under another name."
        ).format(name=repr(name), reason=reason),
        name,
    )


def _starts(game: Game, saved_log: list[ActionRecord]) -> bool:
    """Whether ``saved_log`` is the start of the game's own log."""
    own = game.state.log
    if len(saved_log) > len(own):
        return False
    return all(
        (saved.seat, saved.action, saved.deal_number) == (mine.seat, mine.action, mine.deal_number)
        for saved, mine in zip(saved_log, own, strict=False)
    )
