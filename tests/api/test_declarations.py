"""Each game's declaration (bugami.core.declaration, bugami.argute.declaration)
is complete and agrees with the game it declares: its classes are the ones
the game's verbs make, its verbs are the public ones, its words and defaults
are the ones the tools use."""

from __future__ import annotations

import random

import attrs
import pytest

import bugami
from bugami import argute
from bugami._kernel.declaration import EVENT_ORDER, GameDeclaration
from bugami.analysis import reviews
from bugami.argute import reviews as argute_reviews
from bugami.argute.declaration import DECLARATION as ARGUTE
from bugami.bots import ArguteRandomBot, RandomBot, play_out
from bugami.core.declaration import DECLARATION as BUGAMI

GAMES = {"bugami": (BUGAMI, bugami, RandomBot), "argute": (ARGUTE, argute, ArguteRandomBot)}


@pytest.fixture(params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> tuple[GameDeclaration, object, type]:  # type: ignore[type-arg]
    return GAMES[request.param]  # type: ignore[return-value]


def test_every_field_is_filled(game: tuple[GameDeclaration, object, type]) -> None:  # type: ignore[type-arg]
    declared, _, _ = game
    for field in attrs.fields(GameDeclaration):
        value = getattr(declared, field.name)
        assert value is not None, field.name
        assert value not in ("", ()), field.name


def test_the_verbs_and_classes_are_the_games_public_ones(
    game: tuple[GameDeclaration, object, type],  # type: ignore[type-arg]
) -> None:
    declared, face, _ = game
    for name in ("bid", "play", "legal_moves", "view", "sample_deal", "parse_action"):
        assert getattr(declared, name) is getattr(face, name), name
    for field, name in [
        ("rules", "Rules"), ("deal", "Deal"), ("game", "Game"), ("seat_view", "DealView"),
        ("spectator_view", "SpectatorView"), ("game_view", "GameView"),
        ("spectator_game_view", "SpectatorGameView"), ("bid_action", "BidAction"),
        ("play_action", "PlayAction"),
    ]:  # fmt: skip
        assert getattr(declared, field) is getattr(face, name), field
    assert [kind.__name__ for kind in declared.events] == list(EVENT_ORDER)
    assert declared.name == declared.bid_action._game == declared.play_action._game
    assert declared.title.lower() == declared.name
    assert declared.view_call.startswith(face.__name__ + ".view(")  # type: ignore[attr-defined]


def test_the_declaration_agrees_with_what_the_game_does(
    game: tuple[GameDeclaration, object, type],  # type: ignore[type-arg]
) -> None:
    declared, face, bot = game
    for players in (3, 4, 5):
        rules = declared.rules(players=players)
        state = face.deal(rules, seed=players)  # type: ignore[attr-defined]
        assert type(state) is declared.deal
        assert declared.tricks(rules) == state._tricks_in_deal()
        assert set(face.legal_bids(state, 0)) == set(declared.bids)  # type: ignore[attr-defined]
        seen = declared.view(state, 0)
        assert type(seen) is declared.seat_view
        assert type(face.view(state, None)) is declared.spectator_view  # type: ignore[attr-defined]
        assert type(declared.sample_deal(seen, random.Random(1))) is declared.deal
        done = play_out(state, [bot(seed=seat) for seat in range(players)])
        assert declared.score(done) == face.score(done)  # type: ignore[attr-defined]
        for action in done.history:
            assert declared.parse_action(str(action)) == action
        whole = face.new_game(rules, seed=1)  # type: ignore[attr-defined]
        assert declared.states == (type(state), type(whole))
        assert type(face.view(whole, 0)) is declared.game_view  # type: ignore[attr-defined]
        assert type(face.view(whole, None)) is declared.spectator_game_view  # type: ignore[attr-defined]


def test_the_reviews_defaults_come_from_the_declarations() -> None:
    assert reviews.THRESHOLDS == BUGAMI.thresholds == (4.0, 10.0, 20.0)
    assert argute_reviews.THRESHOLDS == ARGUTE.thresholds == (0.25, 0.5, 1.0)
    assert reviews.KIT.game is BUGAMI
    assert argute_reviews.KIT.game is ARGUTE
    for declared in (BUGAMI, ARGUTE):
        low, middle, high = declared.thresholds
        assert 0 < low <= middle <= high


def test_the_two_declarations_differ_in_their_words_only_where_the_games_do() -> None:
    assert (BUGAMI.noun, ARGUTE.noun) == ("a bugami", "an Argute")
    assert (BUGAMI.deal_word, ARGUTE.deal_word) == ("deal", "hand")
    assert (BUGAMI.card_word, ARGUTE.card_word) == ("card", "value")
    assert repr(BUGAMI) == "<GameDeclaration of Bugami>"


def test_a_declaration_is_frozen_and_checks_its_events() -> None:
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        BUGAMI.name = "other"  # type: ignore[misc]
    fields = {
        field.name: getattr(BUGAMI, field.name)
        for field in attrs.fields(GameDeclaration)
        if field.init
    }
    assert attrs.evolve(BUGAMI) == BUGAMI
    fields["events"] = tuple(reversed(BUGAMI.events))
    with pytest.raises(TypeError, match="in that order"):
        GameDeclaration(**fields)


@pytest.mark.parametrize(
    ("face", "word", "title", "how"),
    [
        (bugami, "deal", "Bugami", "bugami.view(state, seat)"),
        (argute, "hand", "Argute", "bugami.argute.view(state, seat)"),
    ],
)
def test_the_shared_engines_speak_each_games_words(
    face: object, word: str, title: str, how: str
) -> None:
    g: object = face
    state = g.deal(g.Rules(players=3), seed=1)  # type: ignore[attr-defined]
    hides = (
        "a view (or a record written for one seat) hides cards and cannot be reviewed: "
        f"review the full {word}, game or record"
    )
    with pytest.raises(bugami.InvalidInputError) as caught:
        g.review(g.view(state, 0))  # type: ignore[attr-defined]
    assert str(caught.value) == hides
    with pytest.raises(bugami.InvalidInputError) as caught:
        g.review("x")  # type: ignore[attr-defined]
    assert str(caught.value) == f"review needs a {word}, a game or a record of {title}, not 'x'"
    with pytest.raises(bugami.InvalidInputError) as caught:
        g.hint(state)  # type: ignore[attr-defined]
    assert str(caught.value) == (
        f"hint needs a seat's view of {title} ({how}), not {type(state).__module__}.Deal(...)"
    )
    with pytest.raises(bugami.InvalidInputError) as caught:
        g.apply(g.view(state, 0), "0 bid 1")  # type: ignore[attr-defined]
    noun = "a bugami" if face is bugami else "an Argute"
    assert str(caught.value).startswith(f"apply needs {noun} Deal or Game, not ")
