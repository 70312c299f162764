"""Check that the pure and the compiled build read each other's pickles.

CI runs it twice: ``python tools/cross_build.py dump FILE`` under one build
writes pickles of states of both games (deals at every phase, their tricks,
games, views, cards and histories), then ``python tools/cross_build.py check
FILE`` under the other build loads them and compares each with the same value
made afresh there: equal, with the same hash and the same repr. It also prints
which build ran (:data:`bugami.COMPILED`), so that the log shows both.
"""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import bugami
from bugami import argute


def values() -> list[object]:
    """The same values in every build: seeded deals played by fixed choices."""
    made: list[object] = []
    state = bugami.deal(bugami.Rules(players=5, jokers=2, shotgun_wedding=True), seed=7)
    made.append(state)
    for seat in range(5):
        state = bugami.bid(state, seat, bugami.legal_bids(state, seat)[seat % 5])
    made.append(state)
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[-1])
        if len(state.tricks) in (1, 6):
            made += [state, bugami.view(state, 1)]
    made += [state, state.tricks, state.history, bugami.score(state), bugami.Card.parse("AS")]
    hand = argute.deal(argute.Rules(players=4), seed=3)
    for seat in range(4):
        hand = argute.bid(hand, seat, seat % 3)
    while not hand.is_over:
        hand = argute.play(hand, argute.legal_moves(hand)[0])
        if len(hand.tricks) == 2:
            made += [hand, argute.view(hand, 2)]
    made += [hand, hand.tricks, argute.score(hand)]
    game = bugami.new_game(bugami.Rules(), seed=2)
    made.append(game)
    return made


def main(argv: list[str]) -> int:
    action, path = argv
    print(f"bugami {bugami.__version__}, compiled: {bugami.COMPILED}")
    if action == "dump":
        Path(path).write_bytes(pickle.dumps(values()))
        return 0
    loaded = pickle.loads(Path(path).read_bytes())
    fresh = values()
    wrong = [
        repr(a)
        for a, b in zip(loaded, fresh, strict=True)
        if not (a == b and hash(a) == hash(b) and repr(a) == repr(b))
    ]
    for line in wrong:
        print("differs:", line)
    print(f"{len(fresh) - len(wrong)} of {len(fresh)} values read back alike")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
