"""The Argute side of the ``bugami`` command: ``play --game argute``.

The text pictures it prints are :func:`bugami.render.argute_text` and
:func:`bugami.render.argute_tricks_text`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

from bugami import argute
from bugami.argute.rules import TRICKS
from bugami.cli._terminal import ask as ask_line
from bugami.cli._terminal import run_game, seating
from bugami.errors import BugamiError
from bugami.render import argute_text, argute_tricks_text

if TYPE_CHECKING:
    from bugami.argute.bots import ArguteBot

__all__ = ["play_argute"]

_HELP = """\
How to answer:
  bid   the number of tricks (0, 1, 2 or 3) you mean to win this hand
  card  a value you hold, 0 to 5 (any card may be played)
  ?     this help           q   leave the game
"""


def _values(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) or "-"


# --- play ------------------------------------------------------------------------------


def play_argute(arguments: argparse.Namespace, out: TextIO) -> int:
    """``bugami play --game argute``: a game of Argute against bots."""
    from bugami.bots import make_bot

    if arguments.jokers or arguments.shotgun_wedding:
        raise BugamiError("Argute has no jokers and no Shotgun Wedding")
    rules = argute.Rules(
        players=arguments.players,
        target=6 if arguments.target is None else arguments.target,
    )
    seed, me, names = seating(arguments, rules.players)
    bots = {
        seat: make_bot(arguments.bot, game="argute") for seat in range(rules.players) if seat != me
    }

    def ask(prompt: str) -> str:
        while True:
            answer = ask_line(prompt, out)
            if answer not in ("?", "h", "help"):
                return answer
            print(_HELP, file=out)

    def play_hand(game: argute.Game) -> argute.Game:
        return _play_hand(game, me, bots, names, seed, ask, out)

    game = argute.new_game(rules, seed=seed)
    return run_game("Argute", game, seed, me, bots, names, play_hand, out)


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
            print(argute_tricks_text(finished.tricks, players, names).splitlines()[-1], file=out)
    done = game.deals[-1]
    print(f"\nHand {number + 1} is over.", file=out)
    print(argute_text(done, names), file=out)
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
