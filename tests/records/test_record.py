"""Records: golden files, tags, positions of faults, many records per file."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import Record, RecordError, TrickComment, dumps, load_record, loads
from bugami._records import jsonformat
from bugami._records.notation import read_text
from bugami.bots import RandomBot, play_out
from bugami.record import read_records, write_records

GOLDEN = Path(__file__).parents[1] / "golden" / "records"
GOLDEN_FILES = sorted(GOLDEN.iterdir())


@pytest.mark.parametrize("path", GOLDEN_FILES, ids=lambda path: path.name)
def test_golden_records_read_replay_and_rewrite_byte_for_byte(path: Path) -> None:
    text = path.read_text("utf-8")
    record = load_record(text)
    form: Literal["json", "text"] = "json" if path.suffix == ".json" else "text"
    written = dumps(record, format=form)
    assert written + ("\n" if form == "json" else "") == text
    assert load_record(dumps(record, format="text" if form == "json" else "json")) == record


def test_the_worked_example_record() -> None:
    record = load_record((GOLDEN / "four_player_example.txt").read_text("utf-8"))
    assert isinstance(record.state, bugami.Deal)
    assert bugami.score(record.state) == (25, 80, 13, 100)
    assert record.seats == ("A", "B", "C", "D")
    assert record.extra == (("Round", "1"),)
    assert record.trick_comments[1] == TrickComment(0, 12, "A takes two of her own bugs")
    both = load_record((GOLDEN / "four_player_example.json").read_text("utf-8"))
    assert both == record


def test_a_game_in_progress_can_be_saved_and_resumed() -> None:
    game = loads((GOLDEN / "game_in_progress.json").read_text("utf-8"))
    assert isinstance(game, bugami.Game)
    assert not game.is_over
    resumed = bugami.play(game, bugami.legal_moves(game)[0])
    assert loads(dumps(resumed, format="text")) == resumed


def _state() -> bugami.Deal:
    state = bugami.deal(bugami.Rules(players=3), seed=21, dealer=0)
    for seat in range(3):
        state = bugami.bid(state, seat, "D")
    for _ in range(7):
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return state


def _replace_line(text: str, start: str, new: str) -> str:
    lines = text.split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith(start))
    lines[index] = new
    return "\n".join(lines)


def test_text_faults_name_line_and_column() -> None:
    text = dumps(_state(), format="text")
    lines = text.split("\n")
    trick_two = next(i for i, line in enumerate(lines) if line.startswith("2. "))
    first, second, third = lines[trick_two].split()[1:]
    lines[trick_two] = f"2. {first} {third} {second}"  # the second and third seats swap cards
    with pytest.raises(RecordError) as error:
        load_record("\n".join(lines))
    message = str(error.value)
    assert message.startswith(f"line {trick_two + 1}, column 7: deal 1, trick 2, card 2: seat ")
    assert "it is not in their hand" in message


def test_text_syntax_faults() -> None:
    text = dumps(_state(), format="text")
    cases = {
        _replace_line(text, "Bids:", "Bids: D D"): "expected 3 bids, one per seat, not 2",
        _replace_line(
            text, "Bids:", "Bids: D D X"
        ): "a bid is S, H, D, C, M (misère), ? (not yet made) or * (hidden)",
        _replace_line(text, "1. ", "1. AS KS QS JS"): "a trick holds 1 to 3 cards, not 4",
        _replace_line(text, "1. ", "3. AS"): "expected trick 1 here, not trick 3",
        _replace_line(text, "1. ", "1. ZZ"): "'ZZ' is not a card",
        _replace_line(text, "Deal 1", "Deal 2, dealer 0"): "expected deal 1 here, not deal 2",
        _replace_line(text, "Deal 1", "Deal 1, dealer 5"): "the dealer is a seat from 0 to 2",
        _replace_line(text, "Hands:", "Hands: AKQ"): "a hand is four suits, separated by dots",
        _replace_line(text, "Hands:", "Hands: AKQ..."): "expected 3 hands, one per seat, not 1",
        _replace_line(text, "Hands:", "Hands: AKX..."): "'X' is not a rank",
        _replace_line(text, "Leftover:", "Leftover: ZZ"): "'ZZ' is not a card",
        _replace_line(text, "Leftover:", "Left: -"): "expected a line starting 'Leftover:'",
        _replace_line(text, "[Players", '[Players "9"]'): "players must be an int from 3 to 7",
        _replace_line(text, "[Players", '[Players "three"]'): "[Players] must be a whole number",
        _replace_line(text, "[ShotgunWedding", '[ShotgunWedding "maybe"]'): '"yes" or "no"',
        _replace_line(text, "[Record", '[Record "match"]'): '[Record] is "deal" or "game"',
        _replace_line(
            text, "[Version", '[Version "2"]'
        ): "version '2' of the record format is not known; this library reads version 1",
        _replace_line(text, "[Game", '[Game "Chess"]'): "this is not a Bugami record",
        _replace_line(text, "[Jokers", "[Jokers 0]"): 'a tag is written [Name "value"]',
        _replace_line(text, "[Jokers", '[Target "9"]'): "the tag [Target] appears twice",
        _replace_line(text, "[Jokers", ""): "the tag [Jokers] is missing",
        text + "Totals: 1 2 3\n": "the record of a single deal has no seed, totals or winner",
        text + "Nonsense\n": "expected the next deal, the totals or the end",
        text.replace("1. ", "1. {early} ", 1): "a comment is {text} at the end of a trick's line",
    }
    for bad, expected in cases.items():
        with pytest.raises(RecordError) as error:
            load_record(bad)
        assert expected in str(error.value), (expected, str(error.value))
        assert str(error.value).startswith("line ") or "$." in str(error.value)


def test_lenient_reading_of_hand_written_text() -> None:
    state = _state()
    text = dumps(state, format="text")
    messy = "; a record typed by hand\n" + text.replace(
        "Bids: D D D", "bids:   d  ♦   diamonds"
    ).replace("Hands:", "HANDS:").replace("\n\n", "\n\n; the deal\n\n")
    assert loads(messy) == state
    assert dumps(load_record(messy), format="text") == text


def test_hands_may_use_10_for_ten() -> None:
    text = dumps(bugami.deal(bugami.Rules(), seed=1, dealer=0), format="text")
    hands = next(line for line in text.split("\n") if line.startswith("Hands:"))
    assert "T" in hands
    assert loads(text.replace(hands, hands.replace("T", "10"))) == loads(text)


def test_json_faults_name_the_path() -> None:
    document = json.loads(dumps(_state()))
    cases: list[tuple[str, str]] = []

    def case(change: str, expected: str) -> None:
        doc = json.loads(json.dumps(document))
        exec(change, {"d": doc})
        cases.append((json.dumps(doc), expected))

    case(
        "d['deals'][0]['tricks'][1]['cards'][1], d['deals'][0]['tricks'][1]['cards'][2] = "
        "d['deals'][0]['tricks'][1]['cards'][2], d['deals'][0]['tricks'][1]['cards'][1]",
        "at $.deals[0].tricks[1].cards[1]: deal 1, trick 2, card 2:",
    )
    case(
        "d['deals'][0]['tricks'][0]['winner'] = (d['deals'][0]['tricks'][0]['winner'] + 1) % 3",
        "at $.deals[0].tricks[0]: trick 1 of deal 1 is won by seat",
    )
    case(
        "d['deals'][0]['tricks'][1]['leader'] = (d['deals'][0]['tricks'][1]['leader'] + 1) % 3",
        "at $.deals[0].tricks[1]: trick 2 of deal 1 is led by seat",
    )
    case(
        "d['deals'][0]['bids'][1] = 'X'",
        "at $.deals[0].bids[1]: a bid is one of S H D C M, * or null",
    )
    case(
        "d['deals'][0]['bids'][1] = None",
        "at $.deals[0].bids: deal 1 has tricks before every seat has bid",
    )
    case("d['deals'][0]['hands'][0][0] = d['deals'][0]['hands'][1][0]", "at $.deals[0].hands: ")
    case("d['deals'][0]['points'] = [1, 2, 3]", "at $.deals[0].points: deal 1 is not over")
    case(
        "d['version'] = 7",
        "at $.version: version 7 of the record format is not known; this library reads version 1",
    )
    case("d['format'] = 'pgn'", "at $.format: this is not a Bugami record")
    case("del d['winner']", "at $: the key 'winner' is missing")
    case("d['colour'] = 'red'", "at $: unknown key 'colour'")
    case("d['rules']['players'] = '3'", "at $.rules.players: expected an integer, not a string")
    case("d['rules']['players'] = True", "at $.rules.players: expected an integer, not a boolean")
    case("d['rules']['jokers'] = 12", "at $.rules: jokers must be an int from 0 to 8")
    case("d['deals'] = []", "at $.deals: a record holds at least one deal")
    case("d['deals'][0]['dealer'] = 3", "at $.deals[0].dealer: a seat is 0 to 2, not 3")
    case(
        "d['deals'][0]['tricks'][0]['cards'] = 'AS'",
        "at $.deals[0].tricks[0].cards: expected an array",
    )
    case(
        "d['deals'][0]['tricks'][0]['cards'][0] = 5",
        "at $.deals[0].tricks[0].cards[0]: expected a card text",
    )
    case(
        "d['deals'][0]['current_trick']['cards'] += ['AS', 'KS']",
        "at $.deals[0].current_trick: the open trick of deal 1 must hold 1 to 2 cards, not 3",
    )
    case("d['tags']['seats'] = ['a', 'b']", "at $.tags.seats: expected 3 names")
    case("d['tags']['event'] = 'a}b'", "at $.tags: event may not hold line breaks")
    case("d['tags']['extra'] = [['round', '1']]", "at $.tags: a tag name is a capital letter")
    case("d['seed'] = {'int': '1'}", "at $.seed: the record of a single deal has no seed")
    case("d['record'] = 'game'", "at $.seed: the record of a game needs the game's seed")
    for text, expected in cases:
        with pytest.raises(RecordError) as error:
            load_record(text)
        assert expected in str(error.value), (expected, str(error.value))


SHALLOW = jsonformat._SHALLOW_STACK


def test_json_syntax_and_hostile_input() -> None:
    for text, expected in [
        ("{", "line 1, column 2: not valid JSON"),
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"format": NaN}', "NaN is not a number a record may hold"),
        ("[" * 100_000, "line 1: longer than 10000 characters"),
        ("[" * 1000, "a tag is written"),
        # where the stack is shallow (Pyodide) the depth is checked before the syntax
        ("{" + '"a":[' * 100_000, "nested too deeply" if SHALLOW else "not valid JSON"),
        ('{"a":' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        ("x" * 10, "not a record"),
        ("", "not a record"),
        (" " * 5_000_001, "not a record"),
        ("{" + " " * 4_000_001 + "}", "longer than 4000000 characters"),
        ('[Game "Bugami"]\n' + "x" * 10_001, "longer than 10000 characters"),
    ]:
        with pytest.raises(RecordError) as error:
            load_record(text)
        assert expected in str(error.value), (expected, str(error.value)[:200])
    with pytest.raises(RecordError, match="read from a str, not bytes"):
        load_record(b"{}")  # type: ignore[arg-type]


def test_game_record_faults() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=150), seed=3)
    while not game.is_over:
        for seat in range(3):
            game = bugami.bid(game, seat, "S")
        number = len(game.deals)
        while len(game.deals) == number:
            game = bugami.play(game, bugami.legal_moves(game)[0])
    document = json.loads(dumps(game))
    assert len(document["deals"]) >= 2
    for change, expected in [
        ("d['winner'] = None", "at $.winner: the winner is seat"),
        ("d['totals'][0] += 1", "at $.totals: the totals are"),
        (
            "d['seed'] = {'int': '4'}",
            "at $.deals[0].hands: the cards of deal 1 are not those the game's seed deals",
        ),
        ("d['seed'] = {'str': '3'}", "at $.deals[0].hands"),
        (
            "d['deals'][1]['dealer'] = (d['deals'][1]['dealer'] + 1) % 3",
            "at $.deals[1].dealer: deal 2 is dealt by seat",
        ),
        ("d['deals'].append(d['deals'][-1])", "the game was already won by seat"),
        (
            "d['deals'][0]['tricks'].pop(); d['deals'][0]['points'] = None",
            "deal 1 is not over, so no deal can follow it",
        ),
        ("d['deals'][0]['points'] = None", "at $.deals[0].points: the points of deal 1 are"),
        ("d['seed'] = {'int': 'x'}", "at $.seed: 'int' seed 'x' is not valid"),
        ("d['seed'] = {'bytes': 'zz'}", "at $.seed: 'bytes' seed 'zz' is not valid"),
        ("d['seed'] = 5", "at $.seed: expected"),
    ]:
        doc = json.loads(json.dumps(document))
        exec(change, {"d": doc})
        with pytest.raises(RecordError) as error:
            load_record(json.dumps(doc))
        assert expected in str(error.value), (expected, str(error.value))
    text = dumps(game, format="text")
    assert loads(text) == game
    for old, new, expected in [
        ('[Seed "int:3"]', '[Seed "3"]', '[Seed] is "int:DIGITS"'),
        ("Winner:", "Winner: x\n;", "expected a seat after 'Winner:'"),
        ("Winner:", "Winner: 9\n;", "the winner is seat"),
        ("Totals:", "Totals: 1 2\n;", "expected 3 whole numbers after 'Totals:'"),
    ]:
        with pytest.raises(RecordError, match=expected.replace("[", r"\[").replace("(", r"\(")):
            load_record(text.replace(old, new, 1))


def test_tags() -> None:
    state = bugami.deal(bugami.Rules(players=3), seed=1)
    record = Record.from_state(
        state, event='The "big" one', site="C:\\club", date="2026-11-29", seats=("Ann", "Bob", "Ça"),
        comment="ünïcode ♠ fine", extra=(("Round", "2"), ("Board", "7")),
    )  # fmt: skip
    for form in ("json", "text"):
        assert load_record(dumps(record, format=form)) == record
    text = dumps(record, format="text")
    assert '[Event "The \\"big\\" one"]' in text
    assert '[Site "C:\\\\club"]' in text


@pytest.mark.parametrize(
    ("tags", "message"),
    [
        ({"event": "two\nlines"}, "event may not hold line breaks"),
        ({"event": 5}, "event must be a str, not 5"),
        ({"event": "x" * 2001}, "event is longer than 2000 characters"),
        ({"seats": ("a", "b")}, "seats must be a tuple of 3 names"),
        ({"seats": ("a", "b", None)}, "the name of seat 2 must be a str"),
        ({"extra": (("Event", "x"),)}, "the tag name 'Event' is reserved"),
        ({"extra": (("Seat1", "x"),)}, "the tag name 'Seat1' is reserved"),
        ({"extra": (("R", "x"), ("R", "y"))}, "the tag name 'R' is reserved or used twice"),
        ({"extra": (("r", "x"),)}, "a tag name is a capital letter"),
        ({"extra": ("R",)}, "an extra tag is a (name, value) pair"),
        ({"extra": ["R"]}, "extra tags must be a tuple"),
        ({"trick_comments": (TrickComment(0, 0, "x"),)}, "there is no completed trick 0 in deal 0"),
        ({"trick_comments": [1]}, "trick_comments must be a tuple of TrickComment"),
    ],
)
def test_bad_tags(tags: dict[str, object], message: str) -> None:
    with pytest.raises(
        bugami.InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")
    ):
        Record.from_state(bugami.deal(bugami.Rules(players=3), seed=1), **tags)


def test_trick_comment_rules() -> None:
    state = _state()
    good = Record.from_state(
        state, trick_comments=(TrickComment(0, 0, "a"), TrickComment(0, 1, "b"))
    )
    assert load_record(dumps(good, format="text")) == good
    with pytest.raises(bugami.InvalidInputError, match="in order of deal and trick"):
        Record.from_state(state, trick_comments=(TrickComment(0, 1, "b"), TrickComment(0, 0, "a")))
    with pytest.raises(bugami.InvalidInputError, match="two comments on trick 0 of deal 0"):
        Record.from_state(state, trick_comments=(TrickComment(0, 0, "b"), TrickComment(0, 0, "a")))
    with pytest.raises(
        bugami.InvalidInputError, match="a record holds a bugami Deal, Game or view"
    ):
        Record(state="deal")


def test_dumps_rejects_an_unknown_format() -> None:
    with pytest.raises(bugami.InvalidInputError, match='format is "json" or "text", not \'xml\''):
        dumps(_state(), format="xml")  # type: ignore[arg-type]


@pytest.mark.parametrize("form", ["json", "text"])
def test_many_records_in_one_file(form: str) -> None:
    states = [bugami.deal(bugami.Rules(players=n), seed=n) for n in (3, 4, 5)]
    out = io.StringIO()
    assert write_records(states, out, format=form) == 3  # type: ignore[arg-type]
    assert [record.state for record in read_records(io.StringIO(out.getvalue()))] == states
    text = out.getvalue()
    broken = (
        text.replace('"players":5', '"players":9')
        if form == "json"
        else text.replace('[Players "5"]', '[Players "9"]')
    )
    records = read_records(io.StringIO(broken))
    assert next(records).state == states[0]
    assert next(records).state == states[1]
    with pytest.raises(RecordError, match=r"^record 3[ :]"):
        next(records)


def test_text_records_report_lines_of_the_whole_file() -> None:
    text = dumps(_state(), format="text")
    bad = text.replace("1. ", "1. ZZ ", 1)
    lines = (text + "\n" + bad).splitlines(keepends=True)
    with pytest.raises(RecordError) as error:
        list(read_records(lines))
    line = next(number for number, text in enumerate(lines, 1) if text.startswith("1. ZZ"))
    assert str(error.value).startswith(f"record 2: line {line}, column 4: 'ZZ' is not a card")


def test_reading_an_empty_file() -> None:
    assert list(read_records(io.StringIO(""))) == []
    assert list(read_records(["", "  "])) == []


def test_text_seeds_with_control_characters() -> None:
    game = bugami.new_game(bugami.Rules(), seed="line\nbreak")
    text = dumps(game, format="text")
    assert '[Seed "str-hex:6c696e650a627265616b"]' in text
    assert loads(text) == game
    with pytest.raises(RecordError, match=r'\[Seed\] is "int:DIGITS"'):
        loads(text.replace("str-hex:6c696e650a627265616b", "str-hex:ff"))


# Reading takes fast paths for what the formats write, and falls back to the
# careful reading for anything else: these pin down that the two agree, down
# to the messages and the positions they name.

_NOT_A_CARD = (
    "is not a card: expected a rank (A K Q J T/10 9 8 7 6 5 4 3 2) then a suit "
    "(S H D C or ♠ ♥ ♦ ♣), or a joker X1..X8"
)


def _respelled(card: str, way: int) -> str:
    """Another spelling of a card's text."""
    rank, suit = card[:-1], card[-1]
    symbol = "♠♥♦♣"["SHDC".index(suit)]
    return (
        [card.lower(), rank + symbol, rank.lower() + symbol + "\ufe0f", card][way % 4]
        .replace("T", "10")
        .replace("t", "10")
    )


