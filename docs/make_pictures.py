"""Draw the pictures used in ``docs/pictures.rst``.

Run it from the repository root after changing :mod:`bugami.pictures.render`::

    python docs/make_pictures.py          # rewrite docs/_static/pictures/
    python docs/make_pictures.py --check  # fail if any picture is out of date

The states are built with the rules engine alone (no bots), always choosing
the same legal action, so the pictures only change when the rules or the
drawing code change. A test runs the ``--check`` mode.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import bugami
from bugami.pictures.render import deal_svg, game_html, hand_svg, trick_svg

OUT = Path(__file__).parent / "_static" / "pictures"


def _bid_all(state: bugami.Deal, bids: str) -> bugami.Deal:
    for seat, letter in enumerate(bids):
        state = bugami.bid(state, seat, letter)
    return state


def _play(state: bugami.Deal, plays: int) -> bugami.Deal:
    """Make ``plays`` plays, each time the last legal card in canonical order."""
    for _ in range(plays):
        state = bugami.play(state, bugami.legal_moves(state)[-1])
    return state


def four_players() -> bugami.Deal:
    """A four-player deal in the middle of its third trick."""
    state = bugami.deal(bugami.Rules(players=4), seed=2026, dealer=1)
    return _play(_bid_all(state, "SHMD"), 10)


def seven_players() -> bugami.Deal:
    """A seven-player deal with four jokers, in the middle of its second trick."""
    state = bugami.deal(bugami.Rules(players=7, jokers=4), seed=7, dealer=3)
    return _play(_bid_all(state, "SHDCSHM"), 10)


def finished_game() -> bugami.Game:
    """A short three-player game played to 60 points."""
    game = bugami.new_game(bugami.Rules(players=3, target=60), seed=5)
    while not game.is_over:
        current = game.current
        assert current is not None
        for seat, choice in enumerate(current.bids):
            if choice is None:
                game = bugami.bid(game, seat, "SHD"[seat])
        game = bugami.play(game, bugami.legal_moves(game)[-1])
    return game


def pictures() -> dict[str, str]:
    """Every picture, by file name."""
    four = four_players()
    seven = seven_players()
    last = four.tricks[-1]
    page = '<div class="bugami-picture">{}</div>\n'
    return {
        "deal4.svg": deal_svg(four) + "\n",
        "deal7.svg": deal_svg(seven) + "\n",
        "view7.svg": deal_svg(bugami.view(seven, 2)) + "\n",
        "hand.svg": hand_svg(four.hands[3], legal=bugami.legal_moves(four)) + "\n",
        "trick.svg": trick_svg(last.cards, last.leader, 4, winner=last.winner) + "\n",
        "game.html": page.format(game_html(finished_game(), size=640)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare, write nothing")
    args = parser.parse_args(argv)
    stale = []
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in pictures().items():
        path = OUT / name
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        stale.append(name)
        if not args.check:
            path.write_text(text, encoding="utf-8")
    if stale:
        verb = "out of date" if args.check else "rewritten"
        print(f"{verb}: {', '.join(stale)}", file=sys.stderr)
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
