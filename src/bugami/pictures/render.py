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

import math
from collections.abc import Iterable, Sequence
from typing import Final

from bugami._kernel.checks import as_int, check_bool
from bugami._kernel.display import register
from bugami.argute.game import Game as ArguteGame
from bugami.argute.scoring import score as argute_score
from bugami.argute.state import Deal as ArguteDeal
from bugami.argute.state import Trick as ArguteTrick
from bugami.argute.view import DealView as ArguteDealView
from bugami.argute.view import GameView as ArguteGameView
from bugami.core.cards import MISERE, Bid, Card, Suit
from bugami.core.game import Game
from bugami.core.play import legal_moves
from bugami.core.scoring import score
from bugami.core.state import Deal, Trick
from bugami.core.view import DealView, GameView
from bugami.errors import InvalidInputError, brief
from bugami.record import AnyRecorded, Record

__all__ = [
    "argute_html",
    "argute_text",
    "argute_tricks_text",
    "bid_text",
    "card_text",
    "deal_html",
    "deal_svg",
    "deal_text",
    "game_html",
    "game_text",
    "hand_svg",
    "hand_text",
    "record_html",
    "score_sheet",
    "score_sheet_html",
    "text_table",
    "trick_svg",
    "trick_text",
    "tricks_html",
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


# --- checking the arguments ----------------------------------------------------------
#
# Each drawing function checks what it is given first, so that a wrong
# argument (a view where a hand is wanted, a game where a deal is) is named
# in an InvalidInputError, not met later as an AttributeError.


def _card(what: str, card: object, name: str = "") -> Card:
    if not isinstance(card, Card):
        raise InvalidInputError(
            f"{what}{': ' + name + ' holds' if name else ' draws'} cards (Card values: "
            f"bugami.parse_cards reads text), not {brief(card)}"
        )
    return card


def _cards(what: str, cards: object, name: str = "") -> list[Card]:
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise InvalidInputError(
            f"{what}{': ' + name + ' is' if name else ' draws'} cards: an iterable of Card "
            f"values (a view's hand is view.hand; bugami.parse_cards reads text), not "
            f"{brief(cards)}"
        )
    return [_card(what, card, name) for card in cards]


def _state(what: str, state: object, kinds: tuple[type, ...], expected: str) -> None:
    if not isinstance(state, kinds):
        raise InvalidInputError(f"{what} draws {expected}, not {brief(state)}")


def _players(what: str, players: object) -> int:
    number = as_int(players)
    if number is None or not 2 <= number <= 7:
        raise InvalidInputError(f"{what}: players must be an int from 2 to 7, not {brief(players)}")
    return number


def _seat(what: str, name: str, seat: object, players: int, *, optional: bool = False) -> None:
    if optional and seat is None:
        return
    number = as_int(seat)
    if number is None or not 0 <= number < players:
        raise InvalidInputError(
            f"{what}: {name} must be a seat from 0 to {players - 1}"
            f"{' or None' if optional else ''}, not {brief(seat)}"
        )


def _checked_names(what: str, names: object, players: int) -> None:
    if names is None:
        return
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise InvalidInputError(
            f"{what}: names must be a sequence of {players} strs (one per seat) or None, "
            f"not {brief(names)}"
        )
    if len(names) != players or not all(isinstance(name, str) for name in names):
        raise InvalidInputError(
            f"{what}: names must be {players} strs, one per seat, not {brief(names)}"
        )


def _trick(
    what: str, cards: object, leader: object, players: object, winner: object, names: object
) -> tuple[list[Card], int]:
    """The arguments that draw a trick, checked: its cards and the players."""
    checked = _players(what, players)
    _seat(what, "leader", leader, checked)
    _seat(what, "winner", winner, checked, optional=True)
    _checked_names(what, names, checked)
    return _cards(what, cards), checked


def _size(what: str, size: object) -> None:
    number = as_int(size)
    if size is not None and (number is None or not 1 <= number <= 100_000):
        raise InvalidInputError(
            f"{what}: size must be a width in pixels from 1 to 100000 or None, not {brief(size)}"
        )


def _tricks(what: str, tricks: object, kind: type) -> None:
    if isinstance(tricks, (str, bytes)) or not isinstance(tricks, Iterable):
        raise InvalidInputError(f"{what} draws a sequence of tricks, not {brief(tricks)}")
    for trick in tricks:
        if not isinstance(trick, kind):
            raise InvalidInputError(
                f"{what} draws tricks of {'Argute' if kind is ArguteTrick else 'Bugami'} "
                f"(such as a deal's .tricks), not {brief(trick)}"
            )


def _deals(what: str, deals: object) -> None:
    if isinstance(deals, (str, bytes)) or not isinstance(deals, Iterable):
        raise InvalidInputError(f"{what} draws a sequence of finished deals, not {brief(deals)}")
    for deal in deals:
        if not isinstance(deal, Deal) or not deal.is_over:
            raise InvalidInputError(
                f"{what} draws finished Bugami deals (such as a game's .deals), not {brief(deal)}"
            )


def _text_rows(header: object, rows: object) -> list[Sequence[str]]:
    """``rows`` as a list, each row (and ``header``) a sequence of strs as
    long as ``header``."""
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Iterable):
        raise InvalidInputError(f"text_table draws a sequence of rows, not {brief(rows)}")
    table = [header, *rows]
    for row in table:
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence):
            raise InvalidInputError(f"text_table draws rows of strs, not {brief(row)}")
        for cell in row:
            if not isinstance(cell, str):
                raise InvalidInputError(f"text_table draws cells of text, not {brief(cell)}")
        if len(row) != len(table[0]):
            raise InvalidInputError(
                f"text_table: each row has as many cells as the header ({len(table[0])}), "
                f"not {brief(row)}"
            )
    return table[1:]


