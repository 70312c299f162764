"""The Argute side of the ``bugami`` command: ``play --game argute`` and
``demo --game argute``.

The text pictures it prints are :func:`bugami.pictures.render.argute_text` and
:func:`bugami.pictures.render.argute_tricks_text`.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TextIO

from bugami import argute
from bugami.argute.rules import TRICKS, VALUES
from bugami.cli._terminal import WrongAnswerError, as_number, ask_choice, run_game, seating
from bugami.errors import brief
from bugami.pictures.render import argute_text, argute_tricks_text

if TYPE_CHECKING:
    from bugami.argute.bots import ArguteBot

__all__ = ["ARGUTE_DEMO_HANDS", "demo_argute", "play_argute"]

ARGUTE_DEMO_HANDS: Final = 100
"""The most hands ``demo --game argute`` plays: a game of Argute ends only
when one player alone leads with the target or more, and may never end."""

HIGHEST = VALUES[-1]
"""The highest card of Argute."""

_HELP = """\
How to answer:
  bid   the number of tricks (0, 1, 2 or 3) you mean to win this hand
  card  a value you hold, 0 to 5 (any card may be played)
  ?     this help           q   leave the game (the command exits with status 0)
"""


def _values(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) or "-"


# --- demo ------------------------------------------------------------------------------


def demo_argute(rules: argute.Rules, seed: int | str, out: TextIO, *, tricks: bool) -> int:
    """``bugami demo --game argute``: a game between heuristic players, hand
    by hand (with its tricks unless ``tricks`` is false), at most
    :data:`ARGUTE_DEMO_HANDS` hands. The bots are reset from the seed before
    every hand, so the same seed gives the same game."""
    from bugami.bots import make_bot, play_out

    bots = [make_bot("heuristic", game="argute") for _ in range(rules.players)]
    game = argute.new_game(rules, seed=seed)
    print(f"Argute: {rules.players} players, target {rules.target}, seed {seed}", file=out)
    while not game.is_over and len(game.deals) < ARGUTE_DEMO_HANDS:
        number = len(game.deals)
        for seat, bot in enumerate(bots):
            bot.reset(f"{seed}/{number}/{seat}")
        game = play_out(game, bots)
        _print_hand(game.deals[-1], number + 1, game.totals, out, tricks=tricks)
    hands = f"{len(game.deals)} hand{'s' if len(game.deals) != 1 else ''}"
    if game.winner is None:
        print(f"\nNo winner after {hands}: the demo stops here.", file=out)
    else:
        print(f"\nSeat {game.winner} wins with {max(game.totals)} points after {hands}.", file=out)
    return 0


def _print_hand(
    done: argute.Deal, number: int, totals: Sequence[int], out: TextIO, *, tricks: bool
) -> None:
    print(f"\nHand {number} (dealer: seat {done.dealer})", file=out)
    for seat, hand in enumerate(done.dealt_hands):
        print(f"  seat {seat}: {_values(hand)}", file=out)
    print("  bids: " + ", ".join(f"seat {s} {b}" for s, b in enumerate(done.bids)), file=out)
    if tricks:
        for count, trick in enumerate(done.tricks, 1):
            cards = " ".join(map(str, trick.cards))
            line = f"  trick {count}: led by seat {trick.leader}: {cards} -> seat {trick.winner}"
            print(line, file=out)
    print("  points: " + ", ".join(map(str, argute.score(done))), file=out)
    print("  totals: " + ", ".join(map(str, totals)), file=out)


# --- play ------------------------------------------------------------------------------


def play_argute(rules: argute.Rules, arguments: argparse.Namespace, out: TextIO) -> int:
    """``bugami play --game argute``: a game of Argute under ``rules`` against bots."""
    from bugami.bots import make_bot

    seed, me, names = seating(arguments, rules.players)
    bots = {
        seat: make_bot(arguments.bot, game="argute") for seat in range(rules.players) if seat != me
    }

    def play_hand(game: argute.Game) -> argute.Game:
        return _play_hand(game, me, bots, names, seed, out)

    game = argute.new_game(rules, seed=seed)
    return run_game("Argute", game, seed, me, bots, names, play_hand, out)


def _play_hand(
    game: argute.Game,
    me: int,
    bots: dict[int, ArguteBot],
    names: list[str],
    seed: int | str,
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
    choices[me] = _ask_bid(out)
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
            value = _ask_card(current, me, names, out)
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


def _ask_bid(out: TextIO) -> int:
    def read(answer: str) -> int:
        number = as_number(answer)
        if number is not None and number <= TRICKS:
            return number
        if number is not None:
            raise WrongAnswerError(
                f"{brief(answer)} is out of range: a bid is a number of tricks from 0 to "
                f"{TRICKS} (type 0, 1, 2 or 3)."
            )
        raise WrongAnswerError(f"{brief(answer)} is not a bid: type 0, 1, 2 or 3.")

    return ask_choice("Your bid, in tricks (0-3)? ", out, _HELP, read)


def _ask_card(current: argute.Deal, me: int, names: list[str], out: TextIO) -> int:
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
    choices = " ".join(map(str, legal))

    def read(answer: str) -> int:
        number = as_number(answer)
        if number is not None and number in legal:
            return number
        if number is not None and number > HIGHEST:
            raise WrongAnswerError(
                f"{brief(answer)} is out of range: the cards of Argute are 0 to {HIGHEST} "
                f"(type one of yours: {choices})."
            )
        if number is not None:
            raise WrongAnswerError(
                f"{brief(answer)} is not a card you hold: type one of {choices}."
            )
        raise WrongAnswerError(f"{brief(answer)} is not a card: type one of yours: {choices}.")

    return ask_choice("Your card? ", out, _HELP, read)
