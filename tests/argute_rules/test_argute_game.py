"""Whole games of Argute: hands to a target, negative totals, ties at the top."""

from __future__ import annotations

import base64
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import argute_reference as reference
from bugami import IllegalMoveError, InvalidInputError, Phase, argute
from bugami.argute import Game, bid, legal_bids, legal_moves, new_game, play, score


def _finish_hand(game: Game, bids: list[int] | None = None, *, last: bool = True) -> Game:
    """Bid (the given bids, or 1 each) and play the current hand out, always taking the
    last (or first) legal value."""
    number = len(game.deals)
    for seat in range(game.rules.players):
        game = bid(game, seat, 1 if bids is None else bids[seat])
    while len(game.deals) == number:
        moves = legal_moves(game)
        game = play(game, moves[-1] if last else moves[0])
    return game


def test_a_new_game() -> None:
    game = new_game(argute.Rules(players=5), seed=10, dealer=3)
    assert game.rules == argute.Rules(players=5)
    assert game.seed == 10
    assert game.first_dealer == 3
    assert game.deals == ()
    assert game.totals == (0,) * 5
    assert game.current is not None
    assert game.current.dealer == 3
    assert game.current.phase is Phase.BIDDING
    assert not game.is_over
    assert game.winner is None
    assert score(game) == (0,) * 5
    assert (
        repr(game) == "<Argute Game: 5 players, target 6, hand 1 in progress, totals 0, 0, 0, 0, 0>"
    )


def test_the_first_dealer_is_drawn_from_the_seed() -> None:
    game = new_game(argute.Rules(), seed=10)
    assert game.current is not None
    assert game.first_dealer == game.current.dealer
    assert {new_game(argute.Rules(), seed=seed).first_dealer for seed in range(40)} == {0, 1, 2, 3}


def test_an_unseeded_game_keeps_its_random_seed() -> None:
    game = new_game(argute.Rules())
    assert isinstance(game.seed, int)
    assert new_game(argute.Rules(), seed=game.seed, dealer=game.first_dealer) == game


def test_hands_follow_one_another_and_the_deal_moves_left() -> None:
    game = new_game(argute.Rules(players=3), seed="x", dealer=2)
    first = game.current
    assert first is not None
    game = _finish_hand(game)
    assert len(game.deals) == 1
    assert game.deals[0].is_over
    assert game.deals[0].dealt_hands == first.hands
    assert game.totals == score(game.deals[0])
    assert game.current is not None
    assert game.current.dealer == 0
    game = _finish_hand(game, last=False)
    assert game.current is not None
    assert game.current.dealer == 1
    assert game.totals == tuple(a + b for a, b in zip(*map(score, game.deals), strict=True))


def test_verbs_act_on_the_current_hand() -> None:
    game = new_game(argute.Rules(players=2), seed=7)
    assert legal_bids(game, 0) == (0, 1, 2, 3)
    assert argute.can_bid(game, 0, 2)
    game = bid(game, 0, 2)
    assert legal_bids(game, 0) == ()
    with pytest.raises(IllegalMoveError, match="seat 0 cannot bid 1: it has already bid"):
        argute.check_bid(game, 0, 1)
    game = bid(game, 1, "0")
    assert game.current is not None
    assert legal_moves(game) == legal_moves(game.current)
    value = legal_moves(game)[0]
    assert argute.can_play(game, value)
    argute.check_play(game, value)
    after = play(game, value, seat=game.current.to_move)
    assert after.current is not None
    assert after.current.current_trick == (value,)
    assert game.current.current_trick == ()  # the old game is untouched


def _rigged(totals: tuple[int, int], target: int = 6) -> Game:
    """A two-player game standing at ``totals``, whose current hand is laid out so that
    seat 0 takes trick 1 and seat 1 takes tricks 2 and 3 (play with ``_RIGGED_PLAY``)."""
    rules = argute.Rules(players=2, target=target)
    hand = argute.deal(rules, hands=["555000", "444111"], dealer=1)
    game: Game = Game._made(rules, 0, 1, (), hand, totals, None)
    return game


_RIGGED_PLAY = "5 4 5 4 5 4  0 1 0 1  1 0"


def _play_rigged(game: Game, bids: tuple[int, int]) -> Game:
    game = bid(bid(game, 0, bids[0]), 1, bids[1])
    for value in _RIGGED_PLAY.split():
        game = play(game, value)
    return game


def test_a_tie_at_the_top_plays_on() -> None:
    game = _play_rigged(_rigged((5, 4)), (1, 2))
    assert game.totals == (6, 6)
    assert game.winner is None
    assert not game.is_over
    assert game.current is not None
    assert game.current.dealer == 0  # the next hand, dealt by the next seat


