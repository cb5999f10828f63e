"""Issue 32, part 4: ``rummy replay NAME --text`` writes the match as a Markdown transcript.

A finished match of every variant: every move of every deal (one numbered line per record),
each deal's hands as dealt, its end and scores, the score sheet. A match still being played:
only its finished deals, no hand before the end of its deal (P-2, P-3), nothing of the deal
in progress (P-1). Names are plain text in Markdown (rendered by markdown-it, CommonMark with
tables, as a chat or a forum would). The matches are those of the replay's own tests
(``tests/replay/matches.py``): easy computers and random people with take-backs.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from rummy_tui.cli.main import main
from rummy_tui.core import Game
from rummy_tui.core.cards import format_cards
from rummy_tui.i18n import set_language
from rummy_tui.i18n.deal_words import deal_number_words, deal_over_words
from rummy_tui.i18n.log_lines import note_sentence, record_sentence
from rummy_tui.i18n.outside_text import markdown
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.match.sheet import score_sheet
from rummy_tui.persistence import SaveStore
from rummy_tui.replay import MatchSteps, NotReplayable, revealed_hands
from rummy_tui.tools.transcript import match_transcript
from rummy_tui.ui.play.render import log_plain
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.replay import matches
from tests.replay.matches import TABLES, Played, finished_match, unfinished_match

VARIANTS = list(TABLES)
MOVE = re.compile(r"^(\d+)\. (.*)$")
HOSTILE = ("*Bob*", "# x", "[a](http://e.org)", "<b>Cy</b>", "1. Dee", "`Eve`", "_F_|~G~")
"""Names that Markdown would read as emphasis, a heading, a link, HTML, a list, code, a
table's border and a strike."""


def render(text: str) -> str:
    """The transcript as a chat or forum would show it: HTML."""
    return MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(text)


