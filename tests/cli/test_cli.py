"""The ``bugami`` command."""

from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys

import pytest

from bugami.cli import main
from bugami.errors import brief


def _run(*arguments: str) -> str:
    out = io.StringIO()
    assert main(list(arguments), out) == 0
    return out.getvalue()


def test_demo_plays_a_whole_game() -> None:
    text = _run("demo", "--seed", "5", "--players", "5", "--jokers", "2", "--shotgun-wedding")
    assert text.startswith("Bugami: 5 players, target 250, seed 5\n")
    assert "Deal 1 (dealer: seat " in text
    assert "  leftover: " in text
    assert "trick  1: led by seat " in text
    assert "wins with" in text.splitlines()[-1]


def test_demo_is_reproducible_and_can_be_quiet() -> None:
    assert _run("demo", "--seed", "3") == _run("demo", "--seed", "3")
    quiet = _run("demo", "--seed", "3", "--quiet")
    assert "trick" not in quiet
    assert quiet.splitlines()[-1] == _run("demo", "--seed", "3").splitlines()[-1]


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_demo_takes_a_text_seed_as_simulate_does(game: str) -> None:
    # a regression: --seed took whole numbers only in demo and play
    text = _run("demo", "--game", game, "--seed", "my table", "--quiet", "--target", "60")
    assert text.startswith(f"{game.title()}: 4 players, target 60, seed my table\n")
    assert text == _run("demo", "--game", game, "--seed", "my table", "--quiet", "--target", "60")
    whole = _run("demo", "--game", game, "--seed", "12", "--quiet", "--target", "60")
    assert whole != _run("demo", "--game", game, "--seed", "12x", "--quiet", "--target", "60")


def test_demo_without_a_seed() -> None:
    assert "wins with" in _run("demo", "--quiet", "--target", "50")


def test_no_command_prints_help() -> None:
    out = io.StringIO()
    assert main([], out) == 2
    assert "demo" in out.getvalue()


def test_bad_rules_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--players", "9"]) == 2
    assert capsys.readouterr().err == "bugami: error: --players must be an int from 3 to 7, not 9\n"


@pytest.mark.processes
def test_python_dash_m() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bugami", "demo", "--seed", "1", "--quiet", "--target", "60"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "wins with" in result.stdout


# --- play ----------------------------------------------------------------------------


def _play(monkeypatch: pytest.MonkeyPatch, script: str, *arguments: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    out = io.StringIO()
    status = main(["play", *arguments], out)
    return status, out.getvalue()


def test_play_a_whole_game_with_scripted_input(monkeypatch: pytest.MonkeyPatch) -> None:
    import bugami

    # The first hand of the game, to find a card that is certainly not held.
    hand = bugami.new_game(bugami.Rules(players=3, target=40), seed=4).current.hands[1]  # type: ignore[union-attr]
    missing = next(card for card in bugami.Rules().deck if card not in hand)
    script = "\n".join(["?", "x", "9", "H", "?", "ZZ", "0", "99", str(missing)] + ["1"] * 400)
    status, text = _play(
        monkeypatch, script, "--players", "3", "--target", "40", "--seed", "4", "--seat", "1",
        "--bot", "random", "--color", "never",
    )  # fmt: skip
    assert status == 0, text[-2000:]
    assert text.startswith("Bugami: 3 players, target 40, seed 4. You are seat 1;")
    assert "Your hand:\n  ♠" in text
    assert "'x' is not a bid" in text
    assert "'9' is out of range: the bids are numbered 1 to 5 (or type S, H, D, C or M)." in text
    assert "How to answer:" in text
    assert "'ZZ' is not a card" in text
    assert "'0' is out of range: the legal cards are numbered 1 to " in text
    assert "'99' is out of range: the legal cards are numbered 1 to " in text
    # the refusal worded for the player (it said "seat 1 cannot play ...: ... in their hand")
    assert f"  You cannot play {missing}: it is not in your hand (legal: " in text
    assert "Bids (revealed together): bot 0 " in text
    assert ", you ♥ hearts" in text
    assert "Legal: 1=" in text
    assert "[" in text
    assert "-> " in text
    assert " wins" in text
    assert "deal   bot 0  you" in text
    assert "total" in text
    assert text.rstrip().endswith("points.")
    assert "won the game with" in text
    assert "Traceback" not in text


def test_play_with_colour_and_a_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _play(monkeypatch, "S\n1\nq\n", "--seed", "1", "--color", "always")
    assert status == 0  # leaving with q is on purpose
    assert "\x1b[31m" in text
    assert text.rstrip().endswith("Game abandoned.")


def test_play_ends_quietly_when_input_runs_out(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _play(monkeypatch, "M\n", "--seed", "2", "--bot", "search:2")
    assert status == 1
    assert "Game abandoned." in text
    status, text = _play(monkeypatch, "", "--seed", "2")
    assert status == 1
    assert "Game abandoned." in text


def test_play_refuses_bad_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _play(monkeypatch, "", "--seat", "4")[0] == 2
    assert "--seat must be a seat from 0 to 3" in capsys.readouterr().err
    assert _play(monkeypatch, "", "--bot", "genius")[0] == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


@pytest.mark.processes
def test_python_dash_m_play() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "bugami", "play", "--seed", "3", "--target", "30"],
        input="C\n" + "1\n" * 300,
        capture_output=True,
        text=True,
        check=True,
    )
    assert "won the game" in result.stdout
    assert not result.stderr


