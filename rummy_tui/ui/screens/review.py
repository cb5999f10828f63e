"""The replay's Review view: for each person, the moves that cost them points (issue 32).

The review (:func:`rummy_tui.review.review_match`) runs in a worker thread, with a progress
bar, over the finished deals of the match the replay shows; each claim is a fact the core
checked in its position, worded by :mod:`rummy_tui.i18n.review_words`. Choosing a claim
dismisses the screen with it, and the replay opens at that move. Only people are reviewed
(computers are not), and only a finished match: a claim names cards a person held, which
nobody else may see while the match is being played (P-2).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from rummy_tui.i18n import _
from rummy_tui.i18n.labels import BACK
from rummy_tui.i18n.replay_words import REVIEW, review_keys_words
from rummy_tui.i18n.review_words import (
    claim_lines,
    nobody_reviewed,
    reviewing_label,
    seat_heading,
)
from rummy_tui.ui.play.render import log_text
from rummy_tui.ui.shell.assets import stylesheet_paths
from rummy_tui.ui.shell.keymap import named
from rummy_tui.ui.shell.palette import style
from rummy_tui.ui.shell.translate import translate_bindings
from rummy_tui.ui.widgets.keybar import KeyBar

if TYPE_CHECKING:
    from rummy_tui.replay import MatchSteps
    from rummy_tui.review import Claim, MatchReview
    from rummy_tui.ui.shell.settings import DisplaySettings


def review_options(
    review: MatchReview, players: Sequence[str], settings: DisplaySettings
) -> tuple[list[Option | None], list[Claim]]:
    """The list's options: each person's heading (not choosable), then their claims, each
    with what was played and what was better, a rule between them (None); and the claims in
    the options' order."""
    options: list[Option | None] = []
    claims: list[Claim] = []
    for seat in review.seats:
        if options:
            options.append(None)
        heading = Text(seat_heading(seat), style=style("bold", "game-highlight"))
        options.append(Option(heading, id=f"seat-{seat.seat}", disabled=True))
        for claim in seat.claims:
            lines = claim_lines(claim, players)
            prompt = log_text(lines[0], settings)
            prompt.stylize("bold")
            for line in lines[1:]:
                prompt.append("\n")
                prompt.append_text(log_text(line, settings))
            options.extend((None, Option(prompt, id=f"claim-{len(claims)}")))
            claims.append(claim)
    return options, claims


class ReviewScreen(Screen["Claim | None"]):
    """The review of the replay's match, per person; Enter on a claim opens the replay at
    its move, Escape goes back to the replay."""

    CSS_PATH = stylesheet_paths("replay.tcss")

    BINDINGS: ClassVar[list[BindingType]] = named(
        "review",
        [
            Binding("escape", "close", BACK, key_display="Esc"),
            Binding("q", "close", BACK, show=False, id="quit"),
        ],
    )

    def __init__(
        self,
        steps: MatchSteps,
        people: Sequence[int],
        settings: DisplaySettings,
        known: MatchReview | None = None,
        keep: Callable[[MatchReview], None] | None = None,
    ) -> None:
        """Review ``people``'s seats of ``steps``'s match (``known``: a review already made,
        shown at once); ``keep`` is given the review once it is made."""
        super().__init__()
        translate_bindings(self)
        self.steps = steps
        self.people = tuple(people)
        self.settings = settings
        self.review: MatchReview | None = known
        self.keep = keep
        self.claims: list[Claim] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static(_(REVIEW), id="review-title", markup=False)
            yield Static(review_keys_words(), id="review-keys", markup=False)
            yield Static(reviewing_label(), id="review-progress-label", markup=False)
            yield ProgressBar(id="review-progress", show_eta=False)
            yield OptionList(id="review-list")
        yield KeyBar()

    def on_mount(self) -> None:
        if not self.people:
            self.show_lines([Option(nobody_reviewed(), disabled=True)])
        elif self.review is not None:
            self.show_review(self.review)
        else:
            self.query_one(OptionList).display = False
            self.run_review()

    @work(thread=True, exclusive=True, group="review")
    def run_review(self) -> None:
        """Review the match in a thread; the bar follows it deal by deal."""
        from rummy_tui.review import review_match

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        # Steps of its own: the replay may be stepped while the review works (no shared cache).
        review = review_match(self.steps.fresh(), self.people, progress=progress)
        self.app.call_from_thread(self._reviewed, review)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    def _reviewed(self, review: MatchReview) -> None:
        self.review = review
        if self.keep is not None:
            self.keep(review)
        if self.is_mounted:
            self.show_review(review)

    def show_review(self, review: MatchReview) -> None:
        """The claims, person by person."""
        options, self.claims = review_options(review, self.steps.players, self.settings)
        self.show_lines(options)

    def show_lines(self, options: Sequence[Option | None]) -> None:
        self.query_one("#review-progress-label").display = False
        self.query_one(ProgressBar).display = False
        listing = self.query_one(OptionList)
        listing.display = True
        listing.clear_options()
        listing.add_options(options)
        listing.focus()
        for index in range(listing.option_count):
            if not listing.get_option_at_index(index).disabled:
                listing.highlighted = index
                break

    @on(OptionList.OptionSelected, "#review-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        option_id = event.option.id or ""
        if option_id.startswith("claim-"):
            self.dismiss(self.claims[int(option_id.removeprefix("claim-"))])

    def action_close(self) -> None:
        """Back to the replay."""
        self.dismiss(None)
