"""The layers of docs/architecture.md are the layers the imports keep (checked in `.ci/run` with the suite).

Each top-level package of `zerograd_lint` sits in one layer; a module may import from its own package
and from the layers below it, never from a layer above (lazy imports inside functions count too: they
still tie the packages together). Packages in one layer import nothing from each other. Imports under
`if TYPE_CHECKING:` are annotations only, never run, and are not counted.
"""

from __future__ import annotations

import ast
from pathlib import Path

from conftest import REPO

PACKAGE = REPO / "zerograd_lint"

# Highest first; a layer is a set of packages that may not import each other.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"__main__"}),  # `python -m zerograd_lint`
    frozenset({"__init__", "doors"}),  # the public API (`zerograd_lint.lint_source`), the CLI, flake8, LSP, pytest
    frozenset({"formats"}),  # reports to text, JSON, SARIF...
    frozenset({"files", "runtime"}),  # files in and out, the runner, the cache; the runtime guard
    frozenset({"core"}),  # text to reports: the gate, the engine, selection, noqa, the fix driver
    frozenset({"rules"}),  # one module per rule, the catalogue
    frozenset({"fixes"}),  # one module per fixable rule: its offers and edits
    frozenset({"analysis"}),  # the IR, the interpreters, the facts the rules ask
    frozenset({"base"}),  # the report, the version
)
LAYER_OF = {package: height for height, layer in enumerate(LAYERS) for package in layer}


def package_of(module: str) -> str:
    """`zerograd_lint.core.engine` -> `core`; the package's own `__init__` is a package of its own."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            node.body = []
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # `from zerograd_lint import core` imports the package `core`; `from zerograd_lint import X`, the package's own X.
            found.update(
                f"{node.module}.{alias.name}" if node.module == "zerograd_lint" and alias.name in LAYER_OF else node.module
                for alias in node.names
            )
    return {module for module in found if module == "zerograd_lint" or module.startswith("zerograd_lint.")}


def violations() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        importer = relative.parts[0] if len(relative.parts) > 1 else relative.stem
        for module in sorted(imported_modules(path)):
            imported = package_of(module)
            if imported == importer or imported not in LAYER_OF:
                continue
            if LAYER_OF[imported] <= LAYER_OF[importer]:
                found.append(f"{relative} ({importer}) imports {module} ({imported})")
    return found


def test_every_package_has_a_layer() -> None:
    packages = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    modules = {path.stem for path in PACKAGE.glob("*.py")}
    assert packages | modules == set(LAYER_OF)


def test_no_package_imports_from_its_own_layer_or_above() -> None:
    assert violations() == []