# --- simulate ------------------------------------------------------------------------


def test_simulate_writes_rows_and_records(tmp_path: pathlib.Path) -> None:
    rows = tmp_path / "rows.csv"
    records = tmp_path / "deals.jsonl"
    text = _run(
        "simulate", "--deals", "6", "--seed", "9", "--workers", "0", "--jokers", "1",
        "--bots", "heuristic,random,random,search:2", "--out", str(rows),
        "--records", str(records),
    )  # fmt: skip
    assert text.startswith("6 deals, 4 players, seed 9: 24 rows\n")
    assert "heuristic" in text
    assert "search(2)" in text
    assert "mean points" in text
    assert rows.read_text().startswith("game,deal,seed,players,")
    assert len(rows.read_text().splitlines()) == 25
    assert len(records.read_text().splitlines()) == 6
    assert "6 records, all valid" in _run("check", str(records))


@pytest.mark.processes
def test_simulate_games_to_json_lines(tmp_path: pathlib.Path) -> None:
    rows = tmp_path / "rows.jsonl"
    records = tmp_path / "games.txt"
    text = _run(
        "simulate", "--games", "2", "--players", "3", "--target", "50", "--bots", "random",
        "--workers", "2", "--out", str(rows), "--records", str(records), "--quiet",
    )  # fmt: skip
    assert text.startswith("2 games, 3 players")
    first = json.loads(rows.read_text().splitlines()[0])
    assert first["game"] == 0
    assert first["bot"] == "random"
    assert "2 records, all valid" in _run("check", str(records))
    shown = _run("show", str(records))
    assert shown.startswith("Record 1: Bugami game, 3 players\nDeal 1\n")
    assert "wins with" in shown
    assert "Record 2: Bugami game" in shown


def test_simulate_defaults_to_a_hundred_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    captured: dict[str, object] = {}

    def fake(rules: object, bots: object, **options: object) -> object:
        captured.update(options)
        from bugami.analysis.simulate import Simulation

        return Simulation(())

    monkeypatch.setattr("bugami.analysis.simulate.simulate", fake)
    assert "100 deals" in _run("simulate", "--players", "5", "--bots", "random")
    assert captured["deals"] == 100
    assert captured["workers"] is None


def test_simulate_refuses_bad_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--bots", "random,random", "--workers", "0"]) == 2
    assert "--bots names 2 bots but the table has 4 seats" in capsys.readouterr().err
    assert main(["simulate", "--deals", "-3", "--workers", "0"]) == 2
    assert "--deals must not be negative" in capsys.readouterr().err
    for count in ("--deals", "--games"):  # a study of nothing printed an empty table
        assert main(["simulate", count, "0", "--workers", "0"]) == 2
        assert f"{count} must be at least 1" in capsys.readouterr().err


# --- show and check ------------------------------------------------------------------


