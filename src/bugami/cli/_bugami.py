"""The Bugami side of the ``bugami`` command: ``play`` and ``demo``.

The text pictures it prints are those of :mod:`bugami.pictures.render`
(:func:`~bugami.pictures.render.hand_text`, :func:`~bugami.pictures.render.trick_text`,
:func:`~bugami.pictures.render.score_sheet`...). Argute's side is
:mod:`bugami.cli._argute`.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TextIO

from bugami._kernel.wording import for_player
from bugami.cli._terminal import (
    WrongAnswerError,
    as_number,
    ask_choice,
    numbered,
    run_game,
    seating,
    use_color,
)
from bugami.core.cards import MISERE, Bid, Card
from bugami.core.game import Game, new_game
from bugami.core.play import bid, legal_bids, legal_moves, play
from bugami.core.rules import Rules
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.errors import BugamiError, brief

if TYPE_CHECKING:
    from bugami.bots import Bot

__all__ = ["demo_bugami", "play_bugami"]


# --- demo ------------------------------------------------------------------------------


def demo_bugami(rules: Rules, seed: int | str, out: TextIO, *, tricks: bool) -> int:
    """``bugami demo``: a whole game between random players, deal by deal
    (with its tricks unless ``tricks`` is false)."""
    chooser = random.Random(seed)
    game = new_game(rules, seed=seed)
    print(f"Bugami: {rules.players} players, target {rules.target}, seed {seed}", file=out)
    while not game.is_over:
        game = _random_deal(game, chooser)
        _print_deal(game.deals[-1], game, out, tricks=tricks)
    deals = f"{len(game.deals)} deal{'s' if len(game.deals) != 1 else ''}"
    print(f"\nSeat {game.winner} wins with {max(game.totals)} points after {deals}.", file=out)
    return 0


def _random_deal(game: Game, chooser: random.Random) -> Game:
    """Play the game's current deal to its end with random legal choices."""
    deals = len(game.deals)
    for seat in range(game.rules.players):
        game = bid(game, seat, chooser.choice(legal_bids(game, seat)))
    while len(game.deals) == deals:
        game = play(game, chooser.choice(legal_moves(game)))
    return game


def _print_deal(deal: Deal, game: Game, out: TextIO, *, tricks: bool) -> None:
    print(f"\nDeal {len(game.deals)} (dealer: seat {deal.dealer})", file=out)
    for seat, hand in enumerate(deal.dealt_hands):
        print(f"  seat {seat}: {' '.join(map(str, hand))}", file=out)
    if deal.leftover:
        print(f"  leftover: {' '.join(map(str, deal.leftover))}", file=out)
    bids = ", ".join(f"seat {seat} {_bid_name(choice)}" for seat, choice in enumerate(deal.bids))
    print(f"  bids: {bids}", file=out)
    if tricks:
        for number, trick in enumerate(deal.tricks, 1):
            cards = " ".join(map(str, trick.cards))
            line = f"  trick {number:2}: led by seat {trick.leader}: {cards} -> seat {trick.winner}"
            print(line, file=out)
    points = score(deal)
    print("  points: " + ", ".join(map(str, points)), file=out)
    print("  totals: " + ", ".join(map(str, game.totals)), file=out)


def _bid_name(choice: Bid | None) -> str:
    if choice is None:
        return "(none)"
    return "misère" if choice is MISERE else choice.name.lower()


# --- play ------------------------------------------------------------------------------

_PLAY_HELP = """\
How to answer:
  bid   S H D C (or their names or symbols) for a bug suit, M for misère,
        or the number 1-5 shown in the prompt
  card  its text, such as QH, 10D, TD or Q♥, or its number in the list of
        legal cards (1 is the first)
  ?     this help           q   leave the game (the command exits with status 0)
"""


def play_bugami(rules: Rules, arguments: argparse.Namespace, out: TextIO) -> int:
    """``bugami play``: a game of Bugami under ``rules`` against bots."""
    from bugami.bots import make_bot

    seed, me, names = seating(arguments, rules.players)
    bots = {seat: make_bot(arguments.bot) for seat in range(rules.players) if seat != me}
    color = use_color(arguments.color, out)

    def play_deal(game: Game) -> Game:
        return _play_deal(game, me, bots, names, seed, color, out)

    return run_game("Bugami", new_game(rules, seed=seed), seed, me, bots, names, play_deal, out)


