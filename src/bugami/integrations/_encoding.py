"""The action encoding and the observation tensors shared by the adapters.

Both the OpenSpiel game and the PettingZoo environment speak the same action
ids and build their tensors the same way, from a :class:`~bugami.DealView`, so
nothing a seat may not know can reach a tensor.

**Actions.** There are :data:`ACTION_COUNT` = 65 ids, the same for every
table size and joker count:

* ``0`` .. ``59`` -- play the card with that :attr:`Card.index <bugami.Card.index>`
  (``0`` is ``AS``, ``51`` is ``2C``, ``52`` .. ``59`` are the jokers
  ``X1`` .. ``X8``; ids of jokers not in the deck are never legal);
* ``60`` .. ``63`` -- bid spades, hearts, diamonds, clubs as the bug suit;
* ``64`` -- bid misère.

In OpenSpiel the chance outcomes of the deal use ids ``0`` .. ``59`` too: the
card dealt.
"""

from __future__ import annotations

from typing import Final

from bugami.core.cards import MISERE, Bid, Card, Suit, deck
from bugami.core.dealing import deal
from bugami.core.play import bid, legal_moves, play
from bugami.core.rules import Rules
from bugami.core.scoring import score
from bugami.core.state import Deal
from bugami.core.view import DealView, view
from bugami.integrations._adapted import ActionIds, AdaptedGame, Array, Dealing, TensorLayout, Verbs

__all__ = [
    "ACTION_COUNT",
    "BID_ACTIONS",
    "BID_OFFSET",
    "BUGAMI",
    "CARD_SLOTS",
    "Layout",
    "action_of",
    "action_text",
    "bid_of_action",
    "bid_text",
    "card_of_action",
    "phase_index",
    "table_text",
]

_VERBS: Final[Verbs[Deal, DealView, Card, Bid]] = Verbs(deal, bid, play, legal_moves, score, view)

CARD_SLOTS: Final = 60
"""Card planes are this wide, indexed by :attr:`Card.index`, whatever the deck."""
BID_OFFSET: Final = 60
"""The id of the first bid action (spades)."""
ACTION_COUNT: Final = 65
"""How many distinct action ids there are."""

_BIDS: Final[tuple[Bid, ...]] = (*Suit, MISERE)
BID_ACTIONS: Final = tuple(range(BID_OFFSET, BID_OFFSET + len(_BIDS)))
"""The ids of the five bids, ascending: spades, hearts, diamonds, clubs, misère."""
_ALL_CARDS: Final = deck(8)
_PHASES: Final = ("dealing", "bidding", "playing", "over")


def card_of_action(action: int) -> Card:
    """The card an action id from 0 to 59 plays."""
    return _ALL_CARDS[action]


def bid_of_action(action: int) -> Bid:
    """The bid an action id from 60 to 64 makes."""
    return _BIDS[action - BID_OFFSET]


def action_of(move: Card | Bid) -> int:
    """The action id of a card or a bid."""
    if isinstance(move, Card):
        return move.index
    return BID_OFFSET + _BIDS.index(move)


def action_text(action: int) -> str:
    """A short, unique text for an action id: the card (``"QH"``) or the bid
    (``"bid H"``, ``"bid misere"``)."""
    if action < BID_OFFSET:
        return str(_ALL_CARDS[action])
    choice = _BIDS[action - BID_OFFSET]
    return "bid misere" if choice is MISERE else f"bid {choice}"


_IDS: Final[ActionIds[Card, Bid]] = ActionIds(
    _ALL_CARDS, _BIDS, card_of_action, bid_of_action, action_text
)


def bid_text(choice: Bid | None, made: bool) -> str:
    """A bid as shown in strings: the suit letter, ``M`` for misère, ``?`` for
    a bid made but hidden, ``-`` for none yet."""
    if choice is None:
        return "?" if made else "-"
    return "M" if choice is MISERE else str(choice)


def phase_index(seen: DealView | Dealing) -> int:
    """0 while dealing (no view yet), then bidding, playing, over."""
    if isinstance(seen, Dealing):
        return 0
    return 1 + ("bidding", "playing", "over").index(seen.phase.value)


