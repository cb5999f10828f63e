"""The wrong or raw text of issue 13, each with the behaviour that fixes it."""

from __future__ import annotations

import doctest
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

import rummy_tui.persistence.names as names_module
import rummy_tui.ui.play.render as render_module
import rummy_tui.ui.play.rule_words as rules_help_module
import rummy_tui.ui.play.table_text as table_text_module
from rummy_tui.bots.hints import hint
from rummy_tui.core import DrawStock, Phase, get_variant, new_game, parse_cards
from rummy_tui.core.offers import drawn_cards
from rummy_tui.core.scoring import _score_chips
from rummy_tui.core.state import DealEnding
from rummy_tui.i18n.deal_words import score_line_words
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence import SaveStore, check_new_name
from rummy_tui.persistence.names import match_save_name
from rummy_tui.ui.play.render import pairs_text
from rummy_tui.ui.play.rule_words import option_help, options_markdown
from rummy_tui.ui.screens.deal_end import result_text
from rummy_tui.ui.shell.settings import DisplaySettings
from tests.ui.helpers import app_for, screen_text, stacked_game
from tests.ui.test_play_classic import classic_game
from tests.ui.test_play_double import BOB as DOUBLE_BOB
from tests.ui.test_snapshots import classic_deal_to_end


def test_doctests_of_the_new_helpers() -> None:
    for module in (table_text_module, names_module, render_module, rules_help_module):
        assert doctest.testmod(module).failed == 0


def test_hint_writes_a_joker_as_the_table_does() -> None:
    game = stacked_game("double", {1: DOUBLE_BOB}, upcard="2S", stock="3D 8S 8D")
    game.apply(DrawStock())
    view = game.view(1)
    found = hint(view, game.legal_actions())
    wild = [
        reading for reading in found.arrangement.readings if any(c.is_joker for c in reading.cards)
    ]
    assert wild, "the joker belongs in a meld of this hand"
    shown = pairs_text(wild[0].placed, DisplaySettings()).plain
    assert "JK=" in shown  # never the face alone: the hand holds no such card
    assert any("JK=" in line for line in found.lines())


def test_option_help_never_shows_pythons_none() -> None:
    for variant in ("classic", "boathouse", "double", "rummy500", "european"):
        rules = get_variant(variant)
        assert "None" not in options_markdown(rules)
        for spec in rules.options:
            assert "None" not in option_help(rules, spec.field, spec.help or "")


def test_chips_are_collected_from_the_other_player_not_from_each_of_1() -> None:
    game = new_game(get_variant("european"), ["Anna", "Bob"], seed=5)

    result = _score_chips(game.rules, game.state.deal, 2, 0)
    said = score_line_words(game.rules, result, result.lines[0])
    assert "from the other player" in said
    assert "each of" not in said


async def test_classic_end_of_deal_shows_what_the_winner_laid_down() -> None:
    app = app_for(classic_game())
    async with app.run_test(size=(100, 30)) as pilot:
        await classic_deal_to_end(pilot)
        assert type(app.screen).__name__ == "DealEndScreen"
        shown = screen_text(app)
        winner = shown.split("went out and collects")[1].split("Anna")[0]  # Bob's, listed first
        assert "on the table:" in winner
        assert "7♥8♥9♥10♥" in winner  # (the screen text runs card tiles together)


def test_drawn_card_mark_survives_save_and_continue(tmp_path: Path) -> None:
    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=11)
    seat = game.current
    before = set(game.state.deal.hands[seat])
    game.apply(DrawStock())
    drawn = set(game.state.deal.hands[seat]) - before
    assert game.phase is Phase.PLAY and set(drawn_cards(game)) == drawn

    setup = MatchSetup(
        rules=game.rules, seats=(Seat(name="Anna"), Seat(name="Bob")), seed=game.state.seed
    )
    store = SaveStore(tmp_path)
    name = store.create(setup, game)
    _, resumed, _ = SaveStore(tmp_path).load(name)
    assert set(drawn_cards(resumed)) == drawn  # what `rummy continue` gets back


