"""OpenSpiel's Hearts driven from Python: the yardstick for playouts.

OpenSpiel (``pip install open_spiel``; see ``benchmarks/README.md``) is a
C++ library of games with Python bindings, ``pyspiel``. Its Hearts is the
closest well-known relative of Bugami it offers: four players, a 52-card deck,
thirteen tricks of follow-suit play. A random playout goes from the initial
state to a terminal one, sampling each chance outcome (the passing direction,
then the deal, card by card) by its probability and choosing every player
action uniformly among the legal ones, then reads the returns. Hearts is
loaded with its default parameters, so a deal includes the passing of three
cards per player (in three deals out of four) besides the 52 plays.

Nothing here is imported by the rest of the suite unless ``pyspiel`` can be
imported; when it cannot, :func:`load_hearts` returns the reason instead.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
from dataclasses import dataclass
from typing import Any

from benchmarks.timing import Work

__all__ = ["Hearts", "actions_per_deal", "hearts_work", "load_hearts"]

INSTALL_HINT = "pip install -r benchmarks/requirements.txt (see benchmarks/README.md)"


@dataclass(frozen=True)
class Hearts:
    """The loaded game and the version of the package that provides it."""

    game: Any
    version: str | None

    @property
    def description(self) -> str:
        return str(self.game)


def load_hearts() -> Hearts | str:
    """OpenSpiel's Hearts, or the reason it cannot be loaded here."""
    try:
        pyspiel: Any = importlib.import_module("pyspiel")
    except ImportError as error:
        return f"pyspiel is not importable ({error}); to compare, {INSTALL_HINT}"
    try:
        version: str | None = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        version = None
    return Hearts(pyspiel.load_game("hearts"), version)


def _chance(outcomes: list[tuple[int, float]], draw: float) -> int:
    """The outcome that ``draw`` (uniform in [0, 1)) falls on, each outcome
    taking a share of the interval equal to its probability."""
    for action, probability in outcomes:
        draw -= probability
        if draw < 0:
            return action
    return outcomes[-1][0]  # rounding left a sliver past the last outcome


def hearts_work(hearts: Hearts, seed: int) -> Work:
    """Play ``size`` random deals of Hearts (the same ones for every call)."""
    game = hearts.game

    def work(size: int) -> None:
        rng = random.Random(seed)
        choice = rng.choice
        uniform = rng.random
        for _ in range(size):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(_chance(state.chance_outcomes(), uniform()))
                else:
                    state.apply_action(choice(state.legal_actions()))
            state.returns()

    return work


def actions_per_deal(hearts: Hearts, seed: int, deals: int = 20) -> dict[str, float]:
    """The average number of chance and player actions in a random deal
    (for the record: it says how much work one Hearts deal is)."""
    rng = random.Random(seed)
    chance = decisions = 0
    for _ in range(deals):
        state = hearts.game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_chance(state.chance_outcomes(), rng.random()))
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return {"chance": chance / deals, "decisions": decisions / deals}
