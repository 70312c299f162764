"""The score sheet: what both record formats write down, and its replay.

A *sheet* is the plain content of a record -- the game, the rules, the tags,
and for each deal the layout, the bids, the tricks and the points -- with
nothing checked. It is the same for Bugami and Argute; what differs between
the games (how a card or a bid is written, the verbs of the replay) comes from
the sheet's ``game``, a ``GameKind`` of ``bugami._records.kinds``. Both
formats read into a sheet and write from one. ``replay`` turns a sheet
back into a :class:`~bugami.record.Record` by replaying every action through
the rules, and checks every redundant figure (trick winners, points, totals)
against the replay, so that a record can never describe an illegal game.

Faults are reported through a *locator*, which each format supplies: it turns
a place in the sheet, such as ``("card", 0, 3, 2)`` (deal 0, trick 3, card 2),
into a position in the source text such as ``line 12, column 9`` or
``$.deals[0].tricks[3].cards[2]``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any, Final, Literal, TypeAlias

import attrs

from bugami._kernel.seeds import Seed
from bugami._kernel.values import Value
from bugami._records.kinds import AnyState, GameKind, is_game
from bugami._records.model import Record, TrickComment
from bugami.errors import BugamiError, RecordError

__all__ = [
    "HIDDEN",
    "MAX_DEALS",
    "BidValue",
    "CardValue",
    "DealSheet",
    "Hidden",
    "Locator",
    "Place",
    "Sheet",
    "TrickSheet",
    "deal_sheet",
    "full_sheet",
    "replay",
    "replay_deal",
]

MAX_DEALS: Final = 1000  # documented where bugami.record names it

CardValue: TypeAlias = Any
"""A card as written, in its game's own type (a Bugami card, an Argute value)."""
BidValue: TypeAlias = Any
"""A bid as written, in its game's own type."""
Place = tuple[object, ...]
Locator = Callable[[Place], str]
"""Turns a place in a sheet into a position in the source, for messages."""


class Hidden(enum.Enum):
    """A bid that has been made but is not shown (in a record for one seat)."""

    BID = "*"


HIDDEN: Final = Hidden.BID


@attrs.frozen
class TrickSheet(Value):
    """A trick as written: its leader (``None`` if not written), its cards in
    order of play, its winner (``None`` for the open trick or if not written)
    and a comment."""

    leader: int | None
    cards: tuple[CardValue, ...]
    winner: int | None = None
    comment: str | None = None


make_trick_sheet: Final[Callable[..., TrickSheet]] = TrickSheet
"""``make_trick_sheet(leader, cards, winner, comment)``: a :class:`TrickSheet`
(the name the readers have made them by)."""


@attrs.frozen
class DealSheet(Value):
    """A deal as written: the layout as dealt, the bids, the tricks and the
    points (``None`` for a deal that is not over). In a record for one seat,
    the hands and leftover that seat cannot see are ``None`` and the bids it
    cannot see are :data:`HIDDEN`."""

    dealer: int
    hands: tuple[tuple[CardValue, ...] | None, ...]
    leftover: tuple[CardValue, ...] | None
    bids: tuple[BidValue | Hidden | None, ...]
    tricks: tuple[TrickSheet, ...]
    current: TrickSheet | None
    points: tuple[int, ...] | None


@attrs.frozen
class Sheet(Value):
    """A whole record as written; ``game`` says which game it holds."""

    kind: Literal["deal", "game"]
    rules: Any
    seed: Seed | None
    deals: tuple[DealSheet, ...]
    totals: tuple[int, ...] | None
    winner: int | None
    view: int | None = None
    event: str | None = None
    site: str | None = None
    date: str | None = None
    seats: tuple[str, ...] | None = None
    comment: str | None = None
    extra: tuple[tuple[str, str], ...] = ()
    game: GameKind = attrs.field(kw_only=True)


# --- from a record to a sheet ------------------------------------------------------


