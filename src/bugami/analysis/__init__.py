"""Analyses built on the bots: bid evaluation (:mod:`bugami.analysis.evaluation`),
reviews and hints (:mod:`bugami.analysis.reviews`) and simulations
(:mod:`bugami.analysis.simulate`).

Importing this package loads nothing else.
"""
