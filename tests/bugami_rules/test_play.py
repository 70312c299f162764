"""Bidding and playing: the rules of a deal, one example at a time."""

from __future__ import annotations

import copy
import pickle

import pytest

import bugami
from bugami import (
    MISERE,
    Card,
    IllegalMoveError,
    InvalidInputError,
    Phase,
    Rules,
    Suit,
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

# Four players; the worked trick of the rules: C leads 7D, D plays 3D, A (hearts) plays KD,
# B (void in diamonds) discards QH, and A wins, holding one of her bugs.
# Seats: A = 0, B = 1, C = 2, D = 3; dealer 1, so C leads.
WORKED = [
    "AS KS QS JS KD 5D 4D 2D AC KC QC JC TC",  # A
    "TS 9S 8S 7S QH JH TH 9H 8H 9C 8C 7C 6C",  # B: no diamonds
    "6S 5S 4S AH KH 7H 6H AD QD JD 7D 5C 4C",  # C
    "3S 2S 5H 4H 3H 2H TD 9D 8D 6D 3D 3C 2C",  # D
]


def _bid_all(state: bugami.Deal, bids: str) -> bugami.Deal:
    for seat, choice in enumerate(bids.split()):
        state = bid(state, seat, choice)
    return state


def test_the_worked_trick() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    assert state.to_move == 2
    assert state.leader == 2
    for card in ("7D", "3D", "KD"):
        state = play(state, card)
    assert legal_moves(state) == state.hands[1]  # B cannot follow: anything goes
    state = play(state, "QH")
    (trick,) = state.tricks
    assert trick.leader == 2
    assert trick.cards == (Card("7D"), Card("3D"), Card("KD"), Card("QH"))
    assert trick.winner == 0
    assert state.leader == 0
    assert state.to_move == 0
    assert state.current_trick == ()
    assert repr(trick) == "<Trick led by seat 2: 7D 3D KD QH; won by seat 0>"


def test_following_suit_is_enforced_with_a_precise_message() -> None:
    state = play(_bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C"), "7D")
    assert legal_moves(state) == bugami.parse_cards("TD 9D 8D 6D 3D")
    with pytest.raises(IllegalMoveError) as error:
        play(state, "2S", seat=3)
    assert str(error.value) == (
        "seat 3 cannot play 2S: 7D was led and seat 3 must follow diamonds (legal: TD 9D 8D 6D 3D)"
    )
    # Without seat= the caller may be anyone: seat 3's legal cards are not listed.
    with pytest.raises(IllegalMoveError) as error:
        play(state, "2S")
    assert str(error.value) == "seat 3 cannot play 2S: 7D was led and seat 3 must follow diamonds"
    assert not can_play(state, "2S")
    assert can_play(state, "9D")


def test_a_card_not_in_hand() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    with pytest.raises(IllegalMoveError) as error:
        play(state, Card("AS"), seat=2)
    assert str(error.value).startswith(
        "seat 2 cannot play AS: it is not in their hand (legal: 6S 5S"
    )
    with pytest.raises(IllegalMoveError, match="X1: it is not in their hand"):
        play(state, "X1")


def test_a_card_played_without_seat_lists_no_legal_card() -> None:
    """Regression: ``play(state, card)`` without ``seat=`` listed the hand to
    move's legal cards, which a server forwarding the message to another
    player would leak."""
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    game = bugami.new_game(Rules(), seed=1)
    for seat in range(4):
        game = bugami.bid(game, seat, "S")
    assert game.current is not None
    mover = game.current.to_move
    assert mover is not None
    other = game.current.hands[(mover + 1) % 4][0]  # a card of the next seat, out of turn
    with pytest.raises(IllegalMoveError) as error:
        play(game, other)
    assert str(error.value) == f"seat {mover} cannot play {other}: it is not in their hand"
    with pytest.raises(IllegalMoveError) as error:
        play(state, "AS")
    assert str(error.value) == "seat 2 cannot play AS: it is not in their hand"
    with pytest.raises(IllegalMoveError) as error:
        bugami.check_play(state, "AS")
    assert str(error.value) == "seat 2 cannot play AS: it is not in their hand"
    with pytest.raises(IllegalMoveError) as error:
        play(state, "AS", seat=1)  # another seat names itself: it learns only whose turn it is
    assert str(error.value) == "seat 1 cannot play AS: it is seat 2's turn"


def test_bad_card_text_is_invalid_input() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    with pytest.raises(InvalidInputError, match="'7 D' is not a card"):
        play(state, "7 D")
    with pytest.raises(InvalidInputError, match="7 is not a card"):
        play(state, 7)  # type: ignore[call-overload]


def test_playing_while_bidding_or_after_the_end() -> None:
    state = bid(deal(Rules(), hands=WORKED, dealer=1), 2, "S")
    with pytest.raises(IllegalMoveError) as error:
        play(state, "7D")
    assert str(error.value) == (
        "cannot play 7D: the deal is still in its bidding phase (waiting for seats 0, 1, 3)"
    )
    state = bid(bid(state, 0, "S"), 1, "S")
    with pytest.raises(IllegalMoveError, match=r"waiting for seat 3\)$"):
        play(state, "7D")
    state = bid(state, 3, "S")
    while not state.is_over:
        state = play(state, legal_moves(state)[0])
    with pytest.raises(IllegalMoveError, match="cannot play 7D: the deal is over"):
        play(state, "7D")
    assert legal_moves(state) == ()
    assert not can_play(state, "7D")


def test_the_seat_of_a_play_can_be_checked() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    assert play(state, "7D", seat=2) == play(state, "7D")
    with pytest.raises(IllegalMoveError, match="seat 0 cannot play 7D: it is seat 2's turn"):
        play(state, "7D", seat=0)
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3, not 4"):
        play(state, "7D", seat=4)
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3, not True"):
        play(play(state, "7D"), "3D", seat=True)  # True == 1, but a bool is not a seat
    check_play(state, "7D", seat=2)
    with pytest.raises(IllegalMoveError, match="it is seat 2's turn"):
        check_play(state, "AD", seat=1)


def test_bids_are_secret_and_can_come_in_any_order() -> None:
    start = deal(Rules(), hands=WORKED, dealer=1)
    one = bid(bid(bid(bid(start, 3, "C"), 0, "H"), 2, "M"), 1, "S")
    other = bid(bid(bid(bid(start, 1, Suit.SPADES), 2, MISERE), 3, "♣"), 0, "hearts")
    assert one == other
    assert hash(one) == hash(other)
    assert one.bids == (Suit.HEARTS, Suit.SPADES, MISERE, Suit.CLUBS)


def test_play_begins_after_the_last_bid() -> None:
    state = deal(Rules(players=5), seed=3, dealer=4)
    for seat in (4, 2, 0, 3):
        state = bid(state, seat, "D")
        assert state.phase is Phase.BIDDING
        assert state.to_move is None
        assert state.leader is None
    state = bid(state, 1, "M")
    assert state.phase is Phase.PLAYING
    assert state.to_move == state.leader == 0


def test_a_bid_cannot_be_made_twice() -> None:
    state = bid(deal(Rules(), hands=WORKED), 1, "S")
    assert legal_bids(state, 1) == ()
    assert legal_bids(state, 0) == (*Suit, MISERE)
    with pytest.raises(IllegalMoveError) as error:
        bid(state, 1, "H")
    assert str(error.value) == (
        "seat 1 cannot bid H: it has already bid, and a bid cannot be changed "
        "(still to bid: seats 0, 2, 3)"
    )
    assert not can_bid(state, 1, "H")
    assert can_bid(state, 0, "H")


def test_no_bid_after_bidding() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED), "H S D C")
    assert all(legal_bids(state, seat) == () for seat in range(4))
    with pytest.raises(IllegalMoveError) as error:
        bid(state, 0, "M")
    leader = state.to_move
    assert str(error.value) == f"seat 0 cannot bid M: bidding is over (seat {leader} is to play)"
    while not state.is_over:  # worded as Argute's, once the deal is over too
        state = bugami.apply(state, bugami.legal_actions(state)[0])
    with pytest.raises(IllegalMoveError) as error:
        check_bid(state, 2, "H")
    assert str(error.value) == "seat 2 cannot bid H: bidding is over (the deal is over)"


