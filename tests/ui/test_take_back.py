"""Taking back moves at the table with ``u`` (P-4), played by keys as a person would."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.core import Game, Phase, TakeDiscard
from rummy_tui.i18n.log_lines import entry_sentence
from rummy_tui.persistence import SaveStore
from rummy_tui.ui.screens.handoff import HandoffScreen
from rummy_tui.ui.screens.table import Mode
from rummy_tui.ui.shell.app import make_app
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import (
    app_for,
    cursor_to,
    game_of,
    handoff_parts,
    pass_to,
    press,
    screen_text,
    select,
    settle,
    setup_for_game,
    stacked_game,
    status_text,
    table,
)

BOB = "7H 8H 9H KS KD KC 2C 3C 5D JS"
ANNA = "10H AS 3S 5S 7S 9D 6C 8C QC 4H"


def classic_game():
    return stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")


def log_on_screen(app) -> str:
    """The log panel's text as drawn."""
    return str(table(app).query_one("#log-text").render())


def footer_offers_take_back(app) -> bool:
    """Whether the footer shows ``u Take back``."""
    from rummy_tui.ui.widgets.keybar import KeyBar

    bar = app.screen.query_one(KeyBar)
    return any(action == "take_back" for *_rest, action in bar._items)


async def test_P4_classic_meld_and_pile_take_taken_back_newest_first() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        fresh = game.to_json()
        assert not footer_offers_take_back(app)  # nothing played yet
        await press(pilot, "t")  # take the 4♣
        untaken = game.to_json()
        assert footer_offers_take_back(app)
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        assert len(game.state.deal.melds) == 1

        await press(pilot, "u")
        assert game.state.deal.melds == []
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        shown = log_on_screen(app)
        assert "Bob took back: meld 7♥ 8♥ 9♥" in shown
        assert "7H" not in shown and "7H" not in screen_text(app)
        # One take-back line (issue 30): in the log, not again under the hand.
        assert screen_text(app).count("Bob took back") == 1
        # The cards back in the hand are not marked as new this turn; the 4♣ taken still is.
        marked = table(app).hand_state.fresh  # type: ignore[union-attr]
        assert sorted(str(card) for card in marked) == ["4C"]
        assert [entry_sentence(note) for note in game.state.take_back_notes] == [
            "Bob took back: meld 7H 8H 9H"
        ]
        # The game is what it was before the meld (the note apart).
        assert game.state.model_dump(exclude={"take_back_notes"}) == type(game).from_json(
            untaken
        ).state.model_dump(exclude={"take_back_notes"})

        await press(pilot, "u")  # press again: the pile take before it
        assert game.phase is Phase.DRAW
        assert str(game.state.deal.discard[-1]) == "4C"
        assert game.state.model_dump(exclude={"take_back_notes"}) == type(game).from_json(
            fresh
        ).state.model_dump(exclude={"take_back_notes"})
        assert not footer_offers_take_back(app)
        before = game.to_json()
        await press(pilot, "u")  # nothing of this turn is left: the core's refusal
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before


async def test_P4_stock_draw_never_taken_back_footer_hides_u() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        await press(pilot, "d")
        assert not footer_offers_take_back(app)
        assert "Take back" not in screen_text(app)
        before = game.to_json()
        await press(pilot, "u")
        assert "drew from the stock was hidden" in status_text(app)
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before


async def test_P4_discard_taken_back_from_the_hand_off() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        game = game_of(app)
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert type(app.screen).__name__ == "HandoffScreen"
        assert footer_offers_take_back(app)
        await press(pilot, "u")
        # The gate for Bob comes first (P-1): nothing is taken back before his Enter.
        assert type(app.screen).__name__ == "TakeBackGate"
        assert game.current == 0
        await pass_to(pilot, "Bob")
        assert app.screen is table(app)
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        assert game.current == 1 and game.phase is Phase.PLAY
        assert any(str(card) == "JS" for card in game.state.deal.hands[1])
        assert "Bob took back: discard J♠" in log_on_screen(app)
        # Discard again and let Anna sit down: the window has closed.
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        assert not footer_offers_take_back(app)
        await press(pilot, "u")
        assert "(P-4)" in status_text(app)


