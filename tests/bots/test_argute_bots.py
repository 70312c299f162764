"""The Argute bots: legal, deterministic, and only ever given views."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.argute.rules import BIDS
from bugami.bots import (
    ArguteBot,
    ArguteHeuristicBot,
    ArguteRandomBot,
    ArguteSearchBot,
    Bot,
    HeuristicBot,
    make_bot,
    play_out,
)
from bugami.bots.argute import heuristic_bid, heuristic_card
from bugami.core.dealing import Seed


def _bots(seed: int) -> list[ArguteBot]:
    return [ArguteRandomBot(seed), ArguteHeuristicBot(seed), ArguteSearchBot(seed, samples=2)]


class Spy:
    """An Argute bot that records what it is given, and plays at random."""

    def __init__(self, seed: Seed | None = None) -> None:
        self.inner = ArguteRandomBot(seed)
        self.seen: list[object] = []

    @property
    def name(self) -> str:
        return "spy"

    def reset(self, seed: Seed | None = None) -> None:
        self.inner.reset(seed)

    def choose_bid(self, seen: argute.DealView | argute.GameView) -> int:
        self.seen.append(seen)
        return self.inner.choose_bid(seen)

    def choose_card(self, seen: argute.DealView | argute.GameView) -> int:
        self.seen.append(seen)
        return self.inner.choose_card(seen)


@pytest.mark.parametrize("bot", _bots(1), ids=lambda bot: bot.name)
def test_bots_refuse_full_states_and_the_other_game(bot: ArguteBot) -> None:
    state = argute.deal(argute.Rules(), seed=1)
    game = argute.new_game(argute.Rules(), seed=1)
    for full in (state, game):
        with pytest.raises(bugami.InvalidInputError, match="is given a view, not a full Argute"):
            bot.choose_bid(full)  # type: ignore[arg-type]
        with pytest.raises(bugami.InvalidInputError, match=r"pass bugami\.argute\.view"):
            bot.choose_card(full)  # type: ignore[arg-type]
    bugami_view = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
    with pytest.raises(bugami.InvalidInputError, match="needs an Argute DealView"):
        bot.choose_bid(bugami_view)  # type: ignore[arg-type]


def test_bugami_bots_refuse_argute_views() -> None:
    seen = argute.view(argute.deal(argute.Rules(), seed=1), 0)
    with pytest.raises(bugami.InvalidInputError, match="is given a view of Argute"):
        HeuristicBot().choose_bid(seen)  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", _bots(1), ids=lambda bot: bot.name)
def test_bots_act_only_in_turn(bot: ArguteBot) -> None:
    state = argute.deal(argute.Rules(), seed=1, dealer=0)
    with pytest.raises(bugami.IllegalMoveError, match="not seat 0's turn"):
        bot.choose_card(argute.view(state, 0))
    state = argute.bid(state, 0, 1)
    with pytest.raises(bugami.IllegalMoveError, match="no bid to make"):
        bot.choose_bid(argute.view(state, 0))
    for seat in range(1, 4):
        state = argute.bid(state, seat, 0)
    assert bot.choose_card(argute.view(state, 1)) in argute.legal_moves(state)


def test_bots_take_game_views() -> None:
    game = argute.new_game(argute.Rules(players=3, target=2), seed=2)
    for bot in _bots(2):
        assert bot.choose_bid(argute.view(game, 0)) in argute.legal_bids(game, 0)
    done = play_out(game, _bots(3))
    assert len(done.deals) == 1
    while not done.is_over:
        done = play_out(done, [ArguteHeuristicBot()] * 3)
    with pytest.raises(bugami.IllegalMoveError, match="game is over"):
        ArguteRandomBot().choose_bid(argute.view(done, 0))
    with pytest.raises(bugami.IllegalMoveError, match="game is over"):
        play_out(done, [ArguteRandomBot()] * 3)
    with pytest.raises(bugami.InvalidInputError, match="expected 3 bots"):
        play_out(argute.deal(argute.Rules(players=3), seed=1), [ArguteRandomBot()] * 2)


def test_bots_are_only_ever_given_views() -> None:
    spies = [Spy(seat) for seat in range(5)]
    play_out(argute.deal(argute.Rules(players=5), seed=3), spies)
    play_out(argute.new_game(argute.Rules(players=5), seed=3), spies)
    seen = [thing for spy in spies for thing in spy.seen]
    assert len(seen) == 2 * (5 + 5 * 6)
    assert all(type(thing) is argute.DealView for thing in seen)
    for seat, spy in enumerate(spies):
        assert all(thing.seat == seat for thing in spy.seen)  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 7), st.integers(0, 2**32), st.integers(0, 2**32), st.integers(0, 2))
def test_every_bot_action_is_legal(players: int, seed: int, bot_seed: int, first: int) -> None:
    # play_out goes through argute.bid and argute.play, which refuse anything illegal.
    kinds = _bots(bot_seed)
    table = [kinds[(first + seat) % 3] for seat in range(players)]
    done = play_out(argute.deal(argute.Rules(players=players), seed=seed), table)
    assert done.is_over


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 7), st.integers(0, 2**32), st.data())
def test_bots_choose_legal_cards_anywhere(players: int, seed: int, data: st.DataObject) -> None:
    state = argute.deal(argute.Rules(players=players), seed=seed)
    for seat in range(players):
        state = argute.bid(state, seat, data.draw(st.sampled_from(BIDS)))
    plays = data.draw(st.integers(0, 6 * players - 1))
    for _ in range(plays):
        state = argute.play(state, data.draw(st.sampled_from(argute.legal_moves(state))))
    mover = state.to_move
    assert mover is not None
    seen = argute.view(state, mover)
    for bot in _bots(seed):
        assert bot.choose_card(seen) in argute.legal_moves(state)


def test_many_hands_at_every_table_size() -> None:
    for number in range(600):
        players = 2 + number % 6
        table: list[ArguteBot] = [
            ArguteHeuristicBot() if seat % 2 else ArguteRandomBot(number) for seat in range(players)
        ]
        assert play_out(argute.deal(argute.Rules(players=players), seed=number), table).is_over


@pytest.mark.parametrize("kind", ["random", "heuristic", "search:3"])
def test_bots_are_deterministic_given_their_seed(kind: str) -> None:
    state = argute.deal(argute.Rules(players=4), seed=9)

    def run(seed: int) -> argute.Deal:
        return play_out(state, [make_bot(kind, seed + seat, game="argute") for seat in range(4)])

    assert run(1) == run(1)
    bots = [make_bot(kind, seat + 1, game="argute") for seat in range(4)]
    first = play_out(state, bots)
    for seat, bot in enumerate(bots):
        bot.reset(seat + 1)
    assert play_out(state, bots) == first


def test_make_bot_for_argute() -> None:
    assert isinstance(make_bot("Random", game="argute"), ArguteRandomBot)
    assert isinstance(make_bot(" heuristic ", game="argute"), ArguteHeuristicBot)
    assert make_bot("search", game="argute").name == "search(32)"
    assert make_bot("search:0.01s", game="argute").name == "search(0.01s)"
    assert isinstance(make_bot("search:4", game="argute"), ArguteSearchBot)
    for bad in ("search:x", "search:0", "random:3", ""):
        with pytest.raises(bugami.InvalidInputError):
            make_bot(bad, game="argute")
    with pytest.raises(bugami.InvalidInputError, match="game is"):
        make_bot("random", game="chess")
    bot: Bot = make_bot("random")
    assert bot.name == "random"


def test_bot_arguments_are_checked() -> None:
    with pytest.raises(bugami.InvalidInputError, match="samples"):
        ArguteSearchBot(samples=0)
    with pytest.raises(bugami.InvalidInputError, match="seconds"):
        ArguteSearchBot(seconds=0)
    with pytest.raises(bugami.InvalidInputError, match="bot seed"):
        ArguteRandomBot(seed=1.5)  # type: ignore[arg-type]
    assert repr(ArguteSearchBot(seconds=0.5)) == "ArguteSearchBot(seconds=0.5)"
    assert repr(ArguteSearchBot(samples=3)) == "ArguteSearchBot(samples=3)"
    assert repr(ArguteRandomBot()) == "ArguteRandomBot()"
    assert repr(ArguteHeuristicBot()) == "ArguteHeuristicBot()"


def test_search_with_a_time_budget() -> None:
    state = argute.deal(argute.Rules(), seed=5)
    seen = argute.view(state, 2)
    assert ArguteSearchBot(seconds=0.01).choose_bid(seen) in BIDS
    for seat in range(4):
        state = argute.bid(state, seat, 1)
    assert state.to_move is not None
    seen = argute.view(state, state.to_move)
    assert ArguteSearchBot(seconds=0.01).choose_card(seen) in seen.legal_moves()


# --- the rules of thumb ----------------------------------------------------------------


def test_heuristic_bids_grow_with_the_hand_and_shrink_with_the_table() -> None:
    assert heuristic_bid((0, 0, 0, 1, 1, 1), 2) == 0
    assert heuristic_bid((5, 5, 5, 5, 5, 5), 2) >= 2
    assert heuristic_bid((5, 5, 5, 5, 5, 5), 7) == 1
    for players in range(2, 8):
        bids = [heuristic_bid((low, low, 2, 3, 4, 5), players) for low in range(6)]
        assert bids == sorted(bids)


def test_heuristic_cards() -> None:
    hand = (0, 1, 3, 5)
    # Needing nothing: the lowest card; needing every trick left: the highest.
    assert heuristic_card(hand, 0, 1, (), 0, 0, 4) == 0
    assert heuristic_card(hand, -1, 1, (), 0, 0, 4) == 0
    assert heuristic_card(hand, 2, 1, (), 0, 0, 4) == 5
    # Needing one of two: spend high on a winnable trick, keep it on a lost one.
    assert heuristic_card(hand, 1, 1, (), 0, 0, 4) == 5
    # Seats 1 to 3 have played a 5 each to the second trick; seat 0 has two turns.
    assert heuristic_card((0, 3, 5), 1, 1, (5, 5, 5), 1, 0, 4) == 5
    assert heuristic_card((0, 1, 2), 1, 1, (5, 5, 5), 1, 0, 4) == 0


def test_heuristic_beats_random_on_average() -> None:
    heuristic = random = 0
    for number in range(200):
        state = argute.deal(argute.Rules(players=4), seed=number)
        table: list[ArguteBot] = [ArguteHeuristicBot(), ArguteRandomBot(number)] * 2
        points = argute.score(play_out(state, table))
        heuristic += points[0] + points[2]
        random += points[1] + points[3]
    assert heuristic > random
