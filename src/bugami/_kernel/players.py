"""Players that act on views: what both games' bots share.

A bot is shown only what its seat may know (a view) and answers with a bid or
a card. This module holds the protocol every bot follows (:class:`Player`;
each game names its own, :class:`bugami.bots.Bot` and
:class:`bugami.argute.bots.ArguteBot`), the checks a bot makes of what it is
given (:class:`Seats`), the loop that lets a table of bots finish a deal or a
game's current deal (:func:`finish`), and the budget of the search bots
(:class:`Budget`): a number of imagined deals per decision, or a time.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar, runtime_checkable

from bugami._kernel.checks import as_int, check_at_least, check_range
from bugami._kernel.deals import DealBase
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.match import Match
from bugami._kernel.seeds import Seed
from bugami._kernel.solutions import SearchLimitError
from bugami._kernel.views import spectators_note
from bugami.errors import IllegalMoveError, InvalidInputError, brief

__all__ = [
    "Budget",
    "Player",
    "Seats",
    "budget_label",
    "check_game",
    "check_seconds",
    "claim_bots",
    "copies",
    "finish",
    "game_of",
    "is_bot",
    "new_rng",
    "rounds",
    "table_of",
]

ViewT = TypeVar("ViewT", contravariant=True)
BidT = TypeVar("BidT", covariant=True)
CardT = TypeVar("CardT", covariant=True)
OptionT = TypeVar("OptionT")
SeenT = TypeVar("SeenT", bound="Deciding")
BotT = TypeVar("BotT")
RulesT = TypeVar("RulesT")
DealT = TypeVar("DealT", bound=DealBase)
GameT = TypeVar("GameT", bound=Match)  # type: ignore[type-arg]  # any game's Match[...]
BidT_ = TypeVar("BidT_")  # invariant: the Player protocol's own are covariant
CardT_ = TypeVar("CardT_")
ImaginedT = TypeVar("ImaginedT")


@runtime_checkable
class Player(Protocol[ViewT, BidT, CardT]):
    """A player that chooses bids and cards from views.

    A bot has a ``name`` (shown in simulation rows and tables), may keep a
    random generator, and restarts it with :meth:`reset`: given the same seed
    (and, for a search, the same budget of imagined deals) a bot makes the
    same choices from the same views. The simulator calls :meth:`reset` before
    every deal with a seed of its own, so results do not depend on how the
    work was split among processes.
    """

    @property
    def name(self) -> str:
        """A short name for tables, such as ``"random"`` or ``"search(32)"``."""
        ...

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the bot's random choices from ``seed`` (``None``: fresh entropy)."""
        ...

    def choose_bid(self, seen: ViewT) -> BidT:
        """The bid to make, given what this seat knows; the seat has not bid yet."""
        ...

    def choose_card(self, seen: ViewT) -> CardT:
        """The card to play, given what this seat knows; it is this seat's turn."""
        ...


# The game each of the library's bot classes plays, by class: the two games' bot
# protocols have the same shape, so a bot of one game passes the other's
# isinstance check, and only this table tells them apart. Filled once, by
# bugami.bots (claim_bots), with the library's ten bot classes; never grows after.
_GAME_OF_BOT: Final[dict[type, GameDeclaration[Any, Any, Any, Any, Any, Any]]] = {}


def claim_bots(
    game: GameDeclaration[RulesT, DealT, GameT, Any, BidT_, CardT_], *kinds: type
) -> None:
    """Record that the bot classes ``kinds`` (and their subclasses) play
    ``game``, for :func:`game_of`.

    >>> from bugami.bots import HeuristicBot
    >>> from bugami.core.declaration import DECLARATION
    >>> claim_bots(DECLARATION, HeuristicBot)  # done already by bugami.bots
    >>> game_of(HeuristicBot()).title
    'Bugami'
    """
    for kind in kinds:
        _GAME_OF_BOT[kind] = game


