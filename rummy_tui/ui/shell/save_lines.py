"""How the load screen writes a saved match: its name, whose turn, when it was last played and
the standings, wrapped to the screen's width, in the player's language. What the save says
(its name, the players, why it is damaged) is plain text (:mod:`rummy_tui.i18n.outside_text`)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from textual.content import Content

from rummy_tui.i18n import SOURCE_LANGUAGE, _, current_language, lists, ngettext
from rummy_tui.i18n.outside_text import content, markup_sentence


def save_field(info: Any, *names: str, default: Any = None) -> Any:
    """The first of ``names`` that ``info`` has (tolerates small naming differences)."""
    for name in names:
        value = getattr(info, name, None)
        if value is not None:
            return value
    return default


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


def wrap_phrases(
    parts: Sequence[Content], width: int, indent: str = INDENT, gap: str = " · "
) -> Content:
    """Phrases laid out on lines of ``width`` cells, each line starting with ``indent``; a
    phrase is never split (a time stays whole, a name keeps its score)."""
    lines: list[Content] = []
    line, used = Content(indent), len(indent)
    for part in parts:
        size = part.cell_length
        if used > len(indent) and used + len(gap) + size > width:
            lines.append(line)
            line, used = Content(indent), len(indent)
        if used > len(indent):
            line += gap
            used += len(gap)
        line += part
        used += size
    lines.append(line)
    return Content("\n").join(lines)


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


def describe_save(info: Any, width: int = 76) -> Content:
    """The list entry of one save, wrapped to ``width`` cells with every continued line
    indented. Every word read from the save (its name, the players, the reason it is
    damaged) is plain text."""
    name = content(save_field(info, "name", default="?"), "bold")
    damaged = save_field(info, "damaged")
    played = _("last played {time}").format(time=format_time(save_field(info, "last_played")))
    when = content(played, "$text-muted")
    if damaged:
        return _damaged_entry(info, name, when, damaged, width)
    english_variant = str(save_field(info, "variant", "variant_name", default="?"))
    variant = content(_(english_variant))
    # An automatic save name starts with the variant already: it is not written twice.
    shown_variant = (
        [] if str(save_field(info, "name", default="")).startswith(english_variant) else [variant]
    )
    head = wrap_phrases([name, *shown_variant], width, "", gap="  ")
    if save_field(info, "finished", default=False):
        return _finished_entry(info, head, when, width)
    return _ongoing_entry(info, head, when, width)


def _damaged_entry(info: Any, name: Content, when: Content, damaged: Any, width: int) -> Content:
    """A damaged save's entry: its name, when it was last played, why it cannot be loaded
    and what the keys do about it."""
    what_now = (
        _("Cannot be loaded: b restores its backup, d deletes it.")
        if save_field(info, "has_backup", default=False)
        else _("Cannot be loaded; d deletes it.")
    )
    label = _("damaged")
    return Content("\n").join(
        [
            wrap_phrases([name, content(label, "$text-error")], width, ""),
            wrap_phrases([when], width),
            wrap_phrases([content(damaged, "$text-error")], width),
            wrap_phrases([content(what_now, "$text-muted")], width),
        ]
    )


def _players_and_scores(info: Any) -> tuple[list[str], list[int]]:
    """The save's players and their totals, as the save lists them."""
    players = [str(player) for player in save_field(info, "players", default=())]
    scores = [int(score) for score in save_field(info, "scores", default=())]
    return players, scores


def _winners_phrase(info: Any, players: list[str]) -> str:
    """Who won a finished match ("Ann won", "Ann, Bob and Cy won"; empty when the save
    names no winner among its players)."""
    winners = [
        players[seat]
        for seat in save_field(info, "winners", default=())
        if isinstance(seat, int) and 0 <= seat < len(players)
    ]
    if len(winners) == 1:
        return _("{player} won").format(player=winners[0])
    if winners:
        return _("{players} and {last} won").format(
            players=lists.series(winners[:-1]), last=winners[-1]
        )
    return ""


def _finished_entry(info: Any, head: Content, when: Content, width: int) -> Content:
    """A finished match's entry: its head, the deal it finished after and who won, when it
    was last played, and the final standings."""
    players, scores = _players_and_scores(info)
    deal = save_field(info, "deal_number", default="?")
    won = _winners_phrase(info, players)
    finished = markup_sentence(_("[$success]finished[/] after deal {deal}"), deal=deal)
    if won:
        finished = markup_sentence(
            _("[$success]finished[/] after deal {deal}, {won}"), deal=deal, won=won
        )
    ranked = [
        f"{place}. {player} {score}"
        for place, (player, score) in enumerate(standings(players, scores), start=1)
    ]
    return Content("\n").join(
        [
            head,
            wrap_phrases([finished, when], width),
            wrap_phrases(
                [
                    content(_("Final standings: {first}").format(first=ranked[0])),
                    *map(content, ranked[1:]),
                ],
                width,
                gap="  ",
            )
            if ranked
            else wrap_phrases([content(_("Final standings: none"))], width),
        ]
    )


def _ongoing_entry(info: Any, head: Content, when: Content, width: int) -> Content:
    """A match under way's entry: its head, the deal and who is to play, when it was last
    played, and the players with their totals."""
    players, scores = _players_and_scores(info)
    deal = save_field(info, "deal_number", default="?")
    totals = [f"{player} {score}" for player, score in zip(players, scores, strict=False)]
    if not totals:
        totals = list(players)
    to_play = save_field(info, "to_play")
    if to_play:
        turn = _("deal {deal}, {player} to play").format(deal=deal, player=to_play)
    else:
        turn = _("deal {deal}").format(deal=deal)
    count = ngettext("{n} player: {first}", "{n} players: {first}", len(players))
    return Content("\n").join(
        [
            head,
            wrap_phrases([content(turn), when], width),
            wrap_phrases(
                [
                    content(count.format(n=len(players), first=totals[0])),
                    *map(content, totals[1:]),
                ],
                width,
                gap="  ",
            )
            if totals
            else wrap_phrases([content(_("no players"))], width),
        ]
    )
