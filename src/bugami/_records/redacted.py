"""Records written for one seat: what its view holds, and reading them back.

A redacted record is marked with the seat it was written for (``[View "2"]``
in the text notation, ``"view": 2`` in JSON). It holds what that seat may
know: its own hand as dealt, the other hands only once the deal is over
(written ``?`` until then), Bugami's leftover likewise, and the bids it cannot
see yet as ``*`` (in Bugami until every seat has bid, in Argute until the
hand is over). A game's seed is left out.

Reading one back is still validation by replay: the hidden cards are filled in
with one way consistent with everything recorded (if there is none, the record
is refused), the whole deal is replayed through the rules, and the view of the
replayed deal is returned. The views themselves come from the game's own
:func:`~bugami.view` or :func:`bugami.argute.view`, so a record for one seat
holds exactly what that seat may see.
"""

from __future__ import annotations

from typing import Any, Literal

from bugami._kernel.match import winner
from bugami._records.kinds import AnyState, GameKind, is_game, is_view, kind_of
from bugami._records.model import Record
from bugami._records.sheet import (
    HIDDEN,
    BidValue,
    CardValue,
    DealSheet,
    Hidden,
    Locator,
    Place,
    Sheet,
    TrickSheet,
    deal_sheet,
    full_sheet,
    replay,
    replay_deal,
)
from bugami.errors import RecordError, brief

__all__ = ["no_deal", "replay_record", "sheet_of", "where"]

AnyView = Any
"""A view of either game: a deal view or a game view."""


# --- writing -----------------------------------------------------------------------


def view_sheet(
    record: Record[AnyState], game: GameKind, comments: dict[tuple[int, int], str]
) -> Sheet:
    """What a record of a view of ``game`` writes down."""
    seen: AnyView = record.state
    deals: tuple[DealSheet, ...]
    kind: Literal["deal", "game"]
    if not is_game(seen):
        deals = (_view_deal_sheet(game, seen, 0, comments),)
        kind = "deal"
        totals = winner_ = None
    else:
        finished = tuple(deal_sheet(game, d, n, comments) for n, d in enumerate(seen.deals))
        current = () if seen.current is None else (
            _view_deal_sheet(game, seen.current, len(seen.deals), comments),
        )  # fmt: skip
        deals = finished + current
        kind, totals, winner_ = "game", seen.totals, seen.winner
    return Sheet(
        kind=kind, rules=seen.rules, seed=None, deals=deals, totals=totals, winner=winner_,
        view=seen.seat, event=record.event, site=record.site, date=record.date,
        seats=record.seats, comment=record.comment, extra=record.extra, game=game,
    )  # fmt: skip


def _view_deal_sheet(
    game: GameKind, seen: AnyView, number: int, comments: dict[tuple[int, int], str]
) -> DealSheet:
    players = seen.rules.players
    played = _played_by_seat(seen)
    hands: list[tuple[CardValue, ...] | None] = []
    for seat in range(players):
        if seat == seen.seat:
            hands.append(game.sort(seen.hand + tuple(played[seat])))
        elif seen.is_over:
            hands.append(game.sort(tuple(played[seat])))
        else:
            hands.append(None)
    bids: tuple[BidValue | Hidden | None, ...] = tuple(
        HIDDEN if choice is None and seen.has_bid[seat] else choice
        for seat, choice in enumerate(seen.bids)
    )
    tricks = tuple(
        TrickSheet(trick.leader, trick.cards, trick.winner, comments.get((number, index)))
        for index, trick in enumerate(seen.tricks)
    )
    current = TrickSheet(seen.leader, seen.current_trick) if seen.current_trick else None
    return DealSheet(
        dealer=seen.dealer,
        hands=tuple(hands),
        leftover=seen.leftover if game.has_leftover and seen.is_over else None,
        bids=bids,
        tricks=tricks,
        current=current,
        points=seen.points,
    )


def _played_by_seat(seen: AnyView) -> list[list[CardValue]]:
    players = seen.rules.players
    played: list[list[CardValue]] = [[] for _ in range(players)]
    tricks = [(trick.leader, trick.cards) for trick in seen.tricks]
    if seen.leader is not None:
        tricks.append((seen.leader, seen.current_trick))
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            played[(leader + position) % players].append(card)
    return played


# --- reading -----------------------------------------------------------------------


def replay_view(sheet: Sheet, locate: Locator) -> AnyView:
    """Replay a record written for one seat, returning that seat's view."""
    rules = sheet.rules
    seat = sheet.view
    assert seat is not None
    if not 0 <= seat < rules.players:
        raise RecordError(
            f"{locate(('view',))}: a seat is 0 to {rules.players - 1}, not {brief(seat)}"
        )
    if sheet.seed is not None:
        raise RecordError(
            f"{locate(('seed',))}: a record for one seat holds no seed (it would tell every hand)"
        )
    if sheet.kind == "deal":
        if len(sheet.deals) != 1 or sheet.totals is not None or sheet.winner is not None:
            raise RecordError(
                f"{locate(('totals',))}: the record of a single deal has one deal and no totals"
            )
        return _replay_deal_view(sheet.game, rules, sheet.deals[0], 0, seat, locate)
    return _replay_game_view(sheet, seat, locate)


