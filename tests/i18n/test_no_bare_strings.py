"""No sentence a person reads is left outside ``_()`` in the interface, the sheet and the CLI.

The test reads the source (``rummy_tui/ui``, ``rummy_tui/match``, ``rummy_tui/cli``) as a
syntax tree and flags every string literal that looks like words a person reads and is not handed
to the translation functions:

* a phrase: two words with letters, separated by a space (``"Leave the table?"``,
  ``f"Seat {number}"``), wherever it stands;
* any word in a place that is only ever read: a widget's text (``Static``, ``Label``,
  ``Button``, ``Option``, ``Choice``, a dialog's title), ``notify``/``notice``, a key binding's
  description, ``border_title``, ``placeholder=``/``tooltip=``/``help=``, the labels of a
  ``Select``, the values of module constants named ``*_LABELS``, ``*_WORDS``, ``*_CHOICES``
  and the like, and the headings of ``*_COLUMNS`` (key, heading) pairs.

Left alone: strings inside ``_``/``N_``/``gettext``/``ngettext``/``pgettext``/``npgettext``,
docstrings and other bare string statements, CSS (``DEFAULT_CSS``, ``CSS``, selectors given to
``query``/``@on``/classes), Rich styles (``"bold #7cd67c"``), ids and classes, key names and
actions of bindings, regular expressions, comparisons, dict keys, annotations, ``assert``
messages, log calls, markup or placeholders without a word (``"[b]{key}[/b]"``).

Real exceptions are listed, with their reason, in ``bare_strings_allowlist.txt`` beside this
file (``path<TAB>string  # reason``); an entry that no longer matches anything is reported too.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
ALLOWLIST = Path(__file__).with_name("bare_strings_allowlist.txt")


def source_files() -> list[Path]:
    """The modules whose strings people read."""
    package = REPO / "rummy_tui"
    files = sorted((package / "ui").rglob("*.py"))
    files += sorted((package / "match").rglob("*.py")) + sorted((package / "cli").rglob("*.py"))
    return files


TRANSLATORS = {"_", "N_", "gettext", "ngettext", "pgettext", "npgettext", "count_cards"}
"""Calls whose string arguments are messages of the catalogs."""
NOT_SHOWN_CALLS = {
    # CSS selectors and classes
    "query",
    "query_one",
    "query_exactly_one",
    "query_children",
    "on",
    "add_class",
    "remove_class",
    "set_class",
    "has_class",
    "toggle_class",
    "menu_css",
    # names, files, patterns and types
    "getattr",
    "setattr",
    "hasattr",
    "isinstance",
    "cast",
    "TypeVar",
    "compile",
    "match",
    "fullmatch",
    "search",
    "sub",
    "findall",
    "split",
    "rsplit",
    "partition",
    "startswith",
    "endswith",
    "removeprefix",
    "removesuffix",
    "strip",
    "rstrip",
    "lstrip",
    "replace",
    "joinpath",
    "read_asset",
    "Path",
    "open",
    "get",
    "getenv",
    "strftime",
    "encode",
    "decode",
    "import_module",
    "parse",
    "Style",
    "run_worker",
    "call_later",
    # developers' logs
    "log",
    "debug",
    "info",
    "warning",
    "exception",
    "critical",
}
"""Calls whose string arguments are not shown to a person (matched by the called name)."""
NOT_SHOWN_KEYWORDS = {
    "id",
    "classes",
    "style",
    "name",
    "group",
    "variant",
    "severity",
    "key_display",
    "action",
    "key",
    "dest",
    "metavar",
    "type",
    "markup",
    "end",
    "sep",
    "justify",
    "overflow",
    "encoding",
    "mode",
    "layout",
    "color_system",
    "border_style",
    "title_align",
}
"""Keyword arguments that hold ids, styles and other words no person reads."""
READ_KEYWORDS = {
    "label",
    "title",
    "description",
    "placeholder",
    "tooltip",
    "help",
    "prompt",
    "message",
    "text",
    "detail",
    "subtitle",
    "epilog",
    "usage",
}
"""Keyword arguments that hold words a person reads."""
READ_CALLS = {
    "Static": 0,
    "Label": 0,
    "Button": 0,
    "Option": 0,
    "Choice": 0,
    "ChoiceScreen": 0,
    "TextScreen": 0,
    "ConfirmDialog": 0,
    "notify": 0,
    "notice": 0,
    "set_status": 0,
    "refused": 0,
    "Binding": 2,
    "Text": 0,
    "print": 0,
    "error": 0,
    "exit": 1,
    "update": 0,
}
"""Calls whose positional argument at this index is read by a person (any word counts)."""
SELECT_CALLS = {"Select", "set_options"}
"""Calls whose first argument lists (label, value) pairs."""
READ_CONSTANT = re.compile(
    r"(LABELS?|WORDS|CHOICES|NAMES|TEXTS?|TITLES?|MESSAGES?|HELP|HINTS?|HEADINGS?)$"
)
"""Module constants whose strings are shown as they are."""
CSS_NAME = re.compile(r"CSS")

MARKUP = re.compile(
    r"\[/?(?:b|i|u|s|d|bold|italic|dim|reverse|underline|strike|link=[^\]]*|@[^\]]*"
    r"|\$[\w-]+|#[0-9a-fA-F]{3,6}|[a-z_ ]*)\]"
)
"""Rich and Textual markup tags."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
PERCENT = re.compile(r"%[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]")
STYLE_TOKEN = re.compile(
    r"^(?:not|on|bold|italic|dim|underline|reverse|strike|blink|link|none|default|"
    r"#[0-9a-fA-F]{3,8}|\$[\w-]+|rgb\([\d, ]+\)|"
    r"(?:bright_)?(?:black|red|green|yellow|blue|magenta|cyan|white|grey\d*|gray\d*)|"
    r"\d+%|b|i|u|s)$"
)
SELECTOR_TOKEN = re.compile(r"^(?:[#.][\w-]+|[A-Z][A-Za-z]+(?:[#.:][\w-]+)*|>|,|\*)$")
LETTER = re.compile(r"[A-Za-z]")
"""English has Latin letters; a Cyrillic pack letter ("Дж") is no English left behind."""