def test_cards_in_any_spelling_read_as_the_written_ones() -> None:
    state = _state()
    text = dumps(state, format="text")
    lines = text.split("\n")
    for index, line in enumerate(lines):
        if line[:1].isdigit() or line.startswith("Leftover:"):
            label, *cards = line.split()
            spelled = [_respelled(card, way) for way, card in enumerate(cards, index)]
            lines[index] = f" {label}\t" + "  ".join(spelled) + " "
    respelled = "\n".join(lines)
    assert "10S" in respelled
    assert "♠\ufe0f" in respelled
    assert loads(respelled) == state
    document = json.loads(dumps(state))
    deal = document["deals"][0]
    for cards in [*deal["hands"], deal["leftover"], *(t["cards"] for t in deal["tricks"])]:
        cards[:] = [_respelled(card, way) for way, card in enumerate(cards)]
    assert loads(json.dumps(document)) == state


def test_text_faults_among_cards_name_their_column() -> None:
    text = dumps(_state(), format="text")
    hands = "Hands: A7.J985.Q5432.1098632  QJ865.AQ10x7.KJ98.QJ74 KT9432.K6432.AT76.AK"
    for start, new, expected in [
        ("2. ", "2.  7S\tzz  TS", f"line 14, column 8: 'zz' {_NOT_A_CARD}"),
        ("2. ", "2. 7S JS 10X", f"line 14, column 10: '10X' {_NOT_A_CARD}"),
        ("1. ", "1. QS KS AS ZZ", f"line 13, column 13: 'ZZ' {_NOT_A_CARD}"),
        ("Hands:", hands, "line 10, column 41: 'x' is not a rank (A K Q J T 9 8 7 6 5 4 3 2)"),
        (
            "Bids:",
            "Bids: D  DD D",
            "line 12, column 10: a bid is S, H, D, C, M (misère), ? (not yet made) or * (hidden), "
            "not 'DD'",
        ),
        (
            "Bids:",
            "Bids:  D\t D   *",
            "line 12, column 15: seat 2's bid is hidden; only a record for one seat may hide bids",
        ),
        (
            "2. ",
            " 2.\t7S  TS JS",
            "line 14, column 9: deal 1, trick 2, card 2: seat 1 cannot play TS: it is not in "
            "their hand (legal: JS 8S 6S 5S)",
        ),
        (
            "2. ",
            "2. 7S JS QS",
            "line 14, column 10: deal 1, trick 2, card 3: seat 2 cannot play QS: it is not in "
            "their hand (legal: TS 9S 4S 3S 2S)",
        ),
        # The open trick is the last line of tricks, card by card.
        (
            "3. ",
            "3.   KS",
            "line 15, column 6: deal 1, trick 3, card 1: seat 1 cannot play KS: it is not in "
            "their hand (legal: 8S 6S 5S AH QH TH 7H KD JD 9D 8D QC JC 7C 4C)",
        ),
        (
            "3. ",
            "3. 8S  \t KS",
            "line 15, column 10: deal 1, trick 3, card 2: seat 2 cannot play KS: it is not in "
            "their hand (legal: 9S 4S 3S 2S)",
        ),
    ]:
        with pytest.raises(RecordError) as error:
            load_record(_replace_line(text, start, new))
        assert str(error.value) == expected


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        ("t['cards'][1] = []", "tricks[1].cards[1]", "expected a card text, not an array"),
        ("t['cards'][1] = {}", "tricks[1].cards[1]", "expected a card text, not an object"),
        ("t['cards'][1] = None", "tricks[1].cards[1]", "expected a card text, not null"),
        ("t['cards'][1] = True", "tricks[1].cards[1]", "expected a card text, not a boolean"),
        ("t['cards'][1] = 'X9'", "tricks[1].cards[1]", f"'X9' {_NOT_A_CARD}"),
        (
            "t['cards'][1] = 'QS'",
            "tricks[1].cards[1]",
            "deal 1, trick 2, card 2: seat 1 cannot play QS: it is not in their hand "
            "(legal: JS 8S 6S 5S)",
        ),
        ("d['hands'][2][1] = 'KS'", "hands", "KS is given twice in seat 2"),
        ("d['leftover'] = ['5C', 1]", "leftover[1]", "expected a card text, not a number"),
        # The fields of a trick are checked in order: the leader before the cards.
        (
            "t['leader'] = True; t['cards'][0] = 'ZZ'",
            "tricks[1].leader",
            "expected an integer, not a boolean",
        ),
        (
            "t['leader'] = 0.0",
            "tricks[1].leader",
            "expected an integer, not a number with a decimal point or an exponent",
        ),
        ("t['winner'] = 3; t['cards'][0] = 'ZZ'", "tricks[1].cards[0]", f"'ZZ' {_NOT_A_CARD}"),
        ("t['winner'] = 3", "tricks[1].winner", "a seat is 0 to 2, not 3"),
        ("t['comment'] = 5", "tricks[1].comment", "expected a string or null, not a number"),
    ],
)
def test_json_faults_among_cards_name_their_path(change: str, path: str, message: str) -> None:
    _assert_json_fault(_state(), change, f"at $.deals[0].{path}: {message}")


