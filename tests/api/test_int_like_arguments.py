"""Int-like arguments (int subclasses, IntEnum members, NumPy integers) are
read as the plain int they stand for, everywhere, in both builds; bools and
look-alikes are refused with the library's errors."""

# mypy: disable-error-code="arg-type,call-overload,assignment,dict-item,operator"
from __future__ import annotations

import enum
import io
import subprocess
import sys

import pytest

import bugami
from bugami import argute
from bugami._kernel.checks import as_int, check_at_least, check_range
from bugami._kernel.seats import check_seat
from bugami.errors import BugamiError, IllegalMoveError, InvalidInputError


class Seat(enum.IntEnum):
    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3


class Agreeable(int):
    """Equal to, below and above everything: trusted, it would pass any check."""

    def __eq__(self, other: object) -> bool:
        return True

    def __ne__(self, other: object) -> bool:
        return False

    def __lt__(self, other: object) -> bool:
        return True

    __le__ = __gt__ = __ge__ = __lt__

    def __hash__(self) -> int:
        return 7


class Touchy(int):
    """An int whose comparisons raise: the library must never compare it."""

    def _refuse(self, other: object) -> bool:
        raise RuntimeError("compared")

    __eq__ = __ne__ = __lt__ = __le__ = __gt__ = __ge__ = _refuse
    __hash__ = int.__hash__


