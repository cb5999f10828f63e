"""Every test here leaves the game speaking English, as the rest of the suite expects."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rummy_tui.i18n import set_language


@pytest.fixture(autouse=True)
def back_to_english() -> Iterator[None]:
    yield
    set_language("en")