def _records(tmp_path: pathlib.Path) -> tuple[pathlib.Path, pathlib.Path]:
    import bugami
    from bugami.bots import HeuristicBot, play_out

    done = play_out(bugami.deal(bugami.Rules(players=5, jokers=2), seed=1), [HeuristicBot()] * 5)
    half = bugami.deal(bugami.Rules(), seed=2)
    for seat in range(4):
        half = bugami.bid(half, seat, "S")
    half = bugami.play(half, bugami.legal_moves(half)[0])
    tagged = bugami.Record.from_state(
        done, event="Club night", seats=("Ann", "Bob", "Cy", "Di", "Ed")
    )
    json_file = tmp_path / "good.jsonl"
    with json_file.open("w") as file:
        bugami.write_records([tagged, half, bugami.view(half, 2)], file)
    text_file = tmp_path / "good.txt"
    with text_file.open("w") as file:
        bugami.write_records(
            [
                done,
                bugami.new_game(bugami.Rules(), seed=3),
                bugami.view(bugami.new_game(bugami.Rules(), seed=3), 1),
            ],
            file,
            format="text",
        )
    return json_file, text_file


def test_show(tmp_path: pathlib.Path) -> None:
    json_file, text_file = _records(tmp_path)
    shown = _run("show", str(json_file))
    assert shown.startswith("Record 1: Bugami deal, 5 players, 2 jokers\n  event: Club night\n")
    assert "Ann: " in shown
    assert "won by" in shown
    assert "points: Ann " in shown
    assert "Record 3: Bugami deal seen by seat 2" in shown
    assert "(this view's seat) holds" in shown
    shown = _run("show", str(text_file), "--color", "always")
    assert "\x1b[31m" in shown
    assert "Record 2: Bugami game, 4 players" in shown
    assert "Deal 1 (in progress)" in shown
    assert "Bugami game seen by seat 1" in shown


def test_show_reports_problems(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    out = io.StringIO()
    assert main(["show", str(empty)], out) == 1
    assert "no records" in out.getvalue()
    assert main(["show", str(tmp_path / "missing.txt")]) == 2
    assert "bugami: error: No such file or directory" in capsys.readouterr().err
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"format": "chess"}\n')
    assert main(["show", str(bad)]) == 2
    assert "this is not a Bugami record" in capsys.readouterr().err


def test_check(tmp_path: pathlib.Path) -> None:
    json_file, text_file = _records(tmp_path)
    assert _run("check", str(json_file), str(text_file)) == (
        f"{json_file}: 3 records, all valid\n{text_file}: 3 records, all valid\n"
    )
    lines = json_file.read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join([lines[0], '{"format": "chess"}', lines[1], "{oops"]) + "\n")
    text = text_file.read_text()
    bad_text = tmp_path / "broken.txt"
    bad_text.write_text(text.replace('[Players "5"]', '[Players "4"]', 1))
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    out = io.StringIO()
    status = main(
        ["check", str(broken), str(bad_text), str(empty), str(tmp_path / "nope.txt")], out
    )
    assert status == 1
    report = out.getvalue().splitlines()
    assert report[0].startswith(f"{broken}:2: record 2: ")
    # FILE:LINE:COLUMN of the fault where the message names one (editors jump there)
    assert report[1].startswith(f"{broken}:4:2: record 4: not valid JSON")
    assert report[2].startswith(f"{bad_text}:10:1: record 1: expected 4 hands, one per seat, not 5")
    assert report[3] == f"{empty}: no records"
    assert report[4].startswith(f"{tmp_path / 'nope.txt'}: cannot read: ")
    assert len(report) == 5
    # the lines are the file's: three blank lines first move the fault three lines down
    bad_text.write_text("\n\n\n" + bad_text.read_text())
    out = io.StringIO()
    assert main(["check", str(bad_text)], out) == 1
    assert out.getvalue().startswith(f"{bad_text}:13:1: record 1: ")


