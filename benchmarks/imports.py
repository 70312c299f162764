"""The time ``import bugami`` takes in a fresh interpreter.

A command, a notebook or a worker process pays for the import before it does
anything, so the package's face imports the core only and leaves the records,
solvers, bots, analysis, pictures and Argute to load when first used. Each
sample starts a new interpreter that imports bugami, and one that does
nothing, in alternation; the figure is the difference of the two times (the
cost of the import alone, without Python's own start-up).

How Python finds its bytecode changes the figure a great deal, so there are
two lines:

- ``import.bugami`` runs the interpreter of the suite with the bytecode
  caches as they are (warm after the first sample, unless the environment
  says ``PYTHONDONTWRITEBYTECODE``: then each sample compiles bugami's
  sources again, which is most of the time);
- ``import.bugami-cached`` gives the interpreter a bytecode cache of its own
  (``PYTHONPYCACHEPREFIX``, a temporary folder, filled before the first
  sample): every module, bugami's and the standard library's, is read from
  bytecode, as for a package installed by pip. This is what a user waits for.

The details give the number of the package's modules the import loads, and
the modules from elsewhere (the standard library, attrs...) that it adds to
those a bare interpreter has loaded: a new costly one shows there first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping

from benchmarks.registry import Measurement, Outcome, Settings, register

__all__ = ["import_seconds", "modules_added", "modules_loaded"]

# modules, not names: the face also registers the core modules under their old
# paths (``bugami.cards`` for ``bugami.core.cards``), which load nothing more
_COUNT = (
    "import bugami, sys; print(sum(name.startswith('bugami') and module.__name__ == name "
    "for name, module in sys.modules.items()))"
)
_ADDED = (
    "import sys; before = set(sys.modules); import bugami; "
    "print(' '.join(sorted(name for name in set(sys.modules) - before "
    "if not name.startswith('bugami') and '.' not in name and not name.startswith('_'))))"
)


def _seconds(code: str, env: Mapping[str, str] | None = None) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, env=env)
    return time.perf_counter() - started


def import_seconds(env: Mapping[str, str] | None = None) -> float:
    """One sample: a fresh ``import bugami`` less a fresh interpreter doing
    nothing, both in the environment ``env`` (this process's by default)."""
    bare = _seconds("pass", env)
    return _seconds("import bugami", env) - bare


def modules_loaded() -> int:
    """How many of the package's modules ``import bugami`` loads (each once:
    not counting the old paths of the core modules, which name the same
    modules; the test of the light import counts the same way)."""
    done = subprocess.run([sys.executable, "-c", _COUNT], check=True, capture_output=True)
    return int(done.stdout)


def modules_added() -> list[str]:
    """The top-level modules from outside the package (the standard
    library's, attrs...) that ``import bugami`` loads, beyond those a bare
    interpreter has."""
    done = subprocess.run([sys.executable, "-c", _ADDED], check=True, capture_output=True)
    return done.stdout.decode().split()


def _measurement(
    name: str, label: str, settings: Settings, env: Mapping[str, str] | None
) -> Measurement:
    _seconds("import bugami", env)  # bytecode caches written, if they are
    samples = tuple(import_seconds(env) * 1000 for _ in range(settings.repeat))
    return Measurement(
        name,
        label,
        "ms",
        samples,
        higher_is_better=False,
        details={"modules_loaded": modules_loaded(), "modules_added": " ".join(modules_added())},
    )


@register("import.bugami", "import bugami in a fresh interpreter, less Python's start-up")
def _import(settings: Settings) -> list[Outcome]:
    return [
        _measurement(
            "import.bugami",
            "import bugami (fresh interpreter, start-up subtracted)",
            settings,
            None,
        )
    ]


@register(
    "import.bugami-cached",
    "import bugami with every module read from bytecode, less Python's start-up",
)
def _import_cached(settings: Settings) -> list[Outcome]:
    with tempfile.TemporaryDirectory() as folder:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = folder
        _seconds("pass", env)  # the interpreter's own modules cached
        return [
            _measurement(
                "import.bugami-cached",
                "import bugami (bytecode cached, start-up subtracted)",
                settings,
                env,
            )
        ]
