"""The ``rummy`` command: starting the table and the subcommands (``main``), the score sheet and
records printed in the terminal (``records``)."""
