"""Play Bugami or Argute in a web browser against bots: a small ASGI app.

The games live on the server. A browser sees only what its seat may see: the
payload of its view (``view(game, seat).to_dict()``) and the events each
action caused as its seat sees them (``event.seen_by(seat).to_dict()``). It
sends actions as dicts (``{"type": "play", "seat": 0, "card": "QS"}``); the
server checks that the action is for the browser's seat, applies it with
:func:`bugami.step`, lets the bots (:func:`bugami.bots.make_bot`) take every
other seat's turn, and answers with the events and the new view -- or with
the library's error message, worded for the player ("You cannot play 4S: 4H
was led and you must follow hearts"), which is safe to show because the
action names the player's own seat.

Run it with::

    pip install -r examples/webapp/requirements.txt
    python examples/webapp/app.py            # then open http://127.0.0.1:8000

The routes:

* ``GET /`` -- the page (``static/index.html`` with its script and style);
* ``POST /api/tables`` -- a new table: ``{"game": "bugami" or "argute",
  "players": 4, "target": 250, "seed": 1, "bots": "heuristic"}`` (every key
  optional; the rules' keys are the fields the game's rules show to the web
  app, ``Rules.fields("webapp")``); answers ``{"table": id, "token": token, "seat": 0, "events":
  [...], "view": {...}}``;
* ``GET /api/tables/{id}`` -- ``{"table", "seat", "view"}``, to resume;
* ``POST /api/tables/{id}/actions`` -- an action's dict; answers
  ``{"events": [...], "view": {...}}``, or ``{"error": message}`` (status 400);
* ``DELETE /api/tables/{id}`` -- closes the table (``{"table", "closed": true}``);
* ``WebSocket /ws/{id}`` -- the same over one connection: the browser first
  sends ``{"token": token}``, and the server answers ``{"type": "view",
  "view": {...}}``; each ``{"action": {...}}`` the browser sends then is
  answered by ``{"type": "update", "events": [...], "view": {...}}`` or
  ``{"type": "error", "message": ...}``. For a wrong token, or a table that
  is gone, the error message is followed by the close code 4404 (:data:`GONE`).
  Two more messages ask for advice (both computed off the event loop):
  ``{"hint": true}``, on the player's turn, is answered by ``{"type":
  "hint", "hints": [{"action": {...}, "value": points}, ...]}``: every legal
  action, best first, with the player's expected points for the deal
  (:func:`bugami.hint` of the player's view, so nothing hidden is used); and
  ``{"review": n}``, once deal (or hand) ``n`` (from 1) is over, by
  ``{"type": "review", "deal": n, "review": {...}}``: the player's decisions
  in it, valued by :func:`bugami.review` (:meth:`Review.to_dict
  <bugami.analysis.reviews.Review.to_dict>`; it shows only what a record of that
  finished deal shows).

Who may do what:

* A table belongs to the client that made it. Its **token** (unguessable,
  given only in the answer that creates it) is needed for everything else:
  the HTTP routes take it as ``Authorization: Bearer <token>``, the WebSocket
  as its first message. A missing token is answered 401; an unknown table, a
  closed one, and a wrong token alike 404 (a stranger learns nothing about a
  table). There is no spectator's route: the only view of a table is its
  player's, with their hand.
* A **client** is identified by the address its connection comes from
  (``request.client.host``); behind a proxy, pass ``create_app(client_of=...)``
  a function that reads the proxy's header instead. A client keeps at most
  ``per_client`` tables (:data:`MAX_TABLES_PER_CLIENT`); one more is refused
  (429) until it closes one or one expires.
* A table untouched (no request, connection or message with its token) for
  ``idle_minutes`` (:data:`IDLE_MINUTES`) is closed. The server keeps at most
  ``tables`` tables (:data:`MAX_TABLES`): when full it refuses new ones (503)
  and never drops another client's table to make room.
* A game is played for at most :data:`MAX_DEALS` deals (hands): a table's
  memory and each view's size grow with the deals played, and a game to a
  far target (or an Argute game whose totals stay below zero) could go on
  for ever. Past that, the table takes no more actions; open a new one.

Bad input is answered, never fatal: a body or WebSocket message that is not
JSON, too long (over :data:`MAX_MESSAGE` bytes or characters), nested too
deeply, binary, or not an action (or a hint's or review's request, refused
when out of turn or of a deal not over) gets a JSON error (a 4xx status over
HTTP; an ``error`` message over the WebSocket, which stays open).
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import bugami
from bugami import argute
from bugami.bots import make_bot
from bugami.errors import brief

__all__ = [
    "ASK",
    "CHROMIUM_ARGS",
    "GONE",
    "HINT_SAMPLES",
    "IDLE_MINUTES",
    "MAX_DEALS",
    "MAX_MESSAGE",
    "MAX_TABLES",
    "MAX_TABLES_PER_CLIENT",
    "REVIEW_SAMPLES",
    "Table",
    "Tables",
    "create_app",
    "peer_address",
    "serve_in_thread",
]

T = TypeVar("T")
STATIC = Path(__file__).resolve().parent / "static"
GAMES: dict[str, ModuleType] = {"bugami": bugami, "argute": argute}
MAX_TABLES = 200
"""How many tables the server keeps at most; when full, new ones are refused."""
MAX_TABLES_PER_CLIENT = 5
"""How many tables one client keeps at most."""
IDLE_MINUTES = 30.0
"""How long a table is kept without being touched."""
MAX_DEALS = 100
"""How many deals (hands) a table's game may last."""
MAX_MESSAGE = 16_384
"""The longest HTTP body (in bytes) or WebSocket message (in characters)
read; an action takes well under a hundred."""
MAX_DEPTH = 4
"""How deeply a message's JSON may nest (``{"action": {...}}`` is 2 deep)."""
BOTS = ("random", "heuristic", "search:16")
"""The bots a table may be played against (search bots stay small here)."""
CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""How the tests and the screenshot start Debian's Chromium (with Playwright)."""
HINT_SAMPLES = 12
"""Deals consistent with the player's view that value each option of a hint
(well under a second in the pure build)."""
REVIEW_SAMPLES = 8
"""Deals consistent with the player's view per decision of a review."""
ASK = 'send {"action": {...}}, {"hint": true} or {"review": <deal number>}'
"""What a WebSocket message may be, once the token is sent."""
GONE = 4404
"""The WebSocket close code for a table that is not there (or not the client's)."""
log = logging.getLogger("bugami.webapp")


