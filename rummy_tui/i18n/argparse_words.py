"""argparse's own words ("usage:", "options", its error messages) in the game's language.

The standard library's argparse writes its words through module-level ``_`` and ``ngettext``
(the gettext hooks it provides for translations). :func:`translate_argparse` points them at
the game's catalogs, so ``rummy --help`` and a wrong option speak the chosen language; the
messages are listed here so that ``python -m rummy_tui.i18n update`` puts them in the
catalogs. Their ``%s`` placeholders are argparse's own and stay as they are.
"""

from __future__ import annotations

import argparse

from rummy_tui.i18n import N_, gettext, ngettext

ARGPARSE_MESSAGES: tuple[str, ...] = (
    # Translators: argparse's heading of the usage line; keep the trailing space.
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at least one argument"),
    N_("expected at most one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("can't open '%(filename)s': %(error)s"),
)
"""Every message of argparse a person of this game can meet."""


def _argparse_plurals(n: int) -> tuple[str, str]:
    """argparse's one counted message, marked for the catalogs."""
    return ngettext("expected %s argument", "expected %s arguments", n), ""


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return _argparse_plurals(n)[0]
    return singular if n == 1 else plural


def translate_argparse() -> None:
    """Make argparse write its words with the game's catalogs (in the current language)."""
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]
