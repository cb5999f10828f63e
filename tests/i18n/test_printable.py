"""Text read from a file reaches the screen as plain text (the developers' standard; G-2 for
names): control and format characters and the pieces that join symbols into a wider picture
become U+FFFD, whatever ``str.isprintable`` thinks of them."""

from __future__ import annotations

import pytest

from rummy_tui.i18n.printable import REPLACEMENT, printable, printable_tree


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Anna", "Anna"),
        ("Åsa Öberg", "Åsa Öberg"),
        ("Фёдор", "Фёдор"),
        ("A\x1b[2JB", "A\ufffd[2JB"),
        ("A\u202eB", "A\ufffdB"),  # a bidi override
        ("A\u200dB", "A\ufffdB"),  # a zero-width joiner
        # printable by str.isprintable, yet each restyles or joins the character before it:
        ("\u2764\ufe0f", "\u2764\ufffd"),  # a variation selector
        ("\U0001f44d\U0001f3fd", "\U0001f44d\ufffd"),  # a skin-tone modifier
        ("\U0001f1eb\U0001f1ee", "\ufffd\ufffd"),  # regional indicators (a flag)
    ],
)
def test_only_safe_characters_pass_unchanged(text: str, shown: str) -> None:
    assert printable(text) == shown


def test_every_string_and_key_of_a_file_is_made_safe() -> None:
    tree = {"name\ufe0f": ["Bob\x07", {"seat": 1, "tag": "\U0001f3fb"}]}
    assert printable_tree(tree) == {
        f"name{REPLACEMENT}": [f"Bob{REPLACEMENT}", {"seat": 1, "tag": REPLACEMENT}]
    }
