"""The game's languages: English, Finnish and Russian, with the standard library's gettext.

Every sentence a person reads goes through these functions, so one call to
:func:`set_language` switches the whole game:

* ``_("New game")`` translates a message;
* ``ngettext("{n} card", "{n} cards", n).format(n=n)`` picks the plural form of the language
  (Russian has three: 1 карта, 2 карты, 5 карт; Finnish two: 1 kortti, 2 korttia);
* ``pgettext("menu", "Load")`` tells apart equal English words that translate differently;
* ``N_("Quit")`` only marks a message for the catalogs; it is translated where it is shown
  (module constants and key bindings are built before a language is chosen).

The catalogs are ``locale/<lang>/LC_MESSAGES/rummy_tui.po`` under this package, compiled to
``.mo`` files that are installed with it. English is the source language and needs no
catalog. ``python -m rummy_tui.i18n extract|update|compile|check`` maintains them (Babel,
from the ``test`` extra; the game itself needs only the standard library).

Which language: ``rummy --lang en|fi|ru``, else the display setting saved in the data folder,
else the system locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English
(:func:`choose_language`). Saves never hold text in a language: a match started in Finnish
continues in Russian.

This module imports nothing from textual or rich, so any part of the game may use it.

>>> set_language("ru")
'ru'
>>> [count_cards(n) for n in (1, 2, 5, 21)]
['1 карта', '2 карты', '5 карт', '21 карта']
>>> set_language("fi")
'fi'
>>> [count_cards(n) for n in (1, 2)]
['1 kortti', '2 korttia']
>>> set_language("en")
'en'
>>> _("New game")
'New game'
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Callable, Mapping
from pathlib import Path

DOMAIN = "rummy_tui"
"""The catalogs' file name (``rummy_tui.po`` / ``rummy_tui.mo``)."""
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""The folder holding ``<lang>/LC_MESSAGES/rummy_tui.mo``."""
SOURCE_LANGUAGE = "en"
"""The language the messages are written in; it needs no catalog."""
LANGUAGES: tuple[str, ...] = ("en", "fi", "ru")
"""Every language the game speaks, by its ISO 639-1 code."""
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fi": "suomi", "ru": "русский"}
"""Each language in its own words (as a menu offers it, whatever the current language)."""
LOCALE_VARIABLES: tuple[str, ...] = ("LC_ALL", "LC_MESSAGES", "LANG")
"""The environment variables that name the system locale, strongest first (POSIX order)."""

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE
_listeners: list[Callable[[str], None]] = []


def normalise_language(text: str | None) -> str | None:
    """The game's language code for a locale or language name, or None when it has none.

    >>> [normalise_language(t) for t in ("ru_RU.UTF-8", "fi", "FI_fi", "en_GB", "C", "de_DE", "")]
    ['ru', 'fi', 'fi', 'en', None, None, None]
    """
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the system locale, or None when it is unset or not one of ours.

    The first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides, as in POSIX, so
    ``LC_ALL=C`` wins over ``LANG=ru_RU.UTF-8``.

    >>> system_language({"LANG": "ru_RU.UTF-8"})
    'ru'
    >>> system_language({"LC_ALL": "C", "LANG": "fi_FI.UTF-8"}) is None
    True
    """
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "").strip()
        if value:
            return normalise_language(value)
    return None


def choose_language(
    requested: str | None = None,
    saved: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language to speak: the requested one (``--lang``), else the saved setting, else
    the system locale's, else English.

    >>> choose_language("fi", "ru", {"LANG": "ru_RU.UTF-8"})
    'fi'
    >>> choose_language(None, "ru", {"LANG": "fi_FI.UTF-8"})
    'ru'
    >>> choose_language(None, None, {"LANG": "fi_FI.UTF-8"})
    'fi'
    >>> choose_language(None, None, {})
    'en'
    """
    for candidate in (requested, saved):
        code = normalise_language(candidate)
        if code is not None:
            return code
    return system_language(environ) or SOURCE_LANGUAGE


def load_translation(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language`` (English, or a missing catalog: messages as written)."""
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


def set_language(language: str) -> str:
    """Speak ``language`` from now on (also while the game runs); returns its code.

    Raises:
        ValueError: For a language the game does not speak, with a one-sentence reason.
    """
    global _translation, _language
    code = normalise_language(language)
    if code is None:
        raise ValueError(
            _("There is no language {name}; choose one of {choices}.").format(
                name=repr(language), choices=", ".join(LANGUAGES)
            )
        )
    _translation = load_translation(code)
    _language = code
    for listener in list(_listeners):
        listener(code)
    return code


def current_language() -> str:
    """The code of the language in use."""
    return _language


def on_language_change(listener: Callable[[str], None]) -> Callable[[], None]:
    """Call ``listener(code)`` after every :func:`set_language`; returns a function that
    stops the calls (screens that cache text use it to redraw)."""
    _listeners.append(listener)

    def remove() -> None:
        if listener in _listeners:
            _listeners.remove(listener)

    return remove


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def gettext(message: str) -> str:
    """The same as :func:`_`, under its long name."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that fits ``n`` in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` translated within ``context`` (for English words with two meanings)."""
    return _translation.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` within ``context``."""
    return _translation.npgettext(context, singular, plural, n)


def count_cards(n: int) -> str:
    """``n`` cards, with the plural form the language wants (1 kortti, 2 korttia; 1 карта,
    2 карты, 5 карт)."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now."""
    return message


__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LOCALE_DIR",
    "N_",
    "SOURCE_LANGUAGE",
    "_",
    "choose_language",
    "count_cards",
    "current_language",
    "gettext",
    "load_translation",
    "ngettext",
    "normalise_language",
    "npgettext",
    "on_language_change",
    "pgettext",
    "set_language",
    "system_language",
]
