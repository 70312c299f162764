"""What the record formats need to know about each game, and the games known.

Both record formats and the replay are shared by Bugami and Argute: the
envelope (format and version, the game's name, the tags, the view marker, the
seed, the deal sections, totals and winner) and the way a record is checked by
replaying it. What differs is one :class:`GameKind` per game -- the rules'
fields, how a card, a hand and a bid are written, how many cards a trick
holds, whether a deal has a leftover, the verbs the replay calls, how hidden
cards are filled in -- which each game's own record module registers here.

>>> from bugami import argute
>>> KINDS["argute"].name, KINDS["argute"].trick_size(argute.Rules(players=3), 0)
('Argute', 9)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Final

from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.seeds import Seed

__all__ = [
    "FIRST_GAME",
    "KINDS",
    "KINDS_BY_NAME",
    "AnyState",
    "GameKind",
    "PieceError",
    "first_kind",
    "is_game",
    "is_view",
    "json_kind",
    "kind_of",
    "register",
]

AnyState = Any
"""A deal, game or view of either game: the replay treats them as opaque."""


def json_kind(value: object) -> str:
    """What kind of JSON value ``value`` is, for messages.

    >>> json_kind([]), json_kind(None), json_kind(True)
    ('an array', 'null', 'a boolean')
    """
    names: dict[type, str] = {
        dict: "an object", list: "an array", str: "a string", bool: "a boolean",
        int: "a number", float: "a number with a decimal point or an exponent",
        type(None): "null",
    }  # fmt: skip
    return names.get(type(value), type(value).__name__)


class PieceError(Exception):
    """A piece of record text that is not what it should be: the message and
    the offset of the fault within the piece (the formats add the position
    and raise :class:`~bugami.RecordError`).

    >>> error = PieceError("not a rank", 2)
    >>> error.message, error.offset
    ('not a rank', 2)
    """

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class GameKind:
    """The game-specific part of records. A subclass per game, made from the
    game's declaration (:mod:`bugami.core.declaration`), which gives the names,
    the state classes, the rules class and the verbs; the subclass adds how
    the formats write the game.

    ``rule_fields`` lists the rules' fields as ``(field, tag, kind)``, with
    ``kind`` ``int`` or ``bool``, in the order the formats write them.

    ``states`` are the game's deal, game, deal view and game view classes, in
    that order. Each game registers its kind (:func:`register`) when its record
    module is imported.

    >>> [tag for field, tag, kind in KINDS["argute"].rule_fields]
    ['Players', 'Target']
    >>> KINDS["argute"].name, KINDS["argute"].key, KINDS["argute"].game.deal_word
    ('Argute', 'argute', 'hand')
    """

    game: GameDeclaration[Any, Any, Any, Any, Any, Any]
    """The game's declaration."""
    name: str
    """The game's name as the text notation writes it (its declared title)."""
    key: str
    """The game's name as JSON writes it (its declared name)."""
    states: tuple[type, type, type, type]
    rules_type: type
    rule_fields: tuple[tuple[str, str, type], ...] = ()
    has_leftover: bool = False
    reveals_bids_when_all_in: bool = False
    bid_help: str = ""
    card_by_text: ClassVar[dict[str, Any]] = {}
    """Each card by its text as the text notation writes it (for :meth:`read_cards`)."""
    bid_by_text: ClassVar[dict[str, Any]] = {}
    """Each bid by its text as the text notation writes it (for :meth:`read_bids`)."""

    def __init__(self, game: GameDeclaration[Any, Any, Any, Any, Any, Any]) -> None:
        self.game = game
        self.name = game.title
        self.key = game.name
        self.states = (game.deal, game.game, game.seat_view, game.game_view)
        self.rules_type = game.rules
        self.bid = game.bid
        self.play = game.play
        self.view = game.view

    # -- the replay --

    def lay_out(
        self, rules: Any, hands: tuple[tuple[Any, ...], ...], leftover: Any, dealer: int
    ) -> AnyState:
        """A deal laid out as written."""
        raise NotImplementedError

    def new_game(self, rules: Any, seed: Seed, dealer: int) -> AnyState:
        """A new game dealt from ``seed``, its first dealer ``dealer``."""
        raise NotImplementedError

    def layout(self, state: AnyState) -> tuple[Any, Any]:
        """The hands as dealt, and the leftover (``None`` without one), of a deal."""
        raise NotImplementedError

    # The game's own verbs: bid(state, seat, choice), play(state, card, *, seat)
    # and view(state, seat) from the declaration; score(state), the public one
    # (it refuses a deal that is not over), from the subclass.
    bid: Callable[..., AnyState]
    play: Callable[..., AnyState]
    score: Callable[[AnyState], tuple[int, ...]]
    view: Callable[[AnyState, int], AnyState]

    def game_view(
        self, rules: Any, seat: int, first_dealer: int, deals: tuple[Any, ...],
        current: Any, totals: tuple[int, ...], winner: int | None,
    ) -> AnyState:  # fmt: skip
        """A game view built from its parts (checked by the replay)."""
        made: AnyState = self.states[3]._made(  # type: ignore[attr-defined]
            rules, seat, first_dealer, deals, current, totals, winner
        )
        return made

    def trick_size(self, rules: Any, index: int) -> int:
        """How many cards trick ``index`` (from 0) holds when complete."""
        raise NotImplementedError

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        """How many cards each of the first ``count`` tricks holds when complete."""
        return tuple(self.trick_size(rules, index) for index in range(count))

    def stand_in_bid(self) -> Any:
        """Any legal bid, to stand for a hidden one while replaying."""
        raise NotImplementedError

    def fill_hidden(
        self, rules: Any, written: Any, number: int, seat: int, own: tuple[Any, ...],
        locate: Any,
    ) -> tuple[tuple[tuple[Any, ...], ...], Any]:  # fmt: skip
        """For a deal written for ``seat`` (a ``DealSheet``, deal ``number``)
        and not over: hands for the seats it cannot see, consistent with
        everything written, and the leftover (``None`` without one). Faults
        raise :class:`~bugami.RecordError` through ``locate``."""
        raise NotImplementedError

    # -- the formats --

    def make_rules(self, values: dict[str, Any]) -> Any:
        """The rules from their fields, checked by the rules themselves."""
        return self.rules_type(**values)

    def sort(self, cards: tuple[Any, ...]) -> tuple[Any, ...]:
        """Cards in the order a hand is written."""
        return tuple(sorted(cards))

    def card_text(self, card: Any) -> str:
        """A card as the text notation writes it."""
        return str(card)

    def read_card(self, text: str) -> Any:
        """A card from its text; raises :class:`PieceError`."""
        raise NotImplementedError

    def card_json(self, card: Any) -> Any:
        """A card as JSON writes it."""
        return str(card)

    def card_from_json(self, value: object) -> Any:
        """A card from its JSON value; raises :class:`PieceError`."""
        raise NotImplementedError

    def read_cards(self, texts: list[str]) -> tuple[Any, ...] | None:
        """The cards of ``texts`` if each is written as the formats write it,
        else ``None``: a fast path, and the caller then reads the cards one by
        one with :meth:`read_card`, which takes every spelling and says what
        is wrong."""
        try:
            return tuple(map(self.card_by_text.__getitem__, texts))
        except KeyError:
            return None

    def cards_from_json(self, values: list[Any]) -> tuple[Any, ...] | None:
        """The cards of a JSON array if each is written as the format writes
        it, else ``None``: a fast path, as :meth:`read_cards` is, before
        :meth:`card_from_json`."""
        return None

    def read_bids(self, texts: list[str]) -> tuple[Any, ...] | None:
        """The bids of ``texts`` if each is a bid written as the text notation
        writes it, else ``None``: a fast path, as :meth:`read_cards` is,
        before :meth:`read_bid` (and ``?`` and ``*``, which the caller reads)."""
        try:
            return tuple(map(self.bid_by_text.__getitem__, texts))
        except KeyError:
            return None

    def bids_from_json(self, values: list[Any]) -> tuple[Any, ...] | None:
        """The bids of a JSON array if each is a bid written as the format
        writes it, else ``None``: a fast path, as :meth:`read_bids` is,
        before :meth:`bid_from_json` (and ``"*"`` and null)."""
        return None

    def hand_text(self, hand: tuple[Any, ...], rules: Any) -> str:
        """A hand as the text notation writes it."""
        raise NotImplementedError

    def read_hand(self, text: str, rules: Any) -> tuple[Any, ...]:
        """A hand from its text; raises :class:`PieceError` with the offset."""
        raise NotImplementedError

    def bid_text(self, choice: Any) -> str:
        """A bid as the text notation writes it."""
        return str(choice)

    def read_bid(self, text: str) -> Any:
        """A bid from its text (not ``?`` or ``*``); raises :class:`PieceError`."""
        raise NotImplementedError

    def bid_json(self, choice: Any) -> Any:
        """A bid as JSON writes it."""
        return str(choice)

    def bid_from_json(self, value: object) -> Any:
        """A bid from its JSON value (not ``"*"`` or null); raises :class:`PieceError`."""
        raise NotImplementedError


