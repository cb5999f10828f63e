"""The game: verify an action, apply it, and list what is legal (G-10).

Every action has three verbs: :meth:`Game.verify` raises :class:`IllegalAction` with a
one-sentence reason, :meth:`Game.can` answers yes or no, :meth:`Game.apply` does it and
returns the :class:`ActionRecord` it logged. A refused action changes nothing, because every
check runs before the first change.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummy_tui.core.actions import (
    Action,
    ActionRecord,
    Discard,
    DrawStock,
    DrawTwo,
    EndDeal,
    GoOut,
    LayOffCard,
    Meld,
    MeldSpec,
    StartDeal,
    TakeDiscard,
)
from rummy_tui.core.arrange import Arrangement, best_arrangement, full_arrangement
from rummy_tui.core.cards import Card, Face, format_cards
from rummy_tui.core.dealing import complete_deck, deal_cards, deal_rng, shuffled_deck
from rummy_tui.core.errors import IllegalAction
from rummy_tui.core.legal import list_legal_actions
from rummy_tui.core.melds import (
    End,
    LayOff,
    MeldKind,
    MeldReading,
    TableMeld,
    apply_layoff,
    is_wild,
    layoff_options,
    meld_problem,
    reading_for,
    reading_to_meld,
    unmoved_end_joker,
)
from rummy_tui.core.scoring import match_winners, score_deal, settlement
from rummy_tui.core.state import DealResult, GameState, Phase, TakeBackNote, TurnState
from rummy_tui.core.end_of_turn import end_remains
from rummy_tui.core.variants.ruleset import DrawRule, RuleSet, Scoring
from rummy_tui.core.views import PlayerView

_Plan = Callable[[], tuple[Action, str]]
"""A checked action, ready to run: calling it applies the action and returns (done, text)."""

_RULE_IDS: dict[str, dict[str, str]] = {
    "turn": {
        "classic": "C-2",
        "boathouse": "B-1",
        "double": "C-2",
        "rummy500": "R-5",
        "european": "E-5",
    },
    "layoff": {"classic": "C-2", "double": "C-2", "rummy500": "R-6"},
    "go_out": {"boathouse": "B-3", "european": "E-7"},
    "match": {
        "classic": "C-6",
        "boathouse": "B-6",
        "double": "D-8",
        "rummy500": "R-12",
        "european": "E-9",
    },
}
"""Which rule of each variant a refusal names, by topic (G-10)."""


class Game:
    """A match in progress. All changes go through :meth:`apply`."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    # ------------------------------------------------------------------ properties

    @property
    def rules(self) -> RuleSet:
        """The rules of this match."""
        return self.state.rules

    @property
    def players(self) -> list[str]:
        """The players' names by seat."""
        return self.state.players

    @property
    def phase(self) -> Phase:
        """Where the deal stands."""
        return self.state.deal.phase

    @property
    def current(self) -> int:
        """The seat to act."""
        return self.state.deal.current

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.state.deal.phase is Phase.MATCH_OVER

    # ------------------------------------------------------------------ the three verbs

    def verify(self, action: Action, seat: int | None = None) -> None:
        """Raise :class:`IllegalAction` with the reason if ``action`` may not be applied now."""
        self._check(action, seat)

    def can(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``action`` may be applied now."""
        try:
            self._check(action, seat)
        except IllegalAction:
            return False
        return True

    def apply(self, action: Action, seat: int | None = None) -> ActionRecord:
        """Apply ``action`` for the seat to act and return the logged record."""
        plan = self._check(action, seat)
        actor = None if isinstance(action, StartDeal) else self.current
        deal_number = self.state.deal.deal_number
        done, text = plan()
        record = ActionRecord(
            seat=actor,
            action=done,
            deal_number=deal_number if actor is not None else self.state.deal.deal_number,
            text=text,
        )
        self.state.log.append(record)
        return record

    # -- take-back (P-4): the rules live in takeback.py

    def take_back_refusal(self, seat: int | None = None) -> IllegalAction | None:
        """Why the newest move may not be taken back now (a refusal naming P-4), or None."""
        from rummy_tui.core.takeback import take_back_refusal

        return take_back_refusal(self, seat)

    def can_take_back(self, seat: int | None = None) -> bool:
        """Whether the newest move may be taken back now (P-4)."""
        return self.take_back_refusal(seat) is None

    def take_back(self, seat: int | None = None) -> TakeBackNote:
        """Take back the newest move (P-4); raises the refusal, changing nothing, if it may not."""
        from rummy_tui.core.takeback import take_back

        return take_back(self, seat)

    def legal_actions(self) -> list[Action]:
        """Every action the seat to act may take now (each one passes :meth:`verify`)."""
        return list_legal_actions(self)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (P-1, P-2)."""
        deal = self.state.deal
        pile = deal.discard if self.rules.draw_rule is DrawRule.DIG else deal.discard[-1:]
        over = deal.phase in (Phase.DEAL_OVER, Phase.MATCH_OVER)
        public_log = tuple(
            record.model_copy(update={"action": StartDeal()})
            if isinstance(record.action, StartDeal)
            else record
            for record in self.state.log
        )
        return PlayerView(
            seat=seat,
            rules=self.rules,
            players=tuple(self.players),
            hand=tuple(deal.hands[seat]) if 0 <= seat < len(self.players) else (),
            hand_sizes=tuple(len(hand) for hand in deal.hands),
            stock_count=len(deal.stock),
            discard_pile=tuple(pile),
            discard_count=len(deal.discard),
            melds=tuple(deal.melds),
            scores=tuple(self.state.scores),
            current=deal.current,
            phase=deal.phase,
            dealer=deal.dealer,
            deal_number=deal.deal_number,
            turn_number=deal.turn_number,
            rebuilds=deal.rebuilds,
            taken_from_discard=tuple(deal.turn.taken_from_discard) if not over else (),
            must_use=deal.turn.must_use if not over else None,
            cards_drawn=tuple(deal.cards_drawn),
            has_melded=tuple(deal.has_melded),
            log=public_log,
            last_result=self.state.results[-1] if self.state.results else None,
            results=tuple(self.state.results),
            winners=tuple(self.state.winners),
            settlement=tuple(self.state.settlement),
        )

    # ------------------------------------------------------------------ serialization

    def to_json(self) -> str:
        """The whole match as JSON."""
        return self.state.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A match from :meth:`to_json`'s text."""
        return cls(GameState.model_validate_json(text))

    def copy(self) -> Game:
        """An independent copy of the match."""
        return Game(self.state.model_copy(deep=True))

    # ------------------------------------------------------------------ checking

    def _name(self, seat: int | None = None) -> str:
        return self.players[self.current if seat is None else seat]

    def _check(self, action: Action, seat: int | None) -> _Plan:
        deal = self.state.deal
        if isinstance(action, StartDeal):
            return self._check_start_deal(action)
        if deal.phase is Phase.MATCH_OVER:
            raise IllegalAction(
                f"The match is over; no more moves can be made ({self._rule('match')})."
            )
        if deal.phase is Phase.DEAL_OVER:
            raise IllegalAction("The deal is over; start the next deal to play on (G-4).")
        if seat is not None and not 0 <= seat < len(self.players):
            raise IllegalAction(f"There is no seat {seat} at this table (G-2).")
        if seat is not None and seat != deal.current:
            raise IllegalAction(f"It is {self._name()}'s turn, not {self._name(seat)}'s (G-2).")
        if isinstance(action, DrawStock):
            return self._check_draw_stock()
        if isinstance(action, TakeDiscard):
            return self._check_take_discard(action)
        if isinstance(action, DrawTwo):
            return self._check_draw_two(action)
        if isinstance(action, Meld):
            return self._check_meld(action)
        if isinstance(action, LayOffCard):
            return self._check_lay_off(action)
        if isinstance(action, Discard):
            return self._check_discard(action)
        if isinstance(action, GoOut):
            return self._check_go_out(action)
        if isinstance(action, EndDeal):
            return self._check_end_deal()
        raise IllegalAction(f"Unknown action {action!r} (G-10).")

    def _rule(self, topic: str) -> str:
        """The id of the variant's own rule on ``topic`` (for refusals, G-10)."""
        ids = _RULE_IDS[topic]
        return ids.get(self.rules.variant_id) or next(iter(ids.values()))

    def _need_draw_phase(self) -> None:
        if self.state.deal.phase is not Phase.DRAW:
            raise IllegalAction(
                f"{self._name()} has already drawn this turn ({self._rule('turn')})."
            )

    def _need_play_phase(self, what: str) -> None:
        if self.state.deal.phase is not Phase.PLAY:
            raise IllegalAction(f"Draw a card before you {what} ({self._rule('turn')}).")

    def _in_hand(self, cards: Sequence[Card]) -> None:
        hand = set(self.state.deal.hands[self.current])
        if len(set(cards)) != len(cards):
            raise IllegalAction(f"The same card is named twice: {format_cards(cards)} (G-1).")
        missing = [card for card in cards if card not in hand]
        if missing:
            raise IllegalAction(f"{format_cards(missing)} is not in {self._name()}'s hand (G-1).")

    # -- draws

    def _stock_plan(
        self, sources: Sequence[str], stock: list[Card], pile: list[Card], rebuilds: int
    ) -> tuple[list[Card], list[Card], list[Card], int, list[Card]]:
        """Simulate drawing from ``sources`` ("stock"/"discard") on copies of the piles."""
        rules = self.rules
        drawn: list[Card] = []
        from_discard: list[Card] = []
        for source in sources:
            if source == "discard":
                if not pile:
                    raise IllegalAction(f"The discard pile is empty ({self._rule('turn')}).")
                card = pile.pop()
                drawn.append(card)
                from_discard.append(card)
                continue
            if not stock:
                if not rules.rebuild_stock:
                    raise IllegalAction(
                        "The stock is empty and is not rebuilt: take from the discard pile "
                        "or end the deal (R-10)."
                    )
                if rules.rebuild_limit is not None and rebuilds >= rules.rebuild_limit:
                    raise IllegalAction(
                        f"The stock has been rebuilt {rebuilds} times already (G-9)."
                    )
                if not pile:
                    raise IllegalAction("The stock and the discard pile are both empty (C-4).")
                stock = list(reversed(pile))
                pile = []
                rebuilds += 1
            drawn.append(stock.pop())
        return stock, pile, drawn, rebuilds, from_discard

    def _check_draw_stock(self) -> _Plan:
        self._need_draw_phase()
        deal = self.state.deal
        stock, pile, drawn, rebuilds, _ = self._stock_plan(
            ["stock"], list(deal.stock), list(deal.discard), deal.rebuilds
        )

        def run() -> tuple[Action, str]:
            rebuilt = rebuilds > deal.rebuilds
            self._finish_draw(stock, pile, drawn, rebuilds, [])
            text = f"{self._name()} draws from the stock."
            if rebuilt:
                text = (
                    f"{self._name()} turns the discard pile over as the new stock "
                    f"(rebuild {rebuilds}) and draws."
                )
            return DrawStock(), text

        return run

    def _check_take_discard(self, action: TakeDiscard) -> _Plan:
        self._need_draw_phase()
        rules = self.rules
        deal = self.state.deal
        if rules.draw_rule in (DrawRule.BOATHOUSE, DrawRule.HOYLE):
            raise IllegalAction(
                "In Boathouse Rum a discard is taken only with a second card: use the "
                "two-card draw (B-1)."
            )
        if not deal.discard:
            raise IllegalAction(f"The discard pile is empty ({self._rule('turn')}).")
        if action.count > 1 and rules.draw_rule is not DrawRule.DIG:
            raise IllegalAction(
                f"Only the top card of the discard pile may be taken ({self._rule('turn')})."
            )
        if action.count > len(deal.discard):
            raise IllegalAction(
                f"The discard pile holds only {len(deal.discard)} cards, not {action.count} (R-5)."
            )
        taken = deal.discard[-action.count :]
        deepest = taken[0]
        duty = rules.draw_rule is DrawRule.DIG and not (
            action.count == 1 and rules.top_discard_free
        )
        if duty:
            hand = deal.hands[self.current] + taken
            if not end_remains(rules, hand, deal.melds, taken, deepest):
                raise IllegalAction(
                    f"{deepest} could not be melded or laid off with the cards you would hold, "
                    "and the deepest card taken must be used this turn (R-5)."
                )

        def run() -> tuple[Action, str]:
            pile = deal.discard[: -action.count]
            self._finish_draw(list(deal.stock), pile, list(reversed(taken)), deal.rebuilds, taken)
            if duty:
                deal.turn.must_use = deepest
            if action.count == 1:
                return action, f"{self._name()} takes {deepest} from the discard pile."
            return action, (
                f"{self._name()} takes {action.count} cards from the discard pile, down to "
                f"{deepest}: {format_cards(taken)}."
            )

        return run

    def _check_draw_two(self, action: DrawTwo) -> _Plan:
        self._need_draw_phase()
        rules = self.rules
        deal = self.state.deal
        allowed = {
            DrawRule.BOATHOUSE: {("discard", "stock"), ("stock", "stock")},
            DrawRule.HOYLE: {("discard", "stock"), ("discard", "discard")},
        }.get(rules.draw_rule)
        if allowed is None:
            raise IllegalAction(f"{rules.name} has no two-card draw ({self._rule('turn')}).")
        if (action.first, action.second) not in allowed:
            names = " or ".join(f"{first} + {second}" for first, second in sorted(allowed))
            raise IllegalAction(f"The two-card draw is {names} (B-1).")
        stock, pile, drawn, rebuilds, from_discard = self._stock_plan(
            [action.first, action.second], list(deal.stock), list(deal.discard), deal.rebuilds
        )

        def run() -> tuple[Action, str]:
            self._finish_draw(stock, pile, drawn, rebuilds, from_discard)
            shown = f": {format_cards(from_discard)} from the discard pile" if from_discard else ""
            return (
                action,
                f"{self._name()} draws two cards ({action.first} + {action.second}){shown}.",
            )

        return run

    def _finish_draw(
        self,
        stock: list[Card],
        pile: list[Card],
        drawn: list[Card],
        rebuilds: int,
        from_discard: list[Card],
    ) -> None:
        deal = self.state.deal
        deal.stock = stock
        deal.discard = pile
        deal.rebuilds = rebuilds
        deal.hands[self.current].extend(drawn)
        deal.cards_drawn[self.current] += len(drawn)
        deal.turn.taken_from_discard.extend(from_discard)
        deal.turn.drew = True
        deal.phase = Phase.PLAY

    # -- melding

    def _check_meld_allowed(self) -> None:
        if not self.rules.meld_during_play:
            raise IllegalAction(
                f"Nobody melds or lays off during play in {self.rules.name}; lay the whole hand "
                "down at once to go out (B-2, E-7)."
            )

    def _check_remaining(self, used: Sequence[Card], melds_after: list[TableMeld]) -> None:
        """A meld or lay-off is refused only when afterwards no legal end of the turn remains
        (R-9 option, G-8, R-5): the search of :mod:`end_of_turn` decides."""
        deal = self.state.deal
        gone = set(used)
        remaining = [card for card in deal.hands[self.current] if card not in gone]
        if not remaining:
            if self.rules.discard_to_go_out:
                raise IllegalAction("Keep a card to discard: you must discard to go out (R-9).")
            return
        taken = deal.turn.taken_from_discard
        must_use = deal.turn.must_use
        if must_use is not None and must_use in gone:
            must_use = None
        if end_remains(self.rules, remaining, melds_after, taken, must_use):
            return
        if must_use is not None:
            raise IllegalAction(
                f"That would leave no way to use {must_use}, the deepest card taken (R-5)."
            )
        raise IllegalAction(
            "That would leave only cards taken from the discard pile this turn, which may "
            "not be discarded (G-8)."
        )

    def _check_meld(self, action: Meld) -> _Plan:
        self._check_meld_allowed()
        self._need_play_phase("meld")
        cards = list(action.cards)
        self._in_hand(cards)
        reading = self._read_meld(cards, action.faces)
        deal = self.state.deal
        meld = reading_to_meld(reading, deal.next_meld_id, self.current)
        self._check_remaining(cards, [*deal.melds, meld])

        def run() -> tuple[Action, str]:
            seat = self.current
            deal.melds.append(meld)
            deal.next_meld_id += 1
            self._remove_from_hand(cards)
            self._mark_melded(cards)
            done = Meld(cards=tuple(reading.cards), faces=tuple(reading.faces))
            text = f"{self._name(seat)} melds {reading.describe()}."
            return done, text + self._after_hand_change(seat)

        return run

    def _read_meld(self, cards: Sequence[Card], faces: Sequence[Face] | None) -> MeldReading:
        reading = reading_for(self.rules, cards, faces)
        if reading is None:
            problem = meld_problem(self.rules, cards)
            if problem is None:
                named = list(faces or ())
                if len(named) == len(cards) and all(
                    is_wild(self.rules, card) and card.face is not face
                    for card, face in zip(cards, named, strict=True)
                ):
                    problem = (
                        "Every meld needs at least one natural card, but every card here stands "
                        f"in for another: {format_cards(cards)} (G-6)."
                    )
                else:
                    problem = (
                        f"The wild cards cannot stand for those cards in {format_cards(cards)} "
                        "(G-6)."
                    )
            raise IllegalAction(problem)
        return reading

    def _check_lay_off(self, action: LayOffCard) -> _Plan:
        self._check_meld_allowed()
        self._need_play_phase("lay off")
        self._in_hand([action.card])
        deal = self.state.deal
        target = next((meld for meld in deal.melds if meld.meld_id == action.meld_id), None)
        if target is None:
            raise IllegalAction(
                f"There is no meld number {action.meld_id} on the table ({self._rule('layoff')})."
            )
        option = self._pick_layoff(target, action)
        new_meld = apply_layoff(self.rules, target, option, self.current)
        self._check_remaining(
            [action.card], [new_meld if meld is target else meld for meld in deal.melds]
        )

        def run() -> tuple[Action, str]:
            seat = self.current
            deal.melds[deal.melds.index(target)] = new_meld
            self._remove_from_hand([action.card])
            self._mark_melded([action.card])
            face = option.face
            shown = str(action.card) if face is action.card.face else f"{action.card} as {face}"
            moved = " (the joker moves to the other end)" if option.end is End.DISPLACE else ""
            text = f"{self._name(seat)} lays off {shown} on meld {target.meld_id}{moved}."
            done = LayOffCard(card=action.card, meld_id=target.meld_id, face=face)
            return done, text + self._after_hand_change(seat)

        return run

    def _pick_layoff(self, meld: TableMeld, action: LayOffCard) -> LayOff:
        options = layoff_options(self.rules, meld, action.card)
        options.sort(key=lambda option: option.end is not End.HIGH)
        if action.face is not None:
            options = [option for option in options if option.face is action.face]
        if not options:
            cards = " ".join(str(face) for face in meld.faces())
            if meld.kind is MeldKind.RUN and any(
                unmoved_end_joker(self.rules, meld.cards[index]) for index in (0, -1)
            ):
                raise IllegalAction(
                    f"{action.card} does not fit the meld {cards}: nothing may be laid beyond "
                    "an unmoved end joker, and it moves only to an end that can be extended (D-6)."
                )
            if self.rules.joker_moves and any(
                placed.is_standing_in and placed.face is action.card.face for placed in meld.cards
            ):
                raise IllegalAction(
                    f"{action.card} does not fit the meld {cards}: a joker inside a run, or one "
                    "that has moved, stays where it is (D-5, D-6)."
                )
            raise IllegalAction(
                f"{action.card} does not fit the meld {cards} ({self._rule('layoff')})."
            )
        return options[0]

    def _remove_from_hand(self, cards: Sequence[Card]) -> None:
        gone = set(cards)
        hand = self.state.deal.hands[self.current]
        hand[:] = [card for card in hand if card not in gone]

    def _mark_melded(self, cards: Sequence[Card]) -> None:
        turn = self.state.deal.turn
        turn.melded = True
        if turn.must_use is not None and turn.must_use in set(cards):
            turn.must_use = None

    def _after_hand_change(self, seat: int) -> str:
        """End the deal if ``seat`` has no cards left (C-3, R-9)."""
        if self.state.deal.hands[seat]:
            return ""
        self._end_deal(seat, f"{self._name(seat)} went out.")
        return f" {self._name(seat)} goes out!"

    # -- discarding and going out

    def _check_discard(self, action: Discard) -> _Plan:
        self._need_play_phase("discard")
        self._in_hand([action.card])
        deal = self.state.deal
        if action.card in deal.turn.taken_from_discard:
            raise IllegalAction(
                f"{action.card} was taken from the discard pile this turn and may not be "
                "discarded until a later turn (G-8)."
            )
        if deal.turn.must_use is not None:
            raise IllegalAction(
                f"Use {deal.turn.must_use}, the deepest card you took, in a meld or lay-off "
                "before you discard (R-5)."
            )

        def run() -> tuple[Action, str]:
            seat = self.current
            self._remove_from_hand([action.card])
            deal.discard.append(action.card)
            text = f"{self._name(seat)} discards {action.card}."
            if not deal.hands[seat]:
                return action, text + self._after_hand_change(seat)
            self._next_turn()
            return action, text

        return run

    def _check_go_out(self, action: GoOut) -> _Plan:
        rules = self.rules
        deal = self.state.deal
        if rules.meld_during_play:
            raise IllegalAction(
                f"In {rules.name} you go out by melding, laying off or discarding your last "
                "cards (C-3)."
            )
        before_draw = deal.phase is Phase.DRAW
        if before_draw and not rules.go_out_before_draw:
            raise IllegalAction("Draw before you lay your hand down (B-3).")
        if before_draw and action.discard is not None:
            raise IllegalAction(
                "Going out before drawing lays down the hand as dealt, with no discard (E-7)."
            )
        if not before_draw and rules.scoring is Scoring.CHIPS and action.discard is None:
            raise IllegalAction(
                "After drawing, discard one card and lay down the other 15 in runs (E-7)."
            )
        hand = list(deal.hands[self.current])
        rest = list(hand)
        if action.discard is not None:
            self._in_hand([action.discard])
            if action.discard in deal.turn.taken_from_discard:
                raise IllegalAction(
                    f"{action.discard} was taken from the discard pile this turn and may not be "
                    "discarded (G-8)."
                )
            rest.remove(action.discard)
        readings = self._go_out_readings(action, rest)

        def run() -> tuple[Action, str]:
            seat = self.current
            for reading in readings:
                deal.melds.append(reading_to_meld(reading, deal.next_meld_id, seat))
                deal.next_meld_id += 1
            deal.hands[seat] = []
            if action.discard is not None:
                deal.discard.append(action.discard)
            done = GoOut(
                melds=tuple(
                    MeldSpec(cards=tuple(reading.cards), faces=tuple(reading.faces))
                    for reading in readings
                ),
                discard=action.discard,
            )
            shown = " | ".join(reading.describe() for reading in readings)
            tail = f", discarding {action.discard}" if action.discard is not None else ""
            self._end_deal(seat, f"{self._name(seat)} laid the whole hand down.")
            return done, f"{self._name(seat)} goes out: {shown}{tail}."

        return run

    def _go_out_readings(self, action: GoOut, rest: list[Card]) -> list[MeldReading]:
        if not action.melds:
            arrangement: Arrangement | None = full_arrangement(self.rules, rest)
            if arrangement is None:
                loose = best_arrangement(self.rules, rest).deadwood
                kind = "run" if not self.rules.groups_allowed else "meld"
                one_discard = ""
                if self.phase is Phase.PLAY and action.discard is None and len(loose) > 1:
                    one_discard = ", and only one card may be discarded"
                raise IllegalAction(
                    f"You cannot go out yet: {format_cards(loose)} fit no {kind}{one_discard} "
                    f"({self._rule('go_out')})."
                )
            return list(arrangement.readings)
        named = [card for spec in action.melds for card in spec.cards]
        self._in_hand(named)
        if Counter(named) != Counter(rest):
            raise IllegalAction(
                "Going out lays down every card of the hand"
                + (" except the discard" if action.discard is not None else "")
                + f" ({self._rule('go_out')})."
            )
        return [self._read_meld(list(spec.cards), spec.faces) for spec in action.melds]

    def _check_end_deal(self) -> _Plan:
        self._need_draw_phase()
        deal = self.state.deal
        if self.rules.rebuild_stock or deal.stock:
            raise IllegalAction(
                "A deal ends by choice only in Rummy 500 once the stock is empty (R-10)."
            )

        def run() -> tuple[Action, str]:
            name = self._name()
            self._end_deal(None, f"The stock ran out and {name} took no discard.")
            return EndDeal(), f"{name} ends the deal: the stock is empty (R-10)."

        return run

    # -- turn and deal flow

    def _next_turn(self) -> None:
        deal = self.state.deal
        seat = self.current
        if deal.turn.melded:
            deal.has_melded[seat] = True
        deal.current = (seat + 1) % len(self.players)
        deal.turn = TurnState()
        deal.turn_number += 1
        deal.phase = Phase.DRAW
        self._check_dead_hand()

    def _check_dead_hand(self) -> None:
        """End the deal with no score when the stock is out for good (G-9)."""
        rules = self.rules
        deal = self.state.deal
        if deal.stock or not rules.rebuild_stock:
            return
        limit_reached = rules.rebuild_limit is not None and deal.rebuilds >= rules.rebuild_limit
        if limit_reached or not deal.discard:
            result = DealResult(
                deal_number=deal.deal_number,
                winner=None,
                dead=True,
                reason=(
                    f"Dead hand: the stock ran out after {deal.rebuilds} rebuilds with nobody "
                    "out; no score, and the same dealer deals again (G-9)."
                ),
                lines=(),
                changes=tuple(0 for _ in self.players),
            )
            self._record_result(result)

    def _end_deal(self, winner: int | None, reason: str) -> None:
        result = score_deal(self.state, winner, reason)
        self._record_result(result)

    def _record_result(self, result: DealResult) -> None:
        state = self.state
        state.deal.result = result
        state.results.append(result)
        if result.dead:
            state.deal.phase = Phase.DEAL_OVER
            return
        for seat, change in enumerate(result.changes):
            state.scores[seat] += change
        state.deals_scored += 1
        winners = match_winners(state)
        if winners:
            state.winners = winners
            if self.rules.scoring is Scoring.TABLE_MINUS_HAND:
                state.settlement = settlement(state, winners)
            state.deal.phase = Phase.MATCH_OVER
        else:
            state.deal.phase = Phase.DEAL_OVER

    def _check_start_deal(self, action: StartDeal) -> _Plan:
        state = self.state
        deal = state.deal
        if deal.phase is Phase.MATCH_OVER:
            raise IllegalAction(
                f"The match is over; no more deals are dealt ({self._rule('match')})."
            )
        if deal.phase is not Phase.DEAL_OVER:
            raise IllegalAction("The current deal is still being played (G-4).")
        players = len(self.players)
        result = deal.result
        dealer = (deal.dealer + 1) % players
        if result is not None and result.dead:
            dealer = deal.dealer
        elif (
            players == 2
            and self.rules.winner_deals_two_player
            and result is not None
            and result.winner is not None
        ):
            dealer = result.winner
        number = deal.deal_number + 1
        if action.deck is None:
            deck = shuffled_deck(self.rules, players, deal_rng(state.seed, number, 0))
        else:
            deck = complete_deck(self.rules, players, action.deck)
            if len(deck) != len(action.deck):
                raise IllegalAction("A recorded deck must hold every card of the packs (G-11).")
        new_deal = deal_cards(self.rules, players, dealer, deck, number)

        def run() -> tuple[Action, str]:
            state.deal = new_deal
            return StartDeal(deck=tuple(deck)), (
                f"Deal {number}: {self.players[dealer]} deals; "
                f"{self.players[new_deal.current]} plays first."
            )

        return run
