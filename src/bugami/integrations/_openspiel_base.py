"""What the OpenSpiel games ``python_bugami`` and ``python_argute`` share.

Both games are one deal: chance deals the cards one at a time, the k-th to
seat ``(dealer + 1 + k) % players``; the secret bids are sequential moves from
the dealer's left; then the cards are played. A state holds one immutable
:class:`Core`, so a clone shares it.

:class:`DealGame`, :class:`DealState` and :class:`Observer` are the game, the
state and the PyObserver of both games: a game module subclasses each once,
names its game (an :class:`~bugami.integrations._adapted.AdaptedGame`: verbs,
action ids, tensors and texts), and fills in the few hooks that are its own
(the methods that raise :exc:`NotImplementedError` here: the rules from the
parameters, the odds of the cards still to deal). pyspiel constructs games
and states and finds the methods it calls, such as ``current_player`` or
``_apply_action``, by name.

The game modules call :func:`~bugami.integrations._adapted.require_openspiel`
first, which says which extra to install; this module needs OpenSpiel and
numpy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import numpy as np  # type: ignore[import-not-found, unused-ignore]
import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]

from bugami._kernel.checks import as_int
from bugami.errors import IllegalMoveError, InvalidInputError, brief
from bugami.integrations._adapted import (
    AdaptedGame,
    Array,
    Dealing,
    DealLike,
    RulesLike,
    TensorLayout,
    seat_to_act,
)

__all__ = [
    "Core",
    "DealGame",
    "DealState",
    "Observer",
    "deal_game_info",
    "game_type",
    "replay",
]

if TYPE_CHECKING:
    # OpenSpiel ships no type information: to type checkers its two base
    # classes are these, whose every other attribute is OpenSpiel's, untyped.

    class _SpielGame:
        """:class:`pyspiel.Game`, as type checkers see it."""

        def __init__(self, game_type: Any, game_info: Any, params: dict[str, Any]) -> None: ...
        def __getattr__(self, name: str) -> Any: ...

    class _SpielState:
        """:class:`pyspiel.State`, as type checkers see it."""

        def __init__(self, game: Any) -> None: ...
        def __getattr__(self, name: str) -> Any: ...

else:
    _SpielGame = pyspiel.Game
    _SpielState = pyspiel.State

RulesT = TypeVar("RulesT", bound=RulesLike)
DealT = TypeVar("DealT", bound=DealLike)
ViewT = TypeVar("ViewT")
StateT = TypeVar("StateT", bound="DealState[Any, Any, Any]")
ObserverT = TypeVar("ObserverT", bound="Observer[Any, Any]")


def game_type(
    short_name: str, long_name: str, min_players: int, max_players: int, defaults: dict[str, Any]
) -> Any:
    """The :class:`pyspiel.GameType` of a game of one deal: sequential,
    explicit chance, imperfect information, general sum, rewards at the end,
    every string and tensor provided; ``defaults`` are its parameters with
    their default values."""
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


def deal_game_info(
    adapted: AdaptedGame[Any, Any, Any, Any, Any],
    players: int,
    utility: tuple[float, float],
    max_game_length: int,
    max_chance_outcomes: int,
) -> Any:
    """The :class:`pyspiel.GameInfo` of one deal of the ``adapted`` game:
    its action ids, ``players`` seats, the least and greatest points a seat
    can score (``utility``), no constant sum."""
    low, high = utility
    return pyspiel.GameInfo(
        num_distinct_actions=adapted.ids.action_count,
        max_chance_outcomes=max_chance_outcomes,
        num_players=players,
        min_utility=low,
        max_utility=high,
        utility_sum=None,
        max_game_length=max_game_length,
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


class DealState(_SpielState, Generic[RulesT, DealT, ViewT]):
    """The pyspiel state of one deal, dealt by chance card by card.

    A chance outcome, like a card played, is an action id below the bids'.
    A game module's subclass names its game (``_adapted``), its ``Core``
    class, and gives the odds of the cards still to deal
    (:meth:`chance_outcomes`).
    """

    _adapted: ClassVar[AdaptedGame[Any, Any, Any, Any, Any]]
    """The game: its verbs, action ids and texts."""
    _core_class: ClassVar[type[Core[Any, Any]]]
    """The game module's :class:`Core`."""

    def __init__(self, game: DealGame[RulesT, Any, Any]) -> None:
        super().__init__(game)
        self._core: Core[RulesT, DealT] = self._core_class(game.rules, game.dealer, (), None)

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

    def view(self, seat: int) -> ViewT | None:
        """What ``seat`` knows (the game's ``view``), or ``None`` while dealing."""
        deal = self._core.deal
        return None if deal is None else self._adapted.verbs.view(deal, seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Hook: each card that may be dealt next (an action id), with its
        probability."""
        raise NotImplementedError

    def _dealt_to(self, seat: int) -> tuple[int, ...]:
        """The action ids of the cards dealt to ``seat`` so far, in the order
        dealt, while dealing (``()`` once the deal is complete)."""
        core = self._core
        players = core.rules.players
        return core.dealt[(seat - core.dealer - 1) % players :: players]

    def _seen(self, seat: int) -> ViewT | Dealing:
        """What ``seat`` knows: its view, or while dealing the cards dealt to
        it so far."""
        seen = self.view(seat)
        if seen is None:
            return Dealing(seat, self._core.dealer, self._dealt_to(seat))
        return seen

    # --- the pyspiel API --------------------------------------------------------

    def current_player(self) -> int:
        """The chance player while dealing, then the seat to bid or play."""
        deal = self._core.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = seat_to_act(deal)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._core.deal
        if deal is None or player != self.current_player():
            return []
        return self._adapted.legal_actions(deal)

    def _apply_action(self, action: int) -> None:
        core = self._core
        deal = core.deal
        adapted = self._adapted
        if deal is None:
            outcomes = [outcome for outcome, _ in self.chance_outcomes()]
            number = as_int(action)
            if number is None or number not in outcomes:
                raise IllegalMoveError(
                    f"chance cannot deal {brief(action)}: the cards still to deal are the "
                    f"action ids {brief(outcomes)}"
                )
            dealt = (*core.dealt, number)
            players: int = core.rules.players
            if len(dealt) < players * core.rules.hand_size:
                self._core = core.then(dealt, None)
                return
            hands = adapted.hands_dealt(dealt, players, core.dealer)
            deal = adapted.verbs.deal(core.rules, hands=hands, dealer=core.dealer)
        elif adapted.ids.check(action) >= adapted.ids.bid_offset:
            seat = self.current_player()
            deal = adapted.verbs.bid(deal, seat, adapted.ids.bid_of_action(action))
        else:
            deal = adapted.verbs.play(deal, adapted.ids.card_of_action(action))
        self._core = core.then((), deal)

    def _action_to_string(self, player: int, action: int) -> str:
        action = self._adapted.ids.check(action)
        if player == pyspiel.PlayerId.CHANCE:
            core = self._core
            seat = (core.dealer + 1 + len(core.dealt)) % core.rules.players
            return f"deal {self._adapted.ids.card_of_action(action)} to seat {seat}"
        return self._adapted.ids.action_text(action)

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
        return [float(points) for points in self._adapted.verbs.score(deal)]

    def __str__(self) -> str:
        core = self._core
        deal = core.deal
        if deal is None:
            card_of = self._adapted.ids.card_of_action
            cards = " ".join(str(card_of(action)) for action in core.dealt)
            return f"dealer {core.dealer}, dealing: {cards}".rstrip()
        return self._adapted.table_text(deal)


class Observer(Generic[ViewT, StateT]):
    """The PyObserver protocol (``tensor``, ``dict``, ``set_from``,
    ``string_from``) over the game's tensor layout, for one seat."""

    _adapted: ClassVar[AdaptedGame[Any, Any, Any, Any, Any]]
    """The game: its tensor layout."""
    _short_name: ClassVar[str]
    """The game's name, for error messages."""

    def __init__(self, rules: Any, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise InvalidInputError(
                f"{self._short_name} observers take no parameters, not {brief(params)}"
            )
        private_info = iig_obs_type.private_info
        if private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise InvalidInputError(
                f"{self._short_name} observes for one seat; ALL_PLAYERS is not supported"
            )
        self.layout: TensorLayout[Any, ViewT] = self._adapted.layout(
            rules,
            perfect_recall=bool(iig_obs_type.perfect_recall),
            private=private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER,
            public=bool(iig_obs_type.public_info),
        )
        """Where each part of what a seat knows lies in :attr:`tensor`."""
        self.tensor: Array = np.zeros(self.layout.size, np.float32)
        """The flat float32 tensor :meth:`set_from` fills."""
        self.dict: dict[str, Array] = self.layout.views(self.tensor)
        """Named, shaped views into :attr:`tensor`."""

    def set_from(self, state: StateT, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` knows of ``state``."""
        self.tensor.fill(0)
        self.layout.fill(self.dict, state._seen(player))

    def string_from(self, state: StateT, player: int) -> str:
        """What ``player`` knows of ``state``, as text."""
        return self.layout.describe(state._seen(player))


class DealGame(_SpielGame, Generic[RulesT, StateT, ObserverT]):
    """The pyspiel game of one deal, with a ``dealer`` parameter.

    A game module's subclass gives its game's type, the classes of its states
    and observers, its :meth:`_rules` and its :meth:`_game_info`.
    """

    _game_type: ClassVar[Any]
    """The game's :class:`pyspiel.GameType`; its parameter specification holds
    the defaults of the parameters."""
    _state_class: type[StateT]
    """The class of :meth:`new_initial_state`'s states."""
    _observer_class: type[ObserverT]
    """The class of :meth:`make_py_observer`'s observers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        short_name = self._game_type.short_name
        merged = dict(self._game_type.parameter_specification)
        for name, value in (params or {}).items():
            if name not in merged:
                raise InvalidInputError(
                    f"{short_name} has no parameter {name!r}: it has {sorted(merged)}"
                )
            merged[name] = value
        rules = self._rules(merged)
        players: int = rules.players
        dealer = merged["dealer"]
        if not isinstance(dealer, int) or not 0 <= dealer < players:
            raise InvalidInputError(
                f"dealer must be a seat from 0 to {players - 1}, not {brief(dealer)}"
            )
        self.rules: RulesT = rules
        """The rules the parameters set."""
        self.dealer: int = dealer
        """The dealer's seat."""
        super().__init__(self._game_type, self._game_info(rules), merged)

    def _rules(self, params: dict[str, Any]) -> RulesT:
        """Hook: the rules the parameters ``params`` (all of them) set."""
        raise NotImplementedError

    def _game_info(self, rules: RulesT) -> Any:
        """Hook: the :class:`pyspiel.GameInfo` of a deal under ``rules``."""
        raise NotImplementedError

    def new_initial_state(self) -> StateT:
        """A deal about to be dealt."""
        return self._state_class(self)

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


def replay(state: StateT, deal: Any, *, noun: str) -> StateT:
    """Replay ``deal`` on ``state`` (a new initial :class:`DealState` of the
    deal's game): its cards as dealt, then the bids made from the dealer's
    left, then the cards played in order; return ``state``.

    The bids made must be those of the first seats from the dealer's left, or
    :class:`~bugami.errors.InvalidInputError` (about "the ``noun``'s bids").
    """
    dealt_hands, bids, plays = state._adapted.replayed(deal)
    players, dealer = state.rules.players, state.dealer
    for position in range(players * state.rules.hand_size):
        state.apply_action(dealt_hands[(dealer + 1 + position) % players][position // players])
    order = [bids[(dealer + 1 + step) % players] for step in range(players)]
    made = [action for action in order if action is not None]
    if any(action is None for action in order[: len(made)]):
        raise InvalidInputError(
            f"the {noun}'s bids were not made in seat order from the dealer's left, as "
            "OpenSpiel's seats bid: replay it once every seat has bid"
        )
    for action in (*made, *plays):
        state.apply_action(action)
    return state
