"""The bots: legal, deterministic, and only ever given views."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bugami
from bugami.bots import (
    Bot,
    HeuristicBot,
    RandomBot,
    SearchBot,
    make_bot,
    play_out,
)
from bugami.bots.heuristic import heuristic_bid
from bugami.core.dealing import Seed
from bugami.core.view import DealView, GameView
from strategies import in_play, rules, seeds


def _bots(seed: int) -> list[Bot]:
    return [RandomBot(seed), HeuristicBot(seed), SearchBot(seed, samples=2)]


class Spy:
    """A bot that records what it is given, and plays like a random bot."""

    def __init__(self, seed: Seed | None = None) -> None:
        self.inner = RandomBot(seed)
        self.seen: list[object] = []

    @property
    def name(self) -> str:
        return "spy"

    def reset(self, seed: Seed | None = None) -> None:
        self.inner.reset(seed)

    def choose_bid(self, seen: DealView | GameView) -> bugami.Bid:
        self.seen.append(seen)
        return self.inner.choose_bid(seen)

    def choose_card(self, seen: DealView | GameView) -> bugami.Card:
        self.seen.append(seen)
        return self.inner.choose_card(seen)


@pytest.mark.parametrize("bot", _bots(1), ids=lambda bot: bot.name)
def test_bots_refuse_full_states(bot: Bot) -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    game = bugami.new_game(bugami.Rules(), seed=1)
    for full in (state, game):
        with pytest.raises(bugami.InvalidInputError, match="is given a view, not a full"):
            bot.choose_bid(full)  # type: ignore[arg-type]
        with pytest.raises(bugami.InvalidInputError, match=r"pass bugami\.view"):
            bot.choose_card(full)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="needs a DealView or GameView"):
        bot.choose_card("QH")  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", _bots(1), ids=lambda bot: bot.name)
def test_bots_act_only_in_turn(bot: Bot) -> None:
    state = bugami.deal(bugami.Rules(), seed=1, dealer=0)
    with pytest.raises(bugami.IllegalMoveError, match="not seat 0's turn"):
        bot.choose_card(bugami.view(state, 0))
    state = bugami.bid(state, 0, "S")
    with pytest.raises(bugami.IllegalMoveError, match="no bid to make"):
        bot.choose_bid(bugami.view(state, 0))
    for seat in range(1, 4):
        state = bugami.bid(state, seat, "H")
    assert bot.choose_card(bugami.view(state, 1)) in bugami.legal_moves(state)


def test_bots_take_game_views() -> None:
    game = bugami.new_game(bugami.Rules(players=3, target=40), seed=2)
    for bot in _bots(2):
        assert bot.choose_bid(bugami.view(game, 0)) in bugami.legal_bids(game, 0)
    done = play_out(game, [HeuristicBot(), RandomBot(1), SearchBot(1, samples=2)])
    assert len(done.deals) == 1
    while not done.is_over:
        done = play_out(done, [RandomBot(1), RandomBot(2), RandomBot(3)])
    with pytest.raises(bugami.IllegalMoveError, match="game is over"):
        RandomBot().choose_bid(bugami.view(done, 0))
    with pytest.raises(bugami.IllegalMoveError, match="game is over"):
        play_out(done, [RandomBot()] * 3)


def test_play_out_checks_its_table() -> None:
    state = bugami.deal(bugami.Rules(), seed=1)
    with pytest.raises(bugami.InvalidInputError, match="expected 4 bots"):
        play_out(state, [RandomBot()] * 3)
    with pytest.raises(bugami.InvalidInputError, match="needs a bugami Deal or Game"):
        play_out("deal", [RandomBot()] * 4)  # type: ignore[call-overload]


def test_bots_are_only_ever_given_views() -> None:
    spies = [Spy(seat) for seat in range(5)]
    play_out(bugami.deal(bugami.Rules(players=5, jokers=2), seed=3), spies)
    play_out(bugami.new_game(bugami.Rules(players=5), seed=3), spies)
    seen = [thing for spy in spies for thing in spy.seen]
    assert len(seen) == 2 * (5 + 5 * 10)
    assert all(type(thing) is DealView for thing in seen)
    for seat, spy in enumerate(spies):
        assert all(thing.seat == seat for thing in spy.seen)  # type: ignore[attr-defined]


@settings(max_examples=30)
@given(rules(), seeds, st.integers(0, 2**32))
def test_every_bot_action_is_legal(rules_: bugami.Rules, seed: Seed, bot_seed: int) -> None:
    # play_out goes through bugami.bid and bugami.play, which refuse anything illegal.
    kinds: list[Bot] = [RandomBot(bot_seed), HeuristicBot()]
    table = [SearchBot(bot_seed, samples=1)] + [
        kinds[seat % 2] for seat in range(1, rules_.players)
    ]
    done = play_out(bugami.deal(rules_, seed=seed), table)
    assert done.is_over


@settings(max_examples=60)
@given(in_play(), st.integers(0, 2**32))
def test_bots_choose_legal_cards_anywhere(state: bugami.Deal, bot_seed: int) -> None:
    if state.to_move is None:
        return
    seen = bugami.view(state, state.to_move)
    for bot in (RandomBot(bot_seed), HeuristicBot(), SearchBot(bot_seed, samples=1)):
        assert bot.choose_card(seen) in bugami.legal_moves(state)


def test_many_deals_in_every_variant() -> None:
    for number in range(1000):
        rules_ = bugami.Rules(
            players=3 + number % 5, jokers=number % 9, shotgun_wedding=number % 2 == 0
        )
        table: list[Bot] = [
            HeuristicBot() if seat % 2 else RandomBot(number) for seat in range(rules_.players)
        ]
        assert play_out(bugami.deal(rules_, seed=number), table).is_over


@pytest.mark.parametrize("kind", ["random", "heuristic", "search:3"])
def test_bots_are_deterministic_given_their_seed(kind: str) -> None:
    state = bugami.deal(bugami.Rules(players=4, jokers=1), seed=9)

    def run(seed: int) -> bugami.Deal:
        return play_out(state, [make_bot(kind, seed=seed + seat) for seat in range(4)])

    assert run(1) == run(1)
    bots = [make_bot(kind, seed=seat + 1) for seat in range(4)]
    first = play_out(state, bots)
    for seat, bot in enumerate(bots):
        bot.reset(seat + 1)
    assert play_out(state, bots) == first


def test_random_bots_differ_with_their_seeds() -> None:
    state = bugami.deal(bugami.Rules(), seed=9)
    results = {play_out(state, [RandomBot(seed + s) for s in range(4)]) for seed in range(5)}
    assert len(results) > 1


def test_make_bot() -> None:
    assert isinstance(make_bot("Random"), RandomBot)
    assert isinstance(make_bot(" heuristic "), HeuristicBot)
    assert make_bot("search").name == "search(32)"
    assert make_bot("search:0.01s").name == "search(0.01s)"
    for bad in ("search:x", "search:0", "random:3", ""):
        with pytest.raises(bugami.InvalidInputError):
            make_bot(bad)


def test_bot_arguments_are_checked() -> None:
    with pytest.raises(bugami.InvalidInputError, match="samples"):
        SearchBot(samples=0)
    with pytest.raises(bugami.InvalidInputError, match="seconds"):
        SearchBot(seconds=-1)
    with pytest.raises(bugami.InvalidInputError, match="bot seed"):
        RandomBot(seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(bugami.InvalidInputError, match="bot seed"):
        HeuristicBot().reset([1])  # type: ignore[arg-type]
    assert repr(SearchBot(seconds=0.5)) == "SearchBot(seconds=0.5)"
    assert repr(SearchBot(samples=3)) == "SearchBot(samples=3)"
    assert repr(RandomBot()) == "RandomBot()"
    assert repr(HeuristicBot()) == "HeuristicBot()"


def test_search_with_a_time_budget() -> None:
    state = bugami.deal(bugami.Rules(), seed=5)
    for seat in range(4):
        state = bugami.bid(state, seat, "C")
    assert state.to_move is not None
    seen = bugami.view(state, state.to_move)
    assert SearchBot(seconds=0.02).choose_card(seen) in seen.legal_moves()


# --- the heuristics, on positions set up by hand -----------------------------------

HANDS = [
    "AS KS QS JS 9H 8H 7H AD KD QD AC KC QC",
    "TS 9S 8S 7S 6S AH KH QH JH JD TD 9D 2C",
    "5S 4S 3S 2S TH 6H 5H 4H 8D 7D 6D 5D 3C",
    "JC TC 9C 8C 7C 6C 5C 4C 3H 2H 4D 3D 2D",
]
OTHER_HANDS = [
    "9D 9H AS KS QS JS TS 9S 8S 7S 6S 5S 4S",
    "AD 8D AH 2H AC KC QC JC TC 9C 8C 7C 6C",
    "KD QD JD TD KH QH JH TH 5C 4C 3C 2C 3S",
    "7D 6D 5D 4D 3D 2D 8H 7H 6H 5H 4H 3H 2S",
]


def _position(hands: list[str], bids: str, plays: str) -> bugami.Deal:
    state = bugami.deal(bugami.Rules(), hands=hands, dealer=3)  # seat 0 leads
    for seat, choice in enumerate(bids.split()):
        state = bugami.bid(state, seat, choice)
    for card in plays.split():
        state = bugami.play(state, card)
    return state


def _heuristic(state: bugami.Deal) -> str:
    seat = state.to_move
    assert seat is not None
    return str(HeuristicBot().choose_card(bugami.view(state, seat)))


def test_heuristic_bids() -> None:
    state = bugami.deal(bugami.Rules(), hands=HANDS, dealer=3)
    bids = [HeuristicBot().choose_bid(bugami.view(state, seat)) for seat in range(4)]
    # Seats 2 and 3 hold only low cards (seat 3's long clubs protect the jack):
    # misère. The others name the suit with the fewest high-card points less
    # half its length: seat 0 its three low hearts, seat 1 its five low spades.
    assert bids == [bugami.Suit.HEARTS, bugami.Suit.SPADES, bugami.MISERE, bugami.MISERE]


def _reference_bid(cards: list[bugami.Card]) -> bugami.Bid:
    """The heuristic's bid, worked out card by card as its docs say."""
    suits: dict[bugami.Suit, list[int]] = {suit: [] for suit in bugami.Suit}
    for card in cards:
        if card.suit is not None and card.rank is not None:
            suits[card.suit].append(card.rank)
    for ranks in suits.values():
        ranks.sort()
    jokers = sum(1 for card in cards if card.is_joker)
    low = all(rank <= 6 + 2 * place for ranks in suits.values() for place, rank in enumerate(ranks))
    if low and jokers <= 1:
        return bugami.MISERE

    def weight(suit: bugami.Suit) -> tuple[float, int, int]:
        points = sum(max(0, rank - 10) for rank in suits[suit])
        return (points - len(suits[suit]) / 2, -len(suits[suit]), list(bugami.Suit).index(suit))

    return min(bugami.Suit, key=weight)


