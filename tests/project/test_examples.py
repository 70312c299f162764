"""The scripts in examples/ run (quickly)."""

from __future__ import annotations

import importlib.util
import json
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

import bugami
from bugami.bots.calibrated import BidCalibration, CalibratedBot

EXAMPLES = Path(__file__).parents[2] / "examples"


def test_random_game() -> None:
    module = runpy.run_path(str(EXAMPLES / "random_game.py"))
    game = module["play_random_game"](3)
    assert game.is_over
    assert game.winner is not None


def test_misere_odds() -> None:
    module = runpy.run_path(str(EXAMPLES / "misere_odds.py"))
    rate = module["misere_success_rate"](40, 5)
    assert 0.0 <= rate <= 1.0
    assert rate == module["misere_success_rate"](40, 5)


@pytest.mark.processes
def test_examples_run_as_scripts() -> None:
    for script, arguments in (("random_game.py", ["2"]), ("misere_odds.py", ["30", "3"])):
        result = subprocess.run(
            [sys.executable, str(EXAMPLES / script), *arguments],
            capture_output=True,
            text=True,
            check=True,
        )
        assert result.stdout.strip()


def test_replay_record() -> None:
    module = runpy.run_path(str(EXAMPLES / "replay_record.py"))
    lines = module["replay"](module["EXAMPLE"])
    assert lines[0] == "The worked example, deal 1"
    assert "points: A 25, B 80, C 13, D 100" in lines[1]


def test_shortest_suit() -> None:
    module = runpy.run_path(str(EXAMPLES / "shortest_suit.py"))
    lines = module["study"](12)
    assert lines[0] == "seat 0's mean points per deal over 12 deals (95% CI):"
    assert len(lines) == 6
    hand = bugami.deal(bugami.Rules(), seed=1).hands[0]
    shortest = module["shortest"](hand, None)
    assert sum(card.suit is shortest for card in hand) == min(
        sum(card.suit is suit for card in hand) for suit in bugami.Suit
    )


needs_open_spiel = pytest.mark.skipif(
    importlib.util.find_spec("pyspiel") is None,
    reason="OpenSpiel is not installed (pip install 'bugami[openspiel]')",
)


@needs_open_spiel
@pytest.mark.parametrize(
    ("game", "possible"),
    [("bugami", range(261)), ("argute", (-1, 0, 1, 2, 3))],
)
def test_openspiel_mcts(game: str, possible: range | tuple[int, ...]) -> None:
    module = runpy.run_path(str(EXAMPLES / "openspiel_mcts.py"))
    points = module["play_deal"](seed=2, players=3, simulations=4, samples=2, game=game)
    assert len(points) == 3
    assert all(value == int(value) and int(value) in possible for value in points)
    assert points == module["play_deal"](seed=2, players=3, simulations=4, samples=2, game=game)


@needs_open_spiel
def test_openspiel_mcts_as_a_script() -> None:
    arguments = ["--game", "argute", "--players", "2", "--simulations", "2", "--samples", "1", "5"]
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "openspiel_mcts.py"), *arguments],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.startswith("points: ")
    assert len(result.stdout.split()) == 3


@needs_open_spiel  # the example imports numpy and OpenSpiel before it reads the name
def test_openspiel_mcts_names_the_games() -> None:
    module = runpy.run_path(str(EXAMPLES / "openspiel_mcts.py"))
    with pytest.raises(ValueError, match="bugami, argute"):
        module["play_deal"](game="chess")


def test_ladder() -> None:
    module = runpy.run_path(str(EXAMPLES / "ladder.py"))
    # a bot against itself gains nothing, and every decision is timed
    same = module["duplicate_deal"]("bugami", 3, "heuristic", "heuristic", "t", 0)
    assert same.gain == 0.0
    assert same.decisions == (3 * (1 + 17) * 2, 3 * (1 + 17) * 2)
    outcome = module["duplicate_deal"]("argute", 3, "random", "heuristic", "t", 1)
    again = module["duplicate_deal"]("argute", 3, "random", "heuristic", "t", 1)
    assert (outcome.gain, outcome.decisions) == (again.gain, again.decisions)
    ladder = module["run"]("argute", 2, ("random", "heuristic"), 3, "t", None)
    lines = module["text"](ladder)
    assert lines[0] == "Argute, 2 players, 3 duplicate deals per pair"
    assert lines[-1].split()[:3] == ["heuristic", "-", "random"]
    assert ladder.standing("heuristic") == -ladder.standing("random")
    assert module["rst"](ladder)[0] == ".. list-table::"


