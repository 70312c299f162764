"""Messages worded for the person at a seat (:func:`bugami.for_player`): every
kind of refusal the games give, as a frontend shows it to that player."""

from __future__ import annotations

import pytest

import bugami
from bugami import argute


@pytest.mark.parametrize(
    ("said", "meant"),
    [
        (
            "seat 0 cannot play 4S: 4H was led and seat 0 must follow hearts (legal: AH 3H)",
            "You cannot play 4S: 4H was led and you must follow hearts (legal: AH 3H)",
        ),
        (
            "seat 0 cannot play AS: it is not in their hand (legal: AH)",
            "You cannot play AS: it is not in your hand (legal: AH)",
        ),
        (
            "seat 0 cannot play the joker X1: a joker may only be led or played by a player "
            "who cannot follow the suit led, and seat 0 holds hearts (legal: AH)",
            "You cannot play the joker X1: a joker may only be led or played by a player "
            "who cannot follow the suit led, and you hold hearts (legal: AH)",
        ),
        (
            "seat 0 cannot play 3: they hold no 3 (legal: 1)",
            "You cannot play 3: you hold no 3 (legal: 1)",
        ),
        (
            "seat 0 cannot bid S: bidding is over (seat 0 is to play)",
            "You cannot bid S: bidding is over (you are to play)",
        ),
        (
            "seat 0 cannot bid S: bidding is over (seat 2 is to play)",
            "You cannot bid S: bidding is over (Seat 2 is to play)",
        ),
        ("seat 0 cannot play 5: it is seat 1's turn", "You cannot play 5: it is Seat 1's turn"),
        (
            "seat 0 cannot bid H: it has already bid, and a bid cannot be changed",
            "You cannot bid H: you have already bid, and a bid cannot be changed",
        ),
        (
            "cannot play 0: the hand is still in its bidding phase (waiting for seat 0)",
            "Cannot play 0: the hand is still in its bidding phase (waiting for you)",
        ),
        ("play 5D: the game is over (seat 0 won)", "Play 5D: the game is over (you won)"),
        ("play 5D: the game is over (seat 3 won)", "Play 5D: the game is over (Seat 3 won)"),
        ("seat 10 is not at the table", "Seat 10 is not at the table"),
    ],
)
def test_messages_are_worded_for_the_player(said: str, meant: str) -> None:
    assert bugami.for_player(said, 0) == meant


def test_a_refusal_of_either_game_is_worded_for_its_player() -> None:
    state = argute.deal(argute.Rules(players=3), seed=1, dealer=2)
    with pytest.raises(bugami.BugamiError) as refused:
        argute.bid(argute.bid(state, 0, 1), 0, 2)
    assert argute.for_player(refused.value, 0) == (
        "You cannot bid 2: you have already bid, and a bid cannot be changed "
        "(still to bid: seats 1, 2)"
    )
    assert argute.for_player(refused.value, 1) == (
        "Seat 0 cannot bid 2: it has already bid, and a bid cannot be changed "
        "(still to bid: seats 1, 2)"
    )


@pytest.mark.parametrize("seat", [-1, "0", None, 1.0, 7, 2**70])
def test_a_seat_that_is_not_one_is_refused(seat: object) -> None:
    with pytest.raises(bugami.InvalidInputError, match="for_player needs a seat"):
        bugami.for_player("seat 0 cannot play 5", seat)  # type: ignore[arg-type]
