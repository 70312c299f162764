"""What every adapter needs of a game, in one shape for both games (private).

The OpenSpiel games and the PettingZoo environments of Bugami and Argute are
built from the same parts. Each game's encoding module (``_encoding`` for
Bugami, ``_argute_encoding`` for Argute) describes its game once, as an
:class:`AdaptedGame`: its verbs over deals (:class:`Verbs`), its action ids
(:class:`ActionIds`), its tensor :class:`TensorLayout` and the whole table as
text. The private bases of the adapters (``_openspiel_base``,
``_pettingzoo_base``) do the rest for both games alike.

This module imports no optional dependency: it also holds the check that
says which extra an adapter needs (:func:`require_openspiel`,
:func:`require_pettingzoo`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Generic, Protocol, TypeVar

from bugami._kernel.checks import as_int
from bugami.errors import InvalidInputError, brief

__all__ = [
    "ActionIds",
    "AdaptedGame",
    "Array",
    "DealLike",
    "Dealing",
    "RulesLike",
    "TensorLayout",
    "Verbs",
    "require_openspiel",
    "require_pettingzoo",
    "seat_to_act",
]

Array = Any
"""A numpy array: numpy may not be installed where this is type-checked."""

ViewT = TypeVar("ViewT")
CardT = TypeVar("CardT")
BidT = TypeVar("BidT")


def _require(module: str, framework: str, extra: str, packages: Sequence[str], pip: str) -> None:
    try:
        for name in packages:
            import_module(name)
    except ImportError as error:
        raise ImportError(
            f"{module} needs {framework}: install the extra with "
            f"`pip install 'bugami[{extra}]'` (or `pip install {pip}`)"
        ) from error


def require_openspiel(module: str) -> None:
    """Raise an :class:`ImportError` that says what to install unless
    OpenSpiel and numpy import; ``module`` is the adapter that needs them.

    >>> import sys
    >>> sys.modules["pyspiel"], saved = None, sys.modules.get("pyspiel")
    >>> require_openspiel("an.adapter")
    Traceback (most recent call last):
    ...
    ImportError: an.adapter needs OpenSpiel: install the extra with `pip install 'bugami[openspiel]'` (or `pip install open_spiel`)
    >>> if saved is None:
    ...     del sys.modules["pyspiel"]
    ... else:
    ...     sys.modules["pyspiel"] = saved
    """
    _require(module, "OpenSpiel", "openspiel", ("numpy", "pyspiel"), "open_spiel")


def require_pettingzoo(module: str) -> None:
    """Raise an :class:`ImportError` that says what to install unless
    PettingZoo, Gymnasium and numpy import; ``module`` is the adapter that
    needs them (see :func:`require_openspiel`)."""
    packages = ("numpy", "gymnasium", "pettingzoo")
    _require(module, "PettingZoo", "pettingzoo", packages, "pettingzoo gymnasium numpy")


class RulesLike(Protocol):
    """What the adapters read of either game's rules."""

    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...


class DealLike(Protocol):
    """What the adapters read of a deal of either game themselves."""

    @property
    def rules(self) -> RulesLike: ...
    @property
    def dealer(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def bids(self) -> tuple[object | None, ...]: ...


RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)


def seat_to_act(deal: DealLike) -> int | None:
    """The seat to bid or play in ``deal``, or ``None`` once it is over.

    The bids, secret and simultaneous at the table, are asked for one at a
    time from the dealer's left: the next seat to bid is the first, from the
    dealer's left, after the bids made so far.

    >>> from bugami.argute.dealing import deal
    >>> from bugami.argute.rules import Rules
    >>> seat_to_act(deal(Rules(players=3), seed=1, dealer=2))
    0
    """
    if deal.to_move is not None:
        return deal.to_move
    if deal.is_over:
        return None
    made = sum(choice is not None for choice in deal.bids)
    return (deal.dealer + 1 + made) % deal.rules.players


