"""Why a deal of a match cannot be replayed, in one sentence, from the replay's refusal code.

The replay (:mod:`rummy_tui.replay`) refuses as data, a
:class:`~rummy_tui.replay.deals.NotReplayable` with a stable code and the deal it is about;
the command line and the replay screen word it here (this floor may not import the replay,
so the code and the deal's number are given).

>>> not_replayable_sentence("replay.no_deal", 7, "evening")
"The match 'evening' has no deal 7."
"""

from __future__ import annotations

from rummy_tui.i18n import _

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
