"""An open-hand solver for Bugami: what can one seat force with every card face up?

:func:`solve` looks at a deal in play as if every hand were laid on the table
(bridge players call this *double dummy*) and works out, exactly, the points
one seat can guarantee for the deal whatever the others do. The others are
all assumed to play against that seat -- under Shotgun Wedding its partners
too: the value is what the seat can force on its own. Misère bidders, jokers,
the leftover (it goes to the last trick's winner), sweeps of every trick and
ruling 1 are all taken into account; the value is the score
:func:`bugami.score` would give that seat at the end of best play.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(), seed=11)
>>> for seat, choice in enumerate("SHDC"):
...     state = bugami.bid(state, seat, choice)
>>> while len(state.tricks) < 10:
...     state = bugami.play(state, bugami.legal_moves(state)[0])
>>> state.hands
((Card('4D'), Card('QC'), Card('7C')), (Card('2D'), Card('5C'), Card('4C')), (Card('JC'), Card('6C'), Card('3C')), (Card('9C'), Card('8C'), Card('2C')))
>>> solve(state, 2)
Solution(seat=2, value=10, move_values={4D: 30, QC: 10, 7C: 30})

Seat 2 (bug suit diamonds) has won no trick yet. If seat 0, to lead, plays the
queen of clubs, the others can make seat 2 win one trick with a diamond in it
(10 points); after either other lead, seat 2 can keep clear of every trick
and score 30. ``move_values`` gives, for every legal card of the player to
move, the value for ``seat`` once that card is played (with best play
afterwards); ``value`` is the best of them for the seat to move, here the
worst for seat 2, as seat 0 plays against it.

**How it works.** An alpha-beta search over the rest of the deal, with:

* a compact state of ints: bitmasks for hands and the trick, and the few
  counters the score needs -- the tricks and the bugs of the seat's unit so
  far, and whether one unit has won every trick so far (for sweeps);
* cards merged when they are equivalent: two cards of one suit in one hand
  with no card still in play ranked between them play alike (and so do the
  jokers of one hand);
* bounds from the score formula: from the counters, the tricks left and the
  bug cards in each hand, the best and worst the seat could still score, which
  end the search of a position as soon as the window is out of reach. Every
  hand plays one card to each trick, so the tricks the seat's unit wins take
  at most one bug card a trick from each hand, and at least those a hand
  cannot play to the other tricks (with ``m`` bug cards and ``n`` tricks the
  unit does not win, ``m - n`` of them);
* sweeps ruled out early: a seat (alone in its unit) that lacks the top card
  of a suit it holds cannot win every trick left -- the hand that holds that
  card keeps it for the first trick led in the suit, which the seat must
  follow -- so its bound falls from a sweep's 100 to what it can score
  without one; likewise a seat that holds a card above all of a lone
  sweeper's in a suit they both hold can stop that sweep. These hold when the hands play for them, not on every
  line of play: they bound the value, which is all the search needs. (A
  seat that has won every trick so far may end with more than a sweep's 100
  without sweeping: seven clean tricks are 140.)
* exact values where the play can no longer change the result: a seat whose
  cards all rank below the others' in their suits, not on lead, wins no trick
  left, and a leader whose cards all rank above the others' wins them all;
* a lower bound from keeping out: a seat not on lead whose ``k``-th lowest
  card of each suit ranks below the others' ``k``-th lowest (for each ``k``
  up to the smaller count) can win no trick left -- it plays under the card
  led, and throws its highest cards -- so it can end with what it has; and
  so can a seat on lead that holds a card below all of another hand's cards
  of its suit, if it could keep out of every trick without that card: it
  leads it, and the other hand must beat it;
* a transposition table of those bounds at the start of each trick, keyed by
  who holds which cards (ranks renumbered among the cards still in play, so
  that positions differing only in cards already gone are shared), the leader
  and the counters; it holds at most 500,000 positions and starts afresh when
  full (each of the small caches beside it, at most 200,000 entries). A new
  entry takes the bounds of the entries for the same cards with other
  counters where those are no better (a lower bound) or no worse (an upper
  bound): with no sweep open the score never falls with more tricks (from
  one) nor rises with more bugs, so neither does the value;
* null-window probes (MTD(f)) to pin down each move's exact value, each
  probe stepping on from the bound the last one answered, and each move's
  first probe at the best value of the moves before it (from above, a probe
  fails cheaply; from below, each step up is a proof).

It is Python, compiled by mypyc in the compiled build: the search is a class
whose methods take and return ints, which the compiled build calls directly
(about a microsecond a position, a third of the pure build's time). The
compiled build also holds the same search in C (``_endgame.c``), to which it
hands every trick's start: the same rules, score, bounds, shortcuts, merging
of equivalent cards and move order, about 100 ns a position. Its table is
one block of memory for the process, at most 64 MB, of which each search
takes 32,768 entries at first and doubles its share as it fills it, in
buckets of four that hold the same cards with other counters side by side; keys are
the ranks among the cards in play, and each entry is stamped by the search
that stored it (a search kept in a :class:`Tables` has a block of its own, up
to 64 MB, freed with it). Its values are the Python search's (the tests compare the
two); ``max_nodes`` holds inside it exactly and ``max_seconds`` every
65,536 positions. In the pure build a few tricks from the end it answers at
once, six tricks (24 cards at four players) take a fraction of a second,
eight up to a few seconds; in the compiled build eight tricks take
hundredths of a second, ten from nothing to seconds, and most whole deals
of four and five players within a minute (a few take far longer, and the
seventeen tricks of a 3-player deal mostly stay out of reach); ``max_nodes``
bounds the work (see :func:`solve`).
"""

from __future__ import annotations

import bisect
import gc
import operator
from collections.abc import Callable, Iterable, Iterator
from typing import Final, Literal, overload

from bugami._kernel.play_solutions import PlayedCard, PlaySolution, solve_line
from bugami._kernel.solutions import (
    DEFAULT_MAX_NODES,
    DealSolution,
    Limits,
    SearchLimitError,
    Solution,
    Tables,
    check_arguments,
    check_tables,
    deal_of,
    keep_tables,
    make_solution,
    node_limit,
    solution_of,
    solve_seats,
    time_limit,
    unsolvable,
)
from bugami.core.cards import MISERE, Card, Suit
from bugami.core.declaration import DECLARATION
from bugami.core.game import Game
from bugami.core.play import legal_moves
from bugami.core.scoring import score
from bugami.core.state import Deal

try:  # the compiled build's search in C (see _endgame.c)
    from bugami._endgame import Endgame
except ImportError:  # the pure build
    _ENDGAME: type[Endgame] | None = None