async def test_P4_double_rum_joker_move_and_meld_taken_back() -> None:
    game = stacked_game(
        "double", {1: "5H 6H JK 7H QS QD QC 9C 10C JC"}, upcard="2S", stock="3D 8S 8D"
    )
    app = app_for(game)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "5H", "6H", "JK")
        await press(pilot, "m")
        await press(pilot, "1")  # the joker stands for 7♥
        await select(pilot, "7H")
        await press(pilot, "l")  # the natural 7♥ moves the joker to the low end (D-6)
        assert game.state.deal.melds[0].cards[0].moved

        await press(pilot, "u")
        run = game.state.deal.melds[0]
        assert [str(placed.face) for placed in run.cards] == ["5H", "6H", "7H"]
        assert not any(placed.moved for placed in run.cards)
        assert any(str(card) == "7H" for card in game.state.deal.hands[1])
        assert "Bob took back: lay-off of 7♥ on meld 1" in log_on_screen(app)
        assert "JK=7♥" in screen_text(app).replace(" ", "")

        await press(pilot, "u")
        assert game.state.deal.melds == []
        assert "Bob took back: meld 5♥ 6♥ JK" in log_on_screen(app)
        assert not footer_offers_take_back(app)  # next is the stock draw: hidden
        await press(pilot, "u")
        assert "hidden" in status_text(app) and "(P-4)" in status_text(app)


RUMMY500_BOB = "9D 10D JD QS QH QC QD KH KC 2C 3C 4C 6C"
RUMMY500_ANNA = "7C 2H 4H 6H 8H 10H 2S 4S 6S 8S 10S AH 3S"


async def test_P4_rummy500_dig_with_its_duty_and_a_lay_off_taken_back() -> None:
    game = stacked_game(
        "rummy500", {0: RUMMY500_ANNA, 1: RUMMY500_BOB}, upcard="KS", stock="5C 9S 5D 5H"
    )
    app = app_for(game)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        await select(pilot, "9D", "10D", "JD")
        await press(pilot, "m")
        await select(pilot, "QS", "QH", "QC")
        await press(pilot, "m")
        await cursor_to(pilot, "6C")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        await press(pilot, "d")
        await select(pilot, "7C")
        await press(pilot, "x")
        await pass_to(pilot, "Bob")

        before_dig = game.state.model_dump(exclude={"take_back_notes"})
        await press(pilot, "t")
        await press(pilot, "3")  # down to the K♠: it must be used this turn
        assert str(game.state.deal.turn.must_use) == "KS"
        await select(pilot, "KS", "KH", "KC")
        await press(pilot, "m")  # the forced meld
        await select(pilot, "QD")
        await press(pilot, "l")
        await press(pilot, "1")  # declared to the diamond run
        assert len(game.state.deal.melds[0].cards) == 4

        await press(pilot, "u")  # the lay-off, with its declaration
        assert len(game.state.deal.melds[0].cards) == 3
        await press(pilot, "u")  # the forced meld: the duty is back
        assert str(game.state.deal.turn.must_use) == "KS"
        assert "Use the K♠ you took" in screen_text(app)
        await press(pilot, "u")  # the dig itself
        assert game.phase is Phase.DRAW
        assert game.state.deal.turn.must_use is None
        assert [str(card) for card in game.state.deal.discard] == ["KS", "6C", "7C"]
        assert game.state.model_dump(exclude={"take_back_notes"}) == before_dig
        log = log_on_screen(app)
        assert "Bob took back: taking 3 cards from the discard pile" in log
        assert "Bob took back: meld K♠ K♥ K♣" in log


async def test_P4_european_pile_take_taken_back_and_boathouse_draw_refused() -> None:
    european = stacked_game("european", {}, upcard="5D")
    app = app_for(european)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        fresh = european.state.model_dump(exclude={"take_back_notes"})
        await press(pilot, "t")
        assert european.phase is Phase.PLAY
        await press(pilot, "u")
        assert european.state.model_dump(exclude={"take_back_notes"}) == fresh
        assert "Bob took back: taking the top card of the discard pile" in log_on_screen(app)

    boathouse = stacked_game("boathouse", {}, upcard="5D")
    app = app_for(boathouse)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")  # the discard and a hidden stock card (B-1)
        assert boathouse.phase is Phase.PLAY
        assert not footer_offers_take_back(app)
        before = boathouse.to_json()
        await press(pilot, "u")
        assert "hidden" in status_text(app) and "(P-4)" in status_text(app)
        assert boathouse.to_json() == before


