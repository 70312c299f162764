"""Text pictures of cards, hands, tricks, deals and score sheets.

Everything here returns plain text (suit symbols included) for a terminal or
a log; with ``color=True`` the red suits are wrapped in ANSI colour codes.
The ``bugami`` command draws its tables with these functions.

>>> import bugami
>>> print(hand_text(bugami.parse_cards("AS TS 4H KD QD 2C")))
♠  A 10
♥  4
♦  K Q
♣  2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from bugami.cards import MISERE, Bid, Card, Suit
from bugami.game import Game
from bugami.scoring import score
from bugami.state import Deal, Trick
from bugami.view import DealView, GameView

__all__ = [
    "bid_text",
    "card_text",
    "deal_text",
    "game_text",
    "hand_text",
    "score_sheet",
    "trick_text",
    "tricks_table",
]

_RED: Final = "\x1b[31m"
_BOLD: Final = "\x1b[1m"
_RESET: Final = "\x1b[0m"
_RANKS: Final = {14: "A", 13: "K", 12: "Q", 11: "J", 10: "10"}
_NAMES: Final = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def _rank_text(card: Card) -> str:
    if card.rank is None:
        return str(card)
    return _RANKS.get(card.rank, str(card.rank))


def _paint(text: str, suit: Suit | None, color: bool) -> str:
    if color and suit in (Suit.HEARTS, Suit.DIAMONDS):
        return f"{_RED}{text}{_RESET}"
    return text


def card_text(card: Card, *, color: bool = False) -> str:
    """A card for people: rank then suit symbol (``"10♥"``), or ``"X1"`` for
    a joker.

    >>> card_text(Card("TH")), card_text(Card("X2")), card_text(Card("QD"), color=True)
    ('10♥', 'X2', '\\x1b[31mQ♦\\x1b[0m')
    """
    if card.suit is None:
        return _paint(str(card), None, color)
    return _paint(_rank_text(card) + card.suit.symbol, card.suit, color)


def bid_text(choice: Bid | None, *, color: bool = False) -> str:
    """A bid for people: the suit symbol and name, ``"misère"``, or ``"?"``
    for a bid not known.

    >>> bid_text(Suit.HEARTS), bid_text(MISERE), bid_text(None)
    ('♥ hearts', 'misère', '?')
    """
    if choice is None:
        return "?"
    if choice is MISERE:
        return "misère"
    assert isinstance(choice, Suit)
    return _paint(f"{choice.symbol} {_NAMES[choice]}", choice, color)


def hand_text(
    cards: Iterable[Card], *, legal: Iterable[Card] | None = None, color: bool = False
) -> str:
    """A hand sorted by suit, one line per suit held (jokers last). Cards in
    ``legal``, when it is given, are shown in brackets.

    >>> import bugami
    >>> hand = bugami.parse_cards("KS 9S 3H X1")
    >>> print(hand_text(hand, legal=bugami.parse_cards("KS 9S")))
    ♠  [K] [9]
    ♥  3
    X1
    """
    marked = None if legal is None else set(legal)
    lines: list[str] = []
    jokers: list[str] = []
    by_suit: dict[Suit, list[str]] = {}
    for card in sorted(cards):
        text = _rank_text(card)
        if marked is not None and card in marked:
            text = f"[{text}]"
        if card.suit is None:
            jokers.append(_paint(text, None, color))
        else:
            by_suit.setdefault(card.suit, []).append(text)
    for suit in Suit:
        if suit in by_suit:
            lines.append(_paint(f"{suit.symbol}  " + " ".join(by_suit[suit]), suit, color))
    if jokers:
        lines.append(" ".join(jokers))
    return "\n".join(lines) if lines else "(no cards)"


def _names(players: int, names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else [f"seat {seat}" for seat in range(players)]


def trick_text(
    cards: Sequence[Card],
    leader: int,
    players: int,
    *,
    winner: int | None = None,
    names: Sequence[str] | None = None,
    color: bool = False,
) -> str:
    """A trick (complete or not) on one line: who played what, in order, and
    who won it.

    >>> import bugami
    >>> print(trick_text(bugami.parse_cards("7D 3D KD QH"), 2, 4, winner=0))
    seat 2: 7♦  seat 3: 3♦  seat 0: K♦  seat 1: Q♥  -> seat 0 wins
    """
    who = _names(players, names)
    parts = [
        f"{who[(leader + position) % players]}: {card_text(card, color=color)}"
        for position, card in enumerate(cards)
    ]
    text = "  ".join(parts) if parts else f"{who[leader]} to lead"
    if winner is not None:
        text += f"  -> {who[winner]} wins"
    return text


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [len(cell) for cell in header]
    for row in rows:
        widths = [max(width, _width(cell)) for width, cell in zip(widths, row, strict=True)]
    lines = []
    for row in [header, *rows]:
        cells = [
            cell + " " * (width - _width(cell)) for cell, width in zip(row, widths, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    lines.insert(1, "  ".join("-" * width for width in widths))
    return "\n".join(lines)


def _width(cell: str) -> int:
    """The printed width of a cell: ANSI codes take no room."""
    for code in (_RED, _BOLD, _RESET):
        cell = cell.replace(code, "")
    return len(cell)


def tricks_table(
    tricks: Sequence[Trick],
    players: int,
    *,
    current: Sequence[Card] = (),
    leader: int | None = None,
    names: Sequence[str] | None = None,
    color: bool = False,
) -> str:
    """The tricks of a deal as a table: one row per trick, one column per
    seat; the card led is marked ``>`` and the winning card ``*``. An open
    trick (``current``, led by ``leader``) is shown last.

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=3), seed=1, dealer=2)
    >>> for seat in range(3):
    ...     state = bugami.bid(state, seat, "S")
    >>> for _ in range(4):
    ...     state = bugami.play(state, bugami.legal_moves(state)[0])
    >>> print(tricks_table(state.tricks, 3, current=state.current_trick, leader=state.leader))
    #  seat 0  seat 1  seat 2  won by
    -  ------  ------  ------  ------
    1  >10♠     K♠      A♠*    seat 2
    2                  >6♠
    """
    who = _names(players, names)
    rows = []
    shown: list[tuple[tuple[Card, ...], int, int | None]] = [
        (trick.cards, trick.leader, trick.winner) for trick in tricks
    ]
    if current and leader is not None:
        shown.append((tuple(current), leader, None))
    for number, (cards, first, won) in enumerate(shown, 1):
        cells = [""] * players
        for position, card in enumerate(cards):
            seat = (first + position) % players
            text = card_text(card, color=color)
            cells[seat] = (">" if position == 0 else " ") + text + ("*" if seat == won else "")
        rows.append([str(number), *cells, "" if won is None else who[won]])
    return _table(["#", *who, "won by"], rows)


def score_sheet(deals: Sequence[Deal], players: int, *, names: Sequence[str] | None = None) -> str:
    """A score sheet: one row per finished deal with each seat's bid and
    points, and the running totals below.

    >>> import bugami
    >>> game = bugami.new_game(bugami.Rules(players=3, target=50), seed=2)
    >>> while not game.is_over:
    ...     for seat in range(3):
    ...         game = bugami.bid(game, seat, "S")
    ...     while game.current is not None and game.current.to_move is not None:
    ...         game = bugami.play(game, bugami.legal_moves(game)[0])
    >>> sheet = score_sheet(game.deals, 3).splitlines()
    >>> print(sheet[0]); print(sheet[2]); print(sheet[-1])
    deal   seat 0  seat 1  seat 2
    1      ♠  11   ♠  30   ♠  30
    total     91     150      35
    """
    who = _names(players, names)
    rows = []
    totals = [0] * players
    for number, state in enumerate(deals, 1):
        points = score(state)
        cells = []
        for seat in range(players):
            totals[seat] += points[seat]
            choice = state.bids[seat]
            mark = "M" if choice is MISERE else choice.symbol if choice is not None else "?"
            cells.append(f"{mark} {points[seat]:>3}")
        rows.append([str(number), *cells])
    rows.append(["total", *[f"{total:>5}" for total in totals]])
    return _table(["deal", *who], rows)


def deal_text(
    state: Deal | DealView, *, names: Sequence[str] | None = None, color: bool = False
) -> str:
    """A whole deal (or what one seat knows of it) as text: the dealer, the
    hands as dealt (a view shows only its own, as held now), the leftover,
    the bids, the tricks and, once it is over, the points.

    >>> import bugami
    >>> from bugami.bots import RandomBot, play_out
    >>> done = play_out(bugami.deal(bugami.Rules(), seed=4), [RandomBot(1)] * 4)
    >>> print(deal_text(done))  # doctest: +ELLIPSIS
    dealer: seat 2
    seat 0: K♠ Q♠ 7♠ 6♠ 5♠ 4♠ 2♠ K♥ J♥ 4♥ K♦ 2♦ A♣
    ...
    bids: seat 0 ♥ hearts, seat 1 misère, seat 2 ♠ spades, seat 3 ♦ diamonds
    #   seat 0  seat 1  seat 2  seat 3  won by
    --  ------  ------  ------  ------  ------
    1    6♠      9♠      A♠*    >3♠     seat 2
    ...
    points: seat 0 ...
    """
    players = state.rules.players
    who = _names(players, names)
    lines = [f"dealer: {who[state.dealer]}"]
    if isinstance(state, Deal):
        for seat, hand in enumerate(state.dealt_hands):
            cards = " ".join(card_text(card, color=color) for card in hand)
            lines.append(f"{who[seat]}: {cards}")
        if state.leftover:
            lines.append("leftover: " + " ".join(card_text(c, color=color) for c in state.leftover))
    else:
        cards = " ".join(card_text(card, color=color) for card in state.hand) or "-"
        lines.append(f"{who[state.seat]} (this view's seat) holds: {cards}")
        if state.leftover:
            lines.append("leftover: " + " ".join(card_text(c, color=color) for c in state.leftover))
    bids = ", ".join(
        f"{who[seat]} {bid_text(choice, color=color)}" for seat, choice in enumerate(state.bids)
    )
    lines.append(f"bids: {bids}")
    if state.tricks or state.current_trick:
        lines.append(
            tricks_table(
                state.tricks,
                players,
                current=state.current_trick,
                leader=state.leader,
                names=names,
                color=color,
            )
        )
    points = (
        score(state)
        if isinstance(state, Deal) and state.is_over
        else getattr(state, "points", None)
    )
    if points is not None:
        lines.append("points: " + ", ".join(f"{who[s]} {p}" for s, p in enumerate(points)))
    return "\n".join(lines)


def game_text(
    state: Game | GameView, *, names: Sequence[str] | None = None, color: bool = False
) -> str:
    """A whole game: every finished deal, the deal in progress, and the score
    sheet.

    >>> import bugami
    >>> print(game_text(bugami.new_game(bugami.Rules(), seed=1)))  # doctest: +ELLIPSIS
    Deal 1 (in progress)
    dealer: ...
    """
    players = state.rules.players
    parts = []
    for number, finished in enumerate(state.deals, 1):
        parts.append(f"Deal {number}\n" + deal_text(finished, names=names, color=color))
    if state.current is not None:
        parts.append(
            f"Deal {len(state.deals) + 1} (in progress)\n"
            + deal_text(state.current, names=names, color=color)
        )
    if state.deals:
        parts.append(score_sheet(state.deals, players, names=names))
    if state.winner is not None:
        who = _names(players, names)
        parts.append(f"{who[state.winner]} wins with {max(state.totals)} points.")
    return "\n\n".join(parts)
