"""Check that the pure and the compiled build behave alike.

``python tools/cross_build.py dump FILE`` under one build writes pickles of
states of both games (deals at every phase, their tricks, games, views, cards
and histories); ``python tools/cross_build.py check FILE`` under the other
build loads them and compares each with the same value made afresh there:
equal, with the same hash and the same repr.

``python tools/cross_build.py transcript FILE`` calls the public verbs of both
games with every combination of a set of good and bad arguments (and
``deal``, ``new_game`` and the seeded stream with each of them) and writes
what each call returned or raised (the exception's class and message), and
does the same for the constructors of cards, suits and decks; CI
writes one transcript under each build and compares the two files, which must
be identical. Every mode prints which build ran (:data:`bugami.COMPILED`).
"""

from __future__ import annotations

import itertools
import pickle
import re
import sys
from functools import partial
from pathlib import Path
from typing import Any

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


# The verbs called by the transcript, each with how many positional arguments
# it takes and its keyword-only arguments.
VERBS: dict[str, tuple[int, tuple[str, ...]]] = {
    "legal_bids": (2, ()),
    "bid": (3, ()),
    "can_bid": (3, ()),
    "check_bid": (3, ()),
    "legal_moves": (1, ()),
    "play": (2, ("seat",)),
    "can_play": (2, ("seat",)),
    "check_play": (2, ("seat",)),
    "score": (1, ()),
    "view": (2, ()),
    "parse_bid": (1, ()),
    "parse_cards": (1, ()),
}


def arguments() -> dict[str, object]:
    """Good and bad arguments, by the name the transcript shows."""
    state = bugami.deal(bugami.Rules(), seed=1)
    bidding = state = bugami.bid(state, 0, "S")
    for seat in range(1, 4):
        state = bugami.bid(state, seat, "H")
    playing = bugami.play(state, bugami.legal_moves(state)[0])
    hand = argute.deal(argute.Rules(players=3), seed=1)
    for seat in range(3):
        hand = argute.bid(hand, seat, 1)
    return {
        "None": None, "True": True, "False": False, "0": 0, "1": 1, "2": 2, "-1": -1,
        "99": 99, "2**70": 2**70, "1.5": 1.5, "'S'": "S", "'M'": "M", "'AS'": "AS",
        "'x'": "x", "''": "", "b'1'": b"1", "()": (), "[1]": [1], "AS": bugami.Card.parse("AS"),
        "SPADES": bugami.Suit.SPADES, "MISERE": bugami.MISERE, "bidding": bidding,
        "playing": playing, "argute": hand, "game": bugami.new_game(bugami.Rules(), seed=1),
    }  # fmt: skip


# A call whose arguments do not fit the function's parameters (an unknown
# keyword, too many arguments) raises TypeError in both builds, worded by the
# interpreter or by mypyc: the transcript records only that it was refused.
BINDING = re.compile(
    r"unexpected keyword argument|takes (at most|exactly|from) \d+|positional argument"
    r"|missing (\d+ )?required"
)


def transcript() -> list[str]:
    """What every verb of both games does with every combination of the
    arguments (keyword-only arguments one at a time, on a good state)."""
    pool = arguments()
    lines = []
    for module in (bugami, argute):
        for verb, (count, keywords) in VERBS.items():
            function = getattr(module, verb, None)
            if function is None:  # a verb of one game only
                continue
            calls = [(names, {}) for names in itertools.product(pool, repeat=count)]
            for keyword in keywords:
                calls += [(("playing", "AS"), {keyword: name}) for name in pool]
            for names, named in calls:
                outcome = _outcome(
                    partial(
                        function,
                        *[pool[name] for name in names],
                        **{key: pool[name] for key, name in named.items()},
                    )
                )
                lines.append(f"{module.__name__}.{verb}{names}{named} {outcome}")
    return lines + dealing(pool) + cards(pool)


def dealing(pool: dict[str, object]) -> list[str]:
    """What dealing, starting a game and the seeded stream do with each
    argument: the seed and the dealer of ``deal`` and ``new_game``, the
    rules themselves, and :class:`~bugami.dealing.SeedStream`'s material,
    bound and list."""
    from bugami.dealing import SeedStream

    lines = []
    for module in (bugami, argute):
        rules = module.Rules()
        for name, value in pool.items():
            calls = {
                f"deal(seed=1, dealer={name})": partial(module.deal, rules, seed=1, dealer=value),
                f"deal({name})": partial(module.deal, value, seed=1),
            }
            if value is not None:  # no seed at all draws a fresh one: not the same twice
                calls[f"deal(seed={name})"] = partial(module.deal, rules, seed=value)
                calls[f"new_game(seed={name})"] = partial(module.new_game, rules, seed=value)
            lines += [
                f"{module.__name__}.{label} {_outcome(call)}" for label, call in calls.items()
            ]
    stream = SeedStream(b"int:1")
    for name, value in pool.items():
        calls = {
            f"SeedStream({name}).below(6)": partial(_first_draw, SeedStream, value),
            f"SeedStream.below({name})": partial(stream.below, value),
            f"SeedStream.shuffle({name})": partial(SeedStream(b"1").shuffle, value),
        }
        lines += [f"{label} {_outcome(call)}" for label, call in calls.items()]
    return lines


def cards(pool: dict[str, object]) -> list[str]:
    """What the constructors of cards, suits and decks do with each argument."""
    card, suit = bugami.Card, bugami.Suit
    lines = []
    for name, value in pool.items():
        calls = {
            f"Card({name})": partial(card, value),
            f"Card(SPADES, {name})": partial(card, suit.SPADES, value),
            f"Card({name}, 12)": partial(card, value, 12),
            f"Card.parse({name})": partial(card.parse, value),
            f"Card.joker({name})": partial(card.joker, value),
            f"Suit.parse({name})": partial(suit.parse, value),
            f"deck({name})": partial(bugami.deck, value),
        }
        lines += [f"{label} {_outcome(call)}" for label, call in calls.items()]
    return lines


def _first_draw(stream: Any, material: object) -> int:
    """The first draw below 6 of the stream of ``material``."""
    first: int = stream(material).below(6)
    return first


def _outcome(call: Any) -> str:
    """What ``call()`` returned, or the exception it raised."""
    try:
        return f"-> {call()!r}"
    except Exception as error:  # the transcript records every outcome
        if isinstance(error, TypeError) and BINDING.search(str(error)):
            return "!! a call with arguments the function does not take"
        return f"!! {type(error).__module__}.{type(error).__qualname__}: {error}"


def main(argv: list[str]) -> int:
    action, path = argv
    print(f"bugami {bugami.__version__}, compiled: {bugami.COMPILED}")
    if action == "transcript":
        lines = transcript()
        Path(path).write_text("\n".join(lines) + "\n")
        print(f"{len(lines)} calls written to {path}")
        return 0
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
