"""The rules' fields are declared once (``Rules.fields()``), and every tool
shows exactly the declared fields: the command's options, the simulation's
rule columns, the record tags, the OpenSpiel and PettingZoo parameters and the
web app's options. A field added to the rules, or a tool's copy that drifts,
fails here."""

from __future__ import annotations

import argparse
import inspect
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bugami
from bugami import argute
from bugami._kernel.fields import TOOLS, RuleField
from bugami._records.kinds import KINDS
from bugami.analysis.simulate import ArguteRow, Row
from bugami.cli import _parser
from bugami.errors import InvalidInputError

GAMES: list[tuple[str, Any]] = [("bugami", bugami.Rules), ("argute", argute.Rules)]
SRC = Path(bugami.__file__).parent


@pytest.mark.parametrize(("game", "rules_class"), GAMES)
def test_the_declaration_is_the_rules_class(game: str, rules_class: Any) -> None:
    fields = rules_class.fields()
    assert all(isinstance(field, RuleField) for field in fields)
    assert rules_class.field_names() == tuple(field.name for field in fields)
    signature = inspect.signature(rules_class).parameters
    assert list(signature) == [field.name for field in fields]
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in signature.values())
    for field in fields:
        assert signature[field.name].default == field.default
        assert signature[field.name].annotation in (field.kind, field.kind.__name__)
        assert type(getattr(rules_class(), field.name)) is field.kind
        assert set(field.tools) <= set(TOOLS)
        assert field.help
        assert field.label


@pytest.mark.parametrize(("game", "rules_class"), GAMES)
def test_validation_follows_the_declared_bounds(game: str, rules_class: Any) -> None:
    for field in rules_class.fields():
        if field.kind is bool:
            assert getattr(rules_class(**{field.name: True}), field.name) is True
            with pytest.raises(InvalidInputError, match=f"{field.name} must be True or False"):
                rules_class(**{field.name: 1})
            continue
        assert getattr(rules_class(**{field.name: field.low}), field.name) == field.low
        assert getattr(rules_class(**{field.name: field.high}), field.name) == field.high
        for wrong in (field.low - 1, field.high + 1, str(field.default), None):
            with pytest.raises(InvalidInputError, match=f"^{field.name} must be"):
                rules_class(**{field.name: wrong})


def test_the_validation_messages_are_unchanged() -> None:
    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: bugami.Rules(players=8), "players must be an int from 3 to 7, not 8"),
        (lambda: bugami.Rules(jokers=9), "jokers must be an int from 0 to 8, not 9"),
        (
            lambda: bugami.Rules(shotgun_wedding=0),  # type: ignore[arg-type]
            "shotgun_wedding must be True or False, not 0",
        ),
        (lambda: bugami.Rules(target=0), "target must be an int of at least 1, not 0"),
        (lambda: bugami.Rules(target=10**9), "target must be at most 999999999"),
        (lambda: argute.Rules(players=1), "players must be an int from 2 to 7, not 1"),
        (lambda: argute.Rules(target=10**9), "target must be at most 999999999"),
    ]
    for make, message in cases:
        with pytest.raises(InvalidInputError) as raised:
            make()
        assert str(raised.value) == message


def test_a_field_names_only_known_tools() -> None:
    with pytest.raises(InvalidInputError, match="unknown tools"):
        RuleField("x", int, 0, "x", low=0, high=1, tools=frozenset({"spreadsheet"}))


def _command(name: str) -> argparse.ArgumentParser:
    parser = _parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command: argparse.ArgumentParser = sub.choices[name]
    return command


def _rule_options(command: str) -> list[str]:
    options = _command(command)._actions
    rule_names = {f.name for _, rules_class in GAMES for f in rules_class.fields()}
    return [action.dest for action in options if action.dest in rule_names | {"dealer"}]


@pytest.mark.parametrize("command", ["play", "simulate", "demo"])
def test_the_command_options_are_the_declared_fields(command: str) -> None:
    declared = [f.name for _, rules_class in GAMES for f in rules_class.fields("cli")]
    assert _rule_options(command) == list(dict.fromkeys(declared))


def test_the_command_help_states_the_declared_ranges() -> None:
    text = " ".join(_command("simulate").format_help().split())
    for _, rules_class in GAMES:
        for field in rules_class.fields("cli"):
            assert "--" + field.name.replace("_", "-") in text
            if field.kind is not bool and field.high < 10_000:
                assert f"{field.low} to {field.high}, default {field.default}" in text
    assert text.count("search:Ns") == 1