_DEAL: Final = "a Bugami deal or a seat's view of one"
_GAME: Final = "a Bugami game or a seat's view of one"
_ARGUTE: Final = "an Argute hand or game, or a seat's view of one"
_ARGUTE_KINDS: Final = (ArguteDeal, ArguteDealView, ArguteGame, ArguteGameView)


def card_text(card: Card, *, color: bool = False) -> str:
    """A card for people: rank then suit symbol (``"10♥"``), or ``"X1"`` for
    a joker.

    >>> card_text(Card("TH")), card_text(Card("X2")), card_text(Card("QD"), color=True)
    ('10♥', 'X2', '\\x1b[31mQ♦\\x1b[0m')
    """
    _card("card_text", card)
    check_bool("color", color)
    if card.suit is None:
        return _paint(str(card), None, color)
    return _paint(_rank_text(card) + card.suit.symbol, card.suit, color)


def bid_text(choice: Bid | None, *, color: bool = False) -> str:
    """A bid for people: the suit symbol and name, ``"misère"``, or ``"?"``
    for a bid not known.

    >>> bid_text(Suit.HEARTS), bid_text(MISERE), bid_text(None)
    ('♥ hearts', 'misère', '?')
    """
    if choice is not None and choice is not MISERE and not isinstance(choice, Suit):
        raise InvalidInputError(
            f"bid_text draws a bid (a Suit, MISERE) or None, not {brief(choice)}"
        )
    check_bool("color", color)
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
    cards = _cards("hand_text", cards)
    legal = None if legal is None else _cards("hand_text", legal, "legal")
    check_bool("color", color)
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
    cards, players = _trick("trick_text", cards, leader, players, winner, names)
    check_bool("color", color)
    who = _names(players, names)
    parts = [
        f"{who[(leader + position) % players]}: {card_text(card, color=color)}"
        for position, card in enumerate(cards)
    ]
    text = "  ".join(parts) if parts else f"{who[leader]} to lead"
    if winner is not None:
        text += f"  -> {who[winner]} wins"
    return text


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]], *, rule: bool = True) -> str:
    """Left-aligned columns two spaces apart, trailing spaces trimmed, with a
    rule of dashes under the header (unless ``rule=False``). Colour codes in
    the cells take no room.

    >>> print(text_table(["seat", "points"], [["Ann", "40"], ["Bob", "120"]]))
    seat  points
    ----  ------
    Ann   40
    Bob   120
    """
    rows = _text_rows(header, rows)
    check_bool("rule", rule)
    widths = [len(cell) for cell in header]
    for row in rows:
        widths = [max(width, _width(cell)) for width, cell in zip(widths, row, strict=True)]
    lines = []
    for row in [header, *rows]:
        cells = [
            cell + " " * (width - _width(cell)) for cell, width in zip(row, widths, strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    if rule:
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
    _tricks("tricks_table", tricks, Trick)
    players = _players("tricks_table", players)
    current = _cards("tricks_table", current, "current")
    _seat("tricks_table", "leader", leader, players, optional=True)
    _checked_names("tricks_table", names, players)
    check_bool("color", color)
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
    return text_table(["#", *who, "won by"], rows)


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
    _deals("score_sheet", deals)
    players = _players("score_sheet", players)
    _checked_names("score_sheet", names, players)
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
    return text_table(["deal", *who], rows)


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
    _state("deal_text", state, (Deal, DealView), _DEAL)
    _checked_names("deal_text", names, state.rules.players)
    check_bool("color", color)
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
    _state("game_text", state, (Game, GameView), _GAME)
    _checked_names("game_text", names, state.rules.players)
    check_bool("color", color)
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


# -- SVG and HTML pictures ----------------------------------------------------------
#
# The pictures below are self-contained SVG (no fonts, images or scripts from
# elsewhere) built as plain strings, so the same state always gives the same
# bytes. Coordinates are rounded to one decimal for that reason too.

_SVG_NS: Final = "http://www.w3.org/2000/svg"
_FONT: Final = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
_INK: Final = "#1b1b1b"
_RED_INK: Final = "#c0172b"
_JOKER_INK: Final = "#6a2c91"
_FELT: Final = "#24613f"
_FELT_EDGE: Final = "#1a4a30"
_PANEL: Final = "#f6f3ea"
_TURN: Final = "#f2b705"
_BACK: Final = "#2c4f8c"
_CARD_W: Final = 30
_CARD_H: Final = 42
_WIDTH: Final = 1000
_HEIGHT: Final = 700
_PANEL_W: Final = {3: 380, 4: 340, 5: 270, 6: 250, 7: 230}
_PANEL_H: Final = 92


def _num(value: float) -> str:
    text = f"{value:.1f}"
    if text.endswith(".0"):
        text = text[:-2]
    return "0" if text == "-0" else text


def _esc(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def _ink(card: Card) -> str:
    if card.suit is None:
        return _JOKER_INK
    return _RED_INK if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _INK


def _card_svg(
    card: Card, x: float, y: float, *, scale: float = 1.0, mark: str = "", dim: bool = False
) -> str:
    """One face-up card with its top-left corner at ``(x, y)``."""
    w, h = _CARD_W * scale, _CARD_H * scale
    ink = _ink(card)
    if card.suit is None:
        corner, pip = "★", str(card)[1:]
    else:
        corner, pip = _rank_text(card), card.suit.symbol
    stroke = _TURN if mark == "winner" else "#7a7a7a"
    width = 2.5 if mark == "winner" else 0.8
    extra = ' opacity="0.55"' if dim else ""
    size = 12 * scale
    tight = ' letter-spacing="-1"' if len(corner) > 1 else ""
    return (
        f'<g class="card{" " + mark if mark else ""}" data-card="{card}"{extra}>'
        f"<title>{_esc(card_text(card))}</title>"
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" '
        f'rx="{_num(3.5 * scale)}" fill="#fff" stroke="{stroke}" stroke-width="{width}"/>'
        f'<text x="{_num(x + 3 * scale)}" y="{_num(y + 13 * scale)}" fill="{ink}" '
        f'font-size="{_num(size)}" font-weight="bold"{tight}>{_esc(corner)}</text>'
        f'<text x="{_num(x + 3 * scale)}" y="{_num(y + 26 * scale)}" fill="{ink}" '
        f'font-size="{_num(size)}">{_esc(pip)}</text>'
        f'<text x="{_num(x + w - 3 * scale)}" y="{_num(y + h - 5 * scale)}" fill="{ink}" '
        f'font-size="{_num(15 * scale)}" text-anchor="end">'
        f"{_esc(card.suit.symbol if card.suit is not None else '★')}</text>"
        "</g>"
    )


def _back_svg(x: float, y: float) -> str:
    """One face-down card: it shows nothing of what it is."""
    return (
        '<g class="card back">'
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_CARD_W}" height="{_CARD_H}" rx="3.5" '
        f'fill="{_BACK}" stroke="#f6f3ea" stroke-width="1"/>'
        f'<rect x="{_num(x + 3.5)}" y="{_num(y + 3.5)}" width="{_CARD_W - 7}" '
        f'height="{_CARD_H - 7}" rx="2" fill="none" stroke="#9fb4da" stroke-width="0.8"/>'
        "</g>"
    )


def _svg_open(width: int, height: int, size: int | None, label: str) -> str:
    shown_w = width if size is None else size
    shown_h = height if size is None else round(size * height / width)
    return (
        f'<svg xmlns="{_SVG_NS}" version="1.1" class="bugami" viewBox="0 0 {width} {height}" '
        f'width="{shown_w}" height="{shown_h}" font-family="{_FONT}" role="img" '
        f'aria-label="{_esc(label)}">'
        f"<title>{_esc(label)}</title>"
    )


def _row_of_cards(
    cards: Sequence[Card],
    x: float,
    y: float,
    room: float,
    *,
    raised: frozenset[Card] = frozenset(),
    dim: frozenset[Card] = frozenset(),
) -> tuple[list[str], float]:
    """A fan of overlapping cards starting at ``x``; returns the parts and
    the width they take."""
    step = 22.0
    if len(cards) > 1:
        step = min(step, (room - _CARD_W) / (len(cards) - 1))
    parts = []
    for position, card in enumerate(cards):
        lift = -5 if card in raised else 0
        parts.append(_card_svg(card, x + position * step, y + lift, dim=card in dim))
    used = _CARD_W + step * (len(cards) - 1) if cards else 0
    return parts, used


def hand_svg(
    cards: Iterable[Card], *, legal: Iterable[Card] | None = None, size: int | None = None
) -> str:
    """A hand as an SVG picture: the cards in canonical order, fanned. With
    ``legal``, the legal cards stand a little higher and the others are
    faded.

    >>> import bugami
    >>> svg = hand_svg(bugami.parse_cards("AS TH X1"), legal=bugami.parse_cards("TH"))
    >>> svg.startswith("<svg"), svg.count('class="card'), 'data-card="TH"' in svg
    (True, 3, True)
    """
    cards = _cards("hand_svg", cards)
    legal = None if legal is None else _cards("hand_svg", legal, "legal")
    _size("hand_svg", size)
    hand = sorted(cards)
    marked = None if legal is None else frozenset(legal)
    width = max(60, int(_CARD_W + 22 * max(len(hand) - 1, 0) + 16))
    height = _CARD_H + 22
    parts = [_svg_open(width, height, size, f"a hand of {len(hand)} cards")]
    parts.append(f'<rect width="{width}" height="{height}" rx="8" fill="{_PANEL}"/>')
    raised = marked if marked is not None else frozenset()
    dim = frozenset(hand) - marked if marked is not None else frozenset()
    row, _ = _row_of_cards(hand, 8, 14, width - 16, raised=raised, dim=dim)
    parts.extend(row)
    parts.append("</svg>")
    return "".join(parts)


def trick_svg(
    cards: Sequence[Card],
    leader: int,
    players: int,
    *,
    winner: int | None = None,
    names: Sequence[str] | None = None,
    size: int | None = None,
) -> str:
    """A trick as an SVG picture: the cards in order of play, each with the
    seat that played it underneath; the winning card is outlined.

    >>> import bugami
    >>> svg = trick_svg(bugami.parse_cards("7D 3D KD QH"), 2, 4, winner=0)
    >>> svg.count('class="card'), svg.count('class="card winner"')
    (4, 1)
    """
    cards, players = _trick("trick_svg", cards, leader, players, winner, names)
    _size("trick_svg", size)
    who = _names(players, names)
    width = max(120, 16 + 66 * max(len(cards), 1))
    height = 96
    parts = [_svg_open(width, height, size, trick_text(cards, leader, players, winner=winner))]
    parts.append(f'<rect width="{width}" height="{height}" rx="8" fill="{_PANEL}"/>')
    if not cards:
        parts.append(
            f'<text x="{width / 2}" y="50" text-anchor="middle" font-size="13" fill="{_INK}">'
            f"{_esc(who[leader])} to lead</text>"
        )
    for position, card in enumerate(cards):
        seat = (leader + position) % players
        x = 8 + 66 * position + 9
        mark = "winner" if seat == winner else ""
        parts.append(_card_svg(card, x, 10, scale=1.4, mark=mark))
        parts.append(
            f'<text x="{_num(x + 21)}" y="88" text-anchor="middle" font-size="12" '
            f'fill="{_INK}">{_esc(who[seat])}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def _bid_svg(choice: Bid | None, placed: bool) -> str:
    if choice is None:
        return "bid: face down" if placed else "no bid yet"
    if choice is MISERE:
        return "bid: misère"
    assert isinstance(choice, Suit)
    ink = _RED_INK if choice in (Suit.HEARTS, Suit.DIAMONDS) else _INK
    return f'bid: <tspan fill="{ink}" font-size="14">{choice.symbol}</tspan> {_NAMES[choice]}'


def _seat_point(seat: int, bottom: int, players: int, rx: float, ry: float) -> tuple[float, float]:
    """Where a seat sits: ``bottom`` at the foot of the table, then in order
    of play clockwise (to the left, across, to the right)."""
    angle = 2 * math.pi * ((seat - bottom) % players) / players
    down = math.cos(angle)
    if players == 3 and down < 0:
        down *= 1.6  # lift the two far seats to the top edge, leaving room in the middle
    return (_WIDTH / 2 - rx * math.sin(angle), _HEIGHT / 2 + 14 + ry * down)


def deal_svg(
    state: Deal | DealView,
    *,
    names: Sequence[str] | None = None,
    bottom: int | None = None,
    size: int | None = None,
) -> str:
    """A deal as an SVG picture of the table, in the spirit of python-chess's
    boards: every seat with its hand (face down for the hands a view does not
    see, with how many cards they hold), the dealer's button ``D``, the bids,
    the tricks each seat has won, whose turn it is (outlined in yellow, the
    legal cards raised), and in the middle the trick being played, or the
    last trick once a trick is complete. Once the deal is over each seat
    shows, faded, the cards it played.

    The result is a self-contained SVG string, the same for the same state.
    ``bottom`` is the seat drawn at the foot of the table (a view's own seat
    unless told); ``size`` sets the width in pixels (1000 by default).

    >>> import bugami
    >>> state = bugami.deal(bugami.Rules(players=4), seed=3)
    >>> svg = deal_svg(state)
    >>> svg.startswith("<svg"), svg.count('class="card')
    (True, 52)
    >>> seen = deal_svg(bugami.view(state, 1))
    >>> seen.count('class="card"'), seen.count('class="card back"')
    (13, 39)
    """
    _state("deal_svg", state, (Deal, DealView), _DEAL)
    _checked_names("deal_svg", names, state.rules.players)
    _seat("deal_svg", "bottom", bottom, state.rules.players, optional=True)
    _size("deal_svg", size)
    players = state.rules.players
    who = _names(players, names)
    if bottom is None:
        bottom = state.seat if isinstance(state, DealView) else 0
    panel_w = _PANEL_W.get(players, 230)
    rx = (_WIDTH - panel_w) / 2 - 10
    ry = (_HEIGHT - 40 - _PANEL_H) / 2 - 8
    won = [0] * players
    played: list[list[Card]] = [[] for _ in range(players)]
    for trick in state.tricks:
        won[trick.winner] += 1
        for position, card in enumerate(trick.cards):
            played[(trick.leader + position) % players].append(card)
    if isinstance(state, Deal):
        points: tuple[int, ...] | None = score(state) if state.is_over else None
        placed = tuple(choice is not None for choice in state.bids)
    else:
        points = state.points
        placed = state.has_bid
    legal = frozenset(legal_moves(state))

    phase = state.phase.name.lower()
    if state.to_move is not None:
        where = f"trick {len(state.tricks) + 1} of {state.rules.hand_size}, {who[state.to_move]} to play"
    else:
        where = phase
    heading = f"Bugami, {players} players, dealer {who[state.dealer]}: {where}"
    if isinstance(state, DealView):
        heading = f"{who[state.seat]}'s view. " + heading
    parts = [_svg_open(_WIDTH, _HEIGHT, size, heading)]
    parts.append(f'<rect width="{_WIDTH}" height="{_HEIGHT}" rx="14" fill="{_FELT_EDGE}"/>')
    parts.append(
        f'<ellipse cx="{_WIDTH // 2}" cy="{_HEIGHT // 2 + 14}" rx="{_num(rx - 40)}" '
        f'ry="{_num(ry - 36)}" fill="{_FELT}" stroke="#3f8a5f" stroke-width="3"/>'
    )
    parts.append(
        f'<text x="16" y="26" font-size="15" fill="#f6f3ea" font-weight="bold">'
        f"{_esc(heading)}</text>"
    )

    for seat in range(players):
        cx, cy = _seat_point(seat, bottom, players, rx, ry)
        left, top = cx - panel_w / 2, cy - _PANEL_H / 2
        turn = seat == state.to_move
        parts.append(f'<g class="seat" data-seat="{seat}">')
        parts.append(
            f'<rect x="{_num(left)}" y="{_num(top)}" width="{panel_w}" height="{_PANEL_H}" '
            f'rx="8" fill="{_PANEL}" stroke="{_TURN if turn else "#d8d2c0"}" '
            f'stroke-width="{4 if turn else 1}"/>'
        )
        label = _esc(who[seat]) + (" ▶ to play" if turn else "")
        parts.append(
            f'<text x="{_num(left + 10)}" y="{_num(top + 18)}" font-size="14" '
            f'font-weight="bold" fill="{_INK}">{label}</text>'
        )
        if seat == state.dealer:
            parts.append(
                f'<g class="dealer"><circle cx="{_num(left + panel_w - 14)}" '
                f'cy="{_num(top + 14)}" r="9" fill="#fff" stroke="{_INK}" stroke-width="1.2"/>'
                f'<text x="{_num(left + panel_w - 14)}" y="{_num(top + 18.5)}" font-size="12" '
                f'font-weight="bold" text-anchor="middle" fill="{_INK}">D</text></g>'
            )
        facts = [_bid_svg(state.bids[seat], placed[seat])]
        facts.append(f"tricks: {won[seat]}")
        if points is not None:
            facts.append(f"points: {points[seat]}")
        parts.append(
            f'<text x="{_num(left + 10)}" y="{_num(top + 34)}" font-size="12" fill="#444">'
            + " · ".join(facts)
            + "</text>"
        )
        card_y = top + 44
        if state.is_over:
            # Nothing is left in hand: show what each seat played, faded.
            hand = tuple(sorted(played[seat]))
            row, used = _row_of_cards(hand, 0, card_y, panel_w - 20, dim=frozenset(hand))
            parts.append(f'<g transform="translate({_num(left + (panel_w - used) / 2)} 0)">')
            parts.extend(row)
            parts.append("</g>")
        elif isinstance(state, Deal) or seat == state.seat:
            hand = state.hands[seat] if isinstance(state, Deal) else state.hand
            row, used = _row_of_cards(
                hand, 0, card_y, panel_w - 20, raised=legal if turn else frozenset()
            )
            # Centre the fan in the panel by shifting it as a whole.
            shift = left + (panel_w - used) / 2
            parts.append(f'<g transform="translate({_num(shift)} 0)">{"".join(row)}</g>')
            if not hand:
                parts.append(
                    f'<text x="{_num(cx)}" y="{_num(card_y + 24)}" font-size="12" '
                    f'text-anchor="middle" fill="#777">no cards left</text>'
                )
        else:
            count = state.hand_sizes[seat]
            step = min(8.0, (panel_w - 110 - _CARD_W) / max(count - 1, 1))
            used = _CARD_W + step * max(count - 1, 0) if count else 0
            start = left + (panel_w - used - 80) / 2
            for position in range(count):
                parts.append(_back_svg(start + position * step, card_y))
            parts.append(
                f'<text x="{_num(start + used + 10)}" y="{_num(card_y + 26)}" font-size="13" '
                f'fill="{_INK}">{count} card{"" if count == 1 else "s"}</text>'
            )
        parts.append("</g>")

    # The trick in the middle: each card pushed out towards the seat that played it.
    shown: tuple[Card, ...] = state.current_trick
    first = state.leader
    winner = None
    caption = ""
    if not shown and state.tricks:
        last = state.tricks[-1]
        shown, first, winner = last.cards, last.leader, last.winner
        caption = f"last trick, won by {who[last.winner]}"
    elif state.phase.name == "BIDDING":
        caption = "bidding"
    elif shown and first is not None:
        caption = f"{who[first]} led"
    if shown and first is not None:
        parts.append('<g class="trick">')
        for position, card in enumerate(shown):
            seat = (first + position) % players
            sx, sy = _seat_point(seat, bottom, players, rx * 0.36, ry * 0.42)
            mark = "winner" if seat == winner else ""
            parts.append(
                _card_svg(card, sx - _CARD_W * 0.6, sy - _CARD_H * 0.6, scale=1.2, mark=mark)
            )
        parts.append("</g>")
    if caption:
        parts.append(
            f'<text x="{_WIDTH // 2}" y="{_HEIGHT // 2 + 18}" font-size="13" '
            f'text-anchor="middle" fill="#e8efe9">{_esc(caption)}</text>'
        )
    leftover = state.leftover
    if leftover:
        parts.append(
            f'<text x="16" y="{_HEIGHT - 58}" font-size="12" fill="#f6f3ea">leftover</text>'
        )
        for position, card in enumerate(leftover):
            parts.append(_card_svg(card, 16 + position * 34, _HEIGHT - 52))
    parts.append("</svg>")
    return "".join(parts)


_HTML_STYLE: Final = (
    "border-collapse:collapse;font-family:" + _FONT + ";font-size:13px;margin:6px 0"
)
_CELL: Final = "border:1px solid #bbb;padding:2px 8px;text-align:center"


def _card_html(card: Card) -> str:
    return f'<span style="color:{_ink(card)}">{_esc(card_text(card))}</span>'


def _bid_html(choice: Bid | None) -> str:
    if choice is None:
        return "?"
    if choice is MISERE:
        return "M"
    assert isinstance(choice, Suit)
    ink = _RED_INK if choice in (Suit.HEARTS, Suit.DIAMONDS) else _INK
    return f'<span style="color:{ink}">{choice.symbol}</span>'


def _html_table(header: list[str], rows: list[list[str]], *, last_bold: bool = False) -> str:
    head = "".join(f'<th style="{_CELL}">{cell}</th>' for cell in header)
    body = []
    for number, row in enumerate(rows):
        weight = ";font-weight:bold" if last_bold and number == len(rows) - 1 else ""
        body.append(
            "<tr>" + "".join(f'<td style="{_CELL}{weight}">{cell}</td>' for cell in row) + "</tr>"
        )
    return f'<table style="{_HTML_STYLE}"><tr>{head}</tr>{"".join(body)}</table>'


def tricks_html(
    tricks: Sequence[Trick], players: int, *, names: Sequence[str] | None = None
) -> str:
    """The completed tricks as an HTML table: one row per trick, the card led
    marked ``>`` and the winner's card in bold.

    >>> import bugami
    >>> tricks_html((), 4).count("<tr>")
    1
    """
    _tricks("tricks_html", tricks, Trick)
    players = _players("tricks_html", players)
    _checked_names("tricks_html", names, players)
    who = [_esc(name) for name in _names(players, names)]
    rows = []
    for number, trick in enumerate(tricks, 1):
        cells = [""] * players
        for position, card in enumerate(trick.cards):
            seat = (trick.leader + position) % players
            text = (">" if position == 0 else "") + _card_html(card)
            cells[seat] = f"<b>{text}</b>" if seat == trick.winner else text
        rows.append([str(number), *cells, who[trick.winner]])
    return _html_table(["#", *who, "won by"], rows)


def score_sheet_html(
    deals: Sequence[Deal], players: int, *, names: Sequence[str] | None = None
) -> str:
    """The score sheet of :func:`score_sheet` as an HTML table.

    >>> import bugami
    >>> score_sheet_html((), 3).count("<tr>")
    2
    """
    _deals("score_sheet_html", deals)
    players = _players("score_sheet_html", players)
    _checked_names("score_sheet_html", names, players)
    who = [_esc(name) for name in _names(players, names)]
    rows = []
    totals = [0] * players
    for number, state in enumerate(deals, 1):
        points = score(state)
        cells = []
        for seat in range(players):
            totals[seat] += points[seat]
            cells.append(f"{_bid_html(state.bids[seat])} {points[seat]}")
        rows.append([str(number), *cells])
    rows.append(["total", *[str(total) for total in totals]])
    return _html_table(["deal", *who], rows, last_bold=True)


def deal_html(
    state: Deal | DealView, *, names: Sequence[str] | None = None, size: int | None = 760
) -> str:
    """A deal as an HTML snippet: the :func:`deal_svg` picture of the table
    and a table of the completed tricks. This is what Jupyter shows for a
    :class:`~bugami.Deal` or a :class:`~bugami.DealView`.

    >>> import bugami
    >>> html = deal_html(bugami.deal(bugami.Rules(), seed=1))
    >>> html.startswith('<div class="bugami">'), "<svg" in html
    (True, True)
    """
    _state("deal_html", state, (Deal, DealView), _DEAL)
    _checked_names("deal_html", names, state.rules.players)
    _size("deal_html", size)
    parts = ['<div class="bugami">', deal_svg(state, names=names, size=size)]
    if state.tricks:
        parts.append(tricks_html(state.tricks, state.rules.players, names=names))
    parts.append("</div>")
    return "".join(parts)


def game_html(
    state: Game | GameView, *, names: Sequence[str] | None = None, size: int | None = 760
) -> str:
    """A game as an HTML snippet: the score sheet so far, who has won, and a
    picture of the deal in progress (or of the last deal once the game is
    over). This is what Jupyter shows for a :class:`~bugami.Game` or a
    :class:`~bugami.GameView`.

    >>> import bugami
    >>> html = game_html(bugami.new_game(bugami.Rules(players=5), seed=1))
    >>> html.count("<svg"), html.count("<table")
    (1, 1)
    """
    _state("game_html", state, (Game, GameView), _GAME)
    _checked_names("game_html", names, state.rules.players)
    _size("game_html", size)
    players = state.rules.players
    who = _names(players, names)
    parts = ['<div class="bugami">']
    summary = f"Bugami game, {players} players, to {state.rules.target} points"
    if state.winner is not None:
        summary += f": {who[state.winner]} wins with {max(state.totals)}"
    elif state.deals:
        summary += f", after {len(state.deals)} deal{'s' if len(state.deals) != 1 else ''}"
    parts.append(f'<p style="font-family:{_FONT};margin:4px 0"><b>{_esc(summary)}</b></p>')
    parts.append(score_sheet_html(state.deals, players, names=names))
    shown: Deal | DealView | None = state.current
    if shown is None and state.deals:
        shown = state.deals[-1]
    if shown is not None:
        parts.append(deal_svg(shown, names=names, size=size))
    parts.append("</div>")
    return "".join(parts)


# -- Argute and records ------------------------------------------------------------

_CHIP_COLOURS: Final = ("#e8e8e8", "#cfe3f7", "#cdebd3", "#fbe7b5", "#f7cfc0", "#e3c9f0")


def _chip(value: int) -> str:
    colour = _CHIP_COLOURS[value % len(_CHIP_COLOURS)]
    return (
        f'<span class="chip" style="display:inline-block;min-width:1.4em;text-align:center;'
        f"border:1px solid #888;border-radius:0.7em;margin:0 1px;background:{colour};"
        f'font-weight:bold">{value}</span>'
    )


def _hidden_chips(count: int) -> str:
    backs = (
        '<span class="back" style="display:inline-block;width:0.9em;height:1.2em;'
        f'border-radius:3px;margin:0 1px;background:{_BACK};vertical-align:middle"></span>'
    )
    return backs * count + f" ({count} hidden)"


def argute_html(
    state: ArguteDeal | ArguteDealView | ArguteGame | ArguteGameView,
    *,
    names: Sequence[str] | None = None,
) -> str:
    """A hand or a game of Argute as an HTML snippet: one row per seat with
    its values as chips (hidden hands of a view as backs with a count), the
    bid, the tricks won, the count in the open trick and, once the hand is
    over, the points; a game adds its running totals.

    >>> from bugami import argute
    >>> html = argute_html(argute.deal(argute.Rules(players=3), seed=7, dealer=0))
    >>> html.startswith('<div class="bugami argute">'), html.count('class="chip"')
    (True, 18)
    """
    _state("argute_html", state, _ARGUTE_KINDS, _ARGUTE)
    _checked_names("argute_html", names, state.rules.players)
    players = state.rules.players
    who = [_esc(name) for name in _names(players, names)]
    parts = ['<div class="bugami argute">']
    if isinstance(state, (ArguteGame, ArguteGameView)):
        summary = f"Argute game, {players} players, after {len(state.deals)} hands"
        if state.winner is not None:
            summary += f": {_names(players, names)[state.winner]} wins"
        parts.append(f'<p style="font-family:{_FONT};margin:4px 0"><b>{_esc(summary)}</b></p>')
        parts.append(_html_table(["", *who], [["total", *[str(t) for t in state.totals]]]))
        shown = state.current if state.current is not None else (state.deals or (None,))[-1]
        if shown is not None:
            parts.append(argute_html(shown, names=names))
        parts.append("</div>")
        return "".join(parts)
    won = [0] * players
    for trick in state.tricks:
        won[trick.winner] += 1
    if isinstance(state, ArguteDeal):
        points = argute_score(state) if state.is_over else None
    else:
        points = state.points
    phase = state.phase.name.lower()
    heading = f"Argute, {players} players, dealer {_names(players, names)[state.dealer]}: {phase}"
    if isinstance(state, ArguteDealView):
        heading = f"{_names(players, names)[state.seat]}'s view. " + heading
    parts.append(f'<p style="font-family:{_FONT};margin:4px 0"><b>{_esc(heading)}</b></p>')
    counts = state.counts
    rows = []
    for seat in range(players):
        name = who[seat] + (" (D)" if seat == state.dealer else "")
        if seat == state.to_move:
            name = f"<b>{name} ▶</b>"
        if isinstance(state, ArguteDeal) or seat == state.seat:
            hand = state.hands[seat] if isinstance(state, ArguteDeal) else state.hand
            held = "".join(_chip(value) for value in hand) or "-"
        else:
            held = _hidden_chips(state.hand_sizes[seat])
        choice = state.bids[seat]
        if choice is not None:
            bid = str(choice)
        elif isinstance(state, ArguteDealView) and state.has_bid[seat]:
            bid = "face down"
        else:
            bid = "?"
        row = [name, held, bid, str(won[seat]), str(counts[seat])]
        if points is not None:
            row.append(str(points[seat]))
        rows.append(row)
    header = ["seat", "hand", "bid", "tricks", "count"] + (["points"] if points else [])
    parts.append(_html_table(header, rows))
    if state.current_trick:
        parts.append(
            f'<p style="font-family:{_FONT};margin:4px 0">this trick: '
            + "".join(_chip(value) for value in state.current_trick)
            + "</p>"
        )
    parts.append("</div>")
    return "".join(parts)


def record_html(record: Record[AnyRecorded]) -> str:
    """A record as an HTML snippet: its tags, then the picture of its state
    drawn with the players' names (what Jupyter shows for a
    :class:`~bugami.record.Record`).

    >>> import bugami
    >>> from bugami.record import Record
    >>> record = Record(state=bugami.deal(bugami.Rules(), seed=5), event="Club night")
    >>> "Club night" in record_html(record), "<svg" in record_html(record)
    (True, True)
    """
    if not isinstance(record, Record):
        raise InvalidInputError(f"record_html draws a Record, not {brief(record)}")
    state = record.state
    names = list(record.seats) if record.seats is not None else None
    tags = [
        (label, value)
        for label, value in (
            ("event", record.event),
            ("site", record.site),
            ("date", record.date),
            ("comment", record.comment),
            *record.extra,
        )
        if value is not None
    ]
    parts = ['<div class="bugami record">']
    if tags:
        parts.append(
            f'<p style="font-family:{_FONT};margin:4px 0">'
            + " · ".join(f"<b>{_esc(label)}</b>: {_esc(value)}" for label, value in tags)
            + "</p>"
        )
    if isinstance(state, (Deal, DealView)):
        parts.append(deal_html(state, names=names))
    elif isinstance(state, (Game, GameView)):
        parts.append(game_html(state, names=names))
    else:
        parts.append(argute_html(state, names=names))
    parts.append("</div>")
    return "".join(parts)


# -- Argute as text ----------------------------------------------------------------


def _argute_values(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) or "-"


def argute_tricks_text(
    tricks: Sequence[ArguteTrick], players: int, names: Sequence[str] | None = None
) -> str:
    """Completed tricks of Argute, one line each: who led, the values in
    order, every seat's count and the winner.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"], dealer=0)
    >>> state = argute.bid(argute.bid(state, 0, 1), 1, 2)
    >>> for value in (5, 4, 5, 3, 1, 0):
    ...     state = argute.play(state, value)
    >>> print(argute_tricks_text(state.tricks, 2))
    trick 1 (led by seat 1): 5 4 5 3 1 0; counts seat 0 7, seat 1 11 -> seat 1
    """
    _tricks("argute_tricks_text", tricks, ArguteTrick)
    players = _players("argute_tricks_text", players)
    _checked_names("argute_tricks_text", names, players)
    who = _names(players, names)
    lines = []
    for number, trick in enumerate(tricks, 1):
        counts = ", ".join(f"{who[seat]} {count}" for seat, count in enumerate(trick.counts))
        lines.append(
            f"trick {number} (led by {who[trick.leader]}): {_argute_values(trick.cards)}; "
            f"counts {counts} -> {who[trick.winner]}"
        )
    return "\n".join(lines)


def _argute_hand_text(
    state: ArguteDeal | ArguteDealView, names: Sequence[str] | None = None
) -> str:
    """A hand of Argute (or one seat's view of it) as a table: what each seat
    was dealt (for a view: what it holds now, ``?`` where it cannot see), its bid (``-`` before it is laid,
    ``hidden`` while a view cannot see it), the tricks it has won and, once
    the hand is over, its points. Completed tricks and the open one follow.
    """
    players = state.rules.players
    who = _names(players, names)
    won = [0] * players
    for trick in state.tricks:
        won[trick.winner] += 1
    points = state.points if isinstance(state, ArguteDealView) else (
        argute_score(state) if state.is_over else None
    )  # fmt: skip
    rows = []
    seen = isinstance(state, ArguteDealView)
    for seat in range(players):
        if isinstance(state, ArguteDealView):
            if seat == state.seat:
                holds = _argute_values(state.hand)
            else:
                holds = f"? ({state.hand_sizes[seat]} cards)"
            laid = state.has_bid[seat]
        else:
            holds = _argute_values(state.dealt_hands[seat])
            laid = state.bids[seat] is not None
        choice = state.bids[seat]
        bid = "-" if not laid else ("hidden" if choice is None else str(choice))
        rows.append(
            [who[seat], holds, bid, str(won[seat]), "" if points is None else str(points[seat])]
        )
    lines = [
        text_table(
            ["seat", "holds" if seen else "dealt", "bid", "tricks", "points"], rows, rule=False
        )
    ]
    if state.tricks:
        lines.append(argute_tricks_text(state.tricks, players, who))
    if state.leader is not None and state.current_trick:
        lines.append(
            f"trick {len(state.tricks) + 1} (led by {who[state.leader]}, in progress): "
            f"{_argute_values(state.current_trick)}"
        )
    return "\n".join(lines)


def _argute_game_text(
    state: ArguteGame | ArguteGameView, names: Sequence[str] | None = None
) -> str:
    """A game of Argute: every finished hand's table with the totals after
    it, the hand in progress, and how the game stands."""
    players = state.rules.players
    who = _names(players, names)
    totals = [0] * players
    blocks = []
    for number, hand in enumerate(state.deals, 1):
        totals = [a + b for a, b in zip(totals, argute_score(hand), strict=True)]
        blocks.append(f"Hand {number} (dealer: {who[hand.dealer]})\n{_argute_hand_text(hand, who)}")
        blocks.append("totals: " + ", ".join(f"{who[s]} {t}" for s, t in enumerate(totals)))
    if state.current is not None:
        blocks.append(
            f"Hand {len(state.deals) + 1} (dealer: {who[state.current.dealer]}, in progress)\n"
            + _argute_hand_text(state.current, who)
        )
        blocks.append("totals: " + ", ".join(f"{who[s]} {t}" for s, t in enumerate(state.totals)))
    else:
        hands = len(state.deals)
        blocks.append(
            f"{who[state.winner]} wins with {max(state.totals)} points "  # type: ignore[index]
            f"after {hands} hand{'s' if hands != 1 else ''}."
        )
    return "\n".join(blocks)


def argute_text(
    state: ArguteDeal | ArguteGame | ArguteDealView | ArguteGameView,
    names: Sequence[str] | None = None,
) -> str:
    """A hand or a game of Argute (or one seat's view of either) as text.

    A hand is a table of what each seat was dealt (for a view: what it holds
    now, ``?`` where it cannot see), its bid (``-`` before it is laid,
    ``hidden`` while a view cannot see it), the tricks it has won and, once the
    hand is over, its points; the completed tricks and the open one follow. A
    game is every finished hand's table with the totals after it, then the
    hand in progress and how the game stands.

    >>> from bugami import argute
    >>> state = argute.deal(argute.Rules(players=2), hands=["001234", "555123"], dealer=0)
    >>> print(argute_text(state))
    seat    dealt        bid  tricks  points
    seat 0  0 0 1 2 3 4  -    0
    seat 1  1 2 3 5 5 5  -    0
    """
    _state("argute_text", state, _ARGUTE_KINDS, _ARGUTE)
    _checked_names("argute_text", names, state.rules.players)
    if isinstance(state, (ArguteGame, ArguteGameView)):
        return _argute_game_text(state, names)
    return _argute_hand_text(state, names)


# Jupyter's pictures of the library's values (see bugami._kernel.display).
_kind: type
for _kind in (Deal, DealView):
    register(_kind, deal_html)
for _kind in (Game, GameView):
    register(_kind, game_html)
for _kind in (ArguteDeal, ArguteDealView, ArguteGame, ArguteGameView):
    register(_kind, argute_html)
register(Record, record_html)