def _assert_json_fault(state: bugami.Deal, change: str, expected: str) -> None:
    """Apply ``change`` (Python code over ``d``, the first deal of the JSON
    record of ``state``, and ``t``, its second trick) and check the fault."""
    document = json.loads(dumps(state))
    deal = document["deals"][0]
    exec(change, {"d": deal, "t": deal["tricks"][1]})
    with pytest.raises(RecordError) as error:
        load_record(json.dumps(document))
    assert str(error.value) == expected


def test_json_objects_may_list_their_keys_in_any_order() -> None:
    state = _state()
    document = json.loads(dumps(state))
    document["deals"][0]["tricks"] = [
        dict(reversed(t.items())) for t in document["deals"][0]["tricks"]
    ]
    document["deals"][0] = dict(reversed(document["deals"][0].items()))
    assert loads(json.dumps(dict(reversed(document.items())))) == state


def test_text_positions_are_worked_out_only_when_asked_for() -> None:
    text = dumps(_state(), format="text").replace("2. 7S JS TS", "2.  7S\tJS  TS")
    _, locate = read_text(text)
    assert [
        locate(place)
        for place in [
            ("trick", 0, 1),
            ("trick", 0, 1, 2),
            ("trick", 0, 1, 3),  # no such card: the trick's line
            ("trick", 0, 5, 0),  # no such trick: the last line
            ("bid", 0, 2),
            ("bid", 0, 3),
            ("hands", 0),
        ]
    ] == [
        "line 14, column 1",
        "line 14, column 12",
        "line 14, column 1",
        "line 16",
        "line 12, column 11",
        "line 16",
        "line 10, column 1",
    ]
    # Any trick's line may turn out to be the open trick: its cards are on the
    # last line of tricks that has them.
    assert [locate(("current", 0, *card)) for card in [(), (0,), (1,), (2,), (3,)]] == [
        "line 15, column 1",
        "line 15, column 4",
        "line 14, column 8",
        "line 14, column 12",
        "line 15, column 1",
    ]


