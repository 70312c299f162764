"""Writing and reading records of finished 4-player deals.

:func:`bugami.dumps` is timed in both formats (JSON and the text notation)
over the finished deals of the per-call pool (:func:`benchmarks.calls.pool`).
:func:`bugami.loads` reads a record back with full validation: it parses the
text, checks every field, and replays every bid and card through the rules.
The project holds it to a figure relative to the engine itself: reading a
record may take at most three times as long as playing the same deal through
the public verbs. So each reading line is sampled in rotation with a *replay*
line that does exactly that for the same deals -- :func:`bugami.deal` with
the deal's seed, :func:`bugami.bid` for each recorded bid and
:func:`bugami.play` for each recorded card, all validated as usual, with the
moves known in advance (no :func:`bugami.legal_moves`, no random choice:
the smallest honest cost of playing the deal) -- and each round gives one
ratio per format.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, TypeAlias

from benchmarks.calls import RULES, Pool, measure, pool
from benchmarks.registry import (
    Comparison,
    Measurement,
    Outcome,
    Settings,
    add_target,
    register,
)
from benchmarks.timing import Work, calibrate, interleaved_series
from bugami import Deal, bid, deal, dumps, loads, play

__all__ = ["replay_work"]

Format: TypeAlias = Literal["json", "text"]


def replay_work(states: Pool) -> Work:
    """Play every deal of the pool again through the public verbs, with its
    recorded moves, ``size`` times."""
    histories = states.histories

    def work(size: int) -> None:
        for _ in range(size):
            for number, bids, cards in histories:
                state = deal(RULES, seed=number)
                for seat, choice in bids:
                    state = bid(state, seat, choice)
                for card in cards:
                    state = play(state, card)

    return work


def _dumps_work(finished: Sequence[Deal], format: Format) -> Work:
    def work(size: int) -> None:
        for _ in range(size):
            for state in finished:
                dumps(state, format)

    return work


def _loads_work(texts: Sequence[str]) -> Work:
    def work(size: int) -> None:
        for _ in range(size):
            for text in texts:
                loads(text)

    return work


def _dumps(name: str, label: str, format: Format) -> None:
    @register(name, f"dumps(finished 4-player deal, format={format!r})")
    def run(settings: Settings) -> list[Outcome]:
        finished = pool(settings.pool_deals, settings.seed).finished
        return measure(
            settings,
            name,
            label,
            len(finished),
            _dumps_work(finished, format),
            "finished 4-player deals",
            unit="µs/call",
        )


_dumps("records.dumps-json", "record: dumps, JSON", "json")
_dumps("records.dumps-text", "record: dumps, text notation", "text")


@register(
    "records.loads",
    "loads (full replay validation) of JSON and text records, in rotation with "
    "playing the same deals through the public verbs",
)
def _loads(settings: Settings) -> list[Outcome]:
    states = pool(settings.pool_deals, settings.seed)
    count = len(states.finished)
    # The records must give the deals back, or the comparison means nothing.
    formats: tuple[Format, ...] = ("json", "text")
    texts = {format: [dumps(state, format) for state in states.finished] for format in formats}
    for format, records in texts.items():
        if [loads(text) for text in records] != list(states.finished):
            raise RuntimeError(f"{format} records do not read back as the deals they hold")
    works = [
        replay_work(states),
        _loads_work(texts["json"]),
        _loads_work(texts["text"]),
    ]
    sizes = [calibrate(work, settings.call_seconds) for work in works]
    rounds = interleaved_series(list(zip(works, sizes, strict=True)), settings.repeat)
    per_deal = [
        tuple(seconds[position] / (sizes[position] * count) * 1e6 for seconds in rounds)
        for position in range(len(works))
    ]
    details = {"deals": count, "states": "finished 4-player deals", "unit_of_work": "one deal"}
    replay, json_reads, text_reads = per_deal
    return [
        Measurement(
            "records.replay",
            "record: play the same deal (deal, bid, play)",
            "µs/deal",
            replay,
            higher_is_better=False,
            details={**details, "passes_per_sample": sizes[0]},
        ),
        Measurement(
            "records.loads-json",
            "record: loads, JSON (full replay)",
            "µs/call",
            json_reads,
            higher_is_better=False,
            details={**details, "passes_per_sample": sizes[1], "rotated_with": "records.replay"},
        ),
        Measurement(
            "records.loads-text",
            "record: loads, text notation (full replay)",
            "µs/call",
            text_reads,
            higher_is_better=False,
            details={**details, "passes_per_sample": sizes[2], "rotated_with": "records.replay"},
        ),
        Comparison(
            "records.loads-json/replay",
            "ratio: loads JSON / playing the deal",
            "records.loads-json",
            "records.replay",
            tuple(a / b for a, b in zip(json_reads, replay, strict=True)),
        ),
        Comparison(
            "records.loads-text/replay",
            "ratio: loads text / playing the deal",
            "records.loads-text",
            "records.replay",
            tuple(a / b for a, b in zip(text_reads, replay, strict=True)),
        ),
    ]


add_target(
    "reading a JSON record at most 3x playing the deal",
    "records.loads-json/replay",
    "<=",
    3,
    "x",
)
add_target(
    "reading a text record at most 3x playing the deal",
    "records.loads-text/replay",
    "<=",
    3,
    "x",
)
