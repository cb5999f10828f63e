"""Regressions found by playing the game in a real terminal (QA), one Pilot test per fix."""

from __future__ import annotations

from rummy_tui.core import Phase
from rummy_tui.ui.play.render import sort_cards
from tests.ui.helpers import (
    app_for,
    cursor_to,
    game_of,
    handoff_parts,
    pass_to,
    press,
    select,
    stacked_game,
    status_text,
    table,
)

BOB = "7H 8H 9H KS KD KC 2C 3C 5D JS"
ANNA = "10H AS 3S 5S 7S 9D 6C 8C QC 4H"


def classic_game():
    return stacked_game("classic", {0: ANNA, 1: BOB}, upcard="4C", stock="QD 6S 6D")


async def _bob_goes_out(pilot) -> None:
    """Bob melds three times, Anna throws the 10♥, Bob lays it off and goes out."""
    app = pilot.app
    await pass_to(pilot, "Bob")
    await press(pilot, "t")
    for meld in (("7H", "8H", "9H"), ("KS", "KD", "KC"), ("2C", "3C", "4C")):
        await select(pilot, *meld)
        await press(pilot, "m")
    await cursor_to(pilot, "JS")
    await press(pilot, "x")
    await pass_to(pilot, "Anna")
    await press(pilot, "d")
    await select(pilot, "10H")
    await press(pilot, "x")
    await pass_to(pilot, "Bob")
    await press(pilot, "t")
    await select(pilot, "10H")
    await press(pilot, "l")
    await press(pilot, "x")
    assert game_of(app).phase is Phase.DEAL_OVER


async def test_new_deal_starts_with_a_sorted_hand_and_no_new_card_marks() -> None:
    """Cards are the same objects from deal to deal: the hand order, selection and "new card"
    marks of deal 1 must not carry over into deal 2 (the hand showed unsorted, most cards
    marked • as just drawn)."""
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await _bob_goes_out(pilot)
        await press(pilot, "enter")
        await pass_to(pilot, "Anna")
        screen = table(app)
        assert screen.view.deal_number == 2
        state = screen.hand_state
        assert state is not None
        hand = list(screen.view.hand)
        assert state.order == sort_cards(hand, state.sort_mode)
        assert not state.fresh
        assert not state.selected
        assert state.cursor == 0


async def test_saved_hand_order_of_an_earlier_deal_is_not_restored() -> None:
    """A hand order kept in the save belongs to its deal; on resuming a later deal it is
    dropped, and a matching order is kept."""
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        game = game_of(app)
        anna = list(game.view(0).hand)
        mixed = list(reversed(anna))
        stale = [card.key for card in anna[:5]] + ["QH", "QS", "QD", "2S", "2D"]
        assert app.session is not None
        app.session.hands.clear()
        app.session.restore_extra(
            {"hand_order": {"0": [card.key for card in mixed], "1": stale, "7": ["QH"]}}
        )
        assert app.session.hands[0].order == mixed
        assert 1 not in app.session.hands and 7 not in app.session.hands


async def test_lay_off_refusal_with_several_melds_does_not_name_just_one() -> None:
    """With several melds on the table a card that fits none of them is refused with a
    sentence about all of them, not the first meld's reason alone."""
    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        for meld in (("7H", "8H", "9H"), ("KS", "KD", "KC")):
            await select(pilot, *meld)
            await press(pilot, "m")
        game = game_of(app)
        before = game.to_json()
        await select(pilot, "5D")
        await press(pilot, "l")
        text = status_text(app)
        assert "5♦ does not fit any meld on the table" in text
        assert "7♥" not in text
        assert game.to_json() == before


async def test_B3_go_out_refusal_names_only_the_cards_that_fit_nowhere() -> None:
    """Boathouse: pressing g with a hand that cannot go out named every card of the hand
    (melded ones too) and quoted a European rule; now it names the loose cards and B-3."""
    game = stacked_game(
        "boathouse", {1: "7H 8H 9H KS KD 2C 5C 9C 4D JD"}, upcard="10S", stock="QH 5S 6S"
    )
    app = app_for(game)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "d")
        before = game.to_json()
        await press(pilot, "g")
        text = status_text(app)
        assert text.startswith("You cannot go out yet: ")
        assert "7♥" not in text and "8♥" not in text and "9♥" not in text
        assert "only one card may be discarded (B-3)" in text
        assert "E-7" not in text
        assert game.to_json() == before


async def test_continue_with_a_computer_to_move_still_hands_off_to_the_person(tmp_path) -> None:
    """`rummy continue` of a match where a computer is to move: the computers play, then the
    person gets the hand-off before any hand is shown (it used to go straight to the hand)."""
    from rummy_tui.persistence import SaveStore
    from rummy_tui.ui.screens.table import Mode
    from rummy_tui.ui.shell.app import make_app
    from rummy_tui.ui.shell.settings import DisplaySettings
    from tests.ui.helpers import screen_text, settle, setup_for_game

    game = classic_game()  # Bob (seat 1) is to move: here a computer
    store = SaveStore(tmp_path)
    name = store.create(setup_for_game(game, {1: "easy"}), game)
    app = make_app(start="continue", data_dir=tmp_path, settings=DisplaySettings())
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert app.session is not None and app.session.saving.name == name
        assert game_of(app).current == 0
        assert type(app.screen).__name__ == "HandoffScreen"
        shown = screen_text(app)
        assert "Pass to Anna" in shown
        # The gate shows no card; below it, the public moves since Anna's last turn (P-2).
        assert not any(glyph in handoff_parts(shown)[0] for glyph in "♣♦♥♠")
        await pass_to(pilot, "Anna")
        assert table(app).mode is Mode.PLAY
        await press(pilot, "d")
        await cursor_to(pilot, "AS")
        await press(pilot, "x")
        await settle(pilot)
        # Afterwards Anna keeps the keyboard while the computer moves: no more hand-offs.
        assert game_of(app).current == 0
        assert type(app.screen).__name__ == "TableScreen"
        assert table(app).mode is Mode.PLAY


async def test_R13_partners_are_shown_at_the_table() -> None:
    """Rummy 500 with partnerships: the table said nothing about who plays with whom."""
    from rummy_tui.core import get_variant, new_game
    from tests.ui.helpers import screen_text

    rules = get_variant("rummy500", partnerships=True)
    game = new_game(rules, ["Anna", "Bob", "Cid", "Dora"], seed=3, dealer=3)
    app = app_for(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Anna")
        shown = screen_text(app)
        assert "Anna (you) · partner Cid" in shown
        assert "Bob · partner Dora" in shown
        assert "Dora [dealer] · partner Bob" in shown
