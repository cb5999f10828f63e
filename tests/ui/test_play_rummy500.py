"""A whole Rummy 500 deal by keys: digging into the spread pile with its forced meld (R-5), a
declared lay-off (R-7), going out, the table-minus-hand score and the settlement (R-11, R-12)."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from rummy_tui.core import Card, Discard, DrawStock, Game, Phase, TakeDiscard
from tests.ui.helpers import (
    app_for,
    cursor_to,
    pass_to,
    press,
    screen_text,
    select,
    stacked_game,
    status_text,
)

BOB = "9D 10D JD QS QH QC QD KH KC 2C 3C 4C 6C"
ANNA = "7C 2H 4H 6H 8H 10H 2S 4S 6S 8S 10S AH 3S"


async def test_R5_R7_R11_R12_dig_declare_go_out_and_settle() -> None:
    game = stacked_game("rummy500", {0: ANNA, 1: BOB}, upcard="KS", stock="5C 9S 5D 5H")
    game.state.scores = [300, 480]  # this deal decides the match
    app = app_for(game)
    async with app.run_test(size=(110, 36)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert "Discard pile, spread" in screen_text(app)
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

        # The pile, bottom to top: K♠ 6♣ 7♣. Bob digs down to the K♠.
        await press(pilot, "t")
        assert type(app.screen).__name__ == "ChoiceScreen"
        question = screen_text(app)
        assert "down to which card" in question
        assert "could not be melded or laid off" in question  # the 7♣ alone: greyed, with why
        await press(pilot, "3")
        assert game.state.log[-1].action == TakeDiscard(count=3)
        assert str(game.state.deal.turn.must_use) == "KS"
        assert "Use the K♠ you took" in screen_text(app)

        before = game.to_json()
        await cursor_to(pilot, "5C")
        await press(pilot, "x")  # the K♠ must be used before the turn ends
        assert "deepest card you took" in status_text(app)
        assert game.to_json() == before

        await select(pilot, "KS", "KH", "KC")
        await press(pilot, "m")  # the forced meld
        assert game.state.deal.turn.must_use is None

        # Q♦ fits the diamond run and the queens: the player declares it.
        await select(pilot, "QD")
        await press(pilot, "l")
        assert type(app.screen).__name__ == "ChoiceScreen"
        assert "on which meld?" in screen_text(app)
        await press(pilot, "1")  # the run
        run = game.state.deal.melds[0]
        assert [str(placed.card) for placed in run.cards] == ["9D", "10D", "JD", "QD"]
        assert run.cards[-1].seat == 1

        await select(pilot, "2C", "3C", "4C", "5C", "6C", "7C")
        await press(pilot, "m")  # the last cards: Bob goes out

        assert game.phase is Phase.MATCH_OVER
        shown = screen_text(app)
        assert "on the table" in shown and "in hand" in shown
        assert "Bob wins the match!" in shown
        assert "Settlement" in shown
        owed = game.state.settlement[0]
        assert owed == game.state.scores[1] - game.state.scores[0] > 0
        assert f"Anna pays Bob {owed}" in shown


def card_of(game: Game, seat: int, token: str) -> Card:
    """The card ``token`` in ``seat``'s hand."""
    return next(card for card in game.state.deal.hands[seat] if str(card) == token)


def pile_with_three_unusable_depths() -> Game:
    """Bob to draw from the pile K♠ 9♠ 2♥ 9♥ 4♥ (bottom to top): the 4♥, the 9♥ and the 2♥
    are of no use to him, the 9♠ (with 9♥ 9♦) and the K♠ (with K♥ K♣) are."""
    game = stacked_game("rummy500", {0: ANNA, 1: BOB}, upcard="KS", stock="9S 5D 9H 7S 3D 10C")
    for seat, token in ((1, "9S"), (0, "2H"), (1, "9H"), (0, "4H")):
        game.apply(DrawStock())
        game.apply(Discard(card=card_of(game, seat, token)))
    return game


async def test_R5_dig_question_says_a_reason_shared_by_several_depths_once() -> None:
    """Issue 21: the long reason was written after each of three refused depths. Now each is
    greyed with a mark and the reason is said once under the list; picking one still says
    why, naming its card."""
    app = app_for(pile_with_three_unusable_depths())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        await press(pilot, "t")
        assert type(app.screen).__name__ == "ChoiceScreen"
        rows = app.screen.query_one(OptionList)
        labels = [str(rows.get_option_at_index(n).prompt) for n in range(rows.option_count)]
        notes = [str(note.content) for note in app.screen.query("#choice-note").results(Static)]
        said = " ".join([*labels, *notes])
        assert said.count("could not be melded or laid off") == 1, said
        assert [label.endswith(" *") for label in labels] == [True, True, True, False, False]
        assert "(R-5)" in notes[0]
        refused = [choice for choice in app.screen.choices if choice.reason]  # type: ignore[attr-defined]
        assert [choice.value for choice in refused] == [1, 2, 3]
        await press(pilot, "2")  # a refused depth: nothing taken, the reason said in full
        assert type(app.screen).__name__ == "ChoiceScreen"
        said = [notice.message for notice in app._notifications]
        assert any("9♥ could not be melded" in message for message in said), said
        await press(pilot, "4")
        assert app.session is not None
        assert app.session.game.state.log[-1].action == TakeDiscard(count=4)