async def test_P4_resumed_from_disk_after_a_take_back_equals_a_match_without_the_move(
    tmp_path: Path,
) -> None:
    game = classic_game()
    never = Game.from_json(game.to_json())
    never.apply(TakeDiscard())  # the same match, where the meld was never made
    app = make_app(
        setup=setup_for_game(game), game=game, data_dir=tmp_path, settings=DisplaySettings()
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None
        name = app.session.saving.name
        assert name is not None
        await press(pilot, "t")
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        await press(pilot, "u")
        assert "· saved" in screen_text(app)

    _setup, saved, extra = SaveStore(tmp_path).load(name)
    assert "take_back_notes" not in extra  # the save keeps the notes itself (format 2)
    assert [entry_sentence(note) for note in saved.state.take_back_notes] == [
        "Bob took back: meld 7H 8H 9H"
    ]
    assert saved.state.model_dump(exclude={"take_back_notes"}) == never.state.model_dump(
        exclude={"take_back_notes"}
    )

    resumed = make_app(start="load", save_name=name, data_dir=tmp_path, settings=DisplaySettings())
    async with resumed.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        again = game_of(resumed)
        assert again.state.model_dump(exclude={"take_back_notes"}) == never.state.model_dump(
            exclude={"take_back_notes"}
        )
        # The public note came back with the save.
        assert [entry_sentence(note) for note in again.state.take_back_notes] == [
            "Bob took back: meld 7H 8H 9H"
        ]
        assert "Bob took back: meld 7♥ 8♥ 9♥" in log_on_screen(resumed)
        # Playing on from the resumed match works like the original would.
        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        assert len(again.state.deal.melds) == 1


async def test_P4_take_backs_off_footer_hides_u_and_u_names_the_option() -> None:
    game = classic_game()
    game.state.take_backs_on = False  # as MatchSetup(take_backs=False).start() deals it
    app = app_for(game, take_backs=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        assert not footer_offers_take_back(app)
        before = game.to_json()
        await press(pilot, "u")
        assert "Take-backs are off" in status_text(app) and "(P-4)" in status_text(app)
        assert game.to_json() == before
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert type(app.screen).__name__ == "HandoffScreen"
        assert not footer_offers_take_back(app)
        await press(pilot, "u")
        assert type(app.screen).__name__ == "HandoffScreen"
        assert game.current == 0


async def test_P4_computers_never_take_back_nor_is_their_move_offered() -> None:
    game = classic_game()
    app = app_for(game, bots={0: "easy"})
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")  # the computer moves at once (pace 0), then Bob again
        from tests.ui.helpers import settle

        await settle(pilot)
        assert game.current == 1 and table(app).view.seat == 1
        assert not footer_offers_take_back(app)  # the newest moves are the computer's
        before = game.to_json()
        await press(pilot, "u")
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before
        assert game.state.take_back_notes == []


async def test_P4_discard_taken_back_while_the_next_computer_still_thinks() -> None:
    game = classic_game()
    app = app_for(game, bots={0: "easy"}, bot_delay=5.0)  # the computer waits
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert game.current == 0  # the computer's turn: Bob watches his hand
        assert table(app).mode is Mode.WATCH
        assert footer_offers_take_back(app)
        await press(pilot, "u")
        assert game.current == 1 and game.phase is Phase.PLAY
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        assert any(str(card) == "JS" for card in game.state.deal.hands[1])
        # The computer's pending choice was dropped: nothing more happens until Bob moves.
        await pilot.pause()
        assert game.current == 1 and len(game.state.take_back_notes) == 1


def two_people_and_a_computer() -> Game:
    """Anna deals; Bob (a person) plays first, then Cid (a computer), then Anna (a person)."""
    return stacked_game(
        "classic",
        {0: "AS 3D 5C 7S 9D JC KH", 1: "7H 8H 9H KS KD KC JS", 2: "2S 4D 6C 8S 10D QC AH"},
        upcard="10H",
        stock="QD 6S 2D 4C",
        players=3,
        dealer=0,
    )


async def test_P4_a_discard_before_a_computer_can_be_taken_back_like_any_other() -> None:
    """With two people the keyboard is passed on before a computer moves: the hand-off to the
    next person (Anna) comes at once and offers Bob his discard back, as when a person sits
    next; once Anna is at the keyboard the computer plays while she watches her own hand."""
    game = two_people_and_a_computer()
    app = app_for(game, bots={2: "easy"})
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await settle(pilot)
        # The computer waits: the hand-off to Anna, who plays after it, comes first.
        assert isinstance(app.screen, HandoffScreen) and app.screen.player_name == "Anna"
        assert game.current == 2 and not [r for r in game.state.log if r.seat == 2]
        shown = screen_text(app)
        assert "Bob may still press u to take back the discard." in shown
        assert "Cid to play" in shown  # the hand-off's line says who moves now
        _gate, summary = handoff_parts(shown)
        assert "Bob discards J♠." in summary
        # What happened so far, then what comes next.
        assert summary.index("Bob discards J♠.") < summary.index(
            "Next a computer player takes its turn; you see your hand meanwhile, then you play."
        )
        assert footer_offers_take_back(app)

        await press(pilot, "u")
        await pass_to(pilot, "Bob")  # the gate for Bob (P-1)
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 1
        assert game.current == 1 and any(str(c) == "JS" for c in game.state.deal.hands[1])
        assert "Bob took back: discard J♠" in log_on_screen(app)

        await press(pilot, "x")  # the J♠ again (the cursor stands on it)
        await settle(pilot)
        await pass_to(pilot, "Anna")
        await settle(pilot)
        # The computer played while Anna watched; now it is her turn, with no other hand-off.
        assert [r for r in game.state.log if r.seat == 2]
        assert game.current == 0
        assert app.screen is table(app)
        assert table(app).mode is Mode.PLAY and table(app).view.seat == 0


async def test_P4_the_next_person_watches_their_own_hand_while_the_computer_thinks() -> None:
    game = two_people_and_a_computer()
    app = app_for(game, bots={2: "easy"}, bot_delay=5.0)
    async with app.run_test(size=(110, 34)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        await pass_to(pilot, "Anna")
        assert game.current == 2
        assert table(app).mode is Mode.WATCH and table(app).view.seat == 0
        assert "Anna's hand" in screen_text(app)
        # Bob's right ended with Anna's Enter: u is refused, and nothing changes.
        before = game.to_json()
        await press(pilot, "u")
        assert "(P-4)" in status_text(app)
        assert game.to_json() == before


async def test_P4_the_cursor_stands_on_the_card_taken_back() -> None:
    game = stacked_game(
        "classic",
        {0: "QH AS 3S 5S 7S 9D 6C 8C QC 4H", 1: "7H 8H 9H 10H KD KC 2C 3C 5D JS"},
        upcard="4C",
        stock="QD 6S 6D",
    )
    # Bob alone with a computer that thinks a while: u while he watches takes the discard back.
    app = app_for(game, bots={0: "easy"}, bot_delay=5.0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        await cursor_to(pilot, "JS")
        await press(pilot, "x")
        assert table(app).mode is Mode.WATCH
        await press(pilot, "u")
        state = table(app).hand_state
        assert state is not None and str(state.order[state.cursor]) == "JS"
        await press(pilot, "x")  # a second x throws the card that came back, nothing else
        assert str(game.state.deal.discard[-1]) == "JS"
        await press(pilot, "u")

        await select(pilot, "7H", "8H", "9H")
        await press(pilot, "m")
        await cursor_to(pilot, "10H")
        await press(pilot, "l")  # laid off on the heart run
        await cursor_to(pilot, "KD")
        await press(pilot, "u")  # the lay-off: the cursor goes to the 10♥
        state = table(app).hand_state
        assert state is not None and str(state.order[state.cursor]) == "10H"
        await press(pilot, "u")  # the meld: the cursor on one of its cards
        state = table(app).hand_state
        assert state is not None and str(state.order[state.cursor]) in ("7H", "8H", "9H")
        assert not state.selected


async def test_P4_one_take_back_checks_the_core_once_and_replays_the_deal_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The session's take-back asks the core's one refusal once and replays the deal once,
        until the move is taken back and saved (the table shown next asks the core afresh what
    may be done then)."""
    from rummy_tui.core import takeback

    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        session = app.session
        assert session is not None and session.keyboard_seat == 1
        asked: list[int | None] = []
        replays: list[int] = []
        real_refusal = takeback.take_back_refusal
        real_replay = takeback.replay_without_newest

        def refusal(state: object, seat: int | None = None) -> object:
            asked.append(seat)
            return real_refusal(state, seat)  # type: ignore[arg-type]

        def replay(state: object) -> object:
            replays.append(1)
            return real_replay(state)  # type: ignore[arg-type]

        at_moved: list[tuple[int, int]] = []
        real_moved = session.moved

        def moved(*arguments: object, **keywords: object) -> object:
            at_moved.append((len(asked), len(replays)))
            return real_moved(*arguments, **keywords)  # type: ignore[arg-type]

        monkeypatch.setattr(takeback, "take_back_refusal", refusal)
        monkeypatch.setattr(takeback, "replay_without_newest", replay)
        monkeypatch.setattr(session, "moved", moved)
        session.take_back()
        counted = at_moved[0] if at_moved else (len(asked), len(replays))
        monkeypatch.undo()

        assert game_of(app).phase is Phase.DRAW  # the take is undone
        assert counted == (1, 1)
