"""The example web app (examples/webapp), without a browser: its HTTP and
WebSocket API through Starlette's test client. Whole games of both kinds are
played through it, and every message is checked for leaks
(:class:`webapp_support.LeakCheck`). The page itself is driven in a real
browser by ``test_webapp_browser.py``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from webapp_support import LeakCheck, load_app_module

webapp = load_app_module()

try:
    from starlette.testclient import TestClient
except (ImportError, RuntimeError) as missing:  # RuntimeError: no HTTP client for it
    pytest.skip(f"Starlette's test client cannot run: {missing}", allow_module_level=True)


@pytest.fixture
def client() -> Iterator[Any]:
    with TestClient(webapp.create_app()) as client:
        yield client


def _new(client: Any, **body: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    return created


@pytest.mark.parametrize(
    ("game", "players", "target"), [("bugami", 4, 120), ("bugami", 3, 60), ("argute", 3, 1)]
)
def test_games_over_http(client: Any, game: str, players: int, target: int) -> None:
    """A game to its end (or, as Argute's totals may sink for long, its fourth hand)."""
    created = _new(client, game=game, players=players, target=target, seed=5, bots="random")
    table, seat = created["table"], created["seat"]
    messages = [created]
    rng = random.Random(1)
    view = created["view"]
    while view["current"] is not None and view["deals_played"] < 4:
        actions = view["current"]["legal_actions"]
        assert actions, "the server returns when the player is to act, or at the end"
        response = client.post(f"/api/tables/{table}/actions", json=rng.choice(actions))
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
            "message": "you play seat 0, not seat 2: act for your own seat",
        }
        socket.send_json(["0 play AS"])
        received.append(socket.receive_json())
        assert received[-1]["message"] == 'send {"action": {...}}'
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
    assert client.post("/api/tables", content=b"{nope").json() == {"error": "the body must be JSON"}
    assert client.get("/api/tables/nothing").status_code == 404
    assert client.post("/api/tables/nothing/actions", json={}).status_code == 404
    table = _new(client, game="argute", seed=2)["table"]
    shown = client.get(f"/api/tables/{table}").json()
    assert shown["seat"] == 0
    assert shown["view"]["game"] == "argute"
    refused = client.post(f"/api/tables/{table}/actions", json={"type": "bid", "seat": 0, "bid": 9})
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "9 is not a bid: a bid is a number of tricks from 0 to 3, as an int or its text"
    }
    with client.websocket_connect("/ws/nothing") as socket:
        assert socket.receive_json() == {"type": "error", "message": "no such table"}


def test_the_server_keeps_a_bounded_number_of_tables() -> None:
    with TestClient(webapp.create_app(tables=2)) as client:
        first = _new(client, seed=1)["table"]
        for seed in (2, 3):
            _new(client, seed=seed)
        assert client.get(f"/api/tables/{first}").status_code == 404
        assert len(client.app.state.tables) == 2


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
