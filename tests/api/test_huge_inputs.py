"""Numbers past Python's digit limit, passed anywhere, give the library's errors.

Python refuses to print an int of more than 4,300 digits, so an error message
that shows such an input with ``repr`` would itself fail with a plain
``ValueError``. Every message shows inputs through ``bugami.errors.brief``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import bugami
from bugami import argute
from bugami.errors import BugamiError

HUGE = 10**5000

_DEAL = bugami.deal(bugami.Rules(), seed=1)
_HAND = argute.deal(argute.Rules(), seed=1)

CALLS: list[tuple[str, Callable[[], object]]] = [
    ("Rules players", lambda: bugami.Rules(players=HUGE)),
    ("Rules target", lambda: bugami.Rules(target=HUGE)),
    ("argute Rules", lambda: argute.Rules(players=HUGE)),
    ("Card rank", lambda: bugami.Card(bugami.Suit.SPADES, HUGE)),
    ("Card text", lambda: bugami.Card.parse(HUGE)),
    ("joker", lambda: bugami.Card.joker(HUGE)),
    ("deck", lambda: bugami.deck(HUGE)),
    ("deal rules", lambda: bugami.deal(HUGE)),  # type: ignore[call-overload]
    ("deal dealer", lambda: bugami.deal(bugami.Rules(), seed=1, dealer=HUGE)),
    ("new_game", lambda: bugami.new_game(HUGE)),  # type: ignore[arg-type]
    ("bid seat", lambda: bugami.bid(_DEAL, HUGE, "S")),
    ("bid choice", lambda: bugami.bid(_DEAL, 0, HUGE)),  # type: ignore[call-overload]
    ("bid state", lambda: bugami.bid(HUGE, 0, "S")),  # type: ignore[call-overload]
    ("play card", lambda: bugami.play(_DEAL, HUGE)),  # type: ignore[call-overload]
    ("view seat", lambda: bugami.view(_DEAL, HUGE)),
    ("view state", lambda: bugami.view(HUGE, 0)),  # type: ignore[call-overload]
    ("score", lambda: bugami.score(HUGE)),  # type: ignore[arg-type]
    ("sample", lambda: bugami.sample_deal(HUGE, random.Random(1))),  # type: ignore[arg-type]
    ("argute bid", lambda: argute.bid(_HAND, HUGE, 1)),
    ("argute play", lambda: argute.play(_HAND, HUGE)),
    ("argute view", lambda: argute.view(_HAND, HUGE)),
    ("argute deal", lambda: argute.deal(argute.Rules(), hands=[[HUGE] * 6] * 4)),
]


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[name for name, _ in CALLS])
def test_a_huge_number_gets_a_short_library_error(name: str, call: Callable[[], object]) -> None:
    with pytest.raises(BugamiError) as caught:
        call()
    assert len(str(caught.value)) < 300
