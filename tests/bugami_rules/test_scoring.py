"""Scoring: the worked examples of the rules and every scoring ruling."""

from __future__ import annotations

import pytest

import bugami
from bugami import MISERE, IllegalMoveError, Rules, bid, deal, legal_moves, parse_cards, play, score
from bugami.core._masks import mask_of
from bugami.core.scoring import points, winner
from bugami.core.state import make_deal, make_trick


@pytest.mark.parametrize(
    ("tricks", "bugs", "expected"),
    [(4, 1, 40), (4, 2, 20), (4, 3, 13), (4, 0, 80), (2, 0, 40), (5, 2, 25), (0, 0, 30), (1, 7, 1)],
)
def test_the_worked_scoring_facts(tricks: int, bugs: int, expected: int) -> None:
    assert points(tricks=tricks, bugs=bugs) == expected


def test_two_clean_tricks_beat_five_tricks_with_two_bugs() -> None:
    assert points(tricks=2, bugs=0) > points(tricks=5, bugs=2)


def test_misere_points() -> None:
    assert points(tricks=0, bugs=0, misere=True) == 100
    assert points(tricks=1, bugs=0, misere=True) == 0


# The four-player example of the rules, played card by card: A (seat 0, hearts) takes 5
# tricks holding 2 hearts: 25. B (seat 1, spades) takes 4 tricks and no spade: 80. C (seat 2,
# diamonds) takes 4 tricks holding 3 diamonds: 13. D (seat 3) bid misère and takes none: 100.
EXAMPLE_HANDS = [
    "AS KS QS 2S 6H 4H QD TD 5D 9C 6C 4C 3C",
    "JS TS 9S JH 9H 7H 2H AD 2D AC KC QC 2C",
    "8S 7S 6S AH KH QH KD JD 8D 6D 3D JC 8C",
    "5S 4S 3S TH 8H 5H 3H 9D 7D 4D TC 7C 5C",
]
EXAMPLE_PLAY = [  # one trick per line, in order of play; seat 0 leads the first
    "AS JS 8S 5S",
    "KS TS 7S 4S",
    "QS 9S 6S 3S",
    "2S 2D 3D 4D",  # A's last spade; the others have none left and discard
    "5D AD 6D 7D",  # B wins and leads
    "AC JC TC 9C",
    "KC 8C 7C 6C",
    "QC 8D 5C 4C",  # C is out of clubs
    "2H AH 3H 4H",  # C wins and leads
    "KH 5H 6H 7H",
    "QH 8H 3C 9H",  # A is out of hearts
    "KD 9D TD 2C",  # B is out of diamonds
    "JD TH QD JH",  # A wins the last trick, with two hearts
]


def _play_out(state: bugami.Deal, tricks: list[str]) -> bugami.Deal:
    for trick in tricks:
        for card in trick.split():
            state = play(state, card)
    return state


def test_the_four_player_example() -> None:
    state = deal(Rules(), hands=EXAMPLE_HANDS, dealer=3)
    for seat, choice in enumerate("H S D M".split()):
        state = bid(state, seat, choice)
    state = _play_out(state, EXAMPLE_PLAY)
    assert state.is_over
    assert [trick.winner for trick in state.tricks] == [0] * 4 + [1] * 4 + [2] * 4 + [0]
    assert score(state) == (25, 80, 13, 100)


def test_a_deal_must_be_over_to_be_scored() -> None:
    state = deal(Rules(), hands=EXAMPLE_HANDS, dealer=3)
    with pytest.raises(IllegalMoveError, match=r"it is not over \(bidding\)"):
        score(state)
    for seat in range(4):
        state = bid(state, seat, "S")
    with pytest.raises(IllegalMoveError, match=r"it is not over \(playing\)"):
        score(state)


# Seat 0 holds every spade and so leads and wins every trick, whatever the others do.
SWEEP_HANDS = [
    "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
    "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
    "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
]


def _sweep(bids: str, *, shotgun_wedding: bool = False) -> tuple[int, ...]:
    state = deal(Rules(shotgun_wedding=shotgun_wedding), hands=SWEEP_HANDS, dealer=3)
    for seat, choice in enumerate(bids.split()):
        state = bid(state, seat, choice)
    while not state.is_over:
        state = play(state, legal_moves(state)[-1])
    assert {trick.winner for trick in state.tricks} == {0}
    return score(state)


def test_all_tricks_scores_100_whatever_the_bugs() -> None:
    # Seat 0 named spades and took all 13 as bugs; nobody else scores, not even 30 for
    # no tricks, except the misère bidder.
    assert _sweep("S M H D") == (100, 100, 0, 0)


def test_ruling_1_a_misere_bidder_who_wins_every_trick_scores_0() -> None:
    assert _sweep("M M H D") == (0, 100, 0, 0)
    assert _sweep("M H H D") == (0, 0, 0, 0)


def test_ruling_4_a_partnership_that_wins_every_trick() -> None:
    # Seats 0 and 2 named hearts: partners. Seat 2 won nothing itself but scores 100.
    assert _sweep("H M H D", shotgun_wedding=True) == (100, 100, 100, 0)
    # Everyone who did not bid misère named the same suit: one partnership, 100 each.
    assert _sweep("C M C C", shotgun_wedding=True) == (100, 100, 100, 100)
    # A misère bidder who sweeps scores 0 even under Shotgun Wedding.
    assert _sweep("M H H M", shotgun_wedding=True) == (0, 0, 0, 100)
    # Without the variant nobody but seat 0 shares the 100.
    assert _sweep("H M H D") == (100, 100, 0, 0)


