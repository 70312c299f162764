"""Many deals or games between bots, reproducibly, on any executor.

:func:`simulate` plays ``n`` deals (or whole games) between a table of bots
from one root seed and returns plain rows, one per seat and deal, ready for
``csv``, JSON Lines or ``pandas.DataFrame(rows)``; the records of the
deals can be kept too, as text.

The work is cut into chunks of consecutive deal numbers, and every deal is
seeded from the root seed and its number alone (its cards, and each bot's
generator, reset before the deal): the rows are the same whether the chunks
run in this process, in a ``ProcessPoolExecutor``
of any size (the default), or on a cluster through any other
``concurrent.futures.Executor``, such as Dask's ``client.get_executor()``.

>>> import bugami
>>> from bugami.bots import HeuristicBot, RandomBot
>>> result = simulate(bugami.Rules(), [HeuristicBot(), RandomBot(), RandomBot(), RandomBot()],
...                   deals=3, seed=1, workers=0)
>>> len(result.rows), result.rows[0].deal, result.rows[0].bot
(12, 0, 'heuristic')
>>> result == simulate(bugami.Rules(), [HeuristicBot()] + [RandomBot()] * 3,
...                    deals=3, seed=1, workers=0)
True

Argute is simulated the same way: give Argute rules and Argute bots
(:mod:`bugami.argute.bots`), and the rows are :class:`ArguteRow` values.

>>> from bugami import argute
>>> from bugami.bots import make_bot
>>> table = [make_bot(kind, game="argute") for kind in ("heuristic", "random", "random")]
>>> result = simulate(argute.Rules(players=3), table, deals=2, seed=1, workers=0)
>>> [(row.bot, row.bid, row.tricks, row.points) for row in result.rows[:3]]
[('heuristic', 1, 1, 1), ('random', 3, 0, -1), ('random', 3, 2, -1)]
"""

from __future__ import annotations

import collections
import csv
import json
import math
import operator
import os
import pickle
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor
from typing import IO, TYPE_CHECKING, Any, Final, Generic, Literal, NamedTuple, TypeVar

import attrs

from bugami import argute
from bugami._kernel.checks import as_int
from bugami._kernel.constrained import check_search
from bugami._kernel.declaration import GameDeclaration
from bugami._kernel.players import copies, is_bot
from bugami._kernel.seeds import check_seed
from bugami._kernel.values import Value
from bugami.argute.bots import ArguteBot
from bugami.argute.declaration import DECLARATION as ARGUTE
from bugami.argute.hands import HIGH_VALUE
from bugami.bots import Bot, play_out
from bugami.core.cards import MISERE, Suit
from bugami.core.dealer import DEFAULT_MAX_TRIES, DealNotFoundError, deal_where, deals_where
from bugami.core.dealing import Seed, deal, seed_bytes
from bugami.core.declaration import DECLARATION as BUGAMI
from bugami.core.game import new_game
from bugami.core.hands import hand_text, mask_features
from bugami.core.rules import Rules
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.errors import BugamiError, InvalidInputError, brief
from bugami.record import dumps

if TYPE_CHECKING:
    import pandas

__all__ = [
    "ARGUTE_MAX_DEALS",
    "WORKERS_PER_CPU",
    "ArguteRow",
    "Row",
    "RowT",
    "Simulation",
    "SimulationError",
    "argute_rows",
    "deal_rows",
    "game_rows",
    "max_workers",
    "simulate",
    "summarize",
    "to_pandas",
    "write_csv",
    "write_jsonl",
]