def full_sheet(
    record: Record[AnyState], game: GameKind, comments: dict[tuple[int, int], str]
) -> Sheet:
    """Everything a record of a full deal or game (not a view) writes down."""
    state: AnyState = record.state
    deals: tuple[DealSheet, ...]
    if not is_game(state):
        deals = (deal_sheet(game, state, 0, comments),)
        kind: Literal["deal", "game"] = "deal"
        seed = totals = winner = None
    else:
        states = [*state.deals, *([state.current] if state.current is not None else [])]
        deals = tuple(deal_sheet(game, d, number, comments) for number, d in enumerate(states))
        kind, seed, totals, winner = "game", state.seed, state.totals, state.winner
    return Sheet(
        kind=kind, rules=state.rules, seed=seed, deals=deals, totals=totals, winner=winner,
        event=record.event, site=record.site, date=record.date, seats=record.seats,
        comment=record.comment, extra=record.extra, game=game,
    )  # fmt: skip


def deal_sheet(
    game: GameKind, state: AnyState, number: int, comments: dict[tuple[int, int], str]
) -> DealSheet:
    """What a deal of ``game`` (a full deal, not a view) writes down."""
    tricks = tuple(
        TrickSheet(trick.leader, trick.cards, trick.winner, comments.get((number, index)))
        for index, trick in enumerate(state.tricks)
    )
    current = TrickSheet(state.leader, state.current_trick) if state.current_trick else None
    return DealSheet(
        dealer=state.dealer,
        hands=state.dealt_hands,
        leftover=state.leftover if game.has_leftover else None,
        bids=state.bids,
        tricks=tricks,
        current=current,
        points=game.score(state) if state.is_over else None,
    )


# --- from a sheet to a record: the replay ------------------------------------------


def replay(
    sheet: Sheet, locate: Locator, replay_view: Callable[[Sheet, Locator], AnyState]
) -> Record[AnyState]:
    """Replay a sheet through the rules into a record, checking everything;
    ``replay_view`` replays the sheet of a record written for one seat.

    Raises :class:`~bugami.RecordError` naming the position of the first fault.
    """
    if not sheet.deals:
        raise RecordError(f"{locate(('deals',))}: a record holds at least one deal")
    if len(sheet.deals) > MAX_DEALS:
        raise RecordError(f"{locate(('deals',))}: more than {MAX_DEALS} deals")
    if sheet.view is not None:
        state: AnyState = replay_view(sheet, locate)
    elif sheet.kind == "deal":
        if len(sheet.deals) != 1:
            raise RecordError(f"{locate(('deal', 1))}: the record of a deal holds one deal")
        if sheet.seed is not None or sheet.totals is not None or sheet.winner is not None:
            raise RecordError(
                f"{locate(('seed',))}: the record of a single deal has no seed, totals or winner"
            )
        state = replay_deal(sheet.game, sheet.rules, sheet.deals[0], 0, locate)
    else:
        state = _replay_game(sheet, locate)
    comments = tuple(
        TrickComment(number, index, trick.comment)
        for number, sheet_deal in enumerate(sheet.deals)
        for index, trick in enumerate(sheet_deal.tricks)
        if trick.comment is not None
    )
    try:
        return Record(
            state=state, event=sheet.event, site=sheet.site, date=sheet.date, seats=sheet.seats,
            comment=sheet.comment, trick_comments=comments, extra=sheet.extra,
        )  # fmt: skip
    except BugamiError as error:
        raise RecordError(f"{locate(('tags',))}: {error}") from None


def full_layout(
    game: GameKind, sheet: DealSheet, number: int, locate: Locator
) -> tuple[tuple[tuple[CardValue, ...], ...], tuple[CardValue, ...] | None]:
    """The hands and leftover (``None`` in a game without one) of a deal that
    is written in full."""
    hidden = [seat for seat, hand in enumerate(sheet.hands) if hand is None]
    if hidden or (game.has_leftover and sheet.leftover is None):
        what = f"seat {hidden[0]}'s hand" if hidden else "the leftover"
        raise RecordError(
            f"{locate(('hands', number))}: {what} is missing from deal {number + 1}; only a "
            f"record for one seat may leave out what that seat cannot see"
        )
    return tuple(hand for hand in sheet.hands if hand is not None), sheet.leftover


