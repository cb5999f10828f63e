"""How a match is set up: the rules, who sits where (human or computer) and table settings.

The new-game screen, ``rummy new`` and the save files all build and read this one model.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from rummy_tui.core import VARIANT_IDS, Game, IllegalAction, RuleSet, new_game
from rummy_tui.core.game import name_refusal
from rummy_tui.i18n import LANGUAGES, N_, _, load_translation, pgettext
from rummy_tui.i18n.labels import NONE

LEVEL_WORDS: dict[str, str] = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""A computer seat's level as its default name says it."""

NAME_MAX_LENGTH = 20
"""Longest player name the new-game menu takes: what the table has room for (the core's own
limit, G-2, is a little longer)."""

COMPUTER_NAME = N_("Computer {number} ({level})")
"""A computer seat's name until someone types one (translated when given)."""


def computer_name(number: int, kind: SeatKind) -> str:
    """The name a computer seat gets until someone types one: "Computer 3 (hard)"."""
    level = LEVEL_WORDS.get(kind.value, kind.value)
    return fitting_name(
        _(COMPUTER_NAME).format(number=number, level=_(level)),
        COMPUTER_NAME.format(number=number, level=level),
    )


def fitting_name(translated: str, english: str) -> str:
    """A generated name that every road takes (the menu's length, the core's check, G-2):
    ``translated`` when it fits, else the English one; either is cut to the length limit
    first, so a translation too long for a name never yields a name the menu refuses."""
    for name in (translated, english):
        name = " ".join(name.split())
        if len(name) > NAME_MAX_LENGTH:
            name = name[:NAME_MAX_LENGTH].rstrip(" (")
        if name and name_refusal(name) is None:
            return name
    return english[:NAME_MAX_LENGTH]


def level_words(level: str) -> str:
    """A computer player's level in the player's language."""
    if level == "easy":
        return pgettext("computer level", "easy")
    if level == "normal":
        return pgettext("computer level", "normal")
    if level == "hard":
        return pgettext("computer level", "hard")
    return level


@cache
def _level_names(level: str) -> frozenset[str]:
    """Every way a level is written, in every language (folded): a match recorded in Finnish
    is read in English too."""
    words = {level}
    english = LEVEL_WORDS.get(level, level)
    for language in LANGUAGES:
        catalog = load_translation(language)
        words.add(catalog.gettext(english))
        words.add(catalog.pgettext("computer level", english))
    return frozenset(word.casefold() for word in words if word)


def names_level(name: str, level: str) -> bool:
    """Whether a seat's name already says its level, as a default computer name does
    ("Computer 3 (hard)", "Tietokone 3 (vaikea)"), in any of the game's languages."""
    folded = name.casefold()
    return any(word in folded for word in _level_names(level))


def seat_with_level(name: str, level: str | None) -> str:
    """A seat's name followed by its computer level, unless the name says it already:
    "Bob (hard)", but "Computer 4 (normal)", never "Computer 4 (normal) (normal)"; a
    person's name (``level`` None or "human") as it is."""
    if not level or not SeatKind(level).is_bot or names_level(name, level):
        return name
    # Translators: a computer seat's name and its level: "Bob (hard)".
    return _("{name} ({level})").format(name=name, level=level_words(level))


class SeatKind(StrEnum):
    """Who plays a seat."""

    HUMAN = "human"
    OWN = "own"
    """A person who plays on a screen of their own (a second terminal or a browser tab)."""
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def is_bot(self) -> bool:
        """Whether a computer plays this seat."""
        return self not in (SeatKind.HUMAN, SeatKind.OWN)

    @property
    def own_screen(self) -> bool:
        """Whether the seat is played on a screen of its own, not at the shared keyboard."""
        return self is SeatKind.OWN


BOT_LEVELS: tuple[SeatKind, ...] = (SeatKind.EASY, SeatKind.NORMAL, SeatKind.HARD)


class Seat(BaseModel):
    """One seat at the table."""

    model_config = ConfigDict(frozen=True)

    name: str
    """The name shown at the table."""
    kind: SeatKind = SeatKind.HUMAN
    """Human, or a computer player's level."""


class MatchSetup(BaseModel):
    """Everything chosen before the first deal."""

    model_config = ConfigDict(frozen=True)

    rules: RuleSet
    """The variant with its options."""
    seats: tuple[Seat, ...]
    """The seats in clockwise order."""
    seed: int | None = None
    """Seed of the match's shuffles; None picks one at random."""
    hints: bool = True
    """Whether the hint key may be used (issue: hints can be switched off)."""
    take_backs: bool = True
    """Whether people may take back moves of their own turn (P-4)."""
    bot_delay: float = Field(default=0.5, ge=0.0, le=5.0)
    """Seconds between a computer player's actions, so people can follow them."""
    rerun_of: str | None = None
    """The saved match whose deal this match plays again ("Play this deal again" in the
    replay), or None for an ordinary match. A rerun is recorded apart from ordinary matches:
    it never changes a player's wins, streaks or averages."""

    @property
    def own_screen_seats(self) -> frozenset[int]:
        """The seats played on screens of their own (``own:NAME``)."""
        return frozenset(number for number, seat in enumerate(self.seats) if seat.kind.own_screen)

    @property
    def names(self) -> list[str]:
        """The players' names by seat."""
        return [seat.name for seat in self.seats]

    def start(self) -> Game:
        """Seat the players and deal the first deal."""
        return new_game(self.rules, self.names, seed=self.seed, take_backs=self.take_backs)


