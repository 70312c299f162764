"""Draw the picture of the architecture from pyproject.toml's layers contract.

The docs' build (docs/conf.py) calls :func:`draw` each time, so the picture shows
the layers that ``lint-imports`` enforces and the modules that the folders hold,
and cannot drift from them. To look at it on its own::

    python tools/draw_architecture.py architecture.svg

One band per layer, top to bottom; a module imports only from its own band or
the bands below. Boxes side by side with a gap are independent (``|`` in the
contract); boxes in one frame may import each other (``:``). Each box lists the
modules in that package's folder.
"""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path
from xml.sax.saxutils import escape

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (tomli, the backport, is a dependency of the docs' tools)
    tomllib = importlib.import_module("tomli")

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "bugami"

# What each package is for, in a few words (the layers themselves come from pyproject.toml).
ROLES = {
    "__main__": "python -m bugami",
    "cli": "the bugami command",
    "integrations": "OpenSpiel and PettingZoo adapters",
    "pictures": "text, HTML, SVG; charts",
    "analysis": "evaluation, reviews, simulation",
    "bots": "players acting on views",
    "solver": "the open-hand solver",
    "record": "records: the face and Bugami's kind",
    "core": "Bugami's rules: cards to verbs and views",
    "argute": "Argute's rules, with its own bots, records, solver",
    "_records": "the record envelope, for either game",
    "_kernel": "what both games share, written for neither",
    "errors": "the exception family",
}

WIDTH = 860
MARGIN = 40
CHAR = 6.3  # the width of a character of the module lists, roughly
LINE = 14
GAP = 18  # between independent boxes
JOIN = 6  # between boxes that may import each other


def layers(pyproject: Path = ROOT / "pyproject.toml") -> list[list[list[str]]]:
    """The layers contract, top first: each layer a list of independent groups,
    each group a list of packages that may import each other (an optional one,
    in parentheses in the contract, by its bare name)."""
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    (found,) = [c["layers"] for c in contracts if c["type"] == "layers"]
    return [
        [[item.strip().strip("()") for item in group.split(":")] for group in layer.split("|")]
        for layer in found
    ]


def modules_of(item: str, package: Path = PACKAGE) -> list[str]:
    """The modules in an item's folder (public first), or ``[]`` for a single module."""
    folder = package.joinpath(*item.split("."))
    if not folder.is_dir():
        return []
    names = sorted(p.stem for p in folder.glob("*.py") if p.stem != "__init__")
    names += sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file())
    return sorted(names, key=lambda name: (name.startswith("_"), name))


def _colour(item: str) -> tuple[str, str]:
    if item in ("core", "argute"):
        return "#e3f1e0", "#4a7d3f"  # the games
    if (item.startswith("_") and not item.startswith("__")) or item == "errors":
        return "#ececec", "#6b6b6b"  # shared, written for neither game
    return "#e2ebf6", "#41658f"  # tools


def _box(x: float, y: float, w: float, h: float, item: str, lines: list[str]) -> list[str]:
    fill, stroke = _colour(item)
    out = [
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6" '
        f'fill="{fill}" stroke="{stroke}"/>',
        f'<text x="{x + 8:.1f}" y="{y + 17:.1f}" class="name">{escape("bugami." + item)}</text>',
    ]
    role = ROLES.get(item, "")
    if role:
        out.append(f'<text x="{x + 8:.1f}" y="{y + 31:.1f}" class="role">{escape(role)}</text>')
    for i, line in enumerate(lines):
        out.append(
            f'<text x="{x + 8:.1f}" y="{y + 47 + i * LINE:.1f}" class="mods">{escape(line)}</text>'
        )
    return out


def draw(pyproject: Path = ROOT / "pyproject.toml", package: Path = PACKAGE) -> str:
    """The picture, as SVG text."""
    body: list[str] = []
    inner = WIDTH - 2 * MARGIN
    y = 20.0
    body.append(
        f'<text x="{MARGIN}" y="{y + 12:.1f}" class="head">the faces bugami and bugami.argute: '
        "the public names (the rest loads on first use); old paths kept as aliases</text>"
    )
    y += 28
    for layer in layers(pyproject):
        items = [item for group in layer for item in group]
        gaps = GAP * (len(layer) - 1) + JOIN * sum(len(group) - 1 for group in layer)
        width = (inner - gaps) / len(items)
        wrapped = {
            item: textwrap.wrap(" ".join(modules_of(item, package)), int((width - 16) / CHAR))
            for item in items
        }
        height = 38 + LINE * max(len(lines) for lines in wrapped.values()) + 4
        x = float(MARGIN)
        for group in layer:
            if len(group) > 1:
                span = width * len(group) + JOIN * (len(group) - 1)
                body.append(
                    f'<rect x="{x - 3:.1f}" y="{y - 3:.1f}" width="{span + 6:.1f}" '
                    f'height="{height + 6:.1f}" rx="8" fill="none" stroke="#999" '
                    'stroke-dasharray="4 3"/>'
                )
            for item in group:
                body.extend(_box(x, y, width, height, item, wrapped[item]))
                x += width + JOIN
            x += GAP - JOIN
        y += height + 14
    body.append(
        f'<text x="{MARGIN}" y="{y + 8:.1f}" class="note">A module imports only from its own band '
        "or below. Boxes apart: independent; boxes in a dashed frame: may import each other.</text>"
    )
    height_total = y + 22
    arrow_x = MARGIN / 2
    head = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height_total:.0f}" '
        f'width="{WIDTH}" height="{height_total:.0f}" role="img" '
        'aria-label="The layers of the bugami package">',
        "<style>text{font-family:sans-serif;fill:#222}.name{font-size:13px;font-weight:bold}"
        ".role{font-size:11px;fill:#444}.mods{font-size:10.5px;font-family:monospace;fill:#333}"
        ".head,.note{font-size:12px;fill:#444}</style>",
        '<rect width="100%" height="100%" fill="white"/>',
        f'<line x1="{arrow_x}" y1="52" x2="{arrow_x}" y2="{y - 20:.1f}" stroke="#888" '
        'stroke-width="2" marker-end="url(#down)"/>',
        '<defs><marker id="down" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
        'fill="#888"/></marker></defs>',
    ]
    return "\n".join([*head, *body, "</svg>"]) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/draw_architecture.py OUT.svg", file=sys.stderr)
        return 2
    Path(argv[0]).write_text(draw(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
