"""The hint's reasons in Finnish and Russian: over the decisions of random deals of every
variant, each reason is a sentence of the player's language (never the English one, and no
three English words of any reason template in a row), and the suggestion itself is the same
in every language (only the words change)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_tui.bots import hint
from rummy_tui.core import Action, Game, get_variant, new_game
from rummy_tui.core.variants import VARIANT_IDS
from rummy_tui.i18n import set_language

REPO = Path(__file__).resolve().parents[2]
REASON_MODULES = ("normal.py", "hard.py", "hints.py", "reasons.py")
"""The computer-player modules whose messages make up the hint's reasons."""
TRANSLATORS = {"_", "ngettext"}
SEEDS = (1, 2)
STEPS = 45
"""Decisions walked per deal of each variant and seed (about 400 in all)."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """Every test leaves the game speaking English."""
    yield
    set_language("en")


def reason_templates() -> list[str]:
    """Every English message (singular and plural) of the reason modules."""
    found: list[str] = []
    for name in REASON_MODULES:
        tree = ast.parse((REPO / "rummy_tui" / "bots" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in TRANSLATORS:
                continue
            found += [
                arg.value
                for arg in node.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    return found


def english_pieces(templates: list[str]) -> set[tuple[str, str, str]]:
    """Every three words in a row of the templates, within the text between placeholders
    (rule ids like R-5 are not words)."""
    pieces: set[tuple[str, str, str]] = set()
    for template in templates:
        for segment in re.split(r"\{[a-z_]+\}", template):
            segment = re.sub(r"\b[A-Z]-\d+\b", " ", segment)
            words = [word.lower() for word in re.findall(r"[A-Za-z]+", segment)]
            pieces.update(zip(words, words[1:], words[2:], strict=False))
    return pieces


def english_words_in(text: str, pieces: set[tuple[str, str, str]]) -> list[str]:
    """The English three-word pieces found in ``text``."""
    words = [word.lower() for word in re.findall(r"[A-Za-z]+", text)]
    return [
        " ".join(trio) for trio in zip(words, words[1:], words[2:], strict=False) if trio in pieces
    ]


def decisions(variant: str, seed: int) -> Iterator[tuple[Game, list[Action]]]:
    """The decisions of a deal played by the hint's own suggestions."""
    players = ["Anna", "Bob", "Cleo"][: 2 + seed % 2]
    game = new_game(get_variant(variant), players, seed=seed)
    for _step in range(STEPS):
        if game.is_over:
            return
        legal = game.legal_actions()
        if not legal:
            return
        yield game, legal
        set_language("en")
        advice = hint(game.view(game.current), legal)
        game.apply(advice.action if advice.action is not None else legal[0])


def test_the_pieces_are_found() -> None:
    """The check can fail: an English reason is full of English pieces."""
    pieces = english_pieces(reason_templates())
    assert len(reason_templates()) > 30
    english = "7H does not help your melds."
    assert english_words_in(english, pieces) == [
        "does not help",
        "not help your",
        "help your melds",
    ]
    assert english_words_in("7H ei auta yhdistelmiäsi.", pieces) == []


@pytest.mark.parametrize("language", ["fi", "ru"])
def test_hint_reasons_are_in_the_language(language: str) -> None:
    pieces = english_pieces(reason_templates())
    checked = 0
    reasons: set[str] = set()
    for variant in VARIANT_IDS:
        for seed in SEEDS:
            for game, legal in decisions(variant, seed):
                set_language("en")
                english = hint(game.view(game.current), legal)
                english_reason = english.reason  # worded when read, in the language then
                set_language(language)
                local = hint(game.view(game.current), legal)
                assert local.action == english.action, (variant, seed, english_reason)
                if not english_reason:
                    continue
                checked += 1
                reasons.add(english_reason)
                assert local.reason != english_reason, (variant, seed, english_reason)
                assert english.reason == local.reason  # the same data, worded as shown
                found = english_words_in(local.reason, pieces)
                assert not found, (variant, seed, local.reason, found)
    assert checked >= 300
    assert len(reasons) >= 50  # many different sentences, not one repeated
