"""The one error type for refused actions (G-10): a refusal as data.

An :class:`IllegalAction` carries what a player interface or a translation needs to say why
an action was refused: a stable machine-readable ``code`` (``layoff.no_fit``,
``take.deepest_unusable``, ...), the ``rule`` it applies (``R-5``, or several ids as
``D-5, D-6``), the ``cards`` and the ``meld`` it is about, and every other value its
sentence uses (``values``: player names, counts, the variant's name). The sentence itself
lives in the catalogs, once per code (:func:`rummy_tui.i18n.refusals.refusal_sentence`);
``str(error)`` gives the data, for logs and debugging.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.cards import Card, PlacedCard, format_cards, placed_token

Value = str | int
"""A value a refusal's sentence uses besides its cards and meld."""


class IllegalAction(ValueError):
    """An action the rules refuse; the game state is left exactly as it was.

    >>> from rummy_tui.core.cards import parse_cards
    >>> error = IllegalAction("cards.not_in_hand", "G-1", cards=parse_cards("7H"), player="Bo")
    >>> error.code, error.rule, str(error)
    ('cards.not_in_hand', 'G-1', "cards.not_in_hand (G-1): cards=7H, player='Bo'")
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
        """The refusal's data: code, rule, cards, meld and values (no sentence)."""
        data = []
        if self.cards:
            data.append(f"cards={format_cards(self.cards)}")
        if self.meld:
            data.append("meld=" + " ".join(placed_token(placed) for placed in self.meld))
        data.extend(f"{name}={value!r}" for name, value in sorted(self.values.items()))
        shown = f"{self.code} ({self.rule})"
        return f"{shown}: {', '.join(data)}" if data else shown

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild, (self.code, self.rule, self.cards, self.meld, self.values))


def _rebuild(
    code: str,
    rule: str,
    cards: tuple[Card, ...],
    meld: tuple[PlacedCard, ...],
    values: dict[str, Value],
) -> IllegalAction:
    return IllegalAction(code, rule, cards=cards, meld=meld, **values)
