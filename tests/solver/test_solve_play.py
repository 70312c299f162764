"""``solve_play``: the open-hand values along the play of a deal, both games."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

import bugami
from bugami import argute
from bugami.bots import ArguteHeuristicBot, HeuristicBot, play_out
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError
from bugami.solver import PlayedCard, PlaySolution, Tables

GAMES: dict[str, Any] = {
    "bugami": (bugami, HeuristicBot),
    "argute": (argute, ArguteHeuristicBot),
}


def _played(game: str, players: int, seed: int) -> Any:
    module, bot = GAMES[game]
    return play_out(module.deal(module.Rules(players=players), seed=seed), [bot()] * players)


def _before_each_card(played: Any, module: Any) -> list[Any]:
    """The positions of ``played``'s play, one before each card."""
    state = bugami.root(played) if module is bugami else argute.root(played)
    positions = []
    for action in played.history:
        if hasattr(action, "card"):
            positions.append(state)
        state = module.apply(state, action)
    assert state == played
    return positions


@pytest.mark.parametrize(
    ("game", "players", "seed", "last"),
    [("bugami", 4, 5, 3), ("bugami", 3, 1, 2), ("bugami", 6, 3, 2), ("argute", 3, 4, "all")],
)
def test_every_figure_is_a_fresh_solves(game: str, players: int, seed: int, last: Any) -> None:
    module, _ = GAMES[game]
    played = _played(game, players, seed)
    solved = module.solve_play(played, last=last)
    total = len(played.tricks)
    assert solved.first_trick == (0 if last == "all" else total - last)
    assert len(solved.tricks) == total - solved.first_trick
    assert solved.seats == tuple(range(players))
    positions = [
        p for p in _before_each_card(played, module) if len(p.tricks) >= solved.first_trick
    ]
    starts = [p for p in positions if not p.current_trick]
    assert [trick for trick, _ in solved.tricks] == [len(p.tricks) for p in starts]
    for (_, values), position in zip(solved.tricks, starts, strict=True):
        assert values == tuple(module.solve(position, seat).value for seat in range(players))
    assert len(solved.cards) == len(positions)
    for card, before in zip(solved.cards, positions, strict=True):
        fresh = module.solve(before, before.to_move)
        assert (card.trick, card.seat) == (len(before.tricks), before.to_move)
        assert card.best == fresh.value
        assert card.value == fresh.move_values[card.card]
        assert card.loss == card.best - card.value >= 0
    assert solved.end == module.score(played)
    assert solved.now is None
    assert solved.losses == tuple(card for card in solved.cards if card.loss)


def test_some_seats_only() -> None:
    played = _played("bugami", 4, 5)
    every = bugami.solve_play(played, last=2)
    some = bugami.solve_play(played, seats=[3, 1], last=2)
    assert some.seats == (1, 3)
    assert [values for _, values in some.tricks] == [
        (values[1], values[3]) for _, values in every.tricks
    ]
    assert some.cards == tuple(card for card in every.cards if card.seat in (1, 3))
    assert some.end == (every.end[1], every.end[3])  # type: ignore[index]


def test_by_default_about_the_last_24_cards() -> None:
    four = _played("bugami", 4, 5)
    assert bugami.solve_play(four).first_trick == 13 - 6
    assert bugami.solve_play(four) == bugami.solve_play(four, last=6)
    five = bugami.deal(bugami.Rules(players=5), seed=2)
    assert bugami.solve_play(five).first_trick == 10 - 4
    hand = _played("argute", 3, 4)
    assert argute.solve_play(hand).first_trick == 0  # its three tricks hold 18 cards


def test_a_deal_in_play_gives_where_it_stands() -> None:
    played = _played("bugami", 4, 5)
    state = bugami.root(played)
    for action in played.history[: 4 + 4 * 10 + 2]:  # the bids, ten tricks, two cards
        state = bugami.apply(state, action)
    solved = bugami.solve_play(state, last=3)
    assert solved.end is None
    assert solved.now == tuple(bugami.solve_deal(state).values.values())
    assert [trick for trick, _ in solved.tricks] == [10]
    assert len(solved.cards) == 2
    game = bugami.new_game(bugami.Rules(), seed=1)
    assert bugami.solve_play(game) == PlaySolution((0, 1, 2, 3), 7, (), (), None, None)


