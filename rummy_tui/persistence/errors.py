"""The one error the save store raises."""

from __future__ import annotations

from rummy_tui.i18n import _


class SaveError(ValueError):
    """A save could not be written, read or changed; ``str(error)`` is the reason, in words a
    player can act on. Nothing was changed on disk when it is raised."""

    def __init__(self, reason: str, name: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        """The one-sentence reason."""
        self.name = name
        """The save it concerns, when there is one."""


def name_taken(name: str, *, concerns: bool = True) -> SaveError:
    """The refusal of a new save name that another save already has."""
    reason = _("A save named {name} already exists; choose another name.").format(name=repr(name))
    return SaveError(reason, name if concerns else None)


def no_such_save(name: str) -> SaveError:
    """The refusal when no save goes by ``name``."""
    return SaveError(_("There is no save named {name}.").format(name=repr(name)), name)


def refused_by_system(sentence: str, name: str, error: OSError) -> SaveError:
    """The refusal when the system would not change the files of the save ``name``:
    ``sentence`` is translated already and names ``{name}`` and the system's ``{problem}``."""
    return SaveError(sentence.format(name=repr(name), problem=error.strerror), name)
