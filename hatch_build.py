"""The build hook that compiles the core with mypyc when asked.

``BUGAMI_COMPILE=1 python -m build --wheel`` builds a wheel whose hot modules
(the ones listed under ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
pyproject.toml) are compiled by mypyc through the hatch-mypyc plugin, and
which holds the open-hand solver's search in C
(``src/bugami/_endgame.c``, built by setuptools beside them). Without the
switch the hook does nothing and needs nothing: ``pip install .`` and the
sdist build the pure-Python ``py3-none-any`` wheel.
"""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "BUGAMI_COMPILE"
ENDGAME = os.path.join("src", "bugami", "_endgame.c")
ENDGAME_SETUP = """\
from setuptools import Extension, setup

setup(
    name="bugami-endgame",
    ext_modules=[Extension("bugami._endgame", [{source!r}])],
    package_dir={{"": {package_dir!r}}},
)
"""


def compiling() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


def build_endgame(root: str) -> None:
    """Compile the solver's C search in place, beside solver.py."""
    with tempfile.TemporaryDirectory() as temp:
        setup = os.path.join(temp, "setup.py")
        with open(setup, "w", encoding="utf-8") as file:
            file.write(
                ENDGAME_SETUP.format(
                    source=os.path.join(root, ENDGAME), package_dir=os.path.join(root, "src")
                )
            )
        # run from the temporary folder, away from the project's pyproject.toml
        process = subprocess.run(
            [sys.executable, setup, "build_ext", "--inplace",
             "--build-temp", os.path.join(temp, "tmp"), "--build-lib", os.path.join(temp, "lib")],
            cwd=temp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False,
        )  # fmt: skip
    if process.returncode:
        raise RuntimeError(f"could not compile {ENDGAME}:\n{process.stdout.decode()}")


def endgame_artifacts(root: str) -> list[str]:
    """The compiled C search's files in the source tree."""
    pattern = os.path.join(root, "src", "bugami", "_endgame.*")
    return [path for path in glob.glob(pattern) if path.endswith((".so", ".pyd"))]


class CompiledCoreHook(BuildHookInterface):  # type: ignore[type-arg]
    """hatch-mypyc's hook, run only when :data:`SWITCH` is set."""

    PLUGIN_NAME = "custom"

    def _mypyc(self) -> Any:
        from hatch_mypyc.plugin import MypycBuildHook  # only installed when compiling

        return MypycBuildHook(
            self.root,
            self.config,
            self.build_config,
            self.metadata,
            self.directory,
            self.target_name,
            self.app,
        )

    def dependencies(self) -> list[str]:
        if not compiling():
            return []
        return list(self.config.get("compile-dependencies", []))

    def clean(self, versions: list[str]) -> None:
        if compiling():
            self._mypyc().clean(versions)
            for path in endgame_artifacts(self.root):
                os.remove(path)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if compiling():
            self._mypyc().initialize(version, build_data)
            if self.target_name == "wheel":
                build_endgame(self.root)
                build_data["artifacts"].extend(
                    ["/src/bugami/_endgame.*.so", "/src/bugami/_endgame.*.pyd"]
                )

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        # hatch-mypyc compiles in place: once the wheel holds the extension
        # modules, take them out of the source tree, or a checkout that built
        # the compiled wheel would go on importing them instead of its sources.
        if compiling() and self.target_name == "wheel":
            self.clean([version])
