"""A QR code drawn in the terminal with Unicode half blocks, for the shared screen's join codes.

Each character row holds two rows of modules: the upper half block '▀' is a dark module over a
light one, '▄' a light over a dark, '█' two dark and ' ' two light. Around the code is the
standard quiet zone of four light modules, which phone cameras need to find the code's edges.

QR readers look for dark modules on a light ground, so the drawing must not take the terminal's
own colours (a dark theme would turn the code into light on dark, which many readers refuse):
``qr_text`` gives the lines in black on white on any theme.

The code is the smallest QR version that holds the address at error correction level L; when
the same version also holds it at level M, M is used (more of a smudged or tilted code is still
read, at no cost in size). A typical join address, ``http://192.168.1.20:8000/?join=HR-K7QM-4TZP-
XE``, is version 3 at level L: 29 modules and the quiet zone, 37 columns by 19 rows.
"""

from __future__ import annotations

import segno
from rich.style import Style
from rich.text import Text

QUIET_ZONE = 4
"""Light modules around the code on every side (the QR standard's quiet zone)."""

QR_STYLE = Style(color="black", bgcolor="white")
"""Dark modules in black on a white ground: the contrast a QR reader expects, on any theme."""

_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}
"""The character of a pair of modules (upper dark, lower dark)."""


def qr_code(url: str) -> segno.QRCode:
    """The QR code of ``url``: the smallest version at level L, at level M when that version
    holds it too."""
    smallest = segno.make(url, error="l", boost_error=False, micro=False)
    try:
        return segno.make(url, error="m", version=smallest.version, boost_error=False, micro=False)
    except segno.DataOverflowError:
        return smallest


def module_rows(url: str) -> list[list[bool]]:
    """The modules of ``url``'s QR code with its quiet zone, row by row (True for dark)."""
    code = qr_code(url)
    return [
        [bool(module) for module in row] for row in code.matrix_iter(scale=1, border=QUIET_ZONE)
    ]


def qr_lines(url: str) -> list[str]:
    """The QR code of ``url`` drawn with half blocks, two module rows to a line: block
    characters are the dark modules, spaces the light ones (the last line's lower half is
    light when the rows are odd)."""
    rows = module_rows(url)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [
        "".join(_BLOCKS[upper, lower] for upper, lower in zip(top, bottom, strict=True))
        for top, bottom in zip(rows[::2], rows[1::2], strict=True)
    ]


def qr_text(url: str) -> Text:
    """The QR code of ``url`` as black blocks on white, ready for a ``Static`` (the same on a
    dark or a light theme, so a phone camera reads it)."""
    return Text("\n".join(qr_lines(url)), style=QR_STYLE, no_wrap=True, overflow="crop")
