"""The rules pages in Finnish and Russian: one for every English page, the same rule ids and
sections, read in the language in use with English as the fallback."""

from __future__ import annotations

import re

import pytest

from rummy_tui.i18n import set_language
from rummy_tui.ui.shell.assets import SOURCE_ASSETS, read_asset

PAGES = ("general", "classic", "boathouse", "double", "rummy500", "european")
RULE_ID = re.compile(r"\b[GPCBDRE]-\d+\b(?!-)")
VARIANT_TITLES = {
    "fi": {
        "classic": "# Klassinen rommi",
        "boathouse": "# Boathouse-rommi",
        "double": "# Tuplarommi",
        "rummy500": "# Rommi 500",
        "european": "# Eurooppalainen rommi",
    },
    "ru": {
        "classic": "# Классический рамми",
        "boathouse": "# Ром в лодочном сарае",
        "double": "# Двойной ром",
        "rummy500": "# Ром 500",
        "european": "# Европейский рамми",
    },
}


def test_every_english_page_is_listed() -> None:
    assert {path.stem for path in (SOURCE_ASSETS / "rules").glob("*.md")} == set(PAGES)


@pytest.mark.parametrize("language", ["fi", "ru"])
@pytest.mark.parametrize("page", PAGES)
def test_translation_keeps_rule_ids_and_sections(language: str, page: str) -> None:
    english = read_asset(f"rules/{page}.md", language="en")
    translated = read_asset(f"rules/{page}.md", language=language)
    assert translated != english
    assert sorted(RULE_ID.findall(translated)) == sorted(RULE_ID.findall(english))
    heading = re.compile(r"^#+ ", re.M)
    assert len(heading.findall(translated)) == len(heading.findall(english))


@pytest.mark.parametrize("language", ["fi", "ru"])
def test_variant_names_as_the_language_knows_them(language: str) -> None:
    for page, title in VARIANT_TITLES[language].items():
        assert read_asset(f"rules/{page}.md", language=language).startswith(title + "\n")


def test_language_in_use_picks_the_page() -> None:
    set_language("ru")
    assert read_asset("rules/classic.md").startswith("# Классический рамми")
    set_language("fi")
    assert read_asset("rules/european.md").startswith("# Eurooppalainen rommi")
    set_language("en")
    assert read_asset("rules/classic.md").startswith("# Classic Rummy")


def test_missing_translation_falls_back_to_english() -> None:
    set_language("fi")
    assert read_asset("app.tcss") == (SOURCE_ASSETS / "app.tcss").read_text(encoding="utf-8")
