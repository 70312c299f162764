"""Checks of the naive reference implementation against the rule text.

Every example and ruling of the rule specification that the reference can
express is tested here, so that the reference can in turn be trusted to
cross-check the engine.
"""

from __future__ import annotations

import pytest

from reference import (
    RANKS,
    SUITS,
    count_play_sequences,
    full_deck,
    legal_plays,
    score_deal,
    trick_winner,
)

Trick = tuple[int, list[str]]


def cards_of(suit: str, ranks: str) -> list[str]:
    """The cards of ``suit`` with the given ranks, e.g. cards_of("H", "AK")."""
    return [rank + suit for rank in ranks]


def won(seat: int, cards: list[str], size: int) -> list[Trick]:
    """Split ``cards`` into tricks of ``size`` cards, all won by ``seat``."""
    assert len(cards) % size == 0
    return [(seat, cards[i : i + size]) for i in range(0, len(cards), size)]


# ---------------------------------------------------------------------------
# Deck
# ---------------------------------------------------------------------------


def test_constants() -> None:
    assert RANKS == "AKQJT98765432"
    assert SUITS == "SHDC"


def test_full_deck_without_jokers() -> None:
    deck = full_deck(0)
    assert len(deck) == 52
    assert len(set(deck)) == 52
    assert deck[:3] == ["AS", "KS", "QS"]
    assert deck[12] == "2S"
    assert deck[13] == "AH"
    assert deck[26] == "AD"
    assert deck[39] == "AC"
    assert deck[-1] == "2C"


def test_full_deck_with_jokers() -> None:
    deck = full_deck(3)
    assert len(deck) == 55
    assert deck[:52] == full_deck(0)
    assert deck[52:] == ["X1", "X2", "X3"]


def test_full_deck_rejects_negative_jokers() -> None:
    with pytest.raises(ValueError, match="negative"):
        full_deck(-1)


# ---------------------------------------------------------------------------
# Legal plays
# ---------------------------------------------------------------------------


def test_leader_may_lead_anything_including_jokers() -> None:
    hand = ["2C", "X1", "AS", "TD"]
    assert legal_plays(hand, []) == hand


def test_must_follow_suit_when_able() -> None:
    hand = ["AS", "3D", "KH", "9D"]
    assert legal_plays(hand, ["7D"]) == ["3D", "9D"]


def test_void_player_may_play_anything() -> None:
    hand = ["AS", "QH", "2C"]
    assert legal_plays(hand, ["7D", "3D"]) == hand


def test_worked_trick_legal_plays() -> None:
    # C leads 7D, D plays 3D: A must play a diamond; B, void, may discard QH.
    assert legal_plays(["KD", "AH", "2S"], ["7D", "3D"]) == ["KD"]
    assert legal_plays(["QH", "AC"], ["7D", "3D", "KD"]) == ["QH", "AC"]


def test_joker_may_not_be_played_when_able_to_follow() -> None:
    assert legal_plays(["X1", "4H", "AS"], ["9H"]) == ["4H"]


def test_only_jokers_and_other_suits_cannot_follow() -> None:
    # Ruling 3: a joker is never of the suit led.
    hand = ["X2", "AS", "X1"]
    assert legal_plays(hand, ["9H"]) == hand
    assert legal_plays(["X1"], ["9H"]) == ["X1"]


def test_after_a_led_joker_anything_goes() -> None:
    hand = ["AS", "2H", "X2"]
    assert legal_plays(hand, ["X1"]) == hand
    assert legal_plays(hand, ["X1", "KH"]) == hand


def test_legal_plays_keeps_hand_order() -> None:
    hand = ["2H", "AS", "KH", "3C", "TH"]
    assert legal_plays(hand, ["5H"]) == ["2H", "KH", "TH"]


def test_legal_plays_rejects_bad_cards() -> None:
    with pytest.raises(ValueError, match="not a card"):
        legal_plays(["1S"], [])
    with pytest.raises(ValueError, match="not a card"):
        legal_plays(["AS"], ["X0"])


# ---------------------------------------------------------------------------
# Trick winner
# ---------------------------------------------------------------------------


def test_worked_trick_winner() -> None:
    # C leads 7D, D 3D, A KD, B discards QH: A (third to play) wins.
    assert trick_winner(["7D", "3D", "KD", "QH"]) == 2


