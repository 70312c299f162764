"""What the record formats need to know about Bugami: its :class:`GameKind`.

Registered when :mod:`bugami.record` is imported (see
:mod:`bugami._records.kinds`).

>>> from bugami import parse_cards
>>> BUGAMI.name, BUGAMI.hand_text(parse_cards("AS KS X1"), Rules(jokers=1))
('Bugami', 'AK....1')
"""

from __future__ import annotations

import random
from typing import Any, Final

from bugami._records.kinds import AnyState, GameKind, PieceError, json_kind, register
from bugami._records.redacted import no_deal, where
from bugami._records.sheet import CardValue, DealSheet, Locator
from bugami.core._masks import SUIT_OF, cards_of
from bugami.core.cards import MAX_JOKERS, Card, Suit, parse_bid
from bugami.core.dealing import Seed, deal
from bugami.core.declaration import DECLARATION
from bugami.core.game import Game, new_game
from bugami.core.rules import Rules
from bugami.core.sampling import complete
from bugami.core.scoring import score
from bugami.core.state import Deal, winning_position
from bugami.errors import BugamiError, InvalidInputError, RecordError

__all__ = ["BUGAMI"]

_RANKS: Final = "AKQJT98765432"
_SUITS: Final = tuple(Suit)
_JOKERS: Final = tuple(map(Card.joker, range(1, MAX_JOKERS + 1)))

# The fast paths of reading: cards spelled exactly as the formats write them.
_CARD_BY_TEXT: Final[dict[str, Card]] = {
    str(card): card
    for card in (*(Card(suit, rank) for suit in _SUITS for rank in range(2, 15)), *_JOKERS)
}
_HAND_CARDS: Final[tuple[dict[str, Card], ...]] = (
    *({rank: Card(suit, 14 - index) for index, rank in enumerate(_RANKS)} for suit in _SUITS),
    {str(joker.index - 51): joker for joker in _JOKERS},
)
_BID_BY_TEXT: Final[dict[str, Any]] = {text: parse_bid(text) for text in ("S", "H", "D", "C", "M")}


