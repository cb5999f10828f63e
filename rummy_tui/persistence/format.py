"""The save file format: pydantic models, the checksum, version checks and migrations.

A save file is one JSON object written by rummy_tui (UTF-8, one line)::

    {"format_version": 2, "app_version": "0.1.0", "setup": {...}, "first_deal": {...},
     "log": [...], "saved_at": "...", "summary": {...}, "take_backs": [...],
     "extra": {...}, "checksum": "<sha256>"}

(the members that change with every save come after the log, so a save can hash the
unchanged opening once; readers do not depend on the order, only the checksum's place at
the end is fixed)

* ``summary``: what the Load screen lists (variant, players, deal, scores, finished), so
  listing never replays a match;
* ``setup``: the :class:`~rummy_tui.match.setup.MatchSetup` (rules with options, seats with
  their kinds, seed, hints, bot delay);
* ``first_deal``: the seed, the cut for first dealer, the first dealer and the first deal's
  card order (starting a match deals the first deal, so the file keeps how, whether or not
  the engine also logs it);
* ``log``: every applied action as an ``ActionRecord``; each deal's ``start_deal`` record
  carries that deal's card order;
* ``take_backs``: the public notes of the moves taken back (P-4), each saying where in the
  log it stands (the log holds the game as if those moves had never been made);
* ``saved_at``: when it was written (UTC); ``extra``: what the user interface keeps with the
  match;
* ``checksum``: the SHA-256 of the file's UTF-8 bytes before ``,"checksum":"``, so a file
  cut short, damaged on disk or edited by hand is recognised before anything is trusted.

Loading rebuilds the match by replaying the log through the engine (see ``replay.py``); the
summary is checked against the result. Older format versions are upgraded by one migration
function per version (:data:`MIGRATIONS`); a newer one is refused with a message saying so.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rummy_tui.core import ActionRecord, Card, Game, Phase
from rummy_tui.core.state import CutRound, TakeBackNote
from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.i18n.printable import printable, printable_tree
from rummy_tui.match.setup import MatchSetup
from rummy_tui.persistence.errors import SaveError
from rummy_tui.persistence.rules_check import rebuilt_rules

FORMAT_VERSION = 2
"""The format this version of rummy_tui writes (2: the take-back notes are the save's own
``take_backs``, no longer the interface's ``extra``)."""
MAX_SAVE_BYTES = 8 * 1024 * 1024
"""Largest file read as a save. A long 12-player match saves well under 1 MB; anything this
big is not a save of ours and is not read into memory."""
CHECKSUM_MARK = ',"checksum":"'
"""What precedes the checksum, the last member of the object."""
MAX_DIGITS = 1000
"""Longest whole number read from a save (a seed typed by a player fits many times over)."""
MAX_WRITER_LENGTH = 40
"""The most of a newer save's ``app_version`` that its refusal repeats."""
MAX_DEPTH = 32
"""Deepest nesting of lists and objects read from a save (a save nests 7 deep at most)."""
_BOM = b"\xef\xbb\xbf"
"""The byte order mark some editors put at the start of a UTF-8 file; it is not read."""
_HEX_DIGITS = frozenset("0123456789abcdef")


class FirstDeal(BaseModel):
    """How the match began: what ``new_game`` needs to deal the first deal again."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    seed: int
    """The seed of the match's shuffles (the real one, also when the setup left it to chance)."""
    dealer: int = Field(ge=0)
    """The first dealer."""
    cut: tuple[CutRound, ...] = ()
    """The cut for first dealer (G-3), as shown at the start."""
    deck: tuple[Card, ...]
    """The first deal's card order, top first: every card of the packs."""


class SaveSummary(BaseModel):
    """The facts the Load screen shows, kept in the file so listing never replays a match."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    variant_id: str
    """The variant's stable id."""
    variant: str
    """The variant's name as players know it."""
    players: tuple[str, ...]
    """The players' names by seat."""
    deal_number: int
    """The deal in progress (or the last one played)."""
    turn_number: int
    """The turn within that deal."""
    phase: Phase
    """Where the deal stands."""
    current: int
    """The seat to act."""
    scores: tuple[int, ...]
    """Running totals by seat."""
    log_length: int
    """How many actions the log holds."""
    finished: bool
    """Whether the match is over."""
    winners: tuple[int, ...] = ()
    """The winning seats of a finished match."""


class SaveHeader(BaseModel):
    """Everything but the log: what listing needs. Unknown members are ignored."""

    model_config = ConfigDict(extra="ignore")

    format_version: int
    """The file's format version."""
    app_version: str
    """The rummy_tui version that wrote it."""
    saved_at: datetime
    """When it was written (UTC)."""
    summary: SaveSummary
    """The listing facts."""
    setup: MatchSetup
    """The match setup."""


class SaveFile(BaseModel):
    """A whole save file, log included."""

    model_config = ConfigDict(extra="forbid")

    format_version: int
    """The file's format version (:data:`FORMAT_VERSION` once migrated)."""
    app_version: str
    """The rummy_tui version that wrote it."""
    saved_at: datetime
    """When it was written (UTC)."""
    summary: SaveSummary
    """The listing facts; checked against the replayed match."""
    setup: MatchSetup
    """Rules with options, seats with their kinds, seed, hints, bot delay."""
    first_deal: FirstDeal
    """Seed, cut, first dealer and the first deal's card order."""
    extra: dict[str, Any] = Field(default_factory=dict)
    """Whatever the user interface keeps with the match (for example hints used)."""
    log: list[ActionRecord] = Field(default_factory=list)
    """Every applied action, in order."""
    take_backs: list[TakeBackNote] = Field(default_factory=list)
    """The public notes of the moves taken back (P-4), oldest first."""


Migration = Callable[[dict[str, Any]], dict[str, Any]]
"""Turns the parsed JSON of format N into that of format N + 1."""

OLD_TAKE_BACK_NOTES = "take_back_notes"
"""Where saves of format 1 kept the take-back notes: a member of ``extra``."""


def _take_backs_out_of_extra(data: dict[str, Any]) -> dict[str, Any]:
    """Format 1 -> 2: the take-back notes the interface kept in ``extra`` become the save's
    ``take_backs``; notes that cannot be read are left out, as format 1 left them out when
    it loaded."""
    extra = data.get("extra")
    notes: list[Any] = []
    if isinstance(extra, dict):
        extra = dict(extra)
        kept = extra.pop(OLD_TAKE_BACK_NOTES, None)
        for item in kept if isinstance(kept, list) else ():
            try:
                notes.append(TakeBackNote.model_validate(item).model_dump(mode="json"))
            except ValueError:
                continue
        data = {**data, "extra": extra}
    return {**data, "take_backs": notes, "format_version": 2}


MIGRATIONS: dict[int, Migration] = {1: _take_backs_out_of_extra}
"""One migration per older format version, keyed by the version it upgrades *from*.

When the format changes, raise :data:`FORMAT_VERSION`, add ``MIGRATIONS[old] = function``
and a test with a file of the old format. Each function takes and returns the parsed JSON
object and sets ``format_version`` to the next version.
"""


def summarize(game: Game) -> SaveSummary:
    """The listing facts of a match as it stands."""
    state = game.state
    deal = state.deal
    return SaveSummary(
        variant_id=state.rules.variant_id,
        variant=state.rules.name,
        players=tuple(state.players),
        deal_number=deal.deal_number,
        turn_number=deal.turn_number,
        phase=deal.phase,
        current=deal.current,
        scores=tuple(state.scores),
        log_length=len(state.log),
        finished=game.is_over,
        winners=tuple(state.winners),
    )


def seal(prefix: str) -> bytes:
    """Finish a file whose text so far is ``prefix`` (an object missing only its last member
    and closing brace): append the checksum member and a newline."""
    body = prefix.encode("utf-8")
    digest = hashlib.sha256(body).hexdigest()
    return body + f'{CHECKSUM_MARK}{digest}"}}\n'.encode("ascii")


_CHANGED = N_(
    "The file was changed after rummy_tui saved it: its checksum does not match (it was edited "
    "by hand or damaged on disk)."
)


_NESTED = N_("The file is not a rummy_tui save: it is nested too deeply.")


def _deeper_than(data: Any, most: int) -> bool:
    """Whether the lists and objects of a parsed JSON value nest deeper than ``most`` (looked
    at level by level, so no depth of nesting can exhaust the stack here)."""
    level: list[Any] = [data]
    for _depth in range(most + 1):
        inner: list[Any] = []
        for value in level:
            if isinstance(value, dict):
                inner.extend(value.values())
            elif isinstance(value, list):
                inner.extend(value)
        if not inner:
            return False
        level = inner
    return any(isinstance(value, dict | list) for value in level)


def _checksum_problem(text: str, data: dict[str, Any]) -> str | None:
    """Why the checksum does not vouch for ``text``, or None when it does."""
    if "checksum" not in data:
        return _(
            "The file has no checksum, so it was not written by rummy_tui or was edited by hand."
        )
    stripped = text.rstrip()
    mark_at = stripped.rfind(CHECKSUM_MARK)
    if mark_at < 0:
        return _(_CHANGED)
    digest = stripped[mark_at + len(CHECKSUM_MARK) :]
    if len(digest) != 66 or not digest.endswith('"}') or not set(digest[:-2]) <= _HEX_DIGITS:
        return _(_CHANGED)
    expected = hashlib.sha256(stripped[:mark_at].encode("utf-8")).hexdigest()
    if digest[:-2] != expected or data["checksum"] != expected:
        return _(_CHANGED)
    return None


def decode(raw: bytes, app_version: str) -> dict[str, Any]:
    """Check a file's bytes and return its JSON object, migrated to :data:`FORMAT_VERSION`.

    Raises:
        SaveError: with a reason for an empty, oversized, non-text, cut-short, corrupted,
            hand-edited, foreign (deeply nested JSON included), too old or too new file. A
            byte order mark at the start (some editors add one) is accepted and not read.
    """
    raw = raw.removeprefix(_BOM)
    if not raw.strip():
        raise SaveError(_("The file is empty."))
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(too_big_reason(len(raw)))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise SaveError(
            _("The file is corrupted: byte {byte} is not text (UTF-8).").format(byte=error.start)
        ) from None
    try:
        data = json.loads(text, parse_int=_whole_number)
    except RecursionError:
        raise SaveError(_(_NESTED)) from None
    except _NumberTooLong as error:
        raise SaveError(
            ngettext(
                "The file is corrupted: it holds a number of {digits} digit, longer than "
                "any save holds (at most {most}).",
                "The file is corrupted: it holds a number of {digits} digits, longer than "
                "any save holds (at most {most}).",
                error.digits,
            ).format(digits=error.digits, most=MAX_DIGITS)
        ) from None
    except json.JSONDecodeError as error:
        if text.startswith('{"format_version":') and not text.rstrip().endswith("}"):
            raise SaveError(
                _("The file ends too early (it was cut off while being written or copied).")
            ) from None
        raise SaveError(
            _(
                "The file is corrupted: it is not valid JSON (line {line}, column "
                "{column}: {detail})."
            ).format(line=error.lineno, column=error.colno, detail=error.msg)
        ) from None
    if _deeper_than(data, MAX_DEPTH):
        raise SaveError(_(_NESTED))
    version = data.get("format_version") if isinstance(data, dict) else None
    if not isinstance(data, dict) or "format_version" not in data:
        raise SaveError(_("The file is not a rummy_tui save (it has no format_version)."))
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(
            _("The file's format_version {version} is not a whole number.").format(
                version=repr(version)
            )
        )
    if version > FORMAT_VERSION:
        writer = data.get("app_version")
        if isinstance(writer, str):
            # Read before the checksum is checked, so anyone can write anything here.
            writer = printable(writer[:MAX_WRITER_LENGTH])
            reason = _(
                "This save was written by rummy_tui {writer} in save format {version}; this "
                "version ({app_version}) reads formats up to {newest}. Update rummy_tui to open it."
            )
        else:
            reason = _(
                "This save was written by a newer rummy_tui in save format {version}; this "
                "version ({app_version}) reads formats up to {newest}. Update rummy_tui to open it."
            )
        raise SaveError(
            reason.format(
                writer=writer, version=version, app_version=app_version, newest=FORMAT_VERSION
            )
        )
    problem = _checksum_problem(text, data)
    if problem is not None:
        raise SaveError(problem)
    data.pop("checksum", None)
    cleaned: dict[str, Any] = printable_tree(data)
    return migrate(cleaned)


class _NumberTooLong(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(f"{digits} digits")
        self.digits = digits


def _whole_number(text: str) -> int:
    """A JSON integer, refused past :data:`MAX_DIGITS` digits (before Python's own limit)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _NumberTooLong(digits)
    return int(text)


def too_big_reason(size: int) -> str:
    """The reason given for a file over :data:`MAX_SAVE_BYTES`."""
    # Translators: sizes in megabytes; {size} has one decimal.
    return _(
        "The file is {size} MB, more than any save holds (limit {limit} MB), so it was not read."
    ).format(size=f"{size / 1_048_576:.1f}", limit=MAX_SAVE_BYTES // 1_048_576)


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Upgrade a parsed save of an older format, one version at a time."""
    version = data["format_version"]
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(
                _(
                    "The file uses save format {version}, which this version of rummy_tui "
                    "cannot read."
                ).format(version=version)
            )
        try:
            data = step(data)
        except SaveError:
            raise
        except Exception as error:
            raise SaveError(
                _("The file could not be upgraded from save format {version}: {error}").format(
                    version=version, error=error
                )
            ) from None
        new_version = data.get("format_version")
        if not isinstance(new_version, int) or new_version <= version:
            raise SaveError(
                _("The upgrade from save format {version} did not advance.").format(version=version)
            )
        version = new_version
    return data


def _validation_reason(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or _("the top level")
    more = error.error_count() - 1
    if not more:
        reason = _("The file does not hold a valid save: {where}: {detail}.")
    else:
        reason = ngettext(
            "The file does not hold a valid save: {where}: {detail} (and {more} more problem).",
            "The file does not hold a valid save: {where}: {detail} (and {more} more problems).",
            more,
        )
    return reason.format(where=where, detail=first["msg"], more=more)


def read_header(data: dict[str, Any]) -> SaveHeader:
    """The listing part of a decoded file, validated."""
    try:
        header = SaveHeader.model_validate(data)
    except ValidationError as error:
        raise SaveError(_validation_reason(error)) from None
    except RecursionError:
        raise SaveError(_(_NESTED)) from None
    _check_consistent(header.summary, header.setup)
    return header


def read_file(data: dict[str, Any]) -> SaveFile:
    """A decoded file, validated whole."""
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as error:
        raise SaveError(_validation_reason(error)) from None
    except RecursionError:
        raise SaveError(_(_NESTED)) from None
    _check_consistent(save.summary, save.setup)
    if save.first_deal.dealer >= len(save.setup.seats):
        raise SaveError(
            _(
                "The file does not hold a valid save: first dealer {dealer} "
                "is not a seat of this {players}-player table."
            ).format(dealer=save.first_deal.dealer, players=len(save.setup.seats))
        )
    if save.summary.log_length != len(save.log):
        raise SaveError(
            ngettext(
                "The file's log holds {n} action but its summary says {summary}.",
                "The file's log holds {n} actions but its summary says {summary}.",
                len(save.log),
            ).format(n=len(save.log), summary=save.summary.log_length)
        )
    return save


def _check_consistent(summary: SaveSummary, setup: MatchSetup) -> None:
    rebuilt_rules(setup.rules)
    if len(summary.players) != len(setup.seats) or len(summary.scores) != len(setup.seats):
        raise SaveError(
            _(
                "The file does not hold a valid save: its summary and its seats disagree on the "
                "number of players."
            )
        )
    if summary.variant_id != setup.rules.variant_id:
        raise SaveError(
            _(
                "The file does not hold a valid save: its summary and its rules name different "
                "variants."
            )
        )
