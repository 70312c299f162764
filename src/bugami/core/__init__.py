"""Bugami's rules: the cards, the rules' configuration, the states, the verbs and the views.

The package :mod:`bugami` is the face that gathers their public names; the
modules here hold them (:mod:`bugami.core.cards`, :mod:`bugami.core.play`, ...),
as :mod:`bugami.argute` holds Argute's. Importing this package loads nothing else.
"""