FIRST_GAME: Final = "bugami"
"""The game of records written before records named their game."""
KINDS: Final[dict[str, GameKind]] = {}
"""The games records may hold, by their JSON name, in the order they were registered."""
KINDS_BY_NAME: Final[dict[str, GameKind]] = {}
"""The same, by the name the text notation writes."""


def register(kind: GameKind) -> GameKind:
    """Make records of ``kind``'s game readable and writable."""
    KINDS[kind.key] = kind
    KINDS_BY_NAME[kind.name] = kind
    if FIRST_GAME in KINDS:  # messages list the first game first, whatever the import order
        KINDS[FIRST_GAME] = KINDS.pop(FIRST_GAME)
        for key in [key for key in KINDS if key != FIRST_GAME]:
            KINDS[key] = KINDS.pop(key)
    return kind


def first_kind() -> GameKind:
    """The kind of :data:`FIRST_GAME`: what a record that names no game holds."""
    return KINDS[FIRST_GAME]


def kind_of(state: object) -> GameKind | None:
    """The game a state, game or view belongs to, or ``None``.

    >>> from bugami import argute
    >>> kind_of(argute.deal(argute.Rules(), seed=1)).name
    'Argute'
    """
    for kind in KINDS.values():
        if isinstance(state, kind.states):
            return kind
    return None


def is_view(state: object) -> bool:
    """Whether ``state`` is a view (of a deal or a game, of either game).

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(), seed=1)
    >>> is_view(state), is_view(argute.view(state, 0))
    (False, True)
    """
    kind = kind_of(state)
    return kind is not None and isinstance(state, kind.states[2:])


def is_game(state: object) -> bool:
    """Whether ``state`` is a whole game or a view of one (of either game).

    >>> from bugami import argute
    >>> is_game(argute.new_game(argute.Rules(), seed=1)), is_game(argute.deal(argute.Rules(), seed=1))
    (True, False)
    """
    kind = kind_of(state)
    return kind is not None and isinstance(state, kind.states[1::2])