# Whole deals take fast paths too -- the tricks, hands and bids of a JSON deal,
# the trick lines and bids of a text deal, the replay of each trick -- and leave
# them for the careful reading at the first thing that is not as written.


def _finished() -> bugami.Deal:
    state = bugami.deal(bugami.Rules(players=3), seed=21, dealer=0)
    for seat in range(3):
        state = bugami.bid(state, seat, "D")
    while not state.is_over:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    return state


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            "t['extra'] = 1",
            "tricks[1]",
            "unknown key 'extra' (expected leader, cards, winner, comment)",
        ),
        ("del t['comment']", "tricks[1]", "the key 'comment' is missing"),
        ("d['tricks'][1] = [1]", "tricks[1]", "expected an object, not an array"),
        ("t['cards'] = 'JS'", "tricks[1].cards", "expected an array, not a string"),
        ("t['cards'] = t['cards'] * 21", "tricks[1].cards", "more than 60 entries"),
        ("t['leader'] = 2", "tricks[1]", "trick 2 of deal 1 is led by seat 0, not 2"),
        ("t['winner'] = 0", "tricks[1]", "trick 2 of deal 1 is won by seat 1, not 0"),
        (
            "t['comment'] = 'fine'; t['winner'] = 0",
            "tricks[1]",
            "trick 2 of deal 1 is won by seat 1, not 0",
        ),
        ("t['cards'].pop()", "tricks[1]", "trick 2 of deal 1 has 2 cards; a completed trick has 3"),
        (
            "d['tricks'].append(dict(d['tricks'][-1])); d['points'] = None",
            "tricks[17]",
            "deal 1 is over after 17 tricks",
        ),
        ("d['hands'][1] = 'AS'", "hands[1]", "expected an array, not a string"),
        ("d['hands'][1] = d['hands'][1] * 5", "hands[1]", "more than 60 entries"),
        (
            "d['hands'][1] = None",
            "hands",
            "seat 1's hand is missing from deal 1; only a record for one seat may leave out "
            "what that seat cannot see",
        ),
        (
            "d['bids'][1] = '*'",
            "bids[1]",
            "seat 1's bid is hidden; only a record for one seat may hide bids",
        ),
        ("d['bids'][1] = True", "bids[1]", "a bid is one of S H D C M, * or null, not True"),
        ("d['bids'][1] = 's'", "bids[1]", "a bid is one of S H D C M, * or null, not 's'"),
        (
            "d['bids'][2] = 'X'; d['bids'][1] = 'Y'",
            "bids[1]",
            "a bid is one of S H D C M, * or null, not 'Y'",
        ),
        ("d['bids'][1] = None", "bids", "deal 1 has tricks before every seat has bid"),
        ("d['bids'].pop()", "bids", "3 bids expected, one per seat"),
    ],
)
def test_json_faults_in_a_deal_name_their_path(change: str, path: str, message: str) -> None:
    _assert_json_fault(_finished(), change, f"at $.deals[0].{path}: {message}")