def _replay_game_view(sheet: Sheet, seat: int, locate: Locator) -> AnyView:
    game = sheet.game
    rules = sheet.rules
    first = sheet.deals[0].dealer
    totals = (0,) * rules.players
    finished = []
    won: int | None = None
    current: AnyView = None
    for number, written in enumerate(sheet.deals):
        if won is not None:
            raise RecordError(
                f"{locate(('deal', number))}: the game was already won by seat {won} "
                f"after deal {number}"
            )
        if written.dealer != (first + number) % rules.players:
            raise RecordError(
                f"{locate(('dealer', number))}: deal {number + 1} is dealt by seat "
                f"{(first + number) % rules.players}, not {written.dealer}"
            )
        last = number == len(sheet.deals) - 1
        if written.points is None:
            if not last:
                raise RecordError(
                    f"{locate(('deal', number + 1))}: deal {number + 1} is not over, so no deal "
                    f"can follow it"
                )
            current = _replay_deal_view(game, rules, written, number, seat, locate)
            break
        state = replay_deal(game, rules, written, number, locate)
        finished.append(state)
        totals = tuple(a + b for a, b in zip(totals, game.score(state), strict=True))
        won = winner(totals, rules.target)
        if won is None and last:
            raise RecordError(
                f"{locate(('deals',))}: nobody has won yet, so the record for seat {seat} "
                f"must show the next deal"
            )
    if sheet.totals != totals:
        shown = "missing" if sheet.totals is None else " ".join(map(str, sheet.totals))
        raise RecordError(
            f"{locate(('totals',))}: the totals are {' '.join(map(str, totals))}, not {shown}"
        )
    if sheet.winner != won:
        raise RecordError(f"{locate(('winner',))}: the winner is {won}, not {sheet.winner}")
    return game.game_view(rules, seat, first, tuple(finished), current, totals, won)


def _replay_deal_view(
    game: GameKind, rules: Any, written: DealSheet, number: int, seat: int, locate: Locator
) -> AnyView:
    """Fill in the hidden parts of a deal written for ``seat`` in one consistent
    way, replay it, and return ``seat``'s view of it."""
    players = rules.players
    if len(written.hands) != players or len(written.bids) != players:
        raise RecordError(f"{locate(('hands', number))}: expected {players} hands and bids")
    own = written.hands[seat]
    if own is None:
        raise RecordError(
            f"{locate(('hands', number))}: a record for seat {seat} must show that seat's hand"
        )
    if written.points is not None:  # the deal is over: nothing is hidden any more
        return game.view(replay_deal(game, rules, written, number, locate), seat)
    for other, hand in enumerate(written.hands):
        if other != seat and hand is not None:
            raise RecordError(
                f"{locate(('hands', number))}: a record for seat {seat} cannot show seat "
                f"{other}'s hand before the deal is over"
            )
    if written.leftover is not None:
        raise RecordError(
            f"{locate(('hands', number))}: a record for seat {seat} cannot show the leftover "
            f"before the deal is over"
        )
    _check_bids_shown(game, written, number, seat, locate)
    layout, leftover = game.fill_hidden(rules, written, number, seat, own, locate)
    stand_in = game.stand_in_bid()
    full = DealSheet(
        dealer=written.dealer,
        hands=layout,
        leftover=leftover,
        bids=tuple(stand_in if choice is HIDDEN else choice for choice in written.bids),
        tricks=written.tricks,
        current=written.current,
        points=None,
    )
    return game.view(replay_deal(game, rules, full, number, locate), seat)


def _check_bids_shown(
    game: GameKind, written: DealSheet, number: int, seat: int, locate: Locator
) -> None:
    """Check that a deal not yet over shows exactly the bids ``seat`` can see."""
    revealed = game.reveals_bids_when_all_in and None not in written.bids
    for other, choice in enumerate(written.bids):
        shown = choice is not None and choice is not HIDDEN
        if (revealed and choice is HIDDEN) or (other == seat and choice is HIDDEN):
            raise RecordError(
                f"{locate(('bid', number, other))}: seat {seat} can see seat {other}'s bid"
            )
        if not revealed and shown and other != seat:
            until = "every seat has bid" if game.reveals_bids_when_all_in else "the hand is over"
            raise RecordError(
                f"{locate(('bid', number, other))}: seat {seat} cannot see seat {other}'s bid "
                f"before {until}"
            )


def no_deal(number: int, seat: int, locate: Locator) -> RecordError:
    """The fault of a deal for one seat whose hidden cards cannot be filled in."""
    return RecordError(
        f"{locate(('hands', number))}: no deal is consistent with seat {seat}'s hand and "
        f"the cards played"
    )


def where(written: DealSheet, number: int, index: int, position: int) -> Place:
    """The place of card ``position`` of trick ``index`` (the open one after the rest)."""
    if index < len(written.tricks):
        return ("trick", number, index, position)
    return ("current", number, position)


# --- either kind of record ---------------------------------------------------------


def sheet_of(record: Record[AnyState]) -> Sheet:
    """Everything a record writes down, whether it holds a full state or a view."""
    state: AnyState = record.state
    game = kind_of(state)
    assert game is not None, "a record's state is checked when it is made"
    comments = {(c.deal, c.trick): c.text for c in record.trick_comments}
    if is_view(state):
        return view_sheet(record, game, comments)
    return full_sheet(record, game, comments)


def replay_record(sheet: Sheet, locate: Locator) -> Record[AnyState]:
    """Replay a sheet (of a full state or of a view) into a record."""
    return replay(sheet, locate, replay_view)
