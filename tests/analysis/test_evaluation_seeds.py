"""evaluate_bids takes exactly the seeds that deal and deal_where take, and
refuses the others with the same InvalidInputError."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import pytest

import bugami
from bugami import argute
from bugami._kernel.seeds import MAX_SEED_BYTES, check_seed
from bugami.errors import InvalidInputError

BAD_SEEDS = [
    10**5000,
    -(10**4000),
    "x" * 10_000_000,
    "é" * (MAX_SEED_BYTES // 2 + 1),  # few characters, too many bytes
    b"x" * (MAX_SEED_BYTES + 1),
    "\ud800",
    True,
    1.5,
    [1],
]


def _refusal(call: object) -> str:
    with pytest.raises(InvalidInputError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda seed: type(seed).__name__)
def test_evaluate_bids_refuses_what_dealing_refuses(seed: object) -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    hand = argute.deal(argute.Rules(), seed=1)
    said = _refusal(lambda: bugami.deal(bugami.Rules(), seed=seed))
    assert _refusal(lambda: bugami.deal_where(bugami.Rules(), seed=seed)) == said
    assert _refusal(lambda: bugami.evaluate_bids(state, 0, deals=2, seed=seed)) == said
    assert _refusal(lambda: argute.evaluate_bids(hand, 0, deals=2, seed=seed)) == said
    assert _refusal(lambda: check_seed(seed)) == said


@pytest.mark.parametrize("seed", [10**3999, "x" * MAX_SEED_BYTES, b"\x00" * MAX_SEED_BYTES, 0])
def test_the_largest_seeds_are_taken_everywhere(seed: object) -> None:
    state = bugami.deal(bugami.Rules(), seed=seed)
    assert bugami.evaluate_bids(state, 0, deals=2, seed=seed).seed == seed


def test_a_str_subclass_seed_is_read_as_its_text() -> None:
    class Text(str):
        def encode(self, *args: object, **kwargs: object) -> bytes:
            return b"something else"

    assert check_seed(Text("abc")) == "abc"
    assert type(check_seed(Text("abc"))) is str
    assert bugami.deal(bugami.Rules(), seed=Text("abc")) == bugami.deal(bugami.Rules(), seed="abc")
