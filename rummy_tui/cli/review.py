"""``rummy review NAME [--json]``: which moves of a saved match cost each person points.

The match is read without a lock (as ``rummy sheet`` reads it), its finished deals rebuilt
step by step (:mod:`rummy_tui.replay`) and reviewed (:mod:`rummy_tui.review`) for the seats
people played (computers are not reviewed). A match still being played is not reviewed: a
claim names cards a person held, which nobody else may see before the match is over (P-2).
The claims are printed in the reader's language, or with ``--json`` as one JSON object (its
keys are those of :meth:`rummy_tui.review.MatchReview.to_json`, with ``"text"``: each
claim's lines as printed). A progress bar counts the deals on standard error when it is a
terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rummy_tui.i18n import _
from rummy_tui.i18n.labels import DEALS_UNIT
from rummy_tui.i18n.outside_text import say


def add_command(commands: Any) -> None:
    """Add ``review`` to the ``rummy`` parser's subcommands."""
    review = commands.add_parser(
        "review", help=_("list the moves of a saved match that cost each person points")
    )
    review.add_argument("name", help=_("the saved match's name, as the Load screen lists it"))
    review.add_argument(
        "--json", action="store_true", help=_("print the review as one JSON object")
    )


def run_review(args: argparse.Namespace) -> int:
    """Print the review of the saved match ``args.name``; 1 with one sentence on a failure."""
    from rummy_tui.core.history import ReplayError
    from rummy_tui.i18n.replay_words import review_hidden_words
    from rummy_tui.i18n.review_words import (
        claim_lines,
        nobody_reviewed,
        nothing_finished,
        reviewing_label,
        seat_heading,
    )
    from rummy_tui.persistence import SaveError, SaveStore
    from rummy_tui.replay import MatchSteps, NotReplayable
    from rummy_tui.review import review_match
    from rummy_tui.tools.progress import progress_bar

    try:
        setup, game, _extra = SaveStore(args.data_dir).peek(args.name)
    except SaveError as error:
        return _fail(str(error))
    people = [seat for seat, entry in enumerate(setup.seats) if not entry.kind.is_bot]
    try:
        steps = MatchSteps(game.state)
    except (NotReplayable, ReplayError):
        return _fail(
            _("The save {name} cannot be reviewed: its log does not replay.").format(
                name=repr(args.name)
            )
        )
    if not steps.finished_match:
        return _fail(review_hidden_words())
    total = len(steps.replayable)
    with progress_bar(reviewing_label(), total=total, unit=_(DEALS_UNIT)) as bar:
        review = review_match(steps, seats=people, progress=lambda done, _all: bar.advance())
    players = list(steps.players)
    if args.json:
        data = review.to_json()
        data["name"] = args.name
        data["text"] = [
            [line for claim in seat.claims for line in claim_lines(claim, players)]
            for seat in review.seats
        ]
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        return 0
    if not people:
        say(nobody_reviewed())
        return 0
    if not review.deals:
        say(nothing_finished())
        return 0
    from rummy_tui.cli.printed import card_settings, shown_cards

    cards = card_settings(args.data_dir)
    for seat in review.seats:
        say(seat_heading(seat))
        for claim in seat.claims:
            for index, line in enumerate(claim_lines(claim, players)):
                say(("  " if index == 0 else "    ") + shown_cards(line, cards))
    return 0


def _fail(message: str) -> int:
    say(f"rummy: {message}", file=sys.stderr)
    return 1
