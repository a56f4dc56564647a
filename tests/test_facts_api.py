"""The facts API: rules, fixes and doors ask `FileFacts`, `RootFacts` and `Held` (analysis/held.py) in words,
and never read the gradient lattice (`Mark`, tags: analysis/interpret/gradients.py), so that the lattice can
change without touching a rule. The layering is read from every module's imports (CPython's `ast`: lazy
imports inside functions count too); the answers from the real engine over small training loops."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import Backward, Clear, Clip, Event, Step
from zerograd_lint.core.engine import file_facts

PACKAGE = Path(__file__).resolve().parent.parent / "zerograd_lint"
INTERPRETERS = "zerograd_lint.analysis.interpret"
LATTICE = PACKAGE / "analysis" / "interpret" / "gradients.py"
ASKING = ("rules", "fixes", "doors")  # the folders that only ask the facts


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path) -> str:
    return module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]


def imports(path: Path, package: str) -> Iterator[tuple[int, str, str | None]]:
    """(line, module, name) for each import of the module at `path` in `package`: name None for `import module`."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1]) if node.level else ""
            module = ".".join(filter(None, (base, node.module)))
            yield from ((node.lineno, module, alias.name) for alias in node.names)


def modules_outside_analysis() -> list[Path]:
    return [path for path in sorted(PACKAGE.rglob("*.py")) if "analysis" not in path.relative_to(PACKAGE).parts[:1]]


def lattice_names() -> set[str]:
    """What the lattice's module defines at its top level: `Mark`, the tag helpers, the sets of marks, the domains."""
    found: set[str] = set()
    for node in ast.parse(LATTICE.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update(target.id for target in targets if isinstance(target, ast.Name))
    return found


def test_rules_fixes_and_doors_do_not_import_the_interpreters() -> None:
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {module}{'.' + name if name else ''}"
        for folder in ASKING
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        for line, module, name in imports(path, package_of(path))
        if f"{module}.{name}" == INTERPRETERS or module == INTERPRETERS or module.startswith(INTERPRETERS + ".")
    ]
    assert not found, "ask the facts API (analysis/facts.py, analysis/held.py) instead:\n" + "\n".join(found)


def test_rules_fixes_and_doors_read_no_contents() -> None:
    """`RootFacts.before` holds the lattice's contents (sets of tags): asking means `root.held(...)` instead."""
    found = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for folder in ASKING
        for path in sorted((PACKAGE / folder).rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "before"
    ]
    assert not found, "ask `root.held(event, optimizer)` instead of reading `root.before`:\n" + "\n".join(found)


def test_the_lattice_is_read_only_inside_analysis() -> None:
    names = lattice_names()
    assert {"Mark", "has", "ids", "GradientDomain"} <= names  # the walk sees the module's definitions
    lattice = module_name(LATTICE)
    found = [
        f"{path.relative_to(PACKAGE)}:{line}: {module} {name or ''}"
        for path in modules_outside_analysis()
        for line, module, name in imports(path, package_of(path))
        if module == lattice or f"{module}.{name}" == lattice or (module.startswith("zerograd_lint.analysis") and name in names)
    ]
    assert not found, "the lattice's names are the analysis's own: ask a `Held` instead:\n" + "\n".join(found)


def test_imports_are_read_in_every_spelling(tmp_path: Path) -> None:
    """What the checks above see: the imports the rules made before the facts API, lazy and relative ones too."""
    rule = tmp_path / "zg999.py"
    rule.write_text(
        "from zerograd_lint.analysis.interpret.gradients import Mark, has\n"
        "import zerograd_lint.analysis.interpret.flow\n"
        "def check(facts):\n    from ..analysis.interpret import kept_values\n",
        encoding="utf-8",
    )
    found = {(module, name) for _, module, name in imports(rule, "zerograd_lint.rules")}
    assert found == {
        ("zerograd_lint.analysis.interpret.gradients", "Mark"), ("zerograd_lint.analysis.interpret.gradients", "has"),
        ("zerograd_lint.analysis.interpret.flow", None), ("zerograd_lint.analysis.interpret", "kept_values"),
    }


# The answers -------------------------------------------------------------------


def root_of(source: str) -> RootFacts:
    facts = file_facts(source, "train.py")
    assert isinstance(facts, FileFacts) and len(facts.roots) == 1
    return facts.roots[0]


