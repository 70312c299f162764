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
does the same for the constructors of cards, suits and decks, and calls every
verb and constructor that takes a seat, a count or another int with values that
merely stand for ints (int subclasses, ``IntEnum`` members, NumPy integers when
NumPy is importable, objects with odd comparisons); CI
writes one transcript under each build and compares the two files, which must
be identical. Every mode prints which build ran (:data:`bugami.COMPILED`).
"""

from __future__ import annotations

import enum
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
    return lines + dealing(pool) + cards(pool) + int_likes()


def dealing(pool: dict[str, object]) -> list[str]:
    """What dealing, starting a game and the seeded stream do with each
    argument: the seed and the dealer of ``deal`` and ``new_game``, the
    rules themselves, and :class:`~bugami.core.dealing.SeedStream`'s material,
    bound and list."""
    from bugami.core.dealing import SeedStream

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


class Seat(enum.IntEnum):
    """Seats as a frontend might name them, and one that is at no table."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3
    FAR = 9


class Sub(int):
    """A plain int subclass."""


class Agreeable(int):
    """An int that says it equals, is below and is above anything, with an odd hash."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __hash__(self) -> int:
        return 7

    def __repr__(self) -> str:
        return f"Agreeable({int(self)})"


class Touchy(int):
    """An int whose comparisons and index raise."""

    def _refuse(self, other: object) -> bool:
        raise RuntimeError("compared")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse  # type: ignore[assignment]
    __hash__ = int.__hash__

    def __repr__(self) -> str:
        return f"Touchy({int(self)})"


class Indexable:
    """Not an int, but stands for one as NumPy integers do (``__index__``)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"Indexable({self.value})"


class Lookalike:
    """Not an int and stands for none, but compares equal to everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "Lookalike()"


def int_like_values() -> tuple[dict[str, object], list[str]]:
    """The values that stand for ints (or pretend to), by the name the
    transcript shows, and a note saying whether NumPy's are among them."""
    values: dict[str, object] = {
        "Seat.NORTH": Seat.NORTH, "Seat.EAST": Seat.EAST, "Seat.SOUTH": Seat.SOUTH,
        "Seat.FAR": Seat.FAR, "Sub(1)": Sub(1), "Sub(2)": Sub(2), "Sub(-1)": Sub(-1),
        "Agreeable(0)": Agreeable(0), "Agreeable(1)": Agreeable(1),
        "Agreeable(9)": Agreeable(9), "Touchy(1)": Touchy(1), "Indexable(1)": Indexable(1),
        "Indexable(9)": Indexable(9), "Lookalike()": Lookalike(),
    }  # fmt: skip
    try:
        import numpy
    except ImportError:  # the same note, and the same calls, in both builds
        return values, ["numpy: not importable, its integers left out"]
    values.update(
        {
            "int64(1)": numpy.int64(1), "uint8(2)": numpy.uint8(2), "int16(9)": numpy.int16(9),
            "bool_(True)": numpy.bool_(True),
        }
    )  # fmt: skip
    return values, ["numpy: importable, its integers included"]