def test_the_command_refuses_a_field_the_game_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    for option in ("--jokers=1", "--shotgun-wedding"):
        assert bugami.cli.main(["demo", "--game", "argute", option]) == 2
        assert "Argute has no jokers and no Shotgun Wedding" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("row_class", "rules_class"), [(Row, bugami.Rules), (ArguteRow, argute.Rules)]
)
def test_the_simulation_rule_columns_are_the_declared_fields(
    row_class: Any, rules_class: Any
) -> None:
    every = {f.name for f in rules_class.fields()}
    columns = [name for name in row_class.field_names() if name in every]
    assert columns == [f.name for f in rules_class.fields("simulate")]


def test_the_simulation_rows_carry_the_rules() -> None:
    from bugami.analysis.simulate import simulate
    from bugami.bots import RandomBot

    rules = bugami.Rules(players=5, jokers=2, shotgun_wedding=True)
    row = simulate(rules, [RandomBot()] * 5, deals=1, workers=0).rows[0]
    for field in rules.fields("simulate"):
        assert getattr(row, field.name) == getattr(rules, field.name)


@pytest.mark.parametrize(("game", "rules_class"), GAMES)
def test_the_record_tags_are_the_declared_fields(game: str, rules_class: Any) -> None:
    declared = [(f.name, f.tag, f.kind) for f in rules_class.fields("records")]
    assert list(KINDS[game].rule_fields) == declared
    tags = [tag for _, tag, _ in declared]
    assert all(re.fullmatch(r"[A-Z][A-Za-z]*", tag) for tag in tags)


def test_a_bugami_record_writes_every_declared_tag() -> None:
    from bugami.record import dumps

    rules = bugami.Rules(players=5, jokers=2, shotgun_wedding=True, target=99)
    text = dumps(bugami.new_game(rules, seed=1), "text")
    for field in rules.fields("records"):
        assert f'[{field.tag} "' in text


@pytest.mark.parametrize("module", ["openspiel", "openspiel_argute"])
def test_the_openspiel_parameters_are_the_declared_fields(module: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import importlib

    adapter = importlib.import_module(f"bugami.integrations.{module}")
    rules_class = argute.Rules if module.endswith("argute") else bugami.Rules
    fields = rules_class.fields("openspiel")
    specification = adapter.GAME_TYPE.parameter_specification
    assert set(specification) == {f.name for f in fields} | {"dealer"}
    for field in fields:
        assert specification[field.name] == field.default
        assert type(specification[field.name]) is field.kind
        other = (not field.default) if field.kind is bool else field.low + 1
        game = pyspiel.load_game(adapter.GAME_TYPE.short_name, {field.name: other})
        assert getattr(game.rules, field.name) == other


@pytest.mark.parametrize("module", ["pettingzoo", "pettingzoo_argute"])
def test_the_pettingzoo_arguments_are_the_declared_fields(module: str) -> None:
    pytest.importorskip("pettingzoo")
    import importlib

    adapter = importlib.import_module(f"bugami.integrations.{module}")
    rules_class = argute.Rules if module.endswith("argute") else bugami.Rules
    fields = rules_class.fields("pettingzoo")
    for field in fields:
        other = (not field.default) if field.kind is bool else field.low + 1
        assert getattr(adapter.raw_env(**{field.name: other}).rules, field.name) == other
    positional = [(not f.default) if f.kind is bool else f.low for f in fields]
    table = adapter.raw_env(*positional, "ansi")
    assert [getattr(table.rules, f.name) for f in fields] == positional
    assert table.render_mode == "ansi"
    with pytest.raises(TypeError, match="unexpected keyword argument 'target'"):
        adapter.raw_env(target=5)
    with pytest.raises(TypeError, match="multiple values"):
        adapter.raw_env(*positional[:1], **{fields[0].name: positional[0]})
    with pytest.raises(TypeError, match="at most"):
        adapter.raw_env(*positional, "ansi", 1)


def test_the_web_app_options_are_the_declared_fields() -> None:
    support = pytest.importorskip("webapp_support")
    try:
        webapp = support.load_app_module()
    except (ImportError, RuntimeError) as missing:  # pragma: no cover - the app's extras
        pytest.skip(f"the web app does not load: {missing}")
    for game, rules_class in GAMES:
        for field in rules_class.fields("webapp"):
            other = (not field.default) if field.kind is bool else field.low + 1
            table = webapp.Table(game, {field.name: other}, 1)
            assert getattr(table.state.rules, field.name) == other
        assert webapp.Table(game, {}, 1).state.rules == rules_class()


def test_a_variant_flag_is_named_in_few_modules() -> None:
    """A yes/no variant is named only by the rules, the logic that plays and
    scores it and the bots that must know it: at most six modules."""
    for field in bugami.Rules.fields():
        if field.kind is not bool:
            continue
        naming = [
            path.relative_to(SRC).as_posix()
            for path in sorted(SRC.rglob("*.py"))
            if field.name in path.read_text(encoding="utf-8")
        ]
        assert len(naming) <= 6, naming
