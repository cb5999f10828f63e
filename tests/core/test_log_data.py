"""The public log is data (P-2, P-4): every record keeps what its sentence says.

Each :class:`ActionRecord` carries the action as applied and :class:`LogFacts` (the name, the
cards taken from the discard pile, a rebuild, a joker moving, going out, who dealt); each
take-back note keeps the move taken back and the name, and no words: the catalogs write the
line from that data in the reader's language. These tests check that the data is there for
every kind of record, and that the English written from it is word for word what the core
wrote itself before the sentences moved to the catalogs (the digests and examples below were
taken from that writer) over matches of all five variants, take-backs included.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterator

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.core import (
    VARIANT_IDS,
    ActionRecord,
    DrawStock,
    DrawTwo,
    Game,
    GoOut,
    LayOffCard,
    Meld,
    Phase,
    StartDeal,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.state import TakeBackNote
from rummy_tui.core.takeback import public_log
from rummy_tui.core.variants import DrawRule
from rummy_tui.i18n.log_lines import entry_sentence, note_sentence, record_sentence
from tests.core.helpers import c
from tests.core.test_rules_boathouse import _game as boathouse_game
from tests.core.test_rules_european import ONE_JOKER
from tests.core.test_rules_european import _game as european_game

TABLES: tuple[tuple[str, dict[str, object]], ...] = (
    *((variant, {}) for variant in VARIANT_IDS),
    ("boathouse", {"draw_rule": DrawRule.HOYLE}),
)
"""Every variant as dealt, and the option that adds a kind of line (the Hoyle draw)."""
PLAYS = ("meld", "lay_off", "go_out", "end_deal")
ENGLISH_DIGESTS: dict[str, str] = {
    "played-0": "cff724af4e6bd939",
    "played-1": "9bc1a5152bc8375a",
    "played-2": "a06566cec9a2ac64",
    "played-3": "ef543aae88cf0357",
    "played-4": "e9efdedd56026762",
    "played-5": "a23504d294477645",
    "played-6": "2d0b7eb21424e37d",
    "played-7": "32dad94989f0c2a6",
    "played-8": "3a408ebe4e8986ef",
    "played-9": "b0f554c2a3575740",
    "played-10": "9e061369f3d33a1f",
    "played-11": "1910f43a910771a7",
    "going_out-0": "e4d8ac4755ea446f",
    "going_out-1": "43097e65ea186736",
}
ENGLISH_EXAMPLES: dict[str, tuple[str, int, str]] = {
    "discard": ("played-0", 5, "P1 discards 7S."),
    "discard.out": ("played-2", 90, "P0 discards JH. P0 goes out!"),
    "draw_stock": ("played-0", 6, "P0 draws from the stock."),
    "draw_stock.rebuild": (
        "played-0",
        133,
        "P0 turns the discard pile over as the new stock (rebuild 1) and draws.",
    ),
    "draw_two.discard_discard": (
        "played-5",
        14,
        "P1 draws two cards (discard + discard): AS 10H from the discard pile.",
    ),
    "draw_two.discard_stock": (
        "played-1",
        1,
        "P1 draws two cards (discard + stock): 2C from the discard pile.",
    ),
    "draw_two.stock_stock": ("played-1", 14, "P1 draws two cards (stock + stock)."),
    "go_out": (
        "going_out-0",
        1,
        "Bob goes out: 9D JK=10D JD QD KD | AH 2H 3H 4H 5H | 6S 7S 8S 9S 10S.",
    ),
    "go_out.discard": (
        "going_out-1",
        2,
        "Bob goes out: 7C 7H 7S | QD KD AD 2D | 4S 5S 6S, discarding 3D.",
    ),
    "lay_off": ("played-0", 18, "P0 lays off 10S on meld 1."),
    "lay_off.as": ("played-2", 71, "P1 lays off JK as 8D on meld 3."),
    "lay_off.joker_moves": (
        "played-2",
        48,
        "P0 lays off AH on meld 2 (the joker moves to the other end).",
    ),
    "meld": ("played-0", 4, "P1 melds 10C 10D 10H."),
    "start_deal": ("played-0", 0, "Deal 1: P0 deals; P1 plays first."),
    "take_discard": ("played-0", 1, "P1 takes 2C from the discard pile."),
    "take_discard.dig": (
        "played-3",
        10,
        "P1 takes 2 cards from the discard pile, down to 4S: 4S QC.",
    ),
    "took_back.dig": ("played-3", 73, "P0 took back: taking 5 cards from the discard pile"),
    "took_back.discard": ("played-0", 3, "P1 took back: discard AH"),
    "took_back.draw_two": ("played-5", 29, "P0 took back: two-card draw (discard + discard)"),
    "took_back.lay_off": ("played-2", 68, "P1 took back: lay-off of JK=5H on meld 2"),
    "took_back.meld": ("played-0", 2, "P1 took back: meld 10C 10D 10H"),
    "took_back.take": ("played-0", 16, "P0 took back: taking the top card of the discard pile"),
}
"""The English log of each match of :func:`played_matches` and :func:`going_out` as the core
wrote it (the first 16 hex digits of the SHA-256 of its lines joined by newlines), and one
line of every kind with the match and place it stands in."""
MAX_STEPS = 400
"""Moves played of one deal at most: a random European deal can run for thousands of moves
without anybody going out, and its lines are all of the same few kinds."""


def line_kind(entry: ActionRecord | TakeBackNote) -> str:
    """Which kind of log line an entry is (one catalog message each, going out aside)."""
    if isinstance(entry, TakeBackNote):
        move = entry.move
        assert move is not None
        if isinstance(move, TakeDiscard):
            return "took_back.take" if move.count == 1 else "took_back.dig"
        return f"took_back.{move.kind}"
    action, facts = entry.action, entry.facts
    assert facts is not None
    out = ".out" if facts.goes_out and not isinstance(action, GoOut) else ""
    if isinstance(action, DrawStock):
        return "draw_stock.rebuild" if facts.rebuild else "draw_stock"
    if isinstance(action, TakeDiscard):
        return "take_discard" if action.count == 1 else "take_discard.dig"
    if isinstance(action, DrawTwo):
        return f"draw_two.{action.first}_{action.second}"
    if isinstance(action, LayOffCard):
        wild = ".as" if action.face is not action.card.face else ""
        joker = ".joker_moves" if facts.joker_moves else ""
        return f"lay_off{wild}{joker}{out}"
    if isinstance(action, GoOut):
        return "go_out.discard" if action.discard is not None else "go_out"
    return f"{action.kind}{out}"


def _choose(game: Game, rng: random.Random) -> object:
    """A random legal action, leaning towards plays so that deals end."""
    legal = game.legal_actions()
    plays = [action for action in legal if action.kind in PLAYS]
    if plays and rng.random() < 0.7:
        return rng.choice(plays)
    return rng.choice(legal)


def play_match(variant: str, options: dict[str, object], players: int, seed: int) -> Game:
    """A match of two deals (fewer when a deal runs past :data:`MAX_STEPS` moves or the
    match ends) played at random, with moves taken back now and then."""
    rng = random.Random(seed)
    game = new_game(
        get_variant(variant, **options), [f"P{seat}" for seat in range(players)], seed=seed
    )
    for _deal in range(2):
        for _step in range(MAX_STEPS):
            if game.phase not in (Phase.DRAW, Phase.PLAY):
                break
            if game.can_take_back() and rng.random() < 0.15:
                game.take_back()
            else:
                game.apply(_choose(game, rng))  # type: ignore[arg-type]
        if game.phase is not Phase.DEAL_OVER:
            break
        game.apply(StartDeal())
    return game


def played_matches(count: int) -> Iterator[Game]:
    """``count`` matches of every table, at two to four players."""
    for index in range(count):
        for variant, options in TABLES:
            rules = get_variant(variant, **options)
            players = max(rules.min_players, 2 + index % 3)
            yield play_match(variant, options, players, seed=1000 + index)


def going_out() -> list[Game]:
    """Deals ended by laying the whole hand down: before drawing (E-7) and after drawing,
    with a final discard (B-3)."""
    before = european_game(ONE_JOKER)
    before.apply(GoOut(melds=()))
    after = boathouse_game(stock="6S")
    after.apply(DrawStock())
    after.apply(GoOut(melds=(), discard=c("3D")))
    return [before, after]


def assert_record_data(game: Game, record: ActionRecord) -> None:
    """The record carries every fact its sentence shows."""
    facts = record.facts
    assert facts is not None, record
    action = record.action
    if record.seat is None:
        assert isinstance(action, StartDeal)
        assert facts.name == ""
        assert facts.dealer in game.players and facts.leader in game.players
        return
    assert facts.name == game.players[record.seat]
    if isinstance(action, TakeDiscard):
        assert len(facts.cards) == action.count
    elif isinstance(action, DrawTwo):
        assert len(facts.cards) == [action.first, action.second].count("discard")
    else:
        assert facts.cards == (), "only takes from the discard pile name cards taken"
    if not isinstance(action, DrawStock):
        assert facts.rebuild == 0
    if not isinstance(action, LayOffCard):
        assert not facts.joker_moves
    if isinstance(action, Meld):
        assert action.faces is not None and len(action.faces) == len(action.cards)
    if isinstance(action, LayOffCard):
        assert action.face is not None


def english_digest(lines: list[str]) -> str:
    """How :data:`ENGLISH_DIGESTS` fingerprints a match's log."""
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def test_P2_every_record_carries_its_data_and_reads_as_the_core_wrote_it() -> None:
    kinds: Counter[str] = Counter()
    games = {f"played-{index}": game for index, game in enumerate(played_matches(2))}
    games |= {f"going_out-{index}": game for index, game in enumerate(going_out())}
    for key, game in games.items():
        lines = [entry_sentence(entry) for entry in public_log(game)]
        for entry in public_log(game):
            kinds[line_kind(entry)] += 1
            if isinstance(entry, TakeBackNote):
                assert entry.name == game.players[entry.seat]
                continue
            assert_record_data(game, entry)
        for kind, (where, index, english) in ENGLISH_EXAMPLES.items():
            if where == key:
                assert (kind, lines[index]) == (kind, english)
        assert english_digest(lines) == ENGLISH_DIGESTS[key], key
    assert set(ENGLISH_EXAMPLES) <= set(kinds)
    expected = {
        "start_deal",
        "draw_stock",
        "take_discard",
        "take_discard.dig",
        "draw_two.stock_stock",
        "draw_two.discard_stock",
        "draw_two.discard_discard",
        "meld",
        "lay_off",
        "discard",
        "go_out",
        "go_out.discard",
        "took_back.meld",
        "took_back.lay_off",
        "took_back.take",
        "took_back.discard",
    }
    assert expected <= set(kinds), sorted(expected - set(kinds))
    assert any(kind.endswith(".out") for kind in kinds), kinds


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from(TABLES),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**20),
)
def test_P2_every_line_of_a_random_match_is_written_from_its_data(
    table: tuple[str, dict[str, object]], players: int, seed: int
) -> None:
    variant, options = table
    rules = get_variant(variant, **options)
    players = min(max(players, rules.min_players), rules.max_players)
    game = play_match(variant, options, players, seed)
    for entry in public_log(game):
        line = entry_sentence(entry)
        speaker = "Deal " if entry.seat is None else f"{game.players[entry.seat]} "
        assert line.startswith(speaker), line
        if isinstance(entry, TakeBackNote):
            assert " took back: " in line
        else:
            assert_record_data(game, entry)
            assert line.endswith((".", "!")), line