def _finished(
    rules: Rules, bids: str, tricks: list[tuple[int, str]], leftover: str = ""
) -> bugami.Deal:
    """A finished deal as scoring sees it: bids, the cards each trick winner took and
    the leftover. Scoring reads nothing else, so the tricks need not be playable."""
    made = tuple(
        make_trick(0, tuple(card.index for card in parse_cards(cards)), won)
        for won, cards in tricks
    )
    return make_deal(
        rules,
        0,
        (0,) * rules.players,
        0,
        mask_of(parse_cards(leftover)),
        tuple(bugami.parse_bid(choice) for choice in bids.split()),
        None,
        (),
        made,
    )


def test_the_leftover_goes_to_the_last_trick_and_counts_as_bugs() -> None:
    rules = Rules(players=3, jokers=1)
    tricks = [(0, "AS KS QS"), (1, "AH KH QH"), (0, "JS TS 9S")]
    # Seat 0 (hearts) won the last trick: 2 tricks, and 2H and X1 from the leftover as bugs.
    assert score(_finished(rules, "H S D", tricks, leftover="2H X1")) == (10, 20, 30)
    tricks[-1] = (1, "JS TS 9S")  # seat 1 (spades) now wins the last trick, and the leftover
    assert score(_finished(rules, "H S D", tricks, leftover="2H X1")) == (20, 5, 30)


def test_jokers_are_bugs_for_everyone() -> None:
    rules = Rules(players=3, jokers=2)
    tricks = [(0, "AS X1 QS"), (0, "AH X2 QH"), (1, "KS 2S 3S")]
    # Seat 0 (diamonds) holds two jokers: 2 tricks, 2 bugs. Seat 1 (spades): 1 trick, 3 bugs.
    assert score(_finished(rules, "D S M", tricks)) == (10, 3, 100)


def test_shotgun_partners_pool_their_tricks() -> None:
    rules = Rules(players=5, shotgun_wedding=True)
    tricks = [
        (0, "AS KS QS JS TS"),
        (0, "AD KD QD JD TD"),
        (2, "AH KH 9S 8S 7S"),
        (3, "AC KC QC JC TC"),
        (4, "9C 8C 7C 6C 5C"),
    ]
    # Seats 0 and 2 named spades: 3 tricks holding 8 spades, 10 * 3 // 8 = 3 each. Seat 1
    # (hearts) took nothing: 30. Seats 3 and 4 named clubs: 2 tricks, 10 clubs: 2 each.
    assert score(_finished(rules, "S H S C C", tricks)) == (3, 30, 3, 2, 2)
    # Without the variant each scores alone.
    assert score(_finished(Rules(players=5), "S H S C C", tricks)) == (4, 30, 3, 2, 2)


def test_a_partner_who_won_nothing_scores_the_partnership() -> None:
    rules = Rules(players=4, shotgun_wedding=True)
    tricks = [(0, "AD KD QD JD"), (0, "AC KC QC JC"), (3, "AS KS QS JS")]
    # Seat 1 (diamonds, with seat 0) won nothing itself: it scores what the pair scores
    # (2 tricks, 4 bugs), never the 30 for no tricks.
    assert score(_finished(rules, "D D M S", tricks)) == (5, 5, 100, 2)
    tricks = [(0, "AC KC QC JC"), (0, "AH KH QH JH"), (3, "AS KS QS JS")]
    assert score(_finished(rules, "D D M S", tricks)) == (40, 40, 100, 2)


def test_a_partnership_that_won_nothing_scores_30_each() -> None:
    rules = Rules(players=4, shotgun_wedding=True)
    tricks = [(2, "AD KD QD JD"), (3, "AC KC QC JC")]
    assert score(_finished(rules, "H H C S", tricks)) == (30, 30, 20, 20)


def test_misere_bidders_are_never_partners() -> None:
    rules = Rules(players=4, shotgun_wedding=True)
    tricks = [(0, "AD KD QD JD"), (2, "AC KC QC JC")]
    # Seats 1 and 3 named spades and are partners; seats 0 and 2 bid misère and stay alone.
    assert score(_finished(rules, "M S M S", tricks)) == (0, 30, 0, 30)
    tricks = [(0, "AD KD QD JD"), (1, "AC KC QC JC")]
    assert score(_finished(rules, "M S M S", tricks)) == (0, 20, 100, 20)


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        ((250, 100, 100, 100), 0),
        ((249, 100, 100, 100), None),
        ((260, 251, 0, 0), 0),
        ((260, 260, 0, 0), None),  # ruling 2: a tie at the top plays on
        ((255, 260, 260, 300), 3),
        ((0, 0, 0), None),
    ],
)
def test_the_winner_of_a_game(totals: tuple[int, ...], expected: int | None) -> None:
    assert winner(totals, 250) == expected


def test_misere_constant_is_the_bid() -> None:
    assert bugami.parse_bid("M") is MISERE
