"""A match written out as a Markdown transcript to paste into a message (``rummy replay NAME
--text``, issue 32): its deals one by one, every move, the melds, each deal's end and the
score sheet, in the reader's language.

What may be written is what the replay may show (:mod:`rummy_tui.replay.frames`):

* of a **finished match**, each deal's hands as dealt, then every move, the melds at the
  deal's end, the end with every hand revealed, and the score sheet;
* of a **match still being played**, only its finished deals, with what the whole table saw
  (the public log, P-2) and the hands each deal's end revealed (P-3); never a hand before the
  end of its deal, and nothing of the deal in progress (P-1).

Every sentence is one the game already says elsewhere (the log's lines, the end of a deal,
the score sheet) or a message of its own here, through the catalogs. Everything written is
plain text made safe for Markdown (:func:`~rummy_tui.i18n.outside_text.markdown`), so a
player named ``*Bob*`` or ``# x`` reads as named; only the transcript's own headings, lists
and table are markup. ::

    text = match_transcript(game.state, "evening")           # the whole match
    text = match_transcript(game.state, "evening", deal_number=2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rummy_tui.core import Game
from rummy_tui.core.actions import ActionRecord
from rummy_tui.core.cards import Card, format_cards, placed_token
from rummy_tui.core.deal_terms import deal_terms
from rummy_tui.core.melds import TableMeld
from rummy_tui.core.state import GameState, TakeBackNote
from rummy_tui.core.variants.ruleset import RuleSet
from rummy_tui.i18n import _, lists
from rummy_tui.i18n.deal_words import (
    HAND_AT_END,
    ON_THE_TABLE,
    deal_number_words,
    deal_over_words,
    ending_words,
    no_cards_left_words,
    no_cards_words,
    no_score_words,
    rummy_words,
    score_line_words,
    unit_short,
    winners_line,
)
from rummy_tui.i18n.labels import DEAL, NOTE, PAYS, SCORE_SHEET, TOTAL
from rummy_tui.i18n.log_lines import note_sentence, record_sentence
from rummy_tui.i18n.outside_text import markdown
from rummy_tui.match.sheet import RowKind, ScoreSheet, score_sheet, settlement_note
from rummy_tui.replay import DealSteps, MatchSteps, NotReplayable, revealed_hands

MOVE_LINE = "{number}. {move}"
"""A move of a deal's list: numbered from 1, as the replay's steps are."""


def match_transcript(state: GameState, name: str, deal_number: int | None = None) -> str:
    """The Markdown transcript of the match ``state`` (saved as ``name``): every finished
    deal, or only deal ``deal_number``; the score sheet closes a whole match's transcript.

    Raises:
        NotReplayable: ``replay.nothing`` when no deal has ended yet, ``replay.no_deal`` for
            a deal the match does not have, ``replay.in_progress`` for the deal being played.
    """
    steps = MatchSteps(state)
    if deal_number is None:
        numbers = [span.deal_number for span in steps.replayable]
        if not numbers:
            raise NotReplayable("replay.nothing")
    else:
        steps.deal(deal_number)  # refuses a deal the match has not, or has not finished
        numbers = [deal_number]
    rules = state.rules
    lines = _header(rules, name, steps)
    for number in numbers:
        lines += _deal_lines(rules, steps, steps.deal(number))
    if deal_number is None:
        lines += _sheet_lines(score_sheet(Game(state)))
    return "\n".join(lines).rstrip("\n") + "\n"


def _header(rules: RuleSet, name: str, steps: MatchSteps) -> list[str]:
    """The title, the players and what the transcript shows of the hands."""
    title = _("{variant}: {name}").format(variant=_(rules.name), name=name)
    players = _("Players: {names}").format(names=lists.series(steps.players))
    if steps.finished_match:
        shown = _("The match is over: every hand is shown as dealt and as revealed at the end.")
    else:
        shown = _(
            "The match is still being played: only its finished deals are here, with what "
            "the table saw and the hands each deal's end revealed (P-2, P-3)."
        )
    return [_title(1, title), "", markdown(players), "", markdown(shown), ""]


def _deal_lines(rules: RuleSet, steps: MatchSteps, deal: DealSteps) -> list[str]:
    """One deal: its start, the hands as dealt (a finished match), the moves, the melds at
    its end, and its end."""
    records = deal.records(deal.last_step)
    players = steps.players
    heading = _title(2, deal_number_words(deal.deal_number))
    lines = [heading, "", markdown(record_sentence(records[0])), ""]
    if steps.finished_match:
        lines += _heading(_("Hands as dealt"))
        lines += [_hand_item(players[seat], hand) for seat, hand in enumerate(deal.hands(0))]
        lines.append("")
    lines += _heading(_("Moves"))
    lines += _move_items(records, deal.notes(deal.last_step), deal.span.start)
    lines.append("")
    melds = deal.view(deal.last_step).melds
    if melds:
        lines += _heading(_("Melds at the end of the deal"))
        for meld in melds:
            lines += _meld_items(meld, players)
        lines.append("")
    lines += _end_lines(rules, steps, deal)
    return lines


def _title(level: int, text: str) -> str:
    """A heading of ``level`` (1: the match, 2: a deal or the sheet, 3: a part of a deal)."""
    return "#" * level + " " + markdown(text)


def _heading(text: str) -> list[str]:
    """A part of a deal's section, under its own heading."""
    return [_title(3, text), ""]


