"""Invariants over every table size and variant, checked against the naive
reference in ``reference.py`` (which shares no code with the engine)."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
import reference
from bugami import IllegalMoveError, InvalidInputError, bid, legal_bids, legal_moves, play, score
from strategies import bidden, dealt, in_play


def _texts(cards: tuple[bugami.Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _all_cards(state: bugami.Deal) -> list[bugami.Card]:
    cards = [card for hand in state.hands for card in hand]
    cards += [card for trick in state.tricks for card in trick.cards]
    return cards + list(state.current_trick) + list(state.leftover)


@given(bidden(), st.data())
def test_a_whole_deal_agrees_with_the_reference(state: bugami.Deal, data: st.DataObject) -> None:
    """Deck conservation, turn order, legal moves, trick winners and scores."""
    rules = state.rules
    players = rules.players
    deck = sorted(rules.deck)
    assert state.leader == state.to_move == (state.dealer + 1) % players
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        assert mover == (state.leader + len(state.current_trick)) % players
        hand = _texts(state.hands[mover])
        moves = legal_moves(state)
        assert _texts(moves) == reference.legal_plays(hand, _texts(state.current_trick))
        assert list(moves) == sorted(moves)
        card = data.draw(st.sampled_from(moves))
        before = pickle.dumps(state)
        after = play(state, card)
        assert pickle.loads(before) == state  # the old state is untouched
        assert sorted(_all_cards(after)) == deck
        if len(after.tricks) > len(state.tricks):
            trick = after.tricks[-1]
            assert trick.leader == state.leader
            assert trick.cards == (*state.current_trick, card)
            position = reference.trick_winner(_texts(trick.cards))
            assert trick.winner == (trick.leader + position) % players
            assert after.is_over or after.leader == after.to_move == trick.winner
        state = after
    assert len(state.tricks) == rules.hand_size
    assert state.to_move is None
    assert state.leader is None
    expected = reference.score_deal(
        [str(choice) for choice in state.bids],
        [(trick.winner, _texts(trick.cards)) for trick in state.tricks],
        _texts(state.leftover),
        rules.shotgun_wedding,
    )
    assert list(score(state)) == expected


@given(in_play(), st.sampled_from(bugami.deck(8)))
def test_exactly_the_legal_moves_can_be_played(state: bugami.Deal, card: bugami.Card) -> None:
    legal = card in legal_moves(state)
    assert bugami.can_play(state, card) == legal
    if legal:
        bugami.check_play(state, card)
        assert play(state, str(card)) == play(state, card)
    else:
        with pytest.raises(IllegalMoveError) as error:
            play(state, card)
        assert str(card) in str(error.value)
        assert "legal" not in str(error.value)  # no seat=: the hand to move is not shown
        with pytest.raises(IllegalMoveError):
            bugami.check_play(state, card)
        if state.to_move is not None:
            with pytest.raises(IllegalMoveError) as error:
                bugami.check_play(state, card, seat=state.to_move)
            assert f"(legal: {' '.join(map(str, legal_moves(state)))})" in str(error.value)
        if state.to_move is not None:
            assert " ".join(map(str, legal_moves(state))) in str(error.value)
    # Whatever happened, the state is still usable.
    if legal_moves(state):
        play(state, legal_moves(state)[0])


@given(in_play(), st.text(max_size=4))
def test_malformed_card_text_is_invalid_input(state: bugami.Deal, text: str) -> None:
    try:
        bugami.Card.parse(text)
    except InvalidInputError:
        with pytest.raises(InvalidInputError, match="is not a card"):
            play(state, text)


@given(dealt(), st.data())
def test_bidding_in_any_order(state: bugami.Deal, data: st.DataObject) -> None:
    players = state.rules.players
    choices = [data.draw(st.sampled_from(legal_bids(state, seat))) for seat in range(players)]
    order = data.draw(st.permutations(range(players)))
    forward = state
    for seat in range(players):
        forward = bid(forward, seat, choices[seat])
    shuffled = state
    for count, seat in enumerate(order, 1):
        with pytest.raises(IllegalMoveError):
            bugami.play(shuffled, bugami.deck(8)[0])
        shuffled = bid(shuffled, seat, choices[seat])
        assert legal_bids(shuffled, seat) == ()
        assert sum(choice is not None for choice in shuffled.bids) == count
        with pytest.raises(IllegalMoveError):
            bid(shuffled, seat, choices[seat])
    assert shuffled == forward
    assert hash(shuffled) == hash(forward)
    assert shuffled.to_move == (state.dealer + 1) % players


@given(in_play())
def test_equal_states_hash_equal_and_survive_pickling(state: bugami.Deal) -> None:
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert hash(copy) == hash(state)
    assert copy.hands == state.hands
    assert copy.tricks == state.tricks
    assert len({state, copy}) == 1
    # The fast key that equality, hashing and pickling use lists the fields in order.
    assert state._key() == tuple(getattr(state, name) for name in state._fields)


@given(in_play())
def test_dealt_hands_and_phase_are_consistent(state: bugami.Deal) -> None:
    held = {card for hand in state.hands for card in hand}
    for seat, dealt_hand in enumerate(state.dealt_hands):
        assert set(state.hands[seat]) <= set(dealt_hand)
        assert len(dealt_hand) == state.rules.hand_size
    played = {card for trick in state.tricks for card in trick.cards} | set(state.current_trick)
    assert held | played == {card for hand in state.dealt_hands for card in hand}
    assert (state.phase is bugami.Phase.OVER) == state.is_over
    assert (state.phase is bugami.Phase.PLAYING) == (state.to_move is not None)
