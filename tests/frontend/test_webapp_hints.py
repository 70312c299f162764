"""The example web app's advice, without a browser: hints on the player's
turn and the review of each finished deal, over its WebSocket (Starlette's
test client). A hint ranks exactly the player's legal actions and shows no
card the player cannot see; a review comes only once its deal is over; a
hint or review asked for at the wrong time gets an error message, and the
connection stays. (The page's hint button and review panel are driven in a
real browser by ``test_webapp_browser.py``.)"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

import bugami
from bugami import argute
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


def _connect(client: Any, stack: Any, **body: Any) -> tuple[dict[str, Any], Any, dict[str, Any]]:
    """A new table, a WebSocket on it (token sent), and the first view."""
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    created: dict[str, Any] = response.json()
    socket = stack.enter_context(client.websocket_connect(f"/ws/{created['table']}"))
    socket.send_json({"token": created["token"]})
    first = socket.receive_json()
    assert first["type"] == "view"
    return created, socket, first["view"]


def _ask(socket: Any, message: Any) -> dict[str, Any]:
    socket.send_json(message)
    answer: dict[str, Any] = socket.receive_json()
    return answer


def _check_hint(answer: dict[str, Any], view: dict[str, Any], game: Any, seat: int) -> None:
    """The hint ranks exactly the view's legal actions, best first, and every
    card in it is one of the seat's own (or one it has seen played)."""
    assert answer["type"] == "hint"
    hints = answer["hints"]
    current = view["current"]
    ranked = [json.dumps(hint["action"], sort_keys=True) for hint in hints]
    legal = [json.dumps(action, sort_keys=True) for action in current["legal_actions"]]
    assert sorted(ranked) == sorted(legal)
    assert len(set(ranked)) == len(ranked)
    values = [hint["value"] for hint in hints]
    assert values == sorted(values, reverse=True)
    assert all(isinstance(value, float) for value in values)
    cards = {hint["action"]["card"] for hint in hints if "card" in hint["action"]}
    assert cards <= set(current["hand"])
    check = LeakCheck(game, seat)
    check.message({"view": view})
    check.message(answer)  # no hidden card anywhere in the payload


@pytest.mark.parametrize(("game", "players"), [("bugami", 3), ("argute", 3)])
def test_a_hint_ranks_the_legal_actions_and_shows_nothing_hidden(
    client: Any, game: str, players: int
) -> None:
    with ExitStack() as stack:
        created, socket, view = _connect(client, stack, game=game, players=players, seed=3)
        table = client.app.state.tables[created["table"]]
        answers = [(_ask(socket, {"hint": True}), view)]  # a bid to choose
        bid = view["current"]["legal_actions"][0]
        update = _ask(socket, {"action": bid})
        view = update["view"]
        assert view["current"]["to_move"] == 0, "the bots play until the player is to act"
        answers.append((_ask(socket, {"hint": True}), view))  # a card to choose
        for answer, seen in answers:
            _check_hint(answer, seen, table.state, 0)
        # The hint is the library's, of the player's view alone.
        module = argute if game == "argute" else bugami
        expected = module.hint(
            module.view(table.state, 0),
            seed=f"{table.analysis_seed}/hint",
            samples=webapp.HINT_SAMPLES,
        )
        assert answers[-1][0]["hints"] == [each.to_dict() for each in expected]