class Indexable:
    """Stands for an int through __index__, as NumPy integers do."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def _bidding_over() -> bugami.Deal:
    state = bugami.deal(bugami.Rules(), seed=5, dealer=3)
    for seat in range(4):
        state = bugami.bid(state, seat, "H")
    return state  # seat 0 to play


# --- the helper ----------------------------------------------------------------


@pytest.mark.parametrize("value", [Seat.SOUTH, Agreeable(2), Touchy(2), Indexable(2), 2])
def test_as_int_gives_the_plain_int(value: object) -> None:
    number = as_int(value)
    assert type(number) is int
    assert int.__eq__(number, 2)


@pytest.mark.parametrize("value", [True, False, 2.0, "2", b"2", None, [2], object()])
def test_as_int_refuses_what_stands_for_no_int(value: object) -> None:
    assert as_int(value) is None


def test_the_checks_return_plain_ints() -> None:
    assert type(check_range("players", Seat.WEST, 3, 7)) is int
    assert type(check_at_least("target", Indexable(5), 1)) is int
    assert type(check_seat(4, Touchy(3))) is int
    with pytest.raises(InvalidInputError, match="not 9"):
        check_seat(4, Agreeable(9))


# --- fault 1: a seat that is an int subclass ----------------------------------


@pytest.mark.parametrize("seat", [Seat.NORTH, Agreeable(0), Touchy(0), Indexable(0)])
def test_play_by_the_mover_as_an_int_like(seat: object) -> None:
    state = _bidding_over()
    card = bugami.legal_moves(state)[0]
    assert bugami.play(state, card, seat=seat) == bugami.play(state, card, seat=0)
    bugami.check_play(state, card, seat=seat)


@pytest.mark.parametrize("seat", [Seat.EAST, Agreeable(1), Touchy(1), Indexable(1)])
def test_play_by_another_seat_as_an_int_like_is_refused(seat: object) -> None:
    state = _bidding_over()
    card = bugami.legal_moves(state)[0]
    with pytest.raises(IllegalMoveError, match=r"^seat 1 cannot play .*: it is seat 0's turn$"):
        bugami.play(state, card, seat=seat)
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn"):
        bugami.check_play(state, card, seat=seat)
    action = {"type": "play", "seat": seat, "card": str(card)}
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn"):
        bugami.apply(state, action)
    with pytest.raises(IllegalMoveError, match="it is seat 0's turn"):
        bugami.step(state, action)


@pytest.mark.parametrize("seat", [Agreeable(9), Indexable(-1), True])
def test_play_by_no_seat_is_refused(seat: object) -> None:
    state = _bidding_over()
    card = bugami.legal_moves(state)[0]
    with pytest.raises(InvalidInputError, match="seat must be a seat from 0 to 3"):
        bugami.play(state, card, seat=seat)


def test_play_of_a_game_with_an_enum_seat() -> None:
    game = bugami.new_game(bugami.Rules(), seed=3, dealer=Seat.WEST)
    for seat in Seat:
        game = bugami.bid(game, seat, "S")
    assert game.current is not None
    mover = Seat(game.current.to_move)
    after = bugami.play(game, bugami.legal_moves(game)[0], seat=mover)
    assert after.current is not None
    assert after.current.to_move == (mover + 1) % 4


def test_bids_from_enum_seats_are_stored_by_plain_seat() -> None:
    state = bugami.deal(bugami.Rules(), seed=2)
    for seat in Seat:
        assert bugami.legal_bids(state, seat) == bugami.legal_bids(state, int(seat))
        state = bugami.bid(state, seat, "C")
    assert state.to_move is not None
    assert type(state.to_move) is int
    replayed = bugami.replay(
        bugami.deal(bugami.Rules(), seed=2),
        [{"type": "bid", "seat": seat, "bid": "C"} for seat in Seat],
    )
    assert replayed == state


def test_argute_with_int_like_seats_bids_and_values() -> None:
    hand = argute.deal(argute.Rules(), seed=1, dealer=Seat.WEST)
    assert type(hand.dealer) is int
    for seat in Seat:
        hand = argute.bid(hand, seat, Seat.EAST)  # a bid of one trick
    assert all(type(bid) is int for bid in hand.bids)
    mover = hand.to_move
    assert mover is not None
    value = argute.legal_moves(hand)[0]
    assert argute.play(hand, Indexable(value), seat=Seat(mover)) == argute.play(hand, value)
    with pytest.raises(IllegalMoveError, match="it is seat"):
        argute.play(hand, value, seat=Agreeable((mover + 1) % 4))
    argute.check_play(hand, value, seat=Touchy(mover))


# --- fault 2: views, and the builds' disagreements -----------------------------


@pytest.mark.parametrize("seat", [Seat.SOUTH, Agreeable(2), Touchy(2), Indexable(2)])
def test_view_with_an_int_like_seat(seat: object) -> None:
    state = _bidding_over()
    seen = bugami.view(state, seat)
    assert seen == bugami.view(state, 2)
    assert type(seen.seat) is int
    assert bugami.loads(bugami.dumps(seen)) == seen
    game = bugami.new_game(bugami.Rules(), seed=1)
    assert bugami.view(game, seat) == bugami.view(game, 2)
    hand = argute.deal(argute.Rules(), seed=1)
    assert argute.view(hand, seat) == argute.view(hand, 2)


def test_evaluate_bids_with_an_enum_seat() -> None:
    state = bugami.deal(bugami.Rules(), seed=2026)
    assert bugami.evaluate_bids(state, Seat.EAST, deals=2, seed=1) == bugami.evaluate_bids(
        state, 1, deals=2, seed=1
    )
    hand = argute.deal(argute.Rules(), seed=4)
    result = argute.evaluate_bids(hand, Seat.SOUTH, deals=2, seed=1)
    assert type(result.seat) is int
    assert result == argute.evaluate_bids(hand, 2, deals=2, seed=1)


def test_rules_with_odd_comparisons_are_checked_by_value() -> None:
    with pytest.raises(InvalidInputError, match="players must be an int from 3 to 7"):
        bugami.Rules(players=Agreeable(9))
    with pytest.raises(InvalidInputError, match="players must be an int from 2 to 7"):
        argute.Rules(players=Agreeable(9))
    rules = bugami.Rules(players=Seat.WEST, jokers=Indexable(2), target=Touchy(100))
    assert rules == bugami.Rules(players=3, jokers=2, target=100)
    assert all(type(n) is int for n in (rules.players, rules.jokers, rules.target))


@pytest.mark.parametrize("maker", [bugami.deal, argute.deal, bugami.new_game])
def test_an_enum_dealer_is_stored_as_a_plain_int(maker: object) -> None:
    rules = argute.Rules() if maker is argute.deal else bugami.Rules()
    made = maker(rules, seed=1, dealer=Seat.EAST)
    plain = maker(rules, seed=1, dealer=1)
    assert made == plain
    assert repr(made) == repr(plain)
    dealer = made.first_dealer if maker is bugami.new_game else made.dealer
    assert type(dealer) is int


def test_constrained_dealing_reads_int_likes() -> None:
    rules = bugami.Rules()
    found = bugami.deal_where(rules, seed=1, dealer=Seat.SOUTH, fixed={Seat.EAST: "AS"})
    assert found == bugami.deal_where(rules, seed=1, dealer=2, fixed={1: "AS"})
    assert type(found.dealer) is int
    assert len(list(bugami.deals_where(rules, seed=1, count=Indexable(2)))) == 2
    hand = argute.deal_where(argute.Rules(), seed=1, dealer=Touchy(1), fixed={Seat.NORTH: "5"})
    assert hand == argute.deal_where(argute.Rules(), seed=1, dealer=1, fixed={0: "5"})


def test_seeds_that_stand_for_ints_deal_as_those_ints() -> None:
    rules = bugami.Rules()
    assert bugami.deal(rules, seed=Seat.WEST) == bugami.deal(rules, seed=3)
    game = bugami.new_game(rules, seed=Agreeable(5))
    assert type(game.seed) is int
    assert game == bugami.new_game(rules, seed=5)
    with pytest.raises(InvalidInputError, match="a seed is an int, a str or bytes, not True"):
        bugami.deal(rules, seed=True)


def test_cards_and_actions_read_int_likes() -> None:
    assert bugami.Card(bugami.Suit.HEARTS, Seat.WEST) == bugami.Card("3H")
    assert bugami.Card.joker(Indexable(2)) == bugami.Card("X2")
    assert bugami.deck(Touchy(1))[-1] == bugami.Card("X1")
    action = bugami.BidAction(Seat.WEST, "H")
    assert type(action.seat) is int
    assert str(action) == "3 bid H"
    assert bugami.parse_action({"type": "bid", "seat": Seat.EAST, "bid": "S"}).seat == 1
    assert argute.BidAction(Indexable(1), Seat.SOUTH).bid == 2


def test_numpy_integers() -> None:
    numpy = pytest.importorskip("numpy")
    state = _bidding_over()
    card = bugami.legal_moves(state)[0]
    assert bugami.play(state, card, seat=numpy.int64(0)) == bugami.play(state, card)
    assert bugami.view(state, numpy.uint8(1)) == bugami.view(state, 1)
    assert bugami.deal(bugami.Rules(players=numpy.int32(5)), seed=numpy.int64(7)) == bugami.deal(
        bugami.Rules(players=5), seed=7
    )
    with pytest.raises(BugamiError):
        bugami.view(state, numpy.bool_(True))


# --- the fast paths are unchanged, and play keeps its guard under -O -----------


@pytest.mark.processes  # runs python -O in a process of its own
def test_play_refuses_a_fault_it_cannot_name_even_under_optimisation() -> None:
    """The internal guard is an explicit raise, not an assert, so python -O
    cannot turn it into ``raise None`` (a TypeError)."""
    code = (
        "import enum, bugami\n"
        "class S(enum.IntEnum):\n    A = 0\n    B = 1\n"
        "s = bugami.deal(bugami.Rules(), seed=5, dealer=3)\n"
        "for k in range(4): s = bugami.bid(s, k, 'H')\n"
        "c = bugami.legal_moves(s)[0]\n"
        "try:\n    bugami.play(s, c, seat=S.B)\n"
        "except bugami.IllegalMoveError as e:\n    print(type(e).__name__)\n"
        "print(bugami.play(s, c, seat=S.A).to_move)\n"
    )
    done = subprocess.run(
        [sys.executable, "-O", "-c", code], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["IllegalMoveError", "1"]


def test_dump_of_a_state_made_with_int_likes_is_canonical() -> None:
    state = bugami.deal(bugami.Rules(players=Seat.WEST), seed=Seat.EAST, dealer=Seat.SOUTH)
    out = io.StringIO()
    bugami.dump(state, out)
    assert out.getvalue() == bugami.dumps(bugami.deal(bugami.Rules(players=3), seed=1, dealer=2))


def test_an_event_shown_to_an_odd_seat_keeps_other_seats_bids_hidden() -> None:
    """An int subclass equal to everything must not uncover another seat's bid."""
    state = bugami.deal(bugami.Rules(), seed=1)
    _, events = bugami.step(state, "0 bid H")
    made = events[0]
    assert made.seen_by(Agreeable(2)).to_dict()["bid"] is None
    assert made.seen_by(Seat.NORTH).to_dict()["bid"] == "H"
    hand = argute.deal(argute.Rules(players=2), seed=1)
    hand, _ = argute.step(hand, "0 bid 1")
    _, events = argute.step(hand, "1 bid 2")
    started = next(event for event in events if isinstance(event, argute.PlayStarted))
    assert isinstance(started, argute.PlayStarted)
    assert started.seen_by(Agreeable(0)).bids == (1, None)
    assert started.seen_by(Touchy(1)).bids == (None, 2)
    with pytest.raises(InvalidInputError, match="an event is seen by a seat from 0 to 6 or None"):
        made.seen_by(True)


