"""HeuristicBot's card play against its reference: the bot, rewritten for
speed, chooses exactly as the plain code it replaced (kept in
tests/heuristic_reference.py)."""

from __future__ import annotations

import random

from hypothesis import given

import bugami
from bugami.bots import HeuristicBot
from bugami.bots.heuristic import heuristic_card
from heuristic_reference import reference_card
from strategies import in_play


def reference_choice(seen: bugami.DealView) -> bugami.Card:
    """The old bot's card, from the public parts of a view."""
    played = sum(1 << card.index for card in seen.played)
    hand = sum(1 << card.index for card in seen.hand)
    trick = tuple(card.index for card in seen.current_trick)
    index = reference_card(
        hand,
        trick,
        seen.leader,  # type: ignore[arg-type]
        seen.seat,
        seen.bids,
        played,
        seen.rules.shotgun_wedding,
    )
    return bugami.deck(8)[index]


@given(in_play())
def test_the_same_card_as_before_anywhere_in_play(state: bugami.Deal) -> None:
    if state.is_over:
        return
    seat = state.to_move
    assert seat is not None
    seen = bugami.view(state, seat)
    assert HeuristicBot().choose_card(seen) == reference_choice(seen)
    played = sum(1 << card.index for card in seen.played)
    hand = sum(1 << card.index for card in seen.hand)
    trick = tuple(card.index for card in seen.current_trick)
    args = (hand, trick, seen.leader, seat, seen.bids, played, state.rules.shotgun_wedding)
    assert heuristic_card(*args) == reference_card(*args)  # type: ignore[arg-type]
    # The cards of the open trick may be left out of ``played``: the bot's
    # views pass only those of the completed tricks.
    before = played & ~sum(1 << index for index in trick)
    leader = seen.leader
    assert leader is not None
    fewer = (hand, trick, leader, seat, seen.bids, before, state.rules.shotgun_wedding)
    assert heuristic_card(*fewer) == reference_card(*args)  # type: ignore[arg-type]


def test_the_same_cards_as_before_in_whole_deals_of_every_variant() -> None:
    rng = random.Random(7)
    bot = HeuristicBot()
    seen_in_order: list[bugami.DealView] = []
    for players in range(3, 8):
        for jokers in (0, 1, 4):
            for shotgun in (False, True):
                rules = bugami.Rules(players=players, jokers=jokers, shotgun_wedding=shotgun)
                for number in range(6):
                    state = bugami.deal(rules, seed=f"{players}/{jokers}/{shotgun}/{number}")
                    for seat in range(players):
                        # Misère and crowded suits now and then.
                        choice = (
                            rng.choice(bugami.legal_bids(state, seat))
                            if number % 2
                            else bot.choose_bid(bugami.view(state, seat))
                        )
                        state = bugami.bid(state, seat, choice)
                    while not state.is_over:
                        mover = state.to_move
                        assert mover is not None
                        seen = bugami.view(state, mover)
                        seen_in_order.append(seen)
                        card = bot.choose_card(seen)
                        assert card == reference_choice(seen)
                        state = bugami.play(
                            state,
                            card if rng.random() < 0.8 else rng.choice(bugami.legal_moves(state)),
                        )
    # The bot keeps a memo of the cards played: views in any order, from
    # other deals in between, must not confuse it.
    rng.shuffle(seen_in_order)
    for seen in seen_in_order[:3000]:
        assert bot.choose_card(seen) == reference_choice(seen)
    # A game's view, too.
    game = bugami.new_game(bugami.Rules(players=3), seed=2)
    for seat in range(3):
        game = bugami.bid(game, seat, "S")
    current = game.current
    assert current is not None
    assert current.to_move is not None
    game_view = bugami.view(game, current.to_move)
    assert game_view.current is not None
    assert bot.choose_card(game_view) == reference_choice(game_view.current)
