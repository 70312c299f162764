"""Hypothesis strategies for rules, deals and playing sequences."""

from __future__ import annotations

from hypothesis import strategies as st

import bugami


@st.composite
def rules(draw: st.DrawFn) -> bugami.Rules:
    """Any valid rules: every table size and variant combination."""
    return bugami.Rules(
        players=draw(st.integers(3, 7)),
        jokers=draw(st.integers(0, 8)),
        shotgun_wedding=draw(st.booleans()),
        target=draw(st.integers(1, 400)),
    )


seeds = st.one_of(st.integers(), st.text(max_size=8), st.binary(max_size=8))


@st.composite
def dealt(draw: st.DrawFn) -> bugami.Deal:
    """A fresh deal, before bidding."""
    return bugami.deal(draw(rules()), seed=draw(seeds))


@st.composite
def bidden(draw: st.DrawFn) -> bugami.Deal:
    """A deal after every seat has bid, in an arbitrary order."""
    state = draw(dealt())
    order = draw(st.permutations(range(state.rules.players)))
    for seat in order:
        state = bugami.bid(state, seat, draw(st.sampled_from(bugami.legal_bids(state, seat))))
    return state


@st.composite
def in_play(draw: st.DrawFn) -> bugami.Deal:
    """A deal somewhere in its play phase or over: random legal plays."""
    state = draw(bidden())
    plays = draw(st.integers(0, state.rules.players * state.rules.hand_size))
    for _ in range(plays):
        state = bugami.play(state, draw(st.sampled_from(bugami.legal_moves(state))))
    return state
