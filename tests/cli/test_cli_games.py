"""The command reads each game from one table keyed by the declared name: a
game is one more entry there, with no branch in the option building, the
rules building or the commands that run it."""

from __future__ import annotations

import argparse
import io
from typing import Any, TextIO

import attrs
import pytest

import bugami.cli
from bugami import argute, bots
from bugami.analysis import simulate
from bugami.argute.declaration import DECLARATION as ARGUTE
from bugami.core.declaration import DECLARATION as BUGAMI


def test_every_tools_table_names_the_same_games_in_the_same_order() -> None:
    names = [BUGAMI.name, ARGUTE.name]
    assert list(bugami.cli._GAMES) == names
    assert list(simulate._GAMES) == names
    assert list(bots._BOTS) == names
    for name, game in bugami.cli._GAMES.items():
        assert game.declaration.name == name
        assert simulate._GAMES[name].game is game.declaration


def test_a_third_game_needs_only_its_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    # A game declared like Argute under another name, with a demo of its own:
    # the command offers it, builds its rules and runs it through the table.
    third = attrs.evolve(ARGUTE, name="third", title="Third")
    seen: list[Any] = []

    def demo(rules: Any, seed: int, out: TextIO, *, tricks: bool) -> int:
        seen.append((rules, seed, tricks))
        print(f"Third: {rules.players} players", file=out)
        return 0

    entry = bugami.cli._GAMES[ARGUTE.name]._replace(declaration=third, demo=demo)
    monkeypatch.setitem(bugami.cli._GAMES, "third", entry)
    out = io.StringIO()
    assert bugami.cli.main(["demo", "--game", "third", "--players", "5", "--seed", "9"], out) == 0
    assert out.getvalue() == "Third: 5 players\n"
    assert seen == [(argute.Rules(players=5), 9, True)]
    game_option = next(a for a in _command("simulate")._actions if a.dest == "game")
    assert game_option.choices == ("bugami", "argute", "third")
    assert game_option.help == "the game: bugami (default), argute or third"
    # Its rules' fields are offered with the others' (the same as Argute's here).
    help_text = " ".join(_command("play").format_help().split())
    assert (
        "Bugami 3 to 7, default 4; Argute 2 to 7, default 4; Third 2 to 7, default 4" in help_text
    )
    assert bugami.cli.main(["demo", "--game", "third", "--jokers", "1"]) == 2


def _command(name: str) -> argparse.ArgumentParser:
    parser = bugami.cli._parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command: argparse.ArgumentParser = sub.choices[name]
    return command
