"""Bugami as an OpenSpiel game: ``python_bugami``.

Importing this module registers the game with :mod:`pyspiel`; it needs the
``openspiel`` extra (``pip install bugami[openspiel]``)::

    import pyspiel
    import bugami.integrations.openspiel  # registers python_bugami

    game = pyspiel.load_game("python_bugami", {"players": 5, "jokers": 2})

One OpenSpiel game is one deal. Its parameters are the rules' fields that
OpenSpiel shows (:meth:`bugami.Rules.fields` with ``"openspiel"``:
``players``, 3 to 7, default 4; ``jokers``, 0 to 8, default 0; the variants,
default false) -- and ``dealer`` (the dealer's seat,
default 0; the seat to its left bids first and leads).

**The game tree.**

1. *Chance deals the cards, one at a time.* Every remaining card of the deck
   is equally likely; the k-th card dealt goes to seat
   ``(dealer + 1 + k) % players``, exactly as at the table. After the last
   card of the last hand the leftover is what remains, so there are
   ``players * hand_size`` chance nodes and none for the leftover.
2. *Bids.* The players' secret, simultaneous bids are modelled as sequential
   moves, starting left of the dealer, whose choices stay out of every other
   player's information state and observation until the last bid is in (the
   reveal). A player knows only *that* the earlier seats have bid, which is
   public at the table too.
3. *Play.* The cards, as in :func:`bugami.play`.

A terminal state's ``returns()`` are :func:`bugami.score`: each seat's points
for the deal (a general-sum game). Every information state, observation and
tensor is built from :func:`bugami.view`, so hidden cards and bids cannot leak.

**Actions** (the same as in the PettingZoo environment): ids ``0`` .. ``59``
play the card with that :attr:`Card.index <bugami.Card.index>` (and are the
chance outcomes of the deal), ``60`` .. ``63`` bid spades, hearts, diamonds
or clubs, and ``64`` bids misère; ``num_distinct_actions()`` is 65 for every
parameter set.

States wrap the immutable core: a state's one attribute is an immutable
record of the rules, the dealer, the cards dealt so far and the
:class:`~bugami.Deal`, and a clone shares it, so cloning copies no cards.
"""

from __future__ import annotations

from typing import Any, Final

from bugami.integrations._adapted import require_openspiel

require_openspiel(__name__)

import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]  # noqa: E402

import bugami.integrations._openspiel_base as base  # noqa: E402
from bugami.core.rules import MAX_PLAYERS, MIN_PLAYERS, Rules  # noqa: E402
from bugami.core.state import Deal  # noqa: E402
from bugami.core.view import DealView  # noqa: E402
from bugami.errors import InvalidInputError, brief  # noqa: E402
from bugami.integrations._encoding import BUGAMI  # noqa: E402

__all__ = [
    "GAME_TYPE",
    "BugamiGame",
    "BugamiObserver",
    "BugamiState",
    "game_info",
    "state_from_deal",
    "utility_bounds",
]

SHORT_NAME: Final = "python_bugami"
_FIELDS: Final = Rules.fields("openspiel")
_DEFAULTS: Final[dict[str, Any]] = {**{f.name: f.default for f in _FIELDS}, "dealer": 0}

GAME_TYPE: Final = base.game_type(SHORT_NAME, "Python Bugami", MIN_PLAYERS, MAX_PLAYERS, _DEFAULTS)
"""The game's type: sequential, explicit chance, imperfect information,
general sum, rewards at the end."""