def replay_deal(
    kind: GameKind, rules: Any, sheet: DealSheet, number: int, locate: Locator
) -> AnyState:
    """Replay one deal written in full: lay it out, then replay its actions."""
    hands, leftover = full_layout(kind, sheet, number, locate)
    try:
        state = kind.lay_out(rules, hands, leftover, sheet.dealer)
    except BugamiError as error:
        raise RecordError(f"{locate(('hands', number))}: {error}") from None
    return _replay_actions(kind, state, sheet, number, locate)


def _replay_game(sheet: Sheet, locate: Locator) -> AnyState:
    kind = sheet.game
    if sheet.seed is None:
        raise RecordError(f"{locate(('seed',))}: the record of a game needs the game's seed")
    try:
        game = kind.new_game(sheet.rules, sheet.seed, sheet.deals[0].dealer)
    except BugamiError as error:
        raise RecordError(f"{locate(('seed',))}: {error}") from None
    for number, deal_sheet in enumerate(sheet.deals):
        current = game.current
        if current is None:
            raise RecordError(
                f"{locate(('deal', number))}: the game was already won by seat {game.winner} "
                f"after deal {number}"
            )
        if deal_sheet.dealer != current.dealer:
            raise RecordError(
                f"{locate(('dealer', number))}: deal {number + 1} is dealt by seat "
                f"{current.dealer}, not {deal_sheet.dealer}"
            )
        if full_layout(kind, deal_sheet, number, locate) != kind.layout(current):
            raise RecordError(
                f"{locate(('hands', number))}: the cards of deal {number + 1} are not those "
                f"the game's seed deals"
            )
        finished = len(game.deals)
        game = _replay_actions(kind, game, deal_sheet, number, locate)
        if len(game.deals) == finished and number != len(sheet.deals) - 1:
            raise RecordError(
                f"{locate(('deal', number + 1))}: deal {number + 1} is not over, so no deal "
                f"can follow it"
            )
    _check_figure("the totals", sheet.totals, game.totals, locate, ("totals",))
    if sheet.winner != game.winner:
        raise RecordError(
            f"{locate(('winner',))}: the winner is {_seat_or_none(game.winner)}, "
            f"not {_seat_or_none(sheet.winner)}"
        )
    return game


def _replay_actions(
    kind: GameKind, state: AnyState, sheet: DealSheet, number: int, locate: Locator
) -> AnyState:
    """Replay the bids and plays of deal ``number`` of a sheet on ``state``."""
    players = state.rules.players
    if len(sheet.bids) != players:
        raise RecordError(f"{locate(('bids', number))}: {players} bids expected, one per seat")
    for seat, choice in enumerate(sheet.bids):
        if choice is HIDDEN:
            raise RecordError(
                f"{locate(('bid', number, seat))}: seat {seat}'s bid is hidden; only a record "
                f"for one seat may hide bids"
            )
        if choice is not None:
            try:
                state = kind.bid(state, seat, choice)
            except BugamiError as error:
                raise RecordError(f"{locate(('bid', number, seat))}: {error}") from None
    if None in sheet.bids and (sheet.tricks or sheet.current is not None):
        raise RecordError(
            f"{locate(('bids', number))}: deal {number + 1} has tricks before every seat has bid"
        )
    rules = state.rules
    in_game = is_game(state)
    state, current = _replay_tricks(kind, state, sheet.tricks, number, in_game, locate)
    if sheet.current is not None:
        where = ("current", number)
        most = kind.trick_size(rules, len(sheet.tricks)) - 1
        if not 0 < len(sheet.current.cards) <= most:
            raise RecordError(
                f"{locate(where)}: the open trick of deal {number + 1} must hold 1 to "
                f"{most} cards, not {len(sheet.current.cards)}"
            )
        state = _replay_trick(
            kind, state, current, sheet.current, number, len(sheet.tricks), where, locate
        )
        current = _deal_of(state, number) if in_game else state
    if current.is_over:
        _check_figure(f"the points of deal {number + 1}", sheet.points, kind.score(current),
                      locate, ("points", number))  # fmt: skip
    elif sheet.points is not None:
        raise RecordError(
            f"{locate(('points', number))}: deal {number + 1} is not over, so it has no points"
        )
    return state


