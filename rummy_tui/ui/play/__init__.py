"""A match at the table, as the interface plays it: the match session (the runner of
the table's rules), hand-offs, hand orders, the computers' turns, the table's words and keys."""