def test_a_hint_is_refused_when_it_is_not_the_players_turn(client: Any) -> None:
    with ExitStack() as stack:
        created, socket, _view = _connect(client, stack, game="bugami", players=3, seed=4)
        table = client.app.state.tables[created["table"]]
        # Make it another seat's turn: the player's bid is in, the bots wait.
        table.state = bugami.bid(table.state, 0, "M")
        refused = _ask(socket, {"hint": True})
        assert refused == {
            "type": "error",
            "message": "It is not your turn: ask for a hint when you have a bid or a card "
            "to choose",
        }
        for bad in ({"hint": False}, {"hint": 1}, {"review": True}, {"review": "1"}):
            assert _ask(socket, bad)["type"] == "error"
        # The connection stays: the game goes on.
        table.state = bugami.new_game(bugami.Rules(players=3), seed=4)
        assert _ask(socket, {"hint": True})["type"] == "hint"


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_a_review_comes_only_once_the_deal_is_over(client: Any, game: str) -> None:
    word = "Hand" if game == "argute" else "Deal"
    with ExitStack() as stack:
        created, socket, view = _connect(client, stack, game=game, players=3, seed=5, bots="random")
        table = client.app.state.tables[created["table"]]
        refused = _ask(socket, {"review": 1})
        assert refused["type"] == "error"
        assert refused["message"].startswith(f"{word} 1 is not over: only a finished")
        while view["deals_played"] == 0:
            view = _ask(socket, {"action": view["current"]["legal_actions"][0]})["view"]
        answer = _ask(socket, {"review": 1})
        assert _ask(socket, {"review": 2})["type"] == "error"
        assert _ask(socket, {"review": 0})["type"] == "error"
    assert answer["type"] == "review"
    assert answer["deal"] == 1
    review = answer["review"]
    assert [summary["seat"] for summary in review["seats"]] == [0]
    assert 0 <= review["seats"][0]["accuracy"] <= 1
    decisions = review["decisions"]
    finished = table.state.deals[0]
    module = argute if game == "argute" else bugami
    mine = [action for action in finished.history if action.seat == 0]
    assert [d["action"] for d in decisions] == [action.to_dict() for action in mine]
    for decision in decisions:
        assert decision["label"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert decision["loss"] >= 0
    expected = module.review(
        finished, seats=[0], seed=f"{table.analysis_seed}/review/1", samples=webapp.REVIEW_SAMPLES
    )
    assert review == json.loads(json.dumps(expected.to_dict()))


@pytest.mark.parametrize("game", ["bugami", "argute"])
def test_a_review_does_not_give_away_the_seed_the_server_chose(client: Any, game: str) -> None:
    # a regression: the review's seed was the table's, and the table's seed
    # deals every later deal, hidden hands included
    with ExitStack() as stack:
        created, socket, view = _connect(client, stack, game=game, players=3, bots="random")
        table = client.app.state.tables[created["table"]]
        while view["deals_played"] == 0:
            view = _ask(socket, {"action": view["current"]["legal_actions"][0]})["view"]
        answer = _ask(socket, {"review": 1})
    assert answer["type"] == "review"
    assert str(table.seed) not in json.dumps(answer)
    assert str(table.analysis_seed) in answer["review"]["seed"]
    assert table.seed.bit_length() > 64  # 128 random bits: past a search of the seeds
    # a seed the client chose is its own: its reviews repeat
    chosen = webapp.Table(game, {"players": 3}, 12)
    assert chosen.seed == chosen.analysis_seed == 12


def test_advice_is_worked_out_off_the_event_loop(client: Any, monkeypatch: Any) -> None:
    """While one table's hint is being worked out, another table is answered:
    the hint runs in a worker thread. (The hint here waits until the other
    table's answer has come; were it on the event loop, that answer could not
    come, and the hint would give up waiting and say so.)"""
    gate = threading.Event()

    def slow_hint() -> dict[str, Any]:
        return {"type": "hint", "hints": [], "released": gate.wait(timeout=20)}

    with ExitStack() as stack:
        created, slow, _ = _connect(client, stack, game="bugami", players=3, seed=1)
        monkeypatch.setattr(client.app.state.tables[created["table"]], "hint", slow_hint)
        _, other, view = _connect(client, stack, game="argute", players=3, seed=2)
        slow.send_json({"hint": True})
        answer = _ask(other, {"action": view["current"]["legal_actions"][0]})
        assert answer["type"] == "update"
        gate.set()
        assert slow.receive_json() == {"type": "hint", "hints": [], "released": True}
