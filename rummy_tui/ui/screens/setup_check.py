"""The new-game menu's choices checked: seat names and kinds, player count, options, seed.

The menu shows each problem next to the control it concerns; Start is refused until there
are none, and then the choices become a :class:`MatchSetup`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rich.cells import cell_len

from rummy_tui.core import VARIANT_IDS, RulesError, RuleSet, get_variant
from rummy_tui.core.game import name_refusal
from rummy_tui.core.variants import OptionSpec, player_count_refusal
from rummy_tui.i18n import N_, _, lists, ngettext
from rummy_tui.i18n.labels import seat_label
from rummy_tui.i18n.refusals import refusal_sentence
from rummy_tui.match.setup import (
    NAME_MAX_LENGTH,
    MatchSetup,
    Seat,
    SeatKind,
    computer_name,
    fitting_name,
)
from rummy_tui.ui.play.rule_words import choice_label

MAX_SEATS = 12
"""The most seats any variant has (G-2)."""

KIND_LABELS: dict[SeatKind, str] = {
    SeatKind.HUMAN: N_("human"),
    SeatKind.EASY: N_("computer: easy"),
    SeatKind.NORMAL: N_("computer: normal"),
    SeatKind.HARD: N_("computer: hard"),
    SeatKind.OWN: N_("human: own screen"),
}
PACE_CHOICES: tuple[tuple[str, float], ...] = (
    (N_("instant"), 0.0),
    (N_("fast (0.25 s)"), 0.25),
    (N_("normal (0.5 s)"), 0.5),
    (N_("slow (1 s)"), 1.0),
    (N_("very slow (2 s)"), 2.0),
)
"""Computer pace: seconds between a computer player's actions (labels translated when shown)."""

DEFAULT_PACE = 0.5

ROW_LABELS: dict[str, str] = {
    "count": N_("Number of players"),
    "hints": N_("Hints"),
    "take_backs": N_("Take-backs (P-4)"),
    "pace": N_("Computer pace"),
    "seed": N_("Seed (empty: random deals)"),
}
"""The labels of the menu's rows other than the seats and the variant's options."""
ON_OFF: tuple[tuple[str, bool], ...] = ((N_("on"), True), (N_("off"), False))
"""The choices of the hint and take-back rows."""
SCREEN_COLUMNS = 76
"""Columns the menu's rows have at 80x24 (inside the padding and the scroll bar)."""

PLAYER_NAME = N_("Player {number}")
"""A person's seat's name until someone types one (translated when given)."""


def default_name(number: int, kind: SeatKind) -> str:
    """The name a seat gets until someone types one: "Player 3", "Computer 3 (hard)"."""
    if not kind.is_bot:
        return fitting_name(_(PLAYER_NAME).format(number=number), PLAYER_NAME.format(number=number))
    return computer_name(number, kind)


@dataclass
class SetupCheck:
    """The result of checking the menu's choices: a MatchSetup, or the problems by place."""

    setup: MatchSetup | None = None
    """The match to start, when there is no problem."""
    count: str | None = None
    """Why the number of players does not work."""
    names: list[str] = field(default_factory=list)
    """Problems with the seat names."""
    name_seats: list[int] = field(default_factory=list)
    """The seat (0-based) each name problem points at."""
    options: str | None = None
    """Why the options do not fit together."""
    seed: str | None = None
    """Why the seed is not usable."""

    @property
    def problems(self) -> list[str]:
        """Every problem, top of the screen first."""
        found = [self.count, *self.names, self.options, self.seed]
        return [problem for problem in found if problem]


def check_setup(
    variant_id: str,
    options: dict[str, Any],
    seats: Sequence[tuple[str, SeatKind]],
    *,
    seed_text: str = "",
    hints: bool = True,
    take_backs: bool = True,
    bot_delay: float = DEFAULT_PACE,
) -> SetupCheck:
    """Check the menu's choices and build the MatchSetup they describe.

    Args:
        variant_id: One of VARIANT_IDS.
        options: Table options by RuleSet field name.
        seats: (name as typed, kind) for every seat in play.
        seed_text: The seed as typed; empty for a random seed.
        hints: Whether hints are allowed.
        take_backs: Whether players may take back moves of their turn (P-4).
        bot_delay: Seconds between computer actions.
    """
    check = SetupCheck()
    rules: RuleSet | None
    try:
        rules = get_variant(variant_id, **options)
    except RulesError as error:
        check.options = str(error)
        rules = None
    count_rules = rules if rules is not None else get_variant(variant_id)
    refusal = player_count_refusal(count_rules, len(seats))
    check.count = None if refusal is None else refusal_sentence(refusal)

    seen: dict[str, int] = {}
    for number, (typed, _kind) in enumerate(seats, start=1):
        name = typed.strip()
        problem = seat_name_problem(number, name, seen)
        if problem is not None:
            check.names.append(problem)
            check.name_seats.append(number - 1)
        else:
            seen[name.casefold()] = number

    seed: int | None = None
    if seed_text.strip():
        try:
            seed = int(seed_text.strip())
        except ValueError:
            check.seed = _("The seed must be a whole number, or empty for a random deal.")

    if rules is not None and not check.problems:
        try:
            check.setup = MatchSetup(
                rules=rules,
                seats=tuple(Seat(name=name.strip(), kind=kind) for name, kind in seats),
                seed=seed,
                hints=hints,
                take_backs=take_backs,
                bot_delay=bot_delay,
            )
        except ValueError as error:  # pydantic's ValidationError is a ValueError
            check.options = _("That setup is not possible: {reason}").format(reason=error)
    return check


