"""Make the README's replay picture: ``assets/screenshot-replay.svg`` and ``.png``.

Run from the project folder (needs ``rsvg-convert`` for the PNG)::

    python -m tests.ui.screenshot_replay [--seed N] [--step K] [--lang fi]

A four-player Rummy 500 match (Anna and Bob people, played by the easy computer; Cy and Dee
normal computers) is played to its end and saved in a fresh data folder, then opened with
the replay at deal 1, ``--step`` moves in (40 unless told), and shown at 120x40. The PNG is
drawn as the table's picture is (see :mod:`tests.ui.screenshot_table`).
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from rummy_tui.i18n import LANGUAGES, set_language
from rummy_tui.ui.shell.app import make_app
from tests.replay.saved import save_match
from tests.ui.helpers import settle
from tests.ui.screenshot_table import ROOT, SIZE, finish_picture

SVG = ROOT / "assets" / "screenshot-replay.svg"


async def shoot(svg: Path, seed: int, step: int) -> None:
    with tempfile.TemporaryDirectory(prefix="rummy-shot-") as folder:
        data = Path(folder)
        save_match(data, "Friday", "rummy500", 4, seed=seed, target_score=300)
        app = make_app(data_dir=data, save_name="Friday", start="replay", replay_deal=1)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            for _ in range(step):
                await pilot.press("right")
            await settle(pilot)
            app.save_screenshot(filename=svg.name, path=str(svg.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3, help="the match's seed (3)")
    parser.add_argument("--step", type=int, default=40, help="moves into deal 1 (40)")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the replay's language")
    options = parser.parse_args(argv)
    set_language(options.lang)
    target = SVG if options.lang == "en" else SVG.with_name(f"screenshot-replay-{options.lang}.svg")
    asyncio.run(shoot(target, options.seed, options.step))
    finish_picture(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
