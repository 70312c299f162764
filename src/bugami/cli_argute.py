"""The Argute side of the ``bugami`` command: ``play --game argute`` and the
text tables ``show`` prints for records of Argute.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"], dealer=0)
>>> print(hand_table(state))
seat    dealt        bid  tricks  points
seat 0  0 0 1 2 3 4  -    0
seat 1  1 2 3 5 5 5  -    0
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from bugami import argute
from bugami.argute.rules import TRICKS
from bugami.errors import BugamiError

if TYPE_CHECKING:
    from bugami.bots.argute import ArguteBot

__all__: list[str] = []  # the command line's own plumbing; use ``bugami play --game argute``

_HELP = """\
How to answer:
  bid   the number of tricks (0, 1, 2 or 3) you mean to win this hand
  card  a value you hold, 0 to 5 (any card may be played)
  ?     this help           q   leave the game
"""


def _table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Left-aligned columns, two spaces apart, trailing spaces trimmed."""
    widths = [len(cell) for cell in header]
    for row in rows:
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in (header, *rows)
    ]
    return "\n".join(lines)


def _values(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) or "-"


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    return list(names) if names else [f"seat {seat}" for seat in range(players)]


def trick_lines(
    tricks: Sequence[argute.Trick], players: int, names: Sequence[str] | None = None
) -> list[str]:
    """One line per completed trick: who led, the values in order, every
    seat's count and the winner.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"], dealer=0)
    >>> state = argute.bid(argute.bid(state, 0, 1), 1, 2)
    >>> for value in (5, 4, 5, 3, 1, 0):
    ...     state = argute.play(state, value)
    >>> print(*trick_lines(state.tricks, 2), sep="\\n")
    trick 1 (led by seat 1): 5 4 5 3 1 0; counts seat 0 7, seat 1 11 -> seat 1
    """
    who = _names(players, names)
    lines = []
    for number, trick in enumerate(tricks, 1):
        counts = ", ".join(f"{who[seat]} {count}" for seat, count in enumerate(trick.counts))
        lines.append(
            f"trick {number} (led by {who[trick.leader]}): {_values(trick.cards)}; "
            f"counts {counts} -> {who[trick.winner]}"
        )
    return lines


def hand_table(state: argute.Deal | argute.DealView, names: Sequence[str] | None = None) -> str:
    """A hand of Argute (or one seat's view of it) as a table: what each seat
    was dealt (for a view: what it holds now, ``?`` where it cannot see), its bid (``-`` before it is laid,
    ``hidden`` while a view cannot see it), the tricks it has won and, once
    the hand is over, its points. Completed tricks and the open one follow.
    """
    players = state.rules.players
    who = _names(players, names)
    won = [0] * players
    for trick in state.tricks:
        won[trick.winner] += 1
    points = state.points if isinstance(state, argute.DealView) else (
        argute.score(state) if state.is_over else None
    )  # fmt: skip
    rows = []
    seen = isinstance(state, argute.DealView)
    for seat in range(players):
        if isinstance(state, argute.DealView):
            if seat == state.seat:
                holds = _values(state.hand)
            else:
                holds = f"? ({state.hand_sizes[seat]} cards)"
            laid = state.has_bid[seat]
        else:
            holds = _values(state.dealt_hands[seat])
            laid = state.bids[seat] is not None
        choice = state.bids[seat]
        bid = "-" if not laid else ("hidden" if choice is None else str(choice))
        rows.append(
            [who[seat], holds, bid, str(won[seat]), "" if points is None else str(points[seat])]
        )
    lines = [_table(["seat", "holds" if seen else "dealt", "bid", "tricks", "points"], rows)]
    lines += trick_lines(state.tricks, players, who)
    if state.leader is not None and state.current_trick:
        lines.append(
            f"trick {len(state.tricks) + 1} (led by {who[state.leader]}, in progress): "
            f"{_values(state.current_trick)}"
        )
    return "\n".join(lines)


def game_table(state: argute.Game | argute.GameView, names: Sequence[str] | None = None) -> str:
    """A game of Argute: every finished hand's table with the totals after
    it, the hand in progress, and how the game stands."""
    players = state.rules.players
    who = _names(players, names)
    totals = [0] * players
    blocks = []
    for number, hand in enumerate(state.deals, 1):
        totals = [a + b for a, b in zip(totals, argute.score(hand), strict=True)]
        blocks.append(f"Hand {number} (dealer: {who[hand.dealer]})\n{hand_table(hand, who)}")
        blocks.append("totals: " + ", ".join(f"{who[s]} {t}" for s, t in enumerate(totals)))
    if state.current is not None:
        blocks.append(
            f"Hand {len(state.deals) + 1} (dealer: {who[state.current.dealer]}, in progress)\n"
            + hand_table(state.current, who)
        )
        blocks.append("totals: " + ", ".join(f"{who[s]} {t}" for s, t in enumerate(state.totals)))
    else:
        hands = len(state.deals)
        blocks.append(
            f"{who[state.winner]} wins with {max(state.totals)} points "  # type: ignore[index]
            f"after {hands} hand{'s' if hands != 1 else ''}."
        )
    return "\n".join(blocks)


def state_table(
    state: argute.Deal | argute.Game | argute.DealView | argute.GameView,
    names: Sequence[str] | None = None,
) -> str:
    """:func:`hand_table` or :func:`game_table`, whichever fits ``state``."""
    if isinstance(state, (argute.Game, argute.GameView)):
        return game_table(state, names)
    return hand_table(state, names)


