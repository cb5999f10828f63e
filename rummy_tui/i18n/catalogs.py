"""Keeping the catalogs in step with the source: extract, update, compile and check.

This is a developer's tool and needs Babel (the ``test`` extra); the game reads the compiled
``.mo`` files with the standard library alone. Run it from a source checkout::

    python -m rummy_tui.i18n extract   # source -> rummy_tui/locale/rummy_tui.pot (for tools)
    python -m rummy_tui.i18n update    # source -> every language's .po (new ones are created)
    python -m rummy_tui.i18n compile   # .po -> .mo (fuzzy messages are left out)
    python -m rummy_tui.i18n check     # what is missing, untranslated, fuzzy or stale

The extraction mapping is ``babel.cfg`` at the repository root.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from rummy_tui import __version__
from rummy_tui.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE

REPO_ROOT = LOCALE_DIR.parents[1]
"""The source checkout the catalogs are extracted from."""
MAPPING_FILE = REPO_ROOT / "babel.cfg"
TEMPLATE_FILE = LOCALE_DIR / f"{DOMAIN}.pot"
COMMENT_TAG = "Translators:"
"""A comment starting with this, just above a message, goes into the catalogs as a note."""
TRANSLATED_LANGUAGES: tuple[str, ...] = tuple(code for code in LANGUAGES if code != SOURCE_LANGUAGE)


def po_path(language: str) -> Path:
    """The catalog of ``language``."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    """The compiled catalog of ``language`` (what the game reads)."""
    return po_path(language).with_suffix(".mo")


def _message_key(message: Message) -> tuple[str, str | None]:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return str(msgid), message.context


def extract_template() -> Catalog:
    """Every message the source marks, as a fresh template catalog."""
    with MAPPING_FILE.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING_FILE))
    template = Catalog(project="rummy_tui", version=__version__, charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        REPO_ROOT,
        method_map=method_map,
        options_map=options_map,
        keywords=DEFAULT_KEYWORDS,
        comment_tags=(COMMENT_TAG,),
        strip_comment_tags=True,
    ):
        template.add(
            message,
            None,
            [(Path(filename).as_posix(), lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def read_catalog(path: Path, language: str | None = None) -> Catalog:
    """A .po or .pot file."""
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def write_catalog(path: Path, catalog: Catalog) -> None:
    """Write a .po or .pot file (messages sorted, files named without line numbers, so diffs
    stay small)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(
            handle,
            catalog,
            width=100,
            sort_output=True,
            ignore_obsolete=True,
            include_lineno=False,
        )


def compiled_bytes(catalog: Catalog) -> bytes:
    """The .mo file of a catalog, in memory (fuzzy messages are left out)."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def extract() -> Path:
    """Write the template from the source; returns its path."""
    write_catalog(TEMPLATE_FILE, extract_template())
    return TEMPLATE_FILE


def update(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> list[Path]:
    """Bring every language's .po in line with the source (creating missing ones).

    The messages are extracted afresh, so the .pot file is only for translators' tools. A
    catalog keeps its POT-Creation-Date while its messages stay the same, so branches that
    add no message do not touch its header.
    """
    template = extract_template()
    written = []
    for language in languages:
        path = po_path(language)
        if path.exists():
            catalog = read_catalog(path, language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN)
        before = {_message_key(m) for m in catalog if m.id}
        created = catalog.creation_date
        catalog.update(template, no_fuzzy_matching=True)
        if path.exists() and before == {_message_key(m) for m in catalog if m.id}:
            catalog.creation_date = created
        catalog.project, catalog.version = "rummy_tui", __version__
        write_catalog(path, catalog)
        written.append(path)
    return written


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a catalog, as a sentence."""

    language: str
    text: str

    def __str__(self) -> str:
        return f"{self.language}: {self.text}"


def _untranslated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else [message.string]
    return any(not text for text in strings)


def check(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> list[Problem]:
    """Everything that keeps the catalogs from matching the source, one problem a line."""
    expected = {_message_key(m) for m in extract_template() if m.id}
    problems: list[Problem] = []
    for language in languages:
        path = po_path(language)
        if not path.exists():
            problems.append(Problem(language, f"{path.name} is missing; run update."))
            continue
        catalog = read_catalog(path, language)
        present = {_message_key(m) for m in catalog if m.id}
        for msgid, _context in sorted(expected - present, key=str):
            problems.append(Problem(language, f"{msgid!r} is not in the catalog; run update."))
        for msgid, _context in sorted(present - expected, key=str):
            problems.append(Problem(language, f"{msgid!r} is no longer used; run update."))
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy:
                problems.append(Problem(language, f"{message.id!r} is marked fuzzy."))
            elif _untranslated(message):
                problems.append(Problem(language, f"{message.id!r} has no translation."))
        mo = mo_path(language)
        if not mo.exists() or mo.read_bytes() != compiled_bytes(catalog):
            problems.append(Problem(language, f"{mo.name} is out of date; run compile."))
    return problems


def compile_catalogs(languages: Iterable[str] = TRANSLATED_LANGUAGES) -> list[Path]:
    """Write every language's .mo from its .po; returns the files written."""
    written = []
    for language in languages:
        catalog = read_catalog(po_path(language), language)
        path = mo_path(language)
        path.write_bytes(compiled_bytes(catalog))
        written.append(path)
    return written
