"""Reviews and hints, for both games: values, labels, certain blunders, exact
values where nothing hidden matters, no leak through hints, plain data."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from importlib.resources import files
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami._kernel.reviewing import label_of
from bugami.analysis.reviews import THRESHOLDS, json_schema
from bugami.bots import ArguteHeuristicBot, HeuristicBot, play_out

jsonschema = pytest.importorskip("jsonschema")

# Deal 43 with seat 1 bidding misère; then 43 cards, after which seat 1 is last
# to play to trick 11 (from 0) and may duck with 3C or 2C: it wins with 8C.
MISERE_CARDS = (
    "AH QH KH JH TH 8H AD 9H 7H 3H JD 6H AC JC QC KC 6D 3D 2D QD AS QS 7S KS 2H 5H KD 8D "
    "9D 7D 4D 5D 3S 5S JS 8S TS 4S 9S TD 4C 7C 6C"
)
# Deal 247, bids S S C D; seat 2 (clubs) is last to play to trick 11 and may
# duck with 3C: it takes its own clubs with 7C.
BUG_CARDS = (
    "AC KC JC 6C 4S AS QS 8S KS 7S 5S JS AH QH KH JH AD 9D KD QD 2C 4C JD 7D 2D TD 5D 8D "
    "TH 9H 4H 8H 2S 6S QC 6D 5H 9C 7H 3H TC 3D TS 8C 5C 3S 9S"
)


def _played(seed: int, bids: str, cards: str) -> bugami.Deal:
    state = bugami.deal(bugami.Rules(), seed=seed)
    for seat, choice in enumerate(bids):
        state = bugami.bid(state, seat, choice)
    for card in cards.split():
        state = bugami.play(state, card)
    return state


def _finished(seed: int = 4, players: int = 3) -> bugami.Deal:
    return play_out(
        bugami.deal(bugami.Rules(players=players), seed=seed), [HeuristicBot()] * players
    )


def test_a_misere_bidder_who_wins_a_trick_it_could_duck_for_sure_blunders() -> None:
    state = _played(43, "DMCH", MISERE_CARDS)
    assert len(state.tricks) == 10
    assert len(state.current_trick) == 3
    assert state.to_move == 1
    wrong = bugami.play(state, "8C")
    result = bugami.review(wrong, seats=[1], seed=1, samples=6)
    decision = result.decisions[-1]
    assert decision.action == bugami.PlayAction(1, "8C")
    assert decision.label == "blunder"
    assert decision.values[bugami.PlayAction(1, "8C")] == 0
    assert decision.best in (bugami.PlayAction(1, "3C"), bugami.PlayAction(1, "2C"))
    right = bugami.review(bugami.play(state, "2C"), seats=[1], seed=1, samples=6)
    assert right.decisions[-1].label in ("best", "good")


def test_a_bidder_who_takes_its_own_bug_suit_when_it_could_duck_blunders() -> None:
    state = _played(247, "SSCD", BUG_CARDS)
    assert state.to_move == 2
    assert state.current_trick[0].suit is bugami.Suit.CLUBS
    decision = bugami.review(bugami.play(state, "7C"), seats=[2], seed=3, samples=6).decisions[-1]
    assert decision.label == "blunder"
    assert decision.best == bugami.PlayAction(2, "3C")
    assert decision.loss >= THRESHOLDS[2]


def test_where_nothing_hidden_remains_the_values_are_the_solvers() -> None:
    # Four players, no leftover: in the last trick, the third to play sees every
    # card still out (the fourth seat's last one).
    done = _finished(seed=9, players=4)
    state = bugami.root(done)
    for action in done.history[:-2]:
        state = bugami.apply(state, action)
    seat = state.to_move
    assert seat is not None
    decision = bugami.review(bugami.apply(state, done.history[-2]), seats=[seat], seed=1, samples=3)
    last = decision.decisions[-1]
    assert last.exact
    solved = bugami.solve(state, seat).move_values
    assert {action.card: value for action, value in last.values.items()} == solved


def test_in_the_last_tricks_the_values_are_the_solvers_on_each_sample() -> None:
    # With one sample, the values are the solver's on that sample: a deal
    # consistent with the view, so each value is one the solver gives.
    done = _finished(seed=2, players=4)
    state = bugami.root(done)
    for action in done.history[:-8]:
        state = bugami.apply(state, action)
    seat = state.to_move
    assert seat is not None
    hints = bugami.hint(bugami.view(state, seat), seed=5, samples=2, exact_tricks=3)
    for _action, value in hints:
        assert value * 2 == int(value * 2)  # a mean of two of the solver's ints


def test_every_decision_values_every_legal_action_and_labels_its_loss() -> None:
    done = _finished()
    result = bugami.review(done, seed=7, samples=3)
    assert len(result.decisions) == len(done.history)
    state = bugami.root(done)
    for decision, action in zip(result.decisions, done.history, strict=True):
        assert decision.action == action
        assert decision.seat == action.seat
        assert set(decision.values) == set(bugami.legal_actions(state, action.seat))
        best = max(decision.values.values())
        assert decision.loss == pytest.approx(best - decision.values[action])
        assert decision.loss >= 0
        assert decision.label == label_of(decision.loss, THRESHOLDS)
        state = bugami.apply(state, action)
    for seat, summary in result.seats.items():
        mine = [d for d in result.decisions if d.seat == seat]
        assert summary.decisions == len(mine)
        assert sum(summary.count.values()) == len(mine)
        assert summary.total_loss == pytest.approx(sum(d.loss for d in mine if not d.forced))


def test_a_review_is_reproducible_and_the_same_on_any_executor() -> None:
    deals = [_finished(seed) for seed in range(3)]
    here = bugami.review_many(deals, seed=1, seats=[0], samples=2)
    with ThreadPoolExecutor(2) as pool:
        there = bugami.review_many(deals, seed=1, seats=[0], samples=2, executor=pool)
    assert here == there
    hand = play_out(argute.deal(argute.Rules(players=3), seed=1), [ArguteHeuristicBot()] * 3)
    mixed: list[bugami.Deal | argute.Deal] = [deals[0], hand]
    in_processes = bugami.review_many(mixed, seed=1, seats=[0], samples=2, workers=2)
    assert in_processes == bugami.review_many(mixed, seed=1, seats=[0], samples=2)
    assert [result.game for result in in_processes] == ["bugami", "argute"]
    assert here[2] == bugami.review(deals[2], seed="1/2", seats=[0], samples=2)
    assert here[0] != here[1]


def test_games_and_records_are_reviewed_deal_by_deal() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=100), seed=3)
    while not game.is_over:
        game = play_out(game, [HeuristicBot()] * 3)
    assert len(game.deals) == 2
    result = bugami.review(game, seats=[0], seed=1, samples=2)
    assert [d.deal for d in result.decisions] == [0] * 18 + [1] * 18
    assert [d.action for d in result.decisions if d.deal == 1] == [
        action for action in game.deals[1].history if action.seat == 0
    ]
    record = bugami.load_record(bugami.dumps(game))
    assert bugami.review(record, seats=[0], seed=1, samples=2) == result
    unfinished = bugami.new_game(bugami.Rules(players=3, target=100), seed=3)
    unfinished = bugami.bid(unfinished, 1, "H")
    (decision,) = bugami.review(unfinished, seed=1, samples=2).decisions
    assert decision.action == bugami.BidAction(1, "H")


def test_the_plain_data_of_a_review() -> None:
    result = bugami.review(_finished(), seats=[0, 2], seed=1, samples=2)
    data = json.loads(json.dumps(result.to_dict()))
    jsonschema.Draft202012Validator(json_schema()).validate(data)
    shipped = files("bugami") / "schemas" / "review.schema.json"
    assert json.loads(shipped.read_text(encoding="utf-8")) == json_schema()
    rows = result.to_rows()
    assert len(rows) == len(result.decisions)
    assert {"deal", "seat", "action", "loss", "label", "best"} <= set(rows[0])
    assert "<table>" in result._repr_html_()
    assert pickle.loads(pickle.dumps(result)) == result
    assert bugami.review(_finished(), seats=[0, 2], seed=1, samples=2) == result
    with_none = bugami.review(bugami.deal(bugami.Rules(players=3), seed=1), seats=[1], seed=1)
    assert with_none != bugami.review(
        bugami.deal(bugami.Rules(players=3), seed=1), seats=[2], seed=1
    )
    assert with_none.seats[1].decisions == 0
    assert str(result).splitlines()[0].startswith("seat")
    thresholds = {"inaccuracy": 1.0, "mistake": 2.0, "blunder": 3.0}
    strict = bugami.review(_finished(), seats=[0], seed=1, samples=2, thresholds=thresholds)
    assert strict.thresholds == (1.0, 2.0, 3.0)


def test_argute_reviews_and_hints() -> None:
    done = play_out(argute.deal(argute.Rules(players=3), seed=2), [ArguteHeuristicBot()] * 3)
    result = argute.review(done, seed=1, samples=3)
    assert result.game == "argute"
    assert len(result.decisions) == len(done.history)
    jsonschema.Draft202012Validator(json_schema()).validate(
        json.loads(json.dumps(result.to_dict()))
    )
    # Two seats, the last trick: the last to play sees the other's card.
    state = argute.root(done)
    for action in done.history[:-1]:
        state = argute.apply(state, action)
    seat = state.to_move
    assert seat is not None
    hints = argute.hint(argute.view(state, seat), seed=1, samples=3)
    assert {hint.action: hint.value for hint in hints} == {
        argute.PlayAction(seat, card): value
        for card, value in argute.solve(state, seat).move_values.items()
    }


def _argute_done() -> argute.Deal:
    return play_out(argute.deal(argute.Rules(players=3), seed=2), [ArguteHeuristicBot()] * 3)


def _argute_view() -> argute.DealView:
    return argute.view(argute.deal(argute.Rules(players=3), seed=2), 0)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: bugami.review(bugami.view(_finished(), 0)), "hides cards"),  # type: ignore[arg-type]
        (lambda: bugami.review("deal"), "needs a deal, a game or a record of Bugami"),  # type: ignore[arg-type]
        (lambda: bugami.review(_finished(), seats=[5]), "seat must be a seat from 0 to 2"),
        # the seats are read as solve_deal and solve_play read them
        (lambda: bugami.review(_finished(), seats=[0, 0]), "name each seat once"),
        (lambda: bugami.review(_finished(), seats="01"), r"ints from 0 to 2\) or None"),  # type: ignore[arg-type]
        (lambda: bugami.review(_finished(), samples=1), "samples must be an int from 2 to 100,000"),
        (lambda: bugami.review(_finished(), thresholds=(3, 2, 1)), "increasing order"),
        (lambda: bugami.hint(_finished()), "hint needs a seat's view"),  # type: ignore[arg-type]
        (lambda: bugami.hint(bugami.view(_finished(), 0)), "no decision to make now"),
        (lambda: argute.review(_finished()), "a record of Argute"),  # type: ignore[arg-type]
        # regressions: a class passed the bot protocol's test, then failed as a bot;
        # an int too large for a float, and bytes, passed as thresholds
        (lambda: bugami.review(_finished(), bots=HeuristicBot), r"not the class"),  # type: ignore[arg-type]
        (lambda: bugami.review(_finished(), bots=[HeuristicBot] * 3), "is not a bot"),  # type: ignore[list-item]
        (lambda: argute.hint(_argute_view(), bots=ArguteHeuristicBot), r"not the class"),  # type: ignore[arg-type]
        (lambda: bugami.review(_finished(), thresholds=(1, 2, 10**400)), "a finite number"),
        (lambda: argute.review(_argute_done(), thresholds=[1, 2, 10**400]), "a finite number"),
        (lambda: bugami.review(_finished(), thresholds=b"abc"), "three numbers"),
        (lambda: bugami.review_many([_argute_view()]), "hides cards"),  # type: ignore[list-item]
    ],
)
def test_bad_input_is_refused_precisely(call: Callable[[], object], message: str) -> None:
    with pytest.raises(bugami.BugamiError, match=message):
        call()


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60), st.sampled_from([bugami, argute]), st.data())
def test_a_hint_is_the_same_for_deals_the_seat_cannot_tell_apart(
    seed: int, steps: int, game: Any, data: st.DataObject
) -> None:
    g = game
    rules = bugami.Rules(players=4) if g is bugami else argute.Rules(players=3)
    state = g.deal(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        actions = g.legal_actions(state)
        if not actions:
            break
        state = g.apply(state, rng.choice(actions))
    if state.is_over:
        return
    seat = data.draw(st.sampled_from(sorted({a.seat for a in g.legal_actions(state)})))
    twin = g.sample_deal(g.view(state, seat), rng)
    first = g.hint(g.view(state, seat), seed=1, samples=2)
    second = g.hint(g.view(twin, seat), seed=1, samples=2)
    assert first == second


def test_review_many_names_itself_for_an_unknown_option() -> None:
    # the TypeError came from review() inside the work, naming review
    with pytest.raises(
        TypeError, match=r"^review_many\(\) got an unexpected keyword argument 'seeds'"
    ):
        bugami.review_many([], seeds=0)


def test_review_many_passes_exactly_reviews_options() -> None:
    import inspect

    from bugami.analysis.reviews import _REVIEW_OPTIONS

    for review in (bugami.review, argute.review):
        keywords = {
            name
            for name, parameter in inspect.signature(review).parameters.items()
            if parameter.kind is parameter.KEYWORD_ONLY
        }
        assert keywords - {"seed"} == _REVIEW_OPTIONS
