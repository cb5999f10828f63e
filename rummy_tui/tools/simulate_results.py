"""The results of ``rummy simulate``: a Rich table for people, one JSON object for tools.

The JSON object's keys are stable (new keys may be added; none is renamed or removed without
a new ``format`` number). They are listed in :data:`JSON_KEYS` and in the guide
(``assets/guide/command_line.md``):

========================  =================================================================
``format``                1, the version of this layout
``variant``               the variant id (``classic``, ``boathouse``, ``double``, ...)
``options``               the table options played with, by option name (JSON values:
                          ``true``, ``null``, numbers, or the word typed, e.g. ``"around"``)
``seed``                  the seed of the run
``seats``                 the level of each player, in player order (``"random"``, ``"easy"``,
                          ``"normal"``, ``"hard"``); players rotate seats, see below
``levels``                per level: ``players`` (how many), ``win_rate`` and
                          ``average_score`` (averages over its players)
``deals``                 deals asked for
``deals_played``          deals played (fewer than ``deals`` only when ``partial``)
``deals_finished``        deals that ended (dead hands included)
``scored_deals``          deals that ended with a score (finished minus dead hands)
``dead_hands``            deals voided by the dead-hand rule
``wins``                  deals won per player (a shared first place is split evenly)
``win_rates``             wins divided by scored deals, per player (0 to 1)
``average_scores``        average score change per scored deal, per player (points, or
                          chips in European Rummy)
``ms_per_decision``       average milliseconds a player took to choose, per player
``actions``               actions played in all
``violation_count``       broken invariants and errors found (0 when all is well)
``violations``            descriptions of the first of them (at most 50)
``seconds``               wall time of the run
``deals_per_second``      finished deals per second
``partial``               true when the run was stopped early with Ctrl+C
========================  =================================================================

The per-player lists are in the order of ``seats``. Players move one seat on after every deal
and every block of as many deals as there are players repeats the same cards, so the figures
are free of seat and card luck when ``deals`` is a multiple of the number of players.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.tools.simulate import SimulationReport

JSON_FORMAT = 1
"""Version of the JSON layout."""

LEVEL = N_("level")
"""The heading of the computer levels' column (the seats' table and the levels' table)."""
AVERAGE_SCORE = N_("avg score")
"""The heading of the average score per deal's column."""

JSON_KEYS: tuple[str, ...] = (
    "format",
    "variant",
    "options",
    "seed",
    "seats",
    "levels",
    "deals",
    "deals_played",
    "deals_finished",
    "scored_deals",
    "dead_hands",
    "wins",
    "win_rates",
    "average_scores",
    "ms_per_decision",
    "actions",
    "violation_count",
    "violations",
    "seconds",
    "deals_per_second",
    "partial",
)
"""The keys of :func:`results_json`, in the order printed."""


def _json_value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def results_json(report: SimulationReport) -> dict[str, Any]:
    """The report as one JSON-ready object with the keys of :data:`JSON_KEYS`."""
    counts = {level: report.seats.count(level) for level in dict.fromkeys(report.seats)}
    levels = {
        level: {"players": counts[level], "win_rate": rate, "average_score": average}
        for level, (rate, average) in report.by_level().items()
    }
    data: dict[str, Any] = {
        "format": JSON_FORMAT,
        "variant": report.variant_id,
        "options": {name: _json_value(value) for name, value in report.options.items()},
        "seed": report.seed,
        "seats": list(report.seats),
        "levels": levels,
        "deals": report.deals,
        "deals_played": report.deals_played,
        "deals_finished": report.deals_finished,
        "scored_deals": report.scored_deals,
        "dead_hands": report.dead_hands,
        "wins": list(report.wins),
        "win_rates": report.win_rates,
        "average_scores": report.average_scores,
        "ms_per_decision": report.ms_per_decision,
        "actions": report.actions,
        "violation_count": report.violation_count,
        "violations": list(report.violations),
        "seconds": report.seconds,
        "deals_per_second": report.deals_per_second,
        "partial": report.stopped,
    }
    return data


def partial_note(report: SimulationReport) -> str:
    """The line that marks a stopped run's results as partial ('' for a whole run)."""
    if not report.stopped:
        return ""
    return ngettext(
        "PARTIAL: stopped by Ctrl+C after {played} of {deals} deal; figures for those only.",
        "PARTIAL: stopped by Ctrl+C after {played} of {deals} deals; figures for those only.",
        report.deals,
    ).format(played=report.deals_played, deals=report.deals)


def results_renderables(report: SimulationReport, variant_name: str) -> list[Any]:
    """The report as Rich renderables: a heading, a table per player, a table per level
    (when levels repeat), the totals and the violations."""
    from rich.table import Table
    from rich.text import Text

    from rummy_tui.match.setup import choice_text

    options = ", ".join(f"{key}={choice_text(value)}" for key, value in report.options.items())
    heading = Text.assemble(
        (_("Simulation: {variant}").format(variant=_(variant_name)), "bold"),
        f" ({options})" if options else "",
        _(", {players} players, {deals} deals, seed {seed}").format(
            players=len(report.seats), deals=report.deals, seed=report.seed
        ),
    )
    parts: list[Any] = [heading]
    note = partial_note(report)
    if note:
        parts.append(Text(note, style="bold yellow"))

    players = Table(title=None, title_justify="left")
    for header in (
        N_("player"),
        LEVEL,
        N_("wins"),
        N_("win rate"),
        AVERAGE_SCORE,
        N_("ms/decision"),
    ):
        players.add_column(_(header), justify="left" if header in ("player", LEVEL) else "right")
    rates, averages, timing = report.win_rates, report.average_scores, report.ms_per_decision
    for index, level in enumerate(report.seats):
        players.add_row(
            str(index + 1),
            level,
            f"{report.wins[index]:.1f}",
            f"{rates[index]:.1%}",
            f"{averages[index]:.2f}",
            f"{timing[index]:.2f}",
        )
    parts.append(players)

    if len(set(report.seats)) < len(report.seats):
        levels = Table()
        for header in (LEVEL, N_("players"), N_("win rate per player"), AVERAGE_SCORE):
            levels.add_column(_(header), justify="left" if header == LEVEL else "right")
        for level, (rate, average) in report.by_level().items():
            levels.add_row(level, str(report.seats.count(level)), f"{rate:.1%}", f"{average:.2f}")
        parts.append(levels)

    parts.append(
        Text(
            _(
                "deals finished: {finished} of {played} played ({asked} asked), "
                "dead hands: {dead}\nactions: {actions}, {seconds} s, {rate} deals/s"
            ).format(
                finished=report.deals_finished,
                played=report.deals_played,
                asked=report.deals,
                dead=report.dead_hands,
                actions=report.actions,
                seconds=f"{report.seconds:.1f}",
                rate=f"{report.deals_per_second:.1f}",
            )
        )
    )
    count = report.violation_count
    parts.append(
        Text(
            _("invariant violations: {count}").format(count=count),
            style="bold red" if count else "green",
        )
    )
    for text in report.violations[:10]:
        parts.append(Text(f"  - {text}"))
    if count > 10:
        parts.append(Text("  " + _("... and {count} more").format(count=count - 10)))
    if note:
        parts.append(Text(note, style="bold yellow"))
    return parts
