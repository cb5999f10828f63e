"""The sessions of one store: each match it saves, under its name, and how each game began.

A session (``session.py``) keeps what is already serialized of a match, so that an autosave
adds only the new actions. The store asks here for the session that saves a game under a name:
the one it has when the game is the same, else a fresh one that starts from how the game began
(remembered for that game, read off its first deal, or read from its file).
"""

from __future__ import annotations

import weakref

from rummy_tui.core import Game
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.files import read_checked
from rummy_tui.persistence.format import FirstDeal, SaveFile
from rummy_tui.persistence.save_cache import (
    Session,
    Stamp,
    first_deal_from_seed,
    first_deal_from_state,
)
from rummy_tui.persistence.save_paths import SavePaths


class Sessions:
    """The matches one store saves, each under its name, and how each game began.

    Args:
        paths: The paths of the store's saves (a session's first deal may be read off its
            file, and leftovers of its file are swept when it starts).
    """

    def __init__(self, paths: SavePaths) -> None:
        self.paths = paths
        self._by_name: dict[str, Session] = {}
        self._first_deals: weakref.WeakKeyDictionary[Game, FirstDeal] = weakref.WeakKeyDictionary()

    def for_save(self, name: str, game: Game) -> Session:
        """The session that saves ``game`` under ``name``: the one already saving it, else a
        fresh one (keeping the known file when the match is the same)."""
        session = self._by_name.get(name)
        if session is not None and session.game() is game:
            return session
        first = self._first_deal_of(name, game)
        fresh = Session(game=weakref.ref(game), first=first)
        self.paths.sweep(name)
        if session is not None and session.first == first:
            fresh.stamp = session.stamp
        self._by_name[name] = fresh
        return fresh

    def adopt(self, name: str, save: SaveFile, game: Game, stamp: Stamp | None) -> None:
        """Remember a loaded match, so its next save serializes only new actions."""
        self._first_deals[game] = save.first_deal
        session = Session(game=weakref.ref(game), first=save.first_deal, stamp=stamp)
        session.catch_up(save.setup, game)
        self._by_name[name] = session

    def forget(self, name: str) -> None:
        """Drop the session of ``name`` (its file was deleted, replaced or is to be made)."""
        self._by_name.pop(name, None)

    def rename(self, old: str, new: str) -> None:
        """The save ``old`` now goes by ``new``."""
        session = self._by_name.pop(old, None)
        if session is not None:
            self._by_name[new] = session

    def _first_deal_of(self, name: str, game: Game) -> FirstDeal:
        """How ``game`` began: remembered, read off the first deal, or from the file."""
        known = self._first_deals.get(game)
        if known is not None:
            return known
        first = first_deal_from_state(game)
        if first is None:
            first = self._first_deal_from_file(name, game) or first_deal_from_seed(game)
        self._first_deals[game] = first
        return first

    def _first_deal_from_file(self, name: str, game: Game) -> FirstDeal | None:
        try:
            _stamp, data = read_checked(self.paths.file(name))
            on_disk = FirstDeal.model_validate(data.get("first_deal"))
        except (SaveError, ValueError):
            return None
        if on_disk.seed != game.state.seed or on_disk.dealer != game.state.first_dealer:
            return None
        return on_disk
