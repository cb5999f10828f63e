"""One road for every change (G-10, G-11, P-4): a take-back is an action the engine checks and
applies like any other, and one replay function rebuilds a game from its records."""

from __future__ import annotations

import random

import pytest

from rummy_tui.core import (
    VARIANT_IDS,
    ActionRecord,
    Game,
    IllegalAction,
    Meld,
    Phase,
    StartDeal,
    TakeBack,
    TakeDiscard,
    get_variant,
    new_game,
)
from rummy_tui.core.history import ReplayError, deal_start, replay
from rummy_tui.core.takeback import TakeBackRefused
from rummy_tui.i18n.log_lines import note_sentence
from tests.core.helpers import NAMES, cs, deal

HANDS = ["2C 4C 6C 8C 10C QC KD 3S 6S 8S", "7H 8H 9H 5D 5C 2S JS 3H AC QS"]
"""Bob (seat 1) plays first and holds 7H 8H 9H."""


def _classic_after_a_meld() -> Game:
    game = deal("classic", HANDS, "3D", "KS 4S 9D 9C")
    game.apply(TakeDiscard())
    game.apply(Meld(cards=tuple(cs("7H 8H 9H"))))
    return game


def test_P4_a_take_back_is_an_action_with_its_record() -> None:
    """``apply(TakeBack())`` undoes the newest move and returns a record naming the mover; the
    record's line is the public note's, and the log holds the game as if the move had never
    been made."""
    game = _classic_after_a_meld()
    never = game.copy()
    never_made = never.state.log.pop()  # what the log holds once the meld is taken back
    assert game.can(TakeBack())
    assert game.refusal(TakeBack()) is None

    record = game.apply(TakeBack())

    assert isinstance(record, ActionRecord)
    assert record.action == TakeBack() and record.seat == 1 and record.deal_number == 1
    assert record.facts is not None and record.facts.name == NAMES[1]
    assert [note_sentence(note) for note in game.state.take_back_notes] == [
        "Bob took back: meld 7H 8H 9H"
    ]
    assert game.state.take_back_notes[0].move == never_made.action
    assert game.state.log == never.state.log
    assert cs("7H 8H 9H")[0] in game.state.deal.hands[1]
    assert game.phase is Phase.PLAY


def test_P4_a_refused_take_back_is_refused_by_all_three_verbs_alike() -> None:
    """verify, can and refusal of ``TakeBack`` say what ``take_back_refusal`` says (one
    refusal type, naming P-4), and a refused ``apply`` changes nothing."""
    game = deal("classic", HANDS, "3D", "KS 4S 9D 9C")
    before = game.to_json()
    refusal = game.take_back_refusal()
    assert isinstance(refusal, TakeBackRefused) and refusal.code == "takeback.nothing"
    assert not game.can(TakeBack())
    assert isinstance(game.refusal(TakeBack()), TakeBackRefused)
    with pytest.raises(IllegalAction) as caught:
        game.verify(TakeBack())
    assert caught.value.code == refusal.code and caught.value.rule == "P-4"
    with pytest.raises(TakeBackRefused):
        game.apply(TakeBack())
    assert game.to_json() == before


def test_P4_only_the_mover_may_take_back_whoever_asks() -> None:
    """The seat given to ``TakeBack``'s verbs is who asks, not the seat to act: after a
    discard the discarder may take it back, the next player may not."""
    game = _classic_after_a_meld()
    game.apply(game.legal_actions()[-1])  # a discard: Anna is to act
    assert game.current == 0
    assert game.refusal(TakeBack(), seat=0) is not None
    assert game.refusal(TakeBack(), seat=1) is None
    record = game.apply(TakeBack(), seat=1)
    assert record.seat == 1 and game.current == 1


def test_G11_replay_of_the_log_reaches_the_game_that_was_played() -> None:
    """Dealing the match again and replaying its records, take-backs included (they are the
    records the log no longer holds), reaches the same game in every variant."""
    for variant in VARIANT_IDS:
        rng = random.Random(variant)
        game = new_game(get_variant(variant), NAMES[:3], seed=5)
        for _ in range(150):
            if game.is_over:
                break
            if game.phase is Phase.DEAL_OVER:
                game.apply(StartDeal())
            else:
                game.apply(rng.choice(game.legal_actions()))
            if game.can_take_back() and rng.random() < 0.3:
                game.apply(TakeBack())
        again = new_game(get_variant(variant), NAMES[:3], seed=5)
        replay(again.state, game.state.log[1:])
        assert again.state.model_dump(exclude={"take_back_notes"}) == game.state.model_dump(
            exclude={"take_back_notes"}
        ), variant


def test_G11_deal_start_is_the_deal_in_progress_as_dealt() -> None:
    game = _classic_after_a_meld()
    start, dealt = deal_start(game.state)
    assert start == 0 and dealt.log == game.state.log[:1]
    assert dealt.deal.hands[1] == cs(HANDS[1])
    assert game.state.deal.melds  # the game itself is untouched
    replay(dealt, game.state.log[1:])
    assert dealt.model_dump() == game.state.model_dump()


def test_G11_replay_names_the_first_record_it_cannot_apply() -> None:
    """A record the engine refuses, one naming no seat, or a deal started by a seat stops the
    replay with the record's place and the reason as data."""
    game = _classic_after_a_meld()
    records = game.state.log[1:]
    fresh = deal_start(game.state)[1]
    refused = records[1].model_copy(update={"action": Meld(cards=tuple(cs("2S JS 3H")))})
    with pytest.raises(ReplayError) as caught:
        replay(fresh, [records[0], refused])
    assert caught.value.step == 1 and caught.value.refusal is not None
    with pytest.raises(ReplayError) as caught:
        replay(deal_start(game.state)[1], [records[0].model_copy(update={"seat": None})])
    assert caught.value.step == 0 and caught.value.refusal is None and caught.value.done is None
    wrong = ActionRecord(seat=0, action=StartDeal(), deal_number=2)
    with pytest.raises(ReplayError) as caught:
        replay(deal_start(game.state)[1], [wrong])
    assert caught.value.record is wrong
