"""How many moves a save holds: bytes per move of a long deal, and the moves the 8 MB limit allows.

``python benchmarks/save_bytes.py`` plays one long deal of random legal players under unlimited
stock rebuilds (four seats, European Rummy and Classic Rummy, seeded), saves it through the
real save store in a temporary folder and prints the file's size, its bytes per move and how
many such moves fit under the store's limit (``MAX_SAVE_BYTES``).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from rummy_tui.bots import make_bot
from rummy_tui.core import Phase, get_variant
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence import SaveStore
from rummy_tui.persistence.format import MAX_SAVE_BYTES


def measure(variant_id: str, players: int, actions: int, seed: int) -> tuple[int, int]:
    """(moves in the log, bytes of the save file) of one deal of ``actions`` random moves at
    most."""
    rules = get_variant(variant_id, rebuild_limit=None)
    seats = tuple(Seat(name=f"Player {number + 1}") for number in range(players))
    setup = MatchSetup(rules=rules, seats=seats, seed=seed)
    game = setup.start()
    bots = [make_bot("random", seed * 31 + index) for index in range(players)]
    for _ in range(actions):
        if game.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
            break
        seat = game.current
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    with tempfile.TemporaryDirectory() as folder:
        store = SaveStore(Path(folder))
        name = store.create(setup, game, "long")
        store.save(name, setup, game, {})
        store.release(name)
        size = sum(path.stat().st_size for path in (Path(folder) / "saves").glob("*.json"))
    return len(game.state.log), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=3000, help="moves at most (3000)")
    parser.add_argument("--seed", type=int, default=5, help="the deal's seed (5)")
    arguments = parser.parse_args()
    for variant_id in ("european", "classic"):
        moves, size = measure(variant_id, 4, arguments.actions, arguments.seed)
        per_move = size / moves
        print(
            f"{variant_id:<9} {moves:>6} moves {size:>9,} bytes {per_move:6.1f} bytes a move; "
            f"{MAX_SAVE_BYTES:,} bytes hold about {int(MAX_SAVE_BYTES / per_move):,} moves"
        )


if __name__ == "__main__":
    main()
