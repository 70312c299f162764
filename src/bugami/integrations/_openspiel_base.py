"""What the OpenSpiel games ``python_bugami`` and ``python_argute`` share.

Both games are one deal: chance deals the cards one at a time, the k-th to
seat ``(dealer + 1 + k) % players``; the secret bids are sequential moves from
the dealer's left; then the cards are played. A state holds one immutable
:class:`Core`, so a clone shares it.

:class:`DealGame` and :class:`DealState` are mixins: each game module lists
one before :class:`pyspiel.Game` or :class:`pyspiel.State` in the bases of its
own classes (pyspiel constructs those and finds the methods it calls, such as
``current_player`` or ``_apply_action``, by name), and fills in the hooks (the
methods that raise :exc:`NotImplementedError` here) with its game's rules,
cards, bids and scores. :class:`Observer` is the PyObserver both games hand
out; the game's tensor ``Layout`` is a hook of it too.

The game modules import pyspiel first, and raise the :exc:`ImportError` that
says which extra to install; this module imports without OpenSpiel (its names
are needed only once a game is built) so that pytest can collect it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

with contextlib.suppress(ImportError):  # see the module docstring
    import numpy as np  # type: ignore[import-not-found, unused-ignore]
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]


class _Rules(Protocol):
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...


class _Deal(Protocol):
    @property
    def to_move(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def bids(self) -> tuple[object | None, ...]: ...


class _Layout(Protocol):
    @property
    def size(self) -> int: ...
    def views(self, tensor: Any) -> dict[str, Any]: ...


RulesT = TypeVar("RulesT", bound=_Rules)
DealT = TypeVar("DealT", bound=_Deal)
LayoutT = TypeVar("LayoutT", bound=_Layout)
ObserverT = TypeVar("ObserverT", bound="Observer[Any]")


def game_type(
    short_name: str, long_name: str, *, min_players: int, max_players: int, defaults: dict[str, Any]
) -> Any:
    """The :class:`pyspiel.GameType` of a game of one deal: sequential,
    explicit chance, imperfect information, general sum, rewards at the end,
    every string and tensor provided."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(defaults),
    )


class Core(Generic[RulesT, DealT]):
    """Everything a state holds, immutable, so that a clone (which OpenSpiel
    makes by deep-copying the state's attributes) shares it: the rules, the
    dealer, the action ids of the cards dealt so far (while dealing), then the
    deal.

    Each game module subclasses it as its own ``_Core``: OpenSpiel serializes
    a state by pickling its attributes, and the pickles name that class.
    """

    __slots__ = ("deal", "dealer", "dealt", "rules")

    def __init__(
        self, rules: RulesT, dealer: int, dealt: tuple[int, ...], deal: DealT | None
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.dealt = dealt
        self.deal = deal

    def __deepcopy__(self, memo: object) -> Core[RulesT, DealT]:
        return self

    def then(self, dealt: tuple[int, ...], deal: DealT | None) -> Core[RulesT, DealT]:
        """A core of the same class, rules and dealer with ``dealt`` and ``deal``."""
        return type(self)(self.rules, self.dealer, dealt, deal)


class Observer(Generic[LayoutT]):
    """The PyObserver protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over a game's tensor ``Layout``; the game's
    subclass fills it in ``set_from`` and ``string_from``."""

    _short_name: ClassVar[str]
    """The game's name, for error messages."""

    def __init__(self, rules: Any, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"{self._short_name} observers take no parameters, not {params!r}")
        private_info = iig_obs_type.private_info
        if private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(
                f"{self._short_name} observes for one seat; ALL_PLAYERS is not supported"
            )
        self.layout = self._layout(
            rules,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            private=private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER,
            public=bool(iig_obs_type.public_info),
        )
        self.tensor = np.zeros(self.layout.size, np.float32)
        self.dict = self.layout.views(self.tensor)

    def _layout(self, rules: Any, *, perfect_recall: bool, private: bool, public: bool) -> LayoutT:
        """Hook: the game's tensor layout for these options."""
        raise NotImplementedError


class DealGame(Generic[RulesT, DealT, ObserverT]):
    """The pyspiel game methods of one deal, with a ``dealer`` parameter."""

    _game_type: ClassVar[Any]
    """The game's :class:`pyspiel.GameType`."""
    _defaults: ClassVar[dict[str, Any]]
    """The game's parameters and their defaults."""
    _observer_class: type[ObserverT]
    """The class of :meth:`make_py_observer`'s observers."""
    _core_class: ClassVar[type[Core[Any, Any]]]
    """The game module's :class:`Core`."""

    rules: RulesT
    dealer: int

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        short_name = self._game_type.short_name
        merged = dict(self._defaults)
        for name, value in (params or {}).items():
            if name not in merged:
                raise ValueError(f"{short_name} has no parameter {name!r}: it has {sorted(merged)}")
            merged[name] = value
        self.rules = self._rules(merged)
        dealer = merged["dealer"]
        if not isinstance(dealer, int) or not 0 <= dealer < self.rules.players:
            raise ValueError(
                f"dealer must be a seat from 0 to {self.rules.players - 1}, not {dealer!r}"
            )
        self.dealer = dealer
        self._start: Core[RulesT, DealT] = self._core_class(self.rules, dealer, (), None)
        # The next class in the method resolution order is pyspiel.Game.
        super().__init__(self._game_type, self._game_info(self.rules), merged)  # type: ignore[call-arg]

    def _rules(self, params: dict[str, Any]) -> RulesT:
        """Hook: the rules the parameters ``params`` (all of them) set."""
        raise NotImplementedError

    def _game_info(self, rules: RulesT) -> Any:
        """Hook: the :class:`pyspiel.GameInfo` of a deal under ``rules``."""
        raise NotImplementedError

    def max_chance_nodes_in_history(self) -> int:
        """One chance node per card dealt to a hand."""
        return int(self.rules.players * self.rules.hand_size)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ObserverT:
        """An observer: the information state for ``perfect_recall`` types,
        otherwise the observation (the present, not the history)."""
        return self._observer_class(
            self.rules,
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False),
            params,
        )