def test_the_winner_is_alone_at_the_top_though_others_reach_the_target() -> None:
    game = _play_rigged(_rigged((5, 5)), (1, 2))
    assert game.totals == (6, 7)
    assert game.winner == 1
    assert game.is_over
    assert game.current is None
    assert repr(game) == "<Argute Game: 2 players, target 6, won by seat 1, totals 6, 7>"
    assert legal_moves(game) == ()
    assert legal_bids(game, 0) == ()
    assert not argute.can_bid(game, 0, 1)
    assert not argute.can_play(game, 1)
    with pytest.raises(IllegalMoveError) as error:
        bid(game, 0, 1)
    assert str(error.value) == "seat 0 cannot bid 1: the game is over (seat 1 won)"
    with pytest.raises(IllegalMoveError, match="cannot play 1: the game is over"):
        play(game, 1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        argute.check_play(game, 1)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        argute.check_bid(game, 0, 1)
    with pytest.raises(InvalidInputError, match="not 2"):
        legal_bids(game, 2)


def test_below_the_target_nobody_wins() -> None:
    game = _play_rigged(_rigged((0, 0)), (1, 2))
    assert game.totals == (1, 2)
    assert game.winner is None


def test_totals_may_go_negative() -> None:
    game = _play_rigged(_rigged((0, 0)), (0, 0))
    assert game.totals == (-1, -1)
    game = _play_rigged(_rigged((-4, 0), target=1), (1, 0))
    assert game.totals == (-3, -1)
    assert game.winner is None  # the highest total, -1, is below the target


def test_a_game_ends_with_one_player_alone_at_the_top() -> None:
    game = new_game(argute.Rules(players=3, target=2), seed=5)
    while not game.is_over:
        game = _finish_hand(game)
    assert game.winner is not None
    assert game.totals[game.winner] == max(game.totals) >= 2
    assert game.totals.count(max(game.totals)) == 1


def test_games_are_immutable_values() -> None:
    game = new_game(argute.Rules(), seed=3)
    assert pickle.loads(pickle.dumps(game)) == game
    assert hash(pickle.loads(pickle.dumps(game))) == hash(game)
    with pytest.raises(AttributeError, match="Game is immutable"):
        game.winner = 1
    with pytest.raises(TypeError, match=r"bugami\.argute\.new_game"):
        Game()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"rules": 4}, "new_game needs a bugami.argute.Rules, not 4"),
        ({"dealer": 4}, "dealer must be a seat from 0 to 3, not 4"),
        ({"seed": 2.5}, "a seed is an int, a str or bytes, not 2.5"),
    ],
)
def test_bad_game_arguments(arguments: dict[str, object], message: str) -> None:
    arguments.setdefault("rules", argute.Rules())
    with pytest.raises(InvalidInputError, match=message):
        new_game(**arguments)  # type: ignore[arg-type]


@given(
    st.integers(2, 7),
    st.integers(1, 4),
    st.integers(0, 2**32),
    st.data(),
)
def test_random_games_follow_the_reference(
    players: int, target: int, seed: int, data: st.DataObject
) -> None:
    game = new_game(argute.Rules(players=players, target=target), seed=seed)
    for number in range(8):  # a bounded number of hands
        if game.is_over:
            break
        assert game.current is not None
        assert game.current.dealer == (game.first_dealer + number) % players
        for seat in data.draw(st.permutations(range(players))):
            game = bid(game, seat, data.draw(st.integers(0, 3)))
        while len(game.deals) == number:
            game = play(game, data.draw(st.sampled_from(legal_moves(game))))
        finished = game.deals[-1]
        bids = [choice for choice in finished.bids if choice is not None]
        expected = reference.score_hand(bids, [trick.winner for trick in finished.tricks])
        assert list(score(finished)) == expected
    totals = [sum(column) for column in zip(*map(score, game.deals), strict=True)]
    assert list(game.totals) == totals
    assert game.winner == reference.game_winner(totals, target)
    assert game.is_over == (game.winner is not None)
    # A game is over exactly when some hand produced a winner, and only at its last hand.
    for count in range(1, len(game.deals)):
        partial = [sum(column) for column in zip(*map(score, game.deals[:count]), strict=True)]
        assert reference.game_winner(partial, target) is None


# A game pickled by an earlier release (2 players, target 3, seed 5, one hand
# played out with bids of 1 and the highest values): pickles name the kernel's
# builder and the game's class, not how the game deals and scores.
_OLD_PICKLE = """
gASVWQEAAAAAAACMFGJ1Z2FtaS5fa2VybmVsLm1hdGNolIwIX3JlYnVpbGSUk5SMEmJ1Z2FtaS5hcmd1dGUuZ2Ft
ZZSMBEdhbWWUk5QojBNidWdhbWkuYXJndXRlLnJ1bGVzlIwFUnVsZXOUk5QpgZR9lCiMB3BsYXllcnOUSwKMBnRh
cmdldJRLA3ViSwVLAYwTYnVnYW1pLmFyZ3V0ZS5zdGF0ZZSMCW1ha2VfZGVhbJSTlChoCUsBSwBLAIaUSwFLAYaU
TiloDYwKbWFrZV90cmlja5STlChLAChLA0sFSwNLBEsCSwR0lEsBSwhLDYaUdJRSlGgTKEsBKEsCSwJLAEsBdJRL
AEsDSwKGlHSUUpRoEyhLAEsASwCGlEsASwBLAIaUdJRSlIeUSwBLAYaUdJRSlIWUaA8oaAlLAE0KoE2AlIaUTk6G
lE4pKSl0lFKUSv////9LAYaUTnSUhpRSlC4=
"""


def test_a_game_pickled_by_an_earlier_release_loads_and_plays_on() -> None:
    game = new_game(argute.Rules(players=2, target=3), seed=5)
    game = _finish_hand(game)
    old = pickle.loads(base64.b64decode(_OLD_PICKLE))  # our own bytes
    assert old == game
    assert hash(old) == hash(game)
    assert old.totals == score(old.deals[0])
    assert _finish_hand(old) == _finish_hand(game)
