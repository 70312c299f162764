"""The OpenSpiel game python_bugami: OpenSpiel's own conformance test for every
table size and variant, and agreement with the core."""

from __future__ import annotations

import importlib
import random
import sys
from typing import Any

import pytest

import bugami

pyspiel: Any = pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is not installed (pip install 'bugami[openspiel]'): "
    "the python_bugami tests are skipped",
)
np: Any = pytest.importorskip("numpy", reason="numpy is not installed")

from bugami.integrations import openspiel as adapter  # noqa: E402
from bugami.integrations._encoding import BID_ACTIONS, action_of, bid_of_action  # noqa: E402

COMBINATIONS = [
    (players, jokers, wedding)
    for players in range(3, 8)
    for jokers in range(9)
    for wedding in (False, True)
]


def load(**params: Any) -> Any:
    return pyspiel.load_game("python_bugami", params)


def random_playout(state: Any, rng: random.Random) -> tuple[int, int]:
    """Play ``state`` to the end at random; return (chance nodes, decisions)."""
    chance = decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            chance += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return chance, decisions


@pytest.mark.parametrize(("players", "jokers", "wedding"), COMBINATIONS)
def test_random_sim_test(players: int, jokers: int, wedding: bool) -> None:
    game = load(
        players=players,
        jokers=jokers,
        shotgun_wedding=wedding,
        dealer=(players + jokers) % players,
    )
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("players", "jokers", "wedding"), COMBINATIONS)
def test_game_info(players: int, jokers: int, wedding: bool) -> None:
    game = load(players=players, jokers=jokers, shotgun_wedding=wedding)
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=wedding)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 65
    assert game.max_chance_outcomes() == rules.deck_size
    assert game.max_game_length() == players * (rules.hand_size + 1)
    assert game.max_chance_nodes_in_history() == players * rules.hand_size
    assert game.min_utility() == 0.0
    assert game.max_utility() >= 100.0
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


@pytest.mark.parametrize("players", range(3, 8))
def test_a_full_deal_has_a_fixed_number_of_steps(players: int) -> None:
    game = load(players=players, jokers=players - 3)
    rules = bugami.Rules(players=players, jokers=players - 3)
    for seed in range(3):
        state = game.new_initial_state()
        chance, decisions = random_playout(state, random.Random(seed))
        assert chance == players * rules.hand_size
        assert decisions == players + players * rules.hand_size == game.max_game_length()
        assert len(state.history()) == chance + decisions


@pytest.mark.parametrize(
    ("players", "jokers", "wedding"), [(3, 1, False), (4, 0, True), (6, 3, True)]
)
def test_returns_agree_with_the_core(players: int, jokers: int, wedding: bool) -> None:
    rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=wedding)
    game = load(players=players, jokers=jokers, shotgun_wedding=wedding, dealer=1)
    for seed in range(5):
        rng = random.Random(seed)
        core = bugami.deal(rules, seed=seed, dealer=1)
        state = adapter.state_from_deal(game, core)
        assert state.deal == core
        for step in range(players):
            seat = (core.dealer + 1 + step) % players
            assert state.current_player() == seat
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            core = bugami.bid(core, seat, bid_of_action(action))
        while not core.is_over:
            assert state.current_player() == core.to_move
            assert state.legal_actions() == [card.index for card in bugami.legal_moves(core)]
            for seat in range(players):
                assert state.view(seat) == bugami.view(core, seat)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            core = bugami.play(core, bugami.Card.parse(state.action_to_string(action)))
        assert state.is_terminal()
        assert state.deal == core
        assert state.returns() == [float(points) for points in bugami.score(core)]


def test_replaying_a_finished_core_deal() -> None:
    rules = bugami.Rules(players=5, jokers=2)
    core = bugami.deal(rules, seed="replay", dealer=0)
    for seat in (1, 2, 3, 4, 0):
        core = bugami.bid(core, seat, "misere" if seat == 2 else "S")
    while not core.is_over:
        core = bugami.play(core, bugami.legal_moves(core)[-1])
    state = adapter.state_from_deal(load(players=5, jokers=2), core)
    assert state.is_terminal()
    assert state.returns() == [float(points) for points in bugami.score(core)]


