"""The worker processes of simulate: no more than the machine has or the
chunks need, only a few chunks handed out at once, and a worker that dies
is a library error (and one line from the command)."""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, ClassVar

import pytest

import bugami
from bugami.analysis.simulate import SimulationError, max_workers, simulate
from bugami.bots import RandomBot
from bugami.cli import main
from bugami.errors import BugamiError, InvalidInputError


def _one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    """The error the command printed: exactly one line, and no traceback."""
    err = capsys.readouterr().err
    assert err.endswith("\n")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    return err


class _FakePool:
    """Stands in for ProcessPoolExecutor: notes how many processes were asked
    for and runs the work here, so that no test starts thousands of processes."""

    asked: ClassVar[list[int | None]] = []

    def __init__(self, max_workers: int | None = None) -> None:
        self.asked.append(max_workers)

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(function(*arguments))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


@pytest.fixture
def fake_pool(monkeypatch: pytest.MonkeyPatch) -> list[int | None]:
    _FakePool.asked = []
    monkeypatch.setattr("bugami.analysis.simulate.ProcessPoolExecutor", _FakePool)
    return _FakePool.asked


def test_too_many_workers_are_refused(fake_pool: list[int | None]) -> None:
    with pytest.raises(InvalidInputError, match=r"workers must be an int from 0 to \d+"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=10, workers=100_000)
    with pytest.raises(InvalidInputError, match="workers must be"):
        simulate(bugami.Rules(), [RandomBot()] * 4, deals=10, workers=max_workers() + 1)
    assert fake_pool == []


def test_no_more_workers_than_chunks(fake_pool: list[int | None]) -> None:
    result = simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, workers=max_workers())
    assert fake_pool == [1]  # three deals make one chunk of 50
    assert result == simulate(bugami.Rules(), [RandomBot()] * 4, deals=3, workers=0)
    simulate(bugami.Rules(), [RandomBot()] * 4, deals=7, chunk_size=2, workers=max_workers())
    assert fake_pool[-1] == min(4, max_workers())


def test_the_command_refuses_too_many_workers(
    fake_pool: list[int | None], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--deals", "10", "--workers", "100000"]) == 2
    assert "--workers must be at most" in _one_line_error(capsys)
    assert fake_pool == []


class _LazyPool(_FakePool):
    """A pool whose work is done only when its result is asked for: it notes
    the most chunks handed out and not yet collected."""

    most_pending = 0

    def __init__(self, max_workers: int | None = None) -> None:
        super().__init__(max_workers)
        self.pending = 0

    def submit(self, function: Callable[..., Any], *arguments: Any) -> Future[Any]:
        pool = self
        pool.pending += 1
        _LazyPool.most_pending = max(_LazyPool.most_pending, pool.pending)

        class Lazy(Future[Any]):
            def result(self, timeout: float | None = None) -> Any:
                pool.pending -= 1
                return function(*arguments)

        return Lazy()


def test_only_a_few_chunks_are_handed_out_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _LazyPool.asked, _LazyPool.most_pending = [], 0
    monkeypatch.setattr("bugami.analysis.simulate.ProcessPoolExecutor", _LazyPool)
    rules, table = bugami.Rules(players=3), [RandomBot()] * 3
    result = simulate(rules, table, deals=30, chunk_size=1, workers=1)
    assert result == simulate(rules, table, deals=30, chunk_size=1, workers=0)
    assert _LazyPool.asked == [1]
    assert _LazyPool.most_pending == 2  # not the 30 chunks at once


class _Killer(RandomBot):
    """A bot that kills its own process when asked to bid anywhere but in the
    process that made it."""

    def __init__(self) -> None:
        super().__init__()
        self.parent = os.getpid()

    def choose_bid(self, seen: Any) -> Any:
        if os.getpid() != self.parent:
            os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("the killer bot bid in the process that made it")


@pytest.mark.processes
def test_a_killed_worker_raises_a_library_error() -> None:
    with pytest.raises(SimulationError, match="a worker process died") as error:
        simulate(bugami.Rules(), [_Killer()] * 4, deals=2, workers=1)
    assert isinstance(error.value, BugamiError)


@pytest.mark.processes
def test_a_killed_worker_is_one_line_from_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("bugami.bots.make_bot", lambda spec, game="bugami": _Killer())
    assert main(["simulate", "--deals", "2", "--workers", "1", "--quiet"], io.StringIO()) == 2
    assert "a worker process died" in _one_line_error(capsys)
