"""One rule for the seat in an action's text, in both games: plain decimal
digits without a leading zero, as the text form writes it."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import pytest

import bugami
from bugami import argute
from bugami.errors import InvalidInputError

PARSERS = [(bugami.parse_action, "H"), (argute.parse_action, "1")]


@pytest.mark.parametrize(("parse", "choice"), PARSERS)
@pytest.mark.parametrize("seat", ["01", "00", "0001", "06", "007"])
def test_leading_zeros_are_refused(parse: object, choice: str, seat: str) -> None:
    with pytest.raises(InvalidInputError, match="its seat is written without leading zeros"):
        parse(f"{seat} bid {choice}")


@pytest.mark.parametrize(("parse", "choice"), PARSERS)
@pytest.mark.parametrize("seat", range(7))
def test_every_seat_written_as_the_text_form_writes_it(
    parse: object, choice: str, seat: int
) -> None:
    action = parse(f"{seat} bid {choice}")
    assert action.seat == seat
    assert str(action) == f"{seat} bid {choice}"


@pytest.mark.parametrize(("parse", "choice"), PARSERS)
@pytest.mark.parametrize("seat", ["7", "10", "9999", "1" * 5000])
def test_seats_past_the_table_are_refused(parse: object, choice: str, seat: str) -> None:
    with pytest.raises(InvalidInputError, match="an action's seat must be an int from 0 to 6"):
        parse(f"{seat} bid {choice}")
