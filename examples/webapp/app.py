"""Play Bugami or Argute in a web browser against bots: a small ASGI app.

The games live on the server. A browser sees only what its seat may see: the
payload of its view (``view(game, seat).to_dict()``) and the events each
action caused as its seat sees them (``event.seen_by(seat).to_dict()``). It
sends actions as dicts (``{"type": "play", "seat": 0, "card": "QS"}``); the
server checks that the action is for the browser's seat, applies it with
:func:`bugami.step`, lets the bots (:func:`bugami.bots.make_bot`) take every
other seat's turn, and answers with the events and the new view -- or with
the library's error message, which is safe to show because the action names
the browser's own seat.

Run it with::

    pip install -r examples/webapp/requirements.txt
    python examples/webapp/app.py            # then open http://127.0.0.1:8000

The routes:

* ``GET /`` -- the page (``static/index.html`` with its script and style);
* ``POST /api/tables`` -- a new table: ``{"game": "bugami" or "argute",
  "players": 4, "target": 250, "seed": 1, "bots": "heuristic"}`` (every key
  optional); answers ``{"table": id, "seat": 0, "events": [...], "view": {...}}``;
* ``GET /api/tables/{id}`` -- ``{"table", "seat", "view"}``, to reconnect;
* ``POST /api/tables/{id}/actions`` -- an action's dict; answers
  ``{"events": [...], "view": {...}}``, or ``{"error": message}`` (status 400);
* ``WebSocket /ws/{id}`` -- the same over one connection: the server first
  sends ``{"type": "view", "view": {...}}``; each ``{"action": {...}}`` the
  browser sends is answered by ``{"type": "update", "events": [...], "view":
  {...}}`` or ``{"type": "error", "message": ...}``.
"""

from __future__ import annotations

import json
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import bugami
from bugami import argute
from bugami.bots import make_bot
from bugami.errors import brief

__all__ = ["CHROMIUM_ARGS", "MAX_TABLES", "Table", "create_app", "serve_in_thread"]

T = TypeVar("T")
STATIC = Path(__file__).resolve().parent / "static"
GAMES: dict[str, ModuleType] = {"bugami": bugami, "argute": argute}
MAX_TABLES = 200
"""How many tables the server keeps; the oldest is dropped for a new one."""
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


class Table:
    """One game on the server: the whole game state, the seat of the person
    playing, and a bot at every other seat."""

    def __init__(
        self, game: str, players: int, target: int | None, seed: int, bots: str = "heuristic"
    ) -> None:
        if not isinstance(game, str) or game not in GAMES:
            raise bugami.InvalidInputError(f'game is "bugami" or "argute", not {brief(game)}')
        if not isinstance(bots, str) or bots not in BOTS:
            raise bugami.InvalidInputError(f"bots are one of {', '.join(BOTS)}, not {brief(bots)}")
        self.module = GAMES[game]
        rules = (
            self.module.Rules(players=players)
            if target is None
            else self.module.Rules(players=players, target=target)
        )
        self.name = game
        self.seat = 0
        self.state: Any = self.module.new_game(rules, seed=seed)
        self.bots = {
            seat: make_bot(bots, seed=f"{seed}/{seat}", game=game)
            for seat in range(players)
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
        player's seat sees them. Raises the library's error for a bad action
        (its message is safe to show the player: the action names its seat)."""
        with self.lock:
            action = self.module.parse_action(data)
            if action.seat != self.seat:
                raise bugami.IllegalMoveError(
                    f"you play seat {self.seat}, not seat {action.seat}: act for your own seat"
                )
            self.state, events = self.module.step(self.state, action)
            return [event.seen_by(self.seat).to_dict() for event in events] + self._bots_act()

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


def _int(body: Mapping[str, Any], key: str, default: T) -> int | T:
    """The int ``body[key]`` (``default`` when missing or null)."""
    value = body.get(key)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool):
        raise bugami.InvalidInputError(f"{key} must be an int, not {brief(value)}")
    return value


def create_app(tables: int = MAX_TABLES) -> Starlette:
    """The app, keeping at most ``tables`` tables (in ``app.state.tables``)."""
    kept: OrderedDict[str, Table] = OrderedDict()

    def error(message: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def body_of(request: Request) -> Any:
        try:
            return json.loads(await request.body() or b"{}")
        except ValueError:
            raise bugami.InvalidInputError("the body must be JSON") from None

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def new_table(request: Request) -> Response:
        try:
            body = await body_of(request)
            if not isinstance(body, dict):
                raise bugami.InvalidInputError("the body must be a JSON object")
            seed = _int(body, "seed", None)
            table = Table(
                body.get("game", "bugami"),
                _int(body, "players", 4),
                _int(body, "target", None),
                secrets.randbelow(10**9) if seed is None else seed,
                body.get("bots", "heuristic"),
            )
        except bugami.BugamiError as fault:
            return error(str(fault))
        key = secrets.token_urlsafe(9)
        kept[key] = table
        while len(kept) > tables:
            kept.popitem(last=False)
        events = table.start()
        return JSONResponse(
            {"table": key, "seat": table.seat, "events": events, "view": table.view()}
        )

    def table_of(key: str) -> Table | None:
        return kept.get(key)

    async def show_table(request: Request) -> Response:
        table = table_of(request.path_params["table"])
        if table is None:
            return error("no such table", 404)
        return JSONResponse(
            {"table": request.path_params["table"], "seat": table.seat, "view": table.view()}
        )

    async def take_action(request: Request) -> Response:
        table = table_of(request.path_params["table"])
        if table is None:
            return error("no such table", 404)
        try:
            events = table.act(await body_of(request))
        except bugami.BugamiError as fault:
            return error(str(fault))
        return JSONResponse({"events": events, "view": table.view()})

    async def socket(websocket: WebSocket) -> None:
        table = table_of(websocket.path_params["table"])
        await websocket.accept()
        if table is None:
            await websocket.send_json({"type": "error", "message": "no such table"})
            await websocket.close()
            return
        await websocket.send_json({"type": "view", "view": table.view()})
        try:
            while True:
                message = await websocket.receive_json()
                try:
                    if not isinstance(message, dict) or "action" not in message:
                        raise bugami.InvalidInputError('send {"action": {...}}')
                    events = table.act(message["action"])
                except bugami.BugamiError as fault:
                    await websocket.send_json({"type": "error", "message": str(fault)})
                    continue
                await websocket.send_json(
                    {"type": "update", "events": events, "view": table.view()}
                )
        except (WebSocketDisconnect, ValueError):  # gone, or a message that is not JSON
            return

    app = Starlette(
        routes=[
            Route("/", page),
            Route("/api/tables", new_table, methods=["POST"]),
            Route("/api/tables/{table}", show_table),
            Route("/api/tables/{table}/actions", take_action, methods=["POST"]),
            WebSocketRoute("/ws/{table}", socket),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ]
    )
    app.state.tables = kept
    return app


def serve_in_thread(app: Starlette) -> tuple[str, Callable[[], None]]:
    """Serve ``app`` with uvicorn on a free port of 127.0.0.1 in a thread (for
    tests and screenshots): its base URL, and a function that stops it."""
    import time

    import uvicorn

    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", ws="websockets-sansio")
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