else:
    _ENDGAME = Endgame

__all__ = [
    "DEFAULT_MAX_NODES",
    "DealSolution",
    "PlaySolution",
    "PlayedCard",
    "SearchLimitError",
    "Solution",
    "Tables",
    "solve",
    "solve_deal",
    "solve_play",
]

_CHUNK: Final = 0x1FFF  # the 13 cards of one suit, ace first
_SUIT_MASKS: Final = tuple(_CHUNK << 13 * suit for suit in range(4))
_JOKERS: Final = 0xFF << 52
# Not Final, so that tests may lower them in the compiled build too.
_TABLE_LIMIT: int = 500_000  # positions kept in the transposition table at most
_CACHE_LIMIT: int = 200_000  # entries kept in each of the small module caches
# Trick starts with this many tricks left or fewer go to the C search where
# there is one (the compiled build): every one, as it visits a position some
# twenty times faster than the compiled Python; 0, none. Not Final, for tests.
_ENDGAME_TRICKS: int = 99
_ENDGAME_ENTRIES: int = 32_768  # its table's first size for a search (it doubles as it fills)
_NONE_YET: Final = -2  # sweep state: no trick completed yet
_BROKEN: Final = -1  # sweep state: two units have won tricks


# The public functions' implementations take ``object`` for every argument a
# caller may get wrong and check it themselves, so that the compiled build
# (whose functions would refuse a wrongly typed argument with a bare
# TypeError, and read True as 1) answers bad input as the pure one does; the
# overloads give the types.