def test_bids_stay_hidden_until_the_reveal() -> None:
    game = load(players=4, dealer=3)
    core = bugami.deal(bugami.Rules(), seed=8, dealer=3)
    seen = {}
    for choice in BID_ACTIONS:
        state = adapter.state_from_deal(game, core)
        state.apply_action(choice)  # seat 0 bids
        seen[choice] = [
            (
                state.information_state_string(seat),
                state.information_state_tensor(seat),
                state.observation_string(seat),
                state.observation_tensor(seat),
            )
            for seat in (1, 2, 3)
        ]
        own = state.information_state_string(0)
        assert f"bids: {'SHDCM'[choice - 60]} - - -" in own
    assert all(facts == seen[60] for facts in seen.values())
    # After the last bid everyone sees every bid.
    state = adapter.state_from_deal(game, core)
    for choice in (64, 60, 61, 62):
        state.apply_action(choice)
    assert "bids: M S H D" in state.observation_string(2)


def test_information_state_keeps_the_history_and_observation_does_not() -> None:
    game = load(players=3)
    state = game.new_initial_state()
    random_playout_until = 3 * 17 + 3 + 6
    rng = random.Random(4)
    while len(state.history()) < random_playout_until:
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    info = state.information_state_string(0)
    assert "trick 1:" in info
    assert "won by" in info
    assert "trick 1:" not in state.observation_string(0)
    for tensor in (state.information_state_tensor(1), state.observation_tensor(1)):
        values = np.array(tensor)
        assert values.min() >= 0.0
        assert values.max() <= 1.0


def test_public_and_private_observers() -> None:
    game = load(players=4)
    state = adapter.state_from_deal(game, bugami.deal(bugami.Rules(), seed=3, dealer=0))
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    private = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    observer = game.make_py_observer(public)
    assert "hand" not in observer.dict
    observer.set_from(state, 1)
    assert "hand:" not in observer.string_from(state, 1)
    observer = game.make_py_observer(private)
    observer.set_from(state, 1)
    assert observer.dict["hand"].sum() == 13
    assert "hand:" in observer.string_from(state, 1)


def test_clones_share_the_immutable_core() -> None:
    game = load(players=4)
    state = adapter.state_from_deal(game, bugami.deal(bugami.Rules(), seed=5, dealer=0))
    clone = state.clone()
    assert clone.deal is state.deal
    assert clone.history() == state.history()
    clone.apply_action(60)
    assert state.deal is not None
    assert clone.deal is not None
    assert state.deal.bids == (None, None, None, None)
    assert clone.deal.bids[1] is bugami.Suit.SPADES


def test_dealing_follows_the_table() -> None:
    game = load(players=3, dealer=2)
    state = game.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    assert len(state.chance_outcomes()) == 52
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "deal AS to seat 0"
    for index in range(51):
        state.apply_action(index)
    assert state.deal is not None
    assert state.deal.leftover == (bugami.Card("2C"),)
    assert state.deal.hands[0][:3] == (bugami.Card("AS"), bugami.Card("JS"), bugami.Card("8S"))
    assert state.current_player() == 0
    assert [state.action_to_string(a) for a in state.legal_actions()][-1] == "bid misere"


def test_bad_parameters() -> None:
    with pytest.raises(bugami.InvalidInputError, match="players"):
        load(players=8)
    with pytest.raises(bugami.InvalidInputError, match="dealer"):
        load(players=3, dealer=3)
    with pytest.raises(bugami.InvalidInputError, match="jokers"):
        load(jokers=9)


def test_importing_without_open_spiel_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    monkeypatch.delitem(sys.modules, "bugami.integrations.openspiel")
    with pytest.raises(ImportError, match=r"pip install 'bugami\[openspiel\]'"):
        importlib.import_module("bugami.integrations.openspiel")