@pytest.mark.processes
def test_ladder_quick_run_as_a_script() -> None:
    result = subprocess.run(
        [sys.executable, str(EXAMPLES / "ladder.py"), "--quick", "--tables", "argute3", "--rst"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "Argute, 3 players, 2 duplicate deals per pair" in result.stdout
    assert ".. list-table::" in result.stdout


@needs_open_spiel
def test_ismcts_yardstick(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "ismcts_yardstick.py"))
    arguments = ["--deals", "1", "--players", "3", "--simulations", "2", "--bot", "heuristic"]
    assert module["main"](arguments) == 0
    line = capsys.readouterr().out.strip()
    assert line.startswith("1 deals: heuristic - ismcts(2) ")


def test_fit_bid_model(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    module = runpy.run_path(str(EXAMPLES / "fit_bid_model.py"))
    assert module["main"](["--quick"]) == 0
    out = capsys.readouterr().out
    assert "solver:2: 12 hands" in out
    heuristic = out[out.index("heuristic: 12 hands") :]
    # the heuristic player's bids are fitted exactly: its bid is the likeliest
    assert "the model's likeliest bid is the bid chosen: 100.0%" in heuristic


def test_placement(capsys: pytest.CaptureFixture[str]) -> None:
    module = runpy.run_path(str(EXAMPLES / "placement.py"))
    assert module["main"](["--quick"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "2 deals, 3 imagined deals each, at the fifth card:"
    assert len(lines) == 1 + len(module["SETTINGS"])
    state = module["position"](0, "t")
    share = module["placed"](state, 4, "solver", 1.0, 2)
    assert 0.0 <= share <= 1.0
    assert share == module["placed"](state, 4, "solver", 1.0, 2)  # reproducible


def test_ladder_reads_bids_by_a_chosen_model() -> None:
    module = runpy.run_path(str(EXAMPLES / "ladder.py"))
    outcome = module["duplicate_deal"]("bugami", 3, "heuristic", "infer:1", "t", 0, "solver")
    again = module["duplicate_deal"]("bugami", 3, "heuristic", "infer:1", "t", 0, "solver")
    assert (outcome.gain, outcome.decisions) == (again.gain, again.decisions)


def test_fit_bid_calibration(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    module = runpy.run_path(str(EXAMPLES / "fit_bid_calibration.py"))
    assert module["main"](["--quick"]) == 0
    out = capsys.readouterr().out
    assert "4 players: 12 hands, 3 deals" in out
    assert "off-policy points a hand" in out
    rows = module["collect_deal"]((4, "t", 0, 1, None, 1.0, "solver"))
    assert all(row["bid"] != row["greedy"] for row in rows)  # every seat explored
    assert rows == module["collect_deal"]((4, "t", 0, 1, None, 1.0, "solver"))
    wide = module["collect_deal"]((4, "t", 0, 1, 2, 1.0, "solver"))
    assert {row["bid_samples"] for row in rows} == {1}
    assert {row["bid_samples"] for row in wide} == {2}
    hands = tmp_path / "hands.jsonl"
    hands.write_text("".join(json.dumps(row) + "\n" for row in wide * 4), encoding="utf-8")
    written = tmp_path / "calibration.json"
    assert module["main"](["fit", str(hands), "--bid-factor", "2", "--write", str(written)]) == 0
    table = json.loads(written.read_text(encoding="utf-8"))["tables"]["4"]
    assert table["bid_factor"] == 2
    assert table["sources"] == ["hands.jsonl"]
    assert BidCalibration.from_dict({"tables": {"4": table}}).bid_factors == {4: 2}


def test_fit_bid_calibration_collects_among_calibrated_bots() -> None:
    """``collect --bots calib``: every seat a calibrated bot, whose recorded
    unexplored bid is the one the bot itself would make."""
    pytest.importorskip("numpy")
    module = runpy.run_path(str(EXAMPLES / "fit_bid_calibration.py"))
    rows = module["collect_deal"]((5, "t", 0, 1, None, 0.0, "calib"))
    assert rows == module["collect_deal"]((5, "t", 0, 1, None, 0.0, "calib"))
    assert [row["seat"] for row in rows] == list(range(5))
    assert {row["bots"] for row in rows} == {"calib"}
    assert {row["bid_samples"] for row in rows} == {3}  # the five-player bid factor
    state = bugami.deal(bugami.Rules(players=5), seed="t/0")
    for seat, row in enumerate(rows):
        bot = CalibratedBot(seed=f"t/0/{seat}", samples=1)
        assert row["bid"] == row["greedy"] == str(bot.choose_bid(bugami.view(state, seat)))


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_ladder_plays_the_calibrated_bot(game: str) -> None:
    """The calibrated bots are played by their make_bot spec, in both games,
    and a duplicate deal of theirs is reproducible."""
    module = runpy.run_path(str(EXAMPLES / "ladder.py"))
    outcome = module["duplicate_deal"](game, 3, "solver:1", "calib:1", "t", 0)
    again = module["duplicate_deal"](game, 3, "solver:1", "calib:1", "t", 0)
    assert (outcome.gain, outcome.decisions) == (again.gain, again.decisions)
    assert min(outcome.decisions) > 0


def test_fit_argute_bids(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("numpy")
    module = runpy.run_path(str(EXAMPLES / "fit_argute_bids.py"))
    assert module["main"](["--quick"]) == 0
    assert "6 rows; bids 0 to 3 made" in capsys.readouterr().out
    rows = module["collect_hand"](("t", 1, 1))
    assert [row["seat"] for row in rows] == [0, 1, 2]
    assert rows == module["collect_hand"](("t", 1, 1))
