"""The review's words: every claim kind worded, every new message translated (fi, ru)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rummy_tui.i18n.review_words import WORDED_KINDS, claim_lines, seat_heading
from rummy_tui.replay import MatchSteps
from rummy_tui.review import KINDS, review_match
from tests.review.matches import random_match

ROOT = Path(__file__).resolve().parents[2]
WORDED_FILES = (ROOT / "rummy_tui/i18n/review_words.py", ROOT / "rummy_tui/cli/review.py")


def _messages(path: Path) -> set[str]:
    """The msgids a file writes: _("...") and ngettext("...", "...") ("|||" between)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            texts = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            if node.func.id == "_" and texts:
                found.add(str(texts[0]))
            if node.func.id == "ngettext" and len(texts) >= 2:
                found.add(f"{texts[0]}|||{texts[1]}")
    return found


def test_every_kind_of_claim_is_worded() -> None:
    assert set(WORDED_KINDS) == set(KINDS)
    game = random_match("classic", 2, 1)
    review = review_match(MatchSteps(game.state))
    for claim in review.claims:
        first = claim_lines(claim, game.players)[0]
        assert first.startswith(f"Deal {claim.deal_number}, move {claim.step}: ")
    assert seat_heading(review.seats[0]).startswith("Anna: ")


def test_every_message_of_the_review_is_translated_in_finnish_and_russian() -> None:
    """Each message the review's words write stands in both catalogs, translated, with the
    same placeholders (every plural form too)."""
    from rummy_tui.i18n.catalogs import po_path, read_catalog

    wanted = set().union(*(_messages(path) for path in WORDED_FILES))
    for language, count in (("fi", 2), ("ru", 3)):
        catalog = read_catalog(po_path(language), language)
        for msgid in wanted:
            singular, _sep, plural = msgid.partition("|||")
            message = catalog.get((singular, plural) if plural else singular)
            assert message is not None, (language, msgid)
            names = set(re.findall(r"\{(\w+)\}", singular))
            texts = list(message.string) if plural else [message.string]
            assert len(texts) == (count if plural else 1), (language, msgid)
            for text in texts:
                assert text, (language, msgid)
                assert set(re.findall(r"\{(\w+)\}", text)) == names, (language, msgid)