class DealState(Generic[RulesT, DealT]):
    """The pyspiel state methods of one deal, dealt by chance card by card.

    A chance outcome, like a card played, is an action id; ``_bid_offset``
    and up are the bids.
    """

    _bid_actions: ClassVar[tuple[int, ...]]
    """The ids of every bid, all legal when a seat bids."""
    _bid_offset: ClassVar[int]
    """The least bid id: every id below it is a card."""

    def __init__(self, game: DealGame[RulesT, DealT, Any]) -> None:
        # The next class in the method resolution order is pyspiel.State.
        super().__init__(game)  # type: ignore[call-arg]
        self._core: Core[RulesT, DealT] = game._start

    @property
    def rules(self) -> RulesT:
        """The rules of the deal."""
        return self._core.rules

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._core.dealer

    @property
    def deal(self) -> DealT | None:
        """The deal (a full state), or ``None`` while the cards are still
        being dealt."""
        return self._core.deal

    # --- the hooks --------------------------------------------------------------

    def _deal_from(self, dealt: tuple[int, ...]) -> DealT:
        """Hook: the deal once every hand is complete, ``dealt`` the action ids
        of the cards dealt, in order (the k-th to seat
        ``(dealer + 1 + k) % players``)."""
        raise NotImplementedError

    def _bid(self, deal: DealT, seat: int, action: int) -> DealT:
        """Hook: ``deal`` once ``seat`` makes the bid ``action``."""
        raise NotImplementedError

    def _play(self, deal: DealT, action: int) -> DealT:
        """Hook: ``deal`` once the card ``action`` is played."""
        raise NotImplementedError

    def _play_actions(self, deal: DealT) -> list[int]:
        """Hook: the ids of the cards the seat to play may play."""
        raise NotImplementedError

    def _scores(self, deal: DealT) -> Iterable[int]:
        """Hook: each seat's points for the finished ``deal``."""
        raise NotImplementedError

    def _card_text(self, action: int) -> str:
        """Hook: the card dealt by the chance outcome ``action``, as text."""
        raise NotImplementedError

    def _action_text(self, action: int) -> str:
        """Hook: a player's action ``action``, as text."""
        raise NotImplementedError

    def _table_text(self, deal: DealT) -> str:
        """Hook: the whole table of ``deal``, as text."""
        raise NotImplementedError

    # --- the pyspiel API --------------------------------------------------------

    def current_player(self) -> int:
        """The chance player while dealing, then the seat to bid or play."""
        core = self._core
        deal = core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.to_move is not None:
            return deal.to_move
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        made = sum(choice is not None for choice in deal.bids)
        return (core.dealer + 1 + made) % core.rules.players

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._core.deal
        if deal is None or player != self.current_player():
            return []
        if deal.to_move is None:
            return list(self._bid_actions)
        return self._play_actions(deal)

    def _apply_action(self, action: int) -> None:
        core = self._core
        deal = core.deal
        if deal is None:
            dealt = (*core.dealt, action)
            if len(dealt) < core.rules.players * core.rules.hand_size:
                self._core = core.then(dealt, None)
                return
            deal = self._deal_from(dealt)
        elif action >= self._bid_offset:
            deal = self._bid(deal, self.current_player(), action)
        else:
            deal = self._play(deal, action)
        self._core = core.then((), deal)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            seat = (core.dealer + 1 + len(core.dealt)) % core.rules.players
            return f"deal {self._card_text(action)} to seat {seat}"
        return self._action_text(action)

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        deal = self._core.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        """Each seat's points (the game's ``score``) once the deal is over,
        zeros before."""
        core = self._core
        deal = core.deal
        if deal is None or not deal.is_over:
            return [0.0] * core.rules.players
        return [float(points) for points in self._scores(deal)]

    def __str__(self) -> str:
        core = self._core
        deal = core.deal
        if deal is None:
            cards = " ".join(self._card_text(action) for action in core.dealt)
            return f"dealer {core.dealer}, dealing: {cards}".rstrip()
        return self._table_text(deal)


def replay(
    state: Any,
    dealt_hands: Sequence[Sequence[int]],
    bids: Sequence[int | None],
    plays: Iterable[int],
    *,
    noun: str,
) -> None:
    """Replay a deal on ``state`` (a new initial :class:`DealState`): the
    cards of ``dealt_hands`` (action ids, by seat) as dealt, then the bids made
    (action ids or ``None``, by seat) from the dealer's left, then ``plays``
    (action ids) in order.

    The bids made must be those of the first seats from the dealer's left, or
    :exc:`ValueError` (about "the ``noun``'s bids").
    """
    players, dealer = state.rules.players, state.dealer
    for position in range(players * state.rules.hand_size):
        state.apply_action(dealt_hands[(dealer + 1 + position) % players][position // players])
    order = [bids[(dealer + 1 + step) % players] for step in range(players)]
    made = [action for action in order if action is not None]
    if any(action is None for action in order[: len(made)]):
        raise ValueError(f"the {noun}'s bids were not made in seat order from the dealer's left")
    for action in (*made, *plays):
        state.apply_action(action)
