"""Text pictures of cards, hands, tricks, deals and games."""

from __future__ import annotations

import bugami
from bugami.bots import HeuristicBot, play_out
from bugami.pictures.render import (
    bid_text,
    card_text,
    deal_text,
    game_text,
    hand_text,
    score_sheet,
    trick_text,
    tricks_table,
)


def test_cards_and_bids() -> None:
    assert [card_text(card) for card in bugami.parse_cards("AS TH 9D 2C X3")] == [
        "A♠",
        "10♥",
        "9♦",
        "2♣",
        "X3",
    ]
    assert card_text(bugami.Card("AS"), color=True) == "A♠"
    assert card_text(bugami.Card("AH"), color=True) == "\x1b[31mA♥\x1b[0m"
    assert bid_text(bugami.Suit.CLUBS) == "♣ clubs"
    assert bid_text(bugami.Suit.DIAMONDS, color=True) == "\x1b[31m♦ diamonds\x1b[0m"


def test_hands() -> None:
    hand = bugami.parse_cards("2C AS X2 TH KS X1")
    assert hand_text(hand) == "♠  A K\n♥  10\n♣  2\nX1 X2"
    assert hand_text(hand, legal=[bugami.Card("X1")]) == "♠  A K\n♥  10\n♣  2\n[X1] X2"
    assert hand_text(()) == "(no cards)"
    assert "\x1b[31m♥  10\x1b[0m" in hand_text(hand, color=True)


def test_tricks() -> None:
    cards = bugami.parse_cards("7D 3D KD")
    names = ["Ann", "Bob", "Cy", "Di"]
    assert trick_text(cards, 3, 4, names=names) == "Di: 7♦  Ann: 3♦  Bob: K♦"
    assert trick_text((), 1, 4) == "seat 1 to lead"
    state = bugami.deal(bugami.Rules(players=3), seed=1, dealer=2)
    for seat in range(3):
        state = bugami.bid(state, seat, "S")
    table = tricks_table(state.tricks, 3, names=["a", "b", "c"], color=True)
    assert table.splitlines()[0] == "#  a  b  c  won by"


def test_deals_and_views() -> None:
    done = play_out(bugami.deal(bugami.Rules(players=5, jokers=2), seed=7), [HeuristicBot()] * 5)
    text = deal_text(done, names=["A", "B", "C", "D", "E"])
    assert "leftover: " in text
    assert text.splitlines()[-1].startswith("points: A ")
    seen = bugami.view(done, 2)
    text = deal_text(seen)
    assert "seat 2 (this view's seat) holds: -" in text
    assert "leftover: " in text  # the leftover is public once the deal is over
    assert text.splitlines()[-1] == "points: " + ", ".join(
        f"seat {seat} {points}" for seat, points in enumerate(bugami.score(done))
    )
    fresh = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
    assert "bids: seat 0 ?, seat 1 ?" in deal_text(fresh)
    assert "won by" not in deal_text(fresh)


def test_games_and_score_sheets() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=60), seed=5)
    while not game.is_over:
        game = play_out(game, [HeuristicBot()] * 3)
    text = game_text(game, names=["x", "y", "z"])
    assert text.startswith("Deal 1\ndealer: ")
    assert text.endswith(f"wins with {max(game.totals)} points.")
    sheet = score_sheet(game.deals, 3).splitlines()
    assert sheet[0] == "deal   seat 0  seat 1  seat 2"
    assert sheet[-1].split()[1:] == [str(total) for total in game.totals]
    assert len(sheet) == len(game.deals) + 3
    seen = game_text(bugami.view(bugami.new_game(bugami.Rules(), seed=5), 1))
    assert seen.startswith("Deal 1 (in progress)\n")
