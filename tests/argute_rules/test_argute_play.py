"""Bidding and playing Argute: the rules and the rulings, one example at a time."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable

import pytest

import bugami
from bugami import IllegalMoveError, InvalidInputError, Phase, argute
from bugami.argute import (
    Deal,
    bid,
    can_bid,
    can_play,
    check_bid,
    check_play,
    deal,
    legal_bids,
    legal_moves,
    play,
)

# Three players, dealer 2, so seat 0 leads trick 1 (5 5 5 against 1 1 1 and 2 2 2), seat 2
# takes trick 2 with 5 5, and everyone keeps a 0 for the last trick.
ZEROS_LAST = ["555440", "111110", "222550"]
ZEROS_PLAY = "5 1 2 5 1 2 5 1 2  4 1 5 4 1 5  0 0 0"


def _bid_all(state: Deal, bids: str) -> Deal:
    for seat, tricks in enumerate(bids.split()):
        state = bid(state, seat, tricks)
    return state


def _play_all(state: Deal, values: str) -> Deal:
    for value in values.split():
        state = play(state, value)
    return state


def _zeros_last() -> Deal:
    return _bid_all(deal(argute.Rules(players=3), hands=ZEROS_LAST, dealer=2), "1 0 2")


def test_a_whole_hand_trick_by_trick() -> None:
    state = _zeros_last()
    assert state.phase is Phase.PLAYING
    assert state.to_move == state.leader == 0
    state = _play_all(state, "5 1 2 5 1 2 5 1")
    assert state.current_trick == (5, 1, 2, 5, 1, 2, 5, 1)
    assert state.to_move == 2
    assert state.counts == (15, 3, 4)
    state = play(state, 2)
    (first,) = state.tricks
    assert (first.leader, first.cards, first.winner, first.counts) == (
        0,
        (5, 1, 2, 5, 1, 2, 5, 1, 2),
        0,
        (15, 3, 6),
    )
    assert state.leader == state.to_move == 0
    assert state.current_trick == ()
    assert state.counts == (0, 0, 0)
    state = _play_all(state, "4 1 5 4 1 5")
    assert state.tricks[1].cards == (4, 1, 5, 4, 1, 5)
    assert state.tricks[1].counts == (8, 2, 10)
    assert state.tricks[1].winner == 2
    assert state.leader == state.to_move == 2
    assert state.hands == ((0,), (0,), (0,))


def test_everyone_playing_zero_to_the_last_trick() -> None:
    """The rules' example: the first player to play the trick wins it."""
    state = _play_all(_zeros_last(), ZEROS_PLAY)
    last = state.tricks[2]
    assert last.leader == 2
    assert last.cards == (0, 0, 0)
    assert last.counts == (0, 0, 0)
    assert last.winner == 2
    assert state.is_over
    assert state.phase is Phase.OVER
    assert (state.to_move, state.leader, state.counts) == (None, None, (0, 0, 0))
    assert argute.score(state) == (1, 0, 2)  # every bid exact; the zero bid scores 0


# Two players, dealer 1: seat 0 leads. Both end trick 1 on a count of 5.
@pytest.mark.parametrize(
    ("hands", "trick", "winner"),
    [
        # seat 0 reaches 5 with its first card, seat 1 only with its second
        (["500111", "230111"], "5 2 0 3 0 0", 0),
        # seat 1 reaches 5 at the second card of the trick, seat 0 only at the fifth
        (["005111", "500111"], "0 5 0 0 5 0", 1),
        # a later 0 does not move the moment seat 0 reached 5
        (["500111", "050111"], "5 0 0 5 0 0", 0),
        # a 0 after the count is reached does not help seat 1 either
        (["005111", "320111"], "0 3 0 2 5 0", 1),
    ],
)
def test_ties_go_to_whoever_reached_the_count_first(
    hands: list[str], trick: str, winner: int
) -> None:
    state = _play_all(_bid_all(deal(argute.Rules(players=2), hands=hands, dealer=1), "1 1"), trick)
    assert state.tricks[0].counts == (5, 5)
    assert state.tricks[0].winner == winner
    assert state.to_move == winner


def test_a_tie_between_players_who_did_not_lead() -> None:
    state = deal(argute.Rules(players=3), hands=["111222", "400333", "040333"], dealer=2)
    state = _play_all(_bid_all(state, "0 1 1"), "1 4 0 1 0 4 1 0 0")
    assert state.tricks[0].counts == (3, 4, 4)
    assert state.tricks[0].winner == 1  # reached 4 at the second card; seat 2 at the sixth


