"""What the store remembers about a match it saves, so an autosave stays cheap.

An autosave rewrites the whole file (that is what makes it atomic), but nothing already
written is serialized or hashed again: the log only ever grows and each ``ActionRecord`` is
immutable, so the session keeps the file's unchanging opening (format, version, setup, first
deal), the log's JSON bytes and a SHA-256 state over both, and adds only the actions applied
since the previous save. The parts that change every time (time, summary, take-back notes,
extra data) come last. An autosave then costs the new actions, a short tail and the write
itself, about the same for the first action of a match as for the five-thousandth.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from rummy_tui import __version__
from rummy_tui.core import ActionRecord, Game, StartDeal
from rummy_tui.core.dealing import deal_rng, shuffled_deck
from rummy_tui.i18n import N_, _
from rummy_tui.match.setup import MatchSetup, Seat
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.format import (
    CHECKSUM_MARK,
    FORMAT_VERSION,
    FirstDeal,
    SaveFile,
    SaveSummary,
    summarize,
)
from rummy_tui.persistence.replay import rebuild

Stamp = tuple[int, int, int]
"""(inode, size, modification time in ns): tells whether a file changed since we saw it."""

_NOT_TEXT = N_("The match could not be saved: a name holds characters that are not text.")


@dataclass
class Session:
    """One match being saved under one name."""

    game: weakref.ref[Game]
    """The match (weakly: a session never keeps a finished game alive)."""
    first: FirstDeal
    """How the match began."""
    stamp: Stamp | None = None
    """The file as this store last wrote or read it."""
    setup: MatchSetup | None = None
    head: bytes = b""
    """The file's unchanging opening, up to and including ``"log":[``."""
    log: bytearray = field(default_factory=bytearray)
    """The JSON of the logged actions written so far, comma-separated."""
    count: int = 0
    """How many actions ``log`` holds."""
    last: ActionRecord | None = None
    """The last of them, to notice a log that was replaced rather than extended."""
    digest: Any = None
    """SHA-256 state over ``head`` and ``log``."""

    def render(
        self,
        setup: MatchSetup,
        game: Game,
        extra: dict[str, Any] | None,
        saved_at: datetime,
        summary: SaveSummary | None = None,
    ) -> list[bytes | bytearray]:
        """The complete file for the match as it stands, in pieces to be written in order
        (``summary``: the match's summary when the caller has made it already)."""
        self.catch_up(setup, game)
        try:
            extra_json = json.dumps(
                extra or {}, ensure_ascii=False, allow_nan=False, separators=(",", ":")
            )
        except (TypeError, ValueError) as error:
            raise SaveError(
                _("The match could not be saved: its extra data is not JSON ({error}).").format(
                    error=error
                )
            ) from None
        when = saved_at.isoformat(timespec="milliseconds")
        try:
            notes = ",".join(note.model_dump_json() for note in game.state.take_back_notes)
            tail = (
                f'],"saved_at":"{when}",'
                f'"summary":{(summary or summarize(game)).model_dump_json()},'
                f'"take_backs":[{notes}],'
                f'"extra":{extra_json}'
            ).encode()
        except UnicodeEncodeError:
            raise SaveError(_(_NOT_TEXT)) from None
        digest = self.digest.copy()
        digest.update(tail)
        closing = f'{CHECKSUM_MARK}{digest.hexdigest()}"}}\n'.encode("ascii")
        return [self.head, self.log, tail + closing]

    def catch_up(self, setup: MatchSetup, game: Game) -> None:
        """Serialize what the file lacks: the opening if the setup changed, new actions."""
        records = game.state.log
        if setup is not self.setup and setup != self.setup:
            check_setup(setup, game)
            self._restart(setup)
        self.setup = setup
        if self.count > len(records) or (self.count and records[self.count - 1] is not self.last):
            self._restart(setup)
        if self.count < len(records):
            try:
                chunk = ",".join(record.model_dump_json() for record in records[self.count :])
                added = ("," if self.count else "") + chunk
                encoded = added.encode("utf-8")
            except UnicodeEncodeError:
                raise SaveError(_(_NOT_TEXT)) from None
            self.log += encoded
            self.digest.update(encoded)
            self.count = len(records)
            self.last = records[-1]

    def _restart(self, setup: MatchSetup) -> None:
        """Start the file over: a new opening and an empty log."""
        try:
            self.head = (
                f'{{"format_version":{FORMAT_VERSION},"app_version":{json.dumps(__version__)},'
                f'"setup":{setup.model_dump_json()},"first_deal":{self.first.model_dump_json()},'
                '"log":['
            ).encode()
        except UnicodeEncodeError:
            raise SaveError(_(_NOT_TEXT)) from None
        self.log = bytearray()
        self.count = 0
        self.last = None
        self.digest = hashlib.sha256(self.head)


def check_setup(setup: MatchSetup, game: Game) -> None:
    """Refuse a setup that does not describe ``game``."""
    if setup.rules != game.rules:
        raise SaveError(_("The match could not be saved: its setup has other rules than the game."))
    if len(setup.seats) != len(game.players):
        raise SaveError(_("The match could not be saved: its setup has another number of seats."))


def first_deal_from_state(game: Game) -> FirstDeal | None:
    """How ``game`` began, read off the log's record of the first deal or, while the first
    deal is being played, off the deal itself; None when neither is there."""
    state = game.state
    deck = None
    if state.log and isinstance(state.log[0].action, StartDeal) and state.log[0].deal_number == 1:
        deck = state.log[0].action.deck
    if deck is None and state.deal.deal_number == 1:
        deck = tuple(state.deal.deck)
    if deck is None:
        return None
    return FirstDeal(seed=state.seed, dealer=state.first_dealer, cut=tuple(state.cut), deck=deck)


def first_deal_from_seed(game: Game) -> FirstDeal:
    """The first deal as the seed shuffles it, accepted only if replaying reaches ``game``."""
    state = game.state
    deck = shuffled_deck(state.rules, len(state.players), deal_rng(state.seed, 1, 0))
    first = FirstDeal(
        seed=state.seed, dealer=state.first_dealer, cut=tuple(state.cut), deck=tuple(deck)
    )
    try:
        setup = MatchSetup(
            rules=state.rules,
            seats=tuple(Seat(name=player) for player in state.players),
            seed=state.seed,
            take_backs=state.take_backs_on,
        )
        replayed = rebuild(
            SaveFile(
                format_version=FORMAT_VERSION,
                app_version=__version__,
                saved_at=datetime.now(UTC),
                summary=summarize(game),
                setup=setup,
                first_deal=first,
                log=list(state.log),
                take_backs=list(state.take_back_notes),
            )
        )
    except (SaveError, ValueError):
        replayed = None
    if replayed is None or replayed.state.model_dump() != state.model_dump():
        raise SaveError(
            _(
                "This match cannot be saved: the order of its first deal was not kept "
                "(save it with create() before the first deal is over)."
            )
        )
    return first
