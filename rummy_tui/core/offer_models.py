"""The models of a seat's offers: a refusal as frozen data, one concrete choice, the choices
of one kind of move with the refusal to read when none is open, and the take-back offer.

See :mod:`rummy_tui.core.offers` for how they are worked out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rummy_tui.core.actions import Action
from rummy_tui.core.cards import Card
from rummy_tui.core.errors import IllegalAction, Value
from rummy_tui.core.melds import PlacedCard, TableMeld
from rummy_tui.core.state import Phase


@dataclass(frozen=True)
class Refusal:
    """An engine refusal as frozen data: the same code, rule, cards, meld and values as the
    :class:`IllegalAction` the engine raises (see :mod:`rummy_tui.core.errors`).

    >>> from rummy_tui.core.cards import parse_cards
    >>> refusal = Refusal.of(IllegalAction("cards.repeated", "G-1", cards=parse_cards("7H 7H")))
    >>> refusal.code, refusal.rule, refusal.cards
    ('cards.repeated', 'G-1', (7H, 7H))
    """

    code: str
    """Stable machine-readable name of the refusal, such as ``take.deepest_unusable``."""
    rule: str
    """The rule id(s) it applies, as its sentence writes them: ``R-5``."""
    cards: tuple[Card, ...] = ()
    """The cards it is about, in the order its sentence names them."""
    meld: tuple[PlacedCard, ...] = ()
    """The table meld it is about."""
    values: tuple[tuple[str, Value], ...] = ()
    """Every other value its sentence uses, as (name, value) pairs in name order."""

    @classmethod
    def of(cls, error: IllegalAction) -> Refusal:
        """The refusal ``error`` carries."""
        return cls(
            code=error.code,
            rule=error.rule,
            cards=error.cards,
            meld=error.meld,
            values=tuple(sorted(error.values.items())),
        )

    def error(self) -> IllegalAction:
        """The refusal as the engine raises it (for an interface that words refusals)."""
        return IllegalAction(
            self.code, self.rule, cards=self.cards, meld=self.meld, **dict(self.values)
        )


def refusal_of(error: IllegalAction | None) -> Refusal | None:
    """:meth:`Refusal.of`, passing None through."""
    return None if error is None else Refusal.of(error)


@dataclass(frozen=True)
class Choice:
    """One concrete move the table can offer: its ready action and the engine's refusal."""

    action: Action
    """The action to post when the choice is taken (the engine checks it again)."""
    refusal: Refusal | None = None
    """Why the engine refuses the action now; None when it is allowed."""
    card: Card | None = None
    """The card the choice is about: the deepest card of a take from the pile, the card laid
    off or discarded, a go-out's final discard; None for the others."""
    meld: TableMeld | None = None
    """A lay-off: the table meld the card is declared to (R-7)."""

    @property
    def allowed(self) -> bool:
        """Whether the engine allows the choice now."""
        return self.refusal is None


@dataclass(frozen=True)
class Offer:
    """The choices of one kind of move, and the one refusal to read when none is open."""

    choices: tuple[Choice, ...] = ()
    """Every form of the move the variant has now, allowed or refused, in the order a
    question lists them (a form the variant does not have at all is left out)."""
    why_not: Refusal | None = None
    """None while some choice is allowed; otherwise the refusal a person should read first
    (there is one even when there is no choice at all)."""
    allowed: tuple[Choice, ...] = field(init=False, repr=False, compare=False)
    """The choices the engine allows now (worked out once, when the offer is made: the table
    reads it on every key)."""

    def __post_init__(self) -> None:
        allowed = tuple(choice for choice in self.choices if choice.refusal is None)
        object.__setattr__(self, "allowed", allowed)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The ready actions of the allowed choices."""
        return tuple(choice.action for choice in self.allowed)


@dataclass(frozen=True)
class TakeBackOffer:
    """Taking back the newest move (P-4)."""

    refusal: Refusal | None
    """Why the move may not be taken back now (a refusal naming P-4); None when it may."""
    mover: int | None
    """Whose move a take-back would undo now (after a discard: the player who discarded, not
    the seat to act); None when no move may be taken back."""

    @property
    def allowed(self) -> bool:
        """Whether the asking seat may take the newest move back now."""
        return self.refusal is None


@dataclass(frozen=True)
class SeatOffers:
    """Everything the table can offer the seat to act now, each move a ready action with the
    engine's refusal, and the cards it drew this turn.

    The moves that depend on a selection (the readings of chosen cards as a meld, where a
    chosen card may be laid off) come from :func:`rummy_tui.core.offers.meld_offer` and
    :func:`rummy_tui.core.offers.lay_off_offer` as the same :class:`Offer`.
    """

    seat: int
    """The seat the offers are for (the seat to act unless another was asked about: then
    every move is refused as not that seat's turn)."""
    phase: Phase
    """Where the deal stands."""
    stock: Offer
    """Drawing the top card of the stock (C-4, E-6: turning the pile over first)."""
    discard_pile: Offer
    """Taking from the discard pile, one choice per depth, top first (R-5: down to any card;
    elsewhere the top card alone). Empty where a discard is taken only with a second card."""
    draw_two: Offer
    """The two-card draws of the variant (B-1 and its Hoyle option)."""
    take: Offer
    """What taking the discard means here (the table's take key): the depths of
    :attr:`discard_pile`, or, where a discard is taken only with a second card (B-1), the
    two-card draws of :attr:`draw_two` whose first card is the discard."""
    end_deal: Offer
    """Ending the deal by taking nothing (R-10)."""
    discard: Offer
    """Discarding a card, one choice per card in hand in hand order."""
    go_out: Offer
    """Laying the whole hand down (B-3, E-7), one choice per final discard."""
    next_deal: Offer
    """Dealing the next deal, between deals."""
    take_back: TakeBackOffer
    """Taking back the newest move (P-4), asked by :attr:`seat`."""
    drawn: tuple[Card, ...]
    """The cards the seat drew this turn and still holds, in the order drawn (empty for a
    seat that is not to act: what another seat drew stays hidden)."""
    moves: frozenset[str]
    """The kinds of move (an action's ``kind``) the variant has at this moment of the deal,
    whatever the phase: the table has a key for each (ending the deal only on Rummy 500's
    empty stock, R-10)."""
    open_now: frozenset[str]
    """The kinds of move the turn's phase leaves open (the keys the footer offers now)."""
    takes_any_depth: bool
    """The discard pile may be taken down to any of its cards (R-5): the table shows it
    spread, and the take key asks down to which card."""
