"""Sentences of the table's own rules that more than one floor says: the saves refuse a seat
change on a joined screen, and the table's rules refuse its key (P-6)."""

from __future__ import annotations

from rummy_tui.i18n import N_, _

SEATS_ON_SHARED_SCREEN = N_("Only the shared screen moves seats and gives out join codes ({rule}).")
SEATS_RULE = "P-6"
"""The rule that keeps the seats' management on the shared screen."""


def seats_refusal() -> str:
    """The one sentence refusing a seat change or a code on a joined screen (P-6)."""
    return _(SEATS_ON_SHARED_SCREEN).format(rule=SEATS_RULE)