class Table:
    """One game on the server: the whole game state, the seat of the person
    playing, and a bot at every other seat."""

    def __init__(
        self, game: str, options: Mapping[str, Any], seed: int | None, bots: str = "heuristic"
    ) -> None:
        if not isinstance(game, str) or game not in GAMES:
            raise bugami.InvalidInputError(f'game is "bugami" or "argute", not {brief(game)}')
        if not isinstance(bots, str) or bots not in BOTS:
            raise bugami.InvalidInputError(f"bots are one of {', '.join(BOTS)}, not {brief(bots)}")
        self.module = GAMES[game]
        fields = self.module.Rules.fields("webapp")
        given = {field.name: options.get(field.name) for field in fields}
        rules = self.module.Rules(
            **{name: value for name, value in given.items() if value is not None}
        )
        self.name = game
        # The game's seed decides every deal: one the server picks is kept from
        # the client (128 bits, past any search through the seeds for one that
        # deals the client's hand). Hints and reviews are seeded apart, from a
        # seed they may show (a review's to_dict() holds its seed): the game's,
        # if the client chose it, else another secret of their own.
        self.seed: int = secrets.randbits(128) if seed is None else seed
        self.analysis_seed: int | str = secrets.token_hex(16) if seed is None else seed
        self.seat = 0
        self.state: Any = self.module.new_game(rules, seed=self.seed)
        self.bots = {
            seat: make_bot(bots, seed=f"{self.seed}/{seat}", game=game)
            for seat in range(rules.players)
            if seat != self.seat
        }
        self.lock = threading.Lock()

    def view(self) -> dict[str, Any]:
        """The payload of the player's view of the game."""
        payload: dict[str, Any] = self.module.view(self.state, self.seat).to_dict()
        return payload

    def act(self, data: object) -> list[dict[str, Any]]:
        """Apply the player's action (a dict or text), then the bots' until
        the player is to act again or the game is over; the events, as the
        player's seat sees them. Raises the library's error for a bad action,
        its message worded for the player (:func:`bugami.for_player`; it is safe to
        show the player: the action names their seat)."""
        with self.lock:
            if len(self.state.deals) >= MAX_DEALS and not self.state.is_over:
                word = "hands" if self.name == "argute" else "deals"
                raise bugami.InvalidInputError(
                    f"This game has lasted {MAX_DEALS} {word}, the most a table plays: "
                    "open a new table"
                )
            try:
                action = self.module.parse_action(data)
                if action.seat == self.seat:
                    self.state, events = self.module.step(self.state, action)
            except bugami.IllegalMoveError as fault:
                raise bugami.IllegalMoveError(bugami.for_player(fault, self.seat)) from None
            except bugami.InvalidInputError as fault:
                raise bugami.InvalidInputError(bugami.for_player(fault, self.seat)) from None
            if action.seat != self.seat:
                raise bugami.IllegalMoveError(
                    f"You play seat {self.seat}, not seat {action.seat}: act for your own seat"
                )
            return [event.seen_by(self.seat).to_dict() for event in events] + self._bots_act()

    def hint(self) -> dict[str, Any]:
        """The player's options now, best first, with their values: the
        ``hint`` message. Only the player's view is used. Refused (with
        :class:`bugami.InvalidInputError`) when the player has nothing to
        choose."""
        with self.lock:
            seen = self.module.view(self.state, self.seat)
        current = seen.current
        if current is None or not (current.legal_bids() or current.legal_moves()):
            raise bugami.InvalidInputError(
                "It is not your turn: ask for a hint when you have a bid or a card to choose"
            )
        hints = self.module.hint(seen, seed=f"{self.analysis_seed}/hint", samples=HINT_SAMPLES)
        return {"type": "hint", "hints": [each.to_dict() for each in hints]}

    def review(self, number: object) -> dict[str, Any]:
        """The review of the player's decisions in deal ``number`` (from 1),
        which must be over: the ``review`` message."""
        word = "hand" if self.name == "argute" else "deal"
        with self.lock:
            finished = self.state.deals
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise bugami.InvalidInputError(
                f"a review is of a {word} by its number (from 1), not {brief(number)}"
            )
        if number > len(finished):
            over = f"{word}s 1 to {len(finished)} are" if finished else f"no {word} is"
            raise bugami.InvalidInputError(
                f"{word.capitalize()} {number} is not over: only a finished {word} "
                f"is reviewed ({over} over)"
            )
        result = self.module.review(
            finished[number - 1],
            seats=[self.seat],
            seed=f"{self.analysis_seed}/review/{number}",
            samples=REVIEW_SAMPLES,
        )
        return {"type": "review", "deal": number, "review": result.to_dict()}

    def start(self) -> list[dict[str, Any]]:
        """Let the bots make their first moves (their bids); their events."""
        with self.lock:
            return self._bots_act()

    def _bots_act(self) -> list[dict[str, Any]]:
        shown: list[dict[str, Any]] = []
        while (action := self._bot_action()) is not None:
            self.state, events = self.module.step(self.state, action)
            shown += [event.seen_by(self.seat).to_dict() for event in events]
        return shown

    def _bot_action(self) -> Any:
        """The next bot's action, or ``None`` when it is the player's turn
        (or the game is over). Bots bid as soon as a deal is dealt."""
        current = self.state.current
        if current is None:
            return None
        for seat, bot in self.bots.items():
            if current.bids[seat] is None:
                return self.module.BidAction(
                    seat, bot.choose_bid(self.module.view(self.state, seat))
                )
        mover = current.to_move
        if mover is None or mover not in self.bots:
            return None
        card = self.bots[mover].choose_card(self.module.view(self.state, mover))
        return self.module.PlayAction(mover, card)


