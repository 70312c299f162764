"""Reading and writing records of Argute: its record kind, and the readers
that accept Argute records only.

Records of Argute share Bugami's formats and functions
(:func:`bugami.dumps`, :func:`bugami.loads`, ...): the record names its game
and those read either. The readers here accept Argute records only, so that a
Bugami record passed by mistake is a clear :class:`~bugami.errors.RecordError`.

>>> from bugami import argute
>>> state = argute.deal(argute.Rules(players=2), seed=1)
>>> argute.loads(argute.dumps(state, format="text")) == state
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import IO, Any, Final, Literal, TypeAlias

from bugami._kernel.seeds import Seed
from bugami._records import api as _api
from bugami._records.kinds import AnyState, GameKind, PieceError, register
from bugami._records.model import Record
from bugami._records.redacted import no_deal, where
from bugami._records.sheet import DealSheet, Locator
from bugami.argute.dealing import deal, read_value
from bugami.argute.declaration import DECLARATION
from bugami.argute.game import Game, new_game
from bugami.argute.rules import COPIES, HAND_SIZE, TRICKS, VALUES, Rules
from bugami.argute.scoring import score
from bugami.argute.state import Deal, settle
from bugami.argute.view import DealView, GameView
from bugami.errors import RecordError

__all__ = [
    "Recorded",
    "dump",
    "dumps",
    "load",
    "load_record",
    "loads",
    "read_records",
    "write_records",
]

Recorded: TypeAlias = Deal | Game | DealView | GameView
"""What a record of Argute may hold: a hand, a game, or one seat's view of either."""

_KEY: Final = "argute"
_VALUE_BY_TEXT: Final[dict[str, int]] = {str(value): value for value in range(6)}
_VALUES: Final = frozenset(range(6))
_BID_BY_TEXT: Final[dict[str, int]] = {str(bid): bid for bid in range(4)}
_BIDS_SET: Final = frozenset(range(4))


