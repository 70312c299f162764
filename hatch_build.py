"""The build hook that compiles the core with mypyc when asked.

``BUGAMI_COMPILE=1 python -m build --wheel`` builds a wheel whose hot modules
(the ones listed under ``[tool.hatch.build.targets.wheel.hooks.custom]`` in
pyproject.toml) are compiled by mypyc through the hatch-mypyc plugin. Without
the switch the hook does nothing and needs nothing: ``pip install .`` and the
sdist build the pure-Python ``py3-none-any`` wheel.
"""

from __future__ import annotations

import os
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "BUGAMI_COMPILE"


def compiling() -> bool:
    """Whether the environment asks for the compiled build."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


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

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if compiling():
            self._mypyc().initialize(version, build_data)

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        # hatch-mypyc compiles in place: once the wheel holds the extension
        # modules, take them out of the source tree, or a checkout that built
        # the compiled wheel would go on importing them instead of its sources.
        if compiling() and self.target_name == "wheel":
            self._mypyc().clean([version])