def parse_players(text: str) -> tuple[Seat, ...]:
    """Read a seat list such as ``"Anna,bot:normal,Bob,bot:hard"``.

    A bare name is a human at the shared keyboard, ``own:NAME`` a human on a screen of their
    own (``rummy join``); ``bot:LEVEL`` (or just ``easy``/``normal``/``hard``) is a computer
    player named after its seat and level. A name that holds control or format characters is
    refused (G-2, :func:`rummy_tui.core.game.name_refusal`).

    >>> [seat.kind.value for seat in parse_players("Anna,bot:hard")]
    ['human', 'hard']
    >>> parse_players("Anna,bot:hard")[1].name
    'Computer 2 (hard)'
    >>> parse_players("Anna,own:Bob")[1]
    Seat(name='Bob', kind=<SeatKind.OWN: 'own'>)
    """
    seats: list[Seat] = []
    entries = [entry.strip() for entry in text.split(",")]
    for number, entry in enumerate(entries, start=1):
        if not entry:
            raise IllegalAction("setup.seat_unnamed", "G-2", seat=number)
        lowered = entry.lower()
        level = lowered.removeprefix("bot:") if lowered.startswith("bot:") else lowered
        if lowered.startswith("bot:") or level in {kind.value for kind in BOT_LEVELS}:
            try:
                kind = SeatKind(level)
            except ValueError:
                raise IllegalAction("setup.unknown_level", "G-2", level=level) from None
            if kind is SeatKind.HUMAN:
                raise IllegalAction("setup.human_not_level", "G-2")
            seats.append(Seat(name=computer_name(number, kind), kind=kind))
        else:
            kind = SeatKind.HUMAN
            if lowered.startswith("own:"):
                kind, entry = SeatKind.OWN, entry[len("own:") :].strip()
                if not entry:
                    raise IllegalAction("setup.seat_unnamed", "G-2", seat=number)
            refusal = name_refusal(entry)
            if refusal is not None:
                raise refusal
            seats.append(Seat(name=entry, kind=kind))
    return tuple(seats)


def variant_refusal(variant_id: str) -> str | None:
    """Why ``variant_id`` is not a variant, in the player's language; None when it is one.

    >>> variant_refusal("classic") is None
    True
    """
    if variant_id in VARIANT_IDS:
        return None
    return _("There is no variant {variant} (variants: {variants}).").format(
        variant=repr(variant_id), variants=", ".join(VARIANT_IDS)
    )


def choice_text(value: object) -> str:
    """An option value as a person types it on the command line.

    >>> from rummy_tui.core.variants import AceRule
    >>> [choice_text(value) for value in (None, True, 250, AceRule.AROUND)]
    ['none', 'true', '250', 'around']
    """
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(getattr(value, "value", value))


def read_options(rules: RuleSet, texts: Mapping[str, str]) -> dict[str, Any]:
    """The table options written as text (``{"ace_rule": "around"}``), read as the values the
    variant offers. Match lengths (points to win, number of deals) also take any positive
    whole number, as the new-game menu does.

    >>> from rummy_tui.core import get_variant
    >>> read_options(get_variant("european"), {"twos_wild": "Yes", "deal_limit": "none"})
    {'twos_wild': True, 'deal_limit': None}
    >>> read_options(get_variant("european"), {"ace_rule": "high"})
    Traceback (most recent call last):
    ...
    ValueError: Option ace_rule cannot be high in European Rummy (choices: low, around).

    Raises:
        ValueError: for an option the variant does not have or a value it does not offer,
            worded with the names and values a person types.
    """
    specs = {spec.field: spec for spec in rules.options}
    values: dict[str, Any] = {}
    for name, text in texts.items():
        spec = specs.get(name)
        if spec is None:
            names = ", ".join(sorted(specs)) or _(NONE)
            raise ValueError(
                _("{variant} has no option {name} (options: {names}).").format(
                    variant=_(rules.name), name=name, names=names
                )
            )
        typed = text.strip().lower()
        typed = _SYNONYMS.get(typed, typed)
        for choice in spec.choices:
            if typed == choice_text(choice):
                values[name] = choice
                break
        else:
            if name in _OPEN_NUMBERS and _whole_number(typed) > 0:
                values[name] = int(typed)
                continue
            choices = ", ".join(choice_text(choice) for choice in spec.choices)
            typed_text = _shown_value(text.strip()) or _("empty")
            if name in _OPEN_NUMBERS:
                problem = _(
                    "Option {name} cannot be {value} in {variant} "
                    "(choices: {choices} or any whole number above 0)."
                )
            else:
                problem = _("Option {name} cannot be {value} in {variant} (choices: {choices}).")
            raise ValueError(
                problem.format(name=name, value=typed_text, variant=_(rules.name), choices=choices)
            )
    return values


_MOST_DIGITS = 18
"""Longest whole number an open option takes (points to win: more than anyone plays to)."""
_SHOWN_VALUE = 24
"""Longest value written back in a refusal; a longer one is cut with "…"."""


def _whole_number(typed: str) -> int:
    """``typed`` as a whole number when it is one of at most :data:`_MOST_DIGITS` plain digits
    (no sign, no "²"), else 0."""
    if typed.isascii() and typed.isdigit() and len(typed) <= _MOST_DIGITS:
        return int(typed)
    return 0


def _shown_value(text: str) -> str:
    """A typed value as a refusal repeats it: a very long one is cut."""
    return text if len(text) <= _SHOWN_VALUE else f"{text[: _SHOWN_VALUE - 1]}…"


_SYNONYMS = {"yes": "true", "on": "true", "no": "false", "off": "false", "unlimited": "none"}
"""Other words a person may type for an option value."""

_OPEN_NUMBERS = frozenset({"target_score", "deal_limit"})
"""Options that take any positive whole number besides the listed ones."""
