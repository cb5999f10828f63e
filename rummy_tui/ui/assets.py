"""Reading the text files the interface shows (rules help, styles).

Installed, they are package data of ``rummy_tui.assets``; run from a source checkout, they are
read from the repository's ``assets`` folder.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SOURCE_ASSETS = Path(__file__).resolve().parents[2] / "assets"
"""The repository's assets folder, used when the package data is not installed."""


class AssetMissing(FileNotFoundError):
    """An asset file that is neither installed nor in the source tree."""


def read_asset(relative_path: str) -> str:
    """The text of an asset file, for example ``read_asset("rules/classic.md")``.

    Args:
        relative_path: Path below the assets folder, with forward slashes.

    Raises:
        AssetMissing: When the file exists in neither place.
    """
    parts = [part for part in relative_path.split("/") if part]
    if not parts or any(part == ".." for part in parts):
        raise AssetMissing(f"No asset named {relative_path!r}.")
    try:
        resource = resources.files("rummy_tui.assets")
        for part in parts:
            resource = resource.joinpath(part)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        pass
    source_file = SOURCE_ASSETS.joinpath(*parts)
    if source_file.is_file():
        return source_file.read_text(encoding="utf-8")
    raise AssetMissing(f"The file {relative_path} is missing from the game's assets.")
