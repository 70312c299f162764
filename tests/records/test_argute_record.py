"""Records of Argute: both formats, views, golden files, tampering, and the
line between the two games."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from argute_strategies import games, in_play, partly_bid
from bugami import RecordError, argute, dumps, load_record, loads
from bugami.argute import Deal, Game, bid, legal_moves, play, view
from bugami.record import read_records, write_records

GOLDEN = Path(__file__).parents[1] / "golden" / "records"
ARGUTE_GOLDEN = sorted(GOLDEN.glob("argute_*"))
FORMATS: tuple[Literal["json", "text"], ...] = ("json", "text")


@given(st.one_of(in_play(), partly_bid(), games()))
def test_states_and_games_round_trip(state: Deal | Game) -> None:
    for form in FORMATS:
        text = dumps(state, format=form)
        assert loads(text) == state
        assert argute.loads(text) == state
        assert dumps(load_record(text), format=form) == text


@given(st.one_of(in_play(), partly_bid(), games()), st.data())
def test_views_round_trip(state: Deal | Game, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    seen = view(state, seat)
    for form in FORMATS:
        text = dumps(seen, format=form)
        assert loads(text) == seen
        assert dumps(load_record(text), format=form) == text


@pytest.mark.parametrize("path", ARGUTE_GOLDEN, ids=lambda path: path.name)
def test_golden_records_rewrite_byte_for_byte(path: Path) -> None:
    text = path.read_text("utf-8")
    record = argute.load_record(text)
    form: Literal["json", "text"] = "json" if path.suffix == ".json" else "text"
    assert dumps(record, format=form) + ("\n" if form == "json" else "") == text


def test_the_golden_example() -> None:
    record = argute.load_record((GOLDEN / "argute_example.txt").read_text("utf-8"))
    state = record.state
    assert isinstance(state, Deal)
    assert state.dealt_hands[2] == (2, 2, 3, 3, 4, 4)
    assert state.tricks[0].winner == 2
    assert state.tricks[0].counts == (5, 2, 8, 5)
    assert argute.score(state) == (1, 0, 1, -1)
    assert record.seats == ("Ann", "Bob", "Cy", "Di")
    assert load_record((GOLDEN / "argute_example.json").read_text("utf-8")) == record
    seen = argute.loads((GOLDEN / "argute_view.txt").read_text("utf-8"))
    assert isinstance(seen, argute.DealView)
    assert seen.seat == 2
    assert seen.bids == (None, None, 3, None, None)
    assert seen.hand_sizes == (3, 3, 3, 2, 2)


def test_the_text_notation_of_a_hand() -> None:
    state = argute.deal(argute.Rules(players=2), hands=["543210", "550011"], dealer=1)
    state = bid(bid(state, 1, 0), 0, 3)
    for value in (5, 5, 4, 5, 3, 0, 2):
        state = play(state, value)
    assert dumps(state, format="text") == (
        '[Game "Argute"]\n[Version "1"]\n[Record "deal"]\n[Players "2"]\n[Target "6"]\n\n'
        "Deal 1, dealer 1\nHands: 012345 001155\nBids: 3 0\n1. 5 5 4 5 3 0\n2. 2\n"
    )
    document = json.loads(dumps(state))
    assert document["game"] == "argute"
    assert document["rules"] == {"players": 2, "target": 6}
    assert document["deals"][0]["hands"] == [[0, 1, 2, 3, 4, 5], [0, 0, 1, 1, 5, 5]]
    assert "leftover" not in document["deals"][0]
    assert document["deals"][0]["current_trick"] == {"leader": 0, "cards": [2]}
    # Hands may be written in any order and with a lower-case label.
    messy = dumps(state, format="text").replace("Hands: 012345 001155", "hands: 543210 510105")
    assert loads(messy) == state


def _sample() -> tuple[Deal, str]:
    text = (GOLDEN / "argute_example.txt").read_text("utf-8")
    state = loads(text)
    assert isinstance(state, Deal)
    return state, text


def _replace_line(text: str, start: str, new: str) -> str:
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines)


def test_tampered_text_is_refused_with_its_position() -> None:
    _, text = _sample()
    cases = {
        _replace_line(text, "Hands:", "Hands: 012345 001155 223344 013456"): (
            "line 14, column 34: a hand is its values as digits 0 to 5"
        ),
        _replace_line(text, "Hands:", "Hands: 012345 001155 223344 01345"): (
            "line 14, column 1: seat 3 holds 5 cards"
        ),
        _replace_line(text, "Hands:", "Hands: 555555 001155 223344 013455"): (
            "the hands hold 10 cards of value 5"
        ),
        _replace_line(text, "Bids:", "Bids: 1 0 4 2"): "line 15, column 11: a bid is 0, 1, 2, 3",
        _replace_line(text, "Bids:", "Bids: 1 0 * 2"): "seat 2's bid is hidden",
        _replace_line(text, "2.", "2. 3 5 3 0 3 5 2 4"): (
            "line 17, column 18: deal 1, trick 2, card 8: seat 1 cannot play 4: they hold no 4"
        ),
        _replace_line(text, "2.", "2. 3 5 3 0 3 5 2 5 1"): "a trick holds 1 to 8 cards, not 9",
        _replace_line(text, "3.", "3. 3 5 5 x"): "line 18, column 10: 'x' is not a card",
        _replace_line(text, "Points:", "Points: 1 0 1 2"): (
            "line 19, column 1: the points of deal 1 are 1 0 1 -1, not 1 0 1 2"
        ),
        _replace_line(text, "[Players", '[Players "8"]'): "players must be an int from 2 to 7",
        _replace_line(text, "[Target", '[Jokers "0"]'): "the tag [Target] is missing",
        _replace_line(text, "Bids:", "Leftover: 0 0"): "expected a line starting 'Bids:'",
    }
    for bad, expected in cases.items():
        with pytest.raises(RecordError) as error:
            load_record(bad)
        assert expected in str(error.value), (expected, str(error.value))


def test_tampered_json_is_refused_with_its_path() -> None:
    state, _ = _sample()
    document = json.loads(dumps(state))
    for change, expected in [
        ("d['deals'][0]['tricks'][1]['cards'][7] = 4", "at $.deals[0].tricks[1].cards[7]: deal 1"),
        ("d['deals'][0]['tricks'][1]['cards'][7] = '5'", "expected a card value from 0 to 5"),
        ("d['deals'][0]['tricks'][0]['winner'] = 0", "at $.deals[0].tricks[0]: trick 1 of deal 1"),
        ("d['deals'][0]['bids'][2] = 4", "at $.deals[0].bids[2]: a bid is 0, 1, 2 or 3"),
        ("d['deals'][0]['bids'][2] = '1'", "at $.deals[0].bids[2]: a bid is 0, 1, 2 or 3"),
        ("d['deals'][0]['leftover'] = []", "at $.deals[0]: unknown key 'leftover'"),
        ("d['rules']['jokers'] = 0", "at $.rules: unknown key 'jokers'"),
        ("d['deals'][0]['hands'][0][0] = 6", "at $.deals[0].hands[0][0]: expected a card value"),
        ("d['deals'][0]['tricks'].pop()", "at $.deals[0].points: deal 1 is not over"),
        ("d['game'] = 'chess'", "at $.game: the game is one of 'bugami', 'argute', not 'chess'"),
        ("del d['game']", "at $.rules: the key 'jokers' is missing"),
    ]:
        doc = json.loads(json.dumps(document))
        exec(change, {"d": doc})
        with pytest.raises(RecordError) as error:
            load_record(json.dumps(doc))
        assert expected in str(error.value), (expected, str(error.value))


def test_tampered_game_records() -> None:
    text = (GOLDEN / "argute_game_in_progress.json").read_text("utf-8")
    document = json.loads(text)
    for change, expected in [
        ("d['seed'] = {'str': 'another'}", "at $.deals[0].hands: the cards of deal 1 are not"),
        ("d['totals'][0] = 0", "at $.totals: the totals are -2 1 -1, not 0 1 -1"),
        ("d['deals'][1]['dealer'] = 0", "at $.deals[1].dealer: deal 2 is dealt by seat 2"),
    ]:
        doc = json.loads(text)
        exec(change, {"d": doc})
        with pytest.raises(RecordError) as error:
            load_record(json.dumps(doc))
        assert expected in str(error.value), (expected, str(error.value))
    assert document["game"] == "argute"


def test_tampered_view_records() -> None:
    text = (GOLDEN / "argute_view.txt").read_text("utf-8")
    for bad, expected in [
        (
            text.replace("Hands: ? ? 012335", "Hands: 001122 ? 012335"),
            "line 10, column 1: a record for seat 2 cannot show seat 0's hand before the deal",
        ),
        (
            text.replace("Bids: * * 3", "Bids: 1 * 3"),
            "line 11, column 7: seat 2 cannot see seat 0's bid before the hand is over",
        ),
        (text.replace("Bids: * * 3", "Bids: * * *"), "line 11, column 11: seat 2 can see"),
        (
            text.replace("Hands: ? ? 012335", "Hands: ? ? 012333"),
            "line 12, column 6: deal 1, trick 1, card 2: seat 2 cannot play 5",
        ),
        (
            text.replace("2. 2 1", "2. 2 1 5 5 5 5 5 5"),
            "line 13, column 16: seat 4 cannot play a 5: all seven are in seat 2's hand or",
        ),
    ]:
        with pytest.raises(RecordError) as error:
            load_record(bad)
        assert expected in str(error.value), (expected, str(error.value))


def test_a_record_says_which_game_it_is() -> None:
    bugami_state = bugami.deal(bugami.Rules(), seed=1)
    argute_state = argute.deal(argute.Rules(), seed=1)
    for form in FORMATS:
        bugami_text = dumps(bugami_state, format=form)
        argute_text = dumps(argute_state, format=form)
        with pytest.raises(RecordError, match="this is a record of Bugami, not of Argute"):
            argute.loads(bugami_text)
        with pytest.raises(RecordError, match="this is a record of Argute, not of Bugami"):
            loads(argute_text, game="bugami")
        assert loads(bugami_text, game="bugami") == bugami_state
        assert load_record(argute_text, game="argute").state == argute_state
    text = dumps(argute_state, format="text").replace('"Argute"', '"Bugami"')
    with pytest.raises(RecordError, match="the tag \\[Jokers\\] is missing"):
        load_record(text)
    with pytest.raises(RecordError, match="line 1: this is a record of Argute, not of Bugami"):
        list(read_records(io.StringIO(dumps(argute_state, format="text")), game="bugami"))
    with pytest.raises(bugami.InvalidInputError, match="game is one of"):
        load_record(dumps(argute_state), game="chess")  # type: ignore[arg-type]


def test_many_records_of_both_games_in_one_file() -> None:
    items: list[bugami.record.AnyRecorded] = [
        argute.deal(argute.Rules(players=3), seed=1),
        bugami.deal(bugami.Rules(), seed=2),
        view(argute.new_game(argute.Rules(), seed=3), 1),
    ]
    for form in FORMATS:
        out = io.StringIO()
        assert write_records(items, out, form) == 3
        assert [record.state for record in read_records(io.StringIO(out.getvalue()))] == items


def test_records_of_a_finished_game_and_its_views() -> None:
    game = argute.new_game(argute.Rules(players=4, target=2), seed=2)
    rng = random.Random(2)
    while not game.is_over:  # two hands, with everybody bidding 1
        current = game.current
        assert current is not None
        if None in current.bids:
            game = bid(game, current.bids.index(None), 1)
        else:
            game = play(game, rng.choice(legal_moves(game)))
    assert game.winner == 3
    assert len(game.deals) == 2
    for form in FORMATS:
        assert loads(dumps(game, format=form)) == game
        for seat in range(4):
            text = dumps(view(game, seat), format=form)
            assert "[Seed" not in text
            assert '"seed":{' not in text
            assert loads(text) == view(game, seat)


def test_faults_among_values_name_their_position() -> None:
    state = argute.deal(argute.Rules(players=2), hands=["543210", "550011"], dealer=1)
    state = bid(bid(state, 1, 0), 0, 3)
    for value in (5, 5, 4, 5, 3, 0, 2):
        state = play(state, value)
    text = dumps(state, format="text")
    for old, new, expected in [
        (
            "1. 5 5 4",
            "1. 5 5  6",
            "line 10, column 9: '6' is not a card: Argute's cards are the values 0 to 5",
        ),
        (
            "Hands: 012345 001155",
            "Hands: 012345  0011x5",
            "line 8, column 20: a hand is its values as digits 0 to 5 (like 001245), not '0011x5'",
        ),
        (
            "2. 2",
            "2.  2\t 5",
            "line 11, column 8: deal 1, trick 2, card 2: seat 1 cannot play 5: they hold no 5 "
            "(legal: 0 1)",
        ),
    ]:
        with pytest.raises(RecordError) as error:
            load_record(text.replace(old, new))
        assert str(error.value) == expected
    assert loads(text.replace("2. 2", "2.\t 2  ")) == state
    document = json.loads(dumps(state))
    for bad in [True, 4.0, "4", [], 6, -1]:
        for where, path in [("hands", "hands[1][2]"), ("tricks", "tricks[0].cards[2]")]:
            doc = json.loads(json.dumps(document))
            deal = doc["deals"][0]
            (deal["hands"][1] if where == "hands" else deal["tricks"][0]["cards"])[2] = bad
            with pytest.raises(RecordError) as error:
                load_record(json.dumps(doc))
            assert str(error.value) == (
                f"at $.deals[0].{path}: expected a card value from 0 to 5, not {bad!r}"
            )


def _finished_argute() -> Deal:
    state = argute.deal(argute.Rules(players=3), seed=2, dealer=0)
    for seat in range(3):
        state = bid(state, seat, argute.legal_bids(state, seat)[0])
    while not state.is_over:
        state = play(state, legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        # Reading the bids and cards quickly lets no bool or float pass for a number.
        ("d['bids'][1] = True", "bids[1]", 'a bid is 0, 1, 2 or 3, "*" or null, not True'),
        ("d['bids'][1] = 1.0", "bids[1]", 'a bid is 0, 1, 2 or 3, "*" or null, not 1.0'),
        ("d['bids'][1] = 4", "bids[1]", 'a bid is 0, 1, 2 or 3, "*" or null, not 4'),
        ("d['bids'][1] = '1'", "bids[1]", "a bid is 0, 1, 2 or 3, \"*\" or null, not '1'"),
        (
            "t['cards'][0] = True",
            "tricks[1].cards[0]",
            "expected a card value from 0 to 5, not True",
        ),
        ("t['cards'].pop()", "tricks[1]", "trick 2 of deal 1 has 5 cards; a completed trick has 6"),
    ],
)
def test_json_faults_in_a_deal_name_their_path(change: str, path: str, message: str) -> None:
    document = json.loads(dumps(_finished_argute()))
    deal = document["deals"][0]
    exec(change, {"d": deal, "t": deal["tricks"][1]})
    with pytest.raises(RecordError) as error:
        load_record(json.dumps(document))
    assert str(error.value) == f"at $.deals[0].{path}: {message}"


def test_text_tricks_of_every_size_read_as_written() -> None:
    state = _finished_argute()
    text = dumps(state, format="text")
    assert "2. 5 3 2 5 4 3\n" in text
    assert loads(text) == state
    with pytest.raises(RecordError) as error:
        loads(text.replace("2. 5 3 2 5 4 3\n", "2. 5 3 2 5 4\n"))
    assert str(error.value) == (
        "line 11, column 1: trick 2 of deal 1 has 5 cards; a completed trick has 6"
    )
