"""The action ids, tensors and texts shared by the Argute adapters.

The OpenSpiel game ``python_argute`` and the Argute PettingZoo environment
number their actions the same way and build their tensors the same way, from
a :class:`~bugami.argute.DealView`, so nothing a seat may not know can reach
them.

**Actions.** There are :data:`ACTION_COUNT` = 10 ids, whatever the table
size: ``0`` .. ``5`` play a card of that value (in OpenSpiel they are also the
chance outcomes of the deal: the value dealt), and ``6`` .. ``9`` bid 0, 1, 2
or 3 tricks.
"""

from __future__ import annotations

from typing import Final

from bugami.argute.dealing import deal
from bugami.argute.play import bid, legal_moves, play
from bugami.argute.rules import BIDS, COPIES, HAND_SIZE, TRICKS, VALUES, Rules
from bugami.argute.scoring import score
from bugami.argute.state import Deal, Trick
from bugami.argute.view import DealView, view
from bugami.integrations._adapted import ActionIds, AdaptedGame, Array, Dealing, TensorLayout, Verbs

__all__ = [
    "ACTION_COUNT",
    "ARGUTE",
    "BID_ACTIONS",
    "BID_OFFSET",
    "Layout",
    "action_of_bid",
    "action_text",
    "bid_of_action",
    "table_text",
    "value_of_action",
]

_VERBS: Final[Verbs[Deal, DealView, int, int]] = Verbs(deal, bid, play, legal_moves, score, view)

BID_OFFSET: Final = len(VALUES)
"""The id of the first bid action (a bid of 0 tricks); ids below it play a value."""
ACTION_COUNT: Final = BID_OFFSET + len(BIDS)
"""How many distinct action ids there are: 10."""
BID_ACTIONS: Final = tuple(range(BID_OFFSET, ACTION_COUNT))
"""The ids of the four bids, 0 to 3 tricks."""
PHASES: Final = ("dealing", "bidding", "playing", "over")


def value_of_action(action: int) -> int:
    """The value an action id from 0 to 5 plays (or, in OpenSpiel, deals):
    the id itself.

    >>> value_of_action(4)
    4
    """
    return action


def bid_of_action(action: int) -> int:
    """The number of tricks an action id from 6 to 9 bids.

    >>> bid_of_action(6), bid_of_action(9)
    (0, 3)
    """
    return action - BID_OFFSET


def action_of_bid(tricks: int) -> int:
    """The action id of a bid of ``tricks`` tricks.

    >>> action_of_bid(2)
    8
    """
    return BID_OFFSET + tricks


def action_text(action: int) -> str:
    """An action as text.

    >>> action_text(4), action_text(7)
    ('play 4', 'bid 1')
    """
    if action >= BID_OFFSET:
        return f"bid {bid_of_action(action)}"
    return f"play {action}"


_IDS: Final[ActionIds[int, int]] = ActionIds(
    VALUES, BIDS, value_of_action, bid_of_action, action_text
)


def _values(values: tuple[int, ...]) -> str:
    return "".join(map(str, values)) or "-"


def _trick_lines(
    tricks: tuple[Trick, ...], leader: int | None, current: tuple[int, ...]
) -> list[str]:
    lines = [
        f"trick {number} led by seat {done.leader}: {' '.join(map(str, done.cards))}; "
        f"won by seat {done.winner}"
        for number, done in enumerate(tricks, 1)
    ]
    if leader is not None:
        cards = " ".join(map(str, current))
        lines.append(f"trick {len(tricks) + 1} led by seat {leader}: {cards}".rstrip())
    return lines


def _phase(seen: DealView | Dealing) -> int:
    return 0 if isinstance(seen, Dealing) else PHASES.index(seen.phase.value)


def _won(seen: DealView) -> list[int]:
    won = [0] * seen.rules.players
    for done in seen.tricks:
        won[done.winner] += 1
    return won


