"""The player to act is always in view on the players panel (issue 21, item 13).

At 80x24 twelve seats fill the panel, and with long names (the computers here are named as
the Finnish and Russian default names once were, at the name limit) the seats' lines wrap: the
panel scrolls so the ``▶`` line is on view whichever seat is to act, first, in the middle or
last.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.core import Game, Phase, get_variant, new_game
from rummy_tui.core.game import MAX_NAME_LENGTH
from rummy_tui.i18n import set_language
from rummy_tui.match.setup import BOT_LEVELS
from rummy_tui.ui.widgets.players import PlayerBox, PlayersPanel
from tests.ui.helpers import app_for, press, screen_lines, settle, table
from tests.ui.test_twelve_at_80x24 import SIZE, play_until

PEOPLE = {0: "Anna", 5: "Finn", 11: "Bob"}
"""The people at the table; every other seat is a computer with a long name."""
OLD_DEFAULT_NAMES = {
    "en": ("Computer {number} ({level})", {"easy": "easy", "normal": "normal", "hard": "hard"}),
    "fi": (
        "Tietokone {number} ({level})",
        {"easy": "helppo", "normal": "tavallinen", "hard": "vaikea"},
    ),
    "ru": (
        "Компьютер {number} ({level})",
        {"easy": "лёгкий", "normal": "средний", "hard": "сильный"},
    ),
}
"""The computers' names: the default names as they were before they were shortened to fit the
menu (cut at the core's limit), long enough to wrap."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def crowded_table(seat_to_act: int, language: str) -> tuple[Game, dict[int, str]]:
    """Twelve seats of European Rummy, played by computers until ``seat_to_act`` (a person)
    is to draw, after every other seat has played once."""
    names, bots = [], {}
    for seat in range(12):
        if seat in PEOPLE:
            names.append(PEOPLE[seat])
        else:
            kind = BOT_LEVELS[seat % 3]
            template, levels = OLD_DEFAULT_NAMES[language]
            name = template.format(number=seat + 1, level=levels[kind.value])
            names.append(name[:MAX_NAME_LENGTH])
            bots[seat] = kind.value
    game = new_game(get_variant("european"), names, seed=3)

    def there(game: Game) -> bool:
        return game.current == seat_to_act and game.phase is Phase.DRAW and len(game.state.log) > 12

    return play_until(game, there), bots


def marked_lines(app) -> list[str]:  # type: ignore[no-untyped-def]
    """The lines of the players panel as they are on the screen (only the visible part)."""
    panel = table(app).query_one(PlayersPanel)
    visible = panel.scrollable_content_region
    return [
        line[visible.x : visible.right] for line in screen_lines(app)[visible.y : visible.bottom]
    ]


@pytest.mark.parametrize("seat", sorted(PEOPLE))
@pytest.mark.parametrize("language", ["en", "fi", "ru"])
async def test_the_player_to_act_is_in_view_at_80x24_with_twelve(language: str, seat: int) -> None:
    set_language(language)
    game, bots = crowded_table(seat, language)
    app = app_for(game, bots=bots)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await press(pilot, "enter")  # the hand-off: the player to act takes the keyboard
        await settle(pilot)
        panel = table(app).query_one(PlayersPanel)
        if language != "en":
            assert panel.max_scroll_y > 0, "the table fits: no test of scrolling"
        box = table(app).query_one(f"#seat-{seat}", PlayerBox)
        visible = panel.scrollable_content_region
        assert visible.y <= box.region.y and box.region.bottom <= visible.bottom
        shown = marked_lines(app)
        assert any(line.lstrip().startswith(f"▶ {PEOPLE[seat]}") for line in shown), shown