class _Kept:
    """A table kept: its owner's token and client, and when it was last touched.
    (Not a dataclass: the screenshot loads this file without a module name.)"""

    __slots__ = ("client", "table", "token", "touched")

    def __init__(self, table: Table, token: str, client: str, touched: float) -> None:
        self.table = table
        self.token = token
        self.client = client
        self.touched = touched


class Tables:
    """The tables a server keeps, each with its owner's token and client:
    at most ``limit`` of them, at most ``per_client`` a client, each closed
    once untouched for ``idle_seconds`` by ``clock`` (seconds, such as
    :func:`time.monotonic`). ``tables[id]`` is a table, whatever its token
    (for tests)."""

    def __init__(
        self, limit: int, per_client: int, idle_seconds: float, clock: Callable[[], float]
    ) -> None:
        self.limit = limit
        self.per_client = per_client
        self.idle_seconds = idle_seconds
        self.clock = clock
        self._kept: OrderedDict[str, _Kept] = OrderedDict()  # the least recently touched first
        self._clients: Counter[str] = Counter()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, key: object) -> bool:
        return key in self._kept

    def __getitem__(self, key: str) -> Table:
        return self._kept[key].table

    def _idle(self) -> str:
        return f"a table is closed after {self.idle_seconds / 60:g} minutes without play"

    def _expire(self) -> None:
        deadline = self.clock() - self.idle_seconds
        while self._kept:
            key, kept = next(iter(self._kept.items()))
            if kept.touched > deadline:
                break
            self._drop(key)

    def _drop(self, key: str) -> None:
        kept = self._kept.pop(key)
        self._clients[kept.client] -= 1
        if not self._clients[kept.client]:
            del self._clients[kept.client]

    def make_room(self, client: str) -> None:
        """Close the expired tables, then refuse (Starlette's
        :class:`~starlette.exceptions.HTTPException`) if ``client`` or the
        server has all the tables it may keep."""
        with self._lock:
            self._make_room(client)

    def _make_room(self, client: str) -> None:
        self._expire()
        if self._clients[client] >= self.per_client:
            raise HTTPException(
                429,
                f"you have {self.per_client} tables already, the most one client may keep: "
                f"close one (DELETE /api/tables/<id>) or wait ({self._idle()})",
            )
        if len(self._kept) >= self.limit:
            raise HTTPException(
                503,
                f"the server is full: it keeps at most {self.limit} tables; "
                f"try again in a few minutes ({self._idle()})",
            )

    def add(self, table: Table, client: str) -> tuple[str, str]:
        """Keep ``table`` for ``client``: its id and its token. Refused as by
        :meth:`make_room`."""
        with self._lock:
            self._make_room(client)
            key = secrets.token_urlsafe(9)
            token = secrets.token_urlsafe(24)
            self._kept[key] = _Kept(table, token, client, self.clock())
            self._clients[client] += 1
            return key, token

    def get(self, key: str, token: str | None) -> Table:
        """The table ``key`` if ``token`` is its token (which touches it).
        Raises Starlette's :class:`~starlette.exceptions.HTTPException`: 401
        without a token, 404 for a table not there (closed, expired, never
        made) or not the token's."""
        with self._lock:
            return self._find(key, token).table

    def close(self, key: str, token: str | None) -> None:
        """Close the table ``key`` (its token is needed, as for :meth:`get`)."""
        with self._lock:
            self._find(key, token)
            self._drop(key)

    def _find(self, key: str, token: str | None) -> _Kept:
        if not token:
            raise HTTPException(
                401,
                "this table needs its token (given when it was made): "
                "send the header Authorization: Bearer <token>",
            )
        self._expire()
        kept = self._kept.get(key)
        given = token.encode("utf-8", "backslashreplace")  # any text: "é", even "\ud800"
        if kept is None or not secrets.compare_digest(kept.token.encode(), given):
            raise HTTPException(
                404, f"no such table of yours: it may have been closed ({self._idle()})"
            )
        kept.touched = self.clock()
        self._kept.move_to_end(key)
        return kept


