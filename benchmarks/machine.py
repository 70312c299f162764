"""What a run was measured on: processor, cores, Python, package versions.

A figure means little without the machine it came from, so every results
file carries this description. Everything is read from the running
interpreter and the operating system; nothing is installed or changed.
"""

from __future__ import annotations

import importlib.metadata
import os
import platform
import subprocess
import sys
from pathlib import Path

import bugami

__all__ = ["describe", "load_average", "one_line"]


def _cpu_model() -> str:
    """The processor's marketing name, as the operating system reports it."""
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            key, _, value = line.partition(":")
            if key.strip() in ("model name", "Processor", "cpu model") and value.strip():
                return value.strip()
    if sys.platform == "darwin":
        try:
            return subprocess.run(
                ["sysctl", "-n", "machdep.cpu.brand_string"],
                capture_output=True,
                text=True,
                check=True,
                timeout=5,
            ).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return platform.processor() or platform.machine() or "unknown"


def _usable_cores() -> int | None:
    """The cores this process may run on (fewer than the machine's under a
    container's or a scheduler's limits)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return len(affinity(0))
    return os.cpu_count()


def _version(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def _git_commit(directory: Path) -> str | None:
    """The commit checked out where ``directory`` is, if it is in a git
    checkout (uncommitted changes are not reflected)."""
    try:
        completed = subprocess.run(
            ["git", "rev-parse", "HEAD"],
            cwd=directory,
            capture_output=True,
            text=True,
            check=True,
            timeout=5,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return completed.stdout.strip() or None


def load_average() -> list[float] | None:
    """The system's load averages over 1, 5 and 15 minutes, where the
    operating system reports them: on a shared machine, how busy it was."""
    getloadavg = getattr(os, "getloadavg", None)
    if getloadavg is None:
        return None
    try:
        return [round(value, 2) for value in getloadavg()]
    except OSError:
        return None


def describe() -> dict[str, object]:
    """The machine, the interpreter and the versions of what was measured."""
    package = Path(bugami.__file__).resolve().parent
    return {
        "cpu": _cpu_model(),
        "cores": os.cpu_count(),
        "usable_cores": _usable_cores(),
        "machine": platform.machine(),
        "system": platform.platform(),
        "python": {
            "implementation": platform.python_implementation(),
            "version": platform.python_version(),
            "build": " ".join(platform.python_build()),
            "compiler": platform.python_compiler(),
            "executable": sys.executable,
        },
        "bugami": {
            "version": bugami.__version__,
            "path": str(package),
            "git_commit": _git_commit(package),
        },
        "open_spiel": _version("open_spiel"),
        "load_average": load_average(),
    }


def one_line(machine: dict[str, object]) -> str:
    """A short description of ``machine`` (from :func:`describe`)."""
    python = machine["python"]
    ours = machine["bugami"]
    assert isinstance(python, dict)
    assert isinstance(ours, dict)
    parts = [
        f"{machine['cpu']}, {machine['cores']} cores",
        f"{python['implementation']} {python['version']}",
        f"bugami {ours['version']}",
    ]
    if machine["open_spiel"] is not None:
        parts.append(f"open_spiel {machine['open_spiel']}")
    parts.append(str(machine["system"]))
    load = machine.get("load_average")
    if isinstance(load, list) and load:
        parts.append("load " + " ".join(f"{value:.2f}" for value in load))
    after = machine.get("load_average_after")
    if isinstance(after, list) and after:
        parts.append("after the run " + " ".join(f"{value:.2f}" for value in after))
    return "; ".join(parts)
