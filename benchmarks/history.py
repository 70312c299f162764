"""What keeping a history costs: nothing on the play path, and no more per
action late in a long game than early.

A state's :attr:`~bugami.Deal.history` is not kept as it grows: a deal's cards
are already in its tricks, in order, and only the order of the bids is kept
beside them (in what the states of a deal share between two bids), so
:func:`bugami.play` does exactly the work it did before histories existed. The
lines here show it on a game of :data:`DEALS` 4-player deals, its actions
drawn at random beforehand (seeded):

* ``history.game-20`` -- the whole game played again through ``bid`` and
  ``play`` from its start, per action;
* ``history.late/early`` -- the time per action of its last five deals over
  that of its first five, sampled in alternation: about 1 when the cost of an
  action does not grow with the game (a history copied at each action would
  make it grow);
* ``history.build-20`` -- ``game.history`` of the finished game, per action
  it lists (the history is built when asked for);
* ``history.replay-20`` -- ``replay(root(game), game.history)``, per action:
  the actions parsed and checked, then applied by the same verbs.

``calls.legal_moves+play`` (in :mod:`benchmarks.calls`) is the per-card line
to compare with earlier releases.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from benchmarks.registry import Comparison, Measurement, Outcome, Settings, add_target, register
from benchmarks.timing import Work, calibrate, paired_series, series
from bugami import (
    Action,
    BidAction,
    Game,
    Rules,
    bid,
    legal_actions,
    new_game,
    play,
    replay,
    root,
)

__all__ = ["DEALS", "long_game"]

DEALS = 20
"""The deals of the game measured."""
EDGE = 5
"""How many deals at each end of the game ``history.late/early`` compares."""
RULES = Rules(players=4, target=10**8)  # nobody wins: the game lasts as long as we play


@functools.lru_cache(maxsize=2)
def long_game(seed: int, deals: int = DEALS) -> Game:
    """A game of ``deals`` finished deals, every action drawn at random."""
    rng = random.Random(seed)
    game = new_game(RULES, seed=seed)
    while len(game.deals) < deals:
        action = rng.choice(legal_actions(game))
        game = _apply(game, action)
    return game


def _apply(state: Game, action: Action) -> Game:
    """The verbs themselves, as a program playing the game calls them."""
    if isinstance(action, BidAction):
        return bid(state, action.seat, action.bid)
    return play(state, action.card)


def _work(start: Game, actions: Sequence[Action]) -> Work:
    """Play ``actions`` from ``start``, ``size`` times over."""

    def work(size: int) -> None:
        for _ in range(size):
            state = start
            for action in actions:
                state = _apply(state, action)

    return work


def _split(game: Game) -> tuple[tuple[Game, list[Action]], tuple[Game, list[Action]]]:
    """The starts and actions of the first and of the last :data:`EDGE` deals."""
    lengths = [len(deal.history) for deal in game.deals]
    history = list(game.history)
    early = sum(lengths[:EDGE])
    late = sum(lengths[:-EDGE])
    start = root(game)
    middle = replay(start, history[:late])
    return (start, history[:early]), (middle, history[late : sum(lengths)])


def _per_action(
    settings: Settings, name: str, label: str, work: Work, actions: int, unit: str, quick: bool
) -> list[Outcome]:
    """A line of the time per action of ``work`` (``size`` passes over
    ``actions`` actions), in ``unit`` (µs/action or ns/action); ``quick``
    calibrates samples to the per-call duration rather than the playout one."""
    size = calibrate(work, settings.call_seconds if quick else settings.sample_seconds)
    scale = 1e9 if unit.startswith("ns") else 1e6
    seconds = series(work, size, settings.repeat)
    return [
        Measurement(
            name,
            label,
            unit,
            tuple(elapsed / (size * actions) * scale for elapsed in seconds),
            higher_is_better=False,
            details={"actions": actions, "deals": DEALS, "passes_per_sample": size},
        )
    ]


@register("history.game-20", f"a {DEALS}-deal game played again through bid and play")
def _game(settings: Settings) -> list[Outcome]:
    game = long_game(settings.seed)
    actions = list(game.history)
    label = f"{DEALS}-deal game, bid + play, per action"
    work = _work(root(game), actions)
    return _per_action(settings, "history.game-20", label, work, len(actions), "µs/action", False)


@register("history.late/early", f"per action: the last {EDGE} deals over the first {EDGE}")
def _late_early(settings: Settings) -> list[Outcome]:
    (early_start, early), (late_start, late) = _split(long_game(settings.seed))
    first = _work(early_start, early)
    second = _work(late_start, late)
    first_size = calibrate(first, settings.call_seconds * 4)
    second_size = calibrate(second, settings.call_seconds * 4)
    pairs = paired_series(second, second_size, first, first_size, settings.repeat)
    return [
        Comparison(
            "history.late/early",
            f"per action, deals {DEALS - EDGE + 1}-{DEALS} over deals 1-{EDGE}",
            "history.late",
            "history.early",
            tuple(
                (a / (second_size * len(late))) / (b / (first_size * len(early))) for a, b in pairs
            ),
        )
    ]


@register("history.build-20", f"game.history of a finished {DEALS}-deal game")
def _build(settings: Settings) -> list[Outcome]:
    game = long_game(settings.seed)

    def work(size: int) -> None:
        for _ in range(size):
            game.history  # noqa: B018 -- the property is what is measured

    label = f"game.history ({DEALS} deals), per action listed"
    return _per_action(
        settings, "history.build-20", label, work, len(game.history), "ns/action", True
    )


@register("history.replay-20", f"replay(root(game), game.history) of a {DEALS}-deal game")
def _replay(settings: Settings) -> list[Outcome]:
    game = long_game(settings.seed)
    start, history = root(game), game.history

    def work(size: int) -> None:
        for _ in range(size):
            replay(start, history)

    label = f"replay of a {DEALS}-deal game, per action"
    return _per_action(settings, "history.replay-20", label, work, len(history), "µs/action", False)


add_target(
    "a long game costs no more per action late than early", "history.late/early", "<", 1.1, "x"
)
