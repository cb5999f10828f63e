"""Whole deals of every variant with people and computer players mixed at one table, every
screen a person sees read as the deal goes.

Two people (Anna and Bob) play by keys the way a cautious beginner does: draw from the stock
and throw away the card under the cursor, answering any question with its first choice,
asking for a hint once each, and ending a Rummy 500 deal when the stock is gone (R-10). A
normal and a hard computer player sit between them. Each deal must reach the end-of-deal
screen, with hand-offs only to people, and no card is ever written as the engine's token
(``6H``, ``QS``, ``10D``) on any screen (issue 13): cards are written with suit glyphs
everywhere a person reads them; the tokens are for save files and tests.
"""

from __future__ import annotations

import re

import pytest

from rummy_tui.core import Phase, get_variant, new_game
from tests.ui.helpers import app_for, game_of, press, screen_text, settle

MAX_STEPS = 1500
PEOPLE = (0, 2)
RAW_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[CDHS](?![A-Za-z0-9])")


def raw_tokens(text: str) -> list[str]:
    """Engine card tokens in screen text.

    >>> raw_tokens("Bob discards 6H; the pile shows 6♥ and 10♣ (QS was taken)")
    ['6H', 'QS']
    """
    return RAW_TOKEN.findall(text)


@pytest.mark.parametrize("variant", ["classic", "boathouse", "double", "rummy500", "european"])
async def test_people_and_computers_play_a_whole_deal(variant: str) -> None:
    names = ["Anna", "Computer 2", "Bob", "Computer 4"]
    game = new_game(get_variant(variant), names, seed=21, dealer=3)
    app = app_for(game, bots={1: "normal", 3: "hard"})
    handoffs: list[str] = []
    moves = {seat: 0 for seat in PEOPLE}
    seen: dict[str, str] = {}
    hinted: set[int] = set()

    def read(where: str) -> str:
        text = screen_text(app)
        found = raw_tokens(text)
        assert not found, f"{variant}, {where}: {found} in\n{text}"
        seen[where] = text
        return text

    async with app.run_test(size=(100, 30)) as pilot:
        for step in range(MAX_STEPS):
            await settle(pilot)
            screen = type(app.screen).__name__
            played = game_of(app)
            if screen == "DealEndScreen":
                read("the end of the deal")
                break
            if screen == "HandoffScreen":
                handoffs.append(read(f"a hand-off (step {step})"))
                await press(pilot, "enter")
                continue
            if screen != "TableScreen":
                read(f"{screen} (step {step})")
                await press(pilot, "1")  # a question: its first choice
                continue
            if played.current not in PEOPLE:
                continue
            read(f"the table (step {step})")
            moves[played.current] += 1
            if played.current not in hinted and played.phase is Phase.PLAY:
                hinted.add(played.current)
                await press(pilot, "h")
                read(f"the hint (step {step})")
                await press(pilot, "escape")
            if played.phase is Phase.DRAW:
                kinds = {action.kind for action in played.legal_actions()}
                await press(
                    pilot, "d" if "draw_stock" in kinds else "e" if "end_deal" in kinds else "t"
                )
            elif played.phase is Phase.PLAY:
                await press(pilot, "x")
        assert type(app.screen).__name__ == "DealEndScreen", variant
        assert "the end of the deal" in seen, variant
        assert any(where.startswith("the hint") for where in seen)
        finished = game_of(app)
        assert finished.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        assert finished.state.results
        assert all(count >= 2 for count in moves.values())
        computer_moves = [record for record in finished.state.log if record.seat in (1, 3)]
        assert len(computer_moves) >= 4
        # a hand-off screen only ever passes the keyboard to a person
        assert handoffs
        assert all("Pass to Anna" in text or "Pass to Bob" in text for text in handoffs)
        assert not any("Pass to Computer" in text for text in handoffs)