def test_the_maximum_utility_is_reached() -> None:
    """Four players, no jokers: nine clean tricks score 180, the bound."""
    core = bugami.deal(
        bugami.Rules(),
        dealer=3,
        hands=[
            "AH KH QH JH TH 9H 8H 7H 6H 5S 4S 3S 2S",
            "5H 4H 3H 2H AS KS QS AD KD QD JD TD 9D",
            "JS TS 9S 8D 7D 6D 5D 4D 3D 2D AC KC QC",
            "8S 7S 6S JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
        ],
    )
    for seat, choice in enumerate("SHHH"):
        core = bugami.bid(core, seat, choice)
    while not core.is_over:
        legal = bugami.legal_moves(core)
        hearts = [card for card in legal if card.suit is bugami.Suit.HEARTS]
        others = [card for card in legal if card.suit is not bugami.Suit.SPADES]
        core = bugami.play(core, (hearts or others or legal)[0])
    game = load(players=4, dealer=3)
    state = adapter.state_from_deal(game, core)
    assert state.returns()[0] == game.max_utility() == 180.0


def test_misuse_is_refused() -> None:
    game = load(players=4, dealer=0)
    with pytest.raises(bugami.InvalidInputError, match="no parameters"):
        game.make_py_observer(None, {"x": 1})
    every = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
    )
    with pytest.raises(bugami.InvalidInputError, match="ALL_PLAYERS"):
        game.make_py_observer(every)
    with pytest.raises(bugami.InvalidInputError, match="do not fit"):
        adapter.state_from_deal(game, bugami.deal(bugami.Rules(players=5), seed=1))
    with pytest.raises(bugami.InvalidInputError, match="dealer differs"):
        adapter.state_from_deal(game, bugami.deal(bugami.Rules(), seed=1, dealer=2))
    skipped = bugami.bid(bugami.deal(bugami.Rules(), seed=1, dealer=0), 2, "H")
    with pytest.raises(bugami.InvalidInputError, match="seat order"):
        adapter.state_from_deal(game, skipped)
    with pytest.raises(bugami.InvalidInputError, match="no parameter 'colour'"):
        adapter.BugamiGame({"colour": 1})
    # regressions: other things than a deal failed with AttributeError
    for wrong in (None, bugami.new_game(bugami.Rules(), seed=1), bugami.view(skipped, 0)):
        with pytest.raises(bugami.InvalidInputError, match="replays a bugami Deal"):
            adapter.state_from_deal(game, wrong)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="needs a python_bugami game"):
        adapter.state_from_deal(None, skipped)  # type: ignore[arg-type]


def test_action_ids_out_of_range_are_refused() -> None:
    # regressions: a chance outcome was taken unchecked (the state broke at the
    # last card), and a negative id played a card (a tuple index from the end)
    game = load(players=3, dealer=0)
    state = game.new_initial_state()
    for wrong in (999, -3, 52, 60):
        with pytest.raises(bugami.IllegalMoveError, match="chance cannot deal"):
            state.apply_action(wrong)
    state.apply_action(0)
    with pytest.raises(bugami.IllegalMoveError, match="cards still to deal"):
        state.apply_action(0)  # dealt already
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
    for wrong in (-60, -2, 999, 10**6):  # (pyspiel itself refuses -1 and past 64 bits)
        with pytest.raises(bugami.InvalidInputError, match="an action id is an int from 0 to"):
            state.apply_action(wrong)
        with pytest.raises(bugami.InvalidInputError, match="an action id"):
            state.action_to_string(state.current_player(), wrong)
    assert state.history()[-1] != -60
    random_playout(state, rng)  # the state is whole


def test_private_only_observer_and_dealing_strings() -> None:
    game = load(players=3, dealer=0)
    state = game.new_initial_state()
    assert state.information_state_string(0) == "seat 0, dealer 0, dealing"
    assert str(state) == "dealer 0, dealing:"
    state = adapter.state_from_deal(game, bugami.deal(bugami.Rules(players=3), seed=2, dealer=0))
    state.apply_action(64)  # seat 1 bids misère
    private = pyspiel.IIGObservationType(
        perfect_recall=True, public_info=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    observer = game.make_py_observer(private)
    assert observer.string_from(state, 1).endswith("bid: M")
    assert "bid:" not in observer.string_from(state, 2)
    assert action_of(bugami.Card("QH")) == 15
