"""How the load screen writes a saved match: its name, whose turn, when it was last played and
the standings, wrapped to the screen's width, in the player's language."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from rich.markup import escape
from textual.content import Content

from rummy_tui.i18n import SOURCE_LANGUAGE, _, current_language, ngettext


def save_field(info: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``info`` has (tolerates small naming differences)."""
    for name in names:
        value = getattr(info, name, None)
        if value is not None:
            return value
    return default


def _markup(text: object) -> str:
    """Text from a save file, made safe to show as content markup."""
    return escape(str(text))


def format_time(moment: Any) -> str:
    """A last-played time in local time, short enough to stay on its line: "30 Nov 17:56",
    with the year only when it is not this year ("30 Nov 2025 17:56")."""
    if isinstance(moment, datetime):
        local = moment.astimezone() if moment.tzinfo is not None else moment
        this_year = local.year == datetime.now().year
        if current_language() != SOURCE_LANGUAGE:  # numeric, as Finnish and Russian write it
            day = f"{local.day}.{local.month}." if this_year else f"{local:%d.%m.%Y}"
            return f"{day} {local:%H:%M}"
        year = "" if this_year else f" {local.year}"
        return f"{local.day} {local.strftime('%b')}{year} {local.strftime('%H:%M')}"
    return str(moment) if moment else _("unknown date")


INDENT = "\u00a0\u00a0"
"""Two non-breaking spaces: the option list drops ordinary spaces at the start of a line."""


def wrap_markup(parts: Sequence[str], width: int, indent: str = INDENT, gap: str = " · ") -> str:
    """Content-markup phrases laid out on lines of ``width`` cells, each line starting with
    ``indent``; a phrase is never split (a time stays whole, a name keeps its score)."""
    lines: list[str] = []
    line, used = indent, len(indent)
    for part in parts:
        size = Content.from_markup(part).cell_length
        if used > len(indent) and used + len(gap) + size > width:
            lines.append(line)
            line, used = indent, len(indent)
        if used > len(indent):
            line += gap
            used += len(gap)
        line += part
        used += size
    lines.append(line)
    return "\n".join(lines)


def played_key(info: Any) -> float:
    moment = save_field(info, "last_played")
    if isinstance(moment, datetime):
        try:
            return moment.timestamp()
        except (OverflowError, OSError, ValueError):
            return 0.0
    return 0.0


def standings(players: Sequence[str], scores: Sequence[int]) -> list[tuple[str, int]]:
    """Players with their totals, best first (higher is better in every variant)."""
    pairs = list(zip(players, scores, strict=False))
    return sorted(pairs, key=lambda pair: -pair[1])


def describe_save(info: Any, width: int = 76) -> str:
    """The list entry of one save, as content markup, wrapped to ``width`` cells with every
    continued line indented."""
    name = _markup(save_field(info, "name", default="?"))
    damaged = save_field(info, "damaged")
    played = _("last played {time}").format(time=format_time(save_field(info, "last_played")))
    when = f"[$text-muted]{played}[/]"
    if damaged:
        what_now = (
            _("Cannot be loaded: b restores its backup, d deletes it.")
            if save_field(info, "has_backup", default=False)
            else _("Cannot be loaded; d deletes it.")
        )
        label = _("damaged")
        return "\n".join(
            [
                wrap_markup([f"[b]{name}[/b]", f"[$text-error]{label}[/]"], width, ""),
                wrap_markup([when], width),
                wrap_markup([f"[$text-error]{_markup(damaged)}[/]"], width),
                wrap_markup([f"[$text-muted]{what_now}[/]"], width),
            ]
        )
    english_variant = _markup(save_field(info, "variant", "variant_name", default="?"))
    variant = _markup(_(str(save_field(info, "variant", "variant_name", default="?"))))
    players = [str(player) for player in save_field(info, "players", default=())]
    scores = [int(score) for score in save_field(info, "scores", default=())]
    deal = save_field(info, "deal_number", default="?")
    # An automatic save name starts with the variant already: it is not written twice.
    shown_variant = (
        [] if str(save_field(info, "name", default="")).startswith(english_variant) else [variant]
    )
    head = wrap_markup([f"[b]{name}[/b]", *shown_variant], width, "", gap="  ")
    if save_field(info, "finished", default=False):
        winners = [
            players[seat]
            for seat in save_field(info, "winners", default=())
            if isinstance(seat, int) and 0 <= seat < len(players)
        ]
        if len(winners) == 1:
            won = _("{player} won").format(player=_markup(winners[0]))
        elif winners:
            won = _("{players} and {last} won").format(
                players=_markup(", ".join(winners[:-1])), last=_markup(winners[-1])
            )
        else:
            won = ""
        finished = _("[$success]finished[/] after deal {deal}").format(deal=deal)
        if won:
            finished = _("[$success]finished[/] after deal {deal}, {won}").format(
                deal=deal, won=won
            )
        ranked = [
            f"{place}. {_markup(player)} {score}"
            for place, (player, score) in enumerate(standings(players, scores), start=1)
        ]
        return "\n".join(
            [
                head,
                wrap_markup([finished, when], width),
                wrap_markup(
                    [_("Final standings: {first}").format(first=ranked[0]), *ranked[1:]],
                    width,
                    gap="  ",
                )
                if ranked
                else wrap_markup([_("Final standings: none")], width),
            ]
        )
    totals = [f"{_markup(player)} {score}" for player, score in zip(players, scores, strict=False)]
    if not totals:
        totals = [_markup(player) for player in players]
    to_play = save_field(info, "to_play")
    if to_play:
        turn = _("deal {deal}, {player} to play").format(deal=deal, player=_markup(to_play))
    else:
        turn = _("deal {deal}").format(deal=deal)
    count = ngettext("{n} player: {first}", "{n} players: {first}", len(players))
    return "\n".join(
        [
            head,
            wrap_markup([turn, when], width),
            wrap_markup(
                [count.format(n=len(players), first=totals[0]), *totals[1:]], width, gap="  "
            )
            if totals
            else wrap_markup([_("no players")], width),
        ]
    )
