"""Shared test setup: hypothesis profiles and strategies for states.

Profiles (choose with the HYPOTHESIS_PROFILE environment variable):

* ``dev`` (default) -- hypothesis's defaults, no deadline;
* ``ci`` -- thorough but bounded: more examples, derandomized so that a CI run
  is reproducible;
* ``fast`` -- a quick pass, for the extra Python versions in CI;
* ``stress`` -- many more examples, to hunt for rare failures by hand.

Every JSON record the library writes during the tests is also checked against
the JSON Schema shipped in the package (:func:`bugami.record.json_schema`), and
so is every client payload (a view's or an event's ``to_dict()``) against the
payload schema (:func:`bugami.payload_schema`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import bugami
import bugami.record

settings.register_profile("dev", deadline=None)
settings.register_profile(
    "ci",
    max_examples=500,
    deadline=None,
    derandomize=True,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("fast", max_examples=25, deadline=None, derandomize=True)
settings.register_profile(
    "stress", max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


SCHEMA_CHECKS = [0]
"""How many JSON records the tests wrote, each checked against the schema."""
PAYLOAD_CHECKS = [0]
"""How many client payloads and events the tests made, each checked against the schema."""


@pytest.fixture(autouse=True, scope="session")
def json_records_match_the_schema() -> Iterator[None]:
    """Check every JSON record written during the session against the shipped
    JSON Schema, by wrapping the JSON writer behind :func:`bugami.dumps`
    (and so :func:`bugami.dump` and :func:`bugami.write_records`)."""
    try:
        import jsonschema
    except ImportError:  # the test extra is not installed: nothing to check with
        yield
        return
    validator = jsonschema.Draft202012Validator(bugami.record.json_schema())
    from bugami._records import api

    write: Callable[[Any], str] = api.write_json

    def write_and_check(sheet: Any) -> str:
        text = write(sheet)
        error = jsonschema.exceptions.best_match(validator.iter_errors(json.loads(text)))
        if error is not None:
            raise AssertionError(
                f"a JSON record written by bugami does not match the schema at "
                f"{error.json_path}: {error.message}\nthe record: {text[:4000]}"
            )
        SCHEMA_CHECKS[0] += 1
        return text

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(api, "write_json", write_and_check)
        before = SCHEMA_CHECKS[0]
        bugami.dumps(bugami.deal(bugami.Rules(), seed=1))
        if SCHEMA_CHECKS[0] != before + 1:  # pragma: no cover - a refactoring moved the writer
            raise AssertionError(
                "bugami.dumps no longer writes JSON through bugami._records.api.write_json"
            )
        yield


@pytest.fixture(autouse=True, scope="session")
def payloads_match_the_schema() -> Iterator[None]:
    """Check every client payload made during the session -- the ``to_dict()``
    of a view of a deal or a game, a seat's or a spectator's, of either game,
    and of an event -- against the payload schema shipped in the package."""
    try:
        import jsonschema
    except ImportError:  # the test extra is not installed: nothing to check with
        yield
        return
    from bugami._kernel.events import EventBase
    from bugami._kernel.match import MatchViewBase
    from bugami._kernel.views import TableViewBase

    schema = bugami.payload_schema()
    views = jsonschema.Draft202012Validator(schema)
    events = jsonschema.Draft202012Validator({**schema, "oneOf": [{"$ref": "#/$defs/event"}]})

    def checked(method: Callable[[Any], Any], validator: Any) -> Callable[[Any], Any]:
        def to_dict_and_check(value: Any) -> Any:
            payload = method(value)
            error = jsonschema.exceptions.best_match(validator.iter_errors(payload))
            if error is not None:
                raise AssertionError(
                    f"the payload of {value!r} does not match the schema at "
                    f"{error.json_path}: {error.message}\nthe payload: {str(payload)[:4000]}"
                )
            PAYLOAD_CHECKS[0] += 1
            return payload

        return to_dict_and_check

    with pytest.MonkeyPatch.context() as patch:
        for kind, validator in (
            (TableViewBase, views),
            (MatchViewBase, views),
            (EventBase, events),
        ):
            patch.setattr(kind, "to_dict", checked(kind.to_dict, validator))
        yield


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SCHEMA_CHECKS[0]:
        terminalreporter.write_line(
            f"{SCHEMA_CHECKS[0]} JSON records written and checked against the JSON Schema"
        )
    if PAYLOAD_CHECKS[0]:
        terminalreporter.write_line(
            f"{PAYLOAD_CHECKS[0]} client payloads and events made and checked against the "
            "payload schema"
        )
