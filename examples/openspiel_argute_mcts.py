"""Play one hand of Argute in OpenSpiel between MCTS players that do not cheat.

The game is ``python_argute``. OpenSpiel's ``MCTSBot`` searches the state it
is handed, so each player hands it hands drawn by
:func:`bugami.argute.sample_deal` from its own view (the unseen cards dealt
out as a fair shuffle would, the hidden bids guessed), and plays the action
chosen most often across those samples.

Needs the ``openspiel`` extra (``pip install 'bugami[openspiel]'``). Run it
with ``python examples/openspiel_argute_mcts.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any


def play_hand(
    seed: int = 1, players: int = 4, simulations: int = 30, samples: int = 4
) -> list[float]:
    """Play one hand with determinized MCTS at every seat; return the points.

    ``simulations`` is the number of MCTS simulations per sampled hand, and
    ``samples`` the number of hands sampled per decision.
    """
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

    from bugami import argute
    from bugami.integrations.openspiel_argute import state_from_deal

    game: Any = pyspiel.load_game("python_argute", {"players": players})
    rng = random.Random(seed)
    bot: Any = mcts.MCTSBot(
        game,
        uct_c=2.0,  # returns are points from -1 to 3, not wins
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
        solve=False,  # a general-sum game has no proven wins to back up
        random_state=np.random.RandomState(seed),
    )
    state: Any = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            values, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(values, chances)[0])
            continue
        seen = state.view(state.current_player())
        votes: Counter[int] = Counter()
        for _ in range(samples):
            guess = state_from_deal(game, argute.sample_deal(seen, rng))
            votes[int(bot.step(guess))] += 1
        state.apply_action(votes.most_common(1)[0][0])
    return [float(points) for points in state.returns()]


if __name__ == "__main__":
    try:
        points = play_hand(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    except ImportError as error:
        sys.exit(f"{error}\nThis example needs OpenSpiel: pip install 'bugami[openspiel]'")
    print("points:", " ".join(f"{value:g}" for value in points))