def test_highest_of_led_suit_wins_off_suit_ignored() -> None:
    assert trick_winner(["5C", "AS", "6C", "AH"]) == 2
    assert trick_winner(["5C", "AS", "AH"]) == 0
    assert trick_winner(["TC", "JC", "9C"]) == 1


def test_led_joker_wins_even_against_other_jokers() -> None:
    assert trick_winner(["X2", "AS", "X1", "KS"]) == 0
    assert trick_winner(["X1", "X2", "X3"]) == 0


def test_joker_never_wins_a_suit_led_trick() -> None:
    assert trick_winner(["2S", "X1", "X2"]) == 0
    assert trick_winner(["2S", "X1", "3S"]) == 2


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([])


# ---------------------------------------------------------------------------
# Scoring: the worked facts
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hearts", "expected"),
    [(0, 80), (1, 40), (2, 20), (3, 13)],
)
def test_four_tricks_by_number_of_bugs(hearts: int, expected: int) -> None:
    # Seat 0 (bug suit hearts) wins four 3-card tricks holding `hearts`
    # hearts; seat 1 wins one trick so that nobody took every trick.
    pile = cards_of("H", "AKQ"[:hearts]) + cards_of("C", "AKQJT98765432")
    tricks = won(0, pile[:12], 3) + won(1, cards_of("D", "AKQ"), 3)
    scores = score_deal(["H", "S", "D"], tricks, [], False)
    assert scores[0] == expected
    assert scores[1] == 20  # one clean trick
    assert scores[2] == 30  # no tricks


def test_two_clean_tricks_beat_five_tricks_with_two_bugs() -> None:
    clean = won(0, cards_of("C", "AKQJT9"), 3)
    dirty = won(1, cards_of("S", "AK") + cards_of("D", "AKQJT98765432"), 3)
    scores = score_deal(["H", "S", "H"], clean + dirty, [], False)
    assert scores[0] == 40
    assert scores[1] == 25
    assert scores[0] > scores[1]


def test_four_player_example() -> None:
    # A (seat 0, hearts): 5 tricks holding 2 hearts.
    a_cards = cards_of("H", "AK") + cards_of("S", "AKQJT987") + cards_of("D", "AKQJT98765")
    # B (seat 1, spades): 4 tricks, no spade.
    b_cards = cards_of("H", "QJT") + cards_of("C", RANKS)
    # C (seat 2, diamonds): 4 tricks holding 3 diamonds.
    c_cards = cards_of("D", "432") + cards_of("S", "65432") + cards_of("H", "98765432")
    tricks = won(0, a_cards, 4) + won(1, b_cards, 4) + won(2, c_cards, 4)
    assert len(tricks) == 13
    assert sorted(card for _, cards in tricks for card in cards) == sorted(full_deck(0))
    # D (seat 3) bid misère and took nothing.
    assert score_deal(["H", "S", "D", "M"], tricks, [], False) == [25, 80, 13, 100]


def test_worked_trick_gives_a_one_bug() -> None:
    # Seats: A=0 (hearts), B=1 (spades), C=2 (diamonds), D=3 (clubs).
    # C leads the worked trick, so its winner's seat is (2 + position) % 4.
    trick = ["7D", "3D", "KD", "QH"]
    winner = (2 + trick_winner(trick)) % 4
    assert winner == 0
    # A wins that trick and B wins a clean one: A has t=1, b=1.
    tricks: list[Trick] = [(winner, trick), (1, ["AC", "KC", "QC", "JC"])]
    assert score_deal(["H", "S", "D", "C"], tricks, [], False) == [10, 20, 30, 30]


# ---------------------------------------------------------------------------
# Scoring: misère, all tricks, ruling 1
# ---------------------------------------------------------------------------


def test_misere_won_nothing_scores_100() -> None:
    tricks = [(0, ["AS", "KS", "QS"]), (1, ["AH", "KH", "QH"])]
    assert score_deal(["C", "D", "M"], tricks, [], False) == [20, 20, 100]


def test_misere_with_a_trick_scores_0_even_when_clean() -> None:
    tricks = [(0, ["AS", "KS", "QS"]), (2, ["AH", "KH", "QH"])]
    assert score_deal(["C", "D", "M"], tricks, [], False) == [20, 30, 0]