@dataclass(frozen=True)
class Dealing:
    """What a seat knows while the cards are still being dealt (OpenSpiel
    deals them one by one): who it is, who deals, and the action ids of the
    cards dealt to it so far, in order. It stands where a view stands once
    the deal is complete, and has the view's ``seat`` and ``dealer``.

    >>> Dealing(seat=1, dealer=0, dealt=(4, 2)).dealt
    (4, 2)
    """

    seat: int
    """The seat that knows this."""
    dealer: int
    """The dealer's seat."""
    dealt: tuple[int, ...]
    """The action ids of the cards dealt to :attr:`seat` so far."""


@dataclass(frozen=True)
class Verbs(Generic[DealT, ViewT, CardT, BidT]):
    """A game's verbs over deals, as its own modules spell them.

    >>> from bugami.argute.dealing import deal
    >>> from bugami.argute.play import bid, legal_moves, play
    >>> from bugami.argute.scoring import score
    >>> from bugami.argute.view import view
    >>> Verbs(deal, bid, play, legal_moves, score, view).score is score
    True
    """

    deal: Callable[..., DealT]
    """``deal(rules, seed=..., dealer=...)`` or ``deal(rules, hands=..., dealer=...)``."""
    bid: Callable[[DealT, int, BidT], DealT]
    """``bid(deal, seat, choice)``."""
    play: Callable[..., DealT]
    """``play(deal, card)`` or ``play(deal, card, seat=seat)``."""
    legal_moves: Callable[[DealT], tuple[CardT, ...]]
    """``legal_moves(deal)``: the cards the seat to play may play."""
    score: Callable[[DealT], tuple[int, ...]]
    """``score(deal)``: each seat's points for a finished deal."""
    view: Callable[[DealT, int], ViewT]
    """``view(deal, seat)``: what ``seat`` knows."""


class ActionIds(Generic[CardT, BidT]):
    """A game's action ids: the positions in ``cards`` (a card played, or in
    OpenSpiel a card dealt), then those in ``bids``.

    ``card_of_action`` and ``bid_of_action`` read an id as the game does (and
    so decide what an id out of range does); ``action_text`` names an id for
    a player.

    >>> ids = ActionIds(("a", "b"), ("x", "y", "z"), "ab".__getitem__, str, str)
    >>> ids.bid_offset, ids.bid_actions, ids.action_count, ids.action_of_bid("y")
    (2, (2, 3, 4), 5, 3)
    """

    def __init__(
        self,
        cards: tuple[CardT, ...],
        bids: tuple[BidT, ...],
        card_of_action: Callable[[int], CardT],
        bid_of_action: Callable[[int], BidT],
        action_text: Callable[[int], str],
    ) -> None:
        self.cards = cards
        self.bids = bids
        self.card_of_action = card_of_action
        self.bid_of_action = bid_of_action
        self.action_text = action_text
        self.bid_offset: int = len(cards)
        """The id of the first bid: every id below it is a card."""
        self.bid_actions: tuple[int, ...] = tuple(range(len(cards), len(cards) + len(bids)))
        """The ids of every bid, all legal when a seat bids."""
        self.action_count: int = len(cards) + len(bids)
        """How many ids there are."""
        self.card_ids: dict[CardT, int] = {card: action for action, card in enumerate(cards)}
        """The action id of each card."""

    def action_of_bid(self, choice: BidT) -> int:
        """The action id of the bid ``choice``."""
        return self.bid_offset + self.bids.index(choice)

    def check(self, action: object) -> int:
        """The plain int ``action`` stands for (an int, a NumPy integer), if
        it is an action id; otherwise :class:`~bugami.errors.InvalidInputError`
        (a bool, a float, a text or an id out of range is never read as one).

        >>> ids = ActionIds(("a", "b"), ("x", "y", "z"), "ab".__getitem__, str, str)
        >>> ids.check(4)
        4
        >>> ids.check(-1)
        Traceback (most recent call last):
        ...
        bugami.errors.InvalidInputError: an action id is an int from 0 to 4, not -1
        """
        number = as_int(action)
        if number is None or not 0 <= number < self.action_count:
            raise InvalidInputError(
                f"an action id is an int from 0 to {self.action_count - 1}, not {brief(action)}"
            )
        return number