def game_of(bot: object) -> GameDeclaration[Any, Any, Any, Any, Any, Any] | None:
    """The game a bot of the library (or of a subclass of one) plays, or
    ``None`` for any other object (such as a user's own bot).

    >>> from bugami.bots import ArguteRandomBot
    >>> game_of(ArguteRandomBot()).name, game_of(object())
    ('argute', None)
    """
    for kind in type(bot).__mro__:
        game = _GAME_OF_BOT.get(kind)
        if game is not None:
            return game
    return None


def check_game(
    bot: object,
    game: GameDeclaration[RulesT, DealT, GameT, Any, BidT_, CardT_],
    what: str,
    words: tuple[str, str, str],
) -> None:
    """Refuse a bot of the library that plays another game than ``game``,
    with an :class:`~bugami.InvalidInputError` that says so (``what`` names
    the argument; ``words`` are those of :func:`table_of`). Any other bot is
    let through, for the game's own checks.

    >>> from bugami.bots import HeuristicBot
    >>> from bugami.argute.declaration import DECLARATION
    >>> check_game(HeuristicBot(), DECLARATION, "others",
    ...            ("an Argute bot", "one per seat", "bugami.bots.ArguteBot"))
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: others is a bot of Bugami (HeuristicBot()), not of Argute: give a bot of Argute (see bugami.bots.ArguteBot)
    """
    theirs = game_of(bot)
    if theirs is not None and theirs.name != game.name:
        raise InvalidInputError(
            f"{what} is a bot of {theirs.title} ({brief(bot)}), not of {game.title}: "
            f"give a bot of {game.title} (see {words[2]})"
        )


MAX_SAMPLES: Final = 100_000
"""The most imagined deals a bot may be given a decision (``samples``,
``bid_samples``)."""
MAX_SECONDS: Final = 3600
"""The longest time budget a bot may be given a decision, in seconds."""


def new_rng(seed: Seed | None) -> random.Random:
    """A generator for a bot: seeded, or from fresh entropy for ``None``.

    >>> new_rng(7).random() == new_rng(7).random()
    True
    """
    if seed is None:
        return random.Random()
    if isinstance(seed, (str, bytes)):  # of any length: bots are seeded from a deal's seed
        return random.Random(seed)
    number = as_int(seed)  # an int-like (a NumPy integer) as its plain int; a bool is none
    if number is None:
        raise InvalidInputError(f"a bot seed is an int, str or bytes, not {brief(seed)}")
    return random.Random(number)


def copies(bots: Sequence[BotT]) -> list[BotT]:
    """Independent copies of ``bots``, so that one object given for several
    seats does not share its generator between them."""
    return [copy.deepcopy(bot) for bot in bots]


class Deciding(Protocol):
    """What a seat table reads of a seat's view of a deal: whose it is,
    whose turn it is, and the bids it may still make."""

    @property
    def seat(self) -> int:
        """The seat whose view it is."""
        ...

    @property
    def to_move(self) -> int | None:
        """The seat to play, or ``None``."""
        ...

    def legal_bids(self) -> tuple[object, ...]:
        """The bids the seat may still make."""
        ...