@pytest.mark.parametrize(
    ("seat", "choice", "message"),
    [
        (4, "H", "seat must be a seat from 0 to 3, not 4"),
        (-1, "H", "seat must be a seat from 0 to 3, not -1"),
        ("0", "H", "seat must be a seat from 0 to 3, not '0'"),
        (False, "H", "seat must be a seat from 0 to 3, not False"),
        (0, "NT", "'NT' is not a bid"),
        (0, None, "None is not a bid"),
    ],
)
def test_bad_bids_are_invalid_input(seat: object, choice: object, message: str) -> None:
    state = deal(Rules(), hands=WORKED)
    with pytest.raises(InvalidInputError, match=message):
        bid(state, seat, choice)  # type: ignore[call-overload]
    with pytest.raises(InvalidInputError, match=message):
        check_bid(state, seat, choice)  # type: ignore[call-overload]
    assert not can_bid(state, seat, choice)  # type: ignore[call-overload]


def test_legal_bids_checks_the_seat() -> None:
    with pytest.raises(InvalidInputError, match="not 7"):
        legal_bids(deal(Rules()), 7)


def test_verbs_reject_things_that_are_not_states() -> None:
    for verb in (legal_moves, bugami.score):
        with pytest.raises(InvalidInputError, match="not 'nope'"):
            verb("nope")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="play needs a bugami Deal or Game"):
        play("nope", "AS")  # type: ignore[call-overload]
    with pytest.raises(InvalidInputError, match="bid needs a bugami Deal or Game"):
        bid("nope", 0, "S")  # type: ignore[call-overload]


