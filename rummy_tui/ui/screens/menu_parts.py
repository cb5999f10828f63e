"""What the menu screens share: the buttons that run a screen action.

The menus (new game, load, rules help) draw the same header line and the same bar of buttons;
their shared styles live in ``assets/menus.tcss`` (each screen's own in its sheet), and a
button is tied to an action by naming it in ``BUTTON_ACTIONS`` instead of one handler each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button


def fit_columns(root: Widget, widths: Mapping[str, int]) -> None:
    """Give the widgets under ``root`` that match each selector of ``widths`` its width (the
    columns a menu measured for the language in use)."""
    for selector, width in widths.items():
        for widget in root.query(selector):
            widget.styles.width = width


class ButtonActions:
    """Mixin for a :class:`Screen`: a pressed button runs the action ``BUTTON_ACTIONS`` names
    for its id, the same action its key runs."""

    BUTTON_ACTIONS: ClassVar[dict[str, str]] = {}
    """Button id -> action (``"load-back": "back"`` runs ``action_back``; arguments as in a
    binding, ``"answer(True)"``)."""

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        """Run the pressed button's action."""
        action = self.BUTTON_ACTIONS.get(event.button.id or "")
        if action is None:
            return
        event.stop()
        assert isinstance(self, Screen)
        await self.run_action(action)
