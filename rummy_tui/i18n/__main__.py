"""``python -m rummy_tui.i18n extract|update|compile|check``: maintain the catalogs."""

from __future__ import annotations

import sys
from collections.abc import Sequence

USAGE = "usage: python -m rummy_tui.i18n extract|update|compile|check"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one catalog command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or args[0] not in ("extract", "update", "compile", "check"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        from rummy_tui.i18n import catalogs
    except ImportError:
        print("The catalog tools need Babel: pip install -e '.[test]'.", file=sys.stderr)
        return 2
    command = args[0]
    if command == "extract":
        print(f"wrote {catalogs.extract()}")
    elif command == "update":
        for path in catalogs.update():
            print(f"updated {path}")
    elif command == "compile":
        for path in catalogs.compile_catalogs():
            print(f"compiled {path}")
    else:
        problems = catalogs.check()
        for problem in problems:
            print(problem)
        if problems:
            return 1
        print("catalogs are complete and up to date")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
