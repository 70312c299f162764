"""How well the inference bot's imagined deals place the unseen cards.

For each of N four-player deals (shuffled from ``f"{seed}/{k}"``), every seat
bids as the solver bot (``solver:16``, seeded from ``f"{seed}/{k}/{seat}"``)
and plays as the heuristic player until four cards are down; the seat to
play the fifth card then imagines ``--draws`` deals the way
:class:`bugami.bots.InferenceBot` does (a pool of uniform deals, one kept by
how likely it makes the others' bids and plays), for several settings. The
score of a setting is the share of that seat's unseen cards an imagined
deal puts in the hand that really holds them (uniform sampling: one in
three, at four players).

Run it with ``python examples/placement.py [--deals N] [--draws D]
[--seed S]``; ``--quick`` runs two deals. It reads the bot's imagined deals
through a private helper of :mod:`bugami.bots.inference`, so it may need
changes when that module does.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

import bugami
from bugami.bots import HeuristicBot, SolverBot
from bugami.bots.inference import _Reader

SETTINGS: tuple[tuple[str, int, str, float], ...] = (
    ("uniform", 1, "rule", 1.0),
    ("rule, pool 4", 4, "rule", 1.0),
    ("solver model, pool 4", 4, "solver", 1.0),
    ("solver model, pool 8", 8, "solver", 1.0),
    ("solver model, pool 16", 16, "solver", 1.0),
    ("mixture, pool 8", 8, "mixture", 1.0),
)
"""(label, pool, bid model, bid temperature) of each setting measured; the
play is read with the bot's default odds (0.3)."""


def position(number: int, seed: str, players: int = 4) -> bugami.Deal:
    """Deal ``number``: bid by solver bots, four cards played by heuristics."""
    state = bugami.deal(bugami.Rules(players=players), seed=f"{seed}/{number}")
    for seat in range(players):
        bot = SolverBot(seed=f"{seed}/{number}/{seat}", samples=16)
        state = bugami.bid(state, seat, bot.choose_bid(bugami.view(state, seat)))
    heuristic = HeuristicBot()
    for _ in range(4):
        mover = state.to_move
        assert mover is not None
        state = bugami.play(state, heuristic.choose_card(bugami.view(state, mover)))
    return state


def placed(state: bugami.Deal, pool: int, model: str, temperature: float, draws: int) -> float:
    """The share of the mover's unseen cards put in the right hand, over
    ``draws`` imagined deals."""
    seat = state.to_move
    assert seat is not None
    seen = bugami.view(state, seat)
    holder = {card: other for other, hand in enumerate(state.hands) for card in hand}
    reader = _Reader(seen, temperature, 0.3, model)
    rng = random.Random(f"{pool}/{model}/{temperature}")
    right = total = 0
    for _ in range(draws):
        imagined = reader.imagine(rng, pool)
        for card in seen.unseen:
            total += 1
            owner = holder.get(card)  # None: the card is in the leftover
            right += card in (imagined.leftover if owner is None else imagined.hands[owner])
    return right / total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--draws", type=int, default=50, help="imagined deals per position")
    parser.add_argument("--seed", default="placement")
    parser.add_argument("--quick", action="store_true", help="two deals, a few draws")
    arguments = parser.parse_args(argv)
    if arguments.quick:
        arguments.deals, arguments.draws = 2, 3
    states = [position(number, arguments.seed) for number in range(arguments.deals)]
    print(f"{arguments.deals} deals, {arguments.draws} imagined deals each, at the fifth card:")
    for label, pool, model, temperature in SETTINGS:
        shares = [placed(state, pool, model, temperature, arguments.draws) for state in states]
        print(f"  {label:<24} {sum(shares) / len(shares):.1%} of unseen cards placed right")
    return 0


if __name__ == "__main__":
    sys.exit(main())
