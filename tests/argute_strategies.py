"""Hypothesis strategies for Argute: tables, hands being bid or played, and
whole games."""

from __future__ import annotations

from hypothesis import strategies as st

from bugami import argute
from bugami.argute import Deal, Game, bid, legal_bids, legal_moves, play

seeds = st.one_of(st.integers(), st.text(max_size=8), st.binary(max_size=8))


@st.composite
def tables(draw: st.DrawFn) -> argute.Rules:
    return argute.Rules(players=draw(st.integers(2, 7)), target=draw(st.integers(1, 8)))


@st.composite
def partly_bid(draw: st.DrawFn) -> Deal:
    """A hand in its bidding phase, some seats having bid."""
    state = argute.deal(draw(tables()), seed=draw(seeds))
    for seat in draw(st.lists(st.integers(0, state.rules.players - 1), unique=True)):
        state = bid(state, seat, draw(st.sampled_from(legal_bids(state, seat))))
    return state


@st.composite
def in_play(draw: st.DrawFn) -> Deal:
    """A hand somewhere in its play, or over."""
    state = argute.deal(draw(tables()), seed=draw(seeds))
    for seat in draw(st.permutations(range(state.rules.players))):
        state = bid(state, seat, draw(st.integers(0, 3)))
    for _ in range(draw(st.integers(0, 6 * state.rules.players))):
        state = play(state, draw(st.sampled_from(legal_moves(state))))
    return state


@st.composite
def games(draw: st.DrawFn) -> Game:
    """A whole game somewhere along its course (possibly over)."""
    game = argute.new_game(draw(tables()), seed=draw(seeds))
    for _ in range(draw(st.integers(0, 120))):
        current = game.current
        if current is None:
            break
        waiting = [seat for seat, choice in enumerate(current.bids) if choice is None]
        if waiting:
            game = bid(game, draw(st.sampled_from(waiting)), draw(st.integers(0, 3)))
        else:
            game = play(game, draw(st.sampled_from(legal_moves(game))))
    return game


states = st.one_of(partly_bid(), in_play())