def test_json_tricks_after_an_unusual_one_read_as_written() -> None:
    state = _finished()
    document = json.loads(dumps(state))
    tricks = document["deals"][0]["tricks"]
    tricks[2]["comment"] = "a fine trick"
    tricks[3] = dict(reversed(tricks[3].items()))
    tricks[5]["cards"][0] = tricks[5]["cards"][0].lower()
    record = load_record(json.dumps(document))
    assert record.state == state
    assert record.trick_comments == (TrickComment(0, 2, "a fine trick"),)


@pytest.mark.parametrize(
    ("start", "new", "message"),
    [
        (
            "3. ",
            "3. 8S 9S 11H",
            f"line 15, column 10: '11H' {_NOT_A_CARD}",
        ),
        ("3. ", "4. 8S 9S JH", "line 15, column 1: expected trick 3 here, not trick 4"),
        ("3. ", "3. 8S 9S JH QD", "line 15, column 1: a trick holds 1 to 3 cards, not 4"),
        (
            "3. ",
            "3. 8S 9S",
            "line 15, column 1: trick 3 of deal 1 has 2 cards; a completed trick has 3",
        ),
        (
            "3. ",
            "3. 9S 8S JH",
            "line 15, column 4: deal 1, trick 3, card 1: seat 1 cannot play 9S: it is not in "
            "their hand (legal: 8S 6S 5S AH QH TH 7H KD JD 9D 8D QC JC 7C 4C)",
        ),
        (
            "3. ",
            "3. 8S 9S {x} JH",
            "line 15, column 10: a comment is {text} at the end of a trick's line",
        ),
        ("17. ", "17. KC 2C 4C\n18. KC 2C 4C", "line 30, column 1: deal 1 is over after 17 tricks"),
        ("Bids:", "Bids: D ? D", "line 12, column 1: deal 1 has tricks before every seat has bid"),
        ("Bids:", "Bids: D D", "line 12, column 6: expected 3 bids, one per seat, not 2"),
        ("Bids:", "Bids: D D D D", "line 12, column 6: expected 3 bids, one per seat, not 4"),
        (
            "Bids:",
            "Bids: D * D",
            "line 12, column 9: seat 1's bid is hidden; only a record for one seat may hide bids",
        ),
    ],
)
def test_text_faults_in_a_deal_name_line_and_column(start: str, new: str, message: str) -> None:
    text = dumps(_finished(), format="text")
    with pytest.raises(RecordError) as error:
        load_record(_replace_line(text, start, new))
    assert str(error.value) == message