def _item(text: str, level: int = 0) -> str:
    """A list item of plain text (``level`` 1: under the item before it)."""
    return "  " * level + "- " + markdown(text)


def _hand_item(player: str, hand: Sequence[Card]) -> str:
    """A list item: a player's hand."""
    cards = format_cards(hand) if hand else no_cards_left_words()
    return _item(_("{player}: {cards}").format(player=player, cards=cards))


def _move_items(
    records: Sequence[ActionRecord], notes: Iterable[TakeBackNote], start: int
) -> list[str]:
    """Every move of a deal (its records after its start), numbered as the replay's steps,
    each take-back note (P-4) after the moves that stood before it."""
    after: dict[int, list[TakeBackNote]] = {}
    for note in notes:
        after.setdefault(note.position - start - 1, []).append(note)
    items = [_item(note_sentence(note)) for note in after.get(0, [])]
    for step, record in enumerate(records[1:], start=1):
        items.append(MOVE_LINE.format(number=step, move=markdown(record_sentence(record))))
        items += [_item(note_sentence(note)) for note in after.get(step, [])]
    return items


def _meld_items(meld: TableMeld, players: Sequence[str]) -> list[str]:
    """A meld on the table at the end of a deal, with the lay-offs of other players under it."""
    cards = " ".join(placed_token(card) for card in meld.cards)
    line = _("Meld {meld_id} ({player}): {cards}").format(
        meld_id=meld.meld_id, player=players[meld.owner], cards=cards
    )
    items = [_item(line)]
    laid_off: dict[int, list[str]] = {}
    for card in meld.cards:
        if card.seat != meld.owner:
            laid_off.setdefault(card.seat, []).append(placed_token(card))
    for seat, tokens in sorted(laid_off.items()):
        by = _("laid off by {player}: {cards}").format(player=players[seat], cards=" ".join(tokens))
        items.append(_item(by, 1))
    return items


def _end_lines(rules: RuleSet, steps: MatchSteps, deal: DealSteps) -> list[str]:
    """A deal's end (P-3): how it ended, each seat's score and the hands it revealed."""
    result = deal.result
    players = steps.players
    ending = result.ending
    about = "" if ending is None or ending.seat is None else players[ending.seat]
    over = f"{deal_over_words(deal.deal_number)} {ending_words(ending, about)}".strip()
    lines = [*_heading(_("End of the deal")), markdown(over), ""]
    if result.dead:
        return [*lines, markdown(no_score_words()), ""]
    if result.rummy:
        lines += [markdown(rummy_words()), ""]
    terms = deal_terms(rules, len(players))
    view = deal.view(deal.last_step)
    hands = revealed_hands(deal)
    for line in result.lines:
        seat = line.seat
        score = _("{player}: {change} {unit}, total {total}").format(
            player=players[seat],
            change=f"{line.change:+d}",
            unit=unit_short(terms),
            total=view.scores[seat],
        )
        lines.append(_item(score))
        lines.append(_item(score_line_words(rules, result, line, terms), 1))
        placed = _table_cards(view.melds, seat)
        if placed or terms.every_table_shown:
            on_table = _(ON_THE_TABLE).format(cards=placed or no_cards_words())
            lines.append(_item(on_table, 1))
        hand = hands[seat]
        if hand is not None and (hand or seat != result.winner):
            cards = format_cards(hand) if hand else no_cards_left_words()
            lines.append(_item(_(HAND_AT_END).format(cards=cards), 1))
    lines.append("")
    return lines


def _table_cards(melds: Iterable[TableMeld], seat: int) -> str:
    """The cards ``seat`` put on the table this deal, meld by meld."""
    parts = []
    for meld in melds:
        placed = [placed_token(card) for card in meld.cards if card.seat == seat]
        if placed:
            parts.append(" ".join(placed))
    return lists.clauses(parts)


def _sheet_lines(sheet: ScoreSheet) -> list[str]:
    """The score sheet (P-5) as a Markdown table: each deal's score and the running total, a
    mark on who went out, the totals, the settlement and the winner of a finished match."""
    titles = [markdown(column.title) for column in sheet.columns]
    lines = [_title(2, _(SCORE_SHEET)), ""]
    lines.append(_row([markdown(_(DEAL)), *titles, markdown(_(NOTE))]))
    lines.append("| ---: " * (len(titles) + 1) + "| --- |")
    for row in sheet.rows:
        cells = []
        for index, cell in enumerate(row.cells):
            mark = "\\*" if row.winner == index else ""
            score = "-" if row.kind is RowKind.DEAD else f"{cell.score:+d}{mark}"
            cells.append(f"{score} ({cell.total})")
        lines.append(_row([str(row.deal_number), *cells, markdown(row.note)]))
    lines.append(_row([markdown(_(TOTAL)), *map(str, sheet.totals), ""]))
    if sheet.settlement:
        pays = [str(amount) if amount else "" for amount in sheet.settlement]
        lines.append(_row([markdown(_(PAYS)), *pays, markdown(settlement_note())]))
    lines.append("")
    lines.append(markdown(_("Each deal's score, then the running total in brackets; * went out.")))
    if sheet.finished and sheet.winners:
        names = [sheet.columns[index].title for index in sheet.winners]
        plural = any(len(sheet.columns[index].seats) > 1 for index in sheet.winners)
        lines += ["", f"**{markdown(winners_line(names, plural))}**"]
    return lines


def _row(cells: Sequence[str]) -> str:
    """A row of the sheet's table, its cells already safe for Markdown."""
    return "| " + " | ".join(cells) + " |"