def _replay_tricks(
    kind: GameKind,
    state: AnyState,
    tricks: tuple[TrickSheet, ...],
    number: int,
    in_game: bool,
    locate: Locator,
) -> tuple[AnyState, AnyState]:
    """Replay the completed tricks of deal ``number`` on ``state``: the state
    after them, and the deal being played."""
    current = _deal_of(state, number) if in_game else state
    play = kind.play
    sizes = kind.trick_sizes(state.rules, len(tricks))
    for index, written in enumerate(tricks):
        leader, cards, winner = written.leader, written.cards, written.winner
        before = state
        # Fast path: the checks of _replay_completed, without the messages.
        if (
            len(cards) == sizes[index]
            and current.to_move is not None
            and (leader is None or leader == current.leader)
        ):
            try:
                for card in cards:
                    state = play(state, card)
            except BugamiError:
                pass  # _replay_completed replays the trick again, for the message
            else:
                current = _deal_of(state, number) if in_game else state
                if winner is None or winner == current.tricks[index].winner:
                    continue
        # A fault in this trick: the checked path says which, and where.
        _replay_completed(kind, before, _deal_of(before, number) if in_game else before,
                          tricks[index], number, index, locate)  # fmt: skip
        raise AssertionError("the fast and checked replays of a trick disagree")
    return state, current


def _replay_completed(
    kind: GameKind,
    state: AnyState,
    current: AnyState,
    trick: TrickSheet,
    number: int,
    index: int,
    locate: Locator,
) -> AnyState:
    """Replay completed trick ``index`` on ``state`` (whose deal being played
    is ``current``), checking its size and winner."""
    where: Place = ("trick", number, index)
    size = kind.trick_size(current.rules, index)
    if len(trick.cards) != size:
        raise RecordError(
            f"{locate(where)}: trick {index + 1} of deal {number + 1} has "
            f"{len(trick.cards)} cards; a completed trick has {size}"
        )
    state = _replay_trick(kind, state, current, trick, number, index, where, locate)
    won = (_deal_of(state, number) if is_game(state) else state).tricks[index].winner
    if trick.winner is not None and trick.winner != won:
        raise RecordError(
            f"{locate(where)}: trick {index + 1} of deal {number + 1} is won by seat {won}, "
            f"not {trick.winner}"
        )
    return state


def _replay_trick(
    kind: GameKind,
    state: AnyState,
    current: AnyState,
    trick: TrickSheet,
    number: int,
    index: int,
    where: Place,
    locate: Locator,
) -> AnyState:
    """Replay a trick on ``state``, whose deal being played is ``current``."""
    if current.to_move is None:
        raise RecordError(
            f"{locate(where)}: deal {number + 1} is over after {len(current.tricks)} tricks"
        )
    if trick.leader is not None and trick.leader != current.leader:
        raise RecordError(
            f"{locate(where)}: trick {index + 1} of deal {number + 1} is led by seat "
            f"{current.leader}, not {trick.leader}"
        )
    play = kind.play
    in_game = is_game(state)
    for position, card in enumerate(trick.cards):
        # The seat to move is named, so that a refusal lists its legal cards.
        mover = (_deal_of(state, number) if in_game else state).to_move
        try:
            state = play(state, card, seat=mover)
        except BugamiError as error:
            raise RecordError(
                f"{locate((*where, position))}: deal {number + 1}, trick {index + 1}, "
                f"card {position + 1}: {error}"
            ) from None
    return state


def _deal_of(state: AnyState, number: int) -> AnyState:
    """Deal ``number`` of a game, the one being replayed."""
    if number < len(state.deals):
        return state.deals[number]
    assert state.current is not None
    return state.current


def _check_figure(
    what: str,
    written: tuple[int, ...] | None,
    actual: tuple[int, ...],
    locate: Locator,
    where: Place,
) -> None:
    if written != actual:
        shown = "missing" if written is None else " ".join(map(str, written))
        raise RecordError(f"{locate(where)}: {what} are {' '.join(map(str, actual))}, not {shown}")


def _seat_or_none(seat: int | None) -> str:
    return "nobody yet" if seat is None else f"seat {seat}"
