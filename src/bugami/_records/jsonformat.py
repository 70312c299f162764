"""The JSON form of a record, for machines.

One record is one JSON object on one line, with its keys always in the same
order, so that the same record always gives the same bytes; many records are
written as JSON Lines. The docs page *Records* specifies every field.

>>> import bugami
>>> text = bugami.dumps(bugami.deal(bugami.Rules(players=3), seed=1))
>>> text[:69]
'{"format":"bugami-record","version":1,"game":"bugami","record":"deal"'
"""

from __future__ import annotations

import itertools
import json
import re
import sys
from typing import Any, Final

from bugami._kernel.seeds import Seed
from bugami._records.kinds import KINDS, GameKind, PieceError, first_kind, json_kind
from bugami._records.sheet import (
    HIDDEN,
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
__all__ = ["FORMAT", "MAX_CHARS", "VERSIONS"]

# Documented where bugami.record names them.
FORMAT: Final = "bugami-record"
VERSIONS: Final = (1,)
MAX_CHARS: Final = 4_000_000

# An int seed in canonical decimal, and a bytes seed in lower-case hexadecimal,
# within the limits of bugami.core.dealing (MAX_SEED_DIGITS, MAX_SEED_BYTES).
_INT: Final = re.compile(r"(?:0|-?[1-9][0-9]{0,3999})\Z")
_HEX: Final = re.compile(r"(?:[0-9a-f]{2}){0,4096}\Z")
# In WebAssembly (Pyodide's Python, WASI) the stack runs out and the runtime
# aborts on deeply nested JSON before the parser can raise RecursionError: there,
# records are refused before parsing when arrays and objects nest deeper than
# this (the library's own nest 6 deep). Elsewhere the parser's own
# RecursionError is caught, and its messages give the place of a fault.
_SHALLOW_STACK: Final = sys.platform in ("emscripten", "wasi")
_MAX_NESTING: Final = 32
_OPEN_OR_CLOSE: Final = re.compile(r"[^\[\]{}]+")
_STEP: Final = {"[": 1, "{": 1, "]": -1, "}": -1}
# Characters that str.splitlines() takes for line breaks and JSON may leave
# unescaped: escaped all the same, so that no tool splits a record's line.
_LINE_BREAKS: Final = re.compile(r"[\x85\u2028\u2029]")


# --- writing -----------------------------------------------------------------------


def write_json(sheet: Sheet) -> str:
    """The canonical JSON text of a sheet (one line, no final newline)."""
    game = sheet.game
    document = {
        "format": FORMAT,
        "version": VERSIONS[-1],
        "game": game.key,
        "record": sheet.kind,
        "view": sheet.view,
        "rules": {field: getattr(sheet.rules, field) for field, _, _ in game.rule_fields},
        "tags": {
            "event": sheet.event,
            "site": sheet.site,
            "date": sheet.date,
            "seats": None if sheet.seats is None else list(sheet.seats),
            "comment": sheet.comment,
            "extra": [list(pair) for pair in sheet.extra],
        },
        "seed": _seed_json(sheet.seed),
        "deals": [_deal_json(game, deal) for deal in sheet.deals],
        "totals": None if sheet.totals is None else list(sheet.totals),
        "winner": sheet.winner,
    }
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    if isinstance(sheet.seed, str) and _LINE_BREAKS.search(sheet.seed):
        # Only a seed may hold them: tags and comments cannot.
        text = _LINE_BREAKS.sub(lambda match: f"\\u{ord(match.group()):04x}", text)
    return text


def _seed_json(seed: Seed | None) -> dict[str, str] | None:
    if seed is None:
        return None
    if isinstance(seed, int):
        return {"int": str(seed)}
    if isinstance(seed, str):
        return {"str": seed}
    return {"bytes": seed.hex()}


def _bid_json(game: GameKind, choice: BidValue | Hidden | None) -> object:
    if choice is None:
        return None
    return "*" if choice is HIDDEN else game.bid_json(choice)


def _deal_json(game: GameKind, deal: DealSheet) -> dict[str, Any]:
    def cards(values: tuple[CardValue, ...]) -> list[Any]:
        return [game.card_json(card) for card in values]

    document: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [None if hand is None else cards(hand) for hand in deal.hands],
    }
    if game.has_leftover:
        document["leftover"] = None if deal.leftover is None else cards(deal.leftover)
    document.update(
        bids=[_bid_json(game, choice) for choice in deal.bids],
        tricks=[
            {
                "leader": trick.leader,
                "cards": cards(trick.cards),
                "winner": trick.winner,
                "comment": trick.comment,
            }
            for trick in deal.tricks
        ],
        current_trick=None
        if deal.current is None
        else {"leader": deal.current.leader, "cards": cards(deal.current.cards)},
        points=None if deal.points is None else list(deal.points),
    )
    return document


