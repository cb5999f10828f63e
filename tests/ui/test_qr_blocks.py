"""The QR code of a join address drawn with half blocks: read back from the drawing, module by
module, it is segno's own code with the standard quiet zone; it stays small enough for the
shared screen and is black on white whatever the terminal's theme."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import segno
from rich.console import Console

from rummy_tui.ui.own.qr_blocks import QUIET_ZONE, qr_code, qr_lines, qr_text

JOIN_URL = "http://192.168.1.20:8000/?join=HR-K7QM-4TZP-XE"

HALVES = {" ": (False, False), "▀": (True, False), "▄": (False, True), "█": (True, True)}


def read_back(lines: list[str]) -> list[list[bool]]:
    """The modules a drawing shows, two rows for each line (True for dark)."""
    rows: list[list[bool]] = []
    for line in lines:
        pairs = [HALVES[character] for character in line]
        rows.append([upper for upper, _ in pairs])
        rows.append([lower for _, lower in pairs])
    return rows


def segnos_modules(url: str, error: str, version: int) -> list[list[bool]]:
    """segno's matrix of ``url`` with a quiet zone of four light modules around it."""
    code = segno.make(url, error=error, version=version, boost_error=False, micro=False)
    width = len(code.matrix[0]) + 2 * 4
    light = [[False] * width for _ in range(4)]
    middle = [[False] * 4 + [bool(m) for m in row] + [False] * 4 for row in code.matrix]
    return light + middle + light


@pytest.mark.parametrize(
    "url",
    [
        JOIN_URL,
        "http://127.0.0.1:8000/?join=HR-K7QM-4TZP-XE",
        "http://[fe80::1234:5678:9abc:def0]:65535/?join=ZZ-ZZZZ-ZZZZ-ZZ",
        "http://a/",
    ],
)
def test_the_drawing_reads_back_as_segnos_own_code_in_its_quiet_zone(url: str) -> None:
    code = qr_code(url)
    lines = qr_lines(url)
    assert set("".join(lines)) <= set(HALVES)
    assert len({len(line) for line in lines}) == 1
    drawn = read_back(lines)
    expected = segnos_modules(url, code.error.lower(), int(code.version))
    assert QUIET_ZONE == 4
    if len(expected) % 2:  # the last line's lower half lies below the code: light
        assert not any(drawn[-1])
        drawn = drawn[:-1]
    assert drawn == expected


def test_the_smallest_version_at_level_l_and_m_when_that_version_holds_it() -> None:
    # The join address needs version 3 at L (version 4 at M): L keeps it 37 columns wide.
    assert qr_code(JOIN_URL).designator == "3-L"
    # A shorter address fits version 1 at level M as well: M is taken.
    assert qr_code("http://a/").designator == "1-M"
    for url in (JOIN_URL, "http://a/"):
        smallest = segno.make(url, error="l", boost_error=False, micro=False)
        assert qr_code(url).version == smallest.version


def test_a_typical_join_address_fits_in_40_columns_and_21_rows() -> None:
    lines = qr_lines(JOIN_URL)
    assert (len(lines[0]), len(lines)) == (37, 19)


def terminal_picture(lines: list[str], path: Path) -> None:
    """The drawing as a terminal shows it, in black and white (a PBM picture): a cell is
    8 pixels wide and 16 tall, a half block fills its half of the cell."""
    rows: list[str] = []
    for line in lines:
        for half in ("▀█", "▄█"):
            row = " ".join("1 " * 8 if character in half else "0 " * 8 for character in line)
            rows += [row] * 8
    path.write_text(f"P1\n{len(lines[0]) * 8} {len(rows)}\n" + "\n".join(rows) + "\n")


@pytest.mark.skipif(
    shutil.which("zbarimg") is None, reason="no QR reader here (apt-get install zbar-tools)"
)
def test_a_qr_reader_reads_the_join_address_off_the_drawing(tmp_path: Path) -> None:
    picture = tmp_path / "code.pbm"
    terminal_picture(qr_lines(JOIN_URL), picture)
    read = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(picture)], capture_output=True, text=True, check=False
    )
    assert read.stdout.strip() == JOIN_URL


def test_the_code_is_black_on_white_on_any_theme() -> None:
    text = qr_text(JOIN_URL)
    assert text.plain.split("\n") == qr_lines(JOIN_URL)
    assert text.style.color.name == "black" and text.style.bgcolor.name == "white"
    console = Console(force_terminal=True, color_system="standard", width=60)
    with console.capture() as captured:
        console.print(text)
    drawn = captured.get()
    assert "\x1b[30;47m" in drawn  # black foreground on a white background
