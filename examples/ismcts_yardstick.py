"""An outside yardstick: ``make_bot("best")`` against OpenSpiel's
information-set MCTS (``open_spiel.python.algorithms.ismcts``) playing Bugami
through the library's OpenSpiel adapter, in duplicate, at about equal CPU time
per decision.

The ISMCTS player never sees the true deal. For each decision it is handed a
deal drawn from its own view (:func:`bugami.sample_deal`; the bids of the
seats that bid before it in OpenSpiel's order, which it cannot see, drawn at
random) as the root of its search, and the same draw is its resampler, so
every world it searches agrees with what it knows. Its rollouts are random
(``RandomRolloutEvaluator``) and its exploration constant is half the range of
the points, as in ``examples/openspiel_mcts.py``.

Each deal is played twice from the same cards, ``best`` at the even seats and
ISMCTS at the odd ones, then the other way round; ``best``'s gain on the deal
is the mean over the seats of its score there less ISMCTS's. The script prints
the mean gain with a 95% interval and each side's mean CPU time per decision
(``time.process_time``); ``--simulations`` sets ISMCTS's budget (the default
takes about as long per decision as ``best`` on the project's machine: check
the printed times).

Needs the ``openspiel`` extra. Run it with ``python examples/ismcts_yardstick.py
[--deals N] [--players P] [--simulations S] [--seed TEXT]``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any

import bugami
from bugami.bots import make_bot
from bugami.core.cards import deck

_CARDS = deck(8)
_BIDS = (*bugami.Suit, bugami.MISERE)


class ISMCTSPlayer:
    """OpenSpiel's ISMCTS as a bot of this library: it acts on views only."""

    def __init__(self, players: int, dealer: int, simulations: int, seed: str) -> None:
        import numpy as np  # type: ignore[import-not-found, unused-ignore]
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
        from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]

        import bugami.integrations.openspiel  # noqa: F401  (registers python_bugami)

        self.game: Any = pyspiel.load_game("python_bugami", {"players": players, "dealer": dealer})
        self.rng = random.Random(seed)
        state_seed = random.Random(f"{seed}/numpy").randrange(2**31)
        self.bot: Any = ismcts.ISMCTSBot(
            self.game,
            mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(state_seed)),
            uct_c=(self.game.max_utility() - self.game.min_utility()) / 2,
            max_simulations=simulations,
            random_state=np.random.RandomState(state_seed),
        )
        self.bot.set_resampler(lambda state, player: self._root(state.view(player)))
        self.seconds = 0.0
        self.decisions = 0

    def _root(self, seen: bugami.DealView) -> Any:
        """An OpenSpiel state drawn from ``seen``: the hidden cards, and the
        bids made before this seat's in OpenSpiel's order (left of the dealer
        first), at random."""
        from bugami.integrations.openspiel import state_from_deal

        guess = bugami.sample_deal(seen, self.rng)
        if guess.to_move is None and guess.bids[seen.seat] is None:  # still bidding
            players = seen.rules.players
            guess = bugami.deal(
                seen.rules, hands=guess.hands, leftover=guess.leftover, dealer=guess.dealer
            )
            seat = (seen.dealer + 1) % players
            while seat != seen.seat:
                guess = bugami.bid(guess, seat, self.rng.choice(bugami.legal_bids(guess, seat)))
                seat = (seat + 1) % players
        return state_from_deal(self.game, guess)

    def _choose(self, seen: bugami.DealView) -> Any:
        started = time.process_time()
        try:
            root = self._root(seen)
            action = int(self.bot.step(root))
            # The adapter's action ids: a card's index (0 to 59), then the five bids.
            return _CARDS[action] if action < len(_CARDS) else _BIDS[action - len(_CARDS)]
        finally:
            self.seconds += time.process_time() - started
            self.decisions += 1

    def choose_bid(self, seen: bugami.DealView) -> Any:
        return self._choose(seen)

    def choose_card(self, seen: bugami.DealView) -> Any:
        return self._choose(seen)


class Timed:
    """A bot of the library that counts its decisions and their CPU time."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.seconds = 0.0
        self.decisions = 0

    def _timed(self, method: Any, seen: Any) -> Any:
        started = time.process_time()
        try:
            return method(seen)
        finally:
            self.seconds += time.process_time() - started
            self.decisions += 1

    def choose_bid(self, seen: Any) -> Any:
        return self._timed(self.inner.choose_bid, seen)

    def choose_card(self, seen: Any) -> Any:
        return self._timed(self.inner.choose_card, seen)


def _play(state: bugami.Deal, table: list[Any]) -> tuple[int, ...]:
    """Play a deal out with ``table`` (bids from views taken before any bid)."""
    players = state.rules.players
    choices = [table[seat].choose_bid(bugami.view(state, seat)) for seat in range(players)]
    for seat, choice in enumerate(choices):
        state = bugami.bid(state, seat, choice)
    while state.to_move is not None:
        seat = state.to_move
        state = bugami.play(state, table[seat].choose_card(bugami.view(state, seat)))
    return bugami.score(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="duplicate deals (50)")
    parser.add_argument("--players", type=int, default=4, help="players (4)")
    parser.add_argument("--simulations", type=int, default=40, help="ISMCTS simulations (40)")
    parser.add_argument("--bot", default="best", help="the library's bot (best)")
    parser.add_argument("--seed", default="yardstick")
    options = parser.parse_args(argv)
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: F401
    except ImportError as error:
        sys.exit(f"{error}\nThis example needs OpenSpiel: pip install 'bugami[openspiel]'")
    gains = []
    seconds = {"ours": 0.0, "ismcts": 0.0}
    decisions = {"ours": 0, "ismcts": 0}
    for number in range(options.deals):
        deal_seed = f"{options.seed}/{number}"
        state = bugami.deal(bugami.Rules(players=options.players), seed=deal_seed)
        scores = []
        for swap in (False, True):
            table: list[Any] = []
            for seat in range(options.players):
                if (seat % 2 == 0) != swap:
                    table.append(Timed(make_bot(options.bot, seed=f"{deal_seed}/{seat}")))
                else:
                    table.append(
                        ISMCTSPlayer(
                            options.players,
                            state.dealer,
                            options.simulations,
                            f"{deal_seed}/{seat}",
                        )
                    )
            scores.append(_play(state, table))
            for player in table:
                side = "ismcts" if isinstance(player, ISMCTSPlayer) else "ours"
                seconds[side] += player.seconds
                decisions[side] += player.decisions
        gain = 0.0
        for seat in range(options.players):
            ours_first = seat % 2 == 0
            mine = scores[0][seat] if ours_first else scores[1][seat]
            theirs = scores[1][seat] if ours_first else scores[0][seat]
            gain += (mine - theirs) / options.players
        gains.append(gain)
        mean = sum(gains) / len(gains)
        half = (
            1.96 * math.sqrt(sum((g - mean) ** 2 for g in gains) / (len(gains) - 1) / len(gains))
            if len(gains) > 1
            else math.inf
        )
        ours_ms = 1000 * seconds["ours"] / max(1, decisions["ours"])
        ismcts_ms = 1000 * seconds["ismcts"] / max(1, decisions["ismcts"])
        print(
            f"{len(gains)} deals: {options.bot} - ismcts({options.simulations}) "
            f"{mean:+.2f} a deal [{mean - half:+.2f}, {mean + half:+.2f}]; "
            f"CPU ms a decision {ours_ms:.1f} vs {ismcts_ms:.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
