"""The one error the save store raises."""

from __future__ import annotations


class SaveError(ValueError):
    """A save could not be written, read or changed; ``str(error)`` is the reason, in words a
    player can act on. Nothing was changed on disk when it is raised."""

    def __init__(self, reason: str, name: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        """The one-sentence reason."""
        self.name = name
        """The save it concerns, when there is one."""
