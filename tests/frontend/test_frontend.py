"""The frontend kit by example: actions, legal actions, apply, step and its
events, history, replay, root, spectators' views and payloads, for Bugami and
Argute."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.errors import IllegalMoveError, InvalidInputError

WORKED = [
    "AS KS QS 2S 6H 4H QD TD 5D 9C 6C 4C 3C",
    "JS TS 9S JH 9H 7H 2H AD 2D AC KC QC 2C",
    "8S 7S 6S AH KH QH KD JD 8D 6D 3D JC 8C",
    "5S 4S 3S TH 8H 5H 3H 9D 7D 4D TC 7C 5C",
]


def _worked() -> bugami.Deal:
    return bugami.deal(bugami.Rules(), hands=WORKED, dealer=3)


# --- actions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "action", "text", "as_dict"),
    [
        (bugami, bugami.BidAction(2, "h"), "2 bid H", {"type": "bid", "seat": 2, "bid": "H"}),
        (bugami, bugami.BidAction(0, "misère"), "0 bid M", {"type": "bid", "seat": 0, "bid": "M"}),
        (
            bugami,
            bugami.PlayAction(1, "10d"),
            "1 play TD",
            {"type": "play", "seat": 1, "card": "TD"},
        ),
        (
            bugami,
            bugami.PlayAction(6, "x8"),
            "6 play X8",
            {"type": "play", "seat": 6, "card": "X8"},
        ),
        (argute, argute.BidAction(2, "0"), "2 bid 0", {"type": "bid", "seat": 2, "bid": 0}),
        (argute, argute.PlayAction(1, 5), "1 play 5", {"type": "play", "seat": 1, "card": 5}),
    ],
)
def test_an_action_has_a_stable_text_and_dict(
    game: Any, action: Any, text: str, as_dict: dict[str, object]
) -> None:
    assert str(action) == text
    assert action.to_dict() == as_dict
    assert json.loads(json.dumps(action.to_dict())) == as_dict
    assert game.parse_action(text) == action
    assert game.parse_action(as_dict) == action
    assert game.parse_action(action) is action
    assert game.parse_action(f"  {text.upper()}  ") == action
    assert hash(game.parse_action(text)) == hash(action)
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.deepcopy(action) is action
    assert eval(repr(action), vars(game)) == action  # the repr reads like the call
    with pytest.raises(AttributeError, match="immutable"):
        action.seat = 3


def test_actions_of_the_two_games_differ() -> None:
    assert bugami.BidAction(0, "S") != argute.BidAction(0, 0)
    assert bugami.PlayAction(0, "5D") != argute.PlayAction(0, 5)
    with pytest.raises(InvalidInputError, match=r"is not a bugami action"):
        bugami.parse_action(argute.PlayAction(0, 5))  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match=r"is not an Argute action"):
        argute.parse_action(bugami.BidAction(0, "S"))  # type: ignore[arg-type]
    state = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(InvalidInputError, match="is not a bugami action"):
        bugami.apply(state, argute.BidAction(0, 1))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("", "'' is not an action: expected '<seat> bid <bid>' or '<seat> play <card>'"),
        ("2 bid", "'2 bid' is not an action: expected"),
        ("two bid H", "'two bid H' is not an action: expected"),
        ("2 pass H", "'2 pass H' is not an action: its verb is bid or play, not 'pass'"),
        ("2 bid Z", "'Z' is not a bid: expected a suit"),
        ("2 play 1H", "'1H' is not a card"),
        ("9 bid H", "an action's seat must be an int from 0 to 6, not 9"),
        ("123456 bid H", "an action's seat must be an int from 0 to 6, not '123456'"),
        ({"type": "bid", "seat": 2}, "is not an action: it has no key 'bid'; expected {\"type\""),
        ({"type": "bid", "seat": 2, "bid": "H", "x": 1}, "it has an unknown key 'x'"),
        ({"type": ["bid"], "seat": 2, "bid": "H"}, "its type is bid or play, not ['bid']"),
        ({"seat": 2, "bid": "H"}, "is not an action: it has no key 'type'"),
        ({"type": "pass", "seat": 2}, "its type is bid or play, not 'pass'"),
        ({"type": "play", "seat": True, "card": "AS"}, "seat must be an int from 0 to 6, not True"),
        ({"type": "play", "seat": 1, "card": 5}, "5 is not a card"),
        (5, "an action is a bugami action, its text or its dict, not 5"),
        (None, "an action is a bugami action, its text or its dict, not None"),
    ],
)
def test_malformed_actions_are_invalid_input(data: object, message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        bugami.parse_action(data)  # type: ignore[arg-type]
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("1 bid 4", "'4' is not a bid: a bid is a number of tricks from 0 to 3"),
        ("1 play 6", "'6' is not a card: Argute's cards are the values 0 to 5"),
        ({"type": "bid", "seat": 1, "bid": True}, "True is not a bid"),
        ({"type": "play", "seat": 1, "card": 2.0}, "2.0 is not a card"),
        (b"1 play 5", "an action is an Argute action, its text or its dict, not b'1 play 5'"),
    ],
)
def test_malformed_argute_actions_are_invalid_input(data: object, message: str) -> None:
    with pytest.raises(InvalidInputError) as error:
        argute.parse_action(data)  # type: ignore[arg-type]
    assert message in str(error.value)


def test_actions_are_checked_when_made() -> None:
    with pytest.raises(InvalidInputError, match="seat must be an int from 0 to 6, not -1"):
        bugami.BidAction(-1, "H")
    with pytest.raises(InvalidInputError, match="'QQ' is not a card"):
        bugami.PlayAction(0, "QQ")
    with pytest.raises(InvalidInputError, match="7 is not a bid"):
        argute.BidAction(0, 7)


# --- legal actions, apply --------------------------------------------------------------


def test_legal_actions_while_bidding_and_playing() -> None:
    state = bugami.bid(_worked(), 1, "S")
    actions = bugami.legal_actions(state)
    assert len(actions) == 3 * 5
    assert {action.seat for action in actions} == {0, 2, 3}
    assert bugami.legal_actions(state, 1) == ()
    assert bugami.legal_actions(state, 2) == tuple(
        bugami.BidAction(2, choice) for choice in bugami.legal_bids(state, 2)
    )
    for seat in (0, 2, 3):
        state = bugami.bid(state, seat, "H")
    mover = state.to_move
    assert mover == 0
    assert bugami.legal_actions(state) == tuple(
        bugami.PlayAction(0, card) for card in bugami.legal_moves(state)
    )
    assert bugami.legal_actions(state, 0) == bugami.legal_actions(state)
    assert bugami.legal_actions(state, 1) == ()
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3, not 4"):
        bugami.legal_actions(state, 4)
    with pytest.raises(InvalidInputError, match="legal_actions needs a bugami Deal or Game"):
        bugami.legal_actions("state")  # type: ignore[arg-type]


def test_legal_actions_of_views() -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed=8)
    assert bugami.legal_actions(bugami.view(game, 1)) == bugami.legal_actions(game, 1)
    assert bugami.legal_actions(bugami.view(game, None)) == ()
    assert bugami.legal_actions(bugami.view(game.current, None)) == ()  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="a view of seat 1 cannot tell seat 2's actions"):
        bugami.legal_actions(bugami.view(game, 1), 2)
    hand = argute.deal(argute.Rules(players=2), hands=["550011", "234444"])
    hand = argute.bid(argute.bid(hand, 0, 1), 1, 2)
    assert argute.legal_actions(argute.view(hand, 1)) == argute.legal_actions(hand)
    assert argute.legal_actions(argute.view(hand, 0)) == ()


def test_apply_is_the_verbs() -> None:
    state = _worked()
    for seat, choice in enumerate("HSDC"):
        assert bugami.apply(state, f"{seat} bid {choice}") == bugami.bid(state, seat, choice)
        state = bugami.apply(state, bugami.BidAction(seat, choice))
    assert bugami.apply(state, {"type": "play", "seat": 0, "card": "AS"}) == bugami.play(
        state, "AS"
    )
    game = bugami.new_game(bugami.Rules(players=3), seed=1)
    assert bugami.apply(game, "2 bid M") == bugami.bid(game, 2, "M")
    with pytest.raises(InvalidInputError, match="apply needs a bugami Deal or Game, not 3"):
        bugami.apply(3, "2 bid M")  # type: ignore[type-var]
    with pytest.raises(InvalidInputError, match="apply needs an Argute Deal or Game"):
        argute.apply(game, "2 bid 1")  # type: ignore[type-var]


def test_an_action_is_refused_without_telling_another_hand() -> None:
    state = _worked()
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    # Seat 2 tries a card of seat 0's hand out of turn: it learns whose turn it is, no more.
    with pytest.raises(IllegalMoveError) as error:
        bugami.apply(state, "2 play AS")
    assert str(error.value) == "seat 2 cannot play AS: it is seat 0's turn"
    # The seat to move is told its own legal cards.
    with pytest.raises(IllegalMoveError) as error:
        bugami.apply(state, "0 play JS")
    assert str(error.value).startswith("seat 0 cannot play JS: it is not in their hand (legal: AS")
    with pytest.raises(IllegalMoveError, match=r"seat 1 cannot bid H: bidding is over \(seat 0 "):
        bugami.apply(state, "1 bid H")


# --- step and events -------------------------------------------------------------------


def test_the_events_of_a_whole_deal() -> None:
    state = _worked()
    kinds: list[str] = []
    for seat, choice in [(2, "D"), (0, "H"), (3, "M"), (1, "S")]:
        state, events = bugami.step(state, bugami.BidAction(seat, choice))
        kinds += [event.to_dict()["type"] for event in events]  # type: ignore[misc]
    assert kinds == ["bid_made"] * 4 + ["play_started"]
    started = events[-1]
    assert isinstance(started, bugami.PlayStarted)
    assert started.to_dict() == {"type": "play_started", "leader": 0, "bids": ["H", "S", "D", "M"]}
    assert started.seen_by(1) == started  # Bugami reveals every bid once all are in
    tricks = []
    while not state.is_over:
        before = state
        state, events = bugami.step(state, bugami.legal_actions(state)[0])
        played = state.history[-1]
        assert isinstance(played, bugami.PlayAction)
        assert events[0] == bugami.CardPlayed._made(before.to_move, played.card)
        tricks += [event for event in events if isinstance(event, bugami.TrickWon)]
    assert [won.trick for won in tricks] == list(state.tricks)
    assert [won.number for won in tricks] == list(range(1, 14))
    scored = events[-1]
    assert isinstance(scored, bugami.DealScored)
    assert scored.points == bugami.score(state)
    assert scored.totals is None
    assert scored.deal == state
    assert scored.to_dict()["leftover"] == []
    assert scored.to_dict()["bids"] == ["H", "S", "D", "M"]


def test_a_bid_is_hidden_from_the_other_seats() -> None:
    _, (made,) = bugami.step(_worked(), "2 bid D")
    assert isinstance(made, bugami.BidMade)
    assert made.seen_by(2) is made
    assert made.seen_by(0).to_dict() == {"type": "bid_made", "seat": 2, "bid": None}
    assert made.seen_by(None).bid is None
    hand = argute.deal(argute.Rules(players=3), hands=["001122", "334455", "012345"])
    for seat, tricks in [(2, 1), (0, 0)]:
        hand = argute.bid(hand, seat, tricks)
    hand, events = argute.step(hand, "1 bid 3")
    assert [event.seen_by(0).to_dict() for event in events] == [
        {"type": "bid_made", "seat": 1, "bid": None},
        {"type": "play_started", "leader": 1, "bids": [0, None, None]},
    ]
    assert events[1].seen_by(None).to_dict()["bids"] == [None, None, None]


def test_a_game_tells_the_last_trick_the_scores_and_the_next_deal() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=1), seed=4)
    while True:
        before = game
        game, events = bugami.step(game, bugami.legal_actions(game)[0])
        if len(game.deals) > len(before.deals):
            break
    finished = game.deals[-1]
    kinds = [event.to_dict()["type"] for event in events]
    if game.is_over:
        assert kinds == ["card_played", "trick_won", "deal_scored", "game_over"]
        assert events[-1].to_dict() == {
            "type": "game_over",
            "winner": game.winner,
            "totals": list(game.totals),
        }
    else:
        assert kinds == ["card_played", "trick_won", "deal_scored", "deal_started"]
        assert events[-1].to_dict() == {"type": "deal_started", "number": 2, "dealer": 1}
    won, scored = events[1], events[2]
    assert isinstance(won, bugami.TrickWon)
    assert isinstance(scored, bugami.DealScored)
    assert won.trick == finished.tricks[-1]
    assert scored.to_dict()["totals"] == list(game.totals)
    assert scored.points == bugami.score(finished)


def test_events_pickle_and_compare() -> None:
    state = bugami.deal(bugami.Rules(players=3), seed=2)
    _, (made,) = bugami.step(state, "1 bid C")
    assert pickle.loads(pickle.dumps(made)) == made
    assert repr(made) == "BidMade(seat=1, bid=Suit.CLUBS)"
    assert made != made.seen_by(0)
    with pytest.raises(TypeError, match="events are made by step"):
        bugami.BidMade(1, bugami.Suit.CLUBS)  # type: ignore[call-arg]


def test_argute_events_of_a_hand() -> None:
    hand = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    hand = argute.bid(argute.bid(hand, 0, 1), 1, 2)
    seen: list[dict[str, Any]] = []
    while not hand.is_over:
        hand, events = argute.step(hand, argute.legal_actions(hand)[-1])
        seen += [event.seen_by(0).to_dict() for event in events]
    won = [event for event in seen if event["type"] == "trick_won"]
    assert [event["counts"] for event in won] == [list(t.counts) for t in hand.tricks]
    assert seen[-1] == {
        "type": "deal_scored",
        "number": 1,
        "points": list(argute.score(hand)),
        "totals": None,
        "bids": [1, 2],
        "tricks_won": list(argute.tricks_won(hand)),
    }


# --- history, replay, root ----------------------------------------------------------------


def test_history_keeps_the_order_of_the_bids_but_equality_does_not() -> None:
    start = bugami.deal(bugami.Rules(players=3), seed=3)
    one = bugami.replay(start, ["0 bid S", "1 bid H", "2 bid M"])
    other = bugami.replay(start, ["2 bid M", "0 bid S", "1 bid H"])
    assert one == other
    assert hash(one) == hash(other)
    assert [str(action) for action in other.history] == ["2 bid M", "0 bid S", "1 bid H"]
    assert one.history != other.history
    assert pickle.loads(pickle.dumps(other)).history == other.history
    loaded = bugami.loads(bugami.dumps(other))  # a record keeps the bids, not their order
    assert isinstance(loaded, bugami.Deal)
    assert loaded == other
    assert [str(action) for action in loaded.history] == ["0 bid S", "1 bid H", "2 bid M"]
    hand = argute.replay(argute.deal(argute.Rules(), seed=1), ["3 bid 0", "1 bid 2"])
    assert pickle.loads(pickle.dumps(hand)).history == hand.history
    assert [str(action) for action in hand.history] == ["3 bid 0", "1 bid 2"]


def test_replay_names_the_action_at_fault() -> None:
    start = _worked()
    with pytest.raises(IllegalMoveError) as error:
        bugami.replay(start, ["0 bid H", "1 bid S", "2 bid D", "3 bid C", "1 play JS"])
    assert str(error.value) == "action 5 (1 play JS): seat 1 cannot play JS: it is seat 0's turn"
    with pytest.raises(InvalidInputError, match=r"action 2: 'nonsense' is not an action"):
        bugami.replay(start, ["0 bid H", "nonsense"])
    with pytest.raises(InvalidInputError, match="replay needs a sequence of actions"):
        bugami.replay(start, "0 bid H")
    with pytest.raises(InvalidInputError, match="replay needs a sequence of actions"):
        bugami.replay(start, 5)  # type: ignore[arg-type]
    assert bugami.replay(start, []) is start


def test_root_and_undo_by_history() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=60), seed="undo", dealer=2)
    states = [game]
    for _ in range(80):
        game = bugami.apply(game, bugami.legal_actions(game)[-1])
        states.append(game)
    assert bugami.root(game) == states[0]
    assert len(game.history) == 80
    for back in (1, 17, 80):
        assert bugami.replay(bugami.root(game), game.history[:-back]) == states[-1 - back]
    hand = argute.deal(argute.Rules(players=4), seed=6)
    assert argute.root(argute.replay(hand, ["0 bid 1", "2 bid 3"])) == hand
    with pytest.raises(InvalidInputError, match="root needs an Argute Deal or Game"):
        argute.root(_worked())  # type: ignore[type-var]


# --- views of spectators and payloads ------------------------------------------------------


def test_a_spectator_sees_the_table_and_no_hand() -> None:
    state = bugami.bid(_worked(), 1, "S")
    seen = bugami.view(state, None)
    assert isinstance(seen, bugami.SpectatorView)
    assert not isinstance(seen, bugami.DealView)
    assert (seen.seat, seen.hand, seen.legal_bids(), seen.legal_moves()) == (None, (), (), ())
    assert seen.bids == (None,) * 4
    assert seen.has_bid == (False, True, False, False)
    assert repr(seen) == "<DealView for spectators: bidding, 3 to bid>"
    assert seen == bugami.view(state, None)
    assert hash(seen) == hash(bugami.view(state, None))
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert "<pre>" in seen._repr_html_()
    for seat in (0, 2, 3):
        state = bugami.bid(state, seat, "H")
    state = bugami.play(state, "AS")
    seen = bugami.view(state, None)
    assert seen.bids == state.bids  # revealed
    assert seen.current_trick == (bugami.Card("AS"),)
    assert repr(seen) == "<DealView for spectators: trick 1 of 13, seat 1 to play>"
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3, not 'x'"):
        bugami.view(state, "x")  # type: ignore[call-overload]
    three = bugami.deal(bugami.Rules(players=3), seed=5)  # one card set aside
    for seat in range(3):
        three = bugami.bid(three, seat, "C")
    assert bugami.view(three, None).leftover == ()
    while not three.is_over:
        three = bugami.play(three, bugami.legal_moves(three)[0])
    assert bugami.view(three, None).leftover == three.leftover
    assert bugami.view(three, None).to_dict()["leftover"] == [str(three.leftover[0])]


def test_a_spectator_of_argute_sees_the_bids_only_at_the_end() -> None:
    hand = argute.deal(argute.Rules(players=2), hands=["001234", "555123"])
    hand = argute.bid(argute.bid(hand, 0, 1), 1, 2)
    assert argute.view(hand, None).bids == (None, None)
    while not hand.is_over:
        hand = argute.play(hand, argute.legal_moves(hand)[0])
    seen = argute.view(hand, None)
    assert seen.bids == (1, 2)
    assert seen.points == argute.score(hand)
    assert repr(seen) == "<Argute DealView for spectators: over>"
    assert pickle.loads(pickle.dumps(seen)) == seen
    game = argute.view(argute.new_game(argute.Rules(), seed=2), None)
    assert isinstance(game, argute.SpectatorGameView)
    assert not isinstance(game, argute.GameView)
    assert isinstance(game.current, argute.SpectatorView)
    assert game.legal_bids() == game.legal_moves() == ()


def test_a_seat_view_is_unchanged_by_the_spectators() -> None:
    """The views of seats keep their values, reprs and records."""
    state = bugami.bid(_worked(), 1, "S")
    seen = bugami.view(state, 1)
    assert repr(seen) == (
        "<DealView for seat 1: bidding, 3 to bid; hand JS TS 9S JH 9H 7H 2H AD 2D AC KC QC 2C>"
    )
    assert seen.bids == (None, bugami.Suit.SPADES, None, None)
    assert bugami.loads(bugami.dumps(seen)) == seen
    assert repr(bugami.view(bugami.new_game(bugami.Rules(), seed=1), 2)) == (
        "<GameView for seat 2: deal 1 in progress, totals 0, 0, 0, 0>"
    )


def test_the_payload_of_a_view() -> None:
    state = _worked()
    for seat, choice in enumerate("HSDM"):
        state = bugami.bid(state, seat, choice)
    state = bugami.play(bugami.play(state, "AS"), "JS")
    assert bugami.view(state, 2).to_dict() == {
        "game": "bugami",
        "kind": "deal",
        "rules": {"players": 4, "jokers": 0, "shotgun_wedding": False, "target": 250},
        "seat": 2,
        "dealer": 3,
        "phase": "playing",
        "to_move": 2,
        "leader": 0,
        "hand": "8S 7S 6S AH KH QH KD JD 8D 6D 3D JC 8C".split(),
        "hand_sizes": [12, 12, 13, 13],
        "has_bid": [True, True, True, True],
        "bids": ["H", "S", "D", "M"],
        "legal_actions": [{"type": "play", "seat": 2, "card": card} for card in ("8S", "7S", "6S")],
        "trick": [{"seat": 0, "card": "AS"}, {"seat": 1, "card": "JS"}],
        "tricks": [],
        "tricks_in_deal": 13,
        "points": None,
        "leftover": [],
        "leftover_count": 0,
        "voids": [[], [], [], []],
    }
    spectator = bugami.view(state, None).to_dict()
    assert spectator["seat"] is None
    assert spectator["hand"] == spectator["legal_actions"] == []
    assert {
        key: value
        for key, value in spectator.items()
        if key not in ("seat", "hand", "legal_actions")
    } == {
        key: value
        for key, value in bugami.view(state, 2).to_dict().items()
        if key not in ("seat", "hand", "legal_actions")
    }


def test_the_payload_of_a_game_has_the_score_sheet() -> None:
    game = argute.new_game(argute.Rules(players=2, target=2), seed=11)
    while len(game.deals) < 2 and not game.is_over:
        game = argute.apply(game, argute.legal_actions(game)[0])
    payload = argute.view(game, 0).to_dict()
    json.dumps(payload)
    assert payload["kind"] == "game"
    assert payload["game"] == "argute"
    assert payload["deals_played"] == len(game.deals)
    sheet: Any = payload["sheet"]
    assert [row["points"] for row in sheet] == [list(argute.score(deal)) for deal in game.deals]
    assert sheet[-1]["totals"] == list(game.totals)
    current = payload["current"]
    if game.current is None:
        assert current is None
    else:
        assert current == argute.view(game.current, 0).to_dict()


def test_the_payload_schema_is_shipped() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    schema = bugami.payload_schema()
    assert schema == argute.payload_schema()
    assert schema is not bugami.payload_schema()  # a new dict each time
    jsonschema.Draft202012Validator.check_schema(schema)
    actions = jsonschema.Draft202012Validator({**schema, "oneOf": [{"$ref": "#/$defs/action"}]})
    for action in (*bugami.legal_actions(_worked()), argute.PlayAction(1, 5)):
        assert actions.is_valid(action.to_dict())
    assert not actions.is_valid({"type": "play", "seat": 1, "card": "ZZ"})
    views = jsonschema.Draft202012Validator(schema)
    payload = bugami.view(_worked(), 0).to_dict()
    assert views.is_valid(payload)
    assert not views.is_valid({**payload, "hand": ["1H"]})
    assert not views.is_valid({**payload, "secret": 1})
