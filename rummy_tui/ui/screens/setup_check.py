"""The new-game menu's choices checked: seat names and kinds, player count, options, seed.

The menu shows each problem next to the control it concerns; Start is refused until there
are none, and then the choices become a :class:`MatchSetup`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rummy_tui.core import RulesError, RuleSet, get_variant
from rummy_tui.core.game import name_problem
from rummy_tui.core.variants import OptionSpec, player_count_error
from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.match_setup import MatchSetup, Seat, SeatKind, computer_name

MAX_SEATS = 12
"""The most seats any variant has (G-2)."""
NAME_MAX_LENGTH = 20
"""Longest player name the table has room for."""

KIND_LABELS: dict[SeatKind, str] = {
    SeatKind.HUMAN: N_("human"),
    SeatKind.EASY: N_("computer: easy"),
    SeatKind.NORMAL: N_("computer: normal"),
    SeatKind.HARD: N_("computer: hard"),
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


def default_name(number: int, kind: SeatKind) -> str:
    """The name a seat gets until someone types one: "Player 3", "Computer 3 (hard)"."""
    if kind is SeatKind.HUMAN:
        return _("Player {number}").format(number=number)
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
    check.count = player_count_error(count_rules, len(seats))

    seen: dict[str, int] = {}
    for number, (typed, _kind) in enumerate(seats, start=1):
        name = typed.strip()
        problem = None
        key = name.casefold()
        if not name:
            problem = _("Seat {number} needs a name.").format(number=number)
        elif len(name) > NAME_MAX_LENGTH:
            problem = _("Seat {number}'s name is longer than {limit} letters.").format(
                number=number, limit=NAME_MAX_LENGTH
            )
        elif (unfit := name_problem(name)) is not None:
            problem = _("Seat {number}: {problem}.").format(
                number=number, problem=unfit.removesuffix(" (G-2).")
            )
        elif key in seen:
            problem = _(
                "Seats {first} and {second} are both called {name}: names must differ."
            ).format(first=seen[key], second=number, name=repr(name))
        if problem is not None:
            check.names.append(problem)
            check.name_seats.append(number - 1)
        else:
            seen[key] = number

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
