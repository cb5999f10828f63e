"""The public log (P-2, P-4) in each language, written from each record's data.

The core keeps no words: every line is written here, in English word for word as the core
once wrote it (see tests/core/test_log_data.py); in Finnish and Russian no line of a played
match of any variant is its English line or holds a piece of an English message; and a save
holds no language, so a match saved while the game spoke Finnish reads in Russian when loaded
again (even a save written before the records kept their data, with English text instead).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy_tui.core import ActionRecord, Game, StartDeal, get_variant
from rummy_tui.core.state import TakeBackNote
from rummy_tui.core.takeback import notes_from_extra, notes_to_extra, public_log
from rummy_tui.i18n import set_language
from rummy_tui.i18n.catalogs import LOCALE_DIR, read_catalog
from rummy_tui.i18n.log_lines import entry_sentence, nothing_since, since_mark
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.play.render import log_plain
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.log import log_lines, since_text
from tests.core.test_log_data import going_out, line_kind, play_match, played_matches
from tests.persistence.helpers import reseal, seats

LANGUAGES = ("fi", "ru")
_PLACEHOLDER = re.compile(r"\{[a-z_]+\}")


def _english_pieces() -> list[str]:
    """The words of every log message between its placeholders (pieces of two words or
    more), the way an untranslated message would show on screen."""
    catalog = read_catalog(LOCALE_DIR / "fi" / "LC_MESSAGES" / "rummy_tui.po", "fi")
    pieces: set[str] = set()
    for message in catalog:
        if not any(path.endswith("log_lines.py") for path, _line in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            for piece in _PLACEHOLDER.split(text):
                piece = piece.strip(" .:;,!()─")
                if len(piece.split()) >= 2:
                    pieces.add(piece)
    assert len(pieces) > 20
    return sorted(pieces)


@pytest.fixture(scope="module")
def matches() -> list[Game]:
    return [*played_matches(1), *going_out()]


def _english(game: Game) -> list[str]:
    set_language("en")
    return _lines(game)


def test_P2_in_english_every_line_is_written_from_its_data(matches: list[Game]) -> None:
    kinds = set()
    for game in matches:
        for entry, line in zip(public_log(game), _english(game), strict=True):
            kinds.add(line_kind(entry))
            name = game.players[entry.seat] if entry.seat is not None else "Deal "
            assert line.startswith(name), line  # written from its data, not a fallback
    assert {"start_deal", "draw_stock", "meld", "lay_off", "discard", "go_out"} <= kinds
    assert any(kind.startswith("took_back.") for kind in kinds)


@pytest.mark.parametrize("language", LANGUAGES)
def test_P2_no_log_line_is_left_in_english(matches: list[Game], language: str) -> None:
    pieces = _english_pieces()
    checked = 0
    for game in matches:
        english = _english(game)
        set_language(language)
        for entry, in_english in zip(public_log(game), english, strict=True):
            line = entry_sentence(entry)
            assert line != in_english, line
            assert not [piece for piece in pieces if piece in line], line
            if entry.seat is not None:
                assert game.players[entry.seat] in line  # the name is kept as it is
            checked += 1
    assert checked > 500
    assert since_mark() != "── since your last turn ──"
    assert nothing_since() != "Nothing has happened since your last turn."


def test_P2_card_tokens_stay_tokens_and_are_drawn_as_cards() -> None:
    game = play_match("rummy500", {}, 2, seed=5)
    settings = DisplaySettings()
    set_language("ru")
    shown = log_lines(game.state.log, settings, game.state.take_back_notes, limit=None).plain
    discard = next(r for r in reversed(game.state.log) if r.action.kind == "discard")
    card = discard.action.card  # type: ignore[union-attr]
    assert log_plain(str(card), settings) in shown
    assert f"сбрасывает {log_plain(str(card), settings)}" in shown
    assert not re.search(r"\b(10|[2-9AJQK])[CDHS]\b", shown), "a token was left undrawn"


def test_P2_since_text_speaks_the_reader_s_language() -> None:
    game = play_match("classic", {}, 3, seed=9)
    settings = DisplaySettings()
    set_language("fi")
    last = max(i for i, record in enumerate(game.state.log) if record.seat is not None)
    records = game.state.log[: last + 1]
    seat = records[-1].seat
    assert seat is not None
    assert since_text(records, seat, settings).plain == nothing_since()
    text = since_text(records, (seat + 1) % 3, settings).plain
    assert text and "Edellisen vuorosi" not in text and " the " not in text


def _lines(game: Game) -> list[str]:
    return [entry_sentence(entry) for entry in public_log(game)]


def _save_and_load(tmp_path: Path, old: bool) -> tuple[Game, Game]:
    """A Double Rum match played some way into its first deal with a move taken back, saved
    while the game speaks Finnish (``old``: with the data taken out of the file and the English
    text put in, as an older version wrote it), and loaded again."""
    setup = MatchSetup(rules=get_variant("double"), seats=seats(3), seed=31, bot_delay=0.0)
    game = setup.start()
    played = play_match("double", {}, 3, seed=31)
    for index, record in enumerate(played.state.log[1:]):
        if isinstance(record.action, StartDeal) or (index > 20 and game.can_take_back()):
            break
        game.apply(record.action, seat=record.seat)
    game.take_back()
    store = SaveStore(tmp_path / "data")
    set_language("fi")
    name = store.create(setup, game)
    store.save(name, setup, game, {"take_backs": notes_to_extra(game)})
    if old:
        english = list(zip(public_log(game), _english(game), strict=True))
        set_language("fi")
        texts = iter(line for entry, line in english if isinstance(entry, ActionRecord))
        note_texts = iter(line for entry, line in english if isinstance(entry, TakeBackNote))

        def forget(data: dict[str, object]) -> None:
            for record in data["log"]:  # type: ignore[attr-defined]
                record.pop("facts", None)
                record["text"] = next(texts)
            for note in data["extra"]["take_backs"]:  # type: ignore[index]
                note.pop("move", None)
                note.pop("name", None)
                note["text"] = next(note_texts)

        reseal(store.directory / f"{name}.json", forget)
    _, loaded, extra = store.load(name)
    notes_from_extra(loaded, extra["take_backs"])
    return game, loaded


def test_P2_a_match_saved_in_finnish_reads_in_russian(tmp_path: Path) -> None:
    game, loaded = _save_and_load(tmp_path, old=False)
    set_language("fi")
    finnish = _lines(game)
    set_language("ru")
    russian = _lines(loaded)
    assert russian == _lines(game)
    assert all(a != b for a, b in zip(finnish, russian, strict=True))
    assert all(isinstance(record, ActionRecord) and record.facts for record in loaded.state.log)


def test_P2_a_save_from_before_the_data_still_loads_and_reads(tmp_path: Path) -> None:
    game, loaded = _save_and_load(tmp_path, old=True)
    set_language("ru")
    # Loading replays the log, so the records get their data back (their English text is
    # read and left out); a take-back note saved without its move keeps its English text.
    english = _english(game)
    set_language("ru")
    assert all(record.facts for record in loaded.state.log)
    assert [entry_sentence(r) for r in loaded.state.log] == [
        entry_sentence(r) for r in game.state.log
    ]
    notes = 0
    for entry, in_english in zip(public_log(loaded), english, strict=True):
        if isinstance(entry, TakeBackNote):
            assert entry.move is None and entry_sentence(entry) == entry.text == in_english
            notes += 1
        else:
            assert entry_sentence(entry) != in_english
    assert notes
