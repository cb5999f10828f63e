"""Reading the text files the interface shows (rules help, styles).

Installed, they are package data of ``rummy_tui.assets``; run from a source checkout, they are
read from the repository's ``assets`` folder.

A file may have translations in a folder named after the language next to it:
``rules/fi/classic.md`` is the Finnish ``rules/classic.md``. :func:`read_asset` reads the one
of the language in use and falls back to the English file when there is none.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path, PurePath

from rummy_tui.i18n import SOURCE_LANGUAGE, _, current_language

SOURCE_ASSETS = Path(__file__).resolve().parents[3] / "assets"
"""The repository's assets folder, used when the package data is not installed."""


def _packaged_folders() -> tuple[Path, ...]:
    """The installed ``rummy_tui.assets`` folders (none when the package data is absent)."""
    try:
        spec = find_spec("rummy_tui.assets")
    except (ImportError, ValueError):
        spec = None
    if spec is None:
        return ()
    return tuple(Path(folder) for folder in spec.submodule_search_locations or [])


def asset_file(name: str) -> Path | None:
    """The asset file ``name`` (a path below the assets folder, such as ``web/table.html``):
    installed, else the source tree's, else None."""
    for folder in _packaged_folders():
        packaged = folder / name
        if packaged.is_file():
            return packaged
    source = SOURCE_ASSETS / name
    return source if source.is_file() else None


def stylesheet_path(name: str = "app.tcss") -> Path | None:
    """The stylesheet ``name`` of the assets: installed, else the source tree's, else None.

    Looked up without importlib.resources, which the title screen's first frame need not
    wait for."""
    return asset_file(name)


def stylesheet_paths(*names: str) -> list[str | PurePath]:
    """The stylesheets ``names`` that exist, in order, for a screen's ``CSS_PATH``.

    Textual reads a screen's sheets when the screen is first shown; their rules apply to the
    whole app from then on, so every rule in them starts with the type it styles."""
    found: list[str | PurePath] = [path for path in map(stylesheet_path, names) if path]
    return found


class AssetMissing(FileNotFoundError):
    """An asset file that is neither installed nor in the source tree."""


def read_asset(relative_path: str, language: str | None = None) -> str:
    """The text of an asset file, for example ``read_asset("rules/classic.md")``.

    Args:
        relative_path: Path below the assets folder, with forward slashes.
        language: Whose translation to prefer (None: the language in use); the English file
            is read when that language has none.

    Raises:
        AssetMissing: When the file exists in neither place.
    """
    parts = [part for part in relative_path.split("/") if part]
    if not parts or any(part == ".." for part in parts):
        raise AssetMissing(_("No asset named {name}.").format(name=repr(relative_path)))
    language = language or current_language()
    if language != SOURCE_LANGUAGE:
        try:
            return _read_parts([*parts[:-1], language, parts[-1]], relative_path)
        except AssetMissing:
            pass
    return _read_parts(parts, relative_path)


def _read_parts(parts: list[str], relative_path: str) -> str:
    """The file at ``parts`` below the assets folder, installed or in the source tree."""
    from importlib import resources

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
    raise AssetMissing(
        _("The file {name} is missing from the game's assets.").format(name=relative_path)
    )
