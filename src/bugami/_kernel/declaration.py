"""One declaration per game: the one value that says what a game is made of.

A game of the library -- Bugami, Argute, or a third one -- is its rules
modules (cards, rules, state, play, scoring, views, actions, events) plus one
:class:`GameDeclaration` naming their parts: the classes of its rules, deals,
games and views, its verbs, its action and event classes, every bid a seat
may make, and the words people read (the game's name, what a deal is called).
The shared code (this kernel's frontend functions, the review engine, the
tools) reads the declaration instead of a hand-made list of hooks, and is
typed by it: a ``GameDeclaration[Rules, Deal, Game, DealView, Bid, Card]``
tells a type checker what each verb takes and gives.

Each game declares itself once, in a module named ``declaration`` beside its
rules (:mod:`bugami.core.declaration`, :mod:`bugami.argute.declaration`): the name
says what the module holds, not how it is used. The declaration holds only
the core's parts, so reading it loads no tool; a tool keeps its own parts
(a game's bots, solver, bid evaluation) in a value of its own that names the
declaration (see :class:`bugami._kernel.reviewing.Kit`).

>>> from bugami.core.declaration import DECLARATION
>>> DECLARATION.name, DECLARATION.title, DECLARATION.deal_word
('bugami', 'Bugami', 'deal')
>>> DECLARATION.states == (DECLARATION.deal, DECLARATION.game)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Generic, Protocol, TypeVar, overload

import attrs

from bugami._kernel.actions import ActionBase, BidActionBase, PlayActionBase
from bugami._kernel.deals import DealBase
from bugami._kernel.events import EventBase
from bugami._kernel.match import Match

__all__ = ["EVENT_ORDER", "BidVerb", "GameDeclaration", "PlayVerb"]

RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT", bound=DealBase)
GameT = TypeVar("GameT", bound=Match)  # type: ignore[type-arg]  # any game's Match[...]
ViewT = TypeVar("ViewT")
BidT = TypeVar("BidT")
CardT = TypeVar("CardT")
BidT_contra = TypeVar("BidT_contra", contravariant=True)
CardT_contra = TypeVar("CardT_contra", contravariant=True)

EVENT_ORDER = (
    "BidMade", "PlayStarted", "CardPlayed", "TrickWon", "DealScored", "DealStarted", "GameOver",
)  # fmt: skip
"""The names of a game's event classes, in the order its declaration lists them."""


class BidVerb(Protocol[DealT, GameT, BidT_contra]):
    """A game's ``bid``: a deal gives a deal, a game a game; the bid may be
    given as its text."""

    @overload
    def __call__(self, state: DealT, seat: int, choice: BidT_contra | str, /) -> DealT: ...

    @overload
    def __call__(self, state: GameT, seat: int, choice: BidT_contra | str, /) -> GameT: ...


class PlayVerb(Protocol[DealT, GameT, CardT_contra]):
    """A game's ``play``: a deal gives a deal, a game a game; the card may be
    given as its text, and ``seat`` checks whose turn it is."""

    @overload
    def __call__(
        self, state: DealT, card: CardT_contra | str, /, *, seat: int | None = None
    ) -> DealT: ...

    @overload
    def __call__(
        self, state: GameT, card: CardT_contra | str, /, *, seat: int | None = None
    ) -> GameT: ...


def _events_in_order(
    instance: object,
    attribute: attrs.Attribute[tuple[type[EventBase], ...]],
    value: tuple[type[EventBase], ...],
) -> None:
    names = tuple(kind.__name__ for kind in value)
    if names != EVENT_ORDER:
        raise TypeError(f"a game's events are {', '.join(EVENT_ORDER)} in that order, not {names}")


