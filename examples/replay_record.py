"""Replay a game record trick by trick.

Reads a record file (text notation or JSON, one record or many), checks it by
replaying it through the rules, and prints each deal as a table of tricks.

Run it with ``python examples/replay_record.py [FILE]``; without a file it
replays the worked example of the rules, kept in the test suite.
"""

from __future__ import annotations

import sys
from pathlib import Path

import bugami
from bugami.pictures.render import deal_text

EXAMPLE = Path(__file__).parent.parent / "tests" / "golden" / "records" / "four_player_example.txt"


def replay(path: Path) -> list[str]:
    """A printable account of every Bugami deal in the record file at ``path``."""
    lines = []
    with path.open(encoding="utf-8") as file:
        for record in bugami.read_records(file):
            state = record.state
            deals = [state] if isinstance(state, bugami.Deal) else []
            if isinstance(state, bugami.Game):
                deals = [*state.deals, *([state.current] if state.current else [])]
            title = record.event or path.name
            for number, deal in enumerate(deals, 1):
                lines.append(f"{title}, deal {number}")
                lines.append(deal_text(deal, names=record.seats))
    return lines


if __name__ == "__main__":
    print("\n".join(replay(Path(sys.argv[1]) if len(sys.argv) > 1 else EXAMPLE)))
