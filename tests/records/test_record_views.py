"""Records written for one seat: redacted, marked, read back as views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import RecordError, dumps, load_record, loads, view
from strategies import games, in_play, partly_bid

GOLDEN = Path(__file__).parents[1] / "golden" / "records"


@given(st.one_of(in_play(), partly_bid(), games()), st.data())
def test_view_records_round_trip(state: bugami.Deal | bugami.Game, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    for form in ("json", "text"):
        text = dumps(seen, format=form)
        assert loads(text) == seen
        assert dumps(load_record(text), format=form) == text


def _mid_deal() -> tuple[bugami.Deal, str]:
    state = bugami.deal(bugami.Rules(players=3), seed=3, dealer=0)
    for seat in range(3):
        state = bugami.bid(state, seat, "HSD"[seat])
    for _ in range(8):
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return state, dumps(view(state, 2), format="text")


def test_a_view_record_is_marked_and_redacted() -> None:
    state, text = _mid_deal()
    assert '[View "2"]' in text
    hands = next(line for line in text.splitlines() if line.startswith("Hands:"))
    assert hands.startswith("Hands: ? ? ")
    assert "Leftover: ?" in text
    document = json.loads(dumps(view(state, 2)))
    assert document["view"] == 2
    assert document["deals"][0]["hands"][:2] == [None, None]
    assert document["deals"][0]["leftover"] is None
    before = bugami.bid(bugami.deal(bugami.Rules(players=3), seed=3, dealer=0), 0, "H")
    assert "Bids: * ? ?" in dumps(view(before, 1), format="text")
    assert "Bids: H ? ?" in dumps(view(before, 0), format="text")


def test_a_game_view_record_has_no_seed() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=100), seed="very secret")
    for seat in range(3):
        game = bugami.bid(game, seat, "C")
    while len(game.deals) == 0:
        game = bugami.play(game, bugami.legal_moves(game)[0])
    for form in ("json", "text"):
        text = dumps(view(game, 1), format=form)
        assert "secret" not in text
        assert loads(text) == view(game, 1)


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "Hands: ? ? ",
            "Hands: AKQJT98765432.AKQJ.. ? ",
            "cannot show seat 0's hand before the deal is over",
        ),
        ("Leftover: ?", "Leftover: 2C", "cannot show the leftover before the deal is over"),
        ("Bids: H S D", "Bids: H * D", "seat 2 can see seat 1's bid"),
        ('[View "2"]', '[View "7"]', "[View] is a seat from 0 to 2"),
        ('[View "2"]', '[View "2"]\n[Seed "int:1"]', "a record for one seat holds no seed"),
        ('[View "2"]', '[View "0"]', "a record for seat 0 must show that seat's hand"),
    ],
)
def test_tampered_view_records(old: str, new: str, expected: str) -> None:
    _, text = _mid_deal()
    assert old in text
    with pytest.raises(RecordError) as error:
        load_record(text.replace(old, new, 1))
    assert expected in str(error.value), str(error.value)


def test_view_records_must_be_consistent() -> None:
    state, text = _mid_deal()
    own = view(state, 2).hand
    lines = text.splitlines()
    # Another seat plays a card that seat 2 holds.
    index = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    cards = lines[index].split()[1:]
    bad = "\n".join([*lines[:index], f"3. {cards[0]} {own[0]}", *lines[index + 1 :]]) + "\n"
    with pytest.raises(RecordError) as error:
        load_record(bad)
    assert str(error.value).startswith(f"line {index + 1}, column ")
    assert f"{own[0]} is in seat 2's hand, so seat 0 cannot play it" in str(error.value)
    # Bids shown for others before the reveal.
    early = bugami.bid(bugami.deal(bugami.Rules(players=3), seed=3, dealer=0), 0, "H")
    early_text = dumps(view(early, 1), format="text").replace("Bids: * ? ?", "Bids: H ? ?")
    with pytest.raises(
        RecordError, match="seat 1 cannot see seat 0's bid before every seat has bid"
    ):
        load_record(early_text)


def test_golden_view_record() -> None:
    text = (GOLDEN / "four_player_view.txt").read_text("utf-8")
    seen = loads(text)
    assert isinstance(seen, bugami.DealView)
    assert seen.seat == 1
    assert dumps(load_record(text), format="text") == text
