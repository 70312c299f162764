"""How often does a misère bid succeed when everyone plays at random?

A tiny analysis: deal many seeded deals, let seat 0 bid misère and everyone
else a random suit, play random legal cards, and count how often seat 0 takes
no trick. Run it with ``python examples/misere_odds.py [DEALS] [PLAYERS]``.
"""

from __future__ import annotations

import random
import sys

import bugami


def misere_success_rate(deals: int, players: int = 4, seed: int = 0) -> float:
    """The share of ``deals`` random deals in which seat 0's misère succeeds."""
    rules = bugami.Rules(players=players)
    chooser = random.Random(seed)
    made = 0
    for number in range(deals):
        state = bugami.deal(rules, seed=f"{seed}/{number}")
        state = bugami.bid(state, 0, bugami.MISERE)
        for seat in range(1, players):
            state = bugami.bid(state, seat, chooser.choice(list(bugami.Suit)))
        while not state.is_over:
            state = bugami.play(state, chooser.choice(bugami.legal_moves(state)))
        made += bugami.score(state)[0] == 100
    return made / deals


if __name__ == "__main__":
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    rate = misere_success_rate(deals, players)
    print(f"misère made in {rate:.1%} of {deals} random {players}-player deals")
