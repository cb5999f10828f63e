"""The evening's trial of own screens (``tests/own_screens_trial.py``, issue 30): its frame
check finds a hidden card where one is drawn, and the whole trial (a Rummy 500 deal on a
shared keyboard, a ``rummy join`` terminal and a phone-size browser tab, each screen killed or
reloaded once mid-turn) ends with no leak and no move lost."""

from __future__ import annotations

import shutil

import pytest

from rummy_tui.core import get_variant, new_game
from rummy_tui.ui.play.render import card_label
from tests.own_screens_trial import SETTINGS as TRIAL_SETTINGS
from tests.own_screens_trial import Frames, main, public_cards


def four_seats():  # type: ignore[no-untyped-def]
    return new_game(get_variant("rummy500"), ["Anna", "Bob", "Cy", "Dee"], seed=5, dealer=3)


def hidden_card_of(game, seat: int) -> str:  # type: ignore[no-untyped-def]
    public = public_cards(game)
    card = next(c for c in game.state.deal.hands[seat] if c not in public and c.suit is not None)
    return card_label(card, TRIAL_SETTINGS)


def test_a_frame_with_another_seats_hidden_card_is_a_leak() -> None:
    game = four_seats()
    frames = Frames()
    frames.keep("Bob", f"Bob's hand · {hidden_card_of(game, 1)}")  # his own: no leak
    frames.keep("Bob", f"the log: {hidden_card_of(game, 0)}")  # Anna's: a leak
    frames.keep("Dee", f"{hidden_card_of(game, 2)}")  # Cy's on Dee's tab: a leak
    frames.keep("shared", f"Anna's hand · {hidden_card_of(game, 0)}")  # Anna at the keyboard
    frames.keep("shared", f"Bob's hand · {hidden_card_of(game, 1)}")  # Bob plays elsewhere
    frames.check_turn(game, game)
    assert len(frames.leaks) == 3
    assert frames.checked == {"Bob": 2, "Dee": 1, "shared": 2}
    assert [leak.split(" (")[0].split("showed ")[1] for leak in frames.leaks] == [
        f"{hidden_card_of(game, 0)} of Anna's hand",
        f"{hidden_card_of(game, 2)} of Cy's hand",
        f"{hidden_card_of(game, 1)} of Bob's hand",
    ]


def test_a_public_card_is_no_leak() -> None:
    game = four_seats()
    top = game.view(-1).discard_pile[-1]
    frames = Frames()
    frames.keep("Dee", f"pile: {card_label(top, TRIAL_SETTINGS)}")
    frames.check_turn(game, game)
    assert frames.leaks == []


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("tmux") is None or shutil.which("chromium") is None,
    reason="the trial needs tmux and Chromium",
)
def test_the_evening_on_own_screens_loses_nothing_and_leaks_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main([])
    out = capsys.readouterr().out
    assert "leaks: 0" in out and "moves lost: 0" in out, out
    assert code == 0
    checked = int(out.split("frames checked: ")[1].split()[0])
    assert checked > 300, out