class Seats(Generic[SeenT]):
    """What a game's bots accept: its views (``deal_view``, ``game_view``)
    and never its full states (``deal``, ``game``), all read from the game's
    declaration, with the words of the messages: ``how`` to get a view (the
    declaration's ``view_call``), ``full`` before a full state's class name,
    ``needs`` for anything else, and ``foreign`` for a view of the other game
    (``None``: no such message).

    >>> from bugami.argute.declaration import DECLARATION
    >>> seats = Seats(DECLARATION, full="Argute ", needs="an Argute view")
    >>> seats.deal_view is DECLARATION.seat_view, seats.how
    (True, 'bugami.argute.view(state, seat)')
    """

    __slots__ = ("deal", "deal_view", "foreign", "full", "game", "game_view", "how", "needs")
    deal_view: type
    game_view: type
    deal: type
    game: type
    full: str
    how: str
    needs: str
    foreign: tuple[str, str] | None

    def __init__(
        self,
        game: GameDeclaration[RulesT, DealT, GameT, SeenT, BidT_, CardT_],
        *,
        full: str,
        needs: str,
        foreign: tuple[str, str] | None = None,
    ) -> None:
        self.deal_view, self.game_view = game.seat_view, game.game_view
        self.deal, self.game = game.states
        self.full = full
        self.how = game.view_call
        self.needs = needs
        self.foreign = foreign  # (module prefix of the other game, message)

    def deal_view_of(self, bot: object, seen: object) -> SeenT:
        """The deal view a bot acts on: ``seen`` itself, or a game view's
        current deal. Whatever else -- above all a full state -- raises
        :class:`~bugami.InvalidInputError`."""
        if isinstance(seen, self.deal_view):
            return seen  # type: ignore[return-value]
        if isinstance(seen, self.game_view):
            current: SeenT | None = seen.current  # type: ignore[attr-defined]
            if current is None:
                raise IllegalMoveError("the game is over: there is nothing to choose")
            return current
        who = type(bot).__name__ if bot is not None else "a bot"
        if isinstance(seen, (self.deal, self.game)):
            raise InvalidInputError(
                f"{who} is given a view, not a full {self.full}{type(seen).__name__}: "
                f"pass {self.how}"
            )
        if self.foreign is not None and type(seen).__module__.startswith(self.foreign[0]):
            raise InvalidInputError(f"{who} {self.foreign[1]}")
        raise InvalidInputError(
            f"{who} needs {self.needs}, not {brief(seen)}{spectators_note(seen)}"
        )

    def bid_view(self, bot: object, seen: object) -> SeenT:
        """The deal view for a bid, checking that this seat may still bid."""
        current = self.deal_view_of(bot, seen)
        if not current.legal_bids():
            raise IllegalMoveError(f"seat {current.seat} has no bid to make now")
        return current

    def card_view(self, bot: object, seen: object) -> SeenT:
        """The deal view for a card, checking that it is this seat's turn."""
        current = self.deal_view_of(bot, seen)
        if current.to_move != current.seat:
            raise IllegalMoveError(f"it is not seat {current.seat}'s turn to play")
        return current


def finish(
    state: DealT | GameT,
    bots: Sequence[Player[SeenT, BidT_, CardT_]],
    game: GameDeclaration[RulesT, DealT, GameT, SeenT, BidT_, CardT_],
) -> DealT | GameT:
    """Let ``bots`` (one per seat) finish a deal, or the current deal of a
    game, with the verbs of the ``game`` declared: the bots still to bid do
    so from views taken before any bid is made, in seat order, then the deal
    is played out, each bot seeing only its own view."""
    bid, play, view = game.bid, game.play, game.view
    players: int = state.rules.players
    if len(bots) != players:
        raise InvalidInputError(f"expected {players} bots, one per seat, not {len(bots)}")
    in_game = isinstance(state, Match)
    # ``in_game`` says which of the two ``state`` is, which mypy cannot follow:
    current: DealT | None = state.current if in_game else state  # type: ignore[union-attr,assignment]
    if current is None:
        raise IllegalMoveError(f"the game is over: there is no {game.deal_word} to play")
    choices = [
        bots[seat].choose_bid(view(current, seat)) if choice is None else None
        for seat, choice in enumerate(current.bids)
    ]
    for seat, choice in enumerate(choices):
        if choice is not None:
            state = bid(state, seat, choice)
    deals = len(state.deals) if in_game else 0  # type: ignore[union-attr]
    while True:
        current = state.current if in_game else state  # type: ignore[union-attr,assignment]
        if (in_game and len(state.deals) > deals) or current.to_move is None:  # type: ignore[union-attr]
            return state
        seat = current.to_move
        state = play(state, bots[seat].choose_card(view(current, seat)), seat=seat)