# --- reading -----------------------------------------------------------------------


def read_json(text: str) -> Sheet:
    """Parse and check the shape of a JSON record (not yet replayed)."""
    if len(text) > MAX_CHARS:
        raise RecordError(f"the record is longer than {MAX_CHARS} characters")
    text = text.lstrip("\ufeff")  # a byte-order mark, as some editors write
    if _SHALLOW_STACK and _too_deep(text):
        raise RecordError("the JSON is nested too deeply to be a record")
    try:
        document = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"line {error.lineno}, column {error.colno}: not valid JSON: {error.msg}"
        ) from None
    except RecursionError:
        raise RecordError("the JSON is nested too deeply to be a record") from None
    except ValueError as error:  # duplicate keys, NaN, huge numbers
        if "integer string conversion" in str(error):  # Python's advice is for programmers
            limit = getattr(sys, "get_int_max_str_digits", lambda: 4300)()
            raise RecordError(
                f"not a valid record: a number has more digits than Python reads ({limit:,})"
            ) from None
        raise RecordError(f"not a valid record: {error}") from None
    return _Reader().sheet(document)


def _too_deep(text: str) -> bool:
    r"""Whether ``text`` nests arrays and objects deeper than a record may, as
    a JSON parser would find them, up to the first thing that is not JSON.
    Inside a string, a quote is escaped when an odd number of backslashes
    comes before it: with the pairs of backslashes taken out, then the escaped
    quotes, every other piece between quotes lies outside the strings.

    >>> _too_deep("[" * 33 + "]" * 33), _too_deep("[" * 32 + "]" * 32)
    (True, False)
    >>> _too_deep('["' + "[" * 40 + '"]'), _too_deep('["\\\\", ' + "[" * 40 + "]")
    (False, True)
    """
    if text.count("[") + text.count("{") <= _MAX_NESTING:
        return False  # too few to nest that deep
    plain = text.replace("\\\\", "").replace('\\"', "")
    brackets = _OPEN_OR_CLOSE.sub("", "".join(plain.split('"')[::2]))
    return max(itertools.accumulate(map(_STEP.__getitem__, brackets))) > _MAX_NESTING


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()  # the first key seen twice, in one pass over the keys
        for name, _ in pairs:
            if name in seen:
                raise ValueError(f"the key {name[:40]!r} appears twice in one object")
            seen.add(name)
    return result


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a record may hold")


def json_locator(place: Place) -> str:
    """The JSON path of a place in a sheet."""
    kind, *rest = place
    if kind in ("seed", "totals", "winner", "deals", "tags", "view", "game"):
        return f"at $.{kind}"
    number = rest[0]
    path = f"$.deals[{number}]"
    if kind == "deal":
        return f"at {path}"
    if kind in ("hands", "dealer", "bids", "points"):
        return f"at {path}.{kind}"
    if kind == "bid":
        return f"at {path}.bids[{rest[1]}]"
    if kind == "trick":
        path += f".tricks[{rest[1]}]"
        return f"at {path}.cards[{rest[2]}]" if len(rest) > 2 else f"at {path}"
    path += ".current_trick"  # kind == "current"
    return f"at {path}.cards[{rest[1]}]" if len(rest) > 1 else f"at {path}"


