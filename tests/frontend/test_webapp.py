"""The example web app (examples/webapp), without a browser: its HTTP and
WebSocket API through Starlette's test client. Whole games of both kinds are
played through it, and every message is checked for leaks
(:class:`webapp_support.LeakCheck`). Then the app as a hostile client finds
it: tables that are not one's own, too many tables, tables left alone, and
every kind of bad body and WebSocket message. The page itself is driven in a
real browser by ``test_webapp_browser.py``."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from collections.abc import Iterator
from typing import Any

import pytest

from webapp_support import LeakCheck, load_app_module

webapp = load_app_module()

try:
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect
except (ImportError, RuntimeError) as missing:  # RuntimeError: no HTTP client for it
    pytest.skip(f"Starlette's test client cannot run: {missing}", allow_module_level=True)

json_text = json.dumps


@pytest.fixture
def client() -> Iterator[Any]:
    with TestClient(webapp.create_app()) as client:
        yield client


def _new(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


def _owner(created: dict[str, Any]) -> dict[str, str]:
    """The headers that show a table is one's own."""
    return {"Authorization": f"Bearer {created['token']}"}


@pytest.mark.parametrize(
    ("game", "players", "target"), [("bugami", 4, 120), ("bugami", 3, 60), ("argute", 3, 1)]
)
def test_games_over_http(client: Any, game: str, players: int, target: int) -> None:
    """A game to its end (or, as Argute's totals may sink for long, its fourth hand)."""
    created = _new(client, game=game, players=players, target=target, seed=5, bots="random")
    table, seat = created["table"], created["seat"]
    owner = _owner(created)
    messages = [created]
    rng = random.Random(1)
    view = created["view"]
    while view["current"] is not None and view["deals_played"] < 4:
        actions = view["current"]["legal_actions"]
        assert actions, "the server returns when the player is to act, or at the end"
        response = client.post(
            f"/api/tables/{table}/actions", json=rng.choice(actions), headers=owner
        )
        assert response.status_code == 200, response.text
        messages.append(response.json())
        view = messages[-1]["view"]
    game_state = client.app.state.tables[table].state
    assert view["is_over"] == game_state.is_over == (view["winner"] is not None)
    check = LeakCheck(game_state, seat)
    for message in messages:
        check.message(message)
    assert len(view["sheet"]) == len(game_state.deals)
    assert view["totals"] == view["sheet"][-1]["totals"]
    kinds = {event["type"] for message in messages for event in message.get("events", [])}
    expected = {"bid_made", "play_started", "card_played", "trick_won", "deal_scored"}
    expected |= {"game_over"} if game_state.is_over else set()
    assert kinds == expected | ({"deal_started"} if len(game_state.deals) > 1 else set())


def test_a_deal_over_a_websocket(client: Any) -> None:
    created = _new(client, game="bugami", seed=11)
    table = created["table"]
    received = [created]
    with client.websocket_connect(f"/ws/{table}") as socket:
        socket.send_json({"token": created["token"]})
        received.append(socket.receive_json())
        assert received[-1]["type"] == "view"
        socket.send_json({"action": {"type": "bid", "seat": 0, "bid": "M"}})
        received.append(socket.receive_json())
        assert received[-1]["type"] == "update"
        # Wrong seat, a malformed message, a card out of turn or not in hand.
        socket.send_json({"action": {"type": "play", "seat": 2, "card": "AS"}})
        received.append(socket.receive_json())
        assert received[-1] == {
            "type": "error",
            "message": "You play seat 0, not seat 2: act for your own seat",
        }
        socket.send_json(["0 play AS"])
        received.append(socket.receive_json())
        assert received[-1]["message"] == webapp.ASK
        socket.send_json({"action": "0 play 1S"})
        received.append(socket.receive_json())
        assert received[-1]["message"].startswith("'1S' is not a card")
        view = received[2]["view"]
        tried = False
        while view["deals_played"] == 0:
            current = view["current"]
            legal = current["legal_actions"]
            others = sorted(set(current["hand"]) - {action["card"] for action in legal})
            if others and not tried:  # a card we may not play: the reason, and our legal cards
                socket.send_json({"action": {"type": "play", "seat": 0, "card": others[0]}})
                received.append(socket.receive_json())
                assert received[-1]["type"] == "error"
                assert "(legal: " in received[-1]["message"]
                tried = True
            socket.send_json({"action": legal[0]})
            received.append(socket.receive_json())
            view = received[-1]["view"]
        assert tried
    check = LeakCheck(client.app.state.tables[table].state, 0)
    for message in received:
        check.message(message)
    assert check.messages == len(received)