class Layout(TensorLayout[Rules, DealView]):
    """The pieces of one kind of tensor, and how to fill them from a view.

    ``perfect_recall`` chooses the information-state layout (the whole public
    history) over the observation layout (the present only); ``private`` and
    ``public`` include the seat's own hand and bid, and the public facts.
    Every piece is a 0/1 plane except ``tricks_won`` (a fraction of the deal's
    tricks). While the cards are being dealt only the seat, the dealer and
    the phase are set.

    >>> Layout(Rules(players=3), perfect_recall=False, private=True, public=False).pieces
    [('player', (3,)), ('hand', (60,)), ('bid', (5,))]
    """

    def _pieces(self, rules: Rules) -> list[tuple[str, tuple[int, ...]]]:
        players = rules.players
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (players,))]
        if self.public:
            pieces += [("dealer", (players,)), ("phase", (len(_PHASES),))]
        if self.private:
            pieces += [("hand", (CARD_SLOTS,)), ("bid", (len(_BIDS),))]
        if self.public:
            pieces += [("has_bid", (players,)), ("bids", (players, len(_BIDS)))]
            if self.perfect_recall:
                # Per card: the seat that played it, then the number of its trick.
                pieces.append(("plays", (CARD_SLOTS, players + rules.hand_size)))
            else:
                pieces += [
                    ("trick", (players, CARD_SLOTS)),
                    ("leader", (players,)),
                    ("played", (CARD_SLOTS,)),
                    ("tricks_won", (players,)),
                ]
        return pieces

    def fill(self, named: dict[str, Array], seen: DealView | Dealing) -> None:
        """Write what a seat knows into the (zeroed) pieces: ``seen`` is its
        view, or while the cards are still being dealt only who it is and who
        deals (the cards dealt to it so far are left out)."""
        seat = seen.seat
        named["player"][seat] = 1
        if self.public:
            named["dealer"][seen.dealer] = 1
            named["phase"][phase_index(seen)] = 1
        if isinstance(seen, Dealing):
            return
        if self.private:
            hand = named["hand"]
            for card in seen.hand:
                hand[card.index] = 1
            if self.perfect_recall:  # the hand as dealt: add the cards this seat played
                for card in _played_by(seen, seat):
                    hand[card.index] = 1
            own = seen.bids[seat]
            if own is not None:
                named["bid"][_BIDS.index(own)] = 1
        if not self.public:
            return
        named["has_bid"][:] = seen.has_bid
        if all(seen.has_bid):
            bids = named["bids"]
            for other, choice in enumerate(seen.bids):
                if choice is not None:
                    bids[other, _BIDS.index(choice)] = 1
        players = self.rules.players
        if self.perfect_recall:
            plays = named["plays"]
            for number, (leader, cards) in enumerate(_all_tricks(seen)):
                for position, card in enumerate(cards):
                    plays[card.index, (leader + position) % players] = 1
                    plays[card.index, players + number] = 1
            return
        if seen.leader is not None:
            named["leader"][seen.leader] = 1
            trick = named["trick"]
            for position, card in enumerate(seen.current_trick):
                trick[(seen.leader + position) % players, card.index] = 1
        played = named["played"]
        won = named["tricks_won"]
        for done in seen.tricks:
            won[done.winner] += 1 / self.rules.hand_size
            for card in done.cards:
                played[card.index] = 1

    def describe(self, seen: DealView | Dealing) -> str:
        """The text form of what a seat knows, ``seen``, with the same pieces
        as the tensor: one fact per line."""
        seat = seen.seat
        lines = [f"seat {seat}"]
        if self.public:
            lines[0] += f", dealer {seen.dealer}, {_PHASES[phase_index(seen)]}"
        if isinstance(seen, Dealing):
            return "\n".join(lines)
        if self.private:
            lines.append("hand: " + (" ".join(map(str, seen.hand)) or "-"))
        if self.public:
            revealed = all(seen.has_bid)
            shown = [
                bid_text(choice if revealed or (self.private and other == seat) else None, made)
                for other, (choice, made) in enumerate(zip(seen.bids, seen.has_bid, strict=True))
            ]
            lines.append("bids: " + " ".join(shown))
            if self.perfect_recall:
                for number, done in enumerate(seen.tricks, 1):
                    cards = " ".join(map(str, done.cards))
                    lines.append(f"trick {number}: {done.leader}> {cards} won by {done.winner}")
            else:
                won = [0] * seen.rules.players
                for done in seen.tricks:
                    won[done.winner] += 1
                lines.append("tricks won: " + " ".join(map(str, won)))
                played = [card for done in seen.tricks for card in done.cards]
                lines.append("played: " + (" ".join(map(str, sorted(played))) or "-"))
            if seen.leader is not None:
                cards = " ".join(map(str, seen.current_trick))
                lines.append(f"trick {len(seen.tricks) + 1}: {seen.leader}> {cards}".rstrip())
            if seen.points is not None:
                lines.append("points: " + " ".join(map(str, seen.points)))
        elif self.private and seen.bids[seat] is not None:
            lines.append("bid: " + bid_text(seen.bids[seat], True))
        return "\n".join(lines)


def _all_tricks(seen: DealView) -> list[tuple[int, tuple[Card, ...]]]:
    """Every trick so far, the open one last: (leader, cards in order of play)."""
    tricks = [(done.leader, done.cards) for done in seen.tricks]
    if seen.leader is not None and seen.current_trick:
        tricks.append((seen.leader, seen.current_trick))
    return tricks


def _played_by(seen: DealView, seat: int) -> list[Card]:
    players = seen.rules.players
    return [
        card
        for leader, cards in _all_tricks(seen)
        for position, card in enumerate(cards)
        if (leader + position) % players == seat
    ]


def table_text(deal: Deal) -> str:
    """The whole deal as text, every hand and bid shown (for rendering and
    debugging, never for a player): one line per seat, the leftover, the
    tricks, and the points once the deal is over."""
    lines = [f"dealer {deal.dealer}"]
    for seat, hand in enumerate(deal.hands):
        choice = deal.bids[seat]
        shown = bid_text(choice, choice is not None)
        lines.append(f"seat {seat} [{shown}]: " + (" ".join(map(str, hand)) or "-"))
    lines.append("leftover: " + (" ".join(map(str, deal.leftover)) or "-"))
    for number, done in enumerate(deal.tricks, 1):
        cards = " ".join(map(str, done.cards))
        lines.append(f"trick {number}: {done.leader}> {cards} won by {done.winner}")
    if deal.leader is not None:
        cards = " ".join(map(str, deal.current_trick))
        lines.append(f"trick {len(deal.tricks) + 1}: {deal.leader}> {cards}".rstrip())
    if deal.is_over:
        lines.append("points: " + " ".join(map(str, score(deal))))
    return "\n".join(lines)


BUGAMI: Final[AdaptedGame[Rules, Deal, DealView, Card, Bid]] = AdaptedGame(
    _VERBS, _IDS, Layout, table_text
)
"""Bugami as the adapters see it: its verbs, action ids, tensors and texts."""