def test_a_zero_count_tie_before_the_last_trick() -> None:
    state = _bid_all(deal(argute.Rules(players=2), hands=["000123", "000450"], dealer=0), "0 3")
    state = _play_all(state, "0 0 0 0 0 0")  # seat 1 leads
    assert state.tricks[0].winner == 1


def test_the_dealer_s_left_leads_and_tricks_shrink() -> None:
    for players in range(2, 8):
        state = deal(argute.Rules(players=players), seed=players, dealer=players - 1)
        state = _bid_all(state, " ".join(["1"] * players))
        assert state.leader == state.to_move == 0
        sizes = []
        while not state.is_over:
            count = len(state.tricks)
            state = play(state, legal_moves(state)[0])
            if len(state.tricks) > count:
                sizes.append(len(state.tricks[-1].cards))
        assert sizes == [3 * players, 2 * players, players]


def test_legal_moves_are_the_distinct_values_held() -> None:
    state = _zeros_last()
    assert legal_moves(state) == (0, 4, 5)
    assert legal_moves(play(state, 5)) == (0, 1)
    assert legal_moves(_play_all(state, ZEROS_PLAY)) == ()
    assert legal_moves(deal(argute.Rules(players=3), hands=ZEROS_LAST)) == ()


# --- bidding --------------------------------------------------------------------


def test_bids_are_kept_and_can_come_in_any_order() -> None:
    start = deal(argute.Rules(players=3), hands=ZEROS_LAST, dealer=2)
    one = bid(bid(bid(start, 2, 3), 0, "0"), 1, 2)
    other = bid(bid(bid(start, 1, " 2"), 2, "3"), 0, 0)
    assert one == other
    assert hash(one) == hash(other)
    assert one.bids == (0, 2, 3)


def test_play_begins_after_the_last_bid() -> None:
    state = deal(argute.Rules(players=4), seed=3, dealer=1)
    for seat in (3, 0, 1):
        state = bid(state, seat, 1)
        assert state.phase is Phase.BIDDING
        assert (state.to_move, state.leader) == (None, None)
        assert legal_bids(state, seat) == ()
    assert legal_bids(state, 2) == (0, 1, 2, 3)
    state = bid(state, 2, 0)
    assert state.phase is Phase.PLAYING
    assert state.to_move == state.leader == 2


def test_a_bid_cannot_be_made_twice() -> None:
    state = bid(deal(argute.Rules(), seed=1), 1, 2)
    with pytest.raises(IllegalMoveError) as error:
        bid(state, 1, "3")
    assert str(error.value) == (
        "seat 1 cannot bid 3: it has already bid, and a bid cannot be changed "
        "(still to bid: seats 0, 2, 3)"
    )
    assert not can_bid(state, 1, 3)
    assert can_bid(state, 0, 3)
    check_bid(state, 0, 3)  # a legal bid passes the check


def test_no_bid_once_bidding_is_over() -> None:
    state = _zeros_last()
    assert all(legal_bids(state, seat) == () for seat in range(3))
    with pytest.raises(IllegalMoveError) as error:
        bid(state, 0, 1)
    assert str(error.value) == "seat 0 cannot bid 1: bidding is over (seat 0 is to play)"
    over = _play_all(state, ZEROS_PLAY)
    with pytest.raises(IllegalMoveError) as error:
        check_bid(over, 2, "0")
    assert str(error.value) == "seat 2 cannot bid 0: bidding is over (the hand is over)"


@pytest.mark.parametrize(
    ("seat", "tricks", "message"),
    [
        (4, 1, "seat must be a seat from 0 to 3, not 4"),
        (-1, 1, "seat must be a seat from 0 to 3, not -1"),
        ("0", 1, "seat must be a seat from 0 to 3, not '0'"),
        (True, 1, "seat must be a seat from 0 to 3, not True"),
        (
            0,
            4,
            "seat 0 cannot bid 4: a bid is a number of tricks from 0 to 3, as an int or its text",
        ),
        (0, -1, "seat 0 cannot bid -1: a bid is a number of tricks from 0 to 3"),
        (1, "4", "seat 1 cannot bid '4': a bid is a number of tricks from 0 to 3"),
        (1, "two", "seat 1 cannot bid 'two': a bid is a number of tricks"),
        (2, None, "seat 2 cannot bid None: a bid is a number of tricks"),
        (2, 1.0, "seat 2 cannot bid 1.0: a bid is a number of tricks"),
        (2, False, "seat 2 cannot bid False: a bid is a number of tricks"),
    ],
)
def test_bad_bids_are_invalid_input(seat: object, tricks: object, message: str) -> None:
    state = deal(argute.Rules(), seed=1)
    snapshot = pickle.dumps(state)
    with pytest.raises(InvalidInputError) as error:
        bid(state, seat, tricks)  # type: ignore[call-overload]
    assert message in str(error.value)
    with pytest.raises(InvalidInputError) as error:
        check_bid(state, seat, tricks)  # type: ignore[call-overload]
    assert message in str(error.value)
    assert not can_bid(state, seat, tricks)  # type: ignore[call-overload]
    assert pickle.loads(snapshot) == state
    assert bid(state, 0, 1).bids[0] == 1  # still usable


