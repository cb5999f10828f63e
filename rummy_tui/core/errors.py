"""The one error type for refused actions (G-10): a refusal as data.

An :class:`IllegalAction` carries what a player interface or a translation needs to say why
an action was refused: a stable machine-readable ``code`` (``layoff.no_fit``,
``take.deepest_unusable``, ...), the ``rule`` it applies (``R-5``, or several ids as
``D-5, D-6``), the ``cards`` and the ``meld`` it is about, and every other value the sentence
uses (``values``: player names, counts, the variant's name). The English sentence is built from
these fields alone, in :mod:`rummy_tui.core.refusals`; ``str(error)`` gives it with cards
written as plain tokens.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rummy_tui.core.cards import Card, Face, PlacedCard
from rummy_tui.core.refusals import refusal_text

Value = str | int
"""A value a refusal's sentence uses besides its cards and meld."""


class IllegalAction(ValueError):
    """An action the rules refuse; the game state is left exactly as it was.

    >>> from rummy_tui.core.cards import parse_cards
    >>> error = IllegalAction("cards.repeated", "G-1", cards=parse_cards("7H 7H"))
    >>> error.code, error.rule, str(error)
    ('cards.repeated', 'G-1', 'The same card is named twice: 7H 7H (G-1).')
    """

    def __init__(
        self,
        code: str,
        rule: str,
        *,
        cards: Sequence[Card] = (),
        meld: Sequence[PlacedCard] = (),
        **values: Value,
    ) -> None:
        super().__init__(code, rule)
        self.code = code
        """Stable machine-readable name of the refusal, such as ``layoff.no_fit``."""
        self.rule = rule
        """The rule id(s) the refusal applies, as written in the sentence: ``R-5``."""
        self.cards: tuple[Card, ...] = tuple(cards)
        """The cards the refusal is about (in the order the sentence names them)."""
        self.meld: tuple[PlacedCard, ...] = tuple(meld)
        """The table meld it is about, as placed cards (wild cards with what they stand for)."""
        self.values: dict[str, Value] = dict(values)
        """Every other value the sentence uses, by name."""

    def __str__(self) -> str:
        return self.sentence()

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.rule, self.cards, self.meld, self.values))

    def sentence(
        self,
        card_text: Callable[[Card | Face], str] = str,
        placed_text: Callable[[PlacedCard], str] | None = None,
    ) -> str:
        """The one-sentence English reason, cards written by ``card_text`` (and table cards by
        ``placed_text`` when given, so an interface can draw them as its table does)."""
        return refusal_text(self, card_text, placed_text)

    @property
    def reason(self) -> str:
        """The one-sentence reason with cards as plain tokens."""
        return self.sentence()


def _rebuild(
    code: str,
    rule: str,
    cards: tuple[Card, ...],
    meld: tuple[PlacedCard, ...],
    values: dict[str, Value],
) -> IllegalAction:
    return IllegalAction(code, rule, cards=cards, meld=meld, **values)
