"""What the players chose when a match ended: the messages the end-of-match screen posts.

The screen that shows the finished match posts one of these up to the app, which acts on it
(``RummyApp.on_match_end_play_again`` and its two siblings):

- :class:`MatchEnd.PlayAgain`: the same table again, seats turned by one so that someone else
  deals first, the same options, a fresh shuffle (``rummy_tui.match.rematch.play_again``);
- :class:`MatchEnd.NewGame`: the new-game menu, starting from this table;
- :class:`MatchEnd.Title`: the title screen.

The finished match is still the app's current match while the message travels, so the app
knows which table to play again.
"""

from __future__ import annotations

from textual.message import Message


class MatchEnd:
    """The three choices at the end of a match (handlers: ``on_match_end_<choice>``)."""

    class PlayAgain(Message):
        """Play the same table again, the next player dealing first."""

    class NewGame(Message):
        """Open the new-game menu."""

    class Title(Message):
        """Back to the title screen."""