def test_a_deal_in_bidding_has_nothing_to_solve() -> None:
    state = bugami.bid(bugami.deal(bugami.Rules(), seed=1), 0, "S")
    assert bugami.solve_play(state) == PlaySolution((0, 1, 2, 3), 7, (), (), None, None)


def test_positions_beyond_the_bound_are_none() -> None:
    played = _played("bugami", 4, 5)
    solved = bugami.solve_play(played, last="all", max_nodes=1)
    assert solved.tricks[0] == (0, (None, None, None, None))
    assert solved.cards[0].value is None
    assert solved.cards[0].loss is None
    assert solved.end == bugami.score(played)
    exact = bugami.solve_play(played, last=3, max_nodes=None)
    for (_, bounded), (_, values) in zip(solved.tricks[-3:], exact.tricks, strict=True):
        assert all(value in (None, exact) for value, exact in zip(bounded, values, strict=True))
    assert all(card.loss for card in solved.losses)


def test_tables_carry_the_search_and_change_no_value() -> None:
    played = _played("bugami", 4, 5)
    tables = Tables()
    assert bugami.solve_play(played, last=4, tables=tables) == bugami.solve_play(played, last=4)
    assert repr(tables).startswith("Tables(seats=(0, 1, 2, 3), positions=")


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"last": 0}, 'last must be a number of tricks from 1 on, "all" or None, not 0'),
        ({"last": -2}, "not -2"),
        ({"last": "All"}, "not 'All'"),
        ({"last": 1.0}, "not 1.0"),
        ({"last": True}, "not True"),
        ({"seats": [4]}, "seat must be a seat from 0 to 3, not 4"),
        ({"seats": [1, 1]}, "seats must name each seat once, not [1, 1]"),
        ({"seats": "01"}, "seats must be seats (ints from 0 to 3) or None, not '01'"),
        ({"max_nodes": 0}, "max_nodes must be a positive int or None, not 0"),
        ({"tables": {}}, "tables must be a bugami.solver.Tables or None, not {}"),
    ],
)
def test_bad_arguments_are_refused_before_any_search(
    arguments: dict[str, Any], message: str
) -> None:
    played = _played("bugami", 4, 5)
    with pytest.raises(InvalidInputError, match=r"^") as caught:
        bugami.solve_play(played, **{"last": "all", "max_nodes": None, **arguments})
    assert message in str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, BugamiError)


def test_what_is_not_a_deal_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="solve needs a bugami Deal or Game, not 3"):
        bugami.solve_play(3)  # type: ignore[call-overload]
    hand = _played("argute", 3, 4)
    with pytest.raises(InvalidInputError, match="solve needs a bugami Deal or Game"):
        bugami.solve_play(hand)
    with pytest.raises(InvalidInputError, match="solve needs an Argute Deal or Game"):
        argute.solve_play(_played("bugami", 3, 1))
    game = play_out(
        bugami.new_game(bugami.Rules(players=3, target=1), seed=1), [HeuristicBot()] * 3
    )
    assert game.is_over
    with pytest.raises(IllegalMoveError, match="the game is over"):
        bugami.solve_play(game)


def test_the_result_is_an_immutable_value() -> None:
    solved = bugami.solve_play(_played("bugami", 4, 5), last=2)
    assert pickle.loads(pickle.dumps(solved)) == solved
    assert hash(solved) == hash(bugami.solve_play(_played("bugami", 4, 5), last=2))
    with pytest.raises(AttributeError):
        solved.end = None  # type: ignore[misc]
    assert attrs.evolve(solved, end=None).end is None
    rows = solved.to_rows()
    assert [row["card"] for row in rows] == [str(card.card) for card in solved.cards]
    assert set(rows[0]) == {"trick", "seat", "card", "value", "best", "loss"}
    assert PlayedCard(0, 1, "QS", None, 20).loss is None