class _Argute(GameKind):
    rule_fields = tuple((f.name, f.tag, f.kind) for f in Rules.fields("records"))
    has_leftover = False
    bid_help = "0, 1, 2, 3"
    card_by_text = _VALUE_BY_TEXT
    bid_by_text = _BID_BY_TEXT

    def lay_out(
        self, rules: Any, hands: tuple[tuple[Any, ...], ...], leftover: Any, dealer: int
    ) -> Deal:
        return deal(rules, hands=hands, dealer=dealer)

    def new_game(self, rules: Any, seed: Seed, dealer: int) -> Game:
        return new_game(rules, seed=seed, dealer=dealer)

    def layout(self, state: AnyState) -> tuple[Any, Any]:
        return state.dealt_hands, None

    # The public score, which refuses a deal that is not over (the declaration
    # gives the other verbs: the replay calls ``play`` for every card).
    score = staticmethod(score)

    def trick_size(self, rules: Any, index: int) -> int:
        players: int = rules.players
        return players * (TRICKS - index) if index < TRICKS else players

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        players: int = rules.players
        first = tuple(players * (TRICKS - index) for index in range(min(count, TRICKS)))
        return first + (players,) * (count - len(first))

    def stand_in_bid(self) -> Any:
        return 0

    def fill_hidden(
        self, rules: Any, written: Any, number: int, seat: int, own: tuple[Any, ...],
        locate: Any,
    ) -> tuple[tuple[tuple[Any, ...], ...], Any]:  # fmt: skip
        return _fill_argute(self, rules, written, number, seat, own, locate), None

    def read_card(self, text: str) -> int:
        value = read_value(text) if re.fullmatch(r"[0-9]", text) else None
        if value is None:
            raise PieceError(f"{text!r} is not a card: Argute's cards are the values 0 to 5")
        return value

    def card_json(self, card: Any) -> Any:
        return card

    def card_from_json(self, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5:
            raise PieceError(f"expected a card value from 0 to 5, not {value!r}")
        return value

    def cards_from_json(self, values: list[Any]) -> tuple[int, ...] | None:
        # No bool (True == 1) nor float (3.0 == 3) may pass for a value.
        if set(map(type, values)) <= {int} and _VALUES.issuperset(values):
            return tuple(values)
        return None

    def bids_from_json(self, values: list[Any]) -> tuple[int, ...] | None:
        # As for the cards: no bool or float may pass for a number of tricks.
        if set(map(type, values)) <= {int} and _BIDS_SET.issuperset(values):
            return tuple(values)
        return None

    def hand_text(self, hand: tuple[Any, ...], rules: Any) -> str:
        return "".join(map(str, hand))

    def read_hand(self, text: str, rules: Any) -> tuple[int, ...]:
        try:
            return tuple(sorted(map(_VALUE_BY_TEXT.__getitem__, text)))
        except KeyError:
            offset = next(at for at, char in enumerate(text) if char not in _VALUE_BY_TEXT)
            raise PieceError(
                f"a hand is its values as digits 0 to 5 (like 001245), not {text!r}", offset
            ) from None

    def read_bid(self, text: str) -> int:
        if text not in ("0", "1", "2", "3"):
            raise PieceError("not a bid")
        return int(text)

    def bid_json(self, choice: Any) -> Any:
        return choice

    def bid_from_json(self, value: object) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
            raise PieceError(f'a bid is 0, 1, 2 or 3, "*" or null, not {value!r}')
        return value


def _fill_argute(
    game: GameKind,
    rules: Any,
    written: DealSheet,
    number: int,
    seat: int,
    own: tuple[Any, ...],
    locate: Locator,
) -> tuple[tuple[Any, ...], ...]:
    """Hands of Argute for the seats ``seat`` cannot see: what each played,
    topped up from the values nobody has seen (any way will do, as any card
    may be played at any time)."""
    players = rules.players
    played: list[list[Any]] = [[] for _ in range(players)]
    left = [COPIES] * len(VALUES)
    for value in own:
        left[value] -= 1
    leader = (written.dealer + 1) % players
    tricks = [*written.tricks, *([written.current] if written.current else [])]
    for index, trick in enumerate(tricks):
        cards = trick.cards
        for position, value in enumerate(cards):
            player = (leader + position) % players
            played[player].append(value)
            if player != seat:
                left[value] -= 1
                if left[value] < 0:
                    raise RecordError(
                        f"{locate(where(written, number, index, position))}: seat {player} "
                        f"cannot play a {value}: all seven are in seat {seat}'s hand or "
                        f"played before"
                    )
        if len(cards) == game.trick_size(rules, index):
            leader = settle(cards, leader, players)[0]
    pool = [value for value in VALUES for _ in range(left[value])]
    layout: list[tuple[Any, ...]] = []
    for other in range(players):
        if other == seat:
            layout.append(own)
            continue
        missing = HAND_SIZE - len(played[other])
        if missing < 0:
            raise no_deal(number, seat, locate)
        layout.append((*played[other], *pool[:missing]))
        del pool[:missing]
    return tuple(layout)


ARGUTE: Final[GameKind] = register(_Argute(DECLARATION))
"""Argute's record kind."""


def dumps(obj: Recorded | Record[Recorded], format: Literal["json", "text"] = "json") -> str:
    """A hand, a game or a view of Argute (or a :class:`~bugami.Record` of
    one) as record text; the same as :func:`bugami.dumps`.

    >>> from bugami import argute
    >>> argute.dumps(argute.deal(argute.Rules(), seed=1))[:53]
    '{"format":"bugami-record","version":1,"game":"argute"'
    """
    return _api.dumps(obj, format)


def load_record(text: str, *, first_line: int = 1) -> Record[Recorded]:
    """Read a record of Argute with its tags (see :func:`bugami.load_record`);
    a record of any other game is refused. ``first_line`` is the number of
    the text's first line in its file, for messages.

    >>> import bugami
    >>> text = bugami.dumps(bugami.deal(bugami.Rules(), seed=1), format="text")
    >>> load_record(text, first_line=7)
    Traceback (most recent call last):
    ...
    bugami.errors.RecordError: line 7: this is a record of Bugami, not of Argute
    """
    record: Record[Recorded] = _api.load_record(text, game=_KEY, first_line=first_line)
    return record


def loads(text: str) -> Recorded:
    """Read a record of Argute and return the hand, game or view it holds
    (see :func:`bugami.loads`); a record of any other game is refused.

    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(), seed=3)
    >>> argute.loads(argute.dumps(argute.view(game, 1))) == argute.view(game, 1)
    True
    """
    state: Recorded = _api.loads(text, game=_KEY)
    return state


def dump(
    obj: Recorded | Record[Recorded],
    fp: IO[str],
    format: Literal["json", "text"] = "json",
) -> None:
    """Write a hand, a game or a view of Argute (or a :class:`~bugami.Record`
    of one) to a file opened for writing text; the same as :func:`bugami.dump`.

    >>> import io
    >>> from bugami import argute
    >>> out = io.StringIO()
    >>> argute.dump(argute.deal(argute.Rules(), seed=1), out, format="text")
    >>> out.getvalue().splitlines()[0]
    '[Game "Argute"]'
    """
    _api.dump(obj, fp, format)


def load(fp: IO[str]) -> Recorded:
    """Read a record of Argute from a file opened for reading text and return
    the hand, game or view it holds (see :func:`bugami.load`); a record of any
    other game is refused.

    >>> import io
    >>> from bugami import argute
    >>> game = argute.new_game(argute.Rules(players=3), seed=2)
    >>> argute.load(io.StringIO(argute.dumps(game))) == game
    True
    """
    state: Recorded = _api.load(fp, game=_KEY)
    return state


def write_records(
    records: Iterable[Recorded | Record[Recorded]],
    file: IO[str],
    format: Literal["json", "text"] = "json",
) -> int:
    """Write records of Argute one after another to a text file, and return
    how many were written; the same as :func:`bugami.write_records`.

    >>> import io
    >>> from bugami import argute
    >>> out = io.StringIO()
    >>> write_records([argute.deal(argute.Rules(), seed=n) for n in range(3)], out)
    3
    """
    return _api.write_records(records, file, format)


def read_records(source: IO[str] | Iterable[str]) -> Iterator[Record[Recorded]]:
    """Read the records of Argute of a file (or any iterable of lines, or one
    str) one at a time (see :func:`bugami.read_records`); a record of any
    other game is refused, naming the record and line where it lies.

    >>> import io
    >>> from bugami import argute
    >>> out = io.StringIO()
    >>> write_records([argute.deal(argute.Rules(), seed=n) for n in range(3)], out, "text")
    3
    >>> [record.state.dealer for record in read_records(io.StringIO(out.getvalue()))]
    [0, 1, 1]
    """
    records: Iterator[Record[Recorded]] = _api.read_records(source, game=_KEY)
    return records
