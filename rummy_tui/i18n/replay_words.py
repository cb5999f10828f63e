"""The replay's words: where a replay stands, the deals it offers, why a deal cannot be
replayed, and playing a deal again.

The replay itself (:mod:`rummy_tui.replay`) is data: a deal's number, a step, refusal codes
(a :class:`~rummy_tui.replay.deals.NotReplayable`). The replay screen, the command line and
the tests word them here, once each (this floor may not import the replay, so the code and
the deal's number are given).

>>> not_replayable_sentence("replay.no_deal", 7, "evening")
"The match 'evening' has no deal 7."
"""

from __future__ import annotations

from rummy_tui.i18n import N_, _, ngettext
from rummy_tui.i18n.deal_words import deal_number_words

REPLAY = N_("Replay")
"""The replay's name: a key's label and the screen's first word."""
PREVIOUS_MOVE = N_("Back a move")
NEXT_MOVE = N_("Next move")
DEAL_START = N_("As dealt")
DEAL_END = N_("End of deal")
PREVIOUS_DEAL = N_("Previous deal")
NEXT_DEAL = N_("Next deal")
NEXT_HAND = N_("Next hand")
ALL_HANDS = N_("All hands")
"""Every hand at the step on view, one under the other."""
PREVIOUS_HAND = N_("Previous hand")
REVIEW = N_("Review")
DEAL_AGAIN = N_("Deal again")
"""Play this deal again: a new match with the same seats, dealer, options and cards."""


def count_moves(n: int) -> str:
    """``n`` moves of a deal ("1 move", "24 moves")."""
    return ngettext("{n} move", "{n} moves", n).format(n=n)


def step_words(step: int, last_step: int) -> str:
    """Where the replay stands in its deal: as dealt, a move of so many, or the deal's end."""
    if step == 0:
        # Translators: the replay shows the deal as it was dealt, before its first move.
        return _("as dealt, before the first of {moves}").format(moves=count_moves(last_step))
    if step == last_step:
        # Translators: the replay shows the deal's last move: the deal is over.
        return _("move {step} of {last}: the end of the deal").format(step=step, last=last_step)
    return _("move {step} of {last}").format(step=step, last=last_step)


def replay_heading(deal_number: int, position: int, deals: int, finished_match: bool) -> str:
    """The replay line's start: "Replay · Deal 3 (2 of 4)" for a finished match, "Replay ·
    Deal 3 (2 of 4 finished)" for one still being played (its deal in progress is not
    replayed)."""
    if finished_match:
        text = _("{replay} · {deal} ({position} of {deals})")
    else:
        text = _("{replay} · {deal} ({position} of {deals} finished)")
    return text.format(
        replay=_(REPLAY), deal=deal_number_words(deal_number), position=position, deals=deals
    )


def all_hands_title(step_line: str) -> str:
    """The heading of every hand at one step: "Every hand · Deal 2 · move 14 of 40"."""
    return _("Every hand: {where}").format(where=step_line)


def hands_hidden_words() -> str:
    """What stands in for the hands in the replay of a match still being played (P-2, P-3)."""
    return _(
        "The match is still being played: hands are shown only as each deal's end revealed them."
    )


def no_hand_words(name: str) -> str:
    """What stands in for a hand that has no cards at this step."""
    return _("{name} holds no cards.").format(name=name)


def not_replayable_words(code: str, deal_number: int | None = None) -> str:
    """Why a deal or step cannot be replayed, from its refusal code (rummy_tui.replay)."""
    if code == "replay.in_progress":
        return _("Deal {deal} is still being played: only finished deals can be replayed.").format(
            deal=deal_number
        )
    if code == "replay.no_deal" and deal_number is not None:
        return _("This match has no deal {deal}.").format(deal=deal_number)
    if code == "replay.no_step":
        return _("That deal has no such move.")
    if code == "replay.no_deal":
        return _("This match's log does not start with a deal.")
    return _("No deal of this match is finished yet: there is nothing to replay.")


def review_keys_words() -> str:
    """The line under the review's title: how a claim is followed."""
    return _("↑↓ choose a move · Enter shows it in the replay · Esc back to the replay")


def review_hidden_words() -> str:
    """Why the review of a match still being played is not shown (P-2)."""
    return _("The review names cards people held: it opens once the match is over (P-2).")


def pick_deal_question() -> str:
    """The deal picker's question."""
    return _("Replay which deal?")


def deal_choice_words(deal_number: int, moves: int, ending: str) -> str:
    """A deal in the picker: "Deal 2 · 31 moves · Bob went out."."""
    return _("{deal} · {moves} · {ending}").format(
        deal=deal_number_words(deal_number), moves=count_moves(moves), ending=ending
    )


def deal_again_question(deal_number: int) -> str:
    """The question before a deal is played again."""
    return _(
        "Play deal {deal} again with the same seats, dealer, options and cards? It starts a "
        "new match, kept apart from the players' records."
    ).format(deal=deal_number)


def rerun_mark(when: str) -> str:
    """A recorded match that played a deal again, by when it finished (the records list it
    apart: it counts in no player's record)."""
    # Translators: {when} is a date and time; the match played a deal of another again.
    return _("{when} (deal played again)").format(when=when)


def reruns_heading() -> str:
    """The heading of the deals played again in ``rummy records``."""
    return _("Deals played again (not counted in the records)")


IN_PROGRESS_RULE = "P-1"
"""The rule that keeps the hands of a deal being played hidden."""


def not_replayable_sentence(code: str, deal_number: int | None, name: str) -> str:
    """The sentence of a replay's refusal ``code`` (``replay.nothing``, ``replay.no_deal``,
    ``replay.in_progress``, ``replay.no_step``) about deal ``deal_number`` of the saved match
    ``name``."""
    match = repr(name)
    if code == "replay.nothing":
        return _("The match {name} has no finished deal to replay yet.").format(name=match)
    if code == "replay.in_progress":
        return _(
            "Deal {number} of the match {name} is still being played, so it is not shown ({rule})."
        ).format(number=deal_number, name=match, rule=IN_PROGRESS_RULE)
    if code == "replay.no_step":
        return _("Deal {number} of the match {name} has no such move.").format(
            number=deal_number, name=match
        )
    return _("The match {name} has no deal {number}.").format(name=match, number=deal_number)