class Budget:
    """What a search bot spends per decision: ``samples`` imagined deals
    (deterministic given its seed), or ``seconds`` of thinking, in CPU time
    (not reproducible: how many deals fit depends on the machine). At least
    one deal is always imagined.

    >>> budget = Budget(samples=3)
    >>> budget.label("search"), Budget(seconds=0.5).label("search")
    ('search(3)', 'search(0.5s)')
    >>> budget.best((1, 2), lambda: 0, lambda imagined, option: option)
    2
    """

    __slots__ = ("samples", "seconds")

    def __init__(self, *, samples: int = 32, seconds: float | None = None) -> None:
        self.samples = check_range("samples", samples, 1, MAX_SAMPLES)
        self.seconds = check_seconds(seconds)

    def label(self, kind: str) -> str:
        """``"kind(N)"`` for a sample budget, ``"kind(Ns)"`` for a time budget."""
        return budget_label(kind, self.samples, self.seconds)

    def best(
        self,
        options: Sequence[OptionT],
        imagine: Callable[[], ImaginedT],
        value: Callable[[ImaginedT, OptionT], float],
    ) -> OptionT:
        """The option with the best total ``value`` over the imagined deals
        (every option is tried on the same deals); ties go to the first."""
        totals = [0.0] * len(options)
        more = rounds(self.samples, self.seconds)
        done = 0
        while more(done):
            done += 1
            imagined = imagine()
            for position, option in enumerate(options):
                totals[position] += value(imagined, option)
        return best_of(options, totals)


def is_bot(value: object, kind: type) -> bool:
    """Whether ``value`` is a bot of the runtime-checkable protocol ``kind``:
    an instance, not a class (a bot's class has the protocol's methods too,
    so ``isinstance`` lets it through).

    >>> from bugami.bots import Bot, HeuristicBot
    >>> is_bot(HeuristicBot(), Bot), is_bot(HeuristicBot, Bot)
    (True, False)
    """
    return isinstance(value, kind) and not isinstance(value, type)


def table_of(
    bots: object,
    players: int,
    kind: type,
    default: Callable[[], BotT],
    words: tuple[str, str, str],
) -> list[BotT]:
    """One bot per seat from ``bots``: ``None`` (a ``default()`` bot at each
    seat), one bot of ``kind`` (at every seat) or a sequence of one per seat.
    ``words`` name a bot of the game, the sequence's bots and the protocol in
    the messages, as in ``("a bot", "one bot per seat", "bugami.bots.Bot")``."""
    a_bot, per_seat, protocol = words
    if bots is None:
        return [default() for _ in range(players)]
    if is_bot(bots, kind):
        one: BotT = bots  # type: ignore[assignment]  # ``kind`` is the protocol of BotT
        return [one] * players
    if isinstance(bots, type) and isinstance(bots, kind):  # a bot's class
        raise InvalidInputError(
            f"bots is {a_bot} (an instance such as {bots.__name__}()), a sequence of "
            f"{per_seat}, or None, not the class {brief(bots)}"
        )
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise InvalidInputError(
            f"bots is {a_bot}, a sequence of {per_seat}, or None, not {brief(bots)}"
        )
    if len(bots) != players:
        raise InvalidInputError(f"expected {players} bots, one per seat, not {len(bots)}")
    for player in bots:
        if not is_bot(player, kind):
            raise InvalidInputError(f"{brief(player)} is not {a_bot} (see {protocol})")
    return list(bots)


