"""The running totals of every player (or partnership) over the deals, as a picture (P-5).

Where the widget is wide enough it draws one line chart (``textual-plotext``), one line per
column of the score sheet; on narrower terminals it shows one Textual ``Sparkline`` per column,
each labelled with the name and the current total, so twelve players still read at 80x24.

Lines and sparklines are told apart by more than colour: the colours come from a palette made
for colour-blind readers, every line chart series is drawn with its own letter (``A``, ``B``,
...) when the four-colour or ASCII card setting is on, and every sparkline carries its name.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.color import Color
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widget import Widget
from textual.widgets import Sparkline, Static

from rummy_tui.i18n import _, pgettext
from rummy_tui.match.sheet import ScoreSheet
from rummy_tui.ui.shell.settings import DisplaySettings

LINE_CHART_MIN_WIDTH = 100
"""The narrowest widget (in columns) that gets a line chart instead of sparklines."""
LINE_CHART_MIN_HEIGHT = 12
"""The lowest widget (in lines) that gets a line chart."""

PALETTE: tuple[tuple[int, int, int], ...] = (
    (230, 159, 0),
    (86, 180, 233),
    (0, 158, 115),
    (240, 228, 66),
    (0, 114, 178),
    (213, 94, 0),
    (204, 121, 167),
    (200, 200, 200),
    (68, 170, 153),
    (221, 204, 119),
    (170, 68, 153),
    (136, 204, 238),
)
"""Series colours: the Okabe-Ito set for colour-blind readers, then Paul Tol's muted colours;
all readable on a dark background. Twelve, one per possible column."""

LETTERS = "ABCDEFGHIJKL"

MOST_TICK_GAPS = 6
"""The line chart's value axis is split into at most this many equal steps."""


def series_colour(index: int) -> tuple[int, int, int]:
    """The colour of the ``index``-th column's series."""
    return PALETTE[index % len(PALETTE)]


def hex_colour(index: int) -> str:
    """The same colour as ``#rrggbb``."""
    red, green, blue = series_colour(index)
    return f"#{red:02x}{green:02x}{blue:02x}"


def chart_title(unit: str) -> str:
    """The line chart's title: "Running totals (points)" or "(chips)"."""
    return _("Running totals (chips)") if unit == "chips" else _("Running totals (points)")


def spark_title(unit: str) -> str:
    """The sparklines' title."""
    if unit == "chips":
        return _("Running totals (chips), deal by deal")
    return _("Running totals (points), deal by deal")


@dataclass(frozen=True)
class Series:
    """One column's running totals: 0 before the first deal, then the total after each."""

    name: str
    letter: str
    totals: tuple[int, ...]


def running_totals(sheet: ScoreSheet) -> list[Series]:
    """One series per sheet column (dead hands repeat the total they left unchanged)."""
    series = []
    for index, column in enumerate(sheet.columns):
        totals = [0] + [row.cells[index].total for row in sheet.rows]
        series.append(
            Series(name=column.title, letter=LETTERS[index % len(LETTERS)], totals=tuple(totals))
        )
    return series


