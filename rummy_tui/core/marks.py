"""The catalogs' mark for words the core holds but does not translate (option names, refusal
templates): the interface translates them when it shows them."""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now."""
    return message
