"""Widgets of the table. Each draws what it is given (a PlayerView and presentation state) and
posts messages for clicks; none of them holds game state or talks to the engine."""