_JOKERS: Final = 0xFF << 52
ARGUTE_MAX_DEALS: Final = 100
"""The longest a game of Argute runs in :func:`simulate` unless told
otherwise: bots that often miss their bids can drive every total below zero,
and such a game may never end."""
Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` each time a chunk is finished."""
WORKERS_PER_CPU: Final = 4
"""The most worker processes :func:`simulate` starts per CPU (see :func:`max_workers`)."""
_IN_FLIGHT_ELSEWHERE: Final = 1024
"""The most chunks handed at once to an executor given to :func:`simulate`."""


def max_workers() -> int:
    """The most worker processes :func:`simulate` will start:
    :data:`WORKERS_PER_CPU` for each CPU this process may run on. More are
    refused, as they would only fight for the same CPUs (and memory).

    >>> max_workers() >= WORKERS_PER_CPU
    True
    """
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        cpus = os.cpu_count() or 1
    return WORKERS_PER_CPU * max(cpus, 1)


class SimulationError(BugamiError, RuntimeError):
    """A simulation could not finish: a worker process died (killed, or out
    of memory) or its executor broke down. Nothing is returned. It is a
    :class:`~bugami.BugamiError` and also a :class:`RuntimeError`.

    >>> from bugami.errors import BugamiError
    >>> issubclass(SimulationError, BugamiError), issubclass(SimulationError, RuntimeError)
    (True, True)
    """


@attrs.frozen(kw_only=True)
class Row(Value):
    """One seat's result in one deal: a plain, immutable row.

    ``game`` is the game's number (``None`` when single deals are played) and
    ``deal`` the deal's number (in the whole run, or within its game);
    ``seed`` is the seed the deal (or its game) was shuffled from. ``bid`` is
    the bid's text (``"S"``, ``"H"``, ``"D"``, ``"C"`` or ``"M"``). ``tricks``
    are the tricks this seat won itself and ``bugs`` the cards of its bug
    suit and jokers among them (leftover included; ``None`` for a misère
    bid); ``points`` is what it scored (under Shotgun Wedding, the
    partnership's score) and ``total`` its running total in a game (its
    points for a single deal). ``winner`` says whether this seat won the game
    (on a game's last deal; otherwise ``False``).

    The seat and its hand, for grouping the rows: ``position`` is the seat's
    place in the order of play of the first trick (0 leads it, from the seat
    left of the dealer; ``players - 1`` is the dealer); ``hand`` is the hand
    as dealt, as card texts in canonical order (:func:`bugami.parse_cards`
    reads it back); ``spades``, ``hearts``, ``diamonds`` and ``clubs`` are
    its suit lengths, ``hand_jokers`` its jokers, ``high_cards`` its cards of
    rank 10 or more, ``voids`` its missing suits and ``strength`` its
    high-card points (see :mod:`bugami.core.hands`). ``bug_length`` is how many
    cards of its bug suit it was dealt (``None`` for misère), and
    ``partners`` how many other seats named the same bug suit (0 for
    misère): under Shotgun Wedding, its partners.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(), seed=4), [HeuristicBot()] * 4)
    >>> row = deal_rows(done, ["heuristic"] * 4, number=0, seed=4)[0]
    >>> row.bid, row.bug_length, row.hand.split()[:3], row.strength
    ('S', 7, ['KS', 'QS', '7S'], 16)
    >>> list(row.as_dict())[:3]
    ['game', 'deal', 'seed']

    Rows are attrs classes: their fields are declared once, in the class,
    and ``attrs.fields(Row)`` gives the columns of :func:`to_pandas`,
    :func:`write_csv` and :meth:`Simulation.frame_data`; ``attrs.asdict``
    and ``attrs.evolve`` work on them. The fields are keyword-only and not
    checked (a row is a plain record of what happened).

    >>> import attrs
    >>> [field.name for field in attrs.fields(Row)][:4]
    ['game', 'deal', 'seed', 'players']
    >>> attrs.evolve(row, bot="me").bot
    'me'
    """

    game: int | None
    deal: int
    seed: str
    players: int
    jokers: int
    shotgun_wedding: bool
    seat: int
    bot: str
    dealer: int
    bid: str
    tricks: int
    bugs: int | None
    points: int
    total: int
    winner: bool
    position: int
    hand: str
    spades: int
    hearts: int
    diamonds: int
    clubs: int
    hand_jokers: int
    high_cards: int
    voids: int
    strength: int
    bug_length: int | None
    partners: int

    def as_dict(self) -> dict[str, object]:
        """The row as a dict, fields in order (the same as :meth:`to_dict`)."""
        return self.to_dict()


@attrs.frozen(kw_only=True)
class ArguteRow(Value):
    """One seat's result in one hand of Argute: a plain, immutable row.

    ``game``, ``deal``, ``seed``, ``players``, ``seat``, ``bot``, ``dealer``,
    ``points``, ``total`` and ``winner`` mean what they mean in :class:`Row`.
    ``bid`` is the number of tricks bid (0 to 3) and ``tricks`` the number
    won; the bid was exact when they are equal. ``position`` is the seat's
    place in the order of play of the first trick, as in :class:`Row`;
    ``hand`` the hand as dealt, as digits lowest first (``"013455"``), and
    ``high_cards``, ``strength`` and ``total_value`` its 4s and 5s, the sum
    of the squares of its values and the sum of its values (see
    :mod:`bugami.argute.hands`).

    >>> from bugami import argute
    >>> from bugami.bots import ArguteHeuristicBot, play_out
    >>> done = play_out(argute.deal(argute.Rules(players=3), seed=1), [ArguteHeuristicBot()] * 3)
    >>> row = argute_rows(done, ["heuristic"] * 3, number=0, seed=1)[0]
    >>> row.hand, row.strength, row.bid
    ('000114', 18, 0)

    Like :class:`Row`, an attrs class with keyword-only fields that are
    not checked.
    """

    game: int | None
    deal: int
    seed: str
    players: int
    seat: int
    bot: str
    dealer: int
    bid: int
    tricks: int
    points: int
    total: int
    winner: bool
    position: int
    hand: str
    high_cards: int
    strength: int
    total_value: int

    def as_dict(self) -> dict[str, object]:
        """The row as a dict, fields in order (the same as :meth:`to_dict`)."""
        return self.to_dict()


AnyRow = Row | ArguteRow
RowT = TypeVar("RowT", Row, ArguteRow)
"""The kind of rows a :class:`Simulation` holds: :class:`Row` or :class:`ArguteRow`."""


@attrs.frozen
class Simulation(Value, Generic[RowT]):
    """What :func:`simulate` returns: the ``rows`` (one per seat and deal, in
    order of deal and seat: :class:`Row` values for Bugami,
    :class:`ArguteRow` values for Argute) and, if asked for, the ``records``
    (one record text per deal, or per game). An attrs class, like the rows.

    >>> Simulation(rows=(), records=()).frame_data()
    {}
    """

    rows: tuple[RowT, ...]
    records: tuple[str, ...] = ()

    def __repr__(self) -> str:
        """A line, not every row: how many rows and records, of which game.

        >>> import bugami
        >>> from bugami.bots import RandomBot
        >>> simulate(bugami.Rules(players=3), [RandomBot()] * 3, deals=2, seed=1, workers=0)
        <Simulation of Bugami: 6 rows, 0 records>
        """
        known = _BY_ROW.get(type(self.rows[0])) if self.rows else None
        game = "" if known is None else f" of {known.game.title}"
        rows = len(self.rows)
        return (
            f"<Simulation{game}: {rows} row{'s' if rows != 1 else ''}, "
            f"{len(self.records)} record{'s' if len(self.records) != 1 else ''}>"
        )

    def to_pandas(self) -> pandas.DataFrame:
        """The rows as a ``pandas.DataFrame`` (see :func:`to_pandas`).

        >>> Simulation(rows=()).to_pandas().shape[0]
        0
        """
        return to_pandas(self.rows)

    def frame_data(self) -> dict[str, list[object]]:
        """The rows column by column, as ``pandas.DataFrame`` likes them."""
        rows = game_rows(self.rows, what="frame_data")
        if not rows:
            return {}
        return {name: [getattr(row, name) for row in rows] for name in type(rows[0]).field_names()}


def _kind_text(kind: type[Row] | type[ArguteRow]) -> str:
    """A row class and its game's title, as in ``"Row (Bugami)"``."""
    return f"{kind.__name__} ({_BY_ROW[kind].game.title})"


def _row_kinds() -> str:
    """The row classes, for messages: ``"Row or ArguteRow"``."""
    return " or ".join(kind.__name__ for kind in _BY_ROW)


def game_rows(
    data: Simulation[Any] | Iterable[Row] | Iterable[ArguteRow], *, what: str = "game_rows"
) -> list[Any]:
    """The rows of ``data`` (a :class:`Simulation`, or its rows) as a list,
    once checked: every item a :class:`Row` or an :class:`ArguteRow`, and all
    of one game. :func:`summarize`, :func:`to_pandas`, :func:`write_csv`,
    :func:`write_jsonl` and the pictures of :mod:`bugami.pictures.plots` check their
    rows this way (``what`` names the caller in the message).

    The two games' rows have different fields and points on different
    scales, so they are never mixed: a frame of both would put Argute's
    values under Bugami's columns, and a mean over both would mean nothing.
    Summarize each game's rows on its own, or, to have both in one frame,
    concatenate one frame per game with pandas
    (``pandas.concat({"bugami": to_pandas(a), "argute": to_pandas(b)})``).

    >>> import bugami
    >>> from bugami import argute
    >>> from bugami.bots import make_bot
    >>> ours = simulate(bugami.Rules(players=3), [make_bot("random")] * 3, deals=1, seed=1,
    ...                 workers=0)
    >>> theirs = simulate(argute.Rules(players=3), [make_bot("random", game="argute")] * 3,
    ...                   deals=1, seed=1, workers=0)
    >>> len(game_rows(ours)), len(game_rows(theirs.rows))
    (3, 3)
    >>> summarize(ours.rows + theirs.rows)
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: summarize takes the rows of one game, but the row at index 3 is an ArguteRow (Argute) and the rows before it are Row values (Bugami): give each game's rows separately
    >>> to_pandas([{"points": 3}])
    Traceback (most recent call last):
    ...
    bugami.errors.InvalidInputError: to_pandas takes the rows of a simulation (Row or ArguteRow values), but the item at index 0 is {'points': 3}
    """
    if isinstance(data, Simulation):
        data = data.rows
    if isinstance(data, (str, bytes, Mapping)) or not isinstance(data, Iterable):
        raise InvalidInputError(
            f"{what} takes the rows of a simulation ({_row_kinds()} values, such as "
            f"simulate(...).rows) or the Simulation itself, not {brief(data)}"
        )
    rows: list[Any] = list(data)
    kind: type[Row] | type[ArguteRow] | None = None
    for index, row in enumerate(rows):
        if row.__class__ is not kind:
            game = _row_game(row)
            if game is None:
                raise InvalidInputError(
                    f"{what} takes the rows of a simulation ({_row_kinds()} values), "
                    f"but the item at index {index} is {brief(row)}"
                )
            found = game.row
            if kind is not None and found is not kind:
                article = "an" if found.__name__[0] in "AEIOU" else "a"
                raise InvalidInputError(
                    f"{what} takes the rows of one game, but the row at index {index} is "
                    f"{article} {_kind_text(found)} and the rows before it are "
                    f"{kind.__name__} values ({_BY_ROW[kind].game.title}): give each "
                    f"game's rows separately"
                )
            kind = found
    return rows


def deal_rows(
    state: Deal,
    names: Sequence[str],
    *,
    number: int,
    seed: Seed,
    game: int | None = None,
    totals: Sequence[int] | None = None,
    winner: int | None = None,
) -> list[Row]:
    """The rows of a finished deal, one per seat (``names`` are the bots').

    >>> import bugami
    >>> from bugami.bots import RandomBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(players=3), seed=1), [RandomBot(1)] * 3)
    >>> rows = deal_rows(done, ["a", "b", "c"], number=0, seed=1)
    >>> [row.points for row in rows] == list(bugami.score(done))
    True
    """
    points = score(state)
    players = state.rules.players
    tricks = [0] * players
    taken = [0] * players
    for trick in state.tricks:
        tricks[trick.winner] += 1
        for index in trick._cards:
            taken[trick.winner] |= 1 << index
    taken[state.tricks[-1].winner] |= state._leftover
    bids = state.bids
    dealt = state._dealt
    rows = []
    for seat in range(players):
        choice = bids[seat]
        bugs = None
        bug_length = None
        partners = 0
        hand = dealt[seat]
        if isinstance(choice, Suit):
            mask = 0x1FFF << 13 * choice.index | _JOKERS
            bugs = (taken[seat] & mask).bit_count()
            bug_length = (hand & mask & ~_JOKERS).bit_count()
            partners = bids.count(choice) - 1
        features = mask_features(hand)
        spades, hearts, diamonds, clubs = features.lengths
        rows.append(
            Row(
                game=game,
                deal=number,
                seed=str(seed),
                **{f.name: getattr(state.rules, f.name) for f in state.rules.fields("simulate")},
                seat=seat,
                bot=names[seat],
                dealer=state.dealer,
                bid="M" if choice is MISERE else str(choice),
                tricks=tricks[seat],
                bugs=bugs,
                points=points[seat],
                total=points[seat] if totals is None else totals[seat],
                winner=winner == seat,
                position=(seat - state.dealer - 1) % players,
                hand=hand_text(hand),
                spades=spades,
                hearts=hearts,
                diamonds=diamonds,
                clubs=clubs,
                hand_jokers=features.jokers,
                high_cards=features.high_cards,
                voids=features.voids,
                strength=features.strength,
                bug_length=bug_length,
                partners=partners,
            )
        )
    return rows


def argute_rows(
    state: argute.Deal,
    names: Sequence[str],
    *,
    number: int,
    seed: Seed,
    game: int | None = None,
    totals: Sequence[int] | None = None,
    winner: int | None = None,
) -> list[ArguteRow]:
    """The rows of a finished hand of Argute, one per seat (``names`` are the bots').

    >>> from bugami import argute
    >>> from bugami.bots import ArguteRandomBot, play_out
    >>> done = play_out(argute.deal(argute.Rules(players=2), seed=1), [ArguteRandomBot(1)] * 2)
    >>> [row.points for row in argute_rows(done, ["a", "b"], number=0, seed=1)] == list(
    ...     argute.score(done))
    True
    """
    points = argute.score(state)
    won = argute.tricks_won(state)
    bids = [bid for bid in state.bids if bid is not None]  # every seat's: the hand is over
    players = state.rules.players
    hands = state.dealt_hands
    rows = []
    for seat in range(players):
        hand = hands[seat]
        rows.append(
            ArguteRow(
                game=game,
                deal=number,
                seed=str(seed),
                **{f.name: getattr(state.rules, f.name) for f in state.rules.fields("simulate")},
                seat=seat,
                bot=names[seat],
                dealer=state.dealer,
                bid=bids[seat],
                tricks=won[seat],
                points=points[seat],
                total=points[seat] if totals is None else totals[seat],
                winner=winner == seat,
                position=(seat - state.dealer - 1) % players,
                hand="".join(map(str, hand)),
                high_cards=sum(1 for value in hand if value >= HIGH_VALUE),
                strength=sum(value * value for value in hand),
                total_value=sum(hand),
            )
        )
    return rows


def _bugami_figures(group: Sequence[Row]) -> dict[str, object]:
    """How often misère was bid and made, in a group of Bugami's rows."""
    misere = [row for row in group if row.bid == "M"]
    return {"misere_bids": len(misere), "misere_made": sum(row.tricks == 0 for row in misere)}


def _argute_figures(group: Sequence[ArguteRow]) -> dict[str, object]:
    """How many bids were exact, and the mean bid, in a group of Argute's rows."""
    return {
        "exact_bids": sum(row.tricks == row.bid for row in group),
        "mean_bid": sum(row.bid for row in group) / len(group),
    }


class _Simulated(NamedTuple):
    """What a simulation uses of one game, beside its declaration: its row
    class and the function that makes a finished deal's rows, its dealing
    (a deal, a game, constrained deals), the default cap on a game's length,
    and the figures of its own that :func:`summarize` adds per group."""

    game: GameDeclaration[Any, Any, Any, Any, Any, Any]
    row: type[Row] | type[ArguteRow]
    rows: Callable[..., list[Any]]  # Any: the game's rows (deal_rows, argute_rows)
    deal: Callable[..., Any]  # Any below: the game's rules in, its deals and games out
    new_game: Callable[..., Any]
    deal_where: Callable[..., Any]
    deals_where: Callable[..., Any]
    max_deals: int | None
    figures: Callable[[Any], dict[str, object]]
    bot: type  # the game's bot protocol


# Each game a simulation plays, by its declared name: the tool's part of a game, kept
# here rather than in the core's declaration (as bugami.bots keeps each game's bots).
_GAMES: Final = {
    BUGAMI.name: _Simulated(
        BUGAMI,
        Row,
        deal_rows,
        deal,
        new_game,
        deal_where,
        deals_where,
        None,
        _bugami_figures,
        Bot,
    ),
    ARGUTE.name: _Simulated(
        ARGUTE,
        ArguteRow,
        argute_rows,
        argute.deal,
        argute.new_game,
        argute.deal_where,
        argute.deals_where,
        ARGUTE_MAX_DEALS,
        _argute_figures,
        ArguteBot,
    ),
}
_BY_ROW: Final = {simulated.row: simulated for simulated in _GAMES.values()}


def _of(rules: object) -> _Simulated:
    """The game whose rules ``rules`` are."""
    for simulated in _GAMES.values():
        if isinstance(rules, simulated.game.rules):
            return simulated
    raise InvalidInputError(f"simulate needs a bugami.Rules, not {brief(rules)}")


def _row_game(row: object) -> _Simulated | None:
    """The game whose row ``row`` is, or ``None``."""
    for kind, simulated in _BY_ROW.items():
        if isinstance(row, kind):
            return simulated
    return None


def deal_seed(root: int | str, number: int) -> str:
    """The seed of deal ``number`` of a run from ``root``.

    >>> deal_seed(7, 12)
    '7/12'
    """
    return f"{root}/{number}"


def _reset(bots: Sequence[Bot | ArguteBot], root: str, number: int) -> None:
    for seat, bot in enumerate(bots):
        bot.reset(f"{root}/{number}/bot/{seat}")


_Where = tuple[Any, Any, int]
"""The constraints of the deals of a run: ``fixed``, ``accept`` and
``max_tries``, as :func:`bugami.deal_where` takes them."""


def _constrained(rules: Rules | argute.Rules, seed: str, where: _Where) -> Any:
    """The deal of a run shuffled from ``seed`` under the constraints ``where``."""
    fixed, accept, max_tries = where
    find = _of(rules).deal_where
    try:
        return find(rules, seed=seed, fixed=fixed, accept=accept, max_tries=max_tries)
    except DealNotFoundError as error:
        raise DealNotFoundError(f"the deal of seed {seed!r}: {error}") from None


def run_chunk(
    rules: Rules | argute.Rules,
    bots: Sequence[Bot | ArguteBot],
    root: int | str,
    start: int,
    stop: int,
    games: bool,
    records: Literal["json", "text"] | None,
    max_deals: int | None = None,
    where: _Where | None = None,
) -> tuple[list[AnyRow], list[str]]:
    """Play deals (or games) ``start`` to ``stop - 1`` of a run: the unit of
    work sent to an executor. A game stops, unfinished, after ``max_deals``
    deals if it has not been won by then. Single deals are dealt under the
    constraints ``where`` if given."""
    # The two games' types differ but their verbs have the same shape.
    table: list[Any] = copies(bots)
    names = [bot.name for bot in table]
    rows: list[AnyRow] = []
    texts: list[str] = []
    simulated = _of(rules)
    make_rows = simulated.rows
    first: Any
    game: Any
    for number in range(start, stop):
        seed = deal_seed(root, number)
        _reset(table, seed, 0)
        if not games:
            if where is not None:
                first = _constrained(rules, seed, where)
            else:
                first = simulated.deal(rules, seed=seed)
            done = play_out(first, table)
            rows += make_rows(done, names, number=number, seed=seed)
            if records:
                texts.append(dumps(done, records))
            continue
        game = simulated.new_game(rules, seed=seed)
        while not game.is_over and (max_deals is None or len(game.deals) < max_deals):
            _reset(table, seed, len(game.deals))
            game = play_out(game, table)
            rows += make_rows(
                game.deals[-1],
                names,
                number=len(game.deals) - 1,
                seed=seed,
                game=number,
                totals=game.totals,
                winner=game.winner,
            )
        if records:
            texts.append(dumps(game, records))
    return rows, texts


def simulate(
    rules: Rules | argute.Rules,
    bots: Sequence[Bot | ArguteBot],
    *,
    deals: int | None = None,
    games: int | None = None,
    seed: int | str = 0,
    executor: Executor | None = None,
    workers: int | None = None,
    chunk_size: int | None = None,
    records: Literal["json", "text"] | None = None,
    progress: Progress | None = None,
    max_deals: int | None = None,
    fixed: Mapping[int, Any] | None = None,
    accept: Callable[[Any], object] | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Simulation[Any]:
    """Play ``deals`` single deals, or ``games`` whole games, between
    ``bots`` (one per seat; each seat gets its own copy) from the root
    ``seed`` (an int or a str). With Argute rules
    (:class:`bugami.argute.rules.Rules`) the bots are Argute bots, the deals are
    hands of Argute and the rows :class:`ArguteRow` values.

    Deal (or game) ``k`` is shuffled from the seed ``f"{seed}/{k}"`` and,
    before each deal, the bot at each seat is reset from a seed made of that
    seed, the deal's number in its game and the seat. The work is cut into
    chunks of ``chunk_size`` deals (or games) and submitted to ``executor``;
    without one, a ``ProcessPoolExecutor`` of
    ``workers`` processes is started (``None``: one per CPU) and shut down
    afterwards, and ``workers=0`` runs everything in this process. Whatever
    the executor, the result is the same. No more processes are started
    than there are chunks, and ``workers`` above :func:`max_workers` is
    refused. Only a bounded number of chunks is handed to the executor at
    once, so that a long run takes no memory before it is played.

    If a worker process dies (killed, or out of memory), or the executor
    breaks down, :class:`SimulationError` is raised and nothing is returned.

    ``records``, ``"json"`` or ``"text"``, keeps the record of every deal (or
    game) in that format; ``progress(done, total)`` is called as chunks
    finish.

    **Constrained deals.** ``fixed`` and ``accept`` ask for the deals a study
    needs, as :func:`bugami.deal_where` (or :func:`bugami.argute.deal_where
    <bugami.argute.dealer.deal_where>`) takes them: ``fixed`` maps seats to
    cards they must hold (for Argute, values), and ``accept(deal)`` is a
    condition each deal must meet (a candidate refused is drawn again, up to
    ``max_tries`` candidates a deal; :class:`~bugami.DealNotFoundError` after
    that). Deal ``k`` is then ``deal_where(rules, seed=f"{seed}/{k}",
    fixed=fixed, accept=accept, max_tries=max_tries)``: uniform among the
    deals that meet the constraints, the same for any executor. Constraints
    apply to single deals (``deals=``) only: a game deals its own deals one
    after another. ``accept`` is sent to the worker processes with the bots,
    so it must pickle: a function defined with ``def`` at the top level of a
    module, not a lambda or a function defined inside another one (those are
    refused at once, with :class:`~bugami.InvalidInputError`, when the work
    goes to a ``ProcessPoolExecutor``; ``workers=0``, a thread pool or Dask's
    executor take any function).

    ``max_deals`` caps the length of a game: one not won after that many
    deals is stopped there, unfinished (no row has ``winner`` set, and its
    record is the game as it stands, its next deal not yet bid). The default
    is no cap for Bugami, where totals only climb, and
    :data:`ARGUTE_MAX_DEALS` (100) for Argute, where bots that keep missing
    their bids can leave every total below zero for ever.

    >>> import bugami
    >>> from bugami.bots import RandomBot
    >>> result = simulate(bugami.Rules(players=3, target=60), [RandomBot()] * 3, games=1,
    ...                   seed="club", workers=0, records="json")
    >>> result.rows[-1].game, sum(row.winner for row in result.rows), len(result.records)
    (0, 1, 1)

    A study of the deals where seat 0 holds both jokers, and seat 1 no
    spade:

    >>> def no_spades_at_1(deal):
    ...     return all(card.suit is not bugami.Suit.SPADES for card in deal.hands[1])
    >>> result = simulate(bugami.Rules(jokers=2), [RandomBot()] * 4, deals=3, seed=5,
    ...                   workers=0, fixed={0: "X1 X2"}, accept=no_spades_at_1)
    >>> [row.hand_jokers for row in result.rows if row.seat == 0]
    [2, 2, 2]
    >>> {row.spades for row in result.rows if row.seat == 1}
    {0}
    """
    simulated = _of(rules)
    if max_deals is None:
        max_deals = simulated.max_deals
    if max_deals is not None:
        most_deals = as_int(max_deals)  # an int-like is read as its plain int
        if most_deals is None or most_deals < 1:
            raise InvalidInputError(
                f"max_deals must be an int >= 1 or None, not {brief(max_deals)}"
            )
        max_deals = most_deals
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise InvalidInputError(f"bots is a sequence of bots, one per seat, not {brief(bots)}")
    if len(bots) != rules.players:
        raise InvalidInputError(f"expected {rules.players} bots, one per seat, not {len(bots)}")
    for seat, bot in enumerate(bots):
        if not is_bot(bot, simulated.bot):
            raise InvalidInputError(
                f"bots[{seat}] is not a bot of {simulated.game.title} (a "
                f"bugami.bots.{simulated.bot.__name__}; a bot's class is called to make one, "
                f"as in HeuristicBot()): {brief(bot)}"
            )
    root = seed if isinstance(seed, str) else as_int(seed)
    if root is None:
        raise InvalidInputError(f"the root seed is an int or a str, not {brief(seed)}")
    try:
        seed = check_seed(root)  # type: ignore[assignment]  # an int or a str in, the same out
    except InvalidInputError as error:
        raise InvalidInputError(f"the root seed cannot seed the deals: {error}") from None
    if (deals is None) == (games is None):
        raise InvalidInputError("give either deals or games (how many to play)")
    asked: object = deals if games is None else games
    wanted = as_int(asked)
    if wanted is None or wanted < 0:
        raise InvalidInputError(
            f"the number of deals or games must be an int >= 0, not {brief(asked)}"
        )
    count = wanted
    if records not in (None, "json", "text"):
        raise InvalidInputError(f'records is "json", "text" or None, not {brief(records)}')
    if chunk_size is None:
        chunk_size = 1 if games is not None else 50
    size = as_int(chunk_size)
    if size is None or size < 1:
        raise InvalidInputError(f"chunk_size must be an int >= 1, not {brief(chunk_size)}")
    chunk_size = size
    if progress is not None and not callable(progress):
        raise InvalidInputError(f"progress is a function or None, not {brief(progress)}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidInputError(f"executor is a concurrent.futures.Executor, not {brief(executor)}")
    if workers is not None:
        most = max_workers()
        number = as_int(workers)
        if number is None or not 0 <= number <= most:
            raise InvalidInputError(
                f"workers must be an int from 0 to {most} ({WORKERS_PER_CPU} per CPU this "
                f"process may use), or None for one per CPU; not {brief(workers)}"
            )
        workers = number
    try:  # every deal's seed must be one the dealing takes: refuse a root too long now
        seed_bytes(deal_seed(seed, max(count - 1, 0)))
    except InvalidInputError as error:
        raise InvalidInputError(f"the root seed cannot seed the deals: {error}") from None
    where = _where(rules, games is not None, fixed, accept, max_tries)
    chunks = -(-count // chunk_size)
    bounds = ((start, min(start + chunk_size, count)) for start in range(0, count, chunk_size))
    rows: list[AnyRow] = []
    texts: list[str] = []
    done = 0

    def collect(part: tuple[list[AnyRow], list[str]], size: int) -> None:
        nonlocal done
        rows.extend(part[0])
        texts.extend(part[1])
        done += size
        if progress is not None:
            progress(done, count)

    table: list[Any] = list(bots)
    if (executor is None and workers == 0) or chunks == 0:
        for start, stop in bounds:
            collect(
                run_chunk(
                    rules, table, seed, start, stop, games is not None, records, max_deals, where
                ),
                stop - start,
            )
        return Simulation(tuple(rows), tuple(texts))
    if accept is not None and (executor is None or isinstance(executor, ProcessPoolExecutor)):
        _check_pickles(accept)
    own = executor is None
    pool: Executor
    if executor is None:
        processes = min(workers or os.cpu_count() or 1, chunks)
        pool, in_flight = ProcessPoolExecutor(processes), 2 * processes
    else:
        pool, in_flight = executor, _IN_FLIGHT_ELSEWHERE
    # The chunks in order, no more than in_flight of them handed out at once.
    pending: collections.deque[tuple[Future[tuple[list[AnyRow], list[str]]], int]]
    pending = collections.deque()
    try:
        for start, stop in bounds:
            if len(pending) == in_flight:
                future, size = pending.popleft()
                collect(future.result(), size)
            task = (rules, table, seed, start, stop, games is not None, records, max_deals, where)
            try:
                future = pool.submit(run_chunk, *task)
            except RuntimeError as error:  # as an executor already shut down refuses work
                raise SimulationError(
                    f"the executor refused the work ({error}): an executor that is shut "
                    "down takes none"
                ) from error
            pending.append((future, stop - start))
        while pending:
            future, size = pending.popleft()
            collect(future.result(), size)
    except BrokenExecutor as error:
        raise SimulationError(
            f"the simulation stopped: a worker process died (killed, or out of memory?) "
            f"or the executor broke down ({type(error).__name__})"
        ) from error
    finally:
        if own:
            pool.shutdown(cancel_futures=True)
    return Simulation(tuple(rows), tuple(texts))


def _where(
    rules: Rules | argute.Rules,
    games: bool,
    fixed: Mapping[int, Any] | None,
    accept: Callable[[Any], object] | None,
    max_tries: int,
) -> _Where | None:
    """The constraints of a run's deals once checked (``None`` if there are
    none), with the cards of ``fixed`` read once (a one-shot iterable of
    cards is read here, not once per deal)."""
    if fixed is None and accept is None:
        check_search(rules.players, None, None, max_tries)  # unused, but not wrong
        return None
    if games:
        raise InvalidInputError(
            "fixed and accept constrain single deals: give deals=, not games= "
            "(a game deals its own deals, one after another)"
        )
    if isinstance(fixed, Mapping):
        fixed = {
            seat: cards
            if isinstance(cards, str) or not isinstance(cards, Iterable)
            else tuple(cards)
            for seat, cards in fixed.items()
        }
    # The game's own dealer checks the constraints, drawing no deal.
    _of(rules).deals_where(rules, fixed=fixed, accept=accept, max_tries=max_tries, count=0)
    return (fixed, accept, max_tries)


def _check_pickles(accept: Callable[[Any], object]) -> None:
    """Refuse a condition that cannot go to worker processes."""
    try:
        pickle.dumps(accept)
    except Exception as error:
        raise InvalidInputError(
            f"accept must pickle to go to the worker processes, and {brief(accept)} does not "
            f"({type(error).__name__}): define it with def at the top level of a module (not "
            f"a lambda or a function inside another), or run with workers=0"
        ) from None


def summarize(
    rows: Simulation[Any] | Iterable[Row] | Iterable[ArguteRow], by: str | Sequence[str] = "bot"
) -> list[dict[str, object]]:
    """Mean points with 95% confidence intervals, per group of rows: per bot
    by default, or per the values of the fields named in ``by`` -- such as
    ``"bid"``, ``"seat"``, ``"position"``, ``"bug_length"`` or
    ``("bid", "players")``; any field of the rows will do.

    Each line holds the group's values of those fields, then ``seat_deals``
    (how many rows), ``mean_points``, ``ci95`` (the half-width of the 95%
    confidence interval of the mean, normal approximation; 0.0 for a single
    row), ``stderr`` (the standard error of the mean), ``ci_low`` and
    ``ci_high`` (the interval's ends), and, for Bugami, how often misère was
    bid and made (``misere_bids``, ``misere_made``) -- for Argute, instead,
    how many bids were exact (``exact_bids``) and the mean bid
    (``mean_bid``). Lines come in the order of the groups' first rows when
    grouped by bot, and sorted by the groups' values otherwise (``None``
    first).

    ``rows`` are the rows of one game, or the :class:`Simulation` itself:
    rows of both games together, or anything that is not a row, are refused
    with :class:`~bugami.InvalidInputError` naming the first that does not
    fit (see :func:`game_rows`), as is a ``by`` that names no field of the
    rows.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot, RandomBot
    >>> result = simulate(bugami.Rules(), [RandomBot()] * 4, deals=5, seed=2, workers=0)
    >>> [(line["bot"], line["seat_deals"]) for line in summarize(result.rows)]
    [('random', 20)]
    >>> result = simulate(bugami.Rules(), [HeuristicBot()] * 4, deals=50, seed=2, workers=0)
    >>> for line in summarize(result.rows, by="bid"):
    ...     print(f"{line['bid']} {line['seat_deals']:3} {line['mean_points']:5.1f} "
    ...           f"[{line['ci_low']:5.1f}, {line['ci_high']:5.1f}]")
    C  49  29.0 [ 24.4,  33.7]
    D  49  28.8 [ 24.1,  33.6]
    H  49  32.0 [ 25.9,  38.2]
    M   4 100.0 [100.0, 100.0]
    S  49  33.9 [ 27.6,  40.3]
    """
    if isinstance(by, str):
        names: tuple[str, ...] = (by,)
    elif isinstance(by, (list, tuple)) and all(isinstance(name, str) for name in by):
        names = tuple(by)
    else:
        raise InvalidInputError(
            f"by names a field of the rows, or a list or tuple of them (such as 'bid' or "
            f"('bid', 'players')), not {brief(by)}"
        )
    items = game_rows(rows, what="summarize")
    groups: dict[tuple[object, ...], list[AnyRow]] = {}
    if items:
        kind = type(items[0])
        fields = kind.field_names()
        unknown = [name for name in names if name not in fields]
        if unknown or not names:
            raise InvalidInputError(
                f"cannot group {kind.__name__} values by {unknown or 'nothing'}: "
                f"by names one or more of {', '.join(fields)}"
            )
    for row in items:
        key = tuple(getattr(row, name) for name in names)
        groups.setdefault(key, []).append(row)
    keys = list(groups)
    if names != ("bot",):
        keys.sort(key=lambda key: tuple((value is not None, value) for value in key))
    lines = []
    for key in keys:
        group = groups[key]
        values = [row.points for row in group]
        mean = sum(values) / len(values)
        stderr = 0.0
        if len(values) > 1:
            variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
            stderr = math.sqrt(variance / len(values))
        line: dict[str, object] = dict(zip(names, key, strict=True))
        line.update(
            seat_deals=len(group),
            mean_points=mean,
            ci95=1.96 * stderr,
            stderr=stderr,
            ci_low=mean - 1.96 * stderr,
            ci_high=mean + 1.96 * stderr,
        )
        game = _row_game(group[0])
        assert game is not None  # game_rows checked every row
        line.update(game.figures(group))
        lines.append(line)
    return lines


def to_pandas(rows: Simulation[Any] | Iterable[Row] | Iterable[ArguteRow]) -> pandas.DataFrame:
    """The rows (of one game; or the :class:`Simulation` itself) as a
    ``pandas.DataFrame``, one column per field (in the fields' order) and one
    line per row. Needs pandas (``pip install 'bugami[pandas]'``); without
    it, raises :class:`ImportError` saying so.

    Rows of both games together, or anything that is not a row, are refused
    with :class:`~bugami.InvalidInputError` (see :func:`game_rows`): make one
    frame per game, and ``pandas.concat`` them if you want both in one.

    >>> import bugami
    >>> from bugami.bots import HeuristicBot
    >>> result = simulate(bugami.Rules(), [HeuristicBot()] * 4, deals=20, seed=1, workers=0)
    >>> frame = to_pandas(result.rows)
    >>> frame.shape, list(frame.columns[:3])
    ((80, 27), ['game', 'deal', 'seed'])
    >>> frame.groupby("position")["points"].mean().round(1).to_dict()
    {0: 37.9, 1: 40.0, 2: 21.0, 3: 34.8}
    """
    items = game_rows(rows, what="to_pandas")  # bad rows are refused with or without pandas
    try:
        import pandas
    except ImportError as error:
        raise ImportError(
            "to_pandas needs pandas, which is not installed: "
            "`pip install 'bugami[pandas]'` (or `pip install pandas`)"
        ) from error
    kind: type[Row] | type[ArguteRow] = type(items[0]) if items else Row
    columns = list(kind.field_names())
    values = operator.attrgetter(*columns)  # a row's values, in the columns' order
    return pandas.DataFrame([values(row) for row in items], columns=columns)


def write_csv(rows: Simulation[Any] | Iterable[Row] | Iterable[ArguteRow], file: IO[str]) -> int:
    """Write rows as CSV with a header line (the fields of the first row's
    kind; :class:`Row`'s when there are none); returns how many rows. The
    rows are checked before anything is written: they must all be of one
    game (see :func:`game_rows`).

    >>> import io
    >>> out = io.StringIO()
    >>> write_csv([], out), out.getvalue().split(",")[:3]
    (0, ['game', 'deal', 'seed'])
    """
    items = game_rows(rows, what="write_csv")
    kind = type(items[0]) if items else Row
    writer = csv.DictWriter(file, fieldnames=list(kind.field_names()), lineterminator="\n")
    writer.writeheader()
    for row in items:
        writer.writerow(row.as_dict())
    return len(items)


def write_jsonl(rows: Simulation[Any] | Iterable[Row] | Iterable[ArguteRow], file: IO[str]) -> int:
    """Write rows as JSON Lines, one object per row; returns how many rows.
    The rows are checked before anything is written: they must all be of one
    game (see :func:`game_rows`).

    >>> import io, bugami
    >>> from bugami.bots import RandomBot
    >>> out = io.StringIO()
    >>> result = simulate(bugami.Rules(), [RandomBot()] * 4, deals=1, seed=2, workers=0)
    >>> write_jsonl(result.rows, out)
    4
    """
    items = game_rows(rows, what="write_jsonl")
    for row in items:
        file.write(json.dumps(row.as_dict(), ensure_ascii=False) + "\n")
    return len(items)