def test_text_tricks_after_an_unusual_line_read_as_written() -> None:
    state = _finished()
    text = dumps(state, format="text")
    for start, new in [
        ("Bids:", "Bids: D d D"),
        ("3. ", "3. 8S 9S JH {a comment}"),
        ("4. ", "4.4S 9H 6S\r"),
        ("5. ", "05.  5S 3S 8H"),
    ]:
        text = _replace_line(text, start, new)
    record = load_record(text)
    assert record.state == state
    assert record.trick_comments == (TrickComment(0, 2, "a comment"),)
    _, locate = read_text(text)
    assert [
        locate(place)
        for place in [("trick", 0, 1, 2), ("trick", 0, 2, 2), ("trick", 0, 4, 2), ("trick", 0, 16)]
    ] == ["line 14, column 10", "line 15, column 10", "line 17, column 12", "line 29, column 1"]


def _depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


_TRICKY = st.text(alphabet='[]{}"\\ab', max_size=6)  # brackets, quotes, escapes in strings
_JSON = st.recursive(
    st.one_of(st.integers(), _TRICKY, st.none()),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(_TRICKY, inner, max_size=3)
    ),
    max_leaves=60,
)


@given(_JSON, st.integers(0, 40))
def test_json_nesting_is_measured_as_the_parser_meets_it(value: object, wrap: int) -> None:
    text = "[" * wrap + json.dumps(value) + "]" * wrap
    if text.count("[") + text.count("{") > jsonformat._MAX_NESTING:
        assert jsonformat._too_deep(text) == (wrap + _depth(value) > jsonformat._MAX_NESTING)
    else:
        assert not jsonformat._too_deep(text)


def test_where_the_stack_is_shallow_deep_json_is_refused_before_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide's Python aborts on JSON nested 100,000 deep instead of raising
    RecursionError: there, such a record is refused before the parser sees it."""
    monkeypatch.setattr(jsonformat, "_SHALLOW_STACK", True)
    parsed = []
    monkeypatch.setattr(json, "loads", lambda *args, **kwargs: parsed.append(1))
    with pytest.raises(RecordError, match="nested too deeply"):
        load_record('{"a":' + "[" * 100_000 + "]" * 100_000 + "}")
    assert not parsed
    monkeypatch.undo()
    monkeypatch.setattr(jsonformat, "_SHALLOW_STACK", True)
    game = bugami.new_game(bugami.Rules(players=3, target=100), seed=4)
    game = play_out(game, [RandomBot(1)] * 3)  # a whole deal, its tricks nested deepest
    seats = ("a[", 'b"]', "c\\")  # brackets and quotes in strings: not nesting
    extra = (("X", '[\\"['),)
    record = Record(state=game, seats=seats, comment="[[[[ ]]", extra=extra)
    assert load_record(dumps(record, format="json")) == record