def test_play_on_standard_output_with_cards_by_name(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import bugami

    game = bugami.new_game(bugami.Rules(shotgun_wedding=True), seed=8)
    hand = game.current.hands[0]  # type: ignore[union-attr]
    # Bid by number, then offer every card by name: the first legal one is played.
    script = "2\n" + "\n".join(str(card) for card in hand) + "\nq\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["play", "--seed", "8", "--shotgun-wedding"]) == 0
    text = capsys.readouterr().out
    assert "Your bid? " in text
    assert "you ♥ hearts" in text
    assert "Your card? " in text
    assert text.rstrip().endswith("Game abandoned.")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_shows_progress_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    _run("simulate", "--deals", "3", "--workers", "0", "--bots", "random", "--players", "3")
    monkeypatch.setitem(sys.modules, "rich.progress", None)  # as if rich were not installed
    plain = _Terminal()
    monkeypatch.setattr(sys, "stderr", plain)
    _run("simulate", "--deals", "3", "--workers", "0", "--bots", "random", "--players", "3")
    assert plain.getvalue() == "\r3/3\n"
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    _run("simulate", "--deals", "3", "--workers", "0", "--bots", "random", "--quiet")
    assert quiet.getvalue() == ""


def test_show_names_the_variants(tmp_path: pathlib.Path) -> None:
    import bugami

    path = tmp_path / "wedding.txt"
    path.write_text(bugami.dumps(bugami.deal(bugami.Rules(shotgun_wedding=True), seed=1), "text"))
    assert _run("show", str(path)).startswith("Record 1: Bugami deal, 4 players, Shotgun Wedding\n")


def test_show_prints_argute_records_as_tables(tmp_path: pathlib.Path) -> None:
    import bugami
    from bugami import argute
    from bugami.bots import ArguteHeuristicBot, play_out

    hand = argute.deal(argute.Rules(players=3), seed=4)
    done = play_out(hand, [ArguteHeuristicBot()] * 3)
    game = play_out(argute.new_game(argute.Rules(players=3), seed=4), [ArguteHeuristicBot()] * 3)
    path = tmp_path / "argute.txt"
    with path.open("w") as file:
        bugami.write_records(
            [hand, done, game, argute.view(done, 1), argute.view(game, 2)], file, format="text"
        )
    shown = _run("show", str(path))
    assert shown.startswith("Record 1: Argute hand, 3 players\nseat    dealt  ")
    assert "Record 2: Argute hand" in shown
    assert "trick 3 (led by seat " in shown
    assert "Record 3: Argute game, 3 players\nHand 1 (dealer: seat " in shown
    assert "Hand 2 (dealer: " in shown
    assert "in progress)" in shown
    assert "totals: seat 0 " in shown
    assert "Record 4: Argute hand seen by seat 1" in shown
    assert "? (0 cards)" in shown
    assert "Record 5: Argute game seen by seat 2" in shown
    assert "hidden" not in shown.split("Record 5")[0]
    assert "5 records, all valid" in _run("check", str(path))


def test_show_hides_what_an_argute_view_cannot_see(tmp_path: pathlib.Path) -> None:
    import bugami
    from bugami import argute

    state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"], dealer=0)
    state = argute.play(argute.bid(argute.bid(state, 0, 1), 1, 2), 5)
    path = tmp_path / "view.jsonl"
    path.write_text(bugami.dumps(argute.view(state, 0)) + "\n")
    shown = _run("show", str(path))
    assert "seat 0  0 0 1 2 3 4  1       0" in shown
    assert "seat 1  ? (5 cards)  hidden" in shown
    assert "trick 1 (led by seat 1, in progress): 5" in shown


# --- Argute ----------------------------------------------------------------------------


def test_play_argute_with_scripted_input(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every answer from 0 to 5 in turn: the unplayable ones are refused and asked again.
    script = "\n".join(["?", "x", "7", "4"] + ["0", "1", "2", "3", "4", "5"] * 500)
    status, text = _play(
        monkeypatch, script, "--game", "argute", "--players", "3", "--target", "3",
        "--seed", "4", "--seat", "1", "--bot", "heuristic",
    )  # fmt: skip
    assert status == 0, text[-2000:]
    assert text.startswith("Argute: 3 players, target 3, seed 4. You are seat 1;")
    assert "How to answer:" in text
    assert "'x' is not a bid: type 0, 1, 2 or 3." in text
    assert (
        "'7' is out of range: a bid is a number of tricks from 0 to 3 (type 0, 1, 2 or 3)." in text
    )
    assert "'4' is out of range: a bid is a number of tricks from 0 to 3" in text
    assert "is not a card you hold: type one of" in text
    assert "-- Trick 1: 3 cards each, " in text
    assert "-- Trick 3: 1 card each, " in text
    assert "On the table: " in text or "You lead." in text
    assert "Hand 1 is over.\nseat   dealt" in text
    assert "Totals: bot 0 " in text
    assert "won the game with" in text.splitlines()[-1]
    assert "Traceback" not in text


def test_play_argute_quits_and_refuses_bad_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, text = _play(monkeypatch, "2\nq\n", "--game", "argute", "--seed", "1")
    assert status == 0
    assert text.rstrip().endswith("Game abandoned.")
    status, text = _play(monkeypatch, "", "--game", "argute", "--bot", "search:2", "--seed", "1")
    assert status == 1
    assert _play(monkeypatch, "", "--game", "argute", "--jokers", "2")[0] == 2
    assert "Argute has no jokers" in capsys.readouterr().err
    assert _play(monkeypatch, "", "--game", "argute", "--players", "2", "--seat", "2")[0] == 2
    assert "--seat must be a seat from 0 to 1" in capsys.readouterr().err
    assert _play(monkeypatch, "", "--game", "argute", "--players", "8")[0] == 2
    assert "players must be an int from 2 to 7" in capsys.readouterr().err


def test_simulate_argute(tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = tmp_path / "rows.csv"
    records = tmp_path / "hands.jsonl"
    text = _run(
        "simulate", "--game", "argute", "--deals", "6", "--seed", "9", "--workers", "0",
        "--players", "5", "--bots", "heuristic,random,random,search:2,heuristic",
        "--out", str(rows), "--records", str(records),
    )  # fmt: skip
    assert text.startswith("6 hands, 5 players, seed 9: 30 rows\n")
    assert "seat-hands" in text
    assert "exact bids" in text
    assert "search(2)" in text
    assert rows.read_text().startswith("game,deal,seed,players,seat,bot,dealer,bid,tricks,")
    assert len(rows.read_text().splitlines()) == 31
    assert "6 records, all valid" in _run("check", str(records))
    games = tmp_path / "games.txt"
    text = _run(
        "simulate", "--game", "argute", "--games", "2", "--players", "4", "--bots", "random",
        "--max-deals", "3", "--workers", "0", "--records", str(games), "--quiet",
    )  # fmt: skip
    assert text.startswith("2 games, 4 players")
    assert "2 records, all valid" in _run("check", str(games))
    assert "Hand 3 (dealer: " in _run("show", str(games))
    assert main(["simulate", "--game", "argute", "--shotgun-wedding", "--workers", "0"]) == 2
    assert "Argute has no jokers and no Shotgun Wedding" in capsys.readouterr().err
    assert main(["simulate", "--max-deals", "0", "--workers", "0"]) == 2
    assert "--max-deals must be at least 1" in capsys.readouterr().err


def test_an_interrupt_ends_quietly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(*arguments: object, **options: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr("bugami.analysis.simulate.simulate", interrupted)
    assert main(["simulate", "--workers", "0"]) == 130
    assert capsys.readouterr().err == "\nbugami: interrupted\n"


def test_a_closed_output_ends_quietly(monkeypatch: pytest.MonkeyPatch) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    monkeypatch.setattr(sys, "stdout", io.StringIO())  # no file descriptor to redirect
    assert main(["demo", "--seed", "1"], Closed()) == 1


# --- both games in the help, demo --game argute, numbers out of range, leaving ----------------


def test_help_describes_both_games_and_how_to_choose(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    assert "Bugami, David Parlett's trick-taking" in text
    assert "and Argute, a game of bidding the" in text
    assert "Bugami is the default. Choose the game with --game after the command:" in text
    assert "bugami play --game argute" in text
    assert "0 done (also when you leave a game with q)" in text
    for command in ("demo", "play", "simulate", "show", "check"):
        assert f"    {command} " in text
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    assert "--game {bugami,argute}" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "q leaves the game: on purpose, so the exit status is 0" in " ".join(
        capsys.readouterr().out.split()
    )


def test_demo_of_argute_is_reproducible_and_can_be_quiet() -> None:
    text = _run("demo", "--game", "argute", "--seed", "5", "--players", "3")
    assert text.startswith("Argute: 3 players, target 6, seed 5\n\nHand 1 (dealer: seat ")
    assert "  seat 2: " in text
    assert "  bids: seat 0 " in text
    assert "  trick 1: led by seat " in text
    assert "  trick 3: led by seat " in text
    assert "  totals: " in text
    assert text.splitlines()[-1].startswith("Seat ")
    assert "points after" in text.splitlines()[-1]
    assert text == _run("demo", "--game", "argute", "--seed", "5", "--players", "3")
    assert text != _run("demo", "--game", "argute", "--seed", "6", "--players", "3")
    quiet = _run("demo", "--game", "argute", "--seed", "5", "--players", "3", "--quiet")
    assert "trick" not in quiet
    assert quiet.splitlines()[-1] == text.splitlines()[-1]
    assert [line for line in text.splitlines() if "trick" not in line] == quiet.splitlines()
    two = _run("demo", "--game", "argute", "--seed", "1", "--players", "2", "--target", "3")
    assert two.startswith("Argute: 2 players, target 3, seed 1\n")


def test_demo_of_argute_stops_a_game_that_does_not_end(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bugami.cli._argute.ARGUTE_DEMO_HANDS", 2)
    text = _run("demo", "--game", "argute", "--seed", "1", "--target", "10000", "--quiet")
    assert text.count("\nHand ") == 2
    assert text.splitlines()[-1] == "No winner after 2 hands: the demo stops here."


def test_demo_of_argute_refuses_what_argute_does_not_have(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--game", "argute", "--jokers", "1"]) == 2
    assert capsys.readouterr().err == "bugami: error: Argute has no jokers and no Shotgun Wedding\n"
    assert main(["demo", "--game", "argute", "--players", "8"]) == 2
    assert "players must be an int from 2 to 7, not 8" in capsys.readouterr().err
    assert main(["demo", "--game", "chess"]) == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_play_says_a_number_is_out_of_range(monkeypatch: pytest.MonkeyPatch) -> None:
    huge = "9" * 5000  # more digits than int() takes: never converted
    script = "\n".join(["6", "²", huge, "1", "7", "14", "²", huge, "0", "1", "q"])
    status, text = _play(monkeypatch, script, "--seed", "1", "--color", "never")
    assert status == 0, text[-2000:]
    assert "  '6' is out of range: the bids are numbered 1 to 5 (or type S, H, D, C or M)." in text
    assert "  '²' is not a bid: type S, H, D, C or M (or 1-5)." in text
    shown = brief(huge)  # cut short in the middle
    assert len(shown) < 50
    assert f"  {shown} is out of range: the bids are" in text
    legal = text.split("Legal: ")[1].split("\n")[0].split()
    first = legal[0].split("=")[1]  # a club, shown with its symbol; the message has its text
    assert len(legal) < 7
    expected = f"numbered 1 to {len(legal)} (or type a card, such as {first[:-1]}C)."
    for number in ("'7'", "'14'", "'0'", shown):
        assert f"  {number} is out of range: the legal cards are {expected}" in text
    assert "'7' is not a card" not in text
    assert "  '²' is not a card" in text
    assert "Traceback" not in text


def test_play_argute_says_a_number_is_out_of_range(monkeypatch: pytest.MonkeyPatch) -> None:
    from bugami import argute

    hand = argute.new_game(argute.Rules(players=3), seed=2).current.hands[0]  # type: ignore[union-attr]
    held = " ".join(map(str, sorted(set(hand))))
    missing = next(value for value in range(6) if value not in hand)
    script = "\n".join(["1", "7", "x", "²", str(missing), "q"])
    status, text = _play(
        monkeypatch, script, "--game", "argute", "--players", "3", "--seed", "2", "--bot", "random"
    )
    assert status == 0, text[-2000:]
    assert (
        f"  '7' is out of range: the cards of Argute are 0 to 5 (type one of yours: {held})."
        in text
    )
    assert f"  'x' is not a card: type one of yours: {held}." in text
    assert f"  '²' is not a card: type one of yours: {held}." in text
    assert f"  '{missing}' is not a card you hold: type one of {held}." in text
    assert "Traceback" not in text


@pytest.mark.parametrize(
    ("game", "script"), [("bugami", "S\n"), ("argute", "1\n")], ids=["bugami", "argute"]
)
def test_how_leaving_a_game_ends_the_command(
    monkeypatch: pytest.MonkeyPatch, game: str, script: str
) -> None:
    for leave in ("q", "Q", "quit", "exit"):
        status, text = _play(monkeypatch, script + leave + "\n", "--game", game, "--seed", "3")
        assert status == 0, leave  # on purpose
        assert text.rstrip().endswith("Game abandoned.")
    status, text = _play(monkeypatch, script, "--game", game, "--seed", "3")
    assert status == 1  # the input ended before the game
    assert text.rstrip().endswith("Game abandoned.")

    def interrupted(*prompt: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupted)
    status, text = _play(monkeypatch, "", "--game", game, "--seed", "3")
    assert status == 130  # Ctrl-C, as everywhere else in the command
    assert text.rstrip().endswith("Game abandoned.")


def test_the_help_lists_every_bot_make_bot_takes() -> None:
    """The commands spell the bot specs out (so that ``--help`` does not load
    the bots); they are the list ``make_bot`` gives in its messages."""
    from bugami import cli
    from bugami.bots import BOT_SPECS

    assert cli._BOT_SPECS == BOT_SPECS
