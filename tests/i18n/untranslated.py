"""Finding English where a Finnish or Russian player should read their own language.

Three checks, used by the walk through every screen (``test_every_screen_translated.py``):

* :func:`catalog_english` - words of the screen that belong to the game's English messages
  (every msgid of the template, ``catalogs.extract_template()``) and to none of the language's
  translations: an untranslated catalog message, or a message that is not looked up at all.
* :func:`unknown_words` - Latin-letter words of the screen that the language's translations and
  rules pages never use: English that was never marked for translation (it is in no msgid, so
  the first check cannot see it).
* :class:`LookupRecorder` - every ``_()``/``ngettext``/``pgettext`` lookup during a run whose
  message has no translation in the language (the compiled catalog lacks it).

Words are compared without case. Words shorter than two letters are left out: card letters
(A K Q J), rule ids (R-5) and key caps are single letters. :data:`ALLOWED_WORDS` holds the
reviewed exceptions: names the test itself types, the joker's face, key caps.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

import pytest

import rummy_tui.i18n as i18n
from rummy_tui.i18n import catalogs
from rummy_tui.ui.shell.assets import SOURCE_ASSETS

WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]+")
"""A word in Latin letters; Finnish ä and ö belong to it, so a Finnish word is never cut into
English-looking pieces. Cyrillic words do not match (they are never English)."""
_LETTERS = "[A-Za-zÀ-ÖØ-öø-ÿ]+"
_BLOCK = "[\u2580-\u259f]"
CUT_WORD = re.compile(f"{_LETTERS}…|{_LETTERS}(?={_BLOCK})|(?<={_BLOCK}){_LETTERS}")
"""A word cut short: by an ellipsis ("Pelaaj…"), or by the edge of a dialog drawn over it (the
table's footer under the help box: "Sii█", or "█ssa" on its other side)."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}|\[/?[a-z #0-9$-]*\]")
"""``{name}`` placeholders and ``[b]`` markup tags in a message: not words a person reads."""
BRAND = "rummy_tui"
"""The program's name, shown as it is in every language."""
PLAYER_NAMES = ("Anna", "Bob", "Cid", "Dora", "Eve", "Finn", "Gus", "Hel", "Ivo", "Jon", "Kai")
"""The names the walk types into the new-game menu (names stay as written)."""
ALLOWED_WORDS: frozenset[str] = frozenset(
    word.lower()
    for word in (
        *PLAYER_NAMES,
        "Liv",
        # The joker's face on a card, the same in every language.
        "JK",
        # Key caps in the footer and the help: the names printed on the keys.
        "Esc",
        "Enter",
        "Space",
        "PgUp",
        "PgDn",
        "Tab",
        "Ctrl",
        "Shift",
        "F1",
        "Home",
        "End",
    )
)
"""Reviewed words that may show in any language. Add a word only with a reason beside it."""
RULE_PAGES = ("general", "classic", "boathouse", "double", "rummy500", "european")


def words(text: str) -> set[str]:
    """The Latin-letter words of ``text`` (two letters or more), lower-cased. A word cut
    short with an ellipsis ("Pelaaj…") is left out: only its whole form is in a catalog."""
    text = CUT_WORD.sub(" ", text.replace(BRAND, " "))
    return {word.lower() for word in WORD.findall(text) if len(word) >= 2}


def _message_words(text: str) -> set[str]:
    return words(PLACEHOLDER.sub(" ", text))


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, tuple | list):
        return tuple(str(item) for item in value if item)
    return (str(value),) if value else ()


@cache
def template_messages() -> frozenset[tuple[str, str | None]]:
    """Every (msgid, context) the source marks; plural messages give both forms."""
    found: set[tuple[str, str | None]] = set()
    for message in catalogs.extract_template():
        if message.id:
            for msgid in _strings(message.id):
                found.add((msgid, message.context))
    return frozenset(found)


@cache
def english_words() -> frozenset[str]:
    """Every word of every English message of the game."""
    messages = template_messages()
    return frozenset(word for msgid, _context in messages for word in _message_words(msgid))