def seat_name_problem(number: int, name: str, seen: Mapping[str, int]) -> str | None:
    """Why seat ``number`` cannot have ``name`` (stripped), or None; ``seen`` holds the names
    already taken (casefolded) and the seat of each."""
    if not name:
        return _("Seat {number} needs a name.").format(number=number)
    if len(name) > NAME_MAX_LENGTH:
        return _("Seat {number}'s name is longer than {limit} letters.").format(
            number=number, limit=NAME_MAX_LENGTH
        )
    refusal = name_refusal(name)
    if refusal is not None:
        return _("Seat {number}: {problem}.").format(
            number=number, problem=refusal_sentence(refusal).removesuffix(" (G-2).")
        )
    first = seen.get(name.casefold())
    if first is not None:
        return _("Seats {first} and {second} are both called {name}: names must differ.").format(
            first=first, second=number, name=repr(name)
        )
    return None


def followed_options(
    variant_id: str, old: Mapping[str, Any], changed: str, value: Any
) -> dict[str, Any]:
    """The options after ``changed`` takes ``value``: an option still at the default for the
    old settings moves to the default for the new ones (Boathouse: per-card scoring brings
    the 25-point target with it, B-6)."""
    new = {**old, changed: value}
    specs = {spec.field: spec for spec in get_variant(variant_id).options}
    for other in specs:
        if other == changed:
            continue
        try:
            old_default = getattr(
                get_variant(variant_id, **{k: v for k, v in old.items() if k != other}), other
            )
            new_default = getattr(
                get_variant(variant_id, **{k: v for k, v in new.items() if k != other}), other
            )
        except RulesError:
            continue
        follows = old[other] == old_default and new_default != old_default
        if follows and new_default in specs[other].choices:
            new[other] = new_default
    return new


def choice_index(spec: OptionSpec, value: Any) -> int:
    """Where ``value`` stands in the option's choices (the first when it is not offered)."""
    return spec.choices.index(value) if value in spec.choices else 0


def variant_prompt(rules: RuleSet) -> str:
    """A variant's entry in the menu: its name, seat range and one-line description."""
    players = _("{low}-{high} players").format(low=rules.min_players, high=rules.max_players)
    name, description = _(rules.name), _(rules.description)
    return f"[b]{name}[/b]  [$text-muted]{players}[/]\n  [$text-muted]{description}[/]"


def options_title(rules: RuleSet) -> str:
    """The heading of the new-game menu's options section: "Options: Classic Rummy"."""
    return _("Options: {variant}").format(variant=_(rules.name))


def count_choices(rules: RuleSet) -> list[tuple[str, int]]:
    """The player counts the variant allows, as (label, count) for the menu's Select."""
    return [
        (ngettext("{n} player", "{n} players", count).format(n=count), count)
        for count in range(rules.min_players, rules.max_players + 1)
    ]


def fit_names(seats: Sequence[tuple[str, SeatKind]]) -> tuple[list[str], str | None]:
    """Names the menu takes for a remembered table's seats, and one line saying what was
    changed (None when every name was kept).

    A name that no longer passes :func:`seat_name_problem` (an older default too long in
    this language, a name typed for ``rummy new`` longer than the menu's limit, a name
    repeated or unprintable in a damaged file) is replaced: a person's name is cut to the
    limit when that makes it usable, otherwise the seat gets its generated name. Names that
    pass are kept as they are, and no replacement takes one of them.
    """
    seen: dict[str, int] = {}
    kept: dict[int, str] = {}
    for number, (typed, _kind) in enumerate(seats, start=1):
        name = typed.strip()
        if seat_name_problem(number, name, seen) is None:
            seen[name.casefold()] = number
            kept[number] = name
    names: list[str] = []
    changes: list[str] = []
    for number, (typed, kind) in enumerate(seats, start=1):
        if number in kept:
            name = kept[number]
        else:
            name = next(
                candidate
                for candidate in _replacements(number, typed.strip(), kind)
                if seat_name_problem(number, candidate, seen) is None
            )
            seen[name.casefold()] = number
            changes.append(_("seat {number} is now {name}").format(number=number, name=name))
        names.append(name)
    if not changes:
        return names, None
    note = ngettext(
        "Changed {n} remembered name that no longer fits: {changes}.",
        "Changed {n} remembered names that no longer fit: {changes}.",
        len(changes),
    ).format(n=len(changes), changes=lists.clauses(changes))
    return names, note


