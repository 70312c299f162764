"""``import bugami`` loads the core only; the rest loads on first use.

The package faces (``bugami`` and ``bugami.argute``) import their core
modules and name the others in a PEP 562 ``__getattr__``. These tests run the
imports in fresh interpreters (a test process has long since loaded
everything) and check that the names are the same objects either way.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import bugami
from bugami import argute

# The limit the project set itself (it was 77 modules when the face imported everything).
MAX_MODULES = 30
# Modules that ``import bugami`` must leave alone: each is a prefix of module names.
HEAVY = (
    "bugami.pictures.render",
    "bugami.record",
    "bugami._records",
    "bugami.solver",
    "bugami.bots",
    "bugami.analysis.simulate",
    "bugami.analysis.evaluation",
    "bugami.integrations",
    "bugami.core.dealer",
    "bugami.pictures.plots",
    "bugami.cli",
    "bugami.argute",
)


def _loaded_after(code: str) -> list[str]:
    """The bugami modules loaded by a fresh interpreter after running ``code``.

    The face registers the old paths of the core modules it loads (``bugami.cards``
    for ``bugami.core.cards``, ...) in ``sys.modules``: those entries load nothing
    and are not counted (a module counts under the name it was loaded as)."""
    probe = (
        f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m, mod in sys.modules.items()"
        " if m.startswith('bugami') and getattr(mod, '__name__', m) == m)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    names: list[str] = json.loads(done.stdout.splitlines()[-1])
    return names


def _is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.processes
def test_import_bugami_loads_the_core_only() -> None:
    loaded = _loaded_after("import bugami")
    assert len(loaded) <= MAX_MODULES, loaded
    assert [name for name in loaded if any(_is_under(name, heavy) for heavy in HEAVY)] == []
    for core in (
        "bugami.core.cards",
        "bugami.core.rules",
        "bugami.core.state",
        "bugami.core.play",
        "bugami.core.view",
    ):
        assert core in loaded


# Standard modules that cost much of an import and that the core needs only in
# some calls: each is imported where it is first used (hashlib and OpenSSL at the
# first seeded deal, secrets for a deal without a seed...). typing_extensions is
# only imported where typing lacks a name (Self before Python 3.11).
SLOW_STANDARD = ("hashlib", "secrets", "random", "json", "html", "typing_extensions")


@pytest.mark.processes
def test_import_bugami_leaves_slow_standard_modules_for_first_use() -> None:
    probe = f"import bugami, sys; print(' '.join(m for m in {SLOW_STANDARD!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = done.stdout.split()
    expected = ["typing_extensions"] if sys.version_info < (3, 11) else []
    assert loaded == expected
    dealt = probe.replace(
        "import bugami, sys;", "import bugami, sys; bugami.deal(bugami.Rules(), seed=1);"
    )
    done = subprocess.run([sys.executable, "-c", dealt], capture_output=True, text=True, check=True)
    assert "hashlib" in done.stdout.split()


@pytest.mark.processes
def test_import_argute_leaves_its_tools_alone() -> None:
    loaded = _loaded_after("from bugami import argute")
    tools = ("records", "solver", "bots", "evaluation", "dealer", "frontend", "sampling")
    assert [name for name in loaded if name.removeprefix("bugami.argute.") in tools] == []
    assert [name for name in loaded if any(_is_under(name, h) for h in HEAVY[:-1])] == []


@pytest.mark.processes
def test_a_lazy_name_loads_its_module_when_first_used() -> None:
    loaded = _loaded_after("import bugami\nbugami.solve")
    assert "bugami.solver" in loaded
    assert "bugami.pictures.render" not in loaded


@pytest.mark.processes
def test_a_picture_is_drawn_without_importing_the_pictures_first() -> None:
    code = (
        "import bugami\n"
        "from bugami import argute\n"
        "state = bugami.deal(bugami.Rules(), seed=1)\n"
        "assert state._repr_html_().startswith('<div class=\"bugami\">')\n"
        "assert bugami.new_game(bugami.Rules())._repr_html_().startswith('<div')\n"
        "shown = argute.deal(argute.Rules(), seed=1)._repr_html_()\n"
        "assert shown.startswith('<div class=\"bugami argute\">'), shown"
    )
    assert "bugami.pictures.render" in _loaded_after(code)


@pytest.mark.parametrize("face", [bugami, argute], ids=["bugami", "argute"])
def test_every_public_name_is_listed_and_resolves_to_its_modules_object(face: object) -> None:
    names = face.__all__  # type: ignore[attr-defined]
    assert set(names) <= set(dir(face))
    lazy: dict[str, str] = face._LAZY  # type: ignore[attr-defined]
    assert set(lazy) <= set(names)
    for name in names:
        assert getattr(face, name) is not None
    for name, module in lazy.items():
        path = module if module.startswith("bugami.") else f"bugami.argute.{module}"
        assert getattr(face, name) is getattr(importlib.import_module(path), name)


@pytest.mark.parametrize("face", [bugami, argute], ids=["bugami", "argute"])
def test_a_misspelt_name_is_still_an_attribute_error(face: object) -> None:
    with pytest.raises(AttributeError, match="has no attribute 'dumbs'"):
        face.dumbs  # type: ignore[attr-defined]  # noqa: B018
    assert not hasattr(face, "_private")


def test_the_submodules_stay_reachable_as_attributes() -> None:
    assert bugami.record.dumps is bugami.dumps
    assert bugami.argute is argute
    assert argute.records.loads is argute.loads
    assert argute.bots.ArguteHeuristicBot.__module__ == "bugami.argute.bots"


def test_star_import_gives_every_public_name() -> None:
    namespace: dict[str, object] = {}
    exec("from bugami import *", namespace)
    assert set(bugami.__all__) <= set(namespace)


@pytest.mark.processes
def test_argutes_readers_know_bugamis_records_when_loaded_first() -> None:
    code = (
        "import bugami\n"
        "from bugami import argute\n"
        "text = argute.dumps(bugami.deal(bugami.Rules(), seed=1))\n"
        "try:\n"
        "    argute.loads(text)\n"
        "except bugami.RecordError as error:\n"
        "    assert 'this is a record of Bugami, not of Argute' in str(error), error\n"
        "else:\n"
        "    raise AssertionError('read')"
    )
    assert "bugami.argute.records" in _loaded_after(code)
