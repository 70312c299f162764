"""Golden play-sequence counts ("perft"): for fixed deals, the number of distinct legal
ways to play the last three tricks. Any change to the rules of play changes these counts.

Regenerate (only after a deliberate rules change) with::

    PYTHONPATH=tests python tests/bugami_rules/test_perft.py > tests/golden/perft.json
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import bugami
import reference

GOLDEN = Path(__file__).parents[1] / "golden" / "perft.json"

CASES: list[dict[str, Any]] = [
    {"players": 3, "jokers": 0, "seed": 1},
    {"players": 4, "jokers": 0, "seed": 2},
    {"players": 4, "jokers": 2, "seed": 3},
    {"players": 5, "jokers": 1, "seed": 4},
    {"players": 6, "jokers": 0, "seed": 5},
    {"players": 7, "jokers": 8, "seed": 6},
    {"players": 4, "jokers": 8, "seed": 7},
]


def position(case: dict[str, Any]) -> bugami.Deal:
    """The deal of a case with three tricks left: every seat bids spades and, until then,
    the player to move always plays their first legal card."""
    rules = bugami.Rules(players=case["players"], jokers=case["jokers"])
    state = bugami.deal(rules, seed=case["seed"])
    for seat in range(rules.players):
        state = bugami.bid(state, seat, "S")
    while len(state.tricks) < rules.hand_size - 3:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return state


def perft(state: bugami.Deal) -> int:
    """Distinct legal play sequences from ``state`` to the end, through the engine."""
    if state.is_over:
        return 1
    return sum(perft(bugami.play(state, card)) for card in bugami.legal_moves(state))


def _expected() -> list[dict[str, Any]]:
    return json.loads(GOLDEN.read_text("utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("golden", _expected(), ids=lambda golden: str(golden["case"]))
def test_perft_matches_the_golden_counts(golden: dict[str, Any]) -> None:
    state = position(golden["case"])
    assert [" ".join(map(str, hand)) for hand in state.hands] == golden["hands"]
    assert perft(state) == golden["sequences"]


@pytest.mark.parametrize("golden", _expected(), ids=lambda golden: str(golden["case"]))
def test_perft_matches_the_reference(golden: dict[str, Any]) -> None:
    state = position(golden["case"])
    hands = [[str(card) for card in hand] for hand in state.hands]
    assert reference.count_play_sequences(hands, state.leader, []) == golden["sequences"]  # type: ignore[arg-type]


def test_perft_after_one_card_of_a_trick() -> None:
    state = position(CASES[1])
    state = bugami.play(state, bugami.legal_moves(state)[-1])
    hands = [[str(card) for card in hand] for hand in state.hands]
    trick = [str(card) for card in state.current_trick]
    assert perft(state) == reference.count_play_sequences(hands, state.leader, trick)  # type: ignore[arg-type]


if __name__ == "__main__":
    rows = []
    for case in CASES:
        state = position(case)
        rows.append(
            {
                "case": case,
                "hands": [" ".join(map(str, hand)) for hand in state.hands],
                "sequences": perft(state),
            }
        )
    print(json.dumps(rows, indent=1))
