"""Make the README's table picture: ``assets/screenshot-table.svg`` and ``.png``.

Run from the project folder (needs ``rsvg-convert`` for the PNG)::

    python -m tests.ui.screenshot_table [--seed N] [--lang fi]

With ``--lang fi`` (or ``ru``) the table is shown in that language and saved as
``assets/screenshot-table-fi.svg`` and ``.png``.

Four people play Rummy 500 (computer moves of the normal level for everyone) until Anna, on a
later round, has drawn and melded or laid off and is about to discard: the moment the table
shows the most (melds of every player, a long log, the take-back key). The table is then shown
at 120x40 with two of her cards selected and saved as SVG, and the SVG is drawn as a PNG.

Two things about drawing the SVG with ``rsvg-convert`` (librsvg), which are the renderer's and
not the game's: it collapses the spaces at the start of a text run unless the SVG says
``xml:space="preserve"`` (so the SVG is written with it; browsers draw it the same either way),
and it ignores the ``textLength`` that fits each run to its cells, so with a fallback font
narrower than the 0.61 em cell Textual assumes (Fira Code is rarely installed; DejaVu Sans Mono
is 0.602 em) a long run of box lines ends short of its corner: a double border looks as if it
had a second right edge. The PNG is therefore drawn from a copy that names DejaVu Sans Mono and
adds the missing 0.16 px per character as letter spacing.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from rummy_tui.bots import make_bot
from rummy_tui.core import Discard, Game, GoOut, LayOffCard, Meld, Phase, get_variant, new_game
from rummy_tui.i18n import LANGUAGES, set_language
from tests.ui.helpers import NAMES, app_for, press, settle

ROOT = Path(__file__).resolve().parents[2]
SVG = ROOT / "assets" / "screenshot-table.svg"
SIZE = (120, 40)
PNG_FONT = "font-family: 'DejaVu Sans Mono', monospace;\n        letter-spacing: 0.16px;"
"""The font of the copy the PNG is drawn from: 20 px x (0.61 - 0.602) em per character."""


def busy_table(seed: int, players: int = 4) -> Game | None:
    """A Rummy 500 deal of ``players`` (four unless told) stopped just before Anna's discard,
    after she melded or laid off this turn, with at least four melds out and a long log; None
    if the deal of ``seed`` never gets there."""
    game = new_game(get_variant("rummy500"), list(NAMES[:players]), seed=seed, dealer=0)
    bots = [make_bot("normal", seed * 10 + seat) for seat in range(players)]
    played_this_turn = False
    while game.phase is not Phase.DEAL_OVER and game.phase is not Phase.MATCH_OVER:
        seat = game.current
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        if seat == 0:
            if isinstance(action, Meld | LayOffCard):
                played_this_turn = True
            if isinstance(action, Discard | GoOut):
                if (
                    played_this_turn
                    and len(game.state.deal.melds) >= 4
                    and len(game.state.log) >= 24
                    and len(game.view(0).hand) >= 5
                ):
                    return game
                played_this_turn = False
        game.apply(action, seat=seat)
    return None


async def shoot(game: Game, svg: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="rummy-shot-") as data_dir:
        await shoot_saved(game, svg, Path(data_dir))


async def shoot_saved(game: Game, svg: Path, data_dir: Path) -> None:
    app = app_for(game, data_dir, autosave=True)  # the top line says "saved", as in play
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        if type(app.screen).__name__ == "HandoffScreen":
            await press(pilot, "enter")
        await press(pilot, "home", "right", "space", "right", "space")
        await settle(pilot)
        app.save_screenshot(filename=svg.name, path=str(svg.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="the deal's seed (0: the first fit)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the table's language")
    options = parser.parse_args(argv)
    set_language(options.lang)
    target = SVG if options.lang == "en" else SVG.with_name(f"screenshot-table-{options.lang}.svg")
    seeds = [options.seed] if options.seed else range(1, 500)
    for seed in seeds:
        game = busy_table(seed)
        if game is not None:
            break
    else:
        raise SystemExit("no deal of those seeds reaches a busy table")
    asyncio.run(shoot(game, target))
    print(f"seed {seed}:", end=" ")
    finish_picture(target)
    return 0


def finish_picture(target: Path) -> None:
    """Mark the SVG at ``target`` to keep its spaces and draw it as a PNG beside it (with
    ``rsvg-convert``, when installed); print what was written."""
    svg = target.read_text("utf-8")
    if "xml:space" not in svg:
        svg = svg.replace("<svg ", '<svg xml:space="preserve" ', 1)
        target.write_text(svg, "utf-8")
    print(target)
    if shutil.which("rsvg-convert"):
        for_png = re.sub(r"font-family: Fira Code, monospace;", PNG_FONT, svg)
        subprocess.run(
            ["rsvg-convert", "-o", str(target.with_suffix(".png"))],
            input=for_png.encode("utf-8"),
            check=True,
        )
        print(target.with_suffix(".png"))


if __name__ == "__main__":
    raise SystemExit(main())
