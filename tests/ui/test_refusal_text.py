"""G-10 on the table: every refusal the engine can give, written by the one function the table
uses, draws its cards as the table does (suit glyphs, ``JK=2♦``), never as tokens (``6H``)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from rummy_tui.core import IllegalAction, LayOffCard
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.ui.play.refusal_text import refusal_text
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.core.helpers import c, position, table_meld
from tests.core.test_refusals import CASES, UI_ONLY

TOKEN = re.compile(r"(?<![\w=])(10|[2-9AJQK])[CDHS](?!\w)")
GLYPH = re.compile(r"[♣♦♥♠]")


def caught(build: Callable[[], Callable[[], None]]) -> IllegalAction:
    attempt = build()
    with pytest.raises(IllegalAction) as raised:
        attempt()
    return raised.value


@pytest.mark.parametrize(("code", "rule", "build"), CASES, ids=[f"{c} {r}" for c, r, _ in CASES])
def test_G10_every_refusal_is_shown_with_glyphs(
    code: str, rule: str, build: Callable[[], Callable[[], None]]
) -> None:
    error = caught(build)
    shown = refusal_text(error, DisplaySettings())
    assert not TOKEN.search(shown), shown
    assert rule.split(", ")[0] in shown
    if any(card.suit is not None for card in error.cards) or error.meld:
        assert GLYPH.search(shown), shown
    # The catalog's words differ only in how cards are written.
    if not error.cards and not error.meld:
        assert shown == refusal_sentence(error)


def test_G10_the_interfaces_own_codes_are_shown_with_glyphs() -> None:
    for code in sorted(UI_ONLY):
        shown = refusal_text(IllegalAction(code, "C-2", cards=(c("6H"),)), DisplaySettings())
        assert not TOKEN.search(shown), shown
        if code == "layoff.fits_nowhere":
            assert "6♥" in shown


def test_a_placed_joker_is_written_as_on_the_table() -> None:
    run = table_meld("double", "AD JK 3D 4D", "AD 2D 3D 4D")
    game = position("double", "9S 2C", melds=(run,))
    with pytest.raises(IllegalAction) as raised:
        game.verify(LayOffCard(card=c("9S"), meld_id=1))
    shown = refusal_text(raised.value, DisplaySettings())
    assert shown == "9♠ does not fit the meld A♦ JK=2♦ 3♦ 4♦ (C-2)."


async def test_the_table_passes_the_refusal_itself_and_shows_it_with_glyphs() -> None:
    from rummy_tui.core import Discard
    from rummy_tui.ui.play.session import Source
    from tests.ui.helpers import app_for, game_of, pass_to, status_text, table
    from tests.ui.test_play_classic import classic_game

    app = app_for(classic_game())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await pass_to(pilot, "Bob")
        assert app.session is not None
        session = app.session  # the session has it written with the table's cards
        card = game_of(app).state.deal.hands[1][0]
        outcome = session.act(Discard(card=card), Source.PERSON)  # before drawing: refused
        assert outcome.error is not None and outcome.error.code
        assert not TOKEN.search(outcome.reason or "") and outcome.reason
        table(app).refused(outcome.reason or "")
        await pilot.pause()
        assert outcome.reason in status_text(app)