def test_the_page_and_its_files_are_served(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert '<script src="/static/app.js">' in page.text
    for name in ("app.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess"}, 'game is "bugami" or "argute", not \'chess\''),
        ({"game": ["bugami"]}, 'game is "bugami" or "argute", not [\'bugami\']'),
        ({"players": 9}, "players must be an int from 3 to 7, not 9"),
        ({"game": "argute", "players": 1}, "players must be an int from 2 to 7, not 1"),
        ({"players": "4"}, "players must be an int, not '4'"),
        ({"target": 0}, "target must be an int of at least 1, not 0"),
        ({"bots": "oracle"}, "bots are one of random, heuristic, search:16, not 'oracle'"),
        ([1, 2], "the body must be a JSON object"),
    ],
)
def test_bad_tables_are_refused(client: Any, body: Any, message: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json() == {"error": message}


def test_bad_requests(client: Any) -> None:
    assert client.post("/api/tables", content=b"{nope").json() == {
        "error": "the message must be JSON"
    }
    created = _new(client, game="argute", seed=2)
    table = created["table"]
    shown = client.get(f"/api/tables/{table}", headers=_owner(created)).json()
    assert shown["seat"] == 0
    assert shown["view"]["game"] == "argute"
    refused = client.post(
        f"/api/tables/{table}/actions",
        json={"type": "bid", "seat": 0, "bid": 9},
        headers=_owner(created),
    )
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "9 is not a bid: a bid is a number of tricks from 0 to 3, as an int or its text"
    }


# --- whose tables, how many, how long ------------------------------------------------