def utility_bounds(rules: Rules) -> tuple[float, float]:
    """The least and the greatest score any seat can make in one deal.

    The least is 0. The greatest is 100 (every trick, or misère made) unless
    clean tricks can score more: a unit that wins ``t`` tricks short of all of
    them without a bug scores ``20 * t``, and every card of its bug suit and
    every joker (``13 + jokers`` cards) must then lie in the other tricks or in
    the leftover, which bounds ``t``; a unit with bugs scores at most
    ``10 * t`` with ``t`` below the number of tricks.

    >>> utility_bounds(Rules(players=4))
    (0.0, 180.0)
    """
    players, tricks = rules.players, rules.hand_size
    outside = 13 + rules.jokers - rules.leftover_size  # bug cards other tricks must hold
    clean = min(tricks - 1, tricks - -(-max(outside, 0) // players))
    return 0.0, float(max(100, 20 * clean, 10 * (tricks - 1)))


def game_info(rules: Rules) -> Any:
    """The :class:`pyspiel.GameInfo` of a deal under ``rules``: 65 actions, a
    chance node per card dealt, the utility bounds of :func:`utility_bounds`
    and a game length of one bid per seat plus every card of every hand."""
    players = rules.players
    length = players + players * rules.hand_size
    return base.deal_game_info(BUGAMI, players, utility_bounds(rules), length, rules.deck_size)


class _Core(base.Core[Rules, Deal]):
    """The state's core; serialized states name this class."""

    __slots__ = ()


class BugamiState(base.DealState[Rules, Deal, DealView]):
    """A deal in progress, wrapping an immutable :class:`bugami.Deal`."""

    _adapted = BUGAMI
    _core_class = _Core

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each card not dealt yet, all equally likely."""
        core = self._core
        dealt = set(core.dealt)
        remaining = [index for index in range(core.rules.deck_size) if index not in dealt]
        chance = 1.0 / len(remaining)
        return [(index, chance) for index in remaining]


class BugamiObserver(base.Observer[DealView, BugamiState]):
    """Builds the tensors and strings OpenSpiel asks for (the PyObserver
    protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``).

    With a perfect-recall observation type it describes the information
    state: the seat's hand as dealt, its own bid, who has bid, the bids once
    revealed, and every card played, by whom and in which trick. Otherwise it
    describes the present: the hand now, the bids, the open trick, the cards
    played so far and how many tricks each seat won. ``private_info`` ``NONE``
    leaves out the hand and the own bid; ``public_info`` false leaves out the
    rest. Seats are absolute (seat 0 is seat 0 for everyone).
    """

    _adapted = BUGAMI
    _short_name = SHORT_NAME


class BugamiGame(base.DealGame[Rules, BugamiState, BugamiObserver]):
    """One deal of Bugami; load it with ``pyspiel.load_game("python_bugami", {...})``.

    Its parameters are the rules' fields that OpenSpiel shows
    (``Rules.fields("openspiel")``) and ``dealer`` (see the module
    description); :attr:`rules` and :attr:`dealer` are what they set.
    """

    _game_type = GAME_TYPE
    _state_class = BugamiState
    _observer_class = BugamiObserver

    def _rules(self, params: dict[str, Any]) -> Rules:
        return Rules(**{field.name: params[field.name] for field in _FIELDS})

    def _game_info(self, rules: Rules) -> Any:
        return game_info(rules)


def state_from_deal(game: BugamiGame, deal: Deal) -> BugamiState:
    """An OpenSpiel state of ``game`` with the same cards, bids and plays as
    the bugami ``deal``, reached by replaying them: the cards dealt in order,
    then the bids made (left of the dealer first), then the cards played.

    Useful to search a deal drawn by :func:`bugami.sample_deal`. The rules and
    dealer of the deal must be the game's, and a deal still in its bids must
    have had them from the dealer's left (OpenSpiel's seats bid in turn; once
    every seat has bid, the order does not matter). Otherwise, or for
    anything but a :class:`bugami.Deal`,
    :class:`~bugami.errors.InvalidInputError`.
    """
    if not isinstance(game, BugamiGame):
        raise InvalidInputError(f"state_from_deal needs a python_bugami game, not {brief(game)}")
    if not isinstance(deal, Deal):
        raise InvalidInputError(f"state_from_deal replays a bugami Deal, not {brief(deal)}")
    differs = [f for f in _FIELDS if getattr(deal.rules, f.name) != getattr(game.rules, f.name)]
    if any(field.kind is not bool for field in differs):
        raise InvalidInputError(f"the deal's rules {deal.rules} do not fit the game's {game.rules}")
    if differs or deal.dealer != game.dealer:
        raise InvalidInputError("the deal's variant or dealer differs from the game's")
    return base.replay(game.new_initial_state(), deal, noun="deal")


pyspiel.register_game(GAME_TYPE, BugamiGame)
