"""``python -m rummy_tui`` runs the same command as ``rummy``."""

from rummy_tui.cli.main import main

if __name__ == "__main__":
    raise SystemExit(main())