def test_legal_bids_checks_the_seat() -> None:
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3, not 7"):
        legal_bids(deal(argute.Rules()), 7)


# --- illegal plays -----------------------------------------------------------------


def _refused(
    state: Deal, action: Callable[[Deal], object], kind: type[Exception], message: str
) -> None:
    """``action`` raises ``kind`` with exactly ``message`` and leaves ``state`` as it was,
    still playable."""
    snapshot = pickle.dumps(state)
    with pytest.raises(kind) as error:
        action(state)
    assert str(error.value) == message
    assert pickle.loads(snapshot) == state
    if legal_moves(state):
        assert play(state, legal_moves(state)[0]) != state


def test_playing_while_bidding() -> None:
    state = bid(deal(argute.Rules(), seed=1), 2, 1)
    _refused(
        state,
        lambda s: play(s, 3),
        IllegalMoveError,
        "cannot play 3: the hand is still in its bidding phase (waiting for seats 0, 1, 3)",
    )
    state = bid(bid(state, 0, 1), 3, 1)
    _refused(
        state,
        lambda s: play(s, "3"),
        IllegalMoveError,
        "cannot play 3: the hand is still in its bidding phase (waiting for seat 1)",
    )
    assert not can_play(state, 3)


def test_playing_after_the_end() -> None:
    state = _play_all(_zeros_last(), ZEROS_PLAY)
    _refused(state, lambda s: play(s, 0), IllegalMoveError, "cannot play 0: the hand is over")
    assert not can_play(state, 0)


def test_a_value_not_in_hand() -> None:
    state = _zeros_last()
    _refused(
        state,
        lambda s: play(s, 2, seat=0),
        IllegalMoveError,
        "seat 0 cannot play 2: they hold no 2 (legal: 0 4 5)",
    )
    after = play(state, 5)
    _refused(
        after,
        lambda s: play(s, "5", seat=1),
        IllegalMoveError,
        "seat 1 cannot play 5: they hold no 5 (legal: 0 1)",
    )
    # Without seat= the caller may be anyone: the values held are not listed.
    _refused(
        after, lambda s: play(s, "5"), IllegalMoveError, "seat 1 cannot play 5: they hold no 5"
    )
    assert not can_play(after, 5)
    assert can_play(after, 1)


def test_playing_out_of_turn() -> None:
    state = _zeros_last()
    _refused(
        state,
        lambda s: play(s, 1, seat=1),
        IllegalMoveError,
        "seat 1 cannot play 1: it is seat 0's turn",
    )
    _refused(
        state,
        lambda s: check_play(s, 1, seat=1),
        IllegalMoveError,
        "seat 1 cannot play 1: it is seat 0's turn",
    )
    assert play(state, 5, seat=0) == play(state, 5)
    check_play(state, 5, seat=0)
    assert can_play(state, 5, seat=0)
    assert not can_play(state, 5, seat=2)


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        (3, "seat must be a seat from 0 to 2, not 3"),
        (-1, "seat must be a seat from 0 to 2, not -1"),
        (False, "seat must be a seat from 0 to 2, not False"),
        ("0", "seat must be a seat from 0 to 2, not '0'"),
    ],
)
def test_a_bad_seat_is_invalid_input(seat: object, message: str) -> None:
    state = _zeros_last()
    _refused(state, lambda s: play(s, 5, seat=seat), InvalidInputError, message)  # type: ignore[call-overload]
    assert not can_play(state, 5, seat=seat)  # type: ignore[call-overload]