def stretched(values: tuple[int, ...], width: int) -> list[int]:
    """``values`` with each one repeated so that the sparkline fills about ``width`` cells
    (a sparkline gives every value at most one cell; a match has only a few deals)."""
    if not values:
        return []
    repeat = max(1, width // len(values))
    return [value for value in values for _ in range(repeat)]


def whole_ticks(low: int, high: int, most: int = MOST_TICK_GAPS) -> list[int]:
    """Marks for the value axis from ``low`` to ``high``: whole numbers a round step apart
    (1, 2 or 5 times a power of ten), the first at or below ``low``, the last at or above
    ``high``, at most ``most`` steps between them (points and chips are whole, so the axis
    never reads 6.7).

    >>> whole_ticks(-20, 20)
    [-20, -10, 0, 10, 20]
    >>> whole_ticks(0, 3)
    [0, 1, 2, 3]
    >>> whole_ticks(5, 5)
    [5]
    """
    if high <= low:
        return [low]
    power = 1
    while True:
        for factor in (1, 2, 5):
            step = factor * power
            first = (low // step) * step
            last = -((-high) // step) * step
            if (last - first) // step <= most:
                return list(range(first, last + 1, step))
        power *= 10


class TotalsLineChart(Widget):
    """The running totals as one line chart (plotext), one coloured, labelled line each."""

    # Styled in assets/score_sheet.tcss, with the screen that shows it.

    def __init__(
        self, sheet: ScoreSheet, settings: DisplaySettings, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.sheet = sheet
        self.settings = settings

    def compose(self) -> ComposeResult:
        from textual_plotext import PlotextPlot

        yield PlotextPlot()

    def on_mount(self) -> None:
        from textual_plotext import PlotextPlot

        plot = self.query_one(PlotextPlot)
        plt = plot.plt
        plt.clear_figure()
        series = running_totals(self.sheet)
        lettered = self.settings.four_colour or self.settings.ascii_suits
        deals = list(range(len(series[0].totals))) if series else []
        for index, line in enumerate(series):
            plt.plot(
                deals,
                list(line.totals),
                marker=line.letter if lettered else "braille",
                color=series_colour(index),
                label=f"{line.letter} {line.name}" if lettered else line.name,
            )
        plt.title(chart_title(self.sheet.unit))
        plt.xlabel(pgettext("chart axis", "deal"))
        plt.xticks([float(deal) for deal in deals], [str(deal) for deal in deals])
        target = self.sheet.target_score
        highest = max((max(line.totals) for line in series), default=0)
        lowest = min((min(line.totals) for line in series), default=0)
        if target is not None and highest * 2 >= target:
            # The target line only once someone is halfway there (it would flatten the lines).
            plt.hline(target, color=(150, 150, 150))
            highest = max(highest, target)
        ticks = whole_ticks(lowest, highest)
        plt.ylim(ticks[0], ticks[-1])
        plt.yticks([float(tick) for tick in ticks], [str(tick) for tick in ticks])


class TotalsSparklines(VerticalScroll):
    """The running totals as one sparkline per column: name, sparkline, total."""

    # Styled in assets/score_sheet.tcss, with the screen that shows it.

    def __init__(self, sheet: ScoreSheet, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.sheet = sheet

    def compose(self) -> ComposeResult:
        yield Static(
            Text(spark_title(self.sheet.unit), style="bold"),
            classes="spark-title",
        )
        for index, line in enumerate(running_totals(self.sheet)):
            with Horizontal(classes="spark-row"):
                name = Text(line.name, style=f"bold {hex_colour(index)}", overflow="ellipsis")
                name.truncate(14, overflow="ellipsis")
                yield Static(name, classes="spark-name")
                colour = Color.parse(hex_colour(index))
                yield Sparkline(
                    stretched(line.totals, 48),
                    summary_function=max,
                    min_color=colour.with_alpha(0.35),
                    max_color=colour,
                )
                yield Static(str(line.totals[-1]), classes="spark-total")


class TotalsChart(Vertical):
    """Line chart or sparklines, chosen by the room the widget has (re-chosen on resize)."""

    # Styled in assets/score_sheet.tcss, with the screen that shows it.

    def __init__(
        self, sheet: ScoreSheet, settings: DisplaySettings, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.sheet = sheet
        self.settings = settings
        self.kind: str | None = None
        """"line" or "sparklines", once drawn."""

    def wanted_kind(self) -> str:
        """Which picture fits the widget's size."""
        width, height = self.size.width, self.size.height
        if width >= LINE_CHART_MIN_WIDTH and height >= LINE_CHART_MIN_HEIGHT:
            return "line"
        return "sparklines"

    def on_resize(self) -> None:
        kind = self.wanted_kind()
        if kind == self.kind:
            return
        self.kind = kind
        self.remove_children()
        if not self.sheet.rows:
            self.mount(Static(_("No deal has been scored yet."), classes="chart-empty"))
        elif kind == "line":
            self.mount(TotalsLineChart(self.sheet, self.settings))
        else:
            self.mount(TotalsSparklines(self.sheet))
