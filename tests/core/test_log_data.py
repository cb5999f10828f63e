"""The public log is data (P-2, P-4): every record keeps what its sentence says.

Each :class:`ActionRecord` carries the action as applied and :class:`LogFacts` (the name, the
cards taken from the discard pile, a rebuild, a joker moving, going out, who dealt); each
take-back note keeps the move taken back and the name. The interface writes the line from
that data in the reader's language; these tests check that the data is there for every kind
of record, and that the English written from the data is word for word the core's ``text``
over random matches of all five variants, take-backs included.
"""

from __future__ import annotations

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
from rummy_tui.i18n.log_lines import note_sentence, record_sentence
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


def test_P2_every_record_carries_its_data_and_reads_as_the_core_wrote_it() -> None:
    kinds: Counter[str] = Counter()
    for game in [*played_matches(2), *going_out()]:
        for entry in public_log(game):
            kinds[line_kind(entry)] += 1
            if isinstance(entry, TakeBackNote):
                assert entry.name == game.players[entry.seat]
                assert note_sentence(entry) == entry.text
                continue
            assert_record_data(game, entry)
            assert record_sentence(entry) == entry.text
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
def test_P2_english_from_data_equals_the_core_text_in_random_matches(
    table: tuple[str, dict[str, object]], players: int, seed: int
) -> None:
    variant, options = table
    rules = get_variant(variant, **options)
    players = min(max(players, rules.min_players), rules.max_players)
    game = play_match(variant, options, players, seed)
    for entry in public_log(game):
        if isinstance(entry, TakeBackNote):
            assert note_sentence(entry) == entry.text
        else:
            assert_record_data(game, entry)
            assert record_sentence(entry) == entry.text


def test_P2_a_view_keeps_the_data_of_a_deal_s_start_but_not_its_deck() -> None:
    game = play_match("classic", {}, 3, seed=7)
    view = game.view(0)
    starts = [record for record in view.log if isinstance(record.action, StartDeal)]
    assert starts and all(record.action.deck is None for record in starts)  # type: ignore[union-attr]
    assert [record_sentence(record) for record in starts] == [record.text for record in starts]


def test_P2_a_record_saved_without_data_shows_its_text() -> None:
    game = play_match("rummy500", {}, 2, seed=3)
    record = game.state.log[-1]
    old = ActionRecord.model_validate(record.model_dump(exclude={"facts"}))
    assert old.facts is None
    assert record_sentence(old) == record.text
    note = TakeBackNote(seat=0, deal_number=1, position=1, text="P0 took back: discard 7H")
    assert note.move is None and note_sentence(note) == note.text