class _Bugami(GameKind):
    rule_fields = tuple((f.name, f.tag, f.kind) for f in Rules.fields("records"))
    has_leftover = True
    reveals_bids_when_all_in = True
    bid_help = "S, H, D, C, M (misère)"
    card_by_text = _CARD_BY_TEXT
    bid_by_text = _BID_BY_TEXT

    def lay_out(
        self, rules: Any, hands: tuple[tuple[Any, ...], ...], leftover: Any, dealer: int
    ) -> Deal:
        return deal(rules, hands=hands, leftover=leftover, dealer=dealer)

    def new_game(self, rules: Any, seed: Seed, dealer: int) -> Game:
        return new_game(rules, seed=seed, dealer=dealer)

    def layout(self, state: AnyState) -> tuple[Any, Any]:
        return state.hands, state.leftover

    # The public score, which refuses a deal that is not over (the declaration
    # gives the other verbs: the replay calls ``play`` for every card).
    score = staticmethod(score)

    def trick_size(self, rules: Any, index: int) -> int:
        players: int = rules.players
        return players

    def trick_sizes(self, rules: Any, count: int) -> tuple[int, ...]:
        return (rules.players,) * count

    def stand_in_bid(self) -> Any:
        return Suit.SPADES

    def fill_hidden(
        self, rules: Any, written: Any, number: int, seat: int, own: tuple[Any, ...],
        locate: Any,
    ) -> tuple[tuple[tuple[Any, ...], ...], Any]:  # fmt: skip
        return _fill_bugami(rules, written, number, seat, own, locate)

    def read_card(self, text: str) -> Card:
        try:
            return Card.parse(text)
        except BugamiError as error:
            raise PieceError(str(error)) from None

    def card_from_json(self, value: object) -> Card:
        if not isinstance(value, str):
            raise PieceError(f"expected a card text, not {json_kind(value)}")
        return self.read_card(value)

    def cards_from_json(self, values: list[Any]) -> tuple[Card, ...] | None:
        try:
            return tuple(map(_CARD_BY_TEXT.__getitem__, values))
        except (KeyError, TypeError):  # TypeError: an array or object among the values
            return None

    def bids_from_json(self, values: list[Any]) -> tuple[Any, ...] | None:
        try:
            return tuple(map(_BID_BY_TEXT.__getitem__, values))
        except (KeyError, TypeError):  # TypeError: an array or object among the values
            return None

    def hand_text(self, hand: tuple[Any, ...], rules: Any) -> str:
        groups = ["", "", "", "", ""]
        for card in hand:
            if card.is_joker:
                groups[4] += str(card.index - 51)
            else:
                groups[card.index // 13] += str(card)[0]
        return ".".join(groups if rules.jokers else groups[:4])

    def read_hand(self, text: str, rules: Any) -> tuple[Card, ...]:
        groups = text.split(".")
        if len(groups) not in (4, 5) or (len(groups) == 5 and not rules.jokers):
            expected = "four suits" + (" and the jokers" if rules.jokers else "")
            raise PieceError(
                f"a hand is {expected}, separated by dots (like AK2.QJ.T98.765), not {text!r}"
            )
        try:
            return tuple(
                [
                    by_char[char]
                    for by_char, group in zip(_HAND_CARDS, groups, strict=False)  # 4 or 5 groups
                    for char in group
                ]
            )
        except KeyError:  # another spelling ("10", lower case) or a fault: read it carefully
            return _read_hand_groups(groups)

    def read_bid(self, text: str) -> Any:
        try:
            return parse_bid(text)
        except BugamiError:
            raise PieceError("not a bid") from None

    def bid_from_json(self, value: object) -> Any:
        if not isinstance(value, str) or value not in ("S", "H", "D", "C", "M"):
            raise PieceError(f"a bid is one of S H D C M, * or null, not {value!r}")
        return parse_bid(value)


def _read_hand_groups(groups: list[str]) -> tuple[Card, ...]:
    """The cards of a hand's groups, one per suit then the jokers, in any
    spelling; raises :class:`PieceError` at the first character that is wrong."""
    cards = []
    at = 0
    for suit, group in enumerate(groups):
        index = 0
        while index < len(group):
            char = group[index].upper()
            width = 2 if group[index : index + 2] == "10" else 1
            if suit == 4:
                if not ("1" <= char <= str(MAX_JOKERS)):
                    raise PieceError(f"{group[index]!r} is not a joker number 1 to 8", at + index)
                cards.append(Card.joker(int(char)))
            else:
                rank = "T" if width == 2 else char
                if rank not in _RANKS:
                    raise PieceError(
                        f"{group[index]!r} is not a rank (A K Q J T 9 8 7 6 5 4 3 2)",
                        at + index,
                    )
                cards.append(Card(_SUITS[suit], 14 - _RANKS.index(rank)))
            index += width
        at += len(group) + 1
    return tuple(cards)


def _fill_bugami(
    rules: Rules,
    written: DealSheet,
    number: int,
    seat: int,
    own: tuple[CardValue, ...],
    locate: Locator,
) -> tuple[tuple[tuple[CardValue, ...], ...], tuple[CardValue, ...]]:
    """Hands and leftover of Bugami for what ``seat`` cannot see, respecting
    the suits each seat has shown out of."""
    players = rules.players
    cards_own: tuple[Card, ...] = own
    played, voids = _public_play(rules, written, number, seat, cards_own, locate)
    unseen = (1 << rules.deck_size) - 1
    for card in cards_own:
        unseen &= ~(1 << card.index)
    for other in range(players):
        if other != seat:
            for card in played[other]:
                unseen &= ~(1 << card.index)
    sizes = tuple(
        0 if other == seat else rules.hand_size - len(played[other]) for other in range(players)
    )
    try:
        if min(sizes) < 0:
            raise InvalidInputError("a seat played more cards than it was dealt")
        hands, leftover = complete(
            random.Random(0), seat, [card.index for card in cards_of(unseen)], sizes, voids
        )
    except InvalidInputError:
        raise no_deal(number, seat, locate) from None
    layout = tuple(
        own if other == seat else tuple(played[other]) + cards_of(hands[other])
        for other in range(players)
    )
    return layout, cards_of(leftover)


def _public_play(
    rules: Rules,
    written: DealSheet,
    number: int,
    seat: int,
    own: tuple[Card, ...],
    locate: Locator,
) -> tuple[list[list[Card]], tuple[int, ...]]:
    """Who played which card, and the suits each seat showed out of, as far as
    the written tricks tell (the replay checks them properly afterwards)."""
    players = rules.players
    played: list[list[Card]] = [[] for _ in range(players)]
    voids = [0] * players
    seen: set[Card] = set()
    leader = (written.dealer + 1) % players
    tricks = [*written.tricks, *([written.current] if written.current else [])]
    for index, trick in enumerate(tricks):
        cards: tuple[Card, ...] = trick.cards
        if not cards or len(cards) > players:
            break  # the replay reports it
        for position, card in enumerate(cards):
            place = where(written, number, index, position)
            if card in seen or card.index >= rules.deck_size:
                raise RecordError(
                    f"{locate(place)}: {card} cannot be played here: it is not in the deck or "
                    f"was played before"
                )
            seen.add(card)
            player = (leader + position) % players
            if player != seat and card in own:
                raise RecordError(
                    f"{locate(place)}: {card} is in seat {seat}'s hand, so seat {player} "
                    f"cannot play it"
                )
            played[player].append(card)
            suit = SUIT_OF[cards[0].index]
            if position and suit != 4 and SUIT_OF[card.index] != suit:
                voids[player] |= 1 << suit
        if len(cards) == players:
            leader = (leader + winning_position(tuple(c.index for c in cards))) % players
    return played, tuple(voids)


BUGAMI: Final[GameKind] = register(_Bugami(DECLARATION))
"""Bugami's record kind."""
