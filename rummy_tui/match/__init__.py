"""A match around the rules core: who sits where and on what terms (``setup``), the score sheet
of its deals (``sheet``), the next match with the same table (``rematch``)."""