def peer_address(connection: HTTPConnection) -> str:
    """How a client is told from others by default: the address its
    connection comes from."""
    return connection.client.host if connection.client else "unknown"


def _int(body: Mapping[str, Any], key: str, default: T) -> int | T:
    """The int ``body[key]`` (``default`` when missing or null)."""
    value = body.get(key)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool):
        raise bugami.InvalidInputError(f"{key} must be an int, not {brief(value)}")
    return value


def _too_deep(value: object, depth: int = MAX_DEPTH) -> bool:
    """Whether ``value`` (from JSON) nests more than ``depth`` lists or dicts."""
    level: list[object] = [value]
    for _ in range(depth):
        level = [
            item
            for found in level
            if isinstance(found, (list, dict))
            for item in (found.values() if isinstance(found, dict) else found)
        ]
    return any(isinstance(found, (list, dict)) for found in level)


def read_json(data: str | bytes) -> Any:
    """The JSON value of a message, or :class:`bugami.InvalidInputError`
    saying why there is none: too long, not JSON (or a number too long for
    Python to read), nested too deeply."""
    if len(data) > MAX_MESSAGE:
        unit = "bytes" if isinstance(data, bytes) else "characters"
        raise bugami.InvalidInputError(
            f"the message is too long: at most {MAX_MESSAGE} {unit}, not {len(data)}"
        )
    try:
        value = json.loads(data)
    except RecursionError:
        raise bugami.InvalidInputError(
            f"the message is nested too deeply: at most {MAX_DEPTH} levels"
        ) from None
    except ValueError:  # not JSON, not UTF-8, or an int too long to read
        raise bugami.InvalidInputError("the message must be JSON") from None
    if _too_deep(value):
        raise bugami.InvalidInputError(
            f"the message is nested too deeply: at most {MAX_DEPTH} levels"
        )
    return value


