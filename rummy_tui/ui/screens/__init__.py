"""The screens: title, new game, load and rules (menus); cut, hand-off, table, end of deal and
the small pop-up questions (gameplay)."""