def test_all_tricks_scores_100_whatever_the_bugs() -> None:
    tricks = [(1, ["AS", "KS", "QS"]), (1, ["AH", "KH", "QH"])]
    # Seat 1 (spades) has three bugs but won every trick.
    # Seat 0 won nothing but scores 0, not 30; the misère bidder scores 100.
    assert score_deal(["C", "S", "M"], tricks, [], False) == [0, 100, 100]


def test_ruling_1_misere_bidder_wins_every_trick() -> None:
    tricks = [(0, ["AS", "KS", "QS", "JS"]), (0, ["AH", "KH", "QH", "JH"])]
    # Seat 0 (misère) took everything: 0.  Seat 3, also misère, took
    # nothing: 100.  The others score 0 rather than 30.
    assert score_deal(["M", "S", "H", "M"], tricks, [], False) == [0, 0, 0, 100]


# ---------------------------------------------------------------------------
# Scoring: leftover and jokers
# ---------------------------------------------------------------------------


def test_leftover_goes_to_last_trick_winner_and_counts_bugs() -> None:
    tricks = [
        (0, ["AC", "KC", "QC"]),
        (1, ["AD", "KD", "QD"]),
        (1, ["JC", "TC", "9C"]),
    ]
    # Without a leftover seat 1 (hearts) has two clean tricks: 40.
    assert score_deal(["S", "H", "D"], tricks, [], False) == [20, 40, 30]
    # The leftover 5H goes to seat 1, the winner of the last trick: one bug.
    assert score_deal(["S", "H", "D"], tricks, ["5H"], False) == [20, 20, 30]
    # The leftover is not a trick: seat 0 gets nothing from it.
    assert score_deal(["H", "S", "D"], tricks, ["5H"], False) == [20, 40, 30]


def test_leftover_goes_to_last_winner_not_most_frequent_winner() -> None:
    tricks = [
        (0, ["AC", "KC", "QC"]),
        (0, ["JC", "TC", "9C"]),
        (2, ["8C", "7C", "6C"]),
    ]
    # 2D and 3D go to seat 2 (diamonds): 1 trick, 2 bugs -> 5.
    assert score_deal(["S", "H", "D"], tricks, ["2D", "3D"], False) == [40, 30, 5]


def test_joker_in_tricks_is_a_bug_whatever_the_suit() -> None:
    tricks = [
        (0, ["AC", "X1", "QC"]),
        (0, ["JC", "TC", "9C"]),
        (1, ["8C", "7C", "6C"]),
    ]
    # Seat 0 bid spades: two tricks, one bug (the joker) -> 20.
    assert score_deal(["S", "H", "D"], tricks, [], False) == [20, 20, 30]


def test_jokers_in_leftover_count_as_bugs() -> None:
    tricks = [
        (0, ["AC", "KC", "QC"]),
        (1, ["AD", "KD", "QD"]),
        (1, ["JC", "TC", "9C"]),
    ]
    # Both jokers join seat 1's last trick: 2 tricks, 2 bugs -> 10.
    assert score_deal(["S", "H", "D"], tricks, ["X1", "X2"], False) == [20, 10, 30]
    # A joker plus a card of the bug suit: 2 tricks, 2 bugs -> 10.
    assert score_deal(["S", "H", "D"], tricks, ["X1", "5H"], False) == [20, 10, 30]
    # A joker plus a card of another suit: 2 tricks, 1 bug -> 20.
    assert score_deal(["S", "H", "D"], tricks, ["X1", "5S"], False) == [20, 20, 30]


def test_score_deal_does_not_depend_on_shotgun_without_shared_suits() -> None:
    tricks = [(0, ["AC", "KC", "QH"]), (1, ["AD", "KD", "QD"])]
    for shotgun in (False, True):
        assert score_deal(["H", "D", "S"], tricks, [], shotgun) == [10, 3, 30]


def test_score_deal_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="at least one trick"):
        score_deal(["H", "S", "D"], [], [], False)
    with pytest.raises(ValueError, match="not a bid"):
        score_deal(["H", "S", "Z"], [(0, ["AS"])], [], False)
    with pytest.raises(ValueError, match="no such seat"):
        score_deal(["H", "S", "D"], [(3, ["AS"])], [], False)
    with pytest.raises(ValueError, match="twice"):
        score_deal(["H", "S", "D"], [(0, ["AS"]), (1, ["AS"])], [], False)


# ---------------------------------------------------------------------------
# Scoring: Shotgun Wedding (ruling 4)
# ---------------------------------------------------------------------------


