"""Check that a built wheel holds what the game reads at run time: the styles, the rules
texts, the player's guide, the compiled catalogs and the web page. Run by ``.ci/run``:
``python .ci/wheel_contents.py dist/rummy_tui-*.whl``; exits 1 naming what is missing."""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def expected() -> set[str]:
    """Every asset file of the checkout and every compiled catalog, as wheel paths."""
    names = set()
    for pattern in ("*.tcss", "rules/**/*.md", "guide/**/*.md", "web/*.html"):
        for path in (ROOT / "assets").glob(pattern):
            names.add("rummy_tui/assets/" + path.relative_to(ROOT / "assets").as_posix())
    for path in (ROOT / "rummy_tui" / "locale").glob("*/LC_MESSAGES/*.mo"):
        names.add(path.relative_to(ROOT).as_posix())
    return names


def main(wheel: str) -> int:
    held = set(zipfile.ZipFile(wheel).namelist())
    wanted = expected()
    kinds = ("assets/app.tcss", "assets/rules/", "assets/guide/", "LC_MESSAGES/", "web/")
    for kind in kinds:
        if not any(kind in name for name in wanted):
            print(f"wheel check: nothing of {kind} in the checkout", file=sys.stderr)
            return 1
    missing = sorted(wanted - held)
    if missing:
        print("wheel check: missing from the wheel: " + ", ".join(missing), file=sys.stderr)
        return 1
    print(f"wheel check: {len(wanted)} asset files and catalogs in {Path(wheel).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