@overload
def solve(
    state: Deal,
    seat: int,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> Solution[Card]: ...


@overload
def solve(
    state: Game,
    seat: int,
    *,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> Solution[Card]: ...


def solve(
    state: object,
    seat: object,
    *,
    max_nodes: object = DEFAULT_MAX_NODES,
    max_seconds: object = None,
    tables: object = None,
) -> Solution[Card]:
    """The exact value of a deal in play for ``seat``, with every hand face
    up and every other player against it, and the value after each legal move
    of the player to move (see the module's description).

    :param state: a deal in its play phase (or over), or a game (its current
        deal).
    :param seat: the seat whose points are counted.
    :param max_nodes: the most positions the search may visit (``None``: no
        bound); beyond, :class:`SearchLimitError` is raised. Each position
        costs a few microseconds.
    :param max_seconds: a bound on the time instead (or as well), in
        seconds; also raises :class:`SearchLimitError`. Whether it is reached
        depends on the machine, so it is not reproducible. ``None``,
        infinity and numbers too large for a float (``10**400``) mean no
        limit.
    :param tables: a :class:`Tables` to keep what the search learns for the
        next solves given the same one, and to start from what the earlier
        ones left there (``None``: the search starts from nothing and keeps
        nothing). The values are the same either way.

    A deal still in bidding raises :class:`~bugami.IllegalMoveError`; a deal
    that is over has its score as value and no moves. The result's
    ``to_move`` is the seat whose moves ``move_values`` are for, and its
    ``value`` the best of them for that seat: the highest if it is ``seat``,
    else the lowest.

    While the search runs, Python's cyclic garbage collector is paused (it
    is switched back on afterwards if it was on): this is process-wide, so
    other threads collect no reference cycles for that time.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=3)
    >>> for seat, choice in enumerate("SHDM"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 10:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> result = solve(state, 3)
    >>> result.value in (0, 100), set(result.move_values) == set(bugami.legal_moves(state))
    (True, True)
    >>> solve(bugami.deal(bugami.Rules(), seed=3), 0)
    Traceback (most recent call last):
    ...
    bugami.errors.IllegalMoveError: cannot solve the deal: it is still in bidding (4 bids to come); bid first
    """
    deal = deal_of(state, Deal, Game, "a bugami")
    check_arguments(seat, deal.rules.players, max_nodes, max_seconds)
    check_tables(tables)
    number = operator.index(seat)  # type: ignore[arg-type]
    if deal.is_over:
        return make_solution(number, score(deal)[number], {}, 0, None)
    if deal.to_move is None:
        raise unsolvable(deal.bids, "deal")
    nodes, seconds = node_limit(max_nodes), time_limit(max_seconds)
    search = _Search(deal, number, nodes, seconds, tables is not None)
    keep_tables(tables, search)
    # The search makes no reference cycles, but its tables hold many lists and
    # tuples, which would make each collection of the garbage collector walk
    # them all (a tenth of the compiled build's time): it is paused meanwhile.
    collecting = gc.isenabled()
    gc.disable()
    try:
        values = search.root_values()
    finally:
        if collecting:
            gc.enable()
    moves = legal_moves(deal)
    move_values = {card: values[card.index] for card in moves}
    return solution_of(number, deal.to_move, move_values, search.limits.counter[0])


@overload
def solve_deal(
    state: Deal,
    *,
    seats: Iterable[int] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> DealSolution[Card]: ...


@overload
def solve_deal(
    state: Game,
    *,
    seats: Iterable[int] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    max_seconds: float | None = None,
    tables: Tables | None = None,
) -> DealSolution[Card]: ...


def solve_deal(
    state: object,
    *,
    seats: object = None,
    max_nodes: object = DEFAULT_MAX_NODES,
    max_seconds: object = None,
    tables: object = None,
) -> DealSolution[Card]:
    """Every seat's open-hand value of a deal in play, in one call: a
    :func:`solve` for each of ``seats`` (``None``: every seat), gathered in a
    :class:`DealSolution` in seat order (``.values`` by seat; ``.to_rows()``
    for pandas).

    ``max_nodes`` and ``max_seconds`` bound the whole call, not each seat:
    each search may use what the earlier ones left. Each seat has its own
    search (the values of one seat's positions say nothing of another's), so
    the call costs about as much as the solves it makes. ``tables`` (a
    :class:`Tables`) is given to each solve: one keeps every seat's tables,
    so that the same one passed after each card of a line of play spares
    each seat's search most of its work (the values are the same).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=11)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while len(state.tricks) < 10:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> solve_deal(state)
    DealSolution(values={0: 11, 1: 10, 2: 10, 3: 30})
    >>> [(row["seat"], row["value"]) for row in solve_deal(state, seats=[2, 0]).to_rows()]
    [(0, 11), (2, 10)]
    >>> tables = Tables()
    >>> first = solve_deal(state, tables=tables)
    >>> later = bugami.play(state, bugami.legal_moves(state)[0])
    >>> solve_deal(later, tables=tables) == solve_deal(later)
    True
    """
    deal = deal_of(state, Deal, Game, "a bugami")
    return solve_seats(solve, deal, seats, max_nodes, max_seconds, tables)  # type: ignore[arg-type]


@overload
def solve_play(
    state: Deal,
    *,
    seats: Iterable[int] | None = None,
    last: int | Literal["all"] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    tables: Tables | None = None,
) -> PlaySolution[Card]: ...


@overload
def solve_play(
    state: Game,
    *,
    seats: Iterable[int] | None = None,
    last: int | Literal["all"] | None = None,
    max_nodes: int | None = DEFAULT_MAX_NODES,
    tables: Tables | None = None,
) -> PlaySolution[Card]: ...


def solve_play(
    state: object,
    *,
    seats: object = None,
    last: object = None,
    max_nodes: object = DEFAULT_MAX_NODES,
    tables: object = None,
) -> PlaySolution[Card]:
    """The open-hand values along the play of a deal (a game: its current
    deal), as a :class:`PlaySolution`: each of ``seats``'s (``None``: every
    seat) at the start of each of the deal's last ``last`` tricks (of a deal
    in play, those the play has reached), and for each card those seats
    played there, the value its player could force before it and after it
    -- what the card gave up with every hand face up (a double-dummy
    analysis of the play). Also the scores, if the
    deal is over, or each seat's value where it stands, if it is in play.

    ``last``: a number of tricks from 1 on, ``"all"`` for every trick, or
    ``None`` (the default) for the tricks that hold about the last 24 cards
    (6 at four players, 8 at three, 4 at five or six, 3 at seven): each
    trick further back multiplies the work, and whole deals want the compiled
    build. ``max_nodes`` bounds each solve, not the call: a position that
    needs more is ``None`` in the result, not an error. ``tables`` (a
    :class:`Tables`; ``None``: a fresh one) carries each seat's search from
    one position to the next. The ``bugami solve`` command prints the same.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(), seed=12)
    >>> for seat, choice in enumerate("SHDC"):
    ...     state = bugami.bid(state, seat, choice)
    >>> while not state.is_over:
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> solved = solve_play(state, last=3)
    >>> solved.tricks[0]  # trick 10 (from 0): every seat's value at its start
    (10, (4, 13, 6, 30))
    >>> solved.end  # the scores
    (3, 16, 6, 30)
    >>> [card.to_row() for card in solved.losses]
    [{'trick': 11, 'seat': 0, 'card': 'TC', 'value': 3, 'best': 4, 'loss': 1}]
    """
    deal = deal_of(state, Deal, Game, "a bugami")
    return solve_line(
        DECLARATION, solve, deal, seats=seats, last=last, max_nodes=max_nodes, tables=tables
    )


# --- the search ------------------------------------------------------------------------


def _mask(cards: tuple[Card, ...]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << card.index
    return mask


# For a suit (above), its cards still in play (a 13-bit chunk, bit 0 the ace)
# and the legal cards of one hand in it (the lowest 13 bits): the cards worth
# trying, by index -- one per run of the hand's cards with no other card in
# play between them (the highest of the run). The lists are shared: never
# changed once made.
_REPRESENTATIVES: dict[int, list[int]] = {}


def _representatives(key: int) -> list[int]:
    base = 13 * (key >> 26)
    inplay = key >> 13 & _CHUNK
    mine = key & _CHUNK
    found = []
    previous_mine = False
    for bit in range(13):
        if not inplay >> bit & 1:
            continue
        if mine >> bit & 1:
            if not previous_mine:
                found.append(base + bit)
            previous_mine = True
        else:
            previous_mine = False
    if len(_REPRESENTATIVES) >= _CACHE_LIMIT:
        _REPRESENTATIVES.clear()
    _REPRESENTATIVES[key] = found
    return found


# For the cards of one suit in each hand (13-bit chunks side by side above the
# number of hands, in the lowest three bits): who holds each card of the suit
# still in play, best first, as the digits of one int after a leading 1 (for
# the keys of the transposition table: the ranks renumbered among the cards in
# play, so that cards already gone do not count).
_OWNERS: dict[int, int] = {}


def _owners(key: int) -> int:
    players = key & 7
    chunks = key >> 3
    result = 1
    for bit in range(13):
        for hand in range(players):
            if chunks >> 13 * hand + bit & 1:
                result = result * players + hand
                break
    if len(_OWNERS) >= _CACHE_LIMIT:
        _OWNERS.clear()
    _OWNERS[key] = result
    return result


class _Search:
    """One solve: the position as ints, and the alpha-beta search over it."""

    def __init__(
        self,
        deal: Deal,
        seat: int,
        max_nodes: int | None,
        max_seconds: float | None,
        kept: bool = False,
    ) -> None:
        rules = deal.rules
        players = rules.players
        bids = deal.bids
        self.deal = deal
        self.players = players
        self.seat = seat
        # Units: a seat alone, or (Shotgun Wedding) the seats that named one suit.
        unit_of = list(range(players))
        if rules.shotgun_wedding:
            first: dict[object, int] = {}
            for other, choice in enumerate(bids):
                if choice is not MISERE:
                    unit_of[other] = first.setdefault(choice, other)
        own = unit_of[seat]
        self.unit_of = unit_of
        self.in_unit = [unit_of[other] == own for other in range(players)]
        self.own = own
        mine = bids[seat]
        self.misere = mine is MISERE
        if isinstance(mine, Suit):
            self.bug_mask = _SUIT_MASKS[mine.index] | _JOKERS
        else:
            self.bug_mask = 0
        self.leftover_bugs = (_mask(deal.leftover) & self.bug_mask).bit_count()
        self.total = rules.hand_size
        # The counters from the tricks already played.
        tricks = 0
        bugs = 0
        sweep = _NONE_YET
        for trick in deal.tricks:
            winner = trick.winner
            if self.in_unit[winner]:
                tricks += 1
                bugs += (_mask(trick.cards) & self.bug_mask).bit_count()
            unit = unit_of[winner]
            if sweep == _NONE_YET:
                sweep = unit
            elif sweep != unit:
                sweep = _BROKEN
        self.tricks = tricks
        self.bugs = bugs
        self.sweep = sweep
        self.hands = [_mask(hand) for hand in deal.hands]
        self.trick = [card.index for card in deal.current_trick]
        self.leader: int = deal.leader  # type: ignore[assignment]
        self.left = self.hands[self.leader].bit_count() + (1 if self.trick else 0)
        self.limits = Limits(max_nodes, max_seconds, self.left)
        self.alone = self.in_unit.count(True) == 1
        # a suit bidder alone in its unit: a sweep of its unit is one of its own
        self.defended = self.alone and not self.misere
        self.solo = [unit_of.count(unit_of[other]) == 1 for other in range(players)]
        self.ceiling = 20 * self.total + 101  # above every score
        self.next_of = [(other + 1) % players for other in range(players)]
        # the transposition table (by squeezed ranks), and the same entries by
        # the exact position, a quicker first look
        self.table: dict[tuple[int, ...], list[int]] = {}
        self.known: dict[tuple[int, ...], list[int]] = {}
        # the table's entries (with their tricks and bugs) by the cards and the
        # leader alone, for the positions where no sweep is open
        self.siblings: dict[tuple[int, ...], list[list[int]]] = {}
        # the score bounds of the positions they answered, by the exact position
        self.bounded: dict[tuple[int, ...], tuple[int, int]] = {}
        self.bound_cache: dict[int, tuple[int, int]] = {}
        self.move_cache: dict[int, list[int]] = {}
        self.throw_cache: dict[int, list[int]] = {}
        self.nodes = 0
        self.checkpoint = self.limits.checkpoint[0]
        self.endgame_tricks = 0
        self.endgame: Endgame | None = None
        if _ENDGAME is not None and _ENDGAME_TRICKS > 0:
            self.endgame = _ENDGAME(
                players, seat, tuple(unit_of), self.misere, self.bug_mask,
                self.leftover_bugs, self.ceiling, _ENDGAME_ENTRIES, kept,
            )  # fmt: skip
            self.endgame_tricks = _ENDGAME_TRICKS
        # what the tables' values depend on besides the positions (see Tables)
        self.question: tuple[object, ...] = (
            rules, seat, tuple(unit_of), self.misere, self.bug_mask, self.leftover_bugs,
        )  # fmt: skip

    def positions(self) -> int:
        """How many positions the tables hold (for :class:`Tables`)."""
        return len(self.known) + len(self.bounded)

    def take_tables(self, kept: object) -> None:
        """Search on with the tables of ``kept``, a search for the same
        question (see :class:`Tables`)."""
        assert isinstance(kept, _Search)
        self.table = kept.table
        self.known = kept.known
        self.siblings = kept.siblings
        self.bounded = kept.bounded
        self.bound_cache = kept.bound_cache
        self.move_cache = kept.move_cache
        self.throw_cache = kept.throw_cache
        if kept.endgame is not None and self.endgame is not None:
            # the C search's entries, stamped by it: read on, but those of
            # the earlier solves give way to this one's where room is short
            self.endgame = kept.endgame
            self.endgame.age()

    # -- the score -----------------------------------------------------------------

    def final(self, tricks: int, bugs: int, sweep: int) -> int:
        """The seat's points at the end, from its unit's counters."""
        if self.misere:
            return 100 if tricks == 0 else 0
        if sweep >= 0:
            return 100 if sweep == self.own else 0
        if tricks == 0:
            return 30
        if bugs == 0:
            return 20 * tricks
        return 10 * tricks // bugs

    def bounds(
        self, tricks: int, bugs: int, sweep: int, left: int, counts: int, most: int
    ) -> tuple[int, int]:
        """The least and the most the seat could still score, with ``left``
        tricks to play, ``counts`` the number of its bug cards in each hand
        (five bits a hand, the first hand lowest) and ``most`` the most
        tricks the others can hold the seat's unit to (``left`` if unknown;
        ``left - 1`` where they can stop its sweep).

        Every hand plays one card to each trick: in the ``more`` tricks that
        the seat's unit wins, a hand with ``m`` bug cards plays at least
        ``m - (left - more)`` of them (it has only ``left - more`` other
        tricks to play them to) and at most ``min(m, more)``; the leftover's
        go with the last trick. The most is taken over ``more`` up to
        ``most`` only (the others can keep the unit below that, so the value
        is no higher), the least over every ``more`` (the others may prefer
        to give the seat more tricks, if they bring bugs). A sweep of the
        seat's unit, still open while it has won every trick so far and
        ``most == left``, is worth 100 -- which is not always the most: ten
        clean tricks without a sweep are worth 200.
        """
        if self.misere:
            if tricks:
                return 0, 0
            return 0, 100
        kind = 0 if sweep == _NONE_YET else 1 if sweep == self.own else 2 if sweep >= 0 else 3
        key = (
            ((((tricks * 64 + bugs) * 4 + kind) * 32 + left) * 32 + most) << 5 * self.players
        ) | counts
        found = self.bound_cache.get(key)
        if found is not None:
            return found
        leftover_bugs = self.leftover_bugs
        low = 1 << 30
        high = -1
        for more in range(left + 1):
            total = tricks + more
            least_bugs = bugs
            most_bugs = bugs
            rest = counts
            while rest:
                held = rest & 31
                rest >>= 5
                if held > left - more:
                    least_bugs += held - (left - more)
                most_bugs += held if held < more else more
            if more == left:
                least_bugs += leftover_bugs
            if more:
                most_bugs += leftover_bugs
            # the most: as few new bugs as can be; the least: as many
            best = 30 if total == 0 else 20 * total if least_bugs == 0 else 10 * total // least_bugs
            worst = 30 if total == 0 else 20 * total if most_bugs == 0 else 10 * total // most_bugs
            if more <= most:
                high = max(high, best)
            low = min(low, worst)
        if kind in (0, 1):
            # A sweep is still open: it scores 100, which may lie outside what
            # the tricks and bugs alone allow (more clean tricks score more);
            # the most takes it only where the others cannot stop it.
            if most == left:
                high = max(high, 100)
            low = min(low, 100)
        if kind in (0, 2):
            low = 0
        result = (low, high)
        self.bound_cache[key] = result
        return result

    def opening_bounds(
        self, tricks: int, bugs: int, sweep: int, left: int, counts: int, remaining: int
    ) -> tuple[int, int]:
        """:meth:`bounds` at a trick's start, ``remaining`` the cards in
        hand: with the sweeps that cannot happen ruled out (see the module's
        description)."""
        hands = self.hands
        seat = self.seat
        opening = sweep
        if (
            sweep >= 0
            and sweep != self.own
            and self.solo[sweep]
            and _blocks(hands[seat], hands[sweep])
        ):
            # The seat holds, in a suit the sweeper holds, a card above all of
            # the sweeper's: it can stop the sweep.
            opening = -1
        most = left
        if (
            self.defended
            and (sweep == -2 or sweep == self.own)
            and _blocks(remaining & ~hands[seat], hands[seat])
        ):
            # Another hand holds, in a suit the seat holds, a card above all
            # of the seat's: the seat cannot win every trick left.
            most = left - 1
        return self.bounds(tricks, bugs, opening, left, counts, most)

    # -- moves -----------------------------------------------------------------------

    def root_values(self) -> dict[int, int]:
        """The exact value after each legal card of the player to move (by
        card index); equivalent cards share the value of their representative."""
        hands = self.hands
        players = self.players
        leader = self.leader
        trick = self.trick
        position = len(trick)
        mover = (leader + position) % players
        hand = hands[mover]
        remaining = 0
        for other_hand in hands:
            remaining |= other_hand
        trick_mask = 0
        for index in trick:
            trick_mask |= 1 << index
        # The trick so far, as the search keeps it.
        follow = 0
        winning = -1
        winner = leader
        trick_bugs = 0
        if trick:
            led = trick[0]
            if led < 52:
                follow = _SUIT_MASKS[led // 13]
                winning = led
            for offset, index in enumerate(trick):
                trick_bugs += self.bug_mask >> index & 1
                if offset and winning >= 0 and follow >> index & 1 and index < winning:
                    winning = index
                    winner = (leader + offset) % players
        legal = hand & follow if position else hand
        if not legal:
            legal = hand
        values: dict[int, int] = {}
        representative_of: dict[int, int] = {}
        inplay = remaining | trick_mask
        for group in _groups(legal, inplay):
            for index in group:
                representative_of[index] = group[0]
        guess = None
        for index in sorted(set(representative_of.values())):

            def probe(alpha: int, beta: int, index: int = index) -> int:
                return self.step(
                    position, leader, follow, winning, winner, trick_bugs, trick_mask, remaining,
                    self.tricks, self.bugs, self.sweep, alpha, beta, index,
                )  # fmt: skip

            value = _exact(probe, guess, self.candidates(remaining))
            # The next card's first probe: the best value so far. A probe
            # above a card's value fails low, cheaply, with a bound near it;
            # one below proves a floor, costly, and again for each step up --
            # so the probes had better come down to the values than go up.
            if guess is None or value > guess:
                guess = value
            values[index] = value
        self.limits.counter[0] = self.nodes
        return {index: values[rep] for index, rep in representative_of.items()}

    def candidates(self, remaining: int) -> list[int]:
        """Every score the seat might still end with, in increasing order."""
        if self.misere:
            return [0] if self.tricks else [0, 100]
        bug_cards = (remaining & self.bug_mask).bit_count() + len(self.trick)
        bug_cards += self.leftover_bugs
        left = self.hands[self.leader].bit_count() + (1 if self.trick else 0)
        found = {0, 100}
        for more in range(left + 1):
            total = self.tricks + more
            for bugs in range(self.bugs, self.bugs + bug_cards + 1):
                found.add(self.final(total, bugs, _BROKEN))
        return sorted(found)

    # -- the search ------------------------------------------------------------------
    #
    # Methods rather than closures, with int arguments and results and typed
    # attributes: the compiled build calls them directly, its ints unboxed.

    def count(self) -> None:
        """The node count reached its checkpoint: check the limits (which
        raise :class:`SearchLimitError` past a bound) and read the next one."""
        limits = self.limits
        limits.counter[0] = self.nodes
        limits.check(self.nodes)
        self.checkpoint = limits.checkpoint[0]

    def moves(self, legal: int, inplay: int) -> list[int]:
        """The cards worth trying among ``legal``: one per run of equivalent
        cards (a shared list: not to be changed). Cards of one suit (a
        follower's) are read from the small cache of one suit; others from
        the search's own cache of whole lists."""
        low = (legal & -legal).bit_length() - 1
        if low < 52:
            suit = low // 13
            if not legal & ~_SUIT_MASKS[suit]:
                key = (suit << 13 | inplay >> 13 * suit & _CHUNK) << 13 | legal >> 13 * suit
                reps = _REPRESENTATIVES.get(key)
                if reps is None:
                    reps = _representatives(key)
                return reps
        move_cache = self.move_cache
        cache_key = inplay << 60 | legal
        found = move_cache.get(cache_key)
        if found is not None:
            return found
        found = []
        for suit in range(4):
            mine = legal >> 13 * suit & _CHUNK
            if mine:
                key = (suit << 13 | inplay >> 13 * suit & _CHUNK) << 13 | mine
                reps = _REPRESENTATIVES.get(key)
                if reps is None:
                    reps = _representatives(key)
                found.extend(reps)
        jokers = legal >> 52
        if jokers:
            found.append(52 + ((jokers & -jokers).bit_length() - 1))
        if len(move_cache) >= _CACHE_LIMIT:
            move_cache.clear()
        move_cache[cache_key] = found
        return found

    def throws(self, legal: int, inplay: int, bugs_first: bool) -> list[int]:
        """:meth:`moves` for a hand that cannot follow and holds bug cards,
        its bug cards first or last (a shared list). Another hand tries them
        first if the seat's side is winning the trick (loaded on the seat's
        trick, they are the likeliest to refute it), else last (kept for a
        trick of the seat's); the seat, first if the others are winning (shed
        where they cost nothing), else last."""
        key = (inplay << 60 | legal) << 1 | bugs_first
        found = self.throw_cache.get(key)
        if found is None:
            bug_mask = self.bug_mask
            bug_cards = []
            other_cards = []
            for index in self.moves(legal, inplay):
                if bug_mask >> index & 1:
                    bug_cards.append(index)
                else:
                    other_cards.append(index)
            found = bug_cards + other_cards if bugs_first else other_cards + bug_cards
            if len(self.throw_cache) >= _CACHE_LIMIT:
                self.throw_cache.clear()
            self.throw_cache[key] = found
        return found

    def lead(
        self, leader: int, remaining: int, tricks: int, bugs: int, sweep: int, alpha: int, beta: int
    ) -> int:
        """The value of a trick's start, ``leader`` to lead (fails soft)."""
        hands = self.hands
        left = hands[leader].bit_count()
        if left == 1:
            return self.last_trick(leader, tricks, bugs, sweep)
        if left <= self.endgame_tricks and self.endgame is not None:
            limits = self.limits
            budget = limits.max_nodes - self.nodes if limits.max_nodes > 0 else -1
            answer, searched = self.endgame.lead(
                hands, leader, tricks, bugs, sweep, alpha, beta, budget, limits.deadline
            )
            self.nodes += searched
            if answer is None:  # stopped by a limit, which raises here
                self.count()
                raise AssertionError("the C search stopped within the limits")
            if self.nodes >= self.checkpoint:
                self.count()
            return answer
        # the counters in one int (tricks and bugs below 64, sweep from -2)
        counters = ((leader * 64 + tricks) * 64 + bugs) * 16 + sweep + 2
        exact_key = (counters, *hands)
        known = self.known
        entry = known.get(exact_key)
        if entry is None:
            found = self.bounded.get(exact_key)
            if found is not None:
                # the score bounds of a position they answered before: do they
                # answer this window too?
                if found[0] >= beta or found[0] == found[1]:
                    return found[0]
                if found[1] <= alpha:
                    return found[1]
            bug_mask = self.bug_mask
            counts = 0
            if bug_mask:
                shift = 0
                for hand in hands:
                    counts |= (hand & bug_mask).bit_count() << shift
                    shift += 5
            if sweep == -1:  # most often: no sweep is open, nothing to rule out
                low, high = self.bounds(tricks, bugs, sweep, left, counts, left)
            else:
                low, high = self.opening_bounds(tricks, bugs, sweep, left, counts, remaining)
            ducking = (
                self.alone and leader != self.seat and (self.misere or sweep == -1) and low < high
            )
            if ducking and _ducks(hands[self.seat], remaining):
                # The seat's cards rank below the others' in every suit, and it
                # is not on lead: it can win no trick left, whatever anyone
                # plays, so it ends with what it has.
                low = high = self.final(tricks, bugs, -1)
            elif low < high and _commands(hands[leader], remaining):
                # The leader's cards rank above the others' in every suit it
                # holds: it wins every trick left, whatever anyone plays.
                own = self.own
                if self.in_unit[leader]:
                    low = high = self.final(
                        tricks + left,
                        bugs + (remaining & bug_mask).bit_count() + self.leftover_bugs,
                        own if sweep == -2 or sweep == own else -1,
                    )
                else:
                    unit = self.unit_of[leader]
                    low = high = self.final(tricks, bugs, unit if sweep in (-2, unit) else -1)
            elif ducking:
                kept = self.final(tricks, bugs, -1)
                if kept > low and _keeps_out(hands[self.seat], remaining):
                    # The seat, not on lead, can keep out of every trick left
                    # (see _keeps_out): it can end with what it has.
                    low = kept
            elif (
                leader == self.seat
                and self.alone
                and (self.misere or sweep == -1)
                and low < high
                and low < beta
            ):
                kept = self.final(tricks, bugs, -1)
                if kept > low and _leads_out(hands[leader], hands, remaining):
                    # The seat, on lead, can lose this trick and keep out of
                    # every trick after it (see _leads_out).
                    low = kept
            if low >= beta or low == high or high <= alpha:
                # answered by the bounds: kept by the exact position, apart
                # from the table (so that they never make it start afresh)
                bounded = self.bounded
                if len(bounded) >= _TABLE_LIMIT:
                    bounded.clear()
                bounded[exact_key] = (low, high)
                return low if low >= beta or low == high else high
            # the key: who holds which cards, ranks renumbered among those in play
            parts = [counters]
            players = self.players
            for suit in range(4):
                if remaining >> 13 * suit & _CHUNK:
                    key = players
                    shift = 3
                    for hand in hands:
                        key |= (hand >> 13 * suit & _CHUNK) << shift
                        shift += 13
                    value = _OWNERS.get(key)
                    if value is None:
                        value = _owners(key)
                    parts.append(value)
                else:
                    parts.append(1)
            if remaining >> 52:
                for hand in hands:
                    parts.append((hand >> 52).bit_count())
            key_tuple = tuple(parts)
            table = self.table
            entry = table.get(key_tuple)
            if entry is None:
                if len(known) >= _TABLE_LIMIT:  # keep memory bounded: start afresh
                    table.clear()
                    known.clear()
                    self.siblings.clear()
                if sweep == -1 and not self.misere:
                    parts[0] = leader  # the cards and the leader, without the counters
                    entry = self.sibling_entry(tuple(parts), tricks, bugs, low, high)
                else:
                    entry = [low, high, -1]
                table[key_tuple] = entry
            known[exact_key] = entry
        # the entry's bounds are never looser than those of the score formula
        low = entry[0]
        high = entry[1]
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        if low > alpha:
            alpha = low
        if high < beta:
            beta = high
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.count()
        hand = hands[leader]
        options = self.moves(hand, remaining)
        bug_mask = self.bug_mask
        first = entry[2]  # the best move found before (-1: none yet): tried first
        if first < 0:  # a new entry: the seat leads a card not of its bugs first
            first = 0
            if leader == self.seat and hand & bug_mask:
                for position in range(len(options)):
                    if not bug_mask >> options[position] & 1:
                        first = position
                        break
        maximizing = leader == self.seat
        value = -1 if maximizing else self.ceiling
        chosen = 0
        floor = alpha
        roof = beta
        for turn in range(len(options)):
            position = first if turn == 0 else turn - 1 if turn <= first else turn
            index = options[position]
            bit = 1 << index
            hands[leader] = hand ^ bit
            if index < 52:
                result = self.step(1, leader, _SUIT_MASKS[index // 13], index, leader,
                                   bug_mask >> index & 1, bit, remaining & ~bit, tricks, bugs,
                                   sweep, alpha, beta, -1)  # fmt: skip
            else:
                result = self.step(1, leader, 0, -1, leader, bug_mask >> index & 1, bit,
                                   remaining & ~bit, tricks, bugs, sweep, alpha, beta, -1)  # fmt: skip
            hands[leader] = hand
            if maximizing:
                if result > value:
                    value = result
                    chosen = position
                    if result > alpha:
                        alpha = result
                        if alpha >= beta:
                            break
            elif result < value:
                value = result
                chosen = position
                if result < beta:
                    beta = result
                    if alpha >= beta:
                        break
        if value <= floor:
            high = value
        elif value >= roof:
            low = value
        else:
            low = high = value
        entry[0] = low
        entry[1] = high
        entry[2] = chosen
        return value

    def sibling_entry(
        self, cards_key: tuple[int, ...], tricks: int, bugs: int, low: int, high: int
    ) -> list[int]:
        """A new table entry for a trick's start with no sweep open (not a
        misère bid), its bounds ``low`` and ``high`` tightened by those of the
        entries for the same cards and leader (``cards_key``) with other
        counters; it keeps its own counters to tighten later ones.

        The score ``10 * t // b`` (``20 * t`` without a bug, 30 without a
        trick) never falls as ``t`` grows from 1 and never rises as ``b``
        grows. So on every line of play from the same cards the seat scores
        no less with more tricks and fewer bugs so far (one trick or more,
        or none in both), and so does the value, best play over the same
        lines: the lower bound of an entry with counters no better holds
        here, and the upper bound of one with counters no worse.

        With a trick and a bug at least in both counters, more carries over:
        the score is then ``10 * (t + m) // (b + x)`` on every line (``m``
        tricks and ``x`` bugs still to come), at least ``L`` exactly when
        ``10 * m - L * x >= L * b - 10 * t``, a sum over the tricks to come
        that does not depend on the counters. So an entry whose value is at
        least ``L`` with counters ``t0``, ``b0`` says the seat can make that
        sum reach ``L * b0 - 10 * t0``; the sum only grows as ``L`` falls, so
        the value here is at least every ``L' <= L`` with ``L' * b - 10 * t``
        no more than that. Likewise an entry at most ``H`` (below ``H + 1``)
        says the others can hold the sum for ``H + 1`` under
        ``(H + 1) * b0 - 10 * t0``, and so for every ``H' >= H``: the value
        here is at most every such ``H'`` with ``(H' + 1) * b - 10 * t`` no
        less than that."""
        others = self.siblings.get(cards_key)
        if others is None:
            others = []
            self.siblings[cards_key] = others
        scored = tricks > 0 and bugs > 0
        for other in others:
            other_tricks = other[3]
            other_bugs = other[4]
            if scored and other_tricks > 0 and other_bugs > 0:
                # both score 10 * t // b on every line (see above)
                other_low = other[0]
                if other_low > low:
                    reach = (other_low * other_bugs - 10 * other_tricks + 10 * tricks) // bugs
                    if reach > low:
                        low = reach if reach < other_low else other_low
                other_high = other[1] + 1
                if other_high <= high:
                    reach = -((10 * other_tricks - other_high * other_bugs - 10 * tricks) // bugs)
                    if reach < other_high:
                        reach = other_high
                    if reach <= high:
                        high = reach - 1
            elif other_tricks <= tricks and other_bugs >= bugs:
                if other[0] > low and (other_tricks or not tricks):
                    low = other[0]
            elif (
                other_tricks >= tricks
                and other_bugs <= bugs
                and other[1] < high
                and (tricks or not other_tricks)
            ):
                high = other[1]
        entry = [low, high, -1, tricks, bugs]
        others.append(entry)
        return entry

    def last_trick(self, leader: int, tricks: int, bugs: int, sweep: int) -> int:
        """Every hand holds one card: the play is forced."""
        hands = self.hands
        next_of = self.next_of
        bug_mask = self.bug_mask
        card = hands[leader]
        led = card.bit_length() - 1
        winner = leader
        trick_bugs = bug_mask >> led & 1
        if led < 52:
            follow = _SUIT_MASKS[led // 13]
            winning = led
            other = next_of[leader]
            while other != leader:
                index = hands[other].bit_length() - 1
                trick_bugs += bug_mask >> index & 1
                if follow >> index & 1 and index < winning:
                    winning = index
                    winner = other
                other = next_of[other]
        else:
            other = next_of[leader]
            while other != leader:
                trick_bugs += bug_mask >> (hands[other].bit_length() - 1) & 1
                other = next_of[other]
        if self.in_unit[winner]:
            tricks += 1
            bugs += trick_bugs + self.leftover_bugs
        unit = self.unit_of[winner]
        if sweep == -2:
            sweep = unit
        elif sweep != unit:
            sweep = -1
        return self.final(tricks, bugs, sweep)

    def step(self, position: int, leader: int, follow: int, winning: int, winner: int,
             trick_bugs: int, trick_mask: int, remaining: int, tricks: int, bugs: int,
             sweep: int, alpha: int, beta: int, only: int) -> int:  # fmt: skip
        """The value of a position inside a trick: the ``position``-th card of
        the trick to play (fails soft); ``only`` >= 0 tries that card alone."""
        self.nodes += 1
        if self.nodes >= self.checkpoint:
            self.count()
        players = self.players
        hands = self.hands
        bug_mask = self.bug_mask
        mover = (leader + position) % players
        hand = hands[mover]
        if position:
            legal = hand & follow
            if not legal:
                legal = hand
        else:
            legal = hand
        maximizing = mover == self.seat
        if only >= 0:
            options = [only]
        elif not position or not legal & bug_mask or not legal & ~bug_mask:
            options = self.moves(legal, remaining | trick_mask)
        elif maximizing:
            # the seat throwing cards, bug cards among them
            options = self.throws(legal, remaining | trick_mask, not self.in_unit[winner])
        else:
            # another hand throwing cards, bug cards among them
            options = self.throws(legal, remaining | trick_mask, self.in_unit[winner])
        best = -1 if maximizing else self.ceiling
        last = position == players - 1
        for index in options:
            bit = 1 << index
            hands[mover] = hand ^ bit
            if position == 0:
                if index < 52:
                    new_follow = _SUIT_MASKS[index // 13]
                    new_winning = index
                else:
                    new_follow = 0
                    new_winning = -1
                new_winner = leader
            elif winning >= 0 and follow & bit and index < winning:
                new_follow = follow
                new_winning = index
                new_winner = mover
            else:
                new_follow = follow
                new_winning = winning
                new_winner = winner
            new_bugs = trick_bugs + (bug_mask >> index & 1)
            if last:
                after = remaining & ~bit
                won = self.in_unit[new_winner]
                new_tricks = tricks + 1 if won else tricks
                total_bugs = bugs + new_bugs if won else bugs
                unit = self.unit_of[new_winner]
                new_sweep = unit if sweep == -2 else sweep if sweep == unit else -1
                if after == 0:
                    if won:
                        total_bugs += self.leftover_bugs
                    value = self.final(new_tricks, total_bugs, new_sweep)
                elif hands[new_winner] & (hands[new_winner] - 1) == 0:
                    value = self.last_trick(new_winner, new_tricks, total_bugs, new_sweep)
                else:
                    value = self.lead(new_winner, after, new_tricks, total_bugs,
                                      new_sweep, alpha, beta)  # fmt: skip
            else:
                value = self.step(position + 1, leader, new_follow, new_winning, new_winner,
                                  new_bugs, trick_mask | bit, remaining & ~bit, tricks, bugs,
                                  sweep, alpha, beta, -1)  # fmt: skip
            hands[mover] = hand
            if maximizing:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best = value
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        return best


def _ducks(mine: int, remaining: int) -> bool:
    """Whether a hand (``mine``, not on lead) can keep out of every trick
    left: in each suit, all its cards rank below every card of that suit in
    the other hands (``remaining`` holds every card in hand). A card led by
    another hand then always beats it, a led joker wins, and a card played on
    another suit (a joker included) never wins."""
    others = remaining & ~mine
    for suit in range(4):
        own = mine >> 13 * suit & _CHUNK
        if own:
            rest = others >> 13 * suit & _CHUNK
            # bit 0 is the ace: the hand's best card must come after their worst
            if rest and (own & -own).bit_length() <= rest.bit_length():
                return False
    return True


# For the cards of one suit in one hand and in the others' (13-bit chunks,
# the hand's above): whether the hand can keep out of every trick in the suit
# (see _keeps_out).
_KEEPS_OUT: dict[int, bool] = {}


def _keeps_out_of_suit(key: int) -> bool:
    """:func:`_keeps_out` in one suit: the hand's cards (``key >> 13``)
    against the others' (the lowest 13 bits), bit 0 the ace."""
    if len(_KEEPS_OUT) >= _CACHE_LIMIT:
        _KEEPS_OUT.clear()
    mine = key >> 13
    others = key & _CHUNK
    held = mine.bit_count()
    seen_mine = 0
    seen_others = 0
    for bit in range(12, -1, -1):  # from the two up
        if mine >> bit & 1:
            seen_mine += 1
        elif others >> bit & 1:
            seen_others += 1
            if seen_others > held:
                break
            if seen_mine < seen_others:
                _KEEPS_OUT[key] = False
                return False
    _KEEPS_OUT[key] = True
    return True


def _keeps_out(mine: int, remaining: int) -> bool:
    """Whether a hand (``mine``, not on lead) can keep out of every trick
    left whatever the others play: in each suit it holds, its ``k``-th lowest
    card ranks below the others' ``k``-th lowest, for every ``k`` up to the
    smaller of the two counts. It plays, to a trick led in the suit, its
    highest card below the card led, and throws its highest card of a suit
    when it cannot follow; this keeps the condition true (a card led by
    another and one of the hand's below it go; the others' other cards that
    go only raise their ``k``-th lowest), so it never wins a trick and never
    leads. Weaker than :func:`_ducks`, which asks for every card below all
    of the others': here the hand may win tricks if it chooses to."""
    others = remaining & ~mine
    for suit in range(4):
        own = mine >> 13 * suit & _CHUNK
        if own:
            key = own << 13 | others >> 13 * suit & _CHUNK
            found = _KEEPS_OUT.get(key)
            if found is None:
                found = _keeps_out_of_suit(key)
            if not found:
                return False
    return True


def _leads_out(mine: int, hands: list[int], remaining: int) -> bool:
    """Whether a hand on lead (``mine``, one of ``hands``) can keep out of
    every trick left whatever the others play: it holds a card below all the
    cards of its suit in another hand, and without that card it could keep
    out of every trick (:func:`_keeps_out`). It leads that card, which the
    other hand must beat (it must follow the suit); the cards the others
    play to the trick only raise their ``k``-th lowest, so
    :func:`_keeps_out` still holds after it, with another hand on lead."""
    for suit in range(4):
        own = mine >> 13 * suit & _CHUNK
        if not own:
            continue
        # the highest of the other hands' lowest cards of the suit (bit 0 the ace)
        threshold = 13
        for hand in hands:
            if hand != mine:
                theirs = hand >> 13 * suit & _CHUNK
                if theirs and theirs.bit_length() - 1 < threshold:
                    threshold = theirs.bit_length() - 1
        below = own >> threshold + 1 << threshold + 1
        if below:
            card = 1 << 13 * suit + (below & -below).bit_length() - 1
            if _keeps_out(mine & ~card, remaining & ~card):
                return True
    return False


def _blocks(mine: int, theirs: int) -> bool:
    """Whether a hand (``mine``) can stop another (``theirs``) from winning
    every trick left: in a suit that both hold, its best card ranks above
    all of theirs. It keeps that card and plays it to the first trick led in
    the suit, or leads it if it leads the suit (throwing it only if it is
    all it holds, at the last trick);
    the other must play every card it holds, each winning its trick, but its
    cards of that suit cannot win while that card is out -- it must follow
    the suit when it is led, and a card thrown on another suit never wins."""
    for suit in range(4):
        their = theirs >> 13 * suit & _CHUNK
        if their:
            own = mine >> 13 * suit & _CHUNK
            # bit 0 is the ace: the hand's best card must come before their best
            if own and (own & -own) < (their & -their):
                return True
    return False


def _commands(mine: int, remaining: int) -> bool:
    """Whether a hand on lead (``mine``) wins every trick left whatever
    anyone plays: in each suit it holds, its cards all rank above every card
    of that suit in the other hands (``remaining`` holds every card in hand).
    It leads such a card, which nobody can beat, or a joker, which wins; and
    nobody else ever leads."""
    others = remaining & ~mine
    for suit in range(4):
        own = mine >> 13 * suit & _CHUNK
        if own:
            rest = others >> 13 * suit & _CHUNK
            # bit 0 is the ace: the hand's worst card must come before their best
            if rest and (rest & -rest).bit_length() <= own.bit_length():
                return False
    return True


def _groups(legal: int, inplay: int) -> Iterator[list[int]]:
    """The legal cards (indices) in groups of equivalent ones, each group
    led by its representative."""
    for suit in range(4):
        mine = legal >> 13 * suit & _CHUNK
        if not mine:
            continue
        others = inplay >> 13 * suit & _CHUNK
        group: list[int] = []
        for bit in range(13):
            if not others >> bit & 1:
                continue
            if mine >> bit & 1:
                group.append(13 * suit + bit)
            elif group:
                yield group
                group = []
        if group:
            yield group
    jokers = [52 + bit for bit in range(8) if legal >> 52 + bit & 1]
    if jokers:
        yield jokers


def _exact(probe: Callable[[int, int], int], guess: int | None, candidates: list[int]) -> int:
    """The exact value, one of ``candidates`` (sorted), from null-window probes
    ``probe(beta - 1, beta)`` that fail soft (so each answer is a bound).

    It tests the guess (without one, the middle candidate) and then steps
    from each answer to the next candidate beyond it (MTD(f)): a probe that
    fails soft answers a bound close to the value, so stepping from it costs
    fewer probes than halving the rest (each probe a search).
    """
    low = 0  # the value is among candidates[low:high + 1]
    high = len(candidates) - 1
    at = -1 if guess is None else min(bisect.bisect_left(candidates, guess), high)
    while low < high:
        if at < 0:
            at = (low + high + 1) // 2
        elif at <= low:
            at = low + 1
        elif at > high:
            at = high
        beta = candidates[at]
        value = probe(beta - 1, beta)
        if value >= beta:
            low = bisect.bisect_left(candidates, value)
            at = low + 1
        else:
            high = bisect.bisect_right(candidates, value) - 1
            at = high
    return candidates[low]
