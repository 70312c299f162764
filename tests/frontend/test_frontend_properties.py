"""Properties of the frontend kit, for Bugami and Argute alike.

* Replaying a state's history from its root rebuilds it, history and all.
* The events of each step agree with the states before and after, and a
  client that follows only the events it is sent keeps the table right.
* A seat's payload, its legal actions and the errors of its own actions are
  the same for any two deals it cannot tell apart (a deal drawn by
  ``sample_deal`` from its view): nothing hidden leaks through them. A
  spectator's payload is the same for any two deals a seat cannot tell apart.

Every payload and event made here is also checked against the payload schema
(see ``conftest.py``).
"""

from __future__ import annotations

import pickle
import random
from types import ModuleType
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.errors import BugamiError
from strategies import rules, seeds

GAMES = st.sampled_from([bugami, argute])
EXAMPLES = min(settings().max_examples, 100)


def _rules(game: ModuleType, draw: st.DrawFn, target: int) -> Any:
    if game is bugami:
        base = draw(rules())
        return bugami.Rules(
            players=base.players,
            jokers=base.jokers,
            shotgun_wedding=base.shotgun_wedding,
            target=target,
        )
    return argute.Rules(players=draw(st.integers(2, 7)), target=max(1, target // 30))


@st.composite
def starts(draw: st.DrawFn) -> tuple[ModuleType, Any]:
    """A game module, and a fresh deal or a new game of it."""
    game = draw(GAMES)
    table = _rules(game, draw, draw(st.integers(1, 150)))
    if draw(st.booleans()):
        return game, game.new_game(table, seed=draw(seeds))
    return game, game.deal(table, seed=draw(seeds))


def _walk(game: ModuleType, state: Any, rng: random.Random, actions: int) -> Any:
    """``state`` after up to ``actions`` random legal actions."""
    for _ in range(actions):
        legal = game.legal_actions(state)
        if not legal:
            break
        state = game.apply(state, rng.choice(legal))
    return state


@settings(max_examples=EXAMPLES)
@given(starts(), st.integers(0, 400), st.integers(0, 2**32))
def test_replaying_the_history_rebuilds_the_state(
    start: tuple[ModuleType, Any], actions: int, seed: int
) -> None:
    game, first = start
    state = _walk(game, first, random.Random(seed), actions)
    assert game.root(state) == first
    again = game.replay(game.root(state), state.history)
    assert again == state
    assert again.history == state.history
    assert len(state.history) == min(actions, len(state.history))
    kept = pickle.loads(pickle.dumps(state))
    assert kept == state
    assert kept.history == state.history
    for action in state.history[:20]:
        assert game.parse_action(str(action)) == action
        assert game.parse_action(action.to_dict()) == action


def _client_trick(trick: list[Any], event: dict[str, Any]) -> list[Any]:
    """The open trick as a client that follows the events sees it."""
    kind = event["type"]
    if kind == "card_played":
        return [*trick, {"seat": event["seat"], "card": event["card"]}]
    if kind in ("trick_won", "deal_started", "play_started"):
        return []
    return trick


@settings(max_examples=min(EXAMPLES, 50))
@given(starts(), st.integers(1, 300), st.integers(0, 2**32), st.data())
def test_the_events_agree_with_the_states(
    start: tuple[ModuleType, Any], actions: int, seed: int, data: st.DataObject
) -> None:
    game, state = start
    rng = random.Random(seed)
    players = state.rules.players
    seat = data.draw(st.integers(0, players - 1))
    in_game = isinstance(state, game.Game)
    trick: list[Any] = []
    for _ in range(actions):
        legal = game.legal_actions(state)
        if not legal:
            break
        action = rng.choice(legal)
        before = state
        state, events = game.step(state, action)
        assert state == game.apply(before, action)
        deal_before = before.current if in_game else before
        finished = in_game and len(state.deals) > len(before.deals)
        deal = state.deals[-1] if finished else state.current if in_game else state
        kinds = [type(event).__name__ for event in events]
        if isinstance(action, game.BidAction):
            assert events[0] == game.BidMade._made(action.seat, action.bid)
            assert kinds[1:] == (["PlayStarted"] if deal.to_move is not None else [])
            if kinds[1:]:
                assert (events[1].leader, events[1].bids) == (deal.leader, deal.bids)
        else:
            assert events[0] == game.CardPlayed._made(action.seat, action.card)
            assert action.seat == deal_before.to_move
            won = len(deal.tricks) > len(deal_before.tricks)
            expected = ["CardPlayed"] + ["TrickWon"] * won + ["DealScored"] * deal.is_over
            if in_game and deal.is_over:
                expected.append("GameOver" if state.is_over else "DealStarted")
            assert kinds == expected
            if won:
                assert events[1].trick == deal.tricks[-1]
                assert events[1].number == len(deal.tricks)
            if deal.is_over:
                scored = events[1 + won]
                assert scored.points == game.score(deal)
                assert scored.totals == (state.totals if in_game else None)
                assert scored.number == (len(state.deals) if in_game else 1)
            if in_game and state.is_over:
                assert (events[-1].winner, events[-1].totals) == (state.winner, state.totals)
            elif in_game and deal.is_over:
                assert (events[-1].number, events[-1].dealer) == (
                    len(state.deals) + 1,
                    state.current.dealer,
                )
        # A client of ``seat`` told only its events keeps the open trick right,
        # and is never told another seat's hidden bid.
        for event in events:
            shown = event.seen_by(seat).to_dict()
            trick = _client_trick(trick, shown)
            if shown["type"] == "bid_made" and shown["seat"] != seat:
                assert shown["bid"] is None
            event.seen_by(None).to_dict()
        seen = game.view(state, seat)
        current = seen.current if in_game else seen
        if current is not None:
            written = str if game is bugami else int  # a card as payloads write it
            shown = [
                {"seat": (current.leader + position) % players, "card": written(card)}
                for position, card in enumerate(current.current_trick)
            ]
            assert shown == trick
        if rng.random() < 0.05:  # now and then, the whole payload (checked by the schema)
            payload = seen.to_dict()
            assert (payload["current"] if in_game else payload) == (
                None if current is None else current.to_dict()
            )


def _twin(game: ModuleType, state: Any, seat: int, rng: random.Random) -> Any:
    """A full deal ``seat`` cannot tell from ``state``: drawn from its view."""
    return game.sample_deal(game.view(state, seat), rng)


def _outcome(game: ModuleType, state: Any, action: Any, seat: int) -> Any:
    """What ``seat`` learns from trying ``action``: the error's type and
    message, or its payload and the events it is sent after it."""
    try:
        after, events = game.step(state, action)
    except BugamiError as error:
        return type(error).__name__, str(error)
    return game.view(after, seat).to_dict(), [event.seen_by(seat).to_dict() for event in events]


@settings(max_examples=EXAMPLES)
@given(starts(), st.integers(0, 120), st.integers(0, 2**32), st.data())
def test_nothing_hidden_reaches_a_seat(
    start: tuple[ModuleType, Any], actions: int, seed: int, data: st.DataObject
) -> None:
    game, first = start
    rng = random.Random(seed)
    state = _walk(game, first, rng, actions)
    deal = state.current if isinstance(state, game.Game) else state
    if deal is None or deal.is_over:
        return
    seat = data.draw(st.integers(0, deal.rules.players - 1))
    twin = _twin(game, deal, seat, rng)
    assert game.view(twin, seat).to_dict() == game.view(deal, seat).to_dict()
    assert game.view(twin, None).to_dict() == game.view(deal, None).to_dict()
    assert game.legal_actions(twin, seat) == game.legal_actions(deal, seat)
    # Every action this seat may try -- each bid, and cards of any hand --
    # tells it the same in both deals, whether it is refused or not.
    choices = (0, 3) if game is argute else (bugami.Suit.HEARTS, bugami.MISERE)
    tries = [game.BidAction(seat, choice) for choice in choices]
    cards = [card for hand in deal.hands for card in hand]
    tries += [game.PlayAction(seat, card) for card in rng.sample(cards, min(6, len(cards)))]
    for action in tries:
        assert _outcome(game, twin, action, seat) == _outcome(game, deal, action, seat)


@settings(max_examples=EXAMPLES)
@given(starts(), st.integers(0, 300), st.integers(0, 2**32))
def test_an_error_names_no_card_of_another_hand(
    start: tuple[ModuleType, Any], actions: int, seed: int
) -> None:
    game, first = start
    if game is not bugami:  # Argute's cards are bare numbers: the twin test covers it
        return
    rng = random.Random(seed)
    state = _walk(game, first, rng, actions)
    deal = state.current if isinstance(state, game.Game) else state
    if deal is None:
        return
    seat = rng.randrange(deal.rules.players)
    hidden = {
        str(card) for other, hand in enumerate(deal.hands) if other != seat for card in hand
    } | ({str(card) for card in deal.leftover} if not deal.is_over else set())
    for card in rng.sample(deal.rules.deck, 8):
        message = _outcome(game, state, game.PlayAction(seat, card), seat)
        if isinstance(message[0], str):  # refused: the error's type and message
            words = set(message[1].replace("(", " ").replace(")", " ").split())
            assert not (words - {str(card)}) & hidden, message
