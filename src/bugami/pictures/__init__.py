"""Pictures: text, HTML and SVG drawings of the games (:mod:`bugami.pictures.render`) and
charts of simulations (:mod:`bugami.pictures.plots`).

Importing this package loads nothing else.
"""
