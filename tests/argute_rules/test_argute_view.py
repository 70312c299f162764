"""Views of Argute: what one seat may know, and nothing more (ruling 3)."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from argute_strategies import games, states
from bugami import InvalidInputError, argute
from bugami.argute import Deal, Game, bid, legal_bids, legal_moves, play, view


def played_by(state: Deal) -> list[list[int]]:
    """The values each seat has played so far."""
    players = state.rules.players
    played: list[list[int]] = [[] for _ in range(players)]
    runs = [(trick.leader, trick.cards) for trick in state.tricks]
    if state.leader is not None:
        runs.append((state.leader, state.current_trick))
    for leader, cards in runs:
        for position, value in enumerate(cards):
            played[(leader + position) % players].append(value)
    return played


def redealt(state: Deal, seat: int, rng: random.Random) -> Deal:
    """The same public history with everything ``seat`` cannot see changed: the
    values it cannot see dealt again among the other hands and the undealt
    cards, and the bids it cannot see (before the end) chosen again."""
    played = played_by(state)
    pool = [value for value in range(6) for _ in range(7)]
    for value in state.dealt_hands[seat]:
        pool.remove(value)
    for other, values in enumerate(played):
        if other != seat:
            for value in values:
                pool.remove(value)
    rng.shuffle(pool)
    hands = []
    for other in range(state.rules.players):
        if other == seat:
            hands.append(list(state.dealt_hands[seat]))
        else:
            missing = 6 - len(played[other])
            hands.append(played[other] + pool[:missing])
            del pool[:missing]
    again = argute.deal(state.rules, hands=hands, dealer=state.dealer)
    for other, choice in enumerate(state.bids):
        if choice is not None:
            hidden = other != seat and not state.is_over
            again = bid(again, other, rng.randrange(4) if hidden else choice)
    for trick in state.tricks:
        for value in trick.cards:
            again = play(again, value)
    for value in state.current_trick:
        again = play(again, value)
    return again


@given(states, st.data())
def test_a_view_holds_exactly_what_its_seat_may_know(state: Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    assert seen.hand == state.hands[seat]
    assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert seen.has_bid == tuple(choice is not None for choice in state.bids)
    assert seen.tricks == state.tricks
    assert seen.current_trick == state.current_trick
    assert seen.to_move == state.to_move
    assert seen.leader == state.leader
    assert seen.counts == state.counts
    assert seen.phase is state.phase
    if state.is_over:
        assert seen.bids == state.bids
        assert seen.points == argute.score(state)
    else:
        assert seen.bids == tuple(c if s == seat else None for s, c in enumerate(state.bids))
        assert seen.points is None
    assert seen.legal_bids() == legal_bids(state, seat)
    assert seen.legal_moves() == (legal_moves(state) if state.to_move == seat else ())
    assert sorted(seen.unseen + seen.hand + seen.played) == sorted(
        value for value in range(6) for _ in range(7)
    )


@given(states, st.data())
def test_views_do_not_leak(state: Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    rng = random.Random(data.draw(st.integers()))
    seen = view(state, seat)
    for _ in range(3):
        other = redealt(state, seat, rng)
        assert view(other, seat) == seen
        assert repr(view(other, seat)) == repr(seen)
        for form in ("json", "text"):
            assert bugami.dumps(view(other, seat), format=form) == bugami.dumps(seen, format=form)


def test_undealt_cards_never_show_even_when_all_is_played() -> None:
    state = argute.deal(argute.Rules(players=2), hands=["000000", "111111"])
    for seat in (0, 1):
        state = bid(state, seat, 3)
    while not state.is_over:
        state = play(state, legal_moves(state)[0])
    seen = view(state, 0)
    assert not hasattr(seen, "undealt")
    assert not hasattr(seen, "leftover")
    # The 30 undealt cards can be worked out now, but the view only says what
    # this seat cannot see: a 0, a 1 and seven of each other value.
    assert seen.unseen == (0, 1) + (2,) * 7 + (3,) * 7 + (4,) * 7 + (5,) * 7
    assert seen.hand == ()
    assert seen.played == (0,) * 6 + (1,) * 6
    record = bugami.dumps(seen, format="text")
    assert "Hands: 000000 111111\n" in record
    assert "Leftover" not in record


def test_bids_stay_hidden_until_the_hand_is_over() -> None:
    state = argute.deal(argute.Rules(players=3), hands=["001122", "334455", "012345"])
    for seat, tricks in enumerate((0, 2, 1)):
        state = bid(state, seat, tricks)
    assert view(state, 1).bids == (None, 2, None)  # all in, still hidden (unlike Bugami)
    assert view(state, 1).has_bid == (True, True, True)
    while not state.is_over:
        state = play(state, legal_moves(state)[-1])
    assert view(state, 1).bids == (0, 2, 1)
    assert view(state, 1).points == argute.score(state)


@given(games(), st.data())
def test_game_views(game: Game, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, game.rules.players - 1))
    seen = view(game, seat)
    assert seen.deals == game.deals
    assert seen.totals == game.totals
    assert seen.winner == game.winner
    assert seen.is_over == game.is_over
    assert not hasattr(seen, "seed")
    if game.current is None:
        assert seen.current is None
        assert seen.legal_moves() == ()
        assert seen.legal_bids() == ()
    else:
        assert seen.current == view(game.current, seat)
        assert seen.legal_bids() == seen.current.legal_bids()
        assert seen.legal_moves() == seen.current.legal_moves()


@given(st.one_of(states, games()), st.data())
def test_views_are_immutable_hashable_and_picklable(
    state: Deal | Game, data: st.DataObject
) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    assert seen == view(state, seat)
    assert hash(seen) == hash(view(state, seat))
    assert pickle.loads(pickle.dumps(seen)) == seen
    with pytest.raises(AttributeError, match="immutable"):
        seen.seat = 0


def test_views_cannot_be_built_directly_and_check_their_seat() -> None:
    with pytest.raises(TypeError):
        argute.DealView()
    with pytest.raises(TypeError):
        argute.GameView()
    state = argute.deal(argute.Rules(players=3), seed=1)
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 2"):
        view(state, 3)
    with pytest.raises(InvalidInputError, match="needs an Argute Deal or Game"):
        view(bugami.deal(bugami.Rules(), seed=1), 0)  # type: ignore[call-overload]
    assert repr(view(state, 0)).startswith("<Argute DealView for seat 0: bidding, 3 to bid")
