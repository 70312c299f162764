"""Play one deal of Bugami, or one hand of Argute, in OpenSpiel between MCTS
players that do not cheat.

OpenSpiel's ``MCTSBot`` searches the state it is given, so given the true
state it would see every hand. Here each player instead hands it deals drawn
from its own view by the game's ``sample_deal`` (:func:`bugami.sample_deal`,
:func:`bugami.argute.sample_deal`: the unseen cards dealt out as a fair
shuffle would, the hidden bids guessed), so every deal it searches agrees
with what the player knows (determinization), and plays the action chosen
most often across the samples.

Needs the ``openspiel`` extra (``pip install 'bugami[openspiel]'``). Run it
with ``python examples/openspiel_mcts.py [--game {bugami,argute}] [SEED]``
(``--help`` for the other options).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

GAMES = ("bugami", "argute")


def _sampling(game: str) -> tuple[Any, Any]:
    """The game's ``sample_deal`` and its OpenSpiel adapter's ``state_from_deal``."""
    if game == "bugami":
        from bugami import sample_deal
        from bugami.integrations.openspiel import state_from_deal

        return sample_deal, state_from_deal
    if game == "argute":
        from bugami.argute import sample_deal as sample_hand
        from bugami.integrations.openspiel_argute import state_from_deal as state_from_hand

        return sample_hand, state_from_hand
    raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")


def play_deal(
    seed: int = 1, players: int = 4, simulations: int = 30, samples: int = 4, game: str = "bugami"
) -> list[float]:
    """Play one deal of ``game`` (``"bugami"`` or ``"argute"``) with
    determinized MCTS at every seat; return the points.

    ``simulations`` is the number of MCTS simulations per sampled deal, and
    ``samples`` the number of deals sampled per decision.
    """
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

    sample_deal, state_from_deal = _sampling(game)
    spiel_game: Any = pyspiel.load_game(f"python_{game}", {"players": players})
    rng = random.Random(seed)
    bot: Any = mcts.MCTSBot(
        spiel_game,
        # Returns are points, not wins: explore on the scale of their range.
        uct_c=(spiel_game.max_utility() - spiel_game.min_utility()) / 2,
        max_simulations=simulations,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed)),
        solve=False,  # a general-sum game has no proven wins to back up
        random_state=np.random.RandomState(seed),
    )
    state: Any = spiel_game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
            continue
        seen = state.view(state.current_player())
        votes: Counter[int] = Counter()
        for _ in range(samples):
            guess = state_from_deal(spiel_game, sample_deal(seen, rng))
            votes[int(bot.step(guess))] += 1
        state.apply_action(votes.most_common(1)[0][0])
    return [float(points) for points in state.returns()]


def main(argv: list[str] | None = None) -> None:
    """Play one deal as the command line says and print the points."""
    parser = argparse.ArgumentParser(description="Determinized MCTS players in OpenSpiel.")
    parser.add_argument("seed", nargs="?", type=int, default=1, help="the random seed (1)")
    parser.add_argument("--game", choices=GAMES, default="bugami", help="the game (bugami)")
    parser.add_argument("--players", type=int, default=4, help="the number of players (4)")
    parser.add_argument("--simulations", type=int, default=30, help="per sampled deal (30)")
    parser.add_argument("--samples", type=int, default=4, help="deals sampled per decision (4)")
    options = parser.parse_args(argv)
    try:
        points = play_deal(
            options.seed, options.players, options.simulations, options.samples, options.game
        )
    except ImportError as error:
        sys.exit(f"{error}\nThis example needs OpenSpiel: pip install 'bugami[openspiel]'")
    print("points:", " ".join(f"{value:g}" for value in points))


if __name__ == "__main__":
    main()