class _Reader:
    """Checks the shape of a parsed JSON record, field by field, and says
    where a fault lies as a JSON path."""

    game: GameKind

    def sheet(self, document: object) -> Sheet:
        if isinstance(document, dict) and "game" not in document:
            document = {"game": first_kind().key, **document}  # written before games were named
        top = self.fields(document, "$", _TOP_KEYS, check_version=True)
        kind = self.choice(top["record"], "$.record", ("deal", "game"))
        rules = self.rules(top["rules"])
        seat = top["view"]
        tags = self.fields(top["tags"], "$.tags", _TAG_KEYS)
        deals = self.array(top["deals"], "$.deals", 1000)
        players = rules.players
        return Sheet(
            kind=kind,  # type: ignore[arg-type]
            rules=rules,
            seed=self.seed(top["seed"], "$.seed"),
            deals=tuple(self.deal(d, f"$.deals[{i}]", players) for i, d in enumerate(deals)),
            totals=self.ints(top["totals"], "$.totals", players, optional=True),
            winner=self.seat(top["winner"], "$.winner", players, optional=True),
            view=self.seat(seat, "$.view", players),
            event=self.text(tags["event"], "$.tags.event"),
            site=self.text(tags["site"], "$.tags.site"),
            date=self.text(tags["date"], "$.tags.date"),
            seats=self.names(tags["seats"], "$.tags.seats", players),
            comment=self.text(tags["comment"], "$.tags.comment"),
            extra=self.extra(tags["extra"], "$.tags.extra"),
            game=self.game,
        )

    def fields(
        self, value: object, path: str, keys: tuple[str, ...], *, check_version: bool = False
    ) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise RecordError(f"at {path}: expected an object, not {json_kind(value)}")
        if check_version:
            self.header(value)
        if tuple(value) == keys:  # fast path: the keys in the order the format writes them
            return value
        missing = [key for key in keys if key not in value]
        if missing:
            raise RecordError(f"at {path}: the key {missing[0]!r} is missing")
        unknown = [key for key in value if key not in keys]
        if unknown:
            raise RecordError(f"at {path}: unknown key {unknown[0]!r} (expected {', '.join(keys)})")
        return value

    def header(self, value: dict[str, Any]) -> None:
        if value.get("format") != FORMAT:
            raise RecordError(
                f"at $.format: this is not a Bugami record (format {value.get('format')!r}, "
                f"expected {FORMAT!r})"
            )
        version = value.get("version")
        if type(version) is not int or version not in VERSIONS:  # no bool, no 1.0
            readable = ", ".join(map(str, VERSIONS))
            raise RecordError(
                f"at $.version: version {version!r} of the record format is not known; "
                f"this library reads version{'s' if len(VERSIONS) > 1 else ''} {readable}"
            )
        game = value.get("game")
        if not isinstance(game, str) or game not in KINDS:
            raise RecordError(
                f"at $.game: the game is one of {', '.join(map(repr, KINDS))}, not {game!r}"
            )
        self.game = KINDS[game]

    def rules(self, value: object) -> Any:
        spec = self.game.rule_fields
        fields = self.fields(value, "$.rules", tuple(field for field, _, _ in spec))
        for name, _, kind in spec:
            if kind is int:
                self.integer(fields[name], f"$.rules.{name}")
        try:
            return self.game.make_rules(fields)
        except BugamiError as error:
            raise RecordError(f"at $.rules: {error}") from None

    def deal(self, value: object, path: str, players: int) -> DealSheet:
        keys = _DEAL_KEYS if self.game.has_leftover else _DEAL_KEYS_WITHOUT_LEFTOVER
        fields = self.fields(value, path, keys)
        hands = self.array(fields["hands"], f"{path}.hands", players)
        tricks = self.array(fields["tricks"], f"{path}.tricks", 60)
        current = fields["current_trick"]
        return DealSheet(
            dealer=self.seat(fields["dealer"], f"{path}.dealer", players, optional=False),  # type: ignore[arg-type]
            hands=self.hands(hands, path),
            leftover=None
            if fields.get("leftover") is None
            else self.cards(fields["leftover"], f"{path}.leftover"),
            bids=self.bids(self.array(fields["bids"], f"{path}.bids", players), path),
            tricks=self.tricks(tricks, path, players),
            current=None if current is None else self.current(current, path, players),
            points=self.ints(fields["points"], f"{path}.points", players, optional=True),
        )

    def hands(self, values: list[Any], path: str) -> tuple[tuple[CardValue, ...] | None, ...]:
        read = self.game.cards_from_json
        hands = []
        for index, value in enumerate(values):
            # Fast path: an array of cards as the format writes them; else the
            # checked path, for the message and its JSON path.
            fast = read(value) if value.__class__ is list and len(value) <= 60 else None
            if fast is None and value is not None:
                fast = self.cards(value, f"{path}.hands[{index}]")
            hands.append(fast)
        return tuple(hands)

    def tricks(self, values: list[Any], path: str, players: int) -> tuple[TrickSheet, ...]:
        read = self.game.cards_from_json
        tricks = []
        for index, value in enumerate(values):
            # Fast path: a trick with just its four keys, its seats and comment
            # well-formed and its cards written as the format writes them.
            fast = None
            if value.__class__ is dict and len(value) == 4:
                try:
                    leader, cards, winner, comment = (
                        value["leader"], value["cards"], value["winner"], value["comment"]
                    )  # fmt: skip
                except KeyError:
                    pass
                else:
                    if (
                        leader.__class__ is int
                        and 0 <= leader < players
                        and winner.__class__ is int
                        and 0 <= winner < players
                        and (comment is None or comment.__class__ is str)
                        and cards.__class__ is list
                        and len(cards) <= 60
                        and (cards := read(cards)) is not None
                    ):
                        fast = make_trick_sheet(leader, cards, winner, comment)
            # Anything else: the checked path, for the message and its JSON path.
            tricks.append(fast or self.trick(value, f"{path}.tricks[{index}]", players))
        return tuple(tricks)

    def trick(self, value: object, path: str, players: int) -> TrickSheet:
        fields = self.fields(value, path, ("leader", "cards", "winner", "comment"))
        leader, winner, comment = fields["leader"], fields["winner"], fields["comment"]
        if (
            _is_seat(leader, players)
            and _is_seat(winner, players)
            and (comment is None or isinstance(comment, str))
        ):  # fast path: only the cards are left to check
            return TrickSheet(leader, self.cards(fields["cards"], f"{path}.cards"), winner, comment)
        return TrickSheet(  # the fields in order, for the message
            self.seat(fields["leader"], f"{path}.leader", players, optional=False),
            self.cards(fields["cards"], f"{path}.cards"),
            self.seat(fields["winner"], f"{path}.winner", players, optional=False),
            self.text(fields["comment"], f"{path}.comment"),
        )

    def current(self, value: object, path: str, players: int) -> TrickSheet:
        path += ".current_trick"
        fields = self.fields(value, path, ("leader", "cards"))
        return TrickSheet(
            leader=self.seat(fields["leader"], f"{path}.leader", players, optional=False),
            cards=self.cards(fields["cards"], f"{path}.cards"),
        )

    def array(self, value: object, path: str, most: int) -> list[Any]:
        if not isinstance(value, list):
            raise RecordError(f"at {path}: expected an array, not {json_kind(value)}")
        if len(value) > most:
            raise RecordError(f"at {path}: more than {most} entries")
        return value

    def cards(self, value: object, path: str) -> tuple[CardValue, ...]:
        values = self.array(value, path, 60)
        fast: tuple[CardValue, ...] | None = self.game.cards_from_json(values)
        if fast is not None:
            return fast
        cards = []
        for index, card in enumerate(values):
            try:
                cards.append(self.game.card_from_json(card))
            except PieceError as fault:
                raise RecordError(f"at {path}[{index}]: {fault.message}") from None
        return tuple(cards)

    def bids(self, values: list[Any], path: str) -> tuple[BidValue | Hidden | None, ...]:
        fast: tuple[BidValue, ...] | None = self.game.bids_from_json(values)
        if fast is not None:
            return fast
        # Not all made and written the usual way: one by one, for the message.
        return tuple(self.bid(value, f"{path}.bids[{i}]") for i, value in enumerate(values))

    def bid(self, value: object, path: str) -> BidValue | Hidden | None:
        if value is None:
            return None
        if value == "*":
            return HIDDEN
        try:
            choice: BidValue = self.game.bid_from_json(value)
        except PieceError as fault:
            raise RecordError(f"at {path}: {fault.message}") from None
        return choice

    def integer(self, value: object, path: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise RecordError(f"at {path}: expected an integer, not {json_kind(value)}")
        return value

    def seat(self, value: object, path: str, players: int, *, optional: bool = True) -> int | None:
        if value is None and optional:
            return None
        seat = self.integer(value, path)
        if not 0 <= seat < players:
            raise RecordError(f"at {path}: a seat is 0 to {players - 1}, not {brief(seat)}")
        return seat

    def ints(
        self, value: object, path: str, players: int, *, optional: bool
    ) -> tuple[int, ...] | None:
        if value is None and optional:
            return None
        numbers = self.array(value, path, players)
        if len(numbers) != players:
            raise RecordError(f"at {path}: expected {players} numbers, one per seat")
        return tuple(self.integer(n, f"{path}[{i}]") for i, n in enumerate(numbers))

    def choice(self, value: object, path: str, choices: tuple[str, ...]) -> str:
        if value not in choices:
            raise RecordError(f"at {path}: expected one of {', '.join(choices)}, not {value!r}")
        return value

    def text(self, value: object, path: str) -> str | None:
        if value is not None and not isinstance(value, str):
            raise RecordError(f"at {path}: expected a string or null, not {json_kind(value)}")
        return value

    def string(self, value: object, path: str) -> str:
        if not isinstance(value, str):
            raise RecordError(f"at {path}: expected a string, not {json_kind(value)}")
        return value

    def names(self, value: object, path: str, players: int) -> tuple[str, ...] | None:
        if value is None:
            return None
        names = self.array(value, path, players)
        if len(names) != players:
            raise RecordError(f"at {path}: expected {players} names, one per seat")
        return tuple(self.string(n, f"{path}[{i}]") for i, n in enumerate(names))

    def extra(self, value: object, path: str) -> tuple[tuple[str, str], ...]:
        pairs = []
        for index, pair in enumerate(self.array(value, path, 100)):
            where = f"{path}[{index}]"
            if not (isinstance(pair, list) and len(pair) == 2):
                raise RecordError(f"at {where}: expected a [name, value] pair")
            name, text = pair
            if not isinstance(name, str) or not isinstance(text, str):
                raise RecordError(f"at {where}: a tag's name and value are strings")
            pairs.append((name, text))
        return tuple(pairs)

    def seed(self, value: object, path: str) -> Seed | None:
        if value is None:
            return None
        if not isinstance(value, dict) or len(value) != 1:
            raise RecordError(f'at {path}: expected {{"int": …}}, {{"str": …}} or {{"bytes": …}}')
        ((kind, text),) = value.items()
        if not isinstance(text, str):
            raise RecordError(f"at {path}.{kind}: expected a string, not {json_kind(text)}")
        if kind == "int" and _INT.match(text):
            return int(text)
        if kind == "str":
            return text
        if kind == "bytes" and _HEX.match(text):
            return bytes.fromhex(text)
        raise RecordError(f"at {path}: {kind!r} seed {text!r} is not valid")


def _is_seat(value: object, players: int) -> bool:
    """Whether ``value`` is a seat: a fast check before :meth:`_Reader.seat`."""
    return value.__class__ is int and 0 <= value < players


_TOP_KEYS: Final = (
    "format", "version", "game", "record", "view", "rules", "tags", "seed", "deals", "totals", "winner",
)  # fmt: skip
_TAG_KEYS: Final = ("event", "site", "date", "seats", "comment", "extra")
_DEAL_KEYS: Final = (
    "dealer", "hands", "leftover", "bids", "tricks", "current_trick", "points",
)  # fmt: skip
_DEAL_KEYS_WITHOUT_LEFTOVER: Final = tuple(key for key in _DEAL_KEYS if key != "leftover")
