"""Sphinx configuration for the bugami documentation.

Build the site with ``sphinx-build -W -b html docs <outdir>`` and run every
example in it with ``sphinx-build -W -b doctest docs <outdir>``.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import inspect
from pathlib import Path
from typing import Any

from sphinx.domains.python import PythonDomain

import bugami

# -- Project -------------------------------------------------------------------

project = "bugami"
author = "The bugami developers"
copyright = "the bugami developers"
release = bugami.__version__
version = release

# -- General -------------------------------------------------------------------

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "matplotlib.sphinxext.plot_directive",
]
# There is deliberately no sphinx.ext.intersphinx: the docs are built in CI
# without network access, where fetching other projects' inventories fails.
# References into the standard library therefore cannot be resolved and are
# listed in nitpick_ignore_regex below.

exclude_patterns = ["_build"]

# The architecture page's picture is drawn at each build from pyproject.toml's layers
# contract and the package's folders (tools/draw_architecture.py), so it cannot drift.
_HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location(
    "draw_architecture", _HERE.parent / "tools" / "draw_architecture.py"
)
assert _spec is not None
assert _spec.loader is not None
_drawing = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_drawing)
(_HERE / "_generated").mkdir(exist_ok=True)
(_HERE / "_generated" / "architecture.svg").write_text(_drawing.draw(), encoding="utf-8")

# Report every cross-reference that does not resolve.
nitpicky = True
nitpick_ignore_regex = [
    # The standard library (no intersphinx, see above).
    (r"py:.*", r"(collections\.abc|hashlib|random|typing|typing_extensions)\..*"),
    # The optional packages of the analysis kit (no intersphinx either).
    (r"py:.*", r"(pandas|matplotlib)\..*"),
    (r"py:class", r"Axes"),
    # The type variables of the library's generic bases.
    (r"py:class", r"(bugami\._\w+\.\w+\.)?[A-Z][A-Za-z]*T"),
    # The type variable and aliases of the frontend kit's signatures: a state
    # (a Deal or a Game) comes back as the same kind; an action may be given as
    # its text or dict; a payload is made of JSON values.
    (r"py:class", r"(bugami\.(argute|core)\.frontend\.)?(StateT|ActionLike)|JSONValue"),
]

# -- autodoc -------------------------------------------------------------------

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {
    # Enum members and the fields of Rules have no docstrings of their own but
    # are part of the API.
    "undoc-members": True,
}


# The modules that define the public names, in the order of the API reference.
# Each public name of ``bugami`` is documented once, in the module that defines
# it; references written ``bugami.Name`` (or just ``Name`` inside another module's
# docstring) are pointed at that entry by ``_resolve_public_name`` below.
PUBLIC_MODULES = (
    "bugami.core.cards",
    "bugami.core.rules",
    "bugami.core.state",
    "bugami.core.dealing",
    "bugami.core.play",
    "bugami.core.scoring",
    "bugami.core.game",
    "bugami.core.view",
    "bugami.core.actions",
    "bugami.core.events",
    "bugami.core.frontend",
    "bugami.core.sampling",
    "bugami.record",
    "bugami.solver",
    "bugami.errors",
    "bugami.core.dealer",
    "bugami.core.hands",
    "bugami.analysis.evaluation",
    "bugami.analysis.reviews",
)

# -- doctest -------------------------------------------------------------------

doctest_global_setup = "import bugami"
# The flags the test suite uses for the same examples (see pyproject.toml), so
# that exception messages are compared in full.
doctest_default_flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE

# -- plots -----------------------------------------------------------------------

# The figures of the analysis cookbook are drawn from the code shown beside
# them each time the documentation is built (matplotlib's plot directive).
plot_include_source = True
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 96)]
plot_rcparams = {"figure.figsize": (6.4, 4.0)}

# -- HTML ----------------------------------------------------------------------

html_theme = "furo"
html_title = f"bugami {release}"


# -- Hooks ---------------------------------------------------------------------


def _home_of_public_names() -> dict[str, str]:
    home: dict[str, str] = {}
    for module_name in PUBLIC_MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            home.setdefault(name, module_name)
    return home


_HOME = _home_of_public_names()


def _resolve_public_name(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve ``bugami.Card``, ``Card`` or ``Card.index`` to the entry of the
    module that defines the name (here ``bugami.core.cards.Card``)."""
    if node.get("refdomain") != "py":
        return None
    target: str = node["reftarget"]
    parts = target.split(".")
    if parts[0] == "bugami" and len(parts) > 1:
        parts = parts[1:]
    home = _HOME.get(parts[0])
    if home is None:
        return None
    canonical = ".".join([home, *parts])
    domain = env.get_domain("py")
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], canonical, node, contnode
    )


def _refuses_construction(cls: type) -> bool:
    """Whether ``cls`` is one of the immutable classes that the library's
    functions build and that cannot be called (Deal, Trick, Game, the views,
    the events): the hand-made values, whose base refuses callers (a card's
    class text says how to make one), but not the actions."""
    from bugami._kernel.actions import ActionBase
    from bugami._kernel.native import Sealed

    return issubclass(cls, Sealed) and not issubclass(cls, ActionBase)


def _hide_refused_signatures(
    app: Any, what: str, name: str, obj: Any, options: Any, args: str, retann: str
) -> tuple[str, str] | None:
    """States (Deal, Trick, Game) are made by the library's functions, never by
    calling the class; do not show the ``(*args, **kwargs)`` of a ``__new__``
    that only raises."""
    if what == "class" and inspect.isclass(obj) and _refuses_construction(obj):
        return "", ""
    return None


def _nearest_first(find_obj: Any) -> Any:
    """Wrap the Python domain's lookup so that a name defined in several
    modules (``Rules`` in both ``bugami.core.rules`` and ``bugami.argute.rules``)
    resolves to the one nearest the referring module: the longest shared
    module prefix wins, then the shortest path, then Bugami's own (the face
    :mod:`bugami` is Bugami's)."""

    def find(self: Any, env: Any, modname: str | None, *args: Any, **kwargs: Any) -> Any:
        matches = find_obj(self, env, modname, *args, **kwargs)
        if len(matches) > 1 and modname:
            here = modname.split(".")

            def nearness(match: Any) -> tuple[int, int, bool]:
                there = match[0].split(".")
                shared = next(
                    (i for i, (a, b) in enumerate(zip(here, there, strict=False)) if a != b),
                    min(len(here), len(there)),
                )
                return (shared, -len(there), there[:2] != ["bugami", "argute"])

            best = max(map(nearness, matches))
            matches = [match for match in matches if nearness(match) == best]
        return matches

    return find


PythonDomain.find_obj = _nearest_first(PythonDomain.find_obj)


def setup(app: Any) -> None:
    app.connect("missing-reference", _resolve_public_name)
    app.connect("autodoc-process-signature", _hide_refused_signatures)