class SeededBot:
    """The common part of the library's bots: a ``name`` for tables, a
    random generator seeded from ``seed`` (checked even by a bot that draws
    nothing, so that every bot is made alike) and restarted by :meth:`reset`.
    A subclass names its game's views (``_seats``) and itself (``_name``)."""

    _name: ClassVar[str] = ""
    _seats: ClassVar[Seats[Any]]  # each game's bots set their own game's table

    def __init__(self, seed: Seed | None = None) -> None:
        self._rng = new_rng(seed)

    @property
    def name(self) -> str:
        """The bot's short name, for tables (such as ``"random"``).

        >>> from bugami.bots import RandomBot
        >>> RandomBot().name
        'random'
        """
        return self._name

    def reset(self, seed: Seed | None = None) -> None:
        """Restart the bot's random choices from ``seed`` (``None``: fresh entropy).

        >>> import bugami
        >>> from bugami.bots import RandomBot
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
        >>> bot = RandomBot(seed=3)
        >>> first = [bot.choose_bid(seen) for _ in range(5)]
        >>> bot.reset(3)
        >>> [bot.choose_bid(seen) for _ in range(5)] == first
        True
        """
        self._rng = new_rng(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomPlayer(SeededBot):
    """A bot that chooses uniformly among the legal bids and cards of its view."""

    _name = "random"

    def choose_bid(self, seen: Any) -> Any:  # either game's view and bid: the subclasses type them
        """A bid drawn uniformly from the legal ones.

        >>> import bugami
        >>> from bugami.bots import RandomBot
        >>> seen = bugami.view(bugami.deal(bugami.Rules(), seed=1), 0)
        >>> RandomBot(seed=2).choose_bid(seen) in seen.legal_bids()
        True
        """
        return self._rng.choice(self._seats.bid_view(self, seen).legal_bids())

    def choose_card(self, seen: Any) -> Any:  # either game's view and card, likewise
        """A card drawn uniformly from the legal ones.

        >>> import bugami
        >>> from bugami.bots import RandomBot
        >>> state = bugami.deal(bugami.Rules(), seed=1)
        >>> for seat in range(4):
        ...     state = bugami.bid(state, seat, "S")
        >>> seen = bugami.view(state, state.to_move)
        >>> RandomBot(seed=1).choose_card(seen) in seen.legal_moves()
        True
        """
        return self._rng.choice(self._seats.card_view(self, seen).legal_moves())


class SearchingBot(SeededBot):
    """A bot that imagines deals: ``samples`` per decision, or ``seconds``
    (see :class:`Budget`)."""

    _name = "search"

    def __init__(
        self, seed: Seed | None = None, *, samples: int = 32, seconds: float | None = None
    ) -> None:
        self._budget = Budget(samples=samples, seconds=seconds)
        super().__init__(seed)

    @property
    def samples(self) -> int:
        """Imagined deals per decision."""
        return self._budget.samples

    @property
    def seconds(self) -> float | None:
        """The time budget per decision, if any, in seconds."""
        return self._budget.seconds

    @property
    def name(self) -> str:
        """``"search(N)"`` for a sample budget, ``"search(Ns)"`` for a time budget.

        >>> from bugami.bots import SearchBot
        >>> SearchBot(samples=8).name, SearchBot(seconds=0.5).name
        ('search(8)', 'search(0.5s)')
        """
        return self._budget.label(self._name)

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"{type(self).__name__}(seconds={self.seconds!r})"
        return f"{type(self).__name__}(samples={self.samples})"


class SolvingBot(SeededBot):
    """A bot that judges its options on imagined deals, asking an open-hand
    solver near the end of a deal: ``samples`` deals per card,
    ``bid_samples`` for the bid, the solver from ``endgame`` tricks left on,
    each solve bounded by ``max_nodes``. A subclass gives its defaults in its
    own ``__init__``."""

    _name = "solver"

    def __init__(
        self,
        seed: Seed | None,
        *,
        samples: int,
        bid_samples: int,
        endgame: int,
        max_nodes: int,
        seconds: float | None = None,
    ) -> None:
        samples = check_range("samples", samples, 1, MAX_SAMPLES)
        bid_samples = check_range("bid_samples", bid_samples, 1, MAX_SAMPLES)
        endgame = check_at_least("endgame", endgame, 0)
        max_nodes = check_at_least("max_nodes", max_nodes, 1)
        seconds = check_seconds(seconds)
        super().__init__(seed)
        self.samples = samples
        self.bid_samples = bid_samples
        self.endgame = endgame
        self.max_nodes = max_nodes
        self.seconds = seconds

    @property
    def name(self) -> str:
        """``"solver(N)"`` for N imagined deals per card, ``"solver(Ns)"``
        for a time budget of N seconds a decision.

        >>> from bugami.bots import SolverBot
        >>> SolverBot(samples=8).name, SolverBot(seconds=0.05).name
        ('solver(8)', 'solver(0.05s)')
        """
        return budget_label(self._name, self.samples, self.seconds)

    def rounds(self, count: int) -> Callable[[int], bool]:
        """Whether to imagine one more deal after ``done`` of them, for a
        decision worth ``count`` deals under a sample budget; under a time
        budget, until ``seconds`` of CPU time are spent (at least one deal).

        >>> from bugami.bots import SolverBot
        >>> more = SolverBot(samples=2).rounds(2)
        >>> more(0), more(1), more(2)
        (True, True, False)
        >>> SolverBot(seconds=60.0).rounds(2)(5)
        True
        """
        return rounds(count, self.seconds)

    def _best_move(
        self,
        moves: Sequence[OptionT],
        imagine: Callable[[], ImaginedT],
        solve: Callable[[ImaginedT, int], Mapping[OptionT, int]] | None,
        rollout: Callable[[ImaginedT, OptionT], int],
    ) -> OptionT:
        """The move with the best total over ``samples`` imagined deals (or
        as many as ``seconds`` allow), each
        move worth the better of its ``rollout`` and what ``solve`` (if
        given; with the bot's ``max_nodes``) says it forces; a layout the
        solver gives up on is judged by rollouts alone."""
        totals = [0] * len(moves)
        more = self.rounds(self.samples)
        done = 0
        while more(done):
            done += 1
            imagined = imagine()
            forced = None
            if solve is not None:
                try:
                    forced = solve(imagined, self.max_nodes)
                except SearchLimitError:
                    forced = None
            for position, move in enumerate(moves):
                value = rollout(imagined, move)
                if forced is not None and forced[move] > value:
                    value = forced[move]
                totals[position] += value
        return best_of(moves, totals)

    def __repr__(self) -> str:
        if self.seconds is not None:
            return f"{type(self).__name__}(seconds={self.seconds!r}, endgame={self.endgame})"
        return f"{type(self).__name__}(samples={self.samples}, endgame={self.endgame})"


def check_seconds(seconds: object) -> float | None:
    """``seconds`` as a bot's time budget: ``None`` (none) or a positive
    finite number.

    >>> check_seconds(0.5), check_seconds(None)
    (0.5, None)
    >>> check_seconds(0)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: seconds must be a positive number up to 3600, not 0
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not (
        isinstance(seconds, (int, float)) and 0 < seconds <= MAX_SECONDS
    ):
        raise InvalidInputError(
            f"seconds must be a positive number up to {MAX_SECONDS}, not {brief(seconds)}"
        )
    return seconds


def budget_label(kind: str, samples: int, seconds: float | None) -> str:
    """``"kind(N)"`` for a sample budget, ``"kind(Ns)"`` for a time budget.

    >>> budget_label("calib", 16, None), budget_label("calib", 16, 0.25)
    ('calib(16)', 'calib(0.25s)')
    """
    return f"{kind}({seconds:g}s)" if seconds is not None else f"{kind}({samples})"


def rounds(count: int, seconds: float | None) -> Callable[[int], bool]:
    """Whether to imagine one more deal after ``done`` of them: ``count`` in
    all, or, given ``seconds``, until that much CPU time (of this process)
    is spent from now, at least one.

    >>> more = rounds(3, None)
    >>> [more(done) for done in range(5)]
    [True, True, True, False, False]
    >>> rounds(3, 1e-9)(0)
    True
    """
    if seconds is None:
        return lambda done: done < count
    deadline = time.process_time() + seconds
    return lambda done: done == 0 or time.process_time() < deadline


def best_of(options: Sequence[OptionT], totals: Sequence[float]) -> OptionT:
    """The option with the highest total; ties go to the first.

    >>> best_of("abc", (1, 3, 3))
    'b'
    """
    return options[max(range(len(options)), key=lambda position: (totals[position], -position))]