class Clock:
    """A clock the tests move by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _app(**options: Any) -> Any:
    """The app, a client being told apart by its X-Client header."""
    return webapp.create_app(
        client_of=lambda connection: connection.headers.get("x-client", "-"), **options
    )


def test_a_table_is_only_its_owners(client: Any) -> None:
    """Nobody without the table's token sees it, acts on it, or closes it;
    a wrong token and a table that does not exist get the same answer."""
    created = _new(client, seed=3)
    table = created["table"]
    assert len(created["token"]) >= 32
    assert created["token"] != table
    action = created["view"]["current"]["legal_actions"][0]
    paths = [
        ("GET", f"/api/tables/{table}", None),
        ("POST", f"/api/tables/{table}/actions", action),
        ("DELETE", f"/api/tables/{table}", None),
    ]
    for method, path, body in paths:
        answer = client.request(method, path, json=body)
        assert answer.status_code == 401
        assert "needs its token" in answer.json()["error"]
        for token in ("guessed", created["token"][:-1], f"{created['token']}x", "é"):
            answer = client.request(
                method,
                path,
                json=body,
                headers={"Authorization": f"Bearer {token}".encode("latin-1")},
            )
            assert answer.status_code == 404
            assert answer.json()["error"].startswith("no such table of yours")
        nowhere = client.request(
            method, path.replace(table, "nothing"), json=body, headers=_owner(created)
        )
        assert nowhere.status_code == 404
        assert nowhere.json() == answer.json()
    for token in ("guessed", "é\ud800", None, 5):
        with client.websocket_connect(f"/ws/{table}") as socket:
            socket.send_json({"token": token})
            answer = socket.receive_json()
            assert answer["type"] == "error"
            if isinstance(token, str):  # refused, and the connection closed
                assert answer["message"].startswith("no such table of yours")
                with pytest.raises(WebSocketDisconnect) as closed:
                    socket.receive_json()
                assert closed.value.code == webapp.GONE
            else:  # not a token: asked again
                assert answer["message"] == 'send the table\'s token first: {"token": "..."}'
    # The table is untouched, and its owner still has it.
    assert client.app.state.tables[table].state.current.bids[0] is None
    closed = client.delete(f"/api/tables/{table}", headers=_owner(created))
    assert closed.json() == {"table": table, "closed": True}
    assert client.get(f"/api/tables/{table}", headers=_owner(created)).status_code == 404


def test_a_full_server_refuses_new_tables_and_keeps_the_old() -> None:
    with TestClient(_app(tables=3, per_client=2)) as client:
        made = [_new(client, seed=seed) for seed in (1, 2)]  # one client: two tables
        other = client.post("/api/tables", json={"seed": 3}, headers={"X-Client": "b"}).json()
        refused = client.post("/api/tables", json={}, headers={"X-Client": "c"})
        assert refused.status_code == 503
        assert refused.json()["error"].startswith("the server is full: it keeps at most 3 tables")
        for created in [*made, other]:
            assert (
                client.get(f"/api/tables/{created['table']}", headers=_owner(created)).status_code
                == 200
            )
        # A client's own table closed makes room again.
        client.delete(f"/api/tables/{other['table']}", headers=_owner(other))
        assert client.post("/api/tables", json={}, headers={"X-Client": "c"}).status_code == 200


def test_a_client_keeps_a_bounded_number_of_tables() -> None:
    with TestClient(_app(per_client=2)) as client:
        mine = [_new(client, seed=seed) for seed in (1, 2)]
        refused = client.post("/api/tables", json={"seed": 3})
        assert refused.status_code == 429
        assert refused.json()["error"].startswith("you have 2 tables already")
        # Another client is not refused; and none of the first client's tables is gone.
        assert client.post("/api/tables", json={}, headers={"X-Client": "b"}).status_code == 200
        for created in mine:
            assert (
                client.get(f"/api/tables/{created['table']}", headers=_owner(created)).status_code
                == 200
            )
        client.delete(f"/api/tables/{mine[0]['table']}", headers=_owner(mine[0]))
        assert client.post("/api/tables", json={"seed": 3}).status_code == 200


def test_the_clients_are_told_apart_by_their_address() -> None:
    app = webapp.create_app(per_client=1)
    with TestClient(app) as client:  # its requests come from the host "testclient"
        _new(client)
        assert client.post("/api/tables", json={}).status_code == 429
    with TestClient(app, client=("192.0.2.7", 1234)) as elsewhere:
        assert elsewhere.post("/api/tables", json={}).status_code == 200


def test_tables_left_alone_are_closed() -> None:
    clock = Clock()
    with TestClient(_app(idle_minutes=10, clock=clock, per_client=1)) as client:
        idle = _new(client, seed=1)
        busy = client.post("/api/tables", json={"seed": 2}, headers={"X-Client": "b"}).json()
        for _ in range(3):  # the busy table is touched every 6 minutes; the other never
            clock.now += 6 * 60
            assert (
                client.get(f"/api/tables/{busy['table']}", headers=_owner(busy)).status_code == 200
            )
        gone = client.get(f"/api/tables/{idle['table']}", headers=_owner(idle))
        assert gone.status_code == 404
        assert "a table is closed after 10 minutes without play" in gone.json()["error"]
        assert idle["table"] not in client.app.state.tables
        assert _new(client, seed=3)  # the idle table's client may make another
        # A table is kept while its WebSocket brings actions, and closed when they stop.
        with client.websocket_connect(f"/ws/{busy['table']}") as socket:
            socket.send_json({"token": busy["token"]})
            assert socket.receive_json()["type"] == "view"
            clock.now += 9 * 60
            socket.send_json({"action": busy["view"]["current"]["legal_actions"][0]})
            assert socket.receive_json()["type"] == "update"
            clock.now += 10 * 60 + 1
            socket.send_json({"action": {"type": "bid", "seat": 0, "bid": "M"}})
            assert socket.receive_json()["message"].startswith("no such table of yours")
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == webapp.GONE


# --- bad bodies and messages ---------------------------------------------------------

DEEP = "[" * 5000 + "]" * 5000  # deeper than Python's JSON reader goes
NESTED = {"action": {"type": "play", "seat": 0, "card": [[["QS"]]]}}  # JSON, but too deep
TOO_LONG_INT = '{"action": ' + "7" * 5000 + "}"  # more digits than Python reads


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        (b"{nope", 400, "the message must be JSON"),
        (b"\xff\xfe{}", 400, "the message must be JSON"),
        (DEEP.encode(), 400, "the message is nested too deeply: at most 4 levels"),
        (b'{"a": [[[[1]]]]}', 400, "the message is nested too deeply: at most 4 levels"),
        (TOO_LONG_INT.encode(), 400, "the message must be JSON"),
        (b" " * 20_000, 413, "the body is too long: at most 16384 bytes"),
        (b"[]", 400, "the body must be a JSON object"),
    ],
)
def test_bad_bodies_get_an_error_in_json(
    client: Any, body: bytes, status: int, message: str, caplog: Any
) -> None:
    created = _new(client, seed=1)
    with caplog.at_level(logging.WARNING):
        answer = client.post("/api/tables", content=body)
        assert (answer.status_code, answer.json()) == (status, {"error": message})
        action = client.post(
            f"/api/tables/{created['table']}/actions", content=body, headers=_owner(created)
        )
        expected = "not []" if body == b"[]" else message
        assert action.status_code == status
        assert expected in action.json()["error"]
    assert caplog.records == []


def test_unknown_routes_and_methods_get_an_error_in_json(client: Any) -> None:
    assert client.get("/api/nothing").json() == {"error": "Not Found"}
    wrong = client.put("/api/tables")
    assert (wrong.status_code, wrong.json()) == (405, {"error": "Method Not Allowed"})


def test_bad_messages_are_answered_and_the_connection_kept(client: Any, caplog: Any) -> None:
    """Every bad message gets an error message, and the connection stays:
    the next good action is played."""
    created = _new(client, game="bugami", seed=6)
    bad: list[tuple[Any, str]] = [
        ("{nope", "the message must be JSON"),
        (TOO_LONG_INT, "the message must be JSON"),
        (DEEP, "the message is nested too deeply: at most 4 levels"),
        (b"\x00\x01binary", "send JSON in a text message, not a binary one"),
        ("x" * 20_000, "the message is too long: at most 16384 characters, not 20000"),
        ('"text"', webapp.ASK),
        ("[1]", webapp.ASK),
        ('{"actions": 1}', webapp.ASK),
    ]
    with (
        caplog.at_level(logging.WARNING),
        client.websocket_connect(f"/ws/{created['table']}") as socket,
    ):
        for frame, message in [
            *bad[:5],
            ('{"action": {}}', 'send the table\'s token first: {"token": "..."}'),
        ]:
            (socket.send_bytes if isinstance(frame, bytes) else socket.send_text)(frame)
            assert socket.receive_json() == {"type": "error", "message": message}
        socket.send_json({"token": created["token"]})
        assert socket.receive_json()["type"] == "view"
        for frame, message in [
            *bad,
            (json_text(NESTED), "the message is nested too deeply: at most 4 levels"),
        ]:
            (socket.send_bytes if isinstance(frame, bytes) else socket.send_text)(frame)
            assert socket.receive_json() == {"type": "error", "message": message}
        socket.send_json({"action": {"type": "bid", "seat": 0, "bid": "H"}})
        answer = socket.receive_json()
        assert answer["type"] == "update"
        assert answer["view"]["current"]["bids"][0] == "H"
    assert caplog.records == []


def test_a_fault_of_the_server_is_answered_and_the_connection_kept(
    client: Any, caplog: Any, monkeypatch: Any
) -> None:
    created = _new(client, game="argute", seed=6)
    table = client.app.state.tables[created["table"]]
    original = table.act

    def broken(data: object) -> Any:
        if data == "break":
            raise AssertionError("a bug")
        return original(data)

    monkeypatch.setattr(table, "act", broken)
    with client.websocket_connect(f"/ws/{created['table']}") as socket:
        socket.send_json({"token": created["token"]})
        socket.receive_json()
        socket.send_json({"action": "break"})
        assert socket.receive_json() == {
            "type": "error",
            "message": "the server failed on that message",
        }
        socket.send_json({"action": "0 bid 1"})
        assert socket.receive_json()["type"] == "update"
    assert [record.getMessage() for record in caplog.records] == ["a WebSocket message failed"]


# --- words from the player's point of view ---------------------------------------------


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_a_second_bid_is_refused_in_the_same_words_in_both_games(client: Any, game: str) -> None:
    created = _new(client, game=game, players=3, seed=8)
    bid = created["view"]["current"]["legal_actions"][0]
    owner = _owner(created)
    first = client.post(f"/api/tables/{created['table']}/actions", json=bid, headers=owner).json()
    second = client.post(f"/api/tables/{created['table']}/actions", json=bid, headers=owner)
    to_move = first["view"]["current"]["to_move"]
    mover = "you are" if to_move == 0 else f"Seat {to_move} is"
    assert second.json() == {
        "error": f"You cannot bid {bid['bid']}: bidding is over ({mover} to play)"
    }


def test_the_leak_check_finds_leaks(client: Any) -> None:
    """The check the tests above rely on fails on a message that leaks."""
    created = _new(client, game="bugami", seed=4)
    state = client.app.state.tables[created["table"]].state
    other = str(state.current.hands[1][0])
    forged: list[dict[str, Any]] = [
        {
            "view": {
                **created["view"],
                "current": {**created["view"]["current"], "leftover": [other]},
            }
        },
        {"events": [{"type": "bid_made", "seat": 2, "bid": str(state.current.bids[2])}]},
        {"events": [{"type": "card_played", "seat": 1, "card": other}]},
        {"error": f"seat 1 cannot play 2C: it is not in their hand (legal: {other})"},
    ]
    for message in forged:
        check = LeakCheck(state, 0)
        check.message(created)
        with pytest.raises(AssertionError):
            check.message(message)


def test_a_game_lasts_at_most_max_deals(client: Any, monkeypatch: Any) -> None:
    # a game to a far target kept every deal, and every view sent them all
    monkeypatch.setattr(webapp, "MAX_DEALS", 1)
    created = _new(client, game="bugami", players=3, seed=2, bots="random", target=10**6)
    table = client.app.state.tables[created["table"]]
    url = f"/api/tables/{created['table']}/actions"
    view = created["view"]
    while view["deals_played"] == 0:
        answer = client.post(url, json=view["current"]["legal_actions"][0], headers=_owner(created))
        view = answer.json()["view"]
    refused = client.post(url, json=view["current"]["legal_actions"][0], headers=_owner(created))
    assert refused.status_code == 400
    assert refused.json()["error"].startswith("This game has lasted 1 deals, the most a table")
    assert len(table.state.deals) == 1


def test_bots_null_means_the_default(client: Any) -> None:
    created = _new(client, players=3, seed=1, bots=None)
    assert created["seat"] == 0


@pytest.mark.parametrize("length", [b"\xb2", b"9" * 5000, b"-1", b"1e3"])
def test_a_hostile_content_length_is_refused(length: bytes) -> None:
    # regressions: "²" passed isdigit() and 5,000 digits passed it too, then int() failed (500)
    app = webapp.create_app()
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
        "scheme": "http", "path": "/api/tables", "raw_path": b"/api/tables", "query_string": b"",
        "root_path": "", "headers": [(b"content-length", length)], "client": ("1.2.3.4", 5),
        "server": ("testserver", 80),
    }  # fmt: skip
    asyncio.run(app(scope, receive, send))
    assert sent[0]["status"] == 400
    assert b"Content-Length" in b"".join(m.get("body", b"") for m in sent)