class _Shown(HTMLParser):
    """The tags and the text of rendered HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.tags.append(tag)

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def shown(text: str) -> _Shown:
    parser = _Shown()
    parser.feed(render(text))
    return parser


@cache
def finished(variant: str) -> Played:
    return finished_match(variant, TABLES[variant][0], 1)


@cache
def unfinished(variant: str) -> Played:
    return unfinished_match(variant, TABLES[variant][0], 1, deals=2, moves_after=4)


def sections(text: str) -> dict[str, str]:
    """The transcript's level-2 sections by heading."""
    parts = re.split(r"^## (.*)$", text, flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def moves(section: str) -> list[tuple[int, str]]:
    return [
        (int(found[1]), found[2])
        for line in section.splitlines()
        if (found := MOVE.match(line)) is not None
    ]


@pytest.mark.parametrize("variant", VARIANTS)
def test_finished_match_transcript_holds_every_move_the_hands_as_dealt_the_end_and_the_scores(
    variant: str,
) -> None:
    state = finished(variant).game.state
    steps = MatchSteps(state)
    text = match_transcript(state, "evening")
    parts = sections(text)
    assert text.startswith("# ") and "evening" in text.splitlines()[0]
    assert len(steps.replayable) == len(state.results) >= 1
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        section = parts[markdown(deal_number_words(span.deal_number))]
        records = deal.records(deal.last_step)
        # every move, one numbered line each, in the log's order and words
        assert moves(section) == [
            (step, markdown(record_sentence(record)))
            for step, record in enumerate(records[1:], start=1)
        ]
        assert markdown(record_sentence(records[0])) in section  # who dealt
        for note in deal.notes(deal.last_step):  # take-backs (P-4) are there too
            assert f"- {markdown(note_sentence(note))}" in section
        # the hands as dealt, every seat
        assert "### Hands as dealt" in section
        for seat, hand in enumerate(deal.hands(0)):
            assert f"- {markdown(steps.players[seat])}: {format_cards(hand)}" in section
        # the melds at the end, the end, each seat's score and the hands revealed
        for meld in deal.view(deal.last_step).melds:
            assert f"- Meld {meld.meld_id} (" in section
        assert deal_over_words(span.deal_number) in section
        result = deal.result
        for line in result.lines:
            assert f"- {markdown(steps.players[line.seat])}: {line.change:+d} " in section
            if line.hand:
                assert f"  - hand: {format_cards(line.hand)}" in section
    # the score sheet: one row per deal, the totals, the winner
    sheet = score_sheet(Game(state))
    table = parts["Score sheet"]
    for row in sheet.rows:
        assert re.search(rf"^\| {row.deal_number} \|", table, flags=re.MULTILINE)
    assert "| Total | " + " | ".join(map(str, sheet.totals)) + " |" in table
    assert "wins the match!" in table or " win the match!" in table


@pytest.mark.parametrize("variant", VARIANTS)
def test_unfinished_match_shows_no_hidden_hand_and_nothing_of_the_deal_in_progress(
    variant: str,
) -> None:
    state = unfinished(variant).game.state
    steps = MatchSteps(state)
    in_progress = steps.deals[-1]
    assert not in_progress.finished and len(steps.replayable) == 2
    text = match_transcript(state, "evening")
    parts = sections(text)
    assert "Hands as dealt" not in text
    # nothing of the deal in progress: no section, and only the finished deals' moves
    assert markdown(deal_number_words(in_progress.deal_number)) not in parts
    assert "Score sheet" in parts
    assert len(parts) == len(steps.replayable) + 1
    assert len(moves(text)) == sum(span.last_step for span in steps.replayable)
    assert len(state.log) > in_progress.start + 1  # moves were made in it, and none is shown
    for span in steps.replayable:
        deal = steps.deal(span.deal_number)
        section = parts[markdown(deal_number_words(span.deal_number))]
        before_end, _heading, end = section.partition("### End of the deal")
        revealed = revealed_hands(deal)
        # no hand as held before the deal's end is listed anywhere before its end
        for step in range(deal.last_step):
            for seat, hand in enumerate(deal.hands(step)):
                if len(hand) >= 4 and tuple(hand) != revealed[seat]:
                    assert format_cards(hand) not in text, (span.deal_number, step, seat)
        # the hands written are the ones its end revealed (P-3), nothing else
        assert "hand: " not in before_end
        written = re.findall(r"^  - hand: (.*)$", end, flags=re.MULTILINE)
        shown_hands = [revealed[line.seat] for line in deal.result.lines if line.hand]
        assert written == [format_cards(hand) for hand in shown_hands if hand]


def test_a_match_with_no_finished_deal_and_a_deal_in_progress_are_refused_as_data() -> None:
    state = unfinished_match("classic", 2, 1, deals=0, moves_after=3).game.state
    with pytest.raises(NotReplayable) as refused:
        match_transcript(state, "evening")
    assert refused.value.code == "replay.nothing"
    state = unfinished("classic").game.state
    with pytest.raises(NotReplayable) as refused:
        match_transcript(state, "evening", deal_number=3)
    assert (refused.value.code, refused.value.deal_number) == ("replay.in_progress", 3)
    with pytest.raises(NotReplayable) as refused:
        match_transcript(state, "evening", deal_number=9)
    assert refused.value.code == "replay.no_deal"


def test_one_deal_alone_with_deal_n() -> None:
    state = finished("european").game.state
    text = match_transcript(state, "evening", deal_number=2)
    assert list(sections(text)) == ["Deal 2"]
    assert len(moves(text)) == MatchSteps(state).deal(2).last_step


def test_markup_in_names_reads_as_plain_text(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(matches, "NAMES", HOSTILE)
    played = finished_match("european", len(HOSTILE), 3)
    state = played.game.state
    text = match_transcript(state, "*evening* <i>")
    page = shown(text)
    # only the transcript's own markup: headings, lists, one table, the winner in bold
    deals = len(state.results)
    assert page.tags.count("h1") == 1 and page.tags.count("h2") == deals + 1
    assert not {"a", "em", "code", "s", "del", "b", "i", "hr", "blockquote"} & set(page.tags)
    assert page.tags.count("table") == 1 and page.tags.count("strong") == 1
    words = "".join(page.text)
    assert "*evening* <i>" in words
    for name in HOSTILE:
        assert f"{name}: " in words  # each hand as dealt, the name as typed
    headings = len(re.findall(r"<th[ >]", render(text)))
    assert headings == len(HOSTILE) + 2  # Deal, one per player, Note: no border from a name


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_any_text_written_by_markdown_reads_back_as_it_was(text: str) -> None:
    """Whatever a name holds, Markdown shows it as it was (its unsafe characters as U+FFFD,
    from clean), in a paragraph, a list item and a table cell alike."""
    from rummy_tui.i18n.outside_text import clean

    wanted = clean(text).strip(" ")
    if not wanted or wanted != clean(text).strip():
        return  # white space at the ends: Markdown, and names, trim it
    for page, before in (
        (f"x {markdown(text)}", "x "),
        (f"- {markdown(text)}", ""),
        (f"| a |\n| --- |\n| {markdown(text)} |", "a"),  # the heading's a, then the cell
    ):
        seen = "".join(shown(page).text).strip("\n").removeprefix(before)
        assert seen.strip("\n ") == wanted.strip("\n "), (text, page)


# ---------------------------------------------------------------------- the command line


def _saved(data: Path, played: Played, name: str = "evening") -> None:
    game = played.game
    seats = tuple(Seat(name=player) for player in game.players)
    setup = MatchSetup(rules=game.rules, seats=seats, seed=game.state.seed)
    SaveStore(data).create(setup, game, name=name)


def test_rummy_replay_text_prints_the_transcript(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _saved(tmp_path, finished("classic"))
    assert main(["--data-dir", str(tmp_path), "replay", "evening", "--text"]) == 0
    out = capsys.readouterr().out
    # the writer's text, its card tokens written as the game draws cards (9♦, not 9D)
    written = match_transcript(finished("classic").game.state, "evening")
    assert out == log_plain(written, DisplaySettings())
    assert "♦" in out or "♥" in out
    assert main(["replay", "evening", "--deal", "1", "--text", "--data-dir", str(tmp_path)]) == 0
    assert list(sections(capsys.readouterr().out)) == ["Deal 1"]


def test_rummy_replay_text_in_finnish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _saved(tmp_path, finished("classic"))
    assert main(["--lang", "fi", "--data-dir", str(tmp_path), "replay", "evening", "--text"]) == 0
    out = capsys.readouterr().out
    assert "## Jako 1" in out and "Jako 1 on päättynyt." in out
    assert "nostaa umpipakasta." in out and "draws from the stock" not in out
    assert "Deal 1" not in out and "Deal 1 is over." not in out
    set_language("fi")
    state = finished("classic").game.state
    try:
        # every word through the catalogs; the cards as the game draws them
        assert out == log_plain(match_transcript(state, "evening"), DisplaySettings())
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["replay", "nothing", "--text"], "There is no save named 'nothing'."),
        (["replay", "evening", "--deal", "9", "--text"], "The match 'evening' has no deal 9."),
        (["replay", "evening", "--deal", "9"], "The match 'evening' has no deal 9."),
        (["replay", "later", "--deal", "3", "--text"], "Deal 3 of the match 'later' is still"),
        (["replay", "fresh", "--text"], "The match 'fresh' has no finished deal to replay yet."),
        (["replay", "fresh"], "The match 'fresh' has no finished deal to replay yet."),
    ],
)
def test_rummy_replay_refusals_are_one_sentence_with_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    _saved(tmp_path, finished("classic"))
    _saved(tmp_path, unfinished("classic"), "later")
    _saved(tmp_path, unfinished_match("classic", 2, 1, deals=0, moves_after=3), "fresh")
    assert main(["--data-dir", str(tmp_path), *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"rummy: {said}") and captured.err.count("\n") == 1


def test_a_damaged_save_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _saved(tmp_path, finished("classic"))
    save = tmp_path / "saves" / "evening.json"
    assert save.is_file()
    save.write_text("{ not a save", encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "replay", "evening", "--text"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rummy: ") and err.count("\n") == 1 and "Traceback" not in err


def test_rummy_replay_without_text_starts_the_app_with_the_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[dict[str, object]] = []

    def fake_run_app(**kwargs: object) -> int:
        calls.append(kwargs)
        return 0

    import rummy_tui.ui.shell.app

    monkeypatch.setattr(rummy_tui.ui.shell.app, "run_app", fake_run_app)
    _saved(tmp_path, finished("classic"))
    assert main(["--data-dir", str(tmp_path), "replay", "evening", "--deal", "2"]) == 0
    assert main(["--data-dir", str(tmp_path), "replay", "evening"]) == 0
    assert [call["replay"] for call in calls] == [("evening", 2), ("evening", None)]


def test_run_app_with_a_replay_opens_the_replay_of_that_save_and_deal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``run_app(replay=...)`` (``rummy replay NAME --deal N``) starts the app at the replay
    of that save and deal, never at the match itself (a replay changes no save)."""
    import rummy_tui.ui.shell.app as app_module

    made: list[dict[str, object]] = []

    class FakeApp:
        return_code = 0

        def run(self) -> int:
            return 0

    def fake_make_app(**kwargs: object) -> FakeApp:
        made.append(kwargs)
        return FakeApp()

    monkeypatch.setattr(app_module, "make_app", fake_make_app)
    assert app_module.run_app(start="load", save_name="evening", replay=("evening", 1)) == 0
    assert (made[0]["start"], made[0]["save_name"], made[0]["replay_deal"]) == (
        "replay",
        "evening",
        1,
    )
