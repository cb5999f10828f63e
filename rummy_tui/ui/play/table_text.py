"""The table's sentences: the phase line, the top line and the labels of its questions.

Pure functions of a :class:`PlayerView` (and the core's :class:`SeatOffers`): no widget, no
app, so they are tested and reused without a screen. What the seat may do comes from the
core's offers; these functions only put it into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rich.text import Text

from rummy_tui.core import Card, DrawTwo, Face, GoOut, Phase, PlayerView, TableMeld
from rummy_tui.core.melds import MeldKind
from rummy_tui.core.offers import SeatOffers
from rummy_tui.core.seat_options import GoalKind, MatchGoal, match_goal
from rummy_tui.i18n import _, ngettext
from rummy_tui.i18n.deal_words import count_deals, deal_number_words
from rummy_tui.match.setup import names_level
from rummy_tui.table.model import Mode
from rummy_tui.ui.play.render import (
    card_label,
    card_text,
    face_label,
    faces_text,
    fill,
    fit_line,
    join_texts,
    pairs_text,
)
from rummy_tui.ui.play.rule_words import rule_notes
from rummy_tui.ui.shell.palette import colour, style
from rummy_tui.ui.shell.settings import DisplaySettings
from rummy_tui.ui.widgets.players import meld_text

GO_OUT_STYLE = ("bold", "game-good")


def keyed(text: str) -> str:
    """``text`` with its keys (``{draw}``, ``{meld}``...) written as the keys in force, so
    the phase line names a key moved in the settings file; other fields (``{card}``) stay
    for :func:`fill`.

    >>> keyed("{draw} the stock or {take} to take {card}")
    'd the stock or t to take {card}'
    """
    from rummy_tui.ui.play.table_keys import table_keys_in_force

    return text.format_map(_Fields(table_keys_in_force()))


class _Fields(dict[str, str]):
    """The keys in force; any other field is left as it is written."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


NAME_STYLE = ("bold", "game-highlight")


def _draw_keys(view: PlayerView, offers: SeatOffers, top: Text | None) -> str:
    """The keys of the draw, as one whole message for each case the offers and piles allow:
    a pile taken down to any card (R-5), a discard taken with a second card (the two-card
    draw's key, B-1), or the top card alone."""
    stock = bool(view.stock_count)
    if offers.takes_any_depth:
        if stock:
            return _(
                "{draw} the stock, or {take} to take from the pile (the deepest card taken must "
                "be used)"
            )
        return _(
            "the stock is empty: {take} to take from the pile, or {end_deal} to end the deal (R-10)"
        )
    if "draw_two" in offers.moves:
        if top is None:
            if stock:
                return _("{draw} the stock, or {draw_two} for a two-card draw (B-1)")
            return _(
                "{draw} turns the discard pile over as the stock, or {draw_two} for a two-card "
                "draw (B-1)"
            )
        if stock:
            # Translators: {card} is the top card of the discard pile, drawn as a card.
            return _(
                "{draw} the stock, {take} to take {card} with a second card, or {draw_two} for a "
                "two-card draw (B-1)"
            )
        return _(
            "{draw} turns the discard pile over as the stock, {take} to take {card} with a second "
            "card, or {draw_two} for a two-card draw (B-1)"
        )
    if top is None:
        return (
            _("{draw} the stock") if stock else _("{draw} turns the discard pile over as the stock")
        )
    if stock:
        return _("{draw} the stock or {take} to take {card}")
    return _("{draw} turns the discard pile over as the stock or {take} to take {card}")


def _phase_line(name: str, what: Text | str, how: Text | str) -> Text:
    """The phase line's layout: who, what to do (bold), and the keys that do it (``what`` as
    a Text is drawn as it is, its style and spacing given)."""
    if isinstance(what, str):
        what = Text(what + " ", style="bold")  # the bar's spacing, as it always was
    # Translators: the phase line. {name} is the player to act, {what} what to do now
    # (e.g. "Draw a card", or "Use the 7♥ you took" when a card must be used), {how} the
    # keys that do it.
    return fill(
        _("{name}: {what} — {how}"),
        name=Text(name, style=style(*NAME_STYLE)),
        what=what,
        how=how,
    )


def _playing(name: str) -> str:
    """Who is playing now (the hand's box of a computer, the phase line off a turn)."""
    return _("{name} is playing…").format(name=name)


