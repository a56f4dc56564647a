"""The gate's question asked across the project: can a file's loop reach a backward and a step that live in
a module it imports?

A file whose own words have no backward and step (a `main.py` whose loop calls `train_step` of
`engine.py`) can still report. Asked cheaply, as the gate asks everything: from the text, the
modules its imports name (read through the project's `Load`, each once) must themselves have a
backward and a step; from CPython's trees, a def of such a module reached by a call of the file
(`train_step(...)`, `engine.train_step(...)`) marks the file's calling body as the def's own
backward and step would.
"""

from __future__ import annotations

import ast
import re
from typing import Iterator

from zerograd_lint.analysis.module_source import Load, ModuleSource, absolute
from zerograd_lint.core.gate import BACKWARD_CALL, STEP_CALL, Summary, calls_attribute, summarize

# Where an import may be: the word, found fast (a pattern that starts with it); its line is read in Python.
IMPORT_WORD = re.compile(rb"import\b")
# The words of a file that trains with a step it imports: the optimizer it hands over or builds.
TRAINING_WORD = b"optim"
# A module's path -> (its text, whether it has a backward, and a step): the same text object, the same answer.
TRAINS: dict[str, tuple[str, tuple[bool, bool]]] = {}


class ProjectGate:
    """For one checked file: which of the modules it imports have training code, and what their defs reach."""

    def __init__(self, checked: ModuleSource, load: Load) -> None:
        self.checked = checked
        self.load = load
        self.reach: dict[str, dict[str, tuple[bool, bool]]] = {}  # module -> its defs' (reach a backward, reach a step)

    def module_trains(self, name: str) -> tuple[bool, bool]:
        """Whether the module's text has a backward, and a step (asked once per text, for every file importing it)."""
        source = self.load(name)
        if source is None:
            return False, False
        known = TRAINS.get(source.path)
        if known is None or known[0] is not source.source:
            known = TRAINS[source.path] = (source.source, lifecycle_words(source.source.encode("utf-8", "surrogatepass")))
        return known[1]

    def in_text(self, data: bytes) -> bool:
        """The text speaks of an optimizer, and it and the modules it imports (`from . import engine`: that
        submodule) have a backward and a step between them."""
        if TRAINING_WORD not in data:
            return False
        backward, step = lifecycle_words(data)
        for match in IMPORT_WORD.finditer(data):
            start = data.rfind(b"\n", 0, match.start()) + 1
            end = data.find(b"\n", match.end())
            words = data[start : end if end != -1 else len(data)].decode("ascii", "replace").replace(",", " ").split()
            for name in imported_modules(words, self.checked.package):
                if name != self.checked.name:
                    has_backward, has_step = self.module_trains(name)
                    backward, step = backward or has_backward, step or has_step
                    if backward and step:
                        return True
        return False

    def mark(self, tree: ast.Module, summary: Summary) -> None:
        """Mark the file's bodies that call a def of a training module reaching a backward or a step."""
        reached: dict[str, tuple[bool, bool]] = {}  # a name the file calls -> what its def reaches
        for module, name in imported_names(tree, self.checked.package):
            # `from m import f`: `f` of `m`, or the defs of submodule `m.f`; `import m`: the defs of `m`
            for candidate, attribute in ((module, name), (f"{module}.{name}", None)) if name else ((module, None),):
                if candidate == self.checked.name or not any(self.module_trains(candidate)):
                    continue
                defs = self.defs_reach(candidate)
                for def_name, flags in defs.items() if attribute is None else [(attribute, defs.get(attribute, (False, False)))]:
                    if any(flags):
                        old = reached.get(def_name, (False, False))
                        reached[def_name] = (old[0] or flags[0], old[1] or flags[1])
        for body in summary.bodies:
            for called in body.calls & reached.keys():
                backward, step = reached[called]
                body.backward, body.step = body.backward or backward, body.step or step

    def defs_reach(self, name: str) -> dict[str, tuple[bool, bool]]:
        if name not in self.reach:
            source = self.load(name)
            try:
                summary = summarize(ast.parse(source.source)) if source is not None else None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                summary = None
            self.reach[name] = {} if summary is None else reaches_of(summary)
        return self.reach[name]


def lifecycle_words(data: bytes) -> tuple[bool, bool]:
    """Whether the text has a backward call, and a step call (the gate's lifecycle words, each alone)."""
    return calls_attribute(data, BACKWARD_CALL, b"manual_"), calls_attribute(data, STEP_CALL)


def reaches_of(summary: Summary) -> dict[str, tuple[bool, bool]]:
    backward, step = summary.reaching(lambda b: b.backward), summary.reaching(lambda b: b.step)
    found: dict[str, tuple[bool, bool]] = {}
    for body, reaches_backward, reaches_step in zip(summary.bodies, backward, step):
        if body.name is not None:
            old = found.get(body.name, (False, False))
            found[body.name] = (old[0] or reaches_backward, old[1] or reaches_step)
    return found


def imported_names(tree: ast.Module, package: str) -> Iterator[tuple[str, str]]:
    """(module, name) for each `from module import name` anywhere in the file; (module, "") for `import module`."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = absolute(node.module or "", node.level, package)
            if module is not None:
                for alias in node.names:
                    if alias.name != "*":
                        yield module, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parent, _, last = alias.name.rpartition(".")
                yield (parent, last) if parent else (alias.name, "")



def imported_modules(words: list[str], package: str) -> list[str]:
    """The modules an import line names: `from .a import b` -> `pkg.a`; `from . import engine` -> `pkg.engine`;
    `import a.b as c, d` -> `a.b`, `d`. Nothing for a line that is not an import statement."""
    if len(words) >= 4 and words[0] == "from" and words[2] == "import":
        level = len(words[1]) - len(words[1].lstrip("."))
        module = absolute(words[1][level:], level, package)
        if module is None:
            return []
        if level and not words[1][level:]:
            return [f"{module}.{word}" for word in words[3:] if word.isidentifier() and word != "as"]
        return [module]
    if len(words) >= 2 and words[0] == "import":
        return [word for word in words[1:] if word != "as" and all(part.isidentifier() for part in word.split("."))]
    return []
