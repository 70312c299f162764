"""Views: what one seat may know, and nothing more."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import MISERE, DealView, GameView, InvalidInputError, Suit, view
from strategies import games, in_play, partly_bid

WORKED = [
    "AS KS QS JS KD 5D 4D 2D AC KC QC JC TC",
    "TS 9S 8S 7S QH JH TH 9H 8H 9C 8C 7C 6C",
    "6S 5S 4S AH KH 7H 6H AD QD JD 7D 5C 4C",
    "3S 2S 5H 4H 3H 2H TD 9D 8D 6D 3D 3C 2C",
]


def _worked() -> bugami.Deal:
    return bugami.deal(bugami.Rules(), hands=WORKED, dealer=1)


def test_bids_are_secret_until_the_reveal() -> None:
    state = bugami.bid(bugami.bid(_worked(), 0, "H"), 3, "M")
    assert view(state, 0).bids == (Suit.HEARTS, None, None, None)
    assert view(state, 3).bids == (None, None, None, MISERE)
    assert view(state, 1).bids == (None, None, None, None)
    assert view(state, 1).has_bid == (True, False, False, True)
    # Whether the secret bid is a suit or misère makes no difference to the others.
    other = bugami.bid(bugami.bid(_worked(), 0, "C"), 3, "S")
    assert view(other, 1) == view(state, 1)
    assert view(other, 0) != view(state, 0)
    state = bugami.bid(bugami.bid(state, 1, "S"), 2, "D")
    assert view(state, 1).bids == (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, MISERE)


def test_a_view_holds_its_seat_s_hand_and_the_public_play() -> None:
    state = _worked()
    for seat, choice in enumerate("H S D C".split()):
        state = bugami.bid(state, seat, choice)
    for card in ("7D", "3D", "KD", "QH", "AS"):
        state = bugami.play(state, card)
    seen = view(state, 1)
    assert seen.hand == state.hands[1]
    assert seen.hand_sizes == (11, 12, 12, 12)
    assert seen.tricks == state.tricks
    assert seen.current_trick == state.current_trick == (bugami.Card("AS"),)
    assert (seen.to_move, seen.leader, seen.dealer) == (1, 0, 1)
    assert seen.voids == (frozenset(), frozenset({Suit.DIAMONDS}), frozenset(), frozenset())
    assert seen.leftover == ()
    assert seen.points is None
    assert seen.phase is bugami.Phase.PLAYING
    assert seen.legal_moves() == bugami.legal_moves(state) == bugami.legal_moves(seen)
    assert view(state, 0).legal_moves() == ()
    assert bugami.legal_moves(view(state, 0)) == ()
    assert set(seen.unseen) == set(state.hands[0] + state.hands[2] + state.hands[3])
    assert set(seen.played) == {bugami.Card(text) for text in ("7D", "3D", "KD", "QH", "AS")}
    assert repr(seen) == (
        "<DealView for seat 1: trick 2 of 13, seat 1 to play; hand TS 9S 8S 7S JH TH 9H 8H 9C 8C 7C 6C>"
    )


def test_a_joker_played_to_a_suit_shows_a_void() -> None:
    hands = [
        "X1 AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH",
        "X2 TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
        "X3 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
    ]
    state = bugami.deal(bugami.Rules(players=3, jokers=3), hands=hands, dealer=1)
    for seat in range(3):
        state = bugami.bid(state, seat, "S")
    state = bugami.play(bugami.play(state, "2D"), "X1")
    assert view(state, 1).voids[0] == frozenset({Suit.DIAMONDS})
    state = bugami.play(bugami.play(bugami.play(state, "7D"), "X2"), "AC")  # seat 1 leads X2
    assert view(state, 1).voids == (frozenset({Suit.DIAMONDS}), frozenset(), frozenset())


def test_a_finished_deal_shows_everything_that_became_public() -> None:
    state = bugami.deal(bugami.Rules(players=5), seed=9)
    for seat in range(5):
        state = bugami.bid(state, seat, "C")
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    for seat in range(5):
        seen = view(state, seat)
        assert seen.is_over
        assert seen.phase is bugami.Phase.OVER
        assert seen.leftover == state.leftover
        assert len(seen.leftover) == 2
        assert seen.points == bugami.score(state)
        assert seen.bids == state.bids
        assert seen.unseen == ()
        assert seen.hand == ()
        assert seen.legal_moves() == ()
        assert seen.legal_bids() == ()


def test_legal_bids_through_a_view() -> None:
    seen = view(bugami.deal(bugami.Rules(), seed=1), 2)
    assert bugami.legal_bids(seen, 2) == seen.legal_bids() == (*Suit, MISERE)
    with pytest.raises(InvalidInputError, match="a view of seat 2 cannot tell seat 1's bids"):
        bugami.legal_bids(seen, 1)


def test_game_views_hide_the_seed() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=100), seed="secret seed")
    while len(game.deals) < 1:
        for seat in range(3):
            game = bugami.bid(game, seat, "H")
        while len(game.deals) < 1:
            game = bugami.play(game, bugami.legal_moves(game)[0])
    seen = view(game, 1)
    assert isinstance(seen, GameView)
    assert not hasattr(seen, "seed")
    assert b"secret seed" not in pickle.dumps(seen)
    assert "secret" not in repr(seen)
    assert seen.deals == game.deals
    assert seen.totals == game.totals
    assert seen.first_dealer == game.first_dealer
    assert seen.current == view(game.current, 1)  # type: ignore[arg-type]
    assert seen.legal_bids() == (*Suit, MISERE)
    assert seen.legal_moves() == ()
    assert (
        repr(seen)
        == f"<GameView for seat 1: deal 2 in progress, totals {', '.join(map(str, game.totals))}>"
    )
    other = bugami.new_game(bugami.Rules(players=3, target=100), seed="another seed")
    assert view(other, 1) != seen


def test_a_finished_game_view() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=30), seed=1)
    while not game.is_over:
        for seat in range(3):
            game = bugami.bid(game, seat, "H")
        number = len(game.deals)
        while len(game.deals) == number:
            game = bugami.play(game, bugami.legal_moves(game)[0])
    seen = view(game, 0)
    assert seen.is_over
    assert seen.current is None
    assert seen.winner == game.winner
    assert seen.legal_moves() == seen.legal_bids() == ()
    assert repr(seen).startswith(f"<GameView for seat 0: won by seat {game.winner}")


def test_views_are_immutable_values() -> None:
    seen = view(bugami.deal(bugami.Rules(), seed=1), 0)
    with pytest.raises(AttributeError, match="DealView is immutable"):
        seen.seat = 1
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert hash(pickle.loads(pickle.dumps(seen))) == hash(seen)
    game_view = view(bugami.new_game(bugami.Rules(), seed=1), 0)
    assert pickle.loads(pickle.dumps(game_view)) == game_view
    with pytest.raises(TypeError, match=r"bugami\.view"):
        DealView()
    with pytest.raises(TypeError, match=r"bugami\.view"):
        GameView()


def test_view_arguments_are_checked() -> None:
    with pytest.raises(InvalidInputError, match="view needs a bugami Deal or Game"):
        view("deal", 0)  # type: ignore[call-overload]
    for seat in (-1, 4, "1", True):
        with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3"):
            view(bugami.deal(bugami.Rules(), seed=1), seat)  # type: ignore[arg-type]


# --- the non-leakage property ---------------------------------------------------------


def _hidden_reshuffle(state: bugami.Deal, seat: int, rng: random.Random) -> bugami.Deal:
    """The same public history with the cards ``seat`` cannot see moved around (between
    other hands and the leftover, never giving a seat a suit it has shown out of) and
    the bids not yet revealed changed; rebuilt through the public verbs."""
    players = state.rules.players
    holders: list[list[bugami.Card]] = [list(hand) for hand in state.hands]
    holders.append(list(state.leftover) if not state.is_over else [])
    voids = view(state, seat).voids
    hidden = [place for place in range(players + 1) if place != seat]

    def fits(card: bugami.Card, place: int) -> bool:
        return place == players or card.suit not in voids[place]

    for _ in range(200):
        first, second = rng.sample(hidden, 2)
        if not holders[first] or not holders[second]:
            continue
        i, j = rng.randrange(len(holders[first])), rng.randrange(len(holders[second]))
        a, b = holders[first][i], holders[second][j]
        if fits(a, second) and fits(b, first):
            holders[first][i], holders[second][j] = b, a
    played: list[list[bugami.Card]] = [[] for _ in range(players)]
    tricks = [(trick.leader, trick.cards) for trick in state.tricks]
    if state.current_trick:
        tricks.append((state.leader, state.current_trick))  # type: ignore[arg-type]
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            played[(leader + position) % players].append(card)
    layout = [holders[s] + played[s] for s in range(players)]
    leftover = holders[players] if not state.is_over else list(state.leftover)
    again = bugami.deal(state.rules, hands=layout, leftover=leftover, dealer=state.dealer)
    revealed = None not in state.bids
    for other, choice in enumerate(state.bids):
        if choice is not None:
            if not revealed and other != seat:
                choice = rng.choice([*Suit, MISERE])
            again = bugami.bid(again, other, choice)
    for _, cards in tricks:
        for card in cards:
            again = bugami.play(again, card)
    return again


@given(st.one_of(in_play(), partly_bid()), st.data())
def test_views_do_not_leak(state: bugami.Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    other = _hidden_reshuffle(state, seat, random.Random(data.draw(st.integers())))
    assert view(other, seat) == view(state, seat)
    assert repr(view(other, seat)) == repr(view(state, seat))
    assert hash(view(other, seat)) == hash(view(state, seat))
    for form in ("json", "text"):
        assert bugami.dumps(view(other, seat), form) == bugami.dumps(view(state, seat), form)


@given(in_play(), st.data())
def test_a_view_agrees_with_its_state(state: bugami.Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    assert seen.hand == state.hands[seat]
    assert seen.hand_sizes == tuple(map(len, state.hands))
    assert seen.legal_moves() == (bugami.legal_moves(state) if state.to_move == seat else ())
    assert sorted(seen.unseen + seen.hand + seen.played + seen.leftover) == list(state.rules.deck)
    for other, suits in enumerate(seen.voids):
        assert not any(card.suit in suits for card in state.hands[other])


def _naive_voids(state: bugami.Deal) -> tuple[frozenset[Suit], ...]:
    """The suits each seat has shown out of, from the public cards alone."""
    players = state.rules.players
    shown: list[set[Suit]] = [set() for _ in range(players)]
    plays = [(trick.leader, trick.cards) for trick in state.tricks]
    if state.current_trick:
        plays.append((state.leader, state.current_trick))  # type: ignore[arg-type]
    for leader, cards in plays:
        led = cards[0].suit
        for position, card in enumerate(cards[1:], 1):
            if led is not None and card.suit != led:
                shown[(leader + position) % players].add(led)
    return tuple(map(frozenset, shown))


@given(in_play(), st.data())
def test_voids_are_exactly_the_suits_shown_out(state: bugami.Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    expected = _naive_voids(state)
    assert view(state, seat).voids == expected
    assert view(state, seat).voids == expected  # again, from what the tricks remember


@given(games(), st.data())
def test_game_views_agree_with_their_game(game: bugami.Game, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, game.rules.players - 1))
    seen = view(game, seat)
    assert seen.deals == game.deals
    assert seen.totals == game.totals
    assert seen.winner == game.winner
    assert seen.current == (None if game.current is None else view(game.current, seat))