def computer_playing(name: str, level: str) -> str:
    """What the hand's box says while a computer plays: "Bob (computer) is playing…", but
    "Computer 4 (normal) is playing…" (its name says already what it is)."""
    if names_level(name, level):
        return _playing(name)
    return _("{name} (computer) is playing…").format(name=name)


def phase_hint(
    view: PlayerView, mode: Mode, offers: SeatOffers | None, settings: DisplaySettings
) -> Text:
    """What the player to act may do now, in a sentence (with the keys), from the offers of
    the hand being played (None: no hand is played, so whose turn it is)."""
    name = view.players[view.current] if 0 <= view.current < len(view.players) else ""
    if view.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER):
        return Text(_("The deal is over."), style="bold")
    if mode is not Mode.PLAY or offers is None:
        return Text(_playing(name), style="bold")
    can_go_out = bool(offers.go_out.allowed)
    top = card_text(view.top_discard, settings) if view.top_discard is not None else None
    if view.phase is Phase.DRAW:
        keys = fill(keyed(_draw_keys(view, offers, top)), card=top or "")
        text = _phase_line(name, _("Draw a card"), keys)
        if can_go_out:
            text.append(" · ")
            text.append(keyed(_("You can go out now: {go_out}")), style=style(*GO_OUT_STYLE))
        return text
    if view.must_use is not None:
        # Translators: Rummy 500, after taking from the pile; {card} is the deepest card taken.
        what = fill(_("Use the {card} you took"), card=card_text(view.must_use, settings))
        what.stylize("bold")
        what.append(" ")
        how = keyed(
            _("meld it (select, {meld}) or lay it off ({lay_off}) before you discard (R-5)")
        )
        return _phase_line(name, what, how)
    if "meld" in offers.moves:
        return _phase_line(
            name,
            _("Meld, lay off or discard"),
            keyed(
                _(
                    "select cards with space, then {meld} meld · {lay_off} lay off · {discard} "
                    "discard ends the turn"
                )
            ),
        )
    text = _phase_line(
        name,
        _("Discard or go out"),
        keyed(_("{discard} discards and ends the turn · {go_out} lays the whole hand down")),
    )
    if can_go_out:
        text.append(" · ")
        text.append(_("You can go out now!"), style=style(*GO_OUT_STYLE))
    return text


def goal_words(goal: MatchGoal) -> str:
    """How the match ends, in a few words of the player's language ("first to 500")."""
    if goal.kind is GoalKind.TARGET:
        # Translators: the match goal in the top line: the first player to reach this score wins.
        return _("first to {score}").format(score=goal.number)
    if goal.kind is GoalKind.DEALS:
        return count_deals(goal.number)
    return ngettext("{n} deal (one each)", "{n} deals (one each)", goal.number).format(
        n=goal.number
    )


def top_line(view: PlayerView, saved: str, width: int = 0) -> Text:
    """Variant, deal, dealer, match goal, the options in force that change play (those not
    at the variant's default: "twos wild", "Hoyle draw"…) and whether the match is saved.

    The line never wraps (it must stay one line at 80 columns with twelve players): with
    ``width`` the phrases between the first and the saved note are left out until it fits.
    """
    rules = view.rules
    first = Text()
    first.append(f" {_(rules.name)} ", style="bold reverse")
    first.append(" ")
    first.append(deal_number_words(view.deal_number))
    phrases = [first]
    if 0 <= view.dealer < len(view.players):
        phrases.append(Text(" · " + _("{name} deals").format(name=view.players[view.dealer])))
    goal = match_goal(rules, len(view.players))
    if goal is not None:
        phrases.append(Text(" · " + goal_words(goal)))
    for note in rule_notes(rules):
        phrase = Text(" · ")
        phrase.append(note, style=colour("game-highlight"))
        phrases.append(phrase)
    if saved:
        phrases.append(Text(f" · {saved}", style="dim"))
    return fit_line(phrases, width or 10_000)


def draw_two_words(option: DrawTwo, top_label: str) -> str:
    """A two-card draw in words (B-1). Only the top discard is visible: the card under it is
    named only as "the card under it", never shown before it is taken."""
    if option.first == "stock":
        if option.second == "stock":
            return _("the top two stock cards")
        # Translators: a two-card draw; {card} is the top discard (e.g. 7♥).
        return _("the top stock card and {card}").format(card=top_label)
    if option.second == "discard":
        return _("{card} and the card under it in the discard pile").format(card=top_label)
    return _("{card} and the top stock card").format(card=top_label)


