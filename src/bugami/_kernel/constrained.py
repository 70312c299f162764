"""Dealing under constraints: the rejection sampling both games' ``deal_where`` share.

Each game turns its constraint into a *plan* -- an object whose
``candidate(stream, dealer)`` draws one deal that respects the fixed cards --
and this module draws candidates, candidate ``k`` from its own stream, until
``accept`` approves one (see :mod:`bugami.core.dealer` for the generator, a stable
contract).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Final, Protocol, TypeVar

from bugami._kernel.checks import as_int, check_at_least
from bugami._kernel.seats import check_seat
from bugami._kernel.seeds import Seed, fresh_seed, seed_bytes
from bugami.errors import InvalidInputError, brief

__all__ = ["DEFAULT_MAX_TRIES", "DealNotFoundError", "Plan", "candidates", "check_search"]

DEFAULT_MAX_TRIES: Final = 100_000
"""How many candidate deals ``deal_where`` draws, by default, before it gives
up on finding one that ``accept`` approves."""

DealT = TypeVar("DealT", covariant=True)
FoundT = TypeVar("FoundT")


class DealNotFoundError(InvalidInputError):
    """No deal met the condition within ``max_tries`` candidates: the
    condition is impossible, or too rare for that many tries.

    >>> import bugami
    >>> bugami.deal_where(bugami.Rules(), seed=1, accept=lambda d: False, max_tries=3)
    Traceback (most recent call last):
    ...
    bugami.core.dealer.DealNotFoundError: no deal met the condition in 3 tries (max_tries=3): it may be impossible or too rare; loosen accept, fix cards instead, or raise max_tries
    """


# Shown as bugami.core.dealer.DealNotFoundError, where the API reference documents it.
DealNotFoundError.__module__ = "bugami.core.dealer"


class Plan(Protocol[DealT]):
    """A game's checked constraint, ready to draw candidates."""

    def candidate(self, material: bytes, dealer: int | None) -> DealT:
        """One candidate deal drawn from the stream of ``material`` (see
        :func:`~bugami._kernel.seeds.deal_draws`), dealt by ``dealer`` (or the
        dealer it draws)."""
        ...


def check_search(
    players: int, dealer: object, accept: object, max_tries: object, count: object = None
) -> tuple[int | None, int, int | None]:
    """Check the arguments of a constrained search (not the constraint
    itself): the dealer, ``max_tries`` and ``count`` as plain ints (see
    :func:`~bugami._kernel.checks.as_int`; ``None`` stays ``None``)."""
    first = None if dealer is None else check_seat(players, dealer, "dealer")
    if accept is not None and not callable(accept):
        raise InvalidInputError(
            f"accept must be a function of a deal, or None, not {brief(accept)}"
        )
    tries = check_at_least("max_tries", max_tries, 1)
    wanted = as_int(count)
    if count is not None and (wanted is None or wanted < 0):
        raise InvalidInputError(f"count must be an int of at least 0, or None, not {brief(count)}")
    return first, tries, wanted


def candidates(
    plan: Plan[FoundT],
    domain: bytes,
    seed: Seed | None,
    dealer: int | None,
    accept: Callable[[FoundT], object] | None,
    max_tries: int,
    count: int | None,
) -> Iterator[FoundT]:
    """The accepted candidates in order, ``count`` of them (``None``: without
    end): candidate ``k`` is drawn from the stream of ``domain``, the seed's
    bytes, ``#`` and ``k`` in decimal digits. Gives up with
    :class:`DealNotFoundError` after ``max_tries`` candidates in a row are
    refused."""
    material = domain + seed_bytes(fresh_seed() if seed is None else seed) + b"#"
    number = 0
    made = 0
    while count is None or made < count:
        tries = 0
        while True:
            candidate = plan.candidate(material + str(number).encode(), dealer)
            number += 1
            tries += 1
            if accept is None or accept(candidate):
                break
            if tries >= max_tries:
                raise DealNotFoundError(
                    f"no deal met the condition in {tries} tries (max_tries={max_tries}): it "
                    "may be impossible or too rare; loosen accept, fix cards instead, or "
                    "raise max_tries"
                )
        made += 1
        yield candidate