@pytest.mark.parametrize("value", [6, -1, "6", "five", "", 5.0, None, True, (5,)])
def test_a_bad_value_is_invalid_input(value: object) -> None:
    state = _zeros_last()
    _refused(
        state,
        lambda s: play(s, value, seat=0),  # type: ignore[call-overload]
        InvalidInputError,
        f"seat 0 cannot play {value!r}: a card is a value from 0 to 5, as an int or its text "
        "(legal: 0 4 5)",
    )
    _refused(
        state,
        lambda s: play(s, value),  # type: ignore[call-overload]
        InvalidInputError,
        f"seat 0 cannot play {value!r}: a card is a value from 0 to 5, as an int or its text",
    )
    _refused(  # regression: another seat's bad value listed seat 0's values
        state,
        lambda s: play(s, value, seat=1),  # type: ignore[call-overload]
        InvalidInputError,
        f"seat 1 cannot play {value!r}: a card is a value from 0 to 5, as an int or its text",
    )
    assert not can_play(state, value)  # type: ignore[call-overload]
    bidding = deal(argute.Rules(players=3), hands=ZEROS_LAST)
    _refused(
        bidding,
        lambda s: check_play(s, value),  # type: ignore[call-overload]
        InvalidInputError,
        f"{value!r} is not a card value: Argute's cards are the values 0 to 5, as ints or texts",
    )


def test_values_may_be_texts() -> None:
    state = _zeros_last()
    assert play(state, "5") == play(state, 5) == play(state, " 5 ")


def test_verbs_reject_things_that_are_not_states() -> None:
    for verb in (legal_moves, argute.score):
        with pytest.raises(InvalidInputError, match="not 'nope'"):
            verb("nope")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="play needs an Argute Deal or Game, not 'nope'"):
        play("nope", 1)  # type: ignore[call-overload]
    with pytest.raises(InvalidInputError, match="bid needs an Argute Deal or Game, not 'nope'"):
        bid("nope", 0, 1)  # type: ignore[call-overload]
    with pytest.raises(InvalidInputError, match="expected an Argute Deal or Game"):
        legal_bids("nope", 0)  # type: ignore[call-overload]
    bugami_deal = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match="Argute Deal or Game"):
        play(bugami_deal, 1)  # type: ignore[call-overload]
    with pytest.raises(InvalidInputError, match="Argute Deal or Game"):
        can_play(bugami_deal, 1)  # type: ignore[call-overload]


# --- value semantics ------------------------------------------------------------------


def test_states_are_immutable_values() -> None:
    state = _zeros_last()
    snapshot = pickle.dumps(state)
    after = play(state, 5)
    assert pickle.loads(snapshot) == state
    assert state.current_trick == ()
    assert after != state
    with pytest.raises(AttributeError, match="Deal is immutable"):
        state.dealer = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Deal is immutable"):
        del state.bids
    over = _play_all(state, ZEROS_PLAY)
    with pytest.raises(AttributeError, match="Trick is immutable"):
        over.tricks[0].winner = 1
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert pickle.loads(pickle.dumps(over)) == over
    assert pickle.loads(pickle.dumps(over.tricks[0])) == over.tricks[0]
    assert hash(pickle.loads(pickle.dumps(over))) == hash(over)
    assert state != "a hand"


def test_states_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError, match=r"bugami\.argute\.deal"):
        argute.Deal()
    with pytest.raises(TypeError, match=r"bugami\.argute\.play"):
        argute.Trick()


def test_argute_and_bugami_states_are_never_equal() -> None:
    assert argute.deal(argute.Rules(), seed=1) != bugami.deal(bugami.Rules(), seed=1)


def test_reprs() -> None:
    state = deal(argute.Rules(players=3), hands=ZEROS_LAST, dealer=2)
    assert repr(state) == "<Argute Deal: 3 players, dealer 2, bidding, 3 bids to come>"
    assert repr(bid(bid(state, 0, 1), 1, 1)).endswith("bidding, 1 bid to come>")
    state = _zeros_last()
    assert repr(state) == "<Argute Deal: 3 players, dealer 2, trick 1 of 3, seat 0 to play>"
    state = _play_all(state, ZEROS_PLAY)
    assert repr(state) == "<Argute Deal: 3 players, dealer 2, over>"
    assert repr(state.tricks[2]) == "<Argute Trick led by seat 2: 0 0 0; won by seat 2>"


def test_dealt_hands_are_kept() -> None:
    start = _zeros_last()
    state = _play_all(start, "5 1 2 5 1 2 5 1 2 4")
    assert state.dealt_hands == start.hands
    assert state.hands[0] == (0, 4)
    state = _play_all(state, "1 5 4 1 5 0 0 0")
    assert state.dealt_hands == start.hands
    assert state.hands == ((), (), ())