def _replacements(number: int, typed: str, kind: SeatKind) -> Iterator[str]:
    """Names to try for seat ``number`` in place of ``typed``, best first; the generated
    names of seats beyond the table's last make sure one is free."""
    if not kind.is_bot and len(typed) > NAME_MAX_LENGTH:
        yield typed[:NAME_MAX_LENGTH].rstrip()
    for spare in range(number, number + (MAX_SEATS + 1) * MAX_SEATS, MAX_SEATS):
        yield default_name(spare, kind)


@dataclass(frozen=True)
class MenuChoices:
    """What the new-game menu shows: the choices made so far, usable or not (a draft).

    The menu opens from the defaults, from the last table played (:func:`choices_from`) or
    from the choices left with Esc earlier in the run.
    """

    variant_id: str
    """The variant highlighted in the list."""
    options: Mapping[str, Mapping[str, Any]]
    """Each variant's table options by RuleSet field name."""
    count: int
    """The number of players chosen."""
    names: tuple[str, ...]
    """The names as typed, for every possible seat (MAX_SEATS)."""
    kinds: tuple[SeatKind, ...]
    """Human or a computer level, for every possible seat."""
    hints: bool = True
    take_backs: bool = True
    pace: float = DEFAULT_PACE
    seed_text: str = ""
    note: str | None = None
    """One line about names of the last table that had to change (:func:`fit_names`)."""


def default_choices() -> MenuChoices:
    """The menu's first choices: the first variant at its fewest players, every seat a person
    with its generated name."""
    options = {
        vid: {spec.field: getattr(rules, spec.field) for spec in rules.options}
        for vid, rules in ((vid, get_variant(vid)) for vid in VARIANT_IDS)
    }
    return MenuChoices(
        variant_id=VARIANT_IDS[0],
        options=options,
        count=get_variant(VARIANT_IDS[0]).min_players,
        names=tuple(default_name(number, SeatKind.HUMAN) for number in range(1, MAX_SEATS + 1)),
        kinds=(SeatKind.HUMAN,) * MAX_SEATS,
    )


def choices_from(last: MatchSetup) -> MenuChoices:
    """The choices of the last table played, its names made fit for the menu
    (:func:`fit_names`); the defaults for a variant this version does not know."""
    start = default_choices()
    vid = last.rules.variant_id
    if vid not in VARIANT_IDS:
        return start
    preset = get_variant(vid)
    options = dict(start.options)
    options[vid] = {spec.field: getattr(last.rules, spec.field) for spec in preset.options}
    seats = last.seats[:MAX_SEATS]
    fitted, note = fit_names([(seat.name, seat.kind) for seat in seats])
    paces = [pace for _label, pace in PACE_CHOICES]
    return replace(
        start,
        variant_id=vid,
        options=options,
        count=len(seats),
        names=(*fitted, *start.names[len(seats) :]),
        kinds=(*(seat.kind for seat in seats), *start.kinds[len(seats) :]),
        hints=last.hints,
        take_backs=last.take_backs,
        pace=last.bot_delay if last.bot_delay in paces else DEFAULT_PACE,
        note=note,
    )


def column_widths(presets: Iterable[RuleSet]) -> dict[str, int]:
    """The width of each column of the menu (by selector) in the language in use: room for
    the longest label and choice any variant shows, so nothing is cut and the columns stay
    put as the variant changes. At 80 columns a label too long for what is left wraps."""
    rules = list(presets)
    labels = [_(text) for text in ROW_LABELS.values()]
    choices = [_(text) for text, _value in (*PACE_CHOICES, *ON_OFF)]
    for preset in rules:
        labels += [_(spec.label) for spec in preset.options]
        choices += [label for label, _count in count_choices(preset)]
        shown = [preset, preset.model_copy(update={"target_score": None})]
        choices += [
            choice_label(read, spec.field, value)
            for spec in preset.options
            for value in spec.choices
            for read in shown
        ]
    control = min(_longest(choices) + 4, SCREEN_COLUMNS // 2)
    seat_labels = [seat_label(n) for n in range(1, MAX_SEATS + 1)]
    return {
        ".row-label": min(_longest(labels) + 2, SCREEN_COLUMNS - control),
        ".row Select, #ng-seed": control,
        ".seat-label": _longest(seat_labels) + 1,
        ".seat-kind": _longest([_(label) for label in KIND_LABELS.values()]) + 4,
    }


def _longest(texts: Iterable[str]) -> int:
    return max((cell_len(text) for text in texts), default=0)