# --- play ------------------------------------------------------------------------------


def play_argute(arguments: argparse.Namespace, out: TextIO) -> int:
    """``bugami play --game argute``: a game of Argute against bots."""
    from bugami.bots import make_bot
    from bugami.cli import _ask
    from bugami.cli import _QuitError as Quit

    if arguments.jokers or arguments.shotgun_wedding:
        raise BugamiError("Argute has no jokers and no Shotgun Wedding")
    rules = argute.Rules(
        players=arguments.players,
        target=6 if arguments.target is None else arguments.target,
    )
    if not 0 <= arguments.seat < rules.players:
        raise BugamiError(f"--seat must be a seat from 0 to {rules.players - 1}")
    seed = arguments.seed if arguments.seed is not None else random.SystemRandom().randrange(10**6)
    me = arguments.seat
    bots = {
        seat: make_bot(arguments.bot, game="argute") for seat in range(rules.players) if seat != me
    }
    names = ["you" if seat == me else f"bot {seat}" for seat in range(rules.players)]
    game = argute.new_game(rules, seed=seed)
    print(
        f"Argute: {rules.players} players, target {rules.target}, seed {seed}. "
        f"You are seat {me}; the others are {bots[(me + 1) % rules.players].name} bots.",
        file=out,
    )
    print("Type ? for help, q to leave.", file=out)

    def ask(prompt: str) -> str:
        while True:
            answer = _ask(prompt, out)
            if answer not in ("?", "h", "help"):
                return answer
            print(_HELP, file=out)

    try:
        while not game.is_over:
            game = _play_hand(game, me, bots, names, seed, ask, out)
    except Quit:
        print("Game abandoned.", file=out)
        return 1
    assert game.winner is not None
    print(f"\n{names[game.winner]} won the game with {max(game.totals)} points.", file=out)
    return 0


def _play_hand(
    game: argute.Game,
    me: int,
    bots: dict[int, ArguteBot],
    names: list[str],
    seed: int,
    ask: Callable[[str], str],
    out: TextIO,
) -> argute.Game:
    number = len(game.deals)
    current = game.current
    assert current is not None
    players = game.rules.players
    for seat, bot in bots.items():
        bot.reset(f"{seed}/{number}/{seat}")
    print(f"\n=== Hand {number + 1} (dealer: {names[current.dealer]}) ===", file=out)
    print(f"Your hand: {_values(current.hands[me])}", file=out)
    choices = {seat: bot.choose_bid(argute.view(current, seat)) for seat, bot in bots.items()}
    choices[me] = _ask_bid(ask, out)
    for seat in range(players):
        game = argute.bid(game, seat, choices[seat])
    print("Every bid is laid face down; they are shown when the hand is over.", file=out)
    while len(game.deals) == number:
        current = game.current
        assert current is not None
        assert current.to_move is not None
        seat = current.to_move
        if not current.current_trick:
            cards = TRICKS - len(current.tricks)
            print(
                f"\n-- Trick {len(current.tricks) + 1}: {cards} card{'s' if cards > 1 else ''} "
                f"each, {names[seat]} lead{'' if seat == me else 's'} --",
                file=out,
            )
        if seat == me:
            value = _ask_card(current, me, names, ask, out)
        else:
            value = bots[seat].choose_card(argute.view(current, seat))
            print(f"{names[seat]} plays {value}", file=out)
        before = len(current.tricks)
        game = argute.play(game, value, seat=seat)
        finished = game.deals[-1] if len(game.deals) > number else game.current
        assert finished is not None
        if len(finished.tricks) > before:
            print(trick_lines(finished.tricks, players, names)[-1], file=out)
    done = game.deals[-1]
    print(f"\nHand {number + 1} is over.", file=out)
    print(hand_table(done, names), file=out)
    totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(game.totals))
    print(f"Totals: {totals}", file=out)
    return game


def _ask_bid(ask: Callable[[str], str], out: TextIO) -> int:
    while True:
        answer = ask("Your bid, in tricks (0-3)? ")
        if answer in ("0", "1", "2", "3"):
            return int(answer)
        print(f"  {answer!r} is not a bid: type 0, 1, 2 or 3.", file=out)


def _ask_card(
    current: argute.Deal, me: int, names: list[str], ask: Callable[[str], str], out: TextIO
) -> int:
    players = current.rules.players
    assert current.leader is not None
    won = sum(trick.winner == me for trick in current.tricks)
    if current.current_trick:
        counts = argute.view(current, me).counts
        played = ", ".join(
            f"{names[(current.leader + position) % players]} {value}"
            for position, value in enumerate(current.current_trick)
        )
        standing = ", ".join(f"{names[seat]} {count}" for seat, count in enumerate(counts))
        print(f"On the table: {played} (counts: {standing})", file=out)
    else:
        print("You lead.", file=out)
    legal = argute.legal_moves(current)
    print(
        f"Your hand: {_values(current.hands[me])}  (you bid {current.bids[me]}, have won {won})",
        file=out,
    )
    while True:
        answer = ask("Your card? ")
        if answer.isdigit() and int(answer) in legal:
            return int(answer)
        print(
            f"  {answer!r} is not a card you hold: type one of {' '.join(map(str, legal))}.",
            file=out,
        )
