"""rummy_tui: hot-seat rummy for 2 to 12 players at one terminal."""

__version__ = "0.1.0"
