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


@st.composite
def games(draw: st.DrawFn) -> bugami.Game:
    """A whole game somewhere along its course (possibly over), from random legal actions."""
    base = draw(rules())
    rules_ = bugami.Rules(
        players=base.players,
        jokers=base.jokers,
        shotgun_wedding=base.shotgun_wedding,
        target=draw(st.integers(1, 120)),
    )
    game = bugami.new_game(rules_, seed=draw(seeds))
    for _ in range(draw(st.integers(0, 3 * 60))):
        current = game.current
        if current is None:
            break
        waiting = [seat for seat, choice in enumerate(current.bids) if choice is None]
        if waiting:
            seat = draw(st.sampled_from(waiting))
            game = bugami.bid(game, seat, draw(st.sampled_from(bugami.legal_bids(game, seat))))
        else:
            game = bugami.play(game, draw(st.sampled_from(bugami.legal_moves(game))))
    return game


@st.composite
def partly_bid(draw: st.DrawFn) -> bugami.Deal:
    """A deal in its bidding phase, some seats having bid."""
    state = draw(dealt())
    for seat in draw(st.lists(st.integers(0, state.rules.players - 1), unique=True)):
        state = bugami.bid(state, seat, draw(st.sampled_from(bugami.legal_bids(state, seat))))
    return state


tag_text = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="{}"), max_size=12
)
