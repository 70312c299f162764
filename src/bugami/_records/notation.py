"""The text notation of a record, for people.

Tag pairs in the manner of PGN, then one section per deal: its dealer, the
hands as dealt (suits separated by dots, as in PBN), the leftover, the bids,
one line per trick in the order played, and the points. Comments go in braces
after a trick, or on lines of their own that start with ``;``. The docs page
*Records* specifies it in full.

>>> import bugami
>>> state = bugami.deal(bugami.Rules(players=3), seed=1, dealer=0)
>>> print(bugami.dumps(state, format="text"))  # doctest: +NORMALIZE_WHITESPACE
[Game "Bugami"]
[Version "1"]
[Record "deal"]
[Players "3"]
[Jokers "0"]
[ShotgunWedding "no"]
[Target "250"]
<BLANKLINE>
Deal 1, dealer 0
Hands: ...
Leftover: ...
Bids: ? ? ?
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, Final

from bugami._kernel.seeds import Seed
from bugami._records.jsonformat import MAX_CHARS, VERSIONS
from bugami._records.kinds import KINDS_BY_NAME, GameKind, PieceError, first_kind
from bugami._records.sheet import (
    HIDDEN,
    MAX_DEALS,
    BidValue,
    CardValue,
    DealSheet,
    Hidden,
    Place,
    Sheet,
    TrickSheet,
    make_trick_sheet,
)
from bugami.errors import BugamiError, RecordError, brief

# The functions here are the machinery behind bugami.record, not public API.
__all__ = ["MAX_LINE"]

MAX_LINE: Final = 10_000  # documented where bugami.record names it

_TAG: Final = re.compile(r'\[([A-Za-z][A-Za-z0-9_]*)[ \t]+"([^"\\]*(?:\\.[^"\\]*)*)"\][ \t]*\Z')
_DEAL: Final = re.compile(
    r"deal[ \t]+([0-9]{1,5})[ \t]*,[ \t]*dealer[ \t]+([0-9]{1,2})[ \t]*\Z", re.I
)
_TRICK: Final = re.compile(r"\s*([0-9]{1,3})\.")
_SEAT_TAG: Final = re.compile(r"Seat([0-9])\Z")
_TOKEN: Final = re.compile(r"\S+")
_ESCAPED: Final = re.compile(r"\\(.)")
_WHOLE: Final = re.compile(r"[0-9]{1,9}")
_NUMBER: Final = re.compile(r"-?[0-9]{1,9}")
_UNSAFE_IN_TAG: Final = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
"""What a text seed is written in hexadecimal for: control characters and
whatever ``str.splitlines()`` takes for a line break."""
_TRICK_LABELS: Final = tuple(f"{number}. " for number in range(1, 61))
"""How the notation starts the line of each trick."""


# --- writing -----------------------------------------------------------------------


def write_text(sheet: Sheet) -> str:
    """The canonical text of a sheet, ending with a newline."""
    rules = sheet.rules
    game = sheet.game
    tags = [("Game", game.name), ("Version", str(VERSIONS[-1])), ("Record", sheet.kind)]
    if sheet.view is not None:
        tags.append(("View", str(sheet.view)))
    for name, value in (("Event", sheet.event), ("Site", sheet.site), ("Date", sheet.date)):
        if value is not None:
            tags.append((name, value))
    for seat, seat_name in enumerate(sheet.seats or ()):
        tags.append((f"Seat{seat}", seat_name))
    for field, tag, kind in game.rule_fields:
        value = getattr(rules, field)
        tags.append((tag, ("yes" if value else "no") if kind is bool else str(value)))
    if sheet.seed is not None:
        tags.append(("Seed", _seed_text(sheet.seed)))
    if sheet.comment is not None:
        tags.append(("Comment", sheet.comment))
    tags += sheet.extra
    lines = [f'[{name} "{_escape(value)}"]' for name, value in tags]
    for number, deal in enumerate(sheet.deals, 1):
        lines += ["", *_deal_lines(game, deal, number, rules)]
    if sheet.kind == "game":
        lines.append("")
        if sheet.totals is not None:
            lines.append("Totals: " + " ".join(map(str, sheet.totals)))
        if sheet.winner is not None:
            lines.append(f"Winner: {sheet.winner}")
    return "\n".join(lines) + "\n"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _seed_text(seed: Seed) -> str:
    if isinstance(seed, int):
        return f"int:{seed}"
    if isinstance(seed, str):
        if _UNSAFE_IN_TAG.search(seed):
            return f"str-hex:{seed.encode('utf-8').hex()}"
        return f"str:{seed}"
    return f"bytes:{seed.hex()}"


def _deal_lines(game: GameKind, deal: DealSheet, number: int, rules: Any) -> list[str]:
    lines = [
        f"Deal {number}, dealer {deal.dealer}",
        "Hands: "
        + " ".join("?" if hand is None else game.hand_text(hand, rules) for hand in deal.hands),
    ]
    if game.has_leftover:
        lines.append("Leftover: " + _leftover_text(game, deal.leftover))
    lines.append("Bids: " + " ".join(_bid_text(game, choice) for choice in deal.bids))
    for index, trick in enumerate((*deal.tricks, *([deal.current] if deal.current else [])), 1):
        line = f"{index}. " + " ".join(map(game.card_text, trick.cards))
        if trick.comment is not None:
            line += f" {{{trick.comment}}}"
        lines.append(line)
    if deal.points is not None:
        lines.append("Points: " + " ".join(map(str, deal.points)))
    return lines


def _leftover_text(game: GameKind, leftover: tuple[CardValue, ...] | None) -> str:
    if leftover is None:
        return "?"
    return " ".join(map(game.card_text, leftover)) or "-"


def _bid_text(game: GameKind, choice: BidValue | Hidden | None) -> str:
    if choice is None:
        return "?"
    return "*" if choice is HIDDEN else game.bid_text(choice)


# --- reading -----------------------------------------------------------------------


class TextLocator:
    """Positions of the parts of a text record, for messages."""

    def __init__(self, first_line: int) -> None:
        self.places: dict[Place, tuple[int, int]] = {}
        # Lines of tokens (the bids, a trick's cards) by the place of the line,
        # whose token ``n`` is at ``(*place, n)``: (line, text, its column).
        self.token_lines: dict[Place, tuple[int, str, int]] = {}
        self.first_line = first_line
        self.last_line = first_line

    def mark(self, place: Place, line: int, column: int = 1) -> None:
        """Note where a place is; the first note counts."""
        self.places.setdefault(place, (line, column))

    def mark_tokens(self, place: Place, line: int, text: str, column: int) -> None:
        """Note where the tokens of ``text``, which starts at ``column``, are:
        their columns are only worked out for a message."""
        self.token_lines[place] = (line, text, column)

    def __call__(self, place: Place) -> str:
        while place:
            position = self.places.get(place) or self._on_token_line(place)
            if position is not None:
                line, column = position
                return f"line {line}, column {column}"
            place = place[:-1] if len(place) > 2 else ()
        return f"line {self.last_line}"

    def _on_token_line(self, place: Place) -> tuple[int, int] | None:
        """Where a place on a line of tokens is: a token, or a trick's line.
        Any trick's line may turn out to be the open trick: ``("current",
        deal, card)`` is on the deal's last trick line that has the card."""
        if place[0] == "trick" and place in self.token_lines:
            return self.token_lines[place][0], 1
        if place[0] == "current":
            trick = ("trick", place[1])
            lines = [line for key, line in reversed(self.token_lines.items()) if key[:2] == trick]
            if len(place) == 2:
                return (lines[0][0], 1) if lines else None
            if len(place) > 3:
                return None
        else:
            lines = [self.token_lines[place[:-1]]] if place[:-1] in self.token_lines else []
        token = place[-1]
        for line, text, column in lines:
            columns = _columns(text, column)
            if isinstance(token, int) and 0 <= token < len(columns):
                return line, columns[token]
        return None