@cache
def translated_words(language: str) -> frozenset[str]:
    """Every Latin-letter word of the language's translations (a Finnish word that happens to
    be spelt like an English one, or a name kept in Russian, is no sign of English)."""
    catalog = catalogs.read_catalog(catalogs.po_path(language), language)
    found: set[str] = set()
    for message in catalog:
        if message.id:
            for text in _strings(message.string):
                found |= _message_words(text)
    return frozenset(found)


@cache
def rules_words(language: str) -> frozenset[str]:
    """Every Latin-letter word of the language's rules pages (the rules screen shows them)."""
    found: set[str] = set()
    for page in RULE_PAGES:
        path = SOURCE_ASSETS / "rules" / language / f"{page}.md"
        if path.is_file():
            found |= words(path.read_text(encoding="utf-8"))
    return frozenset(found)


@cache
def english_only_words(language: str) -> frozenset[str]:
    """The words only the game's English messages use, not ``language``'s (worked out once)."""
    return english_words() - translated_words(language) - ALLOWED_WORDS


@cache
def known_words(language: str) -> frozenset[str]:
    """The words ``language``'s texts may use: its translations, its rules pages, the allowed
    words and the start of a player's name (worked out once)."""
    return translated_words(language) | rules_words(language) | ALLOWED_WORDS | name_pieces()


def catalog_english(text: str, language: str) -> list[str]:
    """Words of ``text`` that only the game's English messages use (sorted)."""
    return sorted(words(text) & english_only_words(language))


def unknown_words(text: str, language: str) -> list[str]:
    """Latin-letter words of ``text`` that nothing in ``language`` uses (sorted), other than
    those :func:`catalog_english` already names."""
    return sorted(words(text) - known_words(language) - set(catalog_english(text, language)))


@cache
def name_pieces() -> frozenset[str]:
    """The start of a player's name as the right edge of a scrolled table cuts it ("Ka" of
    "Kai" in the twelve-seat score sheet); a piece that is also an English word of the game
    ("an", "do") is not one of them, so English is never excused as a cut name."""
    pieces = {name[:end].lower() for name in (*PLAYER_NAMES, "Liv") for end in range(2, len(name))}
    return frozenset(pieces - english_words())


# ---------------------------------------------------------------------------- the lookups


@dataclass(frozen=True)
class Miss:
    """A lookup that found no translation: the message, its context and the function used."""

    function: str
    message: str
    context: str | None = None

    def __str__(self) -> str:
        where = "" if (self.message, self.context) in template_messages() else " (not a msgid)"
        context = f"[{self.context}] " if self.context else ""
        return f"{self.function}: {context}{self.message!r}{where}"


class RecordingTranslations(gettext.NullTranslations):
    """A language's catalog that notes every message it has no translation for."""

    def __init__(self, inner: gettext.NullTranslations, misses: set[Miss]) -> None:
        super().__init__()
        self.inner = inner
        self.misses = misses
        self.keys: dict[object, str] = getattr(inner, "_catalog", {})

    def _has(self, key: object) -> bool:
        return bool(self.keys.get(key))

    def gettext(self, message: str) -> str:
        if message and not self._has(message):
            self.misses.add(Miss("_", message))
        return self.inner.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if not self._has((msgid1, 0)):
            self.misses.add(Miss("ngettext", msgid1))
        return self.inner.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        if not self._has(f"{context}\x04{message}"):
            self.misses.add(Miss("pgettext", message, context))
        return self.inner.pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        if not self._has((f"{context}\x04{msgid1}", 0)):
            self.misses.add(Miss("npgettext", msgid1, context))
        return self.inner.npgettext(context, msgid1, msgid2, n)


@dataclass
class LookupRecorder:
    """Every lookup without a translation while the game speaks a language other than
    English (installed by :func:`recording_lookups`)."""

    misses: set[Miss] = field(default_factory=set)

    def report(self) -> list[str]:
        return sorted(str(miss) for miss in self.misses)


def recording_lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[LookupRecorder]:
    """Wrap every catalog the game loads from now on (``set_language`` included) so that its
    misses are recorded; English, the source language, looks nothing up."""
    recorder = LookupRecorder()
    plain = i18n.load_translation

    def load(language: str) -> gettext.NullTranslations:
        loaded = plain(language)
        if language == i18n.SOURCE_LANGUAGE:
            return loaded
        return RecordingTranslations(loaded, recorder.misses)

    monkeypatch.setattr(i18n, "load_translation", load)
    yield recorder