# --- the solvers' bounds ----------------------------------------------------------


def _endgame(tricks: int) -> tuple[bugami.Deal, int]:
    """A Bugami position with ``tricks`` tricks left, and the seat to move."""
    state = _bidding_over()
    while 13 - len(state.tricks) > tricks:
        state = bugami.play(state, bugami.legal_moves(state)[0])
    assert state.to_move is not None
    return state, state.to_move


@pytest.mark.parametrize("nodes", [10**100, 2**64, 2**62, Indexable(10**6), Indexable(10**100)])
def test_node_bounds_beyond_any_search_or_int_likes_are_read_as_ints(nodes: object) -> None:
    # the compiled build raised OverflowError (the C search counts in 64 bits) or
    # TypeError (a NumPy integer) for these; both builds now read them as the pure one did
    state, seat = _endgame(3)
    assert bugami.solve(state, seat, max_nodes=nodes) == bugami.solve(state, seat)
    assert bugami.solve_deal(state, max_nodes=nodes) == bugami.solve_deal(state)
    assert argute.solve(_argute_position(), 0, max_nodes=nodes) == argute.solve(
        _argute_position(), 0
    )


def _argute_position() -> argute.Deal:
    state = argute.deal(argute.Rules(players=2), hands=["555000", "111222"])
    return argute.bid(argute.bid(state, 0, 3), 1, 0)


def test_a_node_bound_counts_by_its_value_whatever_its_comparisons() -> None:
    state = _bidding_over()
    with pytest.raises(bugami.SearchLimitError, match="max_nodes=500 positions"):
        bugami.solve(state, 0, max_nodes=Agreeable(500))
    with pytest.raises(bugami.SearchLimitError, match="max_nodes=500 positions"):
        bugami.solve(state, 0, max_nodes=Indexable(500))


def test_an_int_like_time_bound_is_read_as_an_int() -> None:
    state, seat = _endgame(2)
    assert bugami.solve(state, seat, max_seconds=Indexable(60)) == bugami.solve(state, seat)
    assert argute.solve(_argute_position(), 0, max_seconds=Indexable(60)) == argute.solve(
        _argute_position(), 0
    )