class Layout(TensorLayout[Rules, DealView]):
    """Where each part of a seat's knowledge sits in a tensor.

    Every part is a named block of 0/1 entries (an OpenSpiel observer's
    ``dict``). Seats are absolute. Always present: ``player`` and ``dealer``
    (one-hot seats) and ``phase`` (dealing, bidding, playing, over). With
    ``private``: ``hand`` (for each value, entry ``k`` is set when the seat
    holds more than ``k`` cards of it; while dealing, the cards it was dealt so
    far) and ``own_bid``. With ``public``: ``has_bid`` (by seat), ``bids``
    (every seat's bid, one-hot, only once the hand is over) and ``to_move``;
    then, with ``perfect_recall`` (the information state), ``leaders`` (who
    led each trick) and ``plays`` (the value of every card played, in order
    of play, one slot per card of the hand); without it (the observation),
    ``trick`` (which trick is open), ``leader``, ``current`` (the values
    played to the open trick, in order), ``won`` (how many tricks each seat
    has won, one-hot) and ``played`` (for each value, how many of its cards
    have been played, as for ``hand``).
    """

    def _pieces(self, rules: Rules) -> list[tuple[str, tuple[int, ...]]]:
        players = rules.players
        values = len(VALUES)
        pieces: list[tuple[str, tuple[int, ...]]] = [
            ("player", (players,)),
            ("dealer", (players,)),
            ("phase", (len(PHASES),)),
        ]
        if self.private:
            pieces += [("hand", (values, HAND_SIZE)), ("own_bid", (len(BIDS),))]
        if self.public:
            pieces += [
                ("has_bid", (players,)),
                ("bids", (players, len(BIDS))),
                ("to_move", (players,)),
            ]
            if self.perfect_recall:
                pieces += [
                    ("leaders", (TRICKS, players)),
                    ("plays", (players * HAND_SIZE, values)),
                ]
            else:
                pieces += [
                    ("trick", (TRICKS,)),
                    ("leader", (players,)),
                    ("current", (players * TRICKS, values)),
                    ("won", (players, TRICKS + 1)),
                    ("played", (values, COPIES)),
                ]
        return pieces

    def fill(self, named: dict[str, Array], seen: DealView | Dealing) -> None:
        """Set the entries of ``named`` (all zero) for what a seat knows,
        ``seen``: its view, or while dealing the values dealt to it so far."""
        named["player"][seen.seat] = 1
        named["dealer"][seen.dealer] = 1
        named["phase"][_phase(seen)] = 1
        if self.private:
            hand = seen.dealt if isinstance(seen, Dealing) else seen.hand
            for value in VALUES:
                named["hand"][value, : hand.count(value)] = 1
            own = None if isinstance(seen, Dealing) else seen.bids[seen.seat]
            if own is not None:
                named["own_bid"][own] = 1
        if not self.public or isinstance(seen, Dealing):
            return
        named["has_bid"][:] = seen.has_bid
        if seen.is_over:
            for other, choice in enumerate(seen.bids):
                named["bids"][other, choice] = 1
        if seen.to_move is not None:
            named["to_move"][seen.to_move] = 1
        if self.perfect_recall:
            slot = 0
            for number, done in enumerate(seen.tricks):
                named["leaders"][number, done.leader] = 1
                for value in done.cards:
                    named["plays"][slot, value] = 1
                    slot += 1
            if seen.leader is not None:
                named["leaders"][len(seen.tricks), seen.leader] = 1
                for value in seen.current_trick:
                    named["plays"][slot, value] = 1
                    slot += 1
            return
        if seen.leader is not None:
            named["trick"][len(seen.tricks)] = 1
            named["leader"][seen.leader] = 1
        for position, value in enumerate(seen.current_trick):
            named["current"][position, value] = 1
        for other, count in enumerate(_won(seen)):
            named["won"][other, count] = 1
        played = seen.played
        for value in VALUES:
            named["played"][value, : played.count(value)] = 1

    def describe(self, seen: DealView | Dealing) -> str:
        """What a seat knows, ``seen``, as text, with the parts this layout
        keeps: its view, or while dealing the values dealt to it so far."""
        lines = [f"seat {seen.seat}, dealer {seen.dealer}, {PHASES[_phase(seen)]}"]
        if isinstance(seen, Dealing):
            if self.private:
                lines.append(f"dealt so far: {_values(seen.dealt)}")
            return "\n".join(lines)
        if self.private:
            own = seen.bids[seen.seat]
            lines.append(f"hand: {_values(seen.hand)}")
            lines.append(f"own bid: {'-' if own is None else own}")
        if not self.public:
            return "\n".join(lines)
        laid = [str(other) for other, made in enumerate(seen.has_bid) if made]
        lines.append(f"bid cards laid by seats: {' '.join(laid) or '-'}")
        if self.perfect_recall:
            lines.extend(_trick_lines(seen.tricks, seen.leader, seen.current_trick))
        else:
            lines.append("tricks won: " + " ".join(map(str, _won(seen))))
            lines.append(f"played: {_values(seen.played)}")
            if seen.leader is not None:
                cards = " ".join(map(str, seen.current_trick))
                lines.append(
                    f"trick {len(seen.tricks) + 1} led by seat {seen.leader}: {cards}".rstrip()
                )
        if seen.to_move is not None:
            lines.append(f"seat {seen.to_move} to play")
        if seen.points is not None:
            lines.append("bids: " + " ".join(str(choice) for choice in seen.bids))
            lines.append("points: " + " ".join(map(str, seen.points)))
        return "\n".join(lines)


def table_text(deal: Deal) -> str:
    """The whole table as text, every hand and bid shown (for watching, not
    for a player)."""
    lines = [f"dealer {deal.dealer}, {deal.phase.value}"]
    for seat, hand in enumerate(deal.hands):
        choice = deal.bids[seat]
        lines.append(f"seat {seat}: hand {_values(hand)}, bid {'-' if choice is None else choice}")
    lines.extend(_trick_lines(deal.tricks, deal.leader, deal.current_trick))
    if deal.is_over:
        lines.append("points " + " ".join(map(str, score(deal))))
    return "\n".join(lines)


ARGUTE: Final[AdaptedGame[Rules, Deal, DealView, int, int]] = AdaptedGame(
    _VERBS, _IDS, Layout, table_text
)
"""Argute as the adapters see it."""