# --- jokers ----------------------------------------------------------------------

JOKER_HANDS = [  # three players, three jokers: 55 cards, 18 each and 2C left over
    "X1 AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AH KH QH JH",
    "X2 TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D 8D 7D",
    "X3 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C",
]


def _joker_deal(leader: int) -> bugami.Deal:
    state = deal(Rules(players=3, jokers=3), hands=JOKER_HANDS, dealer=(leader - 1) % 3)
    return _bid_all(state, "S H D")


def test_a_joker_may_be_led_and_wins_even_against_jokers() -> None:
    state = _joker_deal(leader=1)
    state = play(state, "X2")
    assert legal_moves(state) == bugami.deal(Rules(players=3, jokers=3), hands=JOKER_HANDS).hands[2]
    state = play(play(state, "AC"), "X1")
    assert state.tricks[0].winner == 1


def test_a_joker_cannot_be_played_by_a_player_who_can_follow() -> None:
    state = play(_joker_deal(leader=1), "AD")
    assert Card("X3") not in legal_moves(state)
    with pytest.raises(IllegalMoveError) as error:
        play(state, "X3", seat=2)
    assert str(error.value) == (
        "seat 2 cannot play the joker X3: a joker may only be led or played by a player who "
        "cannot follow the suit led, and seat 2 holds diamonds (legal: 6D 5D 4D 3D 2D)"
    )
    with pytest.raises(IllegalMoveError) as error:
        play(state, "X3")
    assert str(error.value).endswith("and seat 2 holds diamonds")


def test_a_joker_played_to_a_suit_never_wins() -> None:
    state = play(_joker_deal(leader=2), "2D")  # seat 2 leads a low diamond
    assert Card("X1") in legal_moves(state)  # seat 0 holds no diamond
    state = play(play(state, "X1"), "7D")
    assert state.tricks[0].winner == 1  # 7D beats 2D; the joker never wins


def test_holding_only_jokers_and_other_suits_is_not_following() -> None:
    state = play(_joker_deal(leader=2), "AC")
    assert legal_moves(state) == deal(Rules(players=3, jokers=3), hands=JOKER_HANDS).hands[0]


# --- immutability and value semantics --------------------------------------------


def test_states_are_immutable_values() -> None:
    state = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    snapshot = pickle.dumps(state)
    after = play(state, "7D")
    assert pickle.loads(snapshot) == state
    assert state.current_trick == ()
    assert after != state
    with pytest.raises(AttributeError, match="Deal is immutable"):
        state.dealer = 2  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Deal is immutable"):
        del state.dealer
    with pytest.raises(AttributeError, match="Trick is immutable"):
        play(play(play(after, "3D"), "KD"), "QH").tricks[0].winner = 1
    assert copy.copy(state) is state
    assert copy.deepcopy(state) is state
    assert pickle.loads(pickle.dumps(after)) == after
    assert hash(pickle.loads(pickle.dumps(after))) == hash(after)
    assert state != "a deal"


def test_states_cannot_be_built_directly() -> None:
    with pytest.raises(TypeError, match=r"bugami\.deal"):
        bugami.Deal()
    with pytest.raises(TypeError, match=r"bugami\.play"):
        bugami.Trick()


def test_reprs() -> None:
    state = deal(Rules(), hands=WORKED, dealer=1)
    assert repr(state) == "<Deal: 4 players, dealer 1, bidding, 4 bids to come>"
    state = _bid_all(state, "H S D C")
    assert repr(state) == "<Deal: 4 players, dealer 1, trick 1 of 13, seat 2 to play>"
    state = bid(deal(Rules(), hands=WORKED), 0, "S")
    assert repr(state) == "<Deal: 4 players, dealer 0, bidding, 3 bids to come>"
    state = bid(bid(bid(state, 1, "S"), 2, "S"), 3, "S")
    while not state.is_over:
        state = play(state, legal_moves(state)[-1])
    assert repr(state) == "<Deal: 4 players, dealer 0, over>"
    assert state.phase is Phase.OVER
    assert repr(Phase.OVER) == "Phase.OVER"
    assert repr(bid(deal(Rules(players=3), seed=1), 0, "S")).endswith("2 bids to come>")
    assert repr(bid(bid(deal(Rules(players=3), seed=1), 0, "S"), 1, "S")).endswith("1 bid to come>")


def test_dealt_hands_are_kept() -> None:
    start = _bid_all(deal(Rules(), hands=WORKED, dealer=1), "H S D C")
    state = play(play(start, "7D"), "3D")
    assert state.dealt_hands == start.hands
    assert state.hands[2] == tuple(card for card in start.hands[2] if card != Card("7D"))
    while not state.is_over:
        state = play(state, legal_moves(state)[0])
    assert state.dealt_hands == start.hands
    assert state.hands == ((),) * 4