def test_P2_a_view_keeps_the_data_of_a_deal_s_start_but_not_its_deck() -> None:
    game = play_match("classic", {}, 3, seed=7)
    view = game.view(0)
    starts = [record for record in view.log if isinstance(record.action, StartDeal)]
    assert starts and all(record.action.deck is None for record in starts)  # type: ignore[union-attr]
    played = [record for record in game.state.log if isinstance(record.action, StartDeal)]
    assert [record_sentence(record) for record in starts] == [
        record_sentence(record) for record in played
    ]
    assert record_sentence(starts[0]) == "Deal 1: P2 deals; P0 plays first."


def test_P2_a_record_saved_with_english_text_and_no_data_is_read_as_data() -> None:
    """Records of older saves carry an English ``text`` (and the oldest no facts): it is read
    and left out, as loading replays the log; a take-back note saved without its move keeps
    its text, the only thing that says what it was."""
    game = play_match("rummy500", {}, 2, seed=3)
    record = game.state.log[-1]
    saved = {**record.model_dump(mode="json", exclude={"facts"}), "text": "P1 discards 7H."}
    old = ActionRecord.model_validate(saved)
    assert old.facts is None and old.action == record.action
    assert "text" not in old.model_dump() and "P1 discards" not in old.model_dump_json()
    assert record_sentence(old) == record.action.kind.replace("_", " ")
    note = TakeBackNote(seat=0, deal_number=1, position=1, text="P0 took back: discard 7H")
    assert note.move is None and note_sentence(note) == note.text
    assert note.model_dump()["text"] == note.text  # kept when saved again


def test_P2_records_and_notes_written_now_hold_no_sentence() -> None:
    game = play_match("classic", {}, 3, seed=7)
    assert game.state.take_back_notes, "no take-back in this match: another seed"
    for entry in public_log(game):
        data = entry.model_dump_json()
        assert '"text"' not in data, data
        assert entry_sentence(entry) not in data