def cleaned(text: str) -> str:
    """The text without markup, placeholders and %-formats: what is left to read."""
    return PERCENT.sub(" ", PLACEHOLDER.sub(" ", MARKUP.sub(" ", text)))


def is_phrase(text: str) -> bool:
    """Two words with Latin letters apart from each other (``"Leave the table?"``), or a word
    and a placeholder (``f"{count} players"``); ``f"seat-name-{index}"`` is one token."""
    tokens = PERCENT.sub(" ", PLACEHOLDER.sub("{}", MARKUP.sub(" ", text))).split()
    lettered = [token for token in tokens if LETTER.search(token.replace("{}", ""))]
    holes = [token for token in tokens if "{}" in token and token not in lettered]
    worded = any(len(LETTER.findall(token)) >= 2 for token in lettered)
    return len(lettered) >= 2 or (worded and bool(holes))


def is_style(text: str) -> bool:
    tokens = text.split()
    return bool(tokens) and all(STYLE_TOKEN.match(token) for token in tokens)


def is_selector(text: str) -> bool:
    tokens = text.replace(",", " , ").split()
    return (
        bool(tokens)
        and any(token[0] in "#." for token in tokens)
        and all(SELECTOR_TOKEN.match(token) for token in tokens)
    )


@dataclass(frozen=True)
class Found:
    """A string literal a person would read, not given to the translation functions."""

    path: str
    line: int
    text: str
    column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.text!r}"


def _called_name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _target_names(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    else:
        return []
    names = []
    for target in targets:
        if isinstance(target, ast.Name):
            names.append(target.id)
        elif isinstance(target, ast.Attribute):
            names.append(target.attr)
    return names


class Finder:
    """Walks one module's tree and judges each string literal by where it stands."""

    def __init__(self, tree: ast.Module, path: str) -> None:
        self.path = path
        self.parents: dict[ast.AST, ast.AST] = {}
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                self.parents[child] = parent
        self.tree = tree

    def found(self) -> Iterator[Found]:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.JoinedStr):
                if isinstance(self.parents.get(node), ast.FormattedValue):
                    continue  # a format spec: f"{total:.1f}"
                text = "".join(
                    part.value if isinstance(part, ast.Constant) else "{}" for part in node.values
                )
                if self._read(node, text):
                    yield Found(self.path, node.lineno, text, node.col_offset)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                if isinstance(self.parents.get(node), ast.JoinedStr | ast.FormattedValue):
                    continue  # judged with its f-string
                if self._read(node, node.value):
                    yield Found(self.path, node.lineno, node.value, node.col_offset)

    def _read(self, node: ast.AST, text: str) -> bool:
        """Whether ``text`` at ``node`` is words a person reads, outside the catalogs."""
        left = cleaned(text)
        if not LETTER.search(left):
            return False
        placement = self._placement(node)
        if placement in ("hidden", "read"):
            return placement == "read"
        return is_phrase(text) and not is_style(left) and not is_selector(text)

    def _placement(self, node: ast.AST) -> str:
        """ "hidden" (never shown or already a message), "read" (only ever shown), or ""."""
        child = node
        parent = self.parents.get(child)
        placement = ""
        if isinstance(parent, ast.Expr | ast.Compare):
            return "hidden"  # a docstring or another bare string statement; a comparison
        if isinstance(parent, ast.Subscript) and child is parent.slice:
            return "hidden"
        if isinstance(parent, ast.Dict) and child in parent.keys:
            return "hidden"
        while parent is not None:
            if isinstance(parent, ast.Assert) and child is parent.msg:
                return "hidden"
            if isinstance(parent, ast.arg | ast.FunctionDef | ast.AsyncFunctionDef) and (
                child is getattr(parent, "annotation", None)
                or child is getattr(parent, "returns", None)
            ):
                return "hidden"
            if isinstance(parent, ast.AnnAssign) and child is parent.annotation:
                return "hidden"
            if isinstance(parent, ast.keyword):
                if parent.arg in NOT_SHOWN_KEYWORDS:
                    return "hidden"
                if parent.arg in READ_KEYWORDS and not placement:
                    placement = "read"
            if isinstance(parent, ast.Call):
                name = _called_name(parent)
                if name in TRANSLATORS:
                    return "hidden"
                if child in parent.args:
                    if name in NOT_SHOWN_CALLS:
                        return "hidden"
                    index = parent.args.index(child)  # type: ignore[arg-type]
                    if name == "Binding" and index < 2:
                        return "hidden"
                    if READ_CALLS.get(name) == index and not placement:
                        placement = "read"
                    if name in SELECT_CALLS and index == 0 and self._is_label(node, child):
                        placement = placement or "read"
            names = _target_names(parent)
            if names:
                if any(CSS_NAME.search(name) for name in names):
                    return "hidden"
                if any(name == "border_title" for name in names) and not placement:
                    placement = "read"
                if any(READ_CONSTANT.search(name) for name in names) and not placement:
                    placement = "read"
                if any(name.endswith("COLUMNS") for name in names) and not placement:
                    # (key, heading) pairs: the heading is read, the key is not
                    placement = "hidden" if self._first_of_pair(node) else "read"
            child, parent = parent, self.parents.get(parent)
        return placement

    def _first_of_pair(self, node: ast.AST) -> bool:
        parent = self.parents.get(node)
        return isinstance(parent, ast.Tuple) and len(parent.elts) > 1 and parent.elts[0] is node

    def _is_label(self, node: ast.AST, argument: ast.AST) -> bool:
        """Whether ``node`` is the first item of a (label, value) pair inside ``argument``."""
        parent = self.parents.get(node)
        while parent is not None and parent is not argument:
            if isinstance(parent, ast.Tuple) and parent.elts and parent.elts[0] is node:
                return True
            node, parent = parent, self.parents.get(parent)
        return False