def test_shotgun_partners_pool_tricks_and_bugs() -> None:
    tricks = [
        (0, ["AH", "KC", "QC"]),
        (0, ["JC", "TC", "9C"]),
        (1, ["2H", "8C", "7C"]),
        (2, ["AD", "KD", "QD"]),
    ]
    bids = ["H", "H", "S"]
    # Alone: seat 0 has 2 tricks and 1 bug (20), seat 1 1 trick, 1 bug (10).
    assert score_deal(bids, tricks, [], False) == [20, 10, 20]
    # Partners: 3 tricks, 2 bugs -> floor(30 / 2) = 15 each.
    assert score_deal(bids, tricks, [], True) == [15, 15, 20]


def test_shotgun_partner_who_won_nothing_gets_the_partnership_score() -> None:
    tricks = [
        (0, ["AC", "KC", "QC"]),
        (0, ["JC", "TC", "9C"]),
        (2, ["AD", "KD", "QD"]),
    ]
    bids = ["H", "H", "S"]
    # Alone, seat 1 would take the 30 for no tricks.
    assert score_deal(bids, tricks, [], False) == [40, 30, 20]
    # As a partner it scores the partnership's two clean tricks: 40.
    assert score_deal(bids, tricks, [], True) == [40, 40, 20]


def test_shotgun_partner_who_won_nothing_with_a_dirty_partner() -> None:
    tricks = [
        (0, ["AH", "KC", "QC"]),
        (2, ["AD", "KD", "QD"]),
    ]
    # Seat 0: 1 trick, 1 bug -> 10; seat 1 personally won nothing but scores
    # 10 too, never the 30 for no tricks.
    assert score_deal(["H", "H", "S"], tricks, [], True) == [10, 10, 20]


def test_shotgun_partnership_that_won_nothing_scores_30_each() -> None:
    tricks = [(2, ["AC", "KC", "QC"]), (3, ["AD", "KD", "QD"])]
    bids = ["H", "H", "S", "C"]
    assert score_deal(bids, tricks, [], True) == [30, 30, 20, 20]


def test_shotgun_partnership_winning_every_trick_scores_100_each() -> None:
    tricks = [
        (0, ["AH", "KH", "QH", "JH"]),
        (1, ["AS", "KS", "QS", "JS"]),
    ]
    bids = ["H", "H", "S", "M"]
    # Alone neither partner took every trick: seat 0 1 trick / 4 bugs -> 2,
    # seat 1 one clean trick -> 20.
    assert score_deal(bids, tricks, [], False) == [2, 20, 30, 100]
    # Pooled they took every trick: 100 each; seat 2 scores 0, not 30; the
    # successful misère bidder still scores 100.
    assert score_deal(bids, tricks, [], True) == [100, 100, 0, 100]


def test_shotgun_all_non_misere_same_suit_wins_everything() -> None:
    # Every non-misère player names spades: one partnership, which takes
    # every trick unless a misère bidder takes one.
    tricks = [
        (0, ["AS", "KS", "QS", "JS", "TS"]),
        (1, ["AH", "KH", "QH", "JH", "TH"]),
        (3, ["AD", "KD", "QD", "JD", "TD"]),
    ]
    bids = ["S", "S", "M", "S", "M"]
    assert score_deal(bids, tricks, [], True) == [100, 100, 100, 100, 100]
    # If a misère bidder takes a trick, the partnership did not win them all.
    tricks.append((2, ["AC", "KC", "QC", "JC", "TC"]))
    # Partnership: 3 tricks, 5 bugs -> floor(30 / 5) = 6.
    assert score_deal(bids, tricks, [], True) == [6, 6, 0, 6, 100]


def test_shotgun_misere_bidders_are_never_partners() -> None:
    tricks = [(0, ["AC", "KC", "QC"]), (1, ["AD", "KD", "QD"])]
    bids = ["M", "S", "M"]
    # Seat 0 failed its misère, seat 2 made it: they are not pooled.
    assert score_deal(bids, tricks, [], True) == [0, 20, 100]


def test_shotgun_misere_bidder_winning_every_trick() -> None:
    tricks = [(1, ["AC", "KC", "QC"]), (1, ["AD", "KD", "QD"])]
    bids = ["H", "M", "H", "M"]
    # Ruling 1 under Shotgun Wedding: the pair of heart bidders score 0.
    assert score_deal(bids, tricks, [], True) == [0, 0, 0, 100]


