"""``bugami solve FILE``: open-hand values along the play, as tables and JSON."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami.bots import ArguteHeuristicBot, HeuristicBot, play_out
from bugami.cli import main

STARTS = (bugami.deal(bugami.Rules(), seed=5), argute.deal(argute.Rules(players=3), seed=4))


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[object]]:
    done = play_out(STARTS[0], [HeuristicBot()] * 4)
    hand = play_out(STARTS[1], [ArguteHeuristicBot()] * 3)
    path = tmp_path_factory.mktemp("solve") / "two.jsonl"
    path.write_text(bugami.dumps(done) + "\n" + bugami.dumps(hand) + "\n", encoding="utf-8")
    return path, [done, hand]


def _run(*arguments: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(["solve", *arguments], out)
    return status, out.getvalue()


def _positions(start: Any, played: Any, apply: Any) -> list[Any]:
    """Every position of a played deal's play, before each card."""
    positions = []
    state = start
    for action in played.history:
        if state.to_move is not None and not state.is_over and hasattr(action, "card"):
            positions.append(state)
        state = apply(state, action)
    assert state == played
    return positions


def test_json_gives_the_solvers_values_along_the_play(records: tuple[Path, list[object]]) -> None:
    path, states = records
    status, text = _run(str(path), "--json", "--last", "4")
    assert status == 0
    lines = [json.loads(line) for line in text.splitlines()]
    assert [(line["record"], line["deal"], line["game"]) for line in lines] == [
        (0, 0, "bugami"),
        (1, 0, "argute"),
    ]
    kits: list[tuple[Any, Any, Any]] = [
        (bugami.solve, bugami.score, bugami.apply),
        (argute.solve, argute.score, argute.apply),
    ]
    for line, played, start, (solver, score, apply) in zip(
        lines, states, STARTS, kits, strict=True
    ):
        players = start.rules.players
        assert line["seats"] == list(range(players))
        positions = _positions(start, played, apply)
        first = max(0, len(positions[-1].tricks) + 1 - 4)
        assert line["first_trick"] == first
        starts = [p for p in positions if not p.current_trick and len(p.tricks) >= first]
        assert [row["trick"] for row in line["tricks"]] == [len(p.tricks) for p in starts]
        for row, position in zip(line["tricks"], starts, strict=True):
            assert row["values"] == [solver(position, seat).value for seat in range(players)]
        assert line["end"] == list(score(played))
        assert line["now"] is None
        analysed = [p for p in positions if len(p.tricks) >= first]
        assert len(line["cards"]) == len(analysed)
        for card, before in zip(line["cards"], analysed, strict=True):
            solved = solver(before, before.to_move)
            assert card["seat"] == before.to_move
            assert card["best"] == solved.value
            played_card = next(c for c in solved.move_values if str(c) == card["card"])
            assert card["value"] == solved.move_values[played_card]
            assert card["loss"] == card["best"] - card["value"] >= 0


def test_a_table_per_deal_and_a_line_per_costly_card(records: tuple[Path, list[object]]) -> None:
    path, _ = records
    status, text = _run(str(path), "--seats", "0,1", "--last", "6")
    assert status == 0
    assert text.startswith(
        "Record 1, deal 1: Bugami, 4 players, bids S D C S\n"
        "trick  seat 0  seat 1\n"
        "    8      40      10\n"
    )
    assert "  end      30      15\n" in text
    assert "  trick 8, seat 0: 8H gave up 10 (it could force 40; 30 after it)\n" in text
    assert "\nRecord 2, hand 1: Argute, 3 players, bids 1 1 1\n" in text
    assert "seat 2" not in text  # not asked for
    status, lines = _run(str(path), "--json", "--seats", "0,1", "--last", "6")
    costly = [
        card
        for line in map(json.loads, lines.splitlines())
        for card in line["cards"]
        if card["loss"]
    ]
    assert text.count(" gave up ") == len(costly) > 0