def test_automatic_save_names_are_readable() -> None:
    players = ["Anna", "Bob"] + [f"Computer {n} (easy)" for n in range(3, 13)]
    name = match_save_name("European Rummy", players, datetime(2026, 11, 30, 17, 56))
    assert name == "European Rummy - Anna, Bob +10 - 30 Nov 17h56"
    assert check_new_name(name) == name
    long = match_save_name("Classic Rummy", ["A" * 24, "B" * 24], datetime(2026, 1, 2, 9, 5))
    assert check_new_name(long + " (2)") == long + " (2)"


def test_result_text_draws_the_cards_of_an_explanation() -> None:
    game = stacked_game("boathouse", {}, upcard="2S")
    result = SimpleNamespace(
        deal_number=1,
        ending=DealEnding(code="went_out", seat=0),
        payment=None,
        dead=False,
        rummy=False,
        winner=0,
        lines=(
            SimpleNamespace(seat=0, change=5, hand=(), hand_points=0, table_points=0),
            SimpleNamespace(
                seat=1,
                change=-5,
                hand=tuple(parse_cards("KD 10S")),
                hand_points=5,
                table_points=0,
            ),
        ),
    )
    shown = result_text(game.view(-1), result, DisplaySettings()).plain  # type: ignore[arg-type]
    assert "K♦ 10♠" in shown and "KD" not in shown


def test_the_hint_shows_the_reason_as_the_computer_player_gave_it() -> None:
    """The reason says why and the suggested move is written from the action: the hint screen
    shows the reason whole and reads nothing out of it (a colon inside is kept)."""
    from rummy_tui.bots.hints import Hint
    from rummy_tui.ui.play.render import log_text
    from rummy_tui.ui.screens.prompt import hint_text

    game = new_game(get_variant("classic"), ["Anna", "Bob"], seed=3)
    while game.phase is not Phase.DRAW:
        game.apply(game.legal_actions()[0])
    found = hint(game.view(game.current), game.legal_actions())
    assert found.action is not None and found.reason
    shown = hint_text(found, DisplaySettings()).plain
    assert log_text(found.reason, DisplaySettings()).plain in shown  # cards drawn as cards
    from rummy_tui.bots.reasons import Reason

    two_parts = Reason("hold_melds", n=3, inner=Reason("no_partner"))  # "...for now: nobody..."
    odd = Hint(found.arrangement, found.cost, found.cost_text, found.action, two_parts)
    assert ": " in two_parts.text() and two_parts.text() in hint_text(odd, DisplaySettings()).plain


def test_a_long_line_of_the_deal_end_wraps_under_itself_not_at_the_edge() -> None:
    """At 80 columns a European payment line ("collects 10 from each of the 2 others (10
    chips: ...)") is longer than the screen: its continuation starts indented, under the line,
    and a hand or table line continues further in than its label."""
    from itertools import pairwise

    from rich.console import Console, Group

    from rummy_tui.bots import make_bot
    from rummy_tui.ui.play.render import Hanging
    from rummy_tui.ui.screens.deal_end import result_lines

    game = new_game(get_variant("european"), ["Anna", "Bob", "Computer 3 (normal)"], seed=1)
    bot = make_bot("normal", seed=1)
    while not game.state.results:
        game.apply(bot.choose(game.view(game.current), game.legal_actions()))
    result = game.state.results[-1]
    lines = result_lines(game.view(-1), result, DisplaySettings())
    console = Console(width=76, record=True)
    console.print(Group(*(Hanging(text, indent) for text, indent in lines)))
    shown = console.export_text().splitlines()
    starts = [line.plain.split(" ", 1)[0] for line, indent in lines if indent == 3]
    wrapped = 0
    for row, following in pairwise(shown):
        if row.startswith(tuple(starts)) and following and not following.startswith("   "):
            raise AssertionError(f"continued at the edge: {following!r}")
        if (
            row.startswith(tuple(starts))
            and following.startswith("   ")
            and not (following.strip().startswith(("on the table:", "hand:")))
        ):
            wrapped += 1
    assert wrapped  # the payment line did wrap at this width
