"""The headings of the players' records, written once for the Records screen and for
``rummy stats`` in the terminal.

Each is marked for the catalogs with ``N_`` and translated where it is shown (``_(WON)``).
The variant and the players columns use the labels every screen shares
(:data:`~rummy_tui.i18n.labels.VARIANT`, :data:`~rummy_tui.i18n.labels.PLAYERS`).
"""

from __future__ import annotations

from rummy_tui.i18n import N_

PLAYER = N_("Player")
MATCHES = N_("Matches")
WON = N_("Won")
"""Matches won."""
DEALS = N_("Deals")
"""Deals played."""
DEALS_WON = N_("Deals won")
STREAK = N_("Streak")
"""The longest run of matches won."""
FINISHED = N_("Finished")
"""When a match ended."""
WINNER = N_("Winner")
LAST_MATCHES = N_("Last matches")
"""The list of the last matches (a tab, a table's title)."""
