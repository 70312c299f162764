"""What the record formats need to know about each game.

Both record formats and the replay are shared by Bugami and Argute: the
envelope (format and version, the game's name, the tags, the view marker, the
seed, the deal sections, totals and winner) and the way a record is checked by
replaying it. What differs is gathered here, one :class:`GameKind` per game:
the rules' fields, how a card, a hand and a bid are written, how many cards a
trick holds, whether a deal has a leftover, and the verbs the replay calls.

>>> from bugami import argute
>>> KINDS["argute"].name, KINDS["argute"].trick_size(argute.Rules(players=3), 0)
('Argute', 9)
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Final

from bugami.argute import dealing as argute_dealing
from bugami.argute import game as argute_game
from bugami.argute import scoring as argute_scoring
from bugami.argute import state as argute_state
from bugami.argute.dealing import read_value
from bugami.argute.play import bid as argute_bid
from bugami.argute.play import play as argute_play
from bugami.argute.rules import TRICKS
from bugami.argute.rules import Rules as ArguteRules
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.argute.view import view as argute_view
from bugami.cards import MAX_JOKERS, Card, Suit, parse_bid
from bugami.dealing import Seed, deal
from bugami.errors import BugamiError
from bugami.game import Game, new_game
from bugami.play import bid, play
from bugami.rules import Rules
from bugami.scoring import score
from bugami.state import Deal
from bugami.view import DealView, GameView, view

__all__ = ["KINDS", "GameKind", "PieceError", "is_game", "is_view", "json_kind", "kind_of"]

AnyState = Any
"""A deal, game or view of either game: the replay treats them as opaque."""

_RANKS: Final = "AKQJT98765432"
_SUITS: Final = tuple(Suit)
_JOKERS: Final = tuple(map(Card.joker, range(1, MAX_JOKERS + 1)))

# The fast paths of reading: cards spelled exactly as the formats write them.
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    str(card): card
    for card in (*(Card(suit, rank) for suit in _SUITS for rank in range(2, 15)), *_JOKERS)
}
_HAND_CARDS: Final[tuple[dict[str, Card], ...]] = (
    *({rank: Card(suit, 14 - index) for index, rank in enumerate(_RANKS)} for suit in _SUITS),
    {str(joker.index - 51): joker for joker in _JOKERS},
)
_ARGUTE_VALUE_BY_TEXT: Final[dict[str, int]] = {str(value): value for value in range(6)}
_ARGUTE_VALUES: Final = frozenset(range(6))
_BID_BY_TEXT: Final[dict[str, Any]] = {text: parse_bid(text) for text in ("S", "H", "D", "C", "M")}
_ARGUTE_BID_BY_TEXT: Final[dict[str, int]] = {str(bid): bid for bid in range(4)}
_ARGUTE_BIDS: Final = frozenset(range(4))


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
    """The game-specific part of records. A subclass per game.

    ``rule_fields`` lists the rules' fields as ``(field, tag, kind)``, with
    ``kind`` ``int`` or ``bool``, in the order the formats write them.

    >>> [field for field, tag, kind in KINDS["bugami"].rule_fields]
    ['players', 'jokers', 'shotgun_wedding', 'target']
    """

    name: str = ""
    key: str = ""
    rule_fields: tuple[tuple[str, str, type], ...] = ()
    has_leftover: bool = False
    reveals_bids_when_all_in: bool = False
    rules_type: type = object
    bid_help: str = ""
    card_by_text: ClassVar[dict[str, Any]] = {}
    """Each card by its text as the text notation writes it (for :meth:`read_cards`)."""
    bid_by_text: ClassVar[dict[str, Any]] = {}
    """Each bid by its text as the text notation writes it (for :meth:`read_bids`)."""

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

    def bid(self, state: AnyState, seat: int, choice: Any) -> AnyState:
        """The game's own ``bid``."""
        raise NotImplementedError

    def play(self, state: AnyState, card: Any) -> AnyState:
        """The game's own ``play``."""
        raise NotImplementedError

    def score(self, state: AnyState) -> tuple[int, ...]:
        """The game's own ``score``."""
        raise NotImplementedError

    def view(self, state: AnyState, seat: int) -> AnyState:
        """The game's own ``view``."""
        raise NotImplementedError

    def game_view(
        self, rules: Any, seat: int, first_dealer: int, deals: tuple[Any, ...],
        current: Any, totals: tuple[int, ...], winner: int | None,
    ) -> AnyState:  # fmt: skip
        """A game view built from its parts (checked by the replay)."""
        raise NotImplementedError

    def trick_size(self, rules: Any, index: int) -> int:
        """How many cards trick ``index`` (from 0) holds when complete."""
        raise NotImplementedError

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        """How many cards each of the first ``count`` tricks holds when complete."""
        return tuple(self.trick_size(rules, index) for index in range(count))

    def stand_in_bid(self) -> Any:
        """Any legal bid, to stand for a hidden one while replaying."""
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


