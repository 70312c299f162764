"""The machinery Bugami and Argute share: internal, with no stability promise.

Everything here is what the two games truly have in common -- immutable values,
seats and the dealer's rotation, the seeded dealing streams, the shape of a deal
(bids, then tricks), the verbs' plumbing, the game to a target with its tie
rule, the views' common part and the hook through which pictures are shown.
Neither game is named here: each game's own modules build on these pieces and
keep only their own rules. Import from the public modules instead
(:mod:`bugami`, :mod:`bugami.argute`).
"""