@attrs.frozen(kw_only=True)
class GameDeclaration(Generic[RulesT, DealT, GameT, ViewT, BidT, CardT]):
    """What one game is made of, declared once (see the module's description).

    The type parameters are the game's rules, deal, game (a whole game to a
    target), a seat's view of a deal, bid and card types. Every field is
    keyword-only, so a declaration reads as a list of named parts.

    >>> from bugami.argute.declaration import DECLARATION
    >>> DECLARATION.noun, DECLARATION.card_word, DECLARATION.bids
    ('an Argute', 'value', (0, 1, 2, 3))
    >>> import attrs
    >>> [field.name for field in attrs.fields(type(DECLARATION))][:4]
    ['name', 'title', 'noun', 'deal_word']
    """

    # --- the words people read ------------------------------------------------------------
    name: str
    """The game's name in records, reviews and payloads (``"bugami"``)."""
    title: str
    """The game's name for people (``"Bugami"``)."""
    noun: str
    """How messages name one of the game's states, as in "needs *a bugami*
    Deal or Game"."""
    deal_word: str
    """What one deal is called in the game (``"deal"``, Argute's ``"hand"``)."""
    card_word: str
    """What a thing played to a trick is called (``"card"``, Argute's ``"value"``)."""
    bid_word: str
    """What a bid names (``"suit or misère"``, Argute's ``"number of tricks"``)."""
    view_call: str
    """How a user makes a seat's view, for messages (``"bugami.view(state, seat)"``)."""

    # --- the classes ----------------------------------------------------------------------
    rules: type[RulesT]
    """The rules class (the variant's configuration)."""
    deal: type[DealT]
    """The deal state class."""
    game: type[GameT]
    """The whole-game state class."""
    seat_view: type[ViewT]
    """A seat's view of a deal."""
    spectator_view: type
    """A spectator's view of a deal."""
    game_view: type
    """A seat's view of a game."""
    spectator_game_view: type
    """A spectator's view of a game."""
    bid_action: type[BidActionBase[BidT]]
    """The action value of a bid."""
    play_action: type[PlayActionBase[CardT]]
    """The action value of a card played."""
    events: tuple[type[EventBase], ...] = attrs.field(validator=_events_in_order)
    """The event classes, in the order of :data:`EVENT_ORDER`."""

    # --- the verbs and values -------------------------------------------------------------
    bids: tuple[BidT, ...]
    """Every bid a seat may make, in canonical order."""
    bid: BidVerb[DealT, GameT, BidT]
    """The ``bid`` verb."""
    play: PlayVerb[DealT, GameT, CardT]
    """The ``play`` verb."""
    legal_moves: Callable[[DealT], tuple[CardT, ...]]
    """The ``legal_moves`` verb, on a deal."""
    score: Callable[[DealT], tuple[int, ...]]
    """The points of a finished deal, per seat."""
    view: Callable[[DealT, int], ViewT]
    """A seat's view of a deal."""
    sample_deal: Callable[[ViewT, random.Random], DealT]
    """A deal consistent with a seat's view, drawn with the generator given."""
    parse_action: Callable[[str | Mapping[str, object]], ActionBase]
    """An action from its text or dict (or an action, as it is)."""
    tricks: Callable[[RulesT], int]
    """How many tricks a deal has under the rules given."""

    # --- defaults for the tools -----------------------------------------------------------
    thresholds: tuple[float, float, float]
    """The least loss, in the game's points, of an inaccuracy, a mistake and a
    blunder in a review."""

    # --- derived: kept so that the kernel's checks are one tuple test ---------------------
    states: tuple[type[DealT], type[GameT]] = attrs.field(init=False)
    """The deal class and the game class."""
    deal_views: tuple[type, type] = attrs.field(init=False)
    """A seat's and a spectator's view of a deal."""
    game_views: tuple[type, type] = attrs.field(init=False)
    """A seat's and a spectator's view of a game."""
    actions: tuple[type[ActionBase], type[ActionBase]] = attrs.field(init=False)
    """The (bid, play) action classes."""

    @states.default
    def _states(self) -> tuple[type[DealT], type[GameT]]:
        return (self.deal, self.game)

    @deal_views.default
    def _deal_views(self) -> tuple[type, type]:
        return (self.seat_view, self.spectator_view)

    @game_views.default
    def _game_views(self) -> tuple[type, type]:
        return (self.game_view, self.spectator_game_view)

    @actions.default
    def _actions(self) -> tuple[type[ActionBase], type[ActionBase]]:
        return (self.bid_action, self.play_action)

    def __repr__(self) -> str:
        return f"<GameDeclaration of {self.title}>"
