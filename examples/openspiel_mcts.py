"""Play one deal of Bugami in OpenSpiel between MCTS players that do not cheat.

OpenSpiel's ``MCTSBot`` searches the state it is given, so given the true
state it would see every hand. Here each player instead hands it deals drawn
by :func:`bugami.sample_deal` from its own view (determinization): every deal
it searches agrees with what the player knows, and the action chosen most
often across the samples is played.

Needs the ``openspiel`` extra (``pip install 'bugami[openspiel]'``). Run it
with ``python examples/openspiel_mcts.py [SEED]``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import Any


def play_deal(
    seed: int = 1, players: int = 4, simulations: int = 30, samples: int = 4
) -> list[float]:
    """Play one deal with determinized MCTS at every seat; return the points.

    ``simulations`` is the number of MCTS simulations per sampled deal, and
    ``samples`` the number of deals sampled per decision.
    """
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

    import bugami
    from bugami.integrations.openspiel import state_from_deal

    game: Any = pyspiel.load_game("python_bugami", {"players": players})
    rng = random.Random(seed)
    bot: Any = mcts.MCTSBot(
        game,
        uct_c=game.max_utility() / 2,  # returns are points, not wins
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
        solve=False,  # a general-sum game has no proven wins to back up
        random_state=np.random.RandomState(seed),
    )
    state: Any = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            cards = [card for card, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(cards))
            continue
        seen = state.view(state.current_player())
        votes: Counter[int] = Counter()
        for _ in range(samples):
            guess = state_from_deal(game, bugami.sample_deal(seen, rng))
            votes[int(bot.step(guess))] += 1
        state.apply_action(votes.most_common(1)[0][0])
    return [float(points) for points in state.returns()]


if __name__ == "__main__":
    try:
        points = play_deal(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
    except ImportError as error:
        sys.exit(f"{error}\nThis example needs OpenSpiel: pip install 'bugami[openspiel]'")
    print("points:", " ".join(f"{value:g}" for value in points))
