"""The interface never branches on a variant's rules: what a seat may do comes from the core's
offers (``SeatOffers``), what the table shows from the views and the core's summaries. Only the
rules' own words (the rules-help page and what it writes) read the rules themselves (they
explain them).

The scan looks through every module of ``rummy_tui/ui`` (but ``screens/rules_help.py`` and
``play/rule_words.py``) for the
draw rule and its old names (``TakeStyle``, ``DrawRule``, ``draw_rule``), the scoring policy
(``Scoring.``), a variant id compared with a literal, and a read of a rule field
(``rules.<field>``) other than the few that describe a variant to a person or a setup form
(its name, description, players, options and id).
"""

from __future__ import annotations

import re
from pathlib import Path

import rummy_tui.ui

UI = Path(rummy_tui.ui.__file__).parent
EXEMPT = {UI / "screens" / "rules_help.py", UI / "play" / "rule_words.py"}
"""The rules-help page and the rules' words explain the rules, so they read them."""

DESCRIPTIVE = frozenset(
    {"name", "description", "min_players", "max_players", "options", "variant_id"}
)
"""Rule-set fields that describe a variant (what the title, the setup form and the top line
show), not how it is played."""

BRANCHES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("the draw rule's old switch", re.compile(r"\bTakeStyle\b")),
    ("the draw rule", re.compile(r"\bDrawRule\b|\bdraw_rule\b")),
    ("the scoring policy", re.compile(r"\bScoring\.")),
    (
        "a variant id compared with a literal",
        re.compile(
            r"variant_id\s*(?:==|!=|\bin\b|\bnot in\b)\s*[\"'(\[{]"
            r"|[\"']\s*(?:==|!=)\s*[\w.]*variant_id\b"
        ),
    ),
)
RULE_FIELD = re.compile(r"\brules\.([a-z_]+)\b")


def rule_branches(text: str) -> list[str]:
    """Every line of ``text`` that reads a variant's rules, with what it reads.

    >>> rule_branches("if view.rules.meld_during_play:\\n    pass")
    ['1: a rule field (meld_during_play): if view.rules.meld_during_play:']
    >>> rule_branches("title = _(view.rules.name)")
    []
    """
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        code = line.split("#", 1)[0]
        for what, pattern in BRANCHES:
            if pattern.search(code):
                found.append(f"{number}: {what}: {line.strip()}")
        for field in RULE_FIELD.findall(code):
            if field not in DESCRIPTIVE:
                found.append(f"{number}: a rule field ({field}): {line.strip()}")
    return found


def test_the_scan_finds_each_kind_of_rule_branch() -> None:
    samples = [
        "if options.take is TakeStyle.DOWN_TO:",
        "if rules.draw_rule is DrawRule.DIG:",
        "if view.rules.scoring is Scoring.CHIPS:",
        'if rules.variant_id == "rummy500":',
        'if "boathouse" != view.rules.variant_id:',
        "spread = view.rules.rebuild_stock",
    ]
    for sample in samples:
        assert rule_branches(sample), sample
    assert rule_branches("name = _(view.rules.name)  # the variant's name") == []


def test_no_module_of_the_interface_branches_on_a_variants_rules() -> None:
    found = {
        str(path.relative_to(UI)): branches
        for path in sorted(UI.rglob("*.py"))
        if path not in EXEMPT and (branches := rule_branches(path.read_text(encoding="utf-8")))
    }
    assert found == {}, "\n".join(
        f"{path}:{line}" for path, lines in found.items() for line in lines
    )