def _columns(text: str, column: int) -> list[int]:
    """The columns where the tokens of ``text``, which starts at ``column``, start."""
    return [column + token.start() for token in _TOKEN.finditer(text)]


def read_text(text: str, first_line: int = 1) -> tuple[Sheet, TextLocator]:
    """Parse a text record (not yet replayed); ``first_line`` numbers its first
    line, for records read from the middle of a file."""
    if len(text) > MAX_CHARS:
        raise RecordError(f"the record is longer than {MAX_CHARS} characters")
    parser = _Parser(text, first_line)
    return parser.sheet(), parser.locate


class _Parser:
    def __init__(self, text: str, first_line: int) -> None:
        self.lines = text.split("\n")
        self.first = first_line
        self.at = 0  # index of the next line
        self.locate = TextLocator(first_line)
        self.game: GameKind = first_kind()
        self.locate.last_line = first_line + len(self.lines) - 1
        if max(map(len, self.lines)) > MAX_LINE:
            index = next(index for index, line in enumerate(self.lines) if len(line) > MAX_LINE)
            raise RecordError(f"line {first_line + index}: longer than {MAX_LINE} characters")
        # The indices of the lines that are not blank or a ";" comment, and
        # which of them is the next line.
        self.content = [
            index
            for index, line in enumerate(self.lines)
            if (stripped := line.strip()) and stripped[0] != ";"
        ]
        self.next_content = 0

    # -- lines --

    def fail(self, message: str, column: int = 1, line: int | None = None) -> RecordError:
        number = self.first + (self.at - 1 if line is None else line)
        return RecordError(f"line {number}, column {column}: {message}")

    def next_line(self) -> str | None:
        """The next line that is not blank or a ``;`` comment, or ``None``."""
        if self.next_content == len(self.content):
            self.at = len(self.lines)
            return None
        self.at = self.content[self.next_content] + 1
        self.next_content += 1
        return self.lines[self.at - 1].rstrip("\r")

    def peek(self) -> str | None:
        if self.next_content == len(self.content):
            return None
        return self.lines[self.content[self.next_content]].rstrip("\r")

    def line_number(self) -> int:
        return self.first + self.at - 1

    # -- the record --

    def sheet(self) -> Sheet:
        tags = self.tags()
        rules = self.rules(tags)
        kind, tag_line = tags.pop("Record")
        if kind not in ("deal", "game"):
            raise self.fail(f'[Record] is "deal" or "game", not {kind!r}', line=tag_line)
        seed = self.seed(tags.pop("Seed", None))
        seat = self.view(tags.pop("View", None), rules.players)
        seats = self.seats(tags, rules.players)
        named = {name: tags.pop(name)[0] if name in tags else None
                 for name in ("Event", "Site", "Date", "Comment")}  # fmt: skip
        extra = tuple((name, value) for name, (value, _) in tags.items())
        deals: list[DealSheet] = []
        while (line := self.peek()) is not None and _DEAL.match(line.strip()):
            if len(deals) == MAX_DEALS:
                raise self.fail(f"more than {MAX_DEALS} deals", line=self.at)
            deals.append(self.deal(len(deals), rules))
        self.locate.mark(("deals",), self.line_number() + 1)
        totals = winner = None
        line = self.next_line()
        if line is not None and line.strip().lower().startswith("totals:"):
            self.locate.mark(("totals",), self.line_number())
            totals = self.numbers(line, "totals:", rules.players)
            line = self.next_line()
        if line is not None and line.strip().lower().startswith("winner:"):
            self.locate.mark(("winner",), self.line_number())
            (winner,) = self.numbers(line, "winner:", 1)
            line = self.next_line()
        if line is not None:
            expected = "a deal section" if not deals else "the next deal, the totals or the end"
            raise self.fail(f"expected {expected}, not {line.strip()[:40]!r}")
        return Sheet(
            kind=kind,  # type: ignore[arg-type]
            rules=rules, seed=seed, deals=tuple(deals), totals=totals, winner=winner, view=seat,
            event=named["Event"], site=named["Site"], date=named["Date"], seats=seats,
            comment=named["Comment"], extra=extra, game=self.game,
        )  # fmt: skip

    def tags(self) -> dict[str, tuple[str, int]]:
        tags: dict[str, tuple[str, int]] = {}
        content, lines = self.content, self.lines
        # Each next line that starts with "[" (no such line is blank), read as
        # next_line() would read it.
        while self.next_content < len(content) and (
            (line := lines[content[self.next_content]].strip())[0] == "["
        ):
            self.at = content[self.next_content] + 1
            self.next_content += 1
            match = _TAG.match(line)
            if match is None:
                raise self.fail(f'a tag is written [Name "value"], not {line[:40]!r}')
            name, value = match.groups()
            if "\\" in value:
                value = _ESCAPED.sub(r"\1", value)
            if name in tags:
                raise self.fail(f"the tag [{name}] appears twice")
            tags[name] = (value, self.at - 1)
        self.locate.mark(("tags",), self.first)
        game = tags.get("Game", ("", 0))[0]
        if game not in KINDS_BY_NAME:
            raise RecordError(
                f"line {self.first}: this is not a Bugami record (it needs the tag "
                f'[Game "Bugami"] or [Game "Argute"]{f", not {game!r}" if game else ""})'
            )
        self.game = KINDS_BY_NAME[game]
        version = tags.get("Version", ("", 0))[0]
        if version not in {str(v) for v in VERSIONS}:
            readable = ", ".join(map(str, VERSIONS))
            raise RecordError(
                f"line {self.first + tags.get('Version', ('', 0))[1]}: version {version!r} "
                f"of the record format is not known; this library reads version "
                f"{readable}"
            )
        for name in ("Record", *(tag for _, tag, _ in self.game.rule_fields)):
            if name not in tags:
                raise RecordError(f"line {self.first}: the tag [{name}] is missing")
        del tags["Game"], tags["Version"]
        return tags

    def rules(self, tags: dict[str, tuple[str, int]]) -> Any:
        values: dict[str, object] = {}
        line = 0
        for field, name, kind in self.game.rule_fields:
            text, line = tags.pop(name)
            if kind is bool:
                if text not in ("yes", "no"):
                    raise self.fail(f'[{name}] is "yes" or "no", not {text!r}', line=line)
                values[field] = text == "yes"
            elif not _WHOLE.fullmatch(text):
                raise self.fail(f"[{name}] must be a whole number, not {text!r}", line=line)
            else:
                values[field] = int(text)
        try:
            return self.game.make_rules(values)
        except BugamiError as error:
            raise self.fail(str(error), line=line) from None

    def seed(self, tag: tuple[str, int] | None) -> Seed | None:
        if tag is None:
            return None
        text, line = tag
        self.locate.mark(("seed",), self.first + line)
        kind, _, value = text.partition(":")
        if kind == "int" and re.fullmatch(r"-?[0-9]{1,4000}", value):
            return int(value)
        if kind == "str":
            return value
        hexadecimal = re.fullmatch(r"(?:[0-9a-f]{2}){0,4096}", value)
        if kind == "bytes" and hexadecimal:
            return bytes.fromhex(value)
        if kind == "str-hex" and hexadecimal:
            try:
                return bytes.fromhex(value).decode("utf-8")
            except UnicodeDecodeError:
                pass
        raise self.fail(
            f'[Seed] is "int:DIGITS", "str:TEXT", "str-hex:HEX" or "bytes:HEX", not {text[:40]!r}',
            line=line,
        )

    def view(self, tag: tuple[str, int] | None, players: int) -> int | None:
        if tag is None:
            return None
        text, line = tag
        self.locate.mark(("view",), self.first + line)
        if not re.fullmatch(r"[0-9]", text) or int(text) >= players:
            raise self.fail(f"[View] is a seat from 0 to {players - 1}, not {text!r}", line=line)
        return int(text)

    def seats(self, tags: dict[str, tuple[str, int]], players: int) -> tuple[str, ...] | None:
        names = {}
        for name in [name for name in tags if _SEAT_TAG.match(name)]:
            names[int(name[4:])] = tags.pop(name)
        if not names:
            return None
        if sorted(names) != list(range(players)):
            line = min(line for _, line in names.values())
            raise self.fail(f"give a [SeatN] name for every seat 0 to {players - 1}", line=line)
        return tuple(names[seat][0] for seat in range(players))

    def deal(self, number: int, rules: Any) -> DealSheet:
        players = rules.players
        header = self.next_line()
        assert header is not None
        match = _DEAL.match(header.strip())
        assert match is not None
        self.locate.mark(("deal", number), self.line_number())
        self.locate.mark(("dealer", number), self.line_number(), header.lower().index("dealer") + 1)
        if int(match.group(1)) != number + 1:
            raise self.fail(f"expected deal {number + 1} here, not deal {match.group(1)}")
        dealer = int(match.group(2))
        if dealer >= players:
            raise self.fail(f"the dealer is a seat from 0 to {players - 1}, not {brief(dealer)}")
        hands = self.hands(number, rules)
        leftover = self.leftover(number) if self.game.has_leftover else None
        bids = self.bids(number, players)
        tricks = self.tricks(number, rules)
        current = None
        if tricks and len(tricks[-1].cards) < self.game.trick_size(rules, len(tricks) - 1):
            current = tricks.pop()
            if current.comment is not None:
                raise self.fail("only a completed trick can have a comment", line=self.at - 1)
        points = None
        if (line := self.peek()) is not None and line.strip().lower().startswith("points:"):
            self.next_line()
            self.locate.mark(("points", number), self.line_number())
            points = self.numbers(line, "points:", players)
        return DealSheet(dealer, hands, leftover, bids, tuple(tricks), current, points)

    def labelled(self, label: str, place: Place) -> tuple[str, int]:
        """The next line, which must start with ``label``; its text after the
        label and the column where that text starts."""
        line = self.next_line()
        if line is None or not line.strip().lower().startswith(label):
            found = "the end" if line is None else repr(line.strip()[:40])
            raise self.fail(f"expected a line starting {label.capitalize()!r}, not {found}")
        self.locate.mark(place, self.line_number())
        start = line.lower().index(label) + len(label)
        return line[start:], start + 1

    def tokens(self, text: str, column: int) -> Iterator[tuple[str, int]]:
        for match in _TOKEN.finditer(text):
            yield match.group(), column + match.start()

    def hands(self, number: int, rules: Any) -> tuple[tuple[CardValue, ...] | None, ...]:
        text, column = self.labelled("hands:", ("hands", number))
        try:  # fast path: the columns are only needed for a message
            hands = [
                None if token == "?" else self.game.read_hand(token, rules)
                for token in text.split()
            ]
        except PieceError:
            hands = [
                None if token == "?" else self.hand(token, start, rules)
                for token, start in self.tokens(text, column)
            ]
        if len(hands) != rules.players:
            raise self.fail(f"expected {rules.players} hands, one per seat, not {len(hands)}")
        return tuple(hands)

    def hand(self, text: str, column: int, rules: Any) -> tuple[CardValue, ...]:
        try:
            hand: tuple[CardValue, ...] = self.game.read_hand(text, rules)
        except PieceError as fault:
            raise self.fail(fault.message, column + fault.offset) from None
        return hand

    def leftover(self, number: int) -> tuple[CardValue, ...] | None:
        text, column = self.labelled("leftover:", ("leftover", number))
        if text.strip() == "-":
            return ()
        if text.strip() == "?":
            return None
        return self.cards(text, column)

    def cards(self, text: str, column: int) -> tuple[CardValue, ...]:
        """The cards written in ``text``, which starts at ``column``."""
        cards: tuple[CardValue, ...] | None = self.game.read_cards(text.split())
        if cards is None:  # not all written the usual way: one by one, for the message
            cards = tuple(self.card(token, start) for token, start in self.tokens(text, column))
        return cards

    def card(self, token: str, column: int) -> CardValue:
        try:
            card: CardValue = self.game.read_card(token)
        except PieceError as fault:
            raise self.fail(fault.message, column) from None
        return card

    def bids(self, number: int, players: int) -> tuple[BidValue | Hidden | None, ...]:
        text, column = self.labelled("bids:", ("bids", number))
        self.locate.mark_tokens(("bid", number), self.line_number(), text, column)
        fast: tuple[BidValue, ...] | None = self.game.read_bids(text.split())
        if fast is not None and len(fast) == players:
            return fast
        # Not all made and written the usual way: one by one, for the message.
        bids: list[BidValue | Hidden | None] = []
        for seat, token in enumerate(text.split()):
            if token in ("?", "*"):
                bids.append(None if token == "?" else HIDDEN)
                continue
            try:
                bids.append(self.game.read_bid(token))
            except PieceError:
                raise self.fail(
                    f"a bid is {self.game.bid_help}, ? (not yet made) or * (hidden), not {token!r}",
                    _columns(text, column)[seat],
                ) from None
        if len(bids) != players:
            raise self.fail(f"expected {players} bids, one per seat, not {len(bids)}", column)
        return tuple(bids)

    def tricks(self, number: int, rules: Any) -> list[TrickSheet]:
        """The lines of deal ``number``'s tricks, the open one included."""
        tricks = self.usual_tricks(number, rules)
        # From the first line that is not as the notation writes it (if any):
        # line by line, checked.
        while (line := self.peek()) is not None and (match := _TRICK.match(line)):
            self.next_line()
            tricks.append(self.trick(line, match, number, len(tricks), rules))
        return tricks

    def usual_tricks(self, number: int, rules: Any) -> list[TrickSheet]:
        """The first tricks of deal ``number`` that are written as the notation
        writes them -- "N. " then the cards, no comment -- which need none of
        the checks of :meth:`trick` but the number of cards."""
        content, token_lines = self.content, self.locate.token_lines
        card = self.game.card_by_text.__getitem__
        sizes = self.game.trick_sizes(rules, len(_TRICK_LABELS))
        tricks: list[TrickSheet] = []
        next_content = self.next_content
        for index, label in enumerate(_TRICK_LABELS):
            if next_content == len(content):
                break
            at = content[next_content]
            line = self.lines[at].rstrip("\r")
            if not line.startswith(label) or "{" in line:
                break
            rest = line[len(label) - 1 :]
            try:
                cards = tuple(map(card, rest.split()))
            except KeyError:
                break
            if not 0 < len(cards) <= sizes[index]:
                break
            token_lines[("trick", number, index)] = (self.first + at, rest, len(label))
            tricks.append(make_trick_sheet(None, cards, None, None))
            next_content += 1
        if tricks:  # where next_line() would have left things
            self.next_content = next_content
            self.at = content[next_content - 1] + 1
        return tricks

    def trick(
        self, line: str, match: re.Match[str], number: int, index: int, rules: Any
    ) -> TrickSheet:
        """The trick on ``line``, just read, whose number ``match`` found."""
        if int(match.group(1)) != index + 1:
            raise self.fail(f"expected trick {index + 1} here, not trick {match.group(1)}")
        rest = line[match.end() :]
        column = match.end() + 1
        comment = None
        if "{" in rest:
            rest, _, tail = rest.partition("{")
            comment, closing, after = tail.partition("}")
            if not closing or after.strip() or "{" in comment:
                raise self.fail(
                    "a comment is {text} at the end of a trick's line", column + len(rest)
                )
        self.locate.mark_tokens(("trick", number, index), self.line_number(), rest, column)
        cards = self.cards(rest, column)
        most = self.game.trick_size(rules, index)
        if not 0 < len(cards) <= most:
            raise self.fail(f"a trick holds 1 to {most} cards, not {len(cards)}")
        return TrickSheet(None, cards, None, comment)

    def numbers(self, line: str, label: str, count: int) -> tuple[int, ...]:
        start = line.lower().index(label) + len(label)
        tokens = line[start:].split()
        if len(tokens) != count or not all(map(_NUMBER.fullmatch, tokens)):
            what = "a seat" if count == 1 else f"{count} whole numbers"
            raise self.fail(f"expected {what} after {label.capitalize()!r}", start + 1)
        return tuple(map(int, tokens))