def test_by_default_about_the_last_24_cards(
    records: tuple[Path, list[object]], tmp_path: Path
) -> None:
    path, _ = records
    assert _run(str(path)) == _run(str(path), "--last", "6")  # 4 players; Argute's 3 tricks
    five = play_out(bugami.deal(bugami.Rules(players=5), seed=2), [HeuristicBot()] * 5)
    other = tmp_path / "five.jsonl"
    other.write_text(bugami.dumps(five) + "\n", encoding="utf-8")
    status, text = _run(str(other), "--json")
    assert status == 0
    assert [row["trick"] for row in json.loads(text)["tricks"]] == [6, 7, 8, 9]


def test_positions_beyond_the_bound_show_as_unknown(records: tuple[Path, list[object]]) -> None:
    path, _ = records
    status, text = _run(str(path), "--json", "--last", "all", "--max-nodes", "1")
    assert status == 0
    first = json.loads(text.splitlines()[0])
    assert first["tricks"][0] == {"trick": 0, "values": [None] * 4}
    assert first["cards"][0]["loss"] is None
    assert first["end"] == list(bugami.score(_deal(path)))
    status, table = _run(str(path), "--last", "all", "--max-nodes", "1")
    assert "\n    1       ?       ?       ?       ?\n" in table


def _deal(path: Path) -> bugami.Deal:
    state = bugami.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert isinstance(state, bugami.Deal)
    return state


def test_every_deal_of_a_game_and_a_deal_not_yet_played(tmp_path: Path) -> None:
    game = bugami.new_game(bugami.Rules(players=3), seed=3)
    for _ in range(2):
        game = play_out(game, [HeuristicBot()] * 3)
    assert isinstance(game, bugami.Game)
    path = tmp_path / "game.jsonl"
    path.write_text(bugami.dumps(game) + "\n", encoding="utf-8")
    status, text = _run(str(path), "--last", "2")
    assert status == 0
    assert len(game.deals) == 2
    for number in (1, 2):
        assert f"Record 1, deal {number}: Bugami, 3 players, bids " in text
    assert text.endswith(
        "Record 1, deal 3: Bugami, 3 players, bids ? ? ?\n  still in bidding: nothing to solve\n"
    )


def test_a_deal_in_play_shows_where_it_stands(tmp_path: Path) -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    for seat, choice in enumerate("SMHS"):
        state = bugami.bid(state, seat, choice)
    for _ in range(30):  # two cards into the eighth trick
        state = bugami.play(state, bugami.legal_moves(state)[0])
    path = tmp_path / "in-play.jsonl"
    path.write_text(bugami.dumps(state) + "\n", encoding="utf-8")
    status, text = _run(str(path), "--json", "--last", "5")  # from the ninth trick
    assert status == 0
    line = json.loads(text)
    assert line["tricks"] == []
    assert line["cards"] == []
    assert line["end"] is None
    assert line["now"] == [bugami.solve(state, seat).value for seat in range(4)]
    status, table = _run(str(path), "--last", "6")  # from the eighth
    assert table.splitlines()[-3:-1] == [
        "trick  seat 0  seat 1  seat 2  seat 3",
        "    8      20       0      20      40",
    ]
    assert table.splitlines()[-1].startswith("  now ")
    status, text = _run(str(path), "--json", "--last", "6")
    line = json.loads(text)
    assert [row["trick"] for row in line["tricks"]] == [7]  # from 0
    assert len(line["cards"]) == 2  # the eighth trick's two cards so far


def test_more_tricks_than_a_deal_has_mean_every_trick(records: tuple[Path, list[object]]) -> None:
    path, _ = records
    assert _run(str(path), "--last", "100", "--max-nodes", "1") == _run(
        str(path), "--last", "all", "--max-nodes", "1"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seats", "0,9"], "a record has 4 players, seats 0 to 3, not 9"),
        (["--seats", "a"], "expected seats separated by commas"),
        (["--last", "0"], "expected a number of tricks from 1 on, or all"),
        (["--last", "some"], "expected a number of tricks from 1 on, or all"),
        (["--last", "1234567"], "expected a number of tricks from 1 on, or all"),
        (["--max-nodes", "0"], "expected a whole number from 1 to"),
        (["--max-nodes", "1e6"], "expected a whole number from 1 to"),
    ],
)
def test_bad_options_are_one_line(
    records: tuple[Path, list[object]],
    arguments: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _ = records
    assert main(["solve", str(path), *arguments]) == 2
    error = capsys.readouterr().err
    assert message in error
    assert error.count("\n") == 1
