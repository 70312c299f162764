"""Play a whole game of Bugami between players who choose at random, and
print who won: the five verbs and a Game, nothing else.

Run it with ``python examples/random_game.py [SEED]``.
"""

from __future__ import annotations

import random
import sys

import bugami


def play_random_game(seed: int) -> bugami.Game:
    """A finished game in which every bid and card is chosen at random."""
    chooser = random.Random(seed)
    game = bugami.new_game(bugami.Rules(players=4), seed=seed)
    while not game.is_over:
        for seat in range(game.rules.players):
            game = bugami.bid(game, seat, chooser.choice(bugami.legal_bids(game, seat)))
        deals = len(game.deals)
        while len(game.deals) == deals:
            game = bugami.play(game, chooser.choice(bugami.legal_moves(game)))
    return game


if __name__ == "__main__":
    game = play_random_game(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    print(f"seat {game.winner} won after {len(game.deals)} deals: totals {game.totals}")