@settings(max_examples=300)
@given(st.lists(st.sampled_from(bugami.deck(2)), min_size=1, max_size=20, unique=True))
def test_heuristic_bid_follows_its_rule(cards: list[bugami.Card]) -> None:
    # The bid is looked up suit by suit in a table; the rule, written plainly, agrees.
    mask = sum(1 << card.index for card in cards)
    assert heuristic_bid(mask) == _reference_bid(cards)


def test_heuristic_leads_a_master_outside_its_bug_suit() -> None:
    assert _heuristic(_position(HANDS, "H C M S", "")) == "AS"


def test_heuristic_misere_ducks_and_discards_high() -> None:
    assert _heuristic(_position(HANDS, "H C M S", "AS TS")) == "5S"
    # Void in clubs, the misère bidder throws its highest card.
    state = _position(HANDS, "H C M S", "AS TS 5S 3H AC 2C 3C JC KC")
    assert _heuristic(state) == "AH"  # seat 1 dumps a heart on seat 0 (bug suit hearts)
    assert _heuristic(bugami.play(state, "AH")) == "TH"


def test_heuristic_dumps_the_bugs_of_the_trick_winner() -> None:
    # Seat 3 (bug suit spades) is void in spades: onto seat 0's ace it throws
    # a heart, seat 0's bug suit.
    assert _heuristic(_position(HANDS, "H C M S", "AS TS 5S")) == "3H"


def test_heuristic_ducks_in_its_own_bug_suit() -> None:
    assert _heuristic(_position(OTHER_HANDS, "S D C H", "9D")) == "8D"


def test_heuristic_takes_a_clean_trick_with_a_master() -> None:
    assert _heuristic(_position(OTHER_HANDS, "S D C H", "9H")) == "AH"


def test_heuristic_sheds_its_own_bugs_on_another_trick() -> None:
    # Void in spades, seat 1 (bug suit diamonds) throws its ace of diamonds on
    # seat 0's trick: seat 0's bug suit is spades, and seat 1 holds none.
    assert _heuristic(_position(OTHER_HANDS, "S D C H", "AS")) == "AD"
    # Seat 3 (void in clubs) dumps a diamond on seat 1, whose bug suit it is.
    assert _heuristic(_position(OTHER_HANDS, "S D C H", "9H AH TH 3H AC 2C")) == "7D"