def take_depth_label(card: Card, count: int, settings: DisplaySettings) -> Text:
    """One depth of the Rummy 500 pile as a choice: the deepest card and how many come (R-5)."""
    label = Text()
    label.append_text(card_text(card, settings, width=3))
    label.append("  ")
    if count == 1:
        label.append(_("the top card only"))
    else:
        # Translators: a depth of the Rummy 500 pile: the card shown, the {above} cards above
        # it, {n} cards in all.
        label.append(
            ngettext(
                "and the {above} above it ({n} cards)",
                "and the {above} above it ({n} cards)",
                count,
            ).format(above=count - 1, n=count)
        )
    return label


class SharedDepthOption(Protocol):
    """One depth of the discard pile as the take question lists it (R-5): the engine's
    refusal in words (None: allowed), and in words that name no card (None: it has none)."""

    @property
    def reason(self) -> str | None: ...

    @property
    def shared(self) -> str | None: ...


@dataclass(frozen=True)
class DepthNotes:
    """How the take question gives the reasons of refused depths.

    Attributes:
        marks: For each depth, top first: the mark shown after it in place of its reason when
            the reason is said under the list (None: allowed, or its own reason is shown).
        notes: The reasons said once under the list, each after its mark.
    """

    marks: tuple[str | None, ...]
    notes: tuple[str, ...]


def depth_notes(options: Sequence[SharedDepthOption]) -> DepthNotes:
    """Say each reason that refuses more than one depth once, under the list.

    Depths are refused alike when their card-free sentences (``shared``), or else their
    whole sentences, are the same; a reason that refuses one depth stays beside it.

    >>> from types import SimpleNamespace as Depth
    >>> unusable = "The deepest card cannot be used (R-5)."
    >>> notes = depth_notes([
    ...     Depth(reason="7C cannot be used (R-5).", shared=unusable),
    ...     Depth(reason="6C cannot be used (R-5).", shared=unusable),
    ...     Depth(reason=None, shared=None),
    ... ])
    >>> notes.marks, notes.notes
    (('*', '*', None), ('* The deepest card cannot be used (R-5).',))
    """
    keys = [
        None if option.reason is None else (option.shared or option.reason) for option in options
    ]
    counts: dict[str, int] = {}
    for key in keys:
        if key is not None:
            counts[key] = counts.get(key, 0) + 1
    repeated = [key for key, count in counts.items() if count > 1]
    mark_of = {key: "*" * (index + 1) for index, key in enumerate(repeated)}
    marks = tuple(None if key is None else mark_of.get(key) for key in keys)
    return DepthNotes(marks, tuple(f"{mark_of[key]} {key}" for key in repeated))


def reading_label(placed: Sequence[tuple[Card, Face]], settings: DisplaySettings) -> Text:
    """One reading of a meld with wild cards, as (card, what it stands for) pairs: what each
    wild card stands for (G-6)."""
    label = Text()
    wilds = [(card, face) for card, face in placed if card.face is not face]
    label.append(
        ", ".join(
            f"{card_label(card, settings)} = {face_label(face, settings)}" for card, face in wilds
        )
        # Translators: a meld read with its wild cards standing for nothing else.
        or _("as they are")
    )
    label.append("   ")
    label.append_text(pairs_text(placed, settings))
    return label


def layoff_label(
    meld: TableMeld, face: Face, card: Card, players: tuple[str, ...], settings: DisplaySettings
) -> Text:
    """A meld a card may be laid off on, and what the card stands for there (R-7)."""
    label = meld_text(meld, meld.owner, settings)
    owner = players[meld.owner]
    if meld.kind is MeldKind.RUN:
        whose = _("({name}'s run)").format(name=owner)
    else:
        whose = _("({name}'s group)").format(name=owner)
    label.append("  " + whose, style="dim")
    if face is not card.face:
        label.append("  ")
        # Translators: a wild card laid off as the card {face} (e.g. "as 7♥").
        label.append_text(fill(_("as {face}"), face=faces_text([face], settings)))
    return label


def go_out_label(option: GoOut, settings: DisplaySettings) -> Text:
    """A whole-hand go-out: the final discard and the melds (B-3, E-7)."""
    melds = join_texts([faces_text(spec.faces or (), settings) for spec in option.melds], " | ")
    if option.discard is None:
        return fill(_("no discard: {melds}"), melds=melds)
    # Translators: a way to go out: the card discarded, then the melds laid down.
    return fill(_("discard {card}: {melds}"), card=card_text(option.discard, settings), melds=melds)