def _bearer(connection: HTTPConnection) -> str | None:
    scheme, _, token = connection.headers.get("authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def create_app(
    tables: int = MAX_TABLES,
    *,
    per_client: int = MAX_TABLES_PER_CLIENT,
    idle_minutes: float = IDLE_MINUTES,
    clock: Callable[[], float] = time.monotonic,
    client_of: Callable[[HTTPConnection], str] = peer_address,
) -> Starlette:
    """The app: it keeps at most ``tables`` tables, ``per_client`` a client
    (told apart by ``client_of``), each until it is untouched for
    ``idle_minutes`` by ``clock`` (in ``app.state.tables``, a :class:`Tables`)."""
    kept = Tables(tables, per_client, idle_minutes * 60, clock)

    def error(message: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def body_of(request: Request) -> Any:
        length = request.headers.get("content-length", "0")
        # ASCII digits only, and few ("²".isdigit() is true; int() of 5,000 digits fails)
        if not (length.isascii() and length.isdigit() and len(length) <= 12):
            raise HTTPException(400, "the Content-Length header must be a number of bytes")
        if int(length) > MAX_MESSAGE:
            raise HTTPException(413, f"the body is too long: at most {MAX_MESSAGE} bytes")
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_MESSAGE:
                raise HTTPException(413, f"the body is too long: at most {MAX_MESSAGE} bytes")
        return read_json(body or b"{}")

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def new_table(request: Request) -> Response:
        try:
            body = await body_of(request)
            if not isinstance(body, dict):
                raise bugami.InvalidInputError("the body must be a JSON object")
            client = client_of(request)
            kept.make_room(client)  # before the work of dealing
            seed = _int(body, "seed", None)
            game = body.get("game", "bugami")
            known = isinstance(game, str) and game in GAMES
            fields = GAMES[game].Rules.fields("webapp") if known else ()
            table = Table(
                game,
                {field.name: _int(body, field.name, None) for field in fields},
                seed,
                "heuristic" if body.get("bots") is None else body["bots"],  # null: the default
            )
            key, token = kept.add(table, client)
        except bugami.BugamiError as fault:
            return error(str(fault))
        events = await run_in_threadpool(table.start)  # the bots think off the event loop
        return JSONResponse(
            {
                "table": key,
                "token": token,
                "seat": table.seat,
                "events": events,
                "view": table.view(),
            }
        )

    async def show_table(request: Request) -> Response:
        key = request.path_params["table"]
        table = kept.get(key, _bearer(request))
        return JSONResponse({"table": key, "seat": table.seat, "view": table.view()})

    async def close_table(request: Request) -> Response:
        key = request.path_params["table"]
        kept.close(key, _bearer(request))
        return JSONResponse({"table": key, "closed": True})

    async def take_action(request: Request) -> Response:
        table = kept.get(request.path_params["table"], _bearer(request))
        try:
            events = await run_in_threadpool(table.act, await body_of(request))
        except bugami.BugamiError as fault:
            return error(str(fault))
        return JSONResponse({"events": events, "view": table.view()})

    def respond(table: Table, message: Any) -> dict[str, Any]:
        """The answer to one message of a WebSocket after its token: the one
        place that reads what a browser asks for (run in a worker thread:
        hints and reviews take a while)."""
        if isinstance(message, dict):
            if "action" in message:
                events = table.act(message["action"])
                return {"type": "update", "events": events, "view": table.view()}
            if message.get("hint") is True:
                return table.hint()
            if "review" in message:
                return table.review(message["review"])
        raise bugami.InvalidInputError(ASK)

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()
        key = websocket.path_params["table"]
        token: str | None = None  # until the first message brings it

        async def reply(received: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
            """The answer to a message, and whether to close the connection then."""
            nonlocal token
            try:
                text = received.get("text")
                if text is None:
                    raise bugami.InvalidInputError("send JSON in a text message, not a binary one")
                message = read_json(text)
                if token is not None:
                    table = kept.get(key, token)
                    return await run_in_threadpool(respond, table, message), False
                found = message.get("token") if isinstance(message, dict) else None
                if not isinstance(found, str) or not found:
                    raise bugami.InvalidInputError(
                        'send the table\'s token first: {"token": "..."}'
                    )
                table = kept.get(key, found)
                token = found
                return {"type": "view", "view": table.view()}, False
            except bugami.BugamiError as fault:
                return {"type": "error", "message": str(fault)}, False
            except HTTPException as refused:  # the table is not there, or not the token's
                return {"type": "error", "message": refused.detail}, True
            except Exception:  # a fault of the server's: told, logged, and the connection kept
                log.exception("a WebSocket message failed")
                return {"type": "error", "message": "the server failed on that message"}, False

        while True:
            received = await websocket.receive()
            if received["type"] == "websocket.disconnect":
                return
            answer, end = await reply(received)
            try:
                await websocket.send_json(answer)
                if end:
                    await websocket.close(GONE)
                    return
            except WebSocketDisconnect:  # gone before the answer
                return

    async def http_error(request: Request, fault: Exception) -> Response:
        assert isinstance(fault, HTTPException)
        return error(str(fault.detail), fault.status_code)

    async def server_error(request: Request, fault: Exception) -> Response:
        return error("the server failed on that request", 500)

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/tables/{table}", show_table, methods=["GET"]),
            Route("/api/tables/{table}", close_table, methods=["DELETE"]),
            Route("/api/tables/{table}/actions", take_action, methods=["POST"]),
            WebSocketRoute("/ws/{table}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        exception_handlers={HTTPException: http_error, 500: server_error},
    )
    app.state.tables = kept
    return app


def serve_in_thread(app: Starlette, port: int = 0) -> tuple[str, Callable[[], None]]:
    """Serve ``app`` with uvicorn on ``port`` of 127.0.0.1 (a free one by
    default) in a thread, for tests and screenshots: its base URL, and a
    function that stops it."""
    import uvicorn

    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", ws="websockets-sansio"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.02)
    port = server.servers[0].sockets[0].getsockname()[1]

    def stop() -> None:
        server.should_exit = True
        thread.join(timeout=10)

    return f"http://127.0.0.1:{port}", stop


app = create_app()

if __name__ == "__main__":
    import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=8000, ws="websockets-sansio")
