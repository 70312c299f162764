"""Invariants of Argute for every table size, checked against the naive reference
in ``argute_reference.py`` (which shares no code with the engine)."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import argute_reference as reference
import bugami
from bugami import IllegalMoveError, InvalidInputError, argute
from bugami.argute import Deal, bid, can_play, legal_bids, legal_moves, play, score

seeds = st.one_of(st.integers(), st.text(max_size=8), st.binary(max_size=8))


@st.composite
def rules(draw: st.DrawFn) -> argute.Rules:
    return argute.Rules(players=draw(st.integers(2, 7)), target=draw(st.integers(1, 12)))


@st.composite
def dealt(draw: st.DrawFn) -> Deal:
    """A fresh hand, shuffled or laid out explicitly, before bidding."""
    table = draw(rules())
    if draw(st.booleans()):
        return argute.deal(table, seed=draw(seeds))
    deck = draw(st.permutations(reference.full_deck()))
    hands = [deck[6 * seat : 6 * seat + 6] for seat in range(table.players)]
    dealer = draw(st.integers(0, table.players - 1))
    return argute.deal(table, hands=hands, dealer=dealer)


@st.composite
def bidden(draw: st.DrawFn) -> Deal:
    """A hand after every seat has bid, in an arbitrary order."""
    state = draw(dealt())
    for seat in draw(st.permutations(range(state.rules.players))):
        state = bid(state, seat, draw(st.sampled_from(legal_bids(state, seat))))
    return state


@st.composite
def in_play(draw: st.DrawFn) -> Deal:
    """A hand somewhere in its play or over: random legal plays."""
    state = draw(bidden())
    for _ in range(draw(st.integers(0, 6 * state.rules.players))):
        state = play(state, draw(st.sampled_from(legal_moves(state))))
    return state


def _played(state: Deal) -> list[int]:
    """Every value played so far, in order of play."""
    values = [value for trick in state.tricks for value in trick.cards]
    return values + list(state.current_trick)


@given(bidden(), st.data())
def test_a_whole_hand_agrees_with_the_reference(state: Deal, data: st.DataObject) -> None:
    """Value conservation, turn order, legal moves, trick winners and scores."""
    players = state.rules.players
    dealt_hands = [list(hand) for hand in state.hands]
    everything = Counter(value for hand in dealt_hands for value in hand)
    assert all(everything[value] <= 7 for value in range(6))
    assert state.leader == state.to_move == (state.dealer + 1) % players
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        assert mover == reference.to_move(dealt_hands, state.dealer, _played(state))
        assert state.leader is not None
        assert mover == (state.leader + len(state.current_trick)) % players
        moves = legal_moves(state)
        assert list(moves) == reference.legal_plays(list(state.hands[mover]))
        value = data.draw(st.sampled_from(moves))
        before = pickle.dumps(state)
        after = play(state, value)
        assert pickle.loads(before) == state  # the old state is untouched
        held = Counter(value for hand in after.hands for value in hand)
        assert held + Counter(_played(after)) == everything
        assert after.dealt_hands == state.dealt_hands
        if len(after.tricks) > len(state.tricks):
            trick = after.tricks[-1]
            assert trick.leader == state.leader
            assert trick.cards == (*state.current_trick, value)
            plays = [((trick.leader + i) % players, v) for i, v in enumerate(trick.cards)]
            assert trick.winner == reference.trick_winner(plays)
            assert sum(trick.counts) == sum(trick.cards)
            assert after.is_over or after.leader == after.to_move == trick.winner
        state = after
    assert reference.to_move(dealt_hands, state.dealer, _played(state)) is None
    replayed = reference.play_hand(dealt_hands, state.dealer, _played(state))
    assert [(t.leader, t.winner) for t in state.tricks] == [
        (lead, win) for lead, _, win in replayed
    ]
    assert [len(trick.cards) for trick in state.tricks] == [3 * players, 2 * players, players]
    assert (state.to_move, state.leader, state.current_trick) == (None, None, ())
    assert state.hands == ((),) * players
    bids = [choice for choice in state.bids if choice is not None]
    expected = reference.score_hand(bids, [trick.winner for trick in state.tricks])
    assert list(score(state)) == expected


@given(in_play(), st.integers(-1, 6))
def test_exactly_the_legal_moves_can_be_played(state: Deal, value: int) -> None:
    legal = value in legal_moves(state)
    assert can_play(state, value) == legal
    assert can_play(state, str(value)) == legal
    if legal:
        argute.check_play(state, value)
        assert play(state, str(value)) == play(state, value)
    else:
        expected = InvalidInputError if not 0 <= value <= 5 else IllegalMoveError
        with pytest.raises(expected) as error:
            play(state, value)
        assert str(value) in str(error.value)
        with pytest.raises(expected):
            argute.check_play(state, value)
        assert "legal" not in str(error.value)  # no seat=: the hand to move is not shown
        if state.to_move is not None:
            with pytest.raises(expected) as error:
                play(state, value, seat=state.to_move)
            assert f"(legal: {' '.join(map(str, legal_moves(state)))})" in str(error.value)
    if legal_moves(state):  # whatever happened, the state is still usable
        play(state, legal_moves(state)[0])


@given(dealt(), st.data())
def test_bidding_in_any_order(state: Deal, data: st.DataObject) -> None:
    players = state.rules.players
    choices = [data.draw(st.integers(0, 3)) for _ in range(players)]
    forward = state
    for seat in range(players):
        forward = bid(forward, seat, choices[seat])
    shuffled = state
    for count, seat in enumerate(data.draw(st.permutations(range(players))), 1):
        with pytest.raises(IllegalMoveError, match="bidding phase"):
            play(shuffled, 0)
        shuffled = bid(shuffled, seat, str(choices[seat]))
        assert legal_bids(shuffled, seat) == ()
        assert sum(choice is not None for choice in shuffled.bids) == count
        with pytest.raises(IllegalMoveError, match=f"seat {seat} cannot bid"):
            bid(shuffled, seat, choices[seat])
    assert shuffled == forward
    assert hash(shuffled) == hash(forward)
    assert shuffled.bids == tuple(choices)
    assert shuffled.to_move == (state.dealer + 1) % players


@given(in_play())
def test_equal_states_hash_equal_and_survive_pickling(state: Deal) -> None:
    clone = pickle.loads(pickle.dumps(state))
    assert clone == state
    assert hash(clone) == hash(state)
    assert (clone.hands, clone.tricks, clone.counts) == (state.hands, state.tricks, state.counts)
    assert len({state, clone}) == 1


@given(in_play())
def test_replaying_the_same_actions_gives_an_equal_state(state: Deal) -> None:
    again = argute.deal(state.rules, hands=state.dealt_hands, dealer=state.dealer)
    for seat, choice in enumerate(state.bids):
        assert choice is not None
        again = bid(again, seat, choice)
    for value in _played(state):
        again = play(again, value)
    assert again == state
    assert hash(again) == hash(state)


@given(rules(), seeds, st.one_of(st.none(), st.integers(0, 6)))
def test_the_same_seed_gives_the_same_hand(
    table: argute.Rules, seed: bugami.Seed, dealer: int | None
) -> None:
    if dealer is not None:
        dealer %= table.players
    one = argute.deal(table, seed=seed, dealer=dealer)
    assert one == argute.deal(table, seed=seed, dealer=dealer)
    assert hash(one) == hash(argute.deal(table, seed=seed, dealer=dealer))
    assert all(len(hand) == 6 for hand in one.hands)
    game = argute.new_game(table, seed=seed, dealer=dealer)
    assert game == argute.new_game(table, seed=seed, dealer=dealer)


@given(in_play())
def test_phases_are_consistent(state: Deal) -> None:
    assert (state.phase is bugami.Phase.OVER) == state.is_over
    assert (state.phase is bugami.Phase.PLAYING) == (state.to_move is not None)
    assert (state.leader is None) == (state.to_move is None)
    for seat, hand in enumerate(state.hands):
        assert list(hand) == sorted(hand)
        assert Counter(hand) <= Counter(state.dealt_hands[seat])
    if state.leader is not None:
        expected = [0] * state.rules.players
        for i, value in enumerate(state.current_trick):
            expected[(state.leader + i) % state.rules.players] += value
        assert state.counts == tuple(expected)