class _Bugami(GameKind):
    name = "Bugami"
    key = "bugami"
    rule_fields = (
        ("players", "Players", int),
        ("jokers", "Jokers", int),
        ("shotgun_wedding", "ShotgunWedding", bool),
        ("target", "Target", int),
    )
    has_leftover = True
    reveals_bids_when_all_in = True
    rules_type = Rules
    bid_help = "S, H, D, C, M (misère)"
    card_by_text = _CARD_BY_TEXT
    bid_by_text = _BID_BY_TEXT

    def lay_out(
        self, rules: Any, hands: tuple[tuple[Any, ...], ...], leftover: Any, dealer: int
    ) -> Deal:
        return deal(rules, hands=hands, leftover=leftover, dealer=dealer)

    def new_game(self, rules: Any, seed: Seed, dealer: int) -> Game:
        return new_game(rules, seed=seed, dealer=dealer)

    def layout(self, state: AnyState) -> tuple[Any, Any]:
        return state.hands, state.leftover

    def bid(self, state: AnyState, seat: int, choice: Any) -> AnyState:
        return bid(state, seat, choice)

    # The verb itself, not a method calling it: the replay calls it for every card.
    play = staticmethod(play)

    def score(self, state: AnyState) -> tuple[int, ...]:
        return score(state)

    def view(self, state: AnyState, seat: int) -> AnyState:
        return view(state, seat)

    def game_view(
        self, rules: Any, seat: int, first_dealer: int, deals: tuple[Any, ...],
        current: Any, totals: tuple[int, ...], winner: int | None,
    ) -> AnyState:  # fmt: skip
        made: GameView = GameView._made(rules, seat, first_dealer, deals, current, totals, winner)
        return made

    def trick_size(self, rules: Any, index: int) -> int:
        players: int = rules.players
        return players

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        return (rules.players,) * count

    def stand_in_bid(self) -> Any:
        return Suit.SPADES

    def read_card(self, text: str) -> Card:
        try:
            return Card.parse(text)
        except BugamiError as error:
            raise PieceError(str(error)) from None

    def card_from_json(self, value: object) -> Card:
        if not isinstance(value, str):
            raise PieceError(f"expected a card text, not {json_kind(value)}")
        return self.read_card(value)

    def cards_from_json(self, values: list[Any]) -> tuple[Card, ...] | None:
        try:
            return tuple(map(_CARD_BY_TEXT.__getitem__, values))
        except (KeyError, TypeError):  # TypeError: an array or object among the values
            return None

    def bids_from_json(self, values: list[Any]) -> tuple[Any, ...] | None:
        try:
            return tuple(map(_BID_BY_TEXT.__getitem__, values))
        except (KeyError, TypeError):  # TypeError: an array or object among the values
            return None

    def hand_text(self, hand: tuple[Any, ...], rules: Any) -> str:
        groups = ["", "", "", "", ""]
        for card in hand:
            if card.is_joker:
                groups[4] += str(card.index - 51)
            else:
                groups[card.index // 13] += str(card)[0]
        return ".".join(groups if rules.jokers else groups[:4])

    def read_hand(self, text: str, rules: Any) -> tuple[Card, ...]:
        groups = text.split(".")
        if len(groups) not in (4, 5) or (len(groups) == 5 and not rules.jokers):
            expected = "four suits" + (" and the jokers" if rules.jokers else "")
            raise PieceError(
                f"a hand is {expected}, separated by dots (like AK2.QJ.T98.765), not {text!r}"
            )
        try:
            return tuple(
                [
                    by_char[char]
                    for by_char, group in zip(_HAND_CARDS, groups, strict=False)  # 4 or 5 groups
                    for char in group
                ]
            )
        except KeyError:  # another spelling ("10", lower case) or a fault: read it carefully
            return _read_hand_groups(groups)

    def read_bid(self, text: str) -> Any:
        try:
            return parse_bid(text)
        except BugamiError:
            raise PieceError("not a bid") from None

    def bid_from_json(self, value: object) -> Any:
        if not isinstance(value, str) or value not in ("S", "H", "D", "C", "M"):
            raise PieceError(f"a bid is one of S H D C M, * or null, not {value!r}")
        return parse_bid(value)


def _read_hand_groups(groups: list[str]) -> tuple[Card, ...]:
    """The cards of a hand's groups, one per suit then the jokers, in any
    spelling; raises :class:`PieceError` at the first character that is wrong."""
    cards = []
    at = 0
    for suit, group in enumerate(groups):
        index = 0
        while index < len(group):
            char = group[index].upper()
            width = 2 if group[index : index + 2] == "10" else 1
            if suit == 4:
                if not ("1" <= char <= str(MAX_JOKERS)):
                    raise PieceError(f"{group[index]!r} is not a joker number 1 to 8", at + index)
                cards.append(Card.joker(int(char)))
            else:
                rank = "T" if width == 2 else char
                if rank not in _RANKS:
                    raise PieceError(
                        f"{group[index]!r} is not a rank (A K Q J T 9 8 7 6 5 4 3 2)",
                        at + index,
                    )
                cards.append(Card(_SUITS[suit], 14 - _RANKS.index(rank)))
            index += width
        at += len(group) + 1
    return tuple(cards)


class _Argute(GameKind):
    name = "Argute"
    key = "argute"
    rule_fields = (("players", "Players", int), ("target", "Target", int))
    has_leftover = False
    rules_type = ArguteRules
    bid_help = "0, 1, 2, 3"
    card_by_text = _ARGUTE_VALUE_BY_TEXT
    bid_by_text = _ARGUTE_BID_BY_TEXT

    def lay_out(
        self, rules: Any, hands: tuple[tuple[Any, ...], ...], leftover: Any, dealer: int
    ) -> argute_state.Deal:
        return argute_dealing.deal(rules, hands=hands, dealer=dealer)

    def new_game(self, rules: Any, seed: Seed, dealer: int) -> argute_game.Game:
        return argute_game.new_game(rules, seed=seed, dealer=dealer)

    def layout(self, state: AnyState) -> tuple[Any, Any]:
        return state.dealt_hands, None

    def bid(self, state: AnyState, seat: int, choice: Any) -> AnyState:
        return argute_bid(state, seat, choice)

    def play(self, state: AnyState, card: Any) -> AnyState:
        return argute_play(state, card)

    def score(self, state: AnyState) -> tuple[int, ...]:
        return argute_scoring.score(state)

    def view(self, state: AnyState, seat: int) -> AnyState:
        return argute_view(state, seat)

    def game_view(
        self, rules: Any, seat: int, first_dealer: int, deals: tuple[Any, ...],
        current: Any, totals: tuple[int, ...], winner: int | None,
    ) -> AnyState:  # fmt: skip
        made: ArguteGameView = ArguteGameView._made(
            rules, seat, first_dealer, deals, current, totals, winner
        )
        return made

    def trick_size(self, rules: Any, index: int) -> int:
        players: int = rules.players
        return players * (TRICKS - index) if index < TRICKS else players

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        players: int = rules.players
        first = tuple(players * (TRICKS - index) for index in range(min(count, TRICKS)))
        return first + (players,) * (count - len(first))

    def stand_in_bid(self) -> Any:
        return 0

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
        if set(map(type, values)) <= {int} and _ARGUTE_VALUES.issuperset(values):
            return tuple(values)
        return None

    def bids_from_json(self, values: list[Any]) -> tuple[int, ...] | None:
        # As for the cards: no bool or float may pass for a number of tricks.
        if set(map(type, values)) <= {int} and _ARGUTE_BIDS.issuperset(values):
            return tuple(values)
        return None

    def hand_text(self, hand: tuple[Any, ...], rules: Any) -> str:
        return "".join(map(str, hand))

    def read_hand(self, text: str, rules: Any) -> tuple[int, ...]:
        try:
            return tuple(sorted(map(_ARGUTE_VALUE_BY_TEXT.__getitem__, text)))
        except KeyError:
            offset = next(at for at, char in enumerate(text) if char not in _ARGUTE_VALUE_BY_TEXT)
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


BUGAMI: Final[GameKind] = _Bugami()
ARGUTE: Final[GameKind] = _Argute()
KINDS: Final[dict[str, GameKind]] = {kind.key: kind for kind in (BUGAMI, ARGUTE)}
"""The games records may hold, by their JSON name."""
KINDS_BY_NAME: Final[dict[str, GameKind]] = {kind.name: kind for kind in KINDS.values()}

_VIEWS: Final = (DealView, GameView, ArguteDealView, ArguteGameView)
_GAMES: Final = (Game, GameView, argute_game.Game, ArguteGameView)
_ARGUTE_TYPES: Final = (
    argute_state.Deal, argute_game.Game, ArguteDealView, ArguteGameView,
)  # fmt: skip
_BUGAMI_TYPES: Final = (Deal, Game, DealView, GameView)


def kind_of(state: object) -> GameKind | None:
    """The game a state, game or view belongs to, or ``None``.

    >>> from bugami import argute
    >>> kind_of(argute.deal(argute.Rules(), seed=1)).name
    'Argute'
    """
    if isinstance(state, _BUGAMI_TYPES):
        return BUGAMI
    if isinstance(state, _ARGUTE_TYPES):
        return ARGUTE
    return None


def is_view(state: object) -> bool:
    """Whether ``state`` is a view (of a deal or a game, of either game).

    >>> from bugami import argute
    >>> is_view(argute.deal(argute.Rules(), seed=1)), is_view(argute.view(argute.deal(argute.Rules(), seed=1), 0))
    (False, True)
    """
    return isinstance(state, _VIEWS)


def is_game(state: object) -> bool:
    """Whether ``state`` is a whole game or a view of one (of either game).

    >>> from bugami import argute
    >>> is_game(argute.new_game(argute.Rules(), seed=1)), is_game(argute.deal(argute.Rules(), seed=1))
    (True, False)
    """
    return isinstance(state, _GAMES)