def bare_strings() -> list[Found]:
    """Every string a person reads that is not handed to the translation functions."""
    found: list[Found] = []
    for path in source_files():
        relative = path.relative_to(REPO).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=relative)
        in_file = Finder(tree, relative).found()
        found.extend(sorted(in_file, key=lambda item: (item.line, item.column)))
    return found


def allowlist() -> set[tuple[str, str]]:
    """The reviewed exceptions: (path, string) pairs; ``#`` starts a reason or a comment."""
    entries = set()
    for line in ALLOWLIST.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        path, _tab, rest = line.partition("\t")
        text = rest.split("  #", 1)[0].rstrip()
        entries.add((path.strip(), ast.literal_eval(text)))
    return entries


def test_every_string_a_person_reads_goes_through_the_catalog() -> None:
    allowed = allowlist()
    found = [item for item in bare_strings() if (item.path, item.text) not in allowed]
    assert not found, f"{len(found)} strings a person reads are not translated:\n" + "\n".join(
        map(str, found)
    )


def test_the_allowlist_names_only_strings_that_exist() -> None:
    present = {(item.path, item.text) for item in bare_strings()}
    stale = sorted(allowlist() - present)
    assert not stale, f"allowlist entries that match nothing: {stale}"


# ---------------------------------------------------------------------- the finder can fail


def _judge(source: str) -> list[str]:
    found = Finder(ast.parse(source), "x.py").found()
    return [item.text for item in sorted(found, key=lambda item: (item.line, item.column))]


def test_the_finder_flags_what_a_person_reads() -> None:
    source = """
from textual.binding import Binding
BINDINGS = [Binding("q", "leave", "Menu")]
KIND_LABELS = {1: "human"}
def f(self, n):
    self.notify("Saved")
    yield Static(f"Seat {n}", id="seat-label")
    yield Select([("on", True), ("off", False)], id="ng-hints")
    self.set_status("Select the cards first.")
    raise ValueError("There is no such save.")
    choices = [(f"{n} players", n) for n in range(2, 7)]
"""
    assert _judge(source) == [
        "Menu",
        "human",
        "Saved",
        "Seat {}",
        "on",
        "off",
        "Select the cards first.",
        "There is no such save.",
        "{} players",
    ]


def test_the_finder_leaves_translated_css_ids_and_docstrings_alone() -> None:
    source = '''
"""A module docstring with words."""
DEFAULT_CSS = """TableScreen #status { height: auto; }"""
BINDINGS = [Binding("q", "leave", N_("Menu"))]
def f(self, n):
    """Words in a docstring."""
    self.notify(_("Saved as {name}.").format(name=n))
    yield Static("", id="top-bar", classes="screen-header wide")
    self.query_one("#players Static").update(f"{n} {n}")
    text.append("x", style="bold #7cd67c")
    Option(f"[b]{n}[/b]  {n}", id="title")
    assert n, "a message for developers"
    if n == "some words": pass
    self.log("developer words here")
    ngettext("{n} card", "{n} cards", n)
    name = f"seat-name-{n}"
    where = f"{n}: {n}"
'''
    assert _judge(source) == []