def only(root: RootFacts, kind: type[Event]) -> Event:
    """The one event of a kind (an optimizer's construction, a clear of a new optimizer's, aside)."""
    found = [e for e in root.events if isinstance(e, kind) and not (isinstance(e, Clear) and e.target.kind == "fresh")]
    assert len(found) == 1, [e.text for e in found]
    return found[0]


MISSING_CLEAR = (
    "import torch\n"
    "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
    "for x, y in loader:\n"
    "    loss = criterion(model(x), y)\n"
    "    loss.backward()\n"
    "    optimizer.step()\n"
)


def test_gradients_a_step_applied_and_nothing_cleared() -> None:
    root = root_of(MISSING_CLEAR)
    backward, step = only(root, Backward), only(root, Step)
    held = root.held(step, "optimizer")
    assert held.this_iteration() and held.backward() is backward and held.earlier_backward() is None
    assert held.reapplied().applied_by() is step and held.reapplied().backward() is backward  # the last iteration's step
    assert held.describe() == "already applied + this iteration | this iteration"
    assert not root.runs_before_its_backward(step) and not root.under_accumulation_guard(step)
    assert [name for name, _ in root.gradients_before(step)] == ["optimizer"]
    cleared = root_of(MISSING_CLEAR.replace("    loss = ", "    optimizer.zero_grad()\n    loss = "))
    held = cleared.held(only(cleared, Step), "optimizer")
    assert not held.reapplied() and held.describe() == "this iteration"


def test_gradients_accumulated_over_earlier_iterations() -> None:
    root = root_of(
        "import torch\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for i, (x, y) in enumerate(loader):\n"
        "    (criterion(model(x), y) / n).backward()\n"
        "    if (i + 1) % n == 0:\n"
        "        optimizer.step()\n"
        "        optimizer.zero_grad()\n"
    )
    step = only(root, Step)
    held = root.held(step, "optimizer")
    assert root.under_accumulation_guard(step) and held.earlier_backward() is only(root, Backward)
    assert held.describe() == "an earlier iteration + this iteration | this iteration" and held.lost_to() == []


def test_a_clear_between_the_backward_and_the_step() -> None:
    root = root_of(MISSING_CLEAR.replace("    optimizer.step()", "    optimizer.zero_grad()\n    optimizer.step()"))
    backward, clear, step = only(root, Backward), only(root, Clear), only(root, Step)
    held = root.held(step, "optimizer")
    assert held.empty_on_every_path() and held.without_gradients().discarded_by() == [clear]
    assert root.held(clear, "optimizer").this_iterations_backwards() == [backward]
    assert held.cleared_by() is clear and held.describe() == "cleared"


def test_a_step_before_its_backward() -> None:
    root = root_of(MISSING_CLEAR.replace("    loss.backward()\n    optimizer.step()\n", "    optimizer.step()\n    loss.backward()\n"))
    assert root.backward_after(only(root, Step)) is only(root, Backward)


def test_scaled_gradients_before_and_after_unscaling() -> None:
    source = (
        "import torch\n"
        "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "scaler = torch.cuda.amp.GradScaler()\n"
        "for x, y in loader:\n"
        "    optimizer.zero_grad()\n"
        "    scaler.scale(criterion(model(x), y)).backward()\n"
        "    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)\n"
        "    scaler.step(optimizer)\n"
        "    scaler.update()\n"
    )
    root = root_of(source)
    held = root.held(only(root, Clip), "optimizer")
    assert held.may_be_scaled() and held.scaled_backward() is only(root, Backward) and not held.unscaled_on_every_path()
    assert held.describe() == "this iteration (scaled)"
    unscaled = root_of(source.replace("    torch.nn", "    scaler.unscale_(optimizer)\n    torch.nn"))
    held = unscaled.held(only(unscaled, Clip), "optimizer")
    assert held.unscaled_on_every_path() and not held.may_be_scaled() and held.unscaled_by() is not None


def test_an_engines_backward_backpropagates_its_argument() -> None:
    """`ds.backward(loss)` of a DeepSpeed engine (or an accelerator) of any name: the loss is its argument, whose
    forward the backward consumes (microsoft/LoRA's `self.deepspeed.backward(loss)`: read as the receiver, the
    forward looked pending where the engine's step clears, a false ZG104)."""
    root = root_of(
        "import deepspeed\n"
        "ds, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters())\n"
        "for x in loader:\n"
        "    loss = ds(x).mean()\n"
        "    ds.backward(loss)\n"
        "    ds.step()\n"
    )
    backward = only(root, Backward)
    assert isinstance(backward, Backward) and code_of(backward.loss) == "loss"