def split_records(lines: Iterable[str], first: int = 1) -> Iterator[tuple[str, int]]:
    """Split a stream of text lines holding records one after another into
    ``(record text, number of its first line)`` pairs, without reading ahead
    more than one record; ``first`` is the number of the first line.

    Blank lines between records are counted, not kept, and a record is
    refused (:class:`~bugami.RecordError`) as soon as it grows longer than
    :data:`~bugami.record.MAX_CHARS` characters or has a line longer than
    :data:`MAX_LINE`: what is held at any time is bounded by those limits.
    """
    current: list[str] = []
    size = 0
    start = first
    in_body = False
    blanks = 0  # blank lines since the last line kept, kept only if more follows
    for number, line in enumerate(lines, first):
        stripped = line.strip()
        if not stripped:
            blanks += 1
            continue
        if len(line) > MAX_LINE and len(line.rstrip("\n")) > MAX_LINE:
            raise RecordError(f"line {number}: longer than {MAX_LINE} characters")
        if stripped[0] == "[" and in_body:
            yield "".join(current), start
            current, size, in_body = [], 0, False
        if not current:
            start = number
        elif blanks:
            size += blanks
            if size <= MAX_CHARS:
                current.append("\n" * blanks)
        blanks = 0
        size += len(line) + (not line.endswith("\n"))
        if size > MAX_CHARS:
            raise RecordError(
                f"line {number}: the record that starts on line {start} is longer than "
                f"{MAX_CHARS} characters"
            )
        current.append(line if line.endswith("\n") else line + "\n")
        if stripped[0] not in "[;":
            in_body = True
    if current:
        yield "".join(current), start