def _play_deal(
    game: Game,
    me: int,
    bots: dict[int, Bot],
    names: list[str],
    seed: int | str,
    color: bool,
    out: TextIO,
) -> Game:
    from bugami.core.view import view
    from bugami.pictures.render import bid_text, card_text, hand_text, score_sheet, trick_text

    number = len(game.deals)
    current = game.current
    assert current is not None
    players = game.rules.players
    for seat, bot in bots.items():
        bot.reset(f"{seed}/{number}/{seat}")
    print(f"\n=== Deal {number + 1} (dealer: {names[current.dealer]}) ===", file=out)
    print("Your hand:\n" + _indent(hand_text(current.hands[me], color=color)), file=out)
    choices = {seat: bot.choose_bid(view(current, seat)) for seat, bot in bots.items()}
    choices[me] = _ask_bid(out)
    for seat in range(players):
        game = bid(game, seat, choices[seat])
    current = game.current
    assert current is not None
    print(
        "Bids (revealed together): "
        + ", ".join(f"{names[s]} {bid_text(b, color=color)}" for s, b in enumerate(current.bids)),
        file=out,
    )
    while len(game.deals) == number:
        current = game.current
        assert current is not None
        assert current.to_move is not None
        seat = current.to_move
        if not current.current_trick:
            print(f"\n-- Trick {len(current.tricks) + 1} --", file=out)
        card: Card | str
        if seat == me:
            card = _ask_card(current, names, color, out)
        else:
            card = bots[seat].choose_card(view(current, seat))
            print(f"{names[seat]} plays {card_text(card, color=color)}", file=out)
        before = len(current.tricks)
        game = play(game, card, seat=seat)
        finished = game.deals[-1] if len(game.deals) > number else game.current
        assert finished is not None
        if len(finished.tricks) > before:
            trick = finished.tricks[-1]
            print(
                trick_text(
                    trick.cards,
                    trick.leader,
                    players,
                    winner=trick.winner,
                    names=names,
                    color=color,
                ),
                file=out,
            )
    done = game.deals[-1]
    points = score(done)
    print(f"\nDeal {number + 1} is over. Points: " + _seat_list(names, points), file=out)
    print(score_sheet(game.deals, players, names=names), file=out)
    return game


def _seat_list(names: list[str], values: Sequence[int]) -> str:
    return ", ".join(f"{name} {value}" for name, value in zip(names, values, strict=True))


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


_BID_ORDER = ("S", "H", "D", "C", "M")


def _ask_bid(out: TextIO) -> Bid:
    from bugami.core.cards import parse_bid

    def read(answer: str) -> Bid:
        number = as_number(answer)
        if number is not None:
            if not 1 <= number <= len(_BID_ORDER):
                raise WrongAnswerError(
                    f"{brief(answer)} is out of range: the bids are numbered 1 to 5 "
                    "(or type S, H, D, C or M)."
                )
            answer = _BID_ORDER[number - 1]
        try:
            return parse_bid(answer)
        except BugamiError:
            raise WrongAnswerError(
                f"{brief(answer)} is not a bid: type S, H, D, C or M (or 1-5)."
            ) from None

    return ask_choice("Your bid? 1=♠ 2=♥ 3=♦ 4=♣ 5=misère (or S H D C M): ", out, _PLAY_HELP, read)


def _ask_card(current: Deal, names: list[str], color: bool, out: TextIO) -> str:
    from bugami.core.play import check_play
    from bugami.pictures.render import card_text, hand_text, trick_text

    players = current.rules.players
    me = current.to_move
    assert me is not None
    assert current.leader is not None
    legal = legal_moves(current)
    if current.current_trick:
        print(
            "On the table: "
            + trick_text(current.current_trick, current.leader, players, names=names, color=color),
            file=out,
        )
    else:
        print("You lead.", file=out)
    print(_indent(hand_text(current.hands[me], legal=legal, color=color)), file=out)
    menu = "  ".join(f"{n}={card_text(card, color=color)}" for n, card in enumerate(legal, 1))
    print(f"Legal: {menu}", file=out)

    def read(answer: str) -> str:
        number = as_number(answer)
        if number is not None:
            if 1 <= number <= len(legal):
                return str(legal[number - 1])
            raise WrongAnswerError(
                f"{brief(answer)} is out of range: the legal cards are numbered "
                f"{numbered(1, len(legal))} (or type a card, such as {legal[0]})."
            )
        try:
            check_play(current, answer, seat=me)
        except BugamiError as error:
            raise WrongAnswerError(for_player(error, me)) from None
        return answer

    return ask_choice("Your card? ", out, _PLAY_HELP, read)