class TensorLayout(Generic[RulesT, ViewT]):
    """Where each part of a seat's knowledge sits in a flat tensor, and how
    to fill it and say it.

    ``perfect_recall`` chooses the information state (the public history)
    over the observation (the present only); ``private`` keeps the seat's own
    hand and bid, ``public`` what every seat knows. A game's subclass lists
    its named blocks in :meth:`_pieces`, and fills and describes them from a
    view or, while dealing, from :class:`Dealing`.
    """

    def __init__(self, rules: RulesT, *, perfect_recall: bool, private: bool, public: bool) -> None:
        self.rules = rules
        self.perfect_recall = perfect_recall
        self.private = private
        self.public = public
        self.pieces: list[tuple[str, tuple[int, ...]]] = self._pieces(rules)
        """Each block's name and shape, in the order they lie in the tensor."""
        self.size: int = sum(math.prod(shape) for _, shape in self.pieces)
        """How many floats the tensor holds."""

    def _pieces(self, rules: RulesT) -> list[tuple[str, tuple[int, ...]]]:
        """Hook: the named blocks of the tensor, with their shapes."""
        raise NotImplementedError

    def views(self, tensor: Array) -> dict[str, Array]:
        """Named, shaped views into ``tensor`` (a flat array of :attr:`size` floats)."""
        named: dict[str, Array] = {}
        start = 0
        for name, shape in self.pieces:
            width = math.prod(shape)
            named[name] = tensor[start : start + width].reshape(shape)
            start += width
        return named

    def fill(self, named: dict[str, Array], seen: ViewT | Dealing) -> None:
        """Hook: set the entries of ``named`` (the zeroed :meth:`views` of a
        tensor) for what a seat knows, ``seen``."""
        raise NotImplementedError

    def describe(self, seen: ViewT | Dealing) -> str:
        """Hook: what :meth:`fill` sets, as text."""
        raise NotImplementedError


@dataclass(frozen=True)
class AdaptedGame(Generic[RulesT, DealT, ViewT, CardT, BidT]):
    """A game as the adapters see it: its verbs, its action ids, its tensor
    layout and the whole table as text (every hand shown, for watching)."""

    verbs: Verbs[DealT, ViewT, CardT, BidT]
    """The game's verbs over deals."""
    ids: ActionIds[CardT, BidT]
    """The game's action ids."""
    layout: type[TensorLayout[RulesT, ViewT]]
    """The game's tensor layout."""
    table_text: Callable[[DealT], str]
    """``table_text(deal)``: the whole table as text."""

    def hands_dealt(self, dealt: tuple[int, ...], players: int, dealer: int) -> list[list[CardT]]:
        """Each seat's cards from the action ids ``dealt`` in order, the k-th
        to seat ``(dealer + 1 + k) % players`` as at the table."""
        card_of = self.ids.card_of_action
        return [
            [card_of(action) for action in dealt[(seat - dealer - 1) % players :: players]]
            for seat in range(players)
        ]

    def legal_actions(self, deal: DealT) -> list[int]:
        """The action ids the seat to act may take in ``deal`` (not over):
        every bid while bidding, else the cards it may play."""
        if deal.to_move is None:
            return list(self.ids.bid_actions)
        card_ids = self.ids.card_ids
        return [card_ids[card] for card in self.verbs.legal_moves(deal)]

    def apply(self, deal: DealT, seat: int, action: int) -> DealT:
        """``deal`` once ``seat`` takes the action ``action``: a bid, or a
        card (refused unless it is ``seat``'s turn)."""
        ids = self.ids
        action = ids.check(action)
        if action >= ids.bid_offset:
            return self.verbs.bid(deal, seat, ids.bid_of_action(action))
        return self.verbs.play(deal, ids.card_of_action(action), seat=seat)

    def replayed(self, deal: Any) -> tuple[list[list[int]], list[int | None], list[int]]:
        """The action ids of ``deal``'s hands as dealt (by seat), of its bids
        (``None`` for a bid not made) and of its cards played, in order."""
        ids = self.ids
        card_ids = ids.card_ids
        played = [*(card for done in deal.tricks for card in done.cards), *deal.current_trick]
        return (
            [[card_ids[card] for card in hand] for hand in deal.dealt_hands],
            [None if choice is None else ids.action_of_bid(choice) for choice in deal.bids],
            [card_ids[card] for card in played],
        )