def int_likes() -> list[str]:
    """Every verb and constructor that takes an int (a seat, a count, a card
    value, a bid of tricks) given each value of :func:`int_like_values` in
    that place, the other arguments good."""
    from bugami.core.dealing import SeedStream

    values, lines = int_like_values()
    rules, arules = bugami.Rules(), argute.Rules(players=4)
    bidding = bugami.deal(rules, seed=1)
    state = bidding
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    card = bugami.legal_moves(state)[0]
    hand = argute.deal(arules, seed=1)
    ahand = hand
    for seat in range(4):
        ahand = argute.bid(ahand, seat, 1)
    value = argute.legal_moves(ahand)[0]
    game = bugami.new_game(rules, seed=1)
    for name, x in values.items():
        calls: dict[str, Any] = {
            "Rules(players=)": partial(bugami.Rules, players=x),
            "Rules(jokers=)": partial(bugami.Rules, jokers=x),
            "Rules(target=)": partial(bugami.Rules, target=x),
            "argute.Rules(players=)": partial(argute.Rules, players=x),
            "deal(dealer=)": partial(bugami.deal, rules, seed=1, dealer=x),
            "deal(seed=)": partial(bugami.deal, rules, seed=x),
            "argute.deal(dealer=)": partial(argute.deal, arules, seed=1, dealer=x),
            "new_game(dealer=)": partial(bugami.new_game, rules, seed=1, dealer=x),
            "new_game(seed=)": partial(bugami.new_game, rules, seed=x),
            "deal_where(dealer=)": partial(bugami.deal_where, rules, seed=1, dealer=x),
            "deal_where(fixed=)": partial(bugami.deal_where, rules, seed=1, fixed={x: "AS"}),
            "deal_where(max_tries=)": partial(bugami.deal_where, rules, seed=1, max_tries=x),
            "deals_where(count=)": partial(_all, bugami.deals_where, rules, seed=1, count=x),
            "argute.deal_where(dealer=)": partial(argute.deal_where, arules, seed=1, dealer=x),
            "legal_bids": partial(bugami.legal_bids, bidding, x),
            "bid": partial(bugami.bid, bidding, x, "S"),
            "bid(game)": partial(bugami.bid, game, x, "S"),
            "can_bid": partial(bugami.can_bid, bidding, x, "S"),
            "check_bid": partial(bugami.check_bid, bidding, x, "S"),
            "play(seat=)": partial(bugami.play, state, card, seat=x),
            "can_play(seat=)": partial(bugami.can_play, state, card, seat=x),
            "check_play(seat=)": partial(bugami.check_play, state, card, seat=x),
            "view": partial(bugami.view, state, x),
            "view(game)": partial(bugami.view, game, x),
            "legal_actions(seat=)": partial(bugami.legal_actions, state, seat=x),
            "apply": partial(bugami.apply, state, {"type": "play", "seat": x, "card": card}),
            "step": partial(bugami.step, bidding, {"type": "bid", "seat": x, "bid": "S"}),
            "replay": partial(bugami.replay, bidding, [{"type": "bid", "seat": x, "bid": "S"}]),
            "BidAction": partial(bugami.BidAction, x, "S"),
            "PlayAction": partial(bugami.PlayAction, x, card),
            "Card(SPADES, )": partial(bugami.Card, bugami.Suit.SPADES, x),
            "Card.joker": partial(bugami.Card.joker, x),
            "deck": partial(bugami.deck, x),
            "SeedStream.below": partial(_first_draw, SeedStream, b"int:1", x),
            "argute.legal_bids": partial(argute.legal_bids, hand, x),
            "argute.bid(seat)": partial(argute.bid, hand, x, 1),
            "argute.bid(tricks)": partial(argute.bid, hand, 0, x),
            "argute.can_bid(tricks)": partial(argute.can_bid, hand, 0, x),
            "argute.play(value)": partial(argute.play, ahand, x),
            "argute.play(seat=)": partial(argute.play, ahand, value, seat=x),
            "argute.check_play(seat=)": partial(argute.check_play, ahand, value, seat=x),
            "argute.view": partial(argute.view, ahand, x),
            "argute.BidAction": partial(argute.BidAction, x, x),
            "argute.apply": partial(argute.apply, ahand, {"type": "play", "seat": x, "card": 1}),
        }
        lines += [f"{label}({name}) {_outcome(call)}" for label, call in calls.items()]
    return lines


def _all(function: Any, *args: Any, **kwargs: Any) -> list[Any]:
    """Every item of the iterator ``function(*args, **kwargs)``."""
    return list(function(*args, **kwargs))


def _first_draw(stream: Any, material: object, bound: object = 6) -> int:
    """The first draw below ``bound`` of the stream of ``material``."""
    first: int = stream(material).below(bound)
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
