"""What deal_where does with its accept function's exceptions (they pass
through unchanged, as documented), and that its example means something."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import pytest

import bugami
from bugami import argute


class ConditionBrokeError(Exception):
    pass


def _broken(deal: object) -> bool:
    raise ConditionBrokeError("inside accept")


@pytest.mark.parametrize(
    "call",
    [
        lambda: bugami.deal_where(bugami.Rules(), seed=1, accept=_broken),
        lambda: next(bugami.deals_where(bugami.Rules(), seed=1, accept=_broken)),
        lambda: argute.deal_where(argute.Rules(), seed=1, accept=_broken),
        lambda: next(argute.deals_where(argute.Rules(), seed=1, accept=_broken)),
    ],
)
def test_an_exception_of_accept_passes_through_unchanged(call: object) -> None:
    with pytest.raises(ConditionBrokeError, match="inside accept") as caught:
        call()
    assert not isinstance(caught.value, bugami.BugamiError)
    assert caught.value.__cause__ is None
    assert caught.value.__context__ is None


def test_a_value_error_of_accept_keeps_its_type() -> None:
    with pytest.raises(ValueError, match="mine") as caught:
        bugami.deal_where(bugami.Rules(), seed=1, accept=lambda d: int("mine"))
    assert type(caught.value) is ValueError


def test_the_docstring_example_refuses_some_deals() -> None:
    """The example's condition (seat 1 holds five hearts or more) is met by
    some deals and not by others, so it shows what accept does."""
    hand = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"

    def hearts(deal: bugami.Deal) -> int:
        return sum(card.suit is bugami.Suit.HEARTS for card in deal.hands[1])

    drawn = list(bugami.deals_where(bugami.Rules(), seed=3, fixed={0: hand}, count=20))
    assert {hearts(d) >= 5 for d in drawn} == {True, False}
    found = bugami.deal_where(
        bugami.Rules(), seed=3, fixed={0: hand}, accept=lambda d: hearts(d) >= 5
    )
    assert hearts(found) >= 5
    assert "len(d.hands[1]) == 13" not in (bugami.deal_where.__doc__ or "")