def test_shotgun_leftover_joins_the_partnership() -> None:
    tricks = [
        (0, ["AC", "KC", "QC"]),
        (2, ["AD", "KD", "QD"]),
        (1, ["JC", "TC", "9C"]),
    ]
    # Seat 1 wins the last trick, so the leftover X1 and 4H are the
    # partnership's: 2 tricks, 2 bugs -> 10 each.
    assert score_deal(["H", "H", "S"], tricks, ["X1", "4H"], True) == [10, 10, 20]


# ---------------------------------------------------------------------------
# Counting play sequences
# ---------------------------------------------------------------------------


def test_count_nothing_left_is_one() -> None:
    assert count_play_sequences([[], [], []], 0, []) == 1
    assert count_play_sequences([[], [], [], [], []], 3, []) == 1


def test_count_one_card_each_is_one() -> None:
    assert count_play_sequences([["AS"], ["KH"], ["QD"]], 1, []) == 1


def test_count_all_following_suit() -> None:
    # The leader picks one of 2 spades, each follower one of 2; the second
    # trick is forced: 2 * 2 * 2 = 8.
    hands = [["AS", "KS"], ["QS", "JS"], ["TS", "9S"]]
    assert count_play_sequences(hands, 0, []) == 8


def test_count_following_restricts_choices() -> None:
    # Seat 1 must play its only spade; seat 2, void, has 2 choices: 2 * 1 * 2.
    hands = [["AS", "KS"], ["QS", "2H"], ["3H", "4H"]]
    assert count_play_sequences(hands, 0, []) == 4


def test_count_jokers_are_distinct_cards() -> None:
    # Lead X1: anything may follow, 2 * 2 = 4, then forced.
    # Lead AS: KS and 2S are forced (no joker while able to follow): 1.
    hands = [["X1", "AS"], ["KS", "QH"], ["X2", "2S"]]
    assert count_play_sequences(hands, 0, []) == 5


def test_count_three_cards_each() -> None:
    # Seat 0 leads AS: KS, QS forced; then seat 0 leads a heart (2) and the
    # others, void, discard freely (2 * 2): 8.
    # Seat 0 leads a heart (2 ways): seats 1 and 2 discard any of 3 (9 ways)
    # and seat 0 leads again.  Then leading the other heart gives 4; leading
    # AS gives (2 if KS is gone else 1) * (2 if QS is gone else 1), which
    # sums to 4 * 4 = 16 over the 9 discards: 9 * 4 + 16 = 52 per heart.
    hands = [["AS", "2H", "3H"], ["KS", "4D", "5D"], ["QS", "6C", "7C"]]
    assert count_play_sequences(hands, 0, []) == 8 + 52 + 52


def test_count_mid_trick_winner_leads_next() -> None:
    # Seat 0 led 2S.  Seat 1 must play AS, seat 2 must play 6S; seat 1 wins
    # and leads 2D or 3C, each forcing seat 2's reply, while seat 0 (void)
    # has 2 choices: 2 + 2 = 4.  (Were seat 0 to lead instead it would be 8.)
    hands = [["AH", "KH"], ["AS", "2D", "3C"], ["6S", "4D", "5C"]]
    assert count_play_sequences(hands, 0, ["2S"]) == 4


def test_count_mid_trick_winner_seat_wraps_around() -> None:
    # Seat 2 led 2S; seat 0 must play AS and wins (position 1 is seat 0).
    # Seat 0 leads 2D (seat 1 has 2 diamonds, seat 2 two discards: 4) or 3C
    # (seats 1 and 2 both void: 4): 8.
    hands = [["AS", "2D", "3C"], ["6S", "4D", "5D"], ["AH", "KH"]]
    assert count_play_sequences(hands, 2, ["2S"]) == 8


def test_count_rejects_inconsistent_positions() -> None:
    with pytest.raises(ValueError, match="hand sizes"):
        count_play_sequences([["AS"], ["KS", "QS"], ["JS"]], 0, [])
    with pytest.raises(ValueError, match="hand sizes"):
        count_play_sequences([["AS"], ["KS"], ["QS"]], 0, ["2S"])
    with pytest.raises(ValueError, match="not open"):
        count_play_sequences([[], [], []], 0, ["2S", "3S", "4S"])
    with pytest.raises(ValueError, match="twice"):
        count_play_sequences([["AS"], ["AS"], ["QS"]], 0, [])
