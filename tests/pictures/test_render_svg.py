"""SVG and HTML pictures: well-formed, complete, deterministic, and never
showing a card that a view does not know."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

import bugami
from bugami import argute
from bugami.bots import HeuristicBot, play_out
from bugami.pictures.render import (
    argute_html,
    card_text,
    deal_html,
    deal_svg,
    game_html,
    hand_svg,
    record_html,
    score_sheet_html,
    trick_svg,
    tricks_html,
)
from bugami.record import Record
from strategies import games, in_play, partly_bid

SVG = "{http://www.w3.org/2000/svg}"


def _cards(svg: str) -> tuple[list[str], int]:
    """The face-up cards (by their data-card) and the number of card backs."""
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    faces, backs = [], 0
    for element in root.iter(SVG + "g"):
        classes = element.get("class", "").split()
        if "card" not in classes:
            continue
        if "back" in classes:
            backs += 1
            assert element.get("data-card") is None
            assert not "".join(element.itertext()).strip()
        else:
            faces.append(element.get("data-card", ""))
    return faces, backs


def _shown_trick(state: bugami.Deal | bugami.DealView) -> tuple[bugami.Card, ...]:
    if state.current_trick:
        return state.current_trick
    return state.tricks[-1].cards if state.tricks else ()


def _expected_faces(state: bugami.Deal | bugami.DealView) -> list[bugami.Card]:
    if state.is_over:
        held = [card for trick in state.tricks for card in trick.cards]
    elif isinstance(state, bugami.Deal):
        held = [card for hand in state.hands for card in hand]
    else:
        held = list(state.hand)
    return [*held, *_shown_trick(state), *state.leftover]


def _mid_trick(players: int, jokers: int = 0, seed: int = 1, plays: int = 6) -> bugami.Deal:
    state = bugami.deal(bugami.Rules(players=players, jokers=jokers), seed=seed)
    for seat in range(players):
        state = bugami.bid(state, seat, bugami.legal_bids(state, seat)[seat % 5])
    for _ in range(plays):
        state = bugami.play(state, bugami.legal_moves(state)[-1])
    return state


def test_deal_svg_shows_every_card_once() -> None:
    for players in range(3, 8):
        state = _mid_trick(players, jokers=players - 3, plays=players + 2)
        svg = deal_svg(state)
        faces, backs = _cards(svg)
        assert backs == 0
        assert sorted(faces) == sorted(str(card) for card in _expected_faces(state))
        assert svg.count('class="seat"') == players
        assert svg.count('class="dealer"') == 1
        assert "▶ to play" in svg


def test_views_hide_other_hands() -> None:
    state = _mid_trick(5, jokers=2)
    seen = bugami.view(state, 2)
    faces, backs = _cards(deal_svg(seen))
    assert backs == sum(seen.hand_sizes) - len(seen.hand)
    assert sorted(faces) == sorted(str(card) for card in _expected_faces(seen))
    # The view's own seat is at the foot of the table unless told otherwise.
    assert deal_svg(seen) != deal_svg(seen, bottom=0)


def _visible(state: bugami.DealView) -> set[bugami.Card]:
    return {*state.hand, *state.played, *state.leftover, *state.current_trick}


def _assert_hidden(state: bugami.Deal, seat: int) -> None:
    seen = bugami.view(state, seat)
    visible = _visible(seen)
    faces, backs = _cards(deal_svg(seen))
    assert {bugami.Card(face) for face in faces} <= visible
    assert backs == sum(seen.hand_sizes) - len(seen.hand)
    for text in (deal_svg(seen), deal_html(seen)):
        for card in set(bugami.deck(state.rules.jokers)) - visible:
            assert f'data-card="{card}"' not in text
            assert f">{card_text(card)}<" not in text


@given(state=st.one_of(in_play(), partly_bid()), data=st.data())
def test_views_never_show_hidden_cards(state: bugami.Deal, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, state.rules.players - 1))
    _assert_hidden(state, seat)
    faces, _ = _cards(deal_svg(state))
    assert sorted(faces) == sorted(str(card) for card in _expected_faces(state))


@given(game=games(), data=st.data())
def test_game_pictures(game: bugami.Game, data: st.DataObject) -> None:
    seat = data.draw(st.integers(0, game.rules.players - 1))
    for shown in (game, bugami.view(game, seat)):
        html = game_html(shown)
        assert html.count("<svg") == (1 if game.current is not None or game.deals else 0)
        ET.fromstring(html)  # the snippet is well-formed XML too
    if game.current is not None:
        _assert_hidden(game.current, seat)


def test_small_pictures() -> None:
    hand = bugami.parse_cards("AS TH 4H X2 2C")
    svg = hand_svg(hand, legal=bugami.parse_cards("TH 4H"))
    faces, _ = _cards(svg)
    assert faces == ["AS", "TH", "4H", "2C", "X2"]
    assert svg.count('opacity="0.55"') == 3
    assert _cards(hand_svg(()))[0] == []
    trick = trick_svg(bugami.parse_cards("7D 3D KD"), 1, 3, winner=0, names=["A<", "B", "C"])
    assert _cards(trick)[0] == ["7D", "3D", "KD"]
    assert "A&lt;" in trick
    assert 'class="card winner" data-card="KD"' in trick
    assert "seat 2 to lead" in trick_svg((), 2, 4)
    assert hand_svg(hand, size=200).count('width="200"') == 1


def test_html_and_reprs() -> None:
    state = _mid_trick(4, plays=9)
    html = deal_html(state, names=["Ann", "Bob", "Cy", "Di"])
    assert deal_svg(state, names=["Ann", "Bob", "Cy", "Di"], size=760) in html
    ET.fromstring(html)
    assert state._repr_html_() == deal_html(state)
    seen = bugami.view(state, 0)
    assert seen._repr_html_() == deal_html(seen)
    game = bugami.new_game(bugami.Rules(players=3, target=40), seed=5)
    while not game.is_over:
        game = play_out(game, [HeuristicBot()] * 3)
    assert game._repr_html_() == game_html(game)
    assert bugami.view(game, 1)._repr_html_() == game_html(bugami.view(game, 1))
    assert "wins with" in game_html(game)
    sheet = score_sheet_html(game.deals, 3)
    assert sheet.count("<tr>") == len(game.deals) + 2
    ET.fromstring(sheet)
    assert tricks_html(game.deals[0].tricks, 3).count("<tr>") == len(game.deals[0].tricks) + 1
    record = Record(state=game, event="Final & last", seats=("X", "Y", "Z"))
    assert record._repr_html_() == record_html(record)
    assert "Final &amp; last" in record_html(record)
    assert ">X<" in record_html(record)
    ET.fromstring(record_html(record))


def test_argute_html() -> None:
    state = argute.deal(argute.Rules(players=4), seed=7, dealer=0)
    for seat in range(4):
        state = argute.bid(state, seat, 1)
    state = argute.play(state, argute.legal_moves(state)[0])
    html = state._repr_html_()
    assert html == argute_html(state)
    assert html.count('class="chip"') == sum(map(len, state.hands)) + 1
    ET.fromstring(html)
    seen = argute.view(state, 2)
    html = seen._repr_html_()
    assert html.count('class="chip"') == len(seen.hand) + 1
    assert "face down" in html
    assert "hidden" in html
    game = argute.new_game(argute.Rules(players=3), seed=1)
    for shown in (game, argute.view(game, 0)):
        html = shown._repr_html_()
        assert html.startswith('<div class="bugami argute">')
        ET.fromstring(html)
    assert "Bo" in record_html(Record(state=state, seats=("Al", "Bo", "Cy", "Di")))


def test_output_is_deterministic() -> None:
    for players in (3, 4, 7):
        one = deal_svg(_mid_trick(players, jokers=2, seed=9))
        two = deal_svg(_mid_trick(players, jokers=2, seed=9))
        assert one == two
        assert not re.search(r"\d[eE][-+]?\d|\d\.\d\d", one)  # no float noise
    over = play_out(bugami.deal(bugami.Rules(players=6), seed=3), [HeuristicBot()] * 6)
    assert deal_html(over) == deal_html(over)
    faces, _ = _cards(deal_svg(over))
    assert sorted(faces) == sorted(str(card) for card in _expected_faces(over))


def test_docs_pictures_are_up_to_date() -> None:
    """docs/_static/pictures holds exactly what docs/make_pictures.py draws."""
    script = Path(__file__).parents[2] / "docs" / "make_pictures.py"
    spec = importlib.util.spec_from_file_location("make_pictures", script)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--check"]) == 0, "run: python docs/make_pictures.py"
    for name, text in module.pictures().items():
        if name.endswith(".svg"):
            ET.fromstring(text)
