"""The gate's question asked across the project: can a file's loop reach a backward and a step that live in
a module it imports?

A file whose own words have no backward and step (a `main.py` whose loop calls `train_step` of
`engine.py`) can still report. Asked cheaply, as the gate asks everything: from the text, the
modules its imports name (read through the project's `Load`, each once) must themselves have a
backward and a step in their code; from CPython's trees, a def of such a module reached by a call of the file
(`train_step(...)`, `engine.train_step(...)`) marks the file's calling body as the def's own
backward and step would.
"""

from __future__ import annotations

import ast
import re
import unicodedata
from functools import cache
from typing import TYPE_CHECKING, Iterable, Iterator, NamedTuple, Union

from zerograd_lint.analysis.code_text import code_only
from zerograd_lint.analysis.module_source import Load, ModuleSource, absolute
from zerograd_lint.analysis.questions.visitor import dotted_name, statements_in
from zerograd_lint.core.gate import (
    BACKWARD_CALL, NAME_BYTES, STEP_CALL, TRAINING_PART, Summary, as_bytes, calls_attribute, holds, starts_word, summarize,
)

if TYPE_CHECKING:
    from zerograd_lint.core.def_code import DefCode

# Where an import may be: the word, found fast (a pattern that starts with it); its line is read in Python.
IMPORT_WORD = re.compile(rb"import\b")
# The words of a file that trains with a step it imports: the optimizer it hands over or builds (`optim`, or `opt` as
# a name or a part of one: `opt`, `opt_g`, `d_opt`; not `optional` nor `adopt`), and the epochs or the data loader it
# loops over (a library's modules seldom say both; by grep, torch's tree has 32 such files of 2,285: `opt` adds 1
# there and none to composer's 85, Lightning's 138 or fairseq's 47, where `train` would add 2, 71, 97 and 68).
# `OPTIMIZER_WORD` starts with the literal `opt`, which the pattern engine looks for fast, then asks what is before it
# and after it. A reinforcement-learning loop says neither epochs nor a loader but episodes (sac-discrete's
# `BaseAgent.train_episode` handing its losses to the project's `update_params`): by grep, `episode` lets 1 more of
# torch's files pass the words, 626 of the corpus's (128 of pytorch/rl's, 103 of lerobot's, 45 of pfrl's).
OPTIMIZER_WORD = re.compile(rb"opt(?:im|(?<![A-Za-z0-9]opt)(?![A-Za-z]))")
LOOP_WORDS = (b"epoch", b"loader", b"episode")
# Or a loop driving a trainer of the project (`trainer.critic_step(batch)`, SPADE's train.py): where the text names no
# optimizer, only the defs its loops call are asked (`called_in_loops`): a report that needs no loop is made where the
# step's own module is checked, and a test suite's `trainer.fit()` outside any loop reads no project module's defs
# (but for a script that names the optimizer it hands the trainer: `may_run_a_trainer`).
# Measured: the word lets 17 more of torch's files reach the engine (95 of Lightning's, 67 of fairseq's, 71 of
# composer's), none the analysis (asking all their words, composer's tests of `Trainer.fit()` took 21 s of CPU).
TRAINER_WORD = b"train"
# Or the class alone: a subclass's module that says only `Trainer` (`class PlainTrainer(Trainer):` looping over
# `self.loader` with the base's `self.step(batch)`). Measured over the corpus's 35,731 files: 26 more pass the words.
TRAINER_CLASS_WORD = b"Train"
TRAINER_PART = TRAINING_PART  # of both words
# Or a subclass whose own words have a backward or a step (`class Classifier(ManualModule):` stepping in its `update`):
# an override that a base class's loop or step body of another module may run. Such a file is let in only when a
# training module it imports calls one of its defs on `self` (`ProjectGate.driven_overrides`). Measured: 38 more of
# torch's files reach the engine (37 stop at the imported modules' words, one at `may_drive_an_override`: none is
# parsed), 10 of Lightning's (2 its analysis: precision plugins overriding a base's `optimizer_step`). So is a subclass
# whose words have neither, but an import line of which names a module that says train (`from rlhf.base_trainer
# import SummingTrainer`): an override with no lifecycle call of its own (a `loss()` the trainer's loop
# backpropagates). Measured: 4 more of torch's files reach the engine (none its analysis), 12 of Lightning's, 51 of
# allennlp's, 2 of trlx's (none), 13 of nnUNet's (7 its analysis: trainer variants overriding a hook `self.f()` of the
# base trainer). So is one whose import line names a `...Trainer` of a module that does not say train (`from engine.amp
# import AmpTrainer`): by the words, 0 more of torch's, fairseq's or composer's files, 23 of Lightning's.
# The pattern starts with the literal `class`, which `re` skips to fast, and asks behind it that the word starts there:
# one that starts with `\b` is tried at every byte (over torch's 2,285 texts 0.15 s of CPU, against 0.012).
DERIVED_CLASS = re.compile(rb"class(?<![A-Za-z0-9_]class)[ \t]+\w+[ \t]*\([ \t]*[A-Za-z_]")
# A class with more than one base, or a keyword among them (`class Trainer(Base, LoopMixin):`): one that may mix
# classes of the project into one trainer (`ProjectGate.composes_training`, asked of the tree).
MIXING_CLASS = re.compile(rb"class(?<![A-Za-z0-9_]class)[ \t]+\w+[ \t]*\([^()]*,")
# Or a script with no loop of its own that builds the optimizer and runs a trainer it imports on it
# (`PPOTrainer(accelerator, policy, optimizer).train(queries)`): what it hands the trainer is known only there. Its words
# say `train`, an optimizer, and an import line names a trainer (`TRAINER_IMPORT`); its tree must call a method on a
# construction of a class it imports, or a function it imports (`train_and_test(model, optimizer, scheduler, ...)`),
# (`trainer_methods_called`) that a def of a training module reaches a backward and a step from. One that names no
# optimizer hands the trainer nothing its own module's analysis does not see.
TRAINER_IMPORT = re.compile(rb"^[ \t]*(?:from|import)[ \t]+[\w.]*train|^[ \t]*from[ \t]+[\w.]+[ \t]+import[ \t(]+[^\n]*Trainer\b", re.MULTILINE)
# How many modules without a backward or a step the gate looks through to the modules they import, and how many
# modules one look-through may find at most (the nearest first): a package's re-exports and a factory's module are
# a few; a library's `__init__.py` names hundreds, every one of which the file's imports would be asked again.
THROUGH_DEPTH = 3
THROUGH_MODULES = 8
# A module's path -> (its text, whether it has a backward, and a step): the same text object, the same answer.
TRAINS: dict[str, tuple[str, tuple[bool, bool]]] = {}
# A module's path -> (its text, each def's (reaches a backward, reaches a step), and the methods each calls on `self`).
DefsSummary = tuple[dict[str, tuple[bool, bool]], dict[str, frozenset[str]]]
REACH: dict[str, tuple[str, DefsSummary]] = {}
# A module's path -> (its text, the code of each def, `defs_code`): what a def may reach, asked before the parse.
DEF_CODE: dict[str, tuple[str, DefCode | None]] = {}
# A module's path -> (its text, the modules its import lines name, `imports_in`).
IMPORTS: dict[str, tuple[str, tuple[tuple[str, bool], ...]]] = {}
# A name of a text: its ASCII letters, digits and underscores, and any other character (in code, a name is
# bounded by ASCII: whitespace, operators, quotes), so a name of other letters or combining marks is kept whole.
# Spelled as the ASCII it is not (`[\w\x80-\U0010ffff]` means the same and takes 11 ms to compile, not 0.1).
NAME = r"[^\x00-/:-@\[-^`{-\x7f]+"
WORD = re.compile(NAME, re.ASCII)
# The name after each `def` of a text (more than the defs: a `def` of a string or comment is one too); the literal
# first, as `DERIVED_CLASS`.
DEF_NAME = re.compile(rf"def(?<!\wdef)\b[\s\\]*({NAME})", re.ASCII)
# A module's path -> (its text, the names after its `def`s).
DEF_NAMES: dict[str, tuple[str, frozenset[str]]] = {}
# The same, of a file's bytes.
DEF_NAME_BYTES = re.compile(DEF_NAME.pattern.encode())
# The name called on `self` at each `self.name(` of a text (`driven_overrides` asks for each method whether one is).
SELF_CALL = re.compile(rf"self\.({NAME})\(", re.ASCII)
# A module's path -> (its text, the names called on `self` in it).
SELF_CALLS: dict[str, tuple[str, frozenset[str]]] = {}
# What an import statement's `from` clause is made of: its words, dots and spaces (backslash continuations apart).
CLAUSE_BYTES = NAME_BYTES | frozenset(b" \t\f.")
CONTINUATION = re.compile(rb"\\\r?\n")
# An import statement's names after its `import`: in parentheses to the closing one (past comments, which may hold one),
# else to its line's end past backslash continuations, a `;` or a comment (no string can be in between).
IMPORT_LIST = re.compile(rb"(?:[ \t\f]|\\\r?\n)*(?:\((?:[^)#]|#[^\n]*)*|(?:[^\n;#\\]|\\(?:\r?\n)?)*)")
# The names and dotted names of an import statement's list.
IMPORTED_NAME = re.compile(rb"[^\x00-\x2d/:-@\[-^`{-\x7f]+")


class ProjectGate:
    """For one checked file: which of the modules it imports have training code, and what their defs reach."""

    def __init__(self, checked: ModuleSource, load: Load) -> None:
        self.checked = checked
        self.load = cache(load)  # each module found once for the file, however many questions ask it
        self.passed_through: dict[str, list[str]] = {}
        self.driving: dict[str, list[str]] = {}  # a training module -> it and the project's modules it imports
        self.imports: tuple[ast.Module, list[tuple[str, str]]] | None = None  # the file's tree, its `imported_names`

    def module_trains(self, name: str) -> tuple[bool, bool]:
        """Whether the module has a backward, and a step, as the gate asks of a file: in its words, then in those of
        its code alone (a docstring's `optimizer.step()` is none; asked once per text, for every file importing it)."""
        source = self.load(name)
        if source is None:
            return False, False
        known = TRAINS.get(source.path)
        if known is None or known[0] is not source.source:
            known = TRAINS[source.path] = (source.source, lifecycle_in_code(as_bytes(source.source)))
        return known[1]

    def is_package(self, name: str) -> bool:
        source = self.load(name)
        return source is not None and source.is_package

    def in_text(self, data: bytes, words: ElsewhereWords | None = None) -> bool:
        """The text speaks of an optimizer and of epochs or a data loader (or runs a trainer it imports,
        `may_run_a_trainer`), and it and the modules it imports (`from . import engine`: that submodule; `import
        trainlib`, a package: its `__init__.py` and what that imports, as for `from trainlib import *`) have a
        backward and a step between them. `words`: `elsewhere_words` of the text, asked already (by the screen)."""
        words = elsewhere_words(data) if words is None else words
        if words is None:
            return False
        backward, step = words.lifecycle
        loops = words.loops
        if backward and step and not self.may_import_a_module(data):
            # Its words hold both (its code not: docstrings, `torch/amp/grad_scaler.py`'s), and no import of it
            # can load a module of the project: the tree's questions (`may_reach_both`) would find none to mark it.
            return False
        for name, whole in imports_in(data, self.checked.package):
            if name == self.checked.name:
                continue
            # a name that is no module of the project leads nowhere (torch's files name torch's modules, never read)
            found = self.load(name) is not None
            submodules = self.submodules_named(name, attributes_in_text(name, data)) if found and whole and self.is_package(name) else []
            for module in self.through(name) + submodules if found else ():
                has_backward, has_step = self.module_trains(module)
                backward, step = backward or has_backward, step or has_step
            if backward and step:
                # Let in for an override alone, its tree reaches both only through one a training module drives or a
                # class mixing bases (`may_reach_both`: a reason that asks the tree of such a file must be asked here too)
                return loops or self.may_drive_an_override(data) or MIXING_CLASS.search(data) is not None
        return False

    def may_import_a_module(self, data: bytes) -> bool:
        """Whether an import statement of the text may load a module of the project: `modules_imports_may_name` names
        every module its tree's imports name (`imported_names`, which every question of the tree starts from), however
        they are written (`x = 1; import engine`, a list in parentheses or continued, an import inside a def)."""
        return any(self.load(module) is not None for module in dict.fromkeys(modules_imports_may_name(data, self.checked.package)))

    def submodules_named(self, name: str, attributes: Iterable[str]) -> list[str]:
        """The submodules of a package imported whole that the file names as its `attributes` (`steps` of
        `models.steps.train_batch(...)`), which a module `__getattr__` may load on first use (PEP 562) or another
        import may have bound, where `through` finds no import of them."""
        named = dict.fromkeys(f"{name}.{attribute}" for attribute in attributes)
        return [module for module in named if module not in self.through(name) and self.load(module) is not None]

    def may_drive_an_override(self, data: bytes) -> bool:
        """Whether a training module the file's import statements may name (`modules_imports_may_name`, looked
        through as `training_candidates` does) calls on `self` a name the file defines: where none does,
        `driven_overrides` finds none in its tree (asked of the text, to spare the parse)."""
        defined = frozenset(name_of(name) for name in DEF_NAME_BYTES.findall(data))
        return any(
            any(self.module_trains(candidate)) and any(not defined.isdisjoint(self.called_on_self(d)) for d in self.drivers(candidate))
            for module in dict.fromkeys(modules_imports_may_name(data, self.checked.package))
            for candidate in self.through(module)
        )

    def called_on_self(self, name: str) -> frozenset[str]:
        """The names the module's text calls on `self` (asked once per text, for every file that imports it)."""
        source = self.load(name)
        if source is None:
            return frozenset()
        known = SELF_CALLS.get(source.path)
        if known is None or known[0] is not source.source:
            known = SELF_CALLS[source.path] = (source.source, frozenset(SELF_CALL.findall(source.source)))
        return known[1]

    def through(self, name: str) -> list[str]:
        """The module, and when it has neither a backward nor a step, the modules of the project its import lines
        name, in turn (`THROUGH_DEPTH` steps, `THROUGH_MODULES` modules at most): where what it holds may come from
        (a package's `__init__.py` re-exporting `train_step` from a submodule's star import; a factory's
        `build_trainer(cfg)` returning a `Trainer` of another module)."""
        if name not in self.passed_through:
            found, frontier = {name: None}, [name]
            for _ in range(THROUGH_DEPTH):
                imported = [
                    module for looked in frontier if not all(self.module_trains(looked))
                    for module, whole in self.imports_of(looked) if not (whole and self.is_package(module))
                ]
                # A name an import line may make a submodule of (`from .loops import run_epoch`: `loops.run_epoch`) counts
                # only where it is one.
                frontier = [
                    module for module in dict.fromkeys(imported) if module not in found and self.load(module) is not None
                ][: THROUGH_MODULES - len(found)]
                found.update(dict.fromkeys(frontier))
            self.passed_through[name] = list(found)
        return self.passed_through[name]

    def imports_of(self, name: str) -> tuple[tuple[str, bool], ...]:
        """The modules the module's import lines name (asked once per text, for every file that looks through it)."""
        source = self.load(name)
        if source is None:
            return ()
        known = IMPORTS.get(source.path)
        if known is None or known[0] is not source.source:
            known = IMPORTS[source.path] = (source.source, tuple(imports_in(as_bytes(source.source), source.package)))
        return known[1]

    def mark(self, tree: ast.Module, summary: Summary) -> None:
        """Mark the file's bodies that call a def of a training module reaching a backward or a step (themselves, or
        through a class or def of a module without training code that calls it: `relayed`), and the overrides such a
        module's loop may run (`driven_overrides`) as reaching both."""
        self.mark_callers(tree, summary, frozenset().union(*(body.calls for body in summary.bodies), base_names(tree)))
        driven = self.driven_overrides(tree)
        if self.composes_training(tree):
            summary.bodies[0].backward = summary.bodies[0].step = True  # the class statement is the module's code
        for body in summary.bodies:
            if body.name in driven:
                body.backward = body.step = True

    def mark_loop_callers(self, tree: ast.Module, summary: Summary, data: bytes) -> None:
        """For a file whose own words hold a backward and a step, and say what a file without them must say to be asked
        (`may_loop_elsewhere`: an optimizer or training, and epochs or a loader): mark its bodies that call, among the
        names its loops call (`Summary.called_in_loops`), a def of a training module it imports reaching a backward or
        a step (a script that pre-trains inline and fine-tunes through the project's stepper, `stepper.train_step(batch)`,
        clearing around it). Not every call: a test suite's `trainer.train()` outside a loop is checked where the
        trainer is."""
        if not may_loop_elsewhere(data, says_train(data)):
            return
        backward, step = summary.reaching(lambda b: b.backward), summary.reaching(lambda b: b.step)
        module_backward, module_step = self.words_within_reach(tree)
        # Asked only where a mark may make a root: a body lacking what the modules' words may give it
        if any(not (b and s) and (b or module_backward) and (s or module_step) for b, s in zip(backward, step)):
            self.mark_callers(tree, summary, summary.called_in_loops)

    def words_within_reach(self, tree: ast.Module) -> tuple[bool, bool]:
        """Whether the modules whose defs `reached` may ask have a backward, and a step, in their words (from their
        texts: what a mark may give at most): those the file's imports name (a package imported whole: the submodules
        it names), the modules they lead to (`through`), and for a training module, the modules it imports where its
        bases may be (`drivers`), with those they lead to (`with_inherited`)."""
        named: list[str] = []
        for module, name in self.names_imported(tree):
            named += [module, f"{module}.{name}"] if name and name != "*" else [module]
            if not name and self.is_package(module):
                named += self.submodules_named(module, attributes_in_tree(module, tree))
        led_to = [found for module in dict.fromkeys(named) if self.load(module) is not None for found in self.through(module)]
        bases = [base for module in led_to if any(self.module_trains(module)) for base in self.drivers(module)[1:]]
        asked = dict.fromkeys([*led_to, *bases, *(found for base in bases for found in self.through(base)[1:])])
        flags = [self.module_trains(module) for module in asked if module != self.checked.name]
        return any(b for b, _ in flags), any(s for _, s in flags)

    def mark_callers(self, tree: ast.Module, summary: Summary, called: frozenset[str]) -> None:
        """Mark the file's bodies that call one of the `called` names, a def of a training module reaching a backward
        or a step (itself, or through a class or def of a module without training code that calls it: `relayed`), as
        that def's own backward and step would."""
        relayed = self.relayed(tree, called)
        reached = self.reached(tree, called.union(*relayed.values()))
        for body in summary.bodies:
            calls = body.calls & called
            for name in calls.union(*(relayed.get(name, ()) for name in calls)) & reached.keys():
                backward, step = reached[name]
                body.backward, body.step = body.backward or backward, body.step or step

    def mark_driven_lifecycle(self, tree: ast.Module, summary: Summary) -> None:
        """Mark the overrides a training module's loop may run (`driven_overrides`) that hold a backward or a step of
        their own as reaching both (not a test model's `forward`, which a library's base calls too)."""
        driven = self.driven_overrides(tree)
        for body in summary.bodies:
            if body.name in driven and (body.backward or body.step):
                body.backward = body.step = True

    def driven_overrides(self, tree: ast.Module) -> frozenset[str]:
        """The methods of the file's subclasses that a training module it imports calls on `self` (a base class's
        loop calling `self.optimizer_step()`, overridden here): run by that loop, with its backward and its step."""
        methods = frozenset(
            method.name for node in statements_in(tree) if isinstance(node, ast.ClassDef) and node.bases
            for method in node.body if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef))
        )
        found: set[str] = set()
        for candidate in self.imported_training_modules(tree) if methods else ():
            for driver in self.drivers(candidate):
                source = self.load(driver)
                found.update(name for name in methods - found if source is not None and f"self.{name}(" in source.source)
        return frozenset(found)

    def imported_training_modules(self, tree: ast.Module) -> Iterator[str]:
        """The training modules the file's imports name, and those they lead to (`through`), as `may_drive_an_override`
        reads them from the text: a base's loop may call an override whatever module defines the method's default (a
        loop mixin's module calling `self._after_update()`, a template's module defining it)."""
        for module in self.imported_modules(tree):
            yield from (candidate for candidate in self.through(module) if any(self.module_trains(candidate)))

    def imported_modules(self, tree: ast.Module) -> list[str]:
        """The modules of the project, other than the file's own, that its imports name (`from m import f`: `m`, and
        `m.f` where that is a submodule)."""
        named = (found for module, name in self.names_imported(tree) for found in (module, f"{module}.{name}") if name != "*")
        return [module for module in dict.fromkeys(named) if module != self.checked.name and self.load(module) is not None]

    def names_imported(self, tree: ast.Module) -> list[tuple[str, str]]:
        """`imported_names` of the file's tree, whose statements are walked once for the questions that ask them."""
        if self.imports is None or self.imports[0] is not tree:
            self.imports = (tree, list(imported_names(tree, self.checked.package)))
        return self.imports[1]

    def drivers(self, name: str) -> list[str]:
        """A training module, and the modules of the project it imports, where the bases of its classes may be: the loop
        of a grandparent class may call the override on `self` (engine/base.py's `fit()` calling
        `self.training_step(batch)`, for a file deriving from the `AmpTrainer` of engine/amp.py)."""
        if name not in self.driving:
            self.driving[name] = [name] + [
                module for module, whole in self.imports_of(name)
                if module != name and not (whole and self.is_package(module)) and self.load(module) is not None
            ]
        return self.driving[name]

    def composes_training(self, tree: ast.Module) -> bool:
        """Whether a class of the file mixes classes it imports from the project whose modules' defs reach a backward
        and a step between them (mmf's trainer: a loop mixin calling `self._backward(loss)` and `self._finish_update()`,
        which another mixin defines): the class runs them as one trainer, checked here (`facts.inherited_roots`)."""
        imported = {name: module for module, name in self.names_imported(tree) if name and name != "*"}
        for node in statements_in(tree):
            bases = [base.id for base in node.bases if isinstance(base, ast.Name)] if isinstance(node, ast.ClassDef) else []
            modules = {imported[base] for base in bases if base in imported}
            if len(bases) < 2 or not modules:
                continue
            reached = [flags for module in modules for candidate in self.through(module) for flags in self.defs_reach(candidate).values()]
            if any(backward for backward, _ in reached) and any(step for _, step in reached):
                return True
        return False

    def may_reach_both(self, tree: ast.Module, source: str, summary: Summary) -> bool:
        """Whether a body of the file may reach a backward and a step once `mark`ed, asked before the marks (`summary`:
        its tree's, unmarked): the defs of training modules it imports that are named in it (every name a body calls
        is a word of its text) reach them, or one of them while its own code has the other (its code has not both: the
        gate asked)."""
        if self.driven_overrides(tree) or self.composes_training(tree):
            return True
        data = as_bytes(source)
        train = says_train(data)
        if may_loop_elsewhere(data, train):
            called = words_of(source) if says_optimizer(data) else summary.called_in_loops | drivers_of_handed_instances(tree)
        elif may_run_a_trainer(data, train):
            called = trainer_methods_called(tree)
        else:
            # its words let it in for an override alone (`in_text` asked its text `may_drive_an_override`), and no
            # training module it imports runs one
            return False
        backward = step = False
        called = called.union(*self.relayed(tree, called).values())
        for reaches_backward, reaches_step in self.reached(tree, called).values():
            backward, step = backward or reaches_backward, step or reaches_step
        if backward == step:
            return backward
        own_backward, own_step = lifecycle_in_code(as_bytes(source))
        return (backward or own_backward) and (step or own_step)

    def relayed(self, tree: ast.Module, called: frozenset[str]) -> dict[str, frozenset[str]]:
        """Each of the `called` names the file imports from a module of the project without a backward or a step that
        defines it (through a package's re-exports: `through`), with the names of that module's text: a class or def
        handed the objects of a training module may call their methods (`EpochLoop(model, loader, optim_wrapper)`,
        whose loop calls the wrapper's `update_params`), and one handed none may still run the defs of a training
        module it imports (`main(epochs=1, lr=0.1)` building its own optimizer and calling the trainer's `train`), so
        what the call hands does not matter. The module is read as text, never parsed."""
        found: dict[str, frozenset[str]] = {}
        for module, name in self.names_imported(tree):
            if name not in called:
                continue
            names = self.original_names(module, name)
            for candidate in self.through(module):
                source = self.load(candidate)
                if source is not None and not any(self.module_trains(candidate)) and any(defines(source.source, n) for n in names):
                    found[name] = found.get(name, frozenset()) | words_of(source.source)
        return found

    def original_names(self, module: str, name: str) -> frozenset[str]:
        """`name` and the names a package's re-exports import it as (`from .loops import run_epoch as fit_epoch`:
        `run_epoch` for `fit_epoch`), read in the texts of the modules `through` finds."""
        aliased = re.compile(rf"\b({NAME})[ \t]+as[ \t]+{re.escape(name)}\b", re.ASCII)
        texts = [source.source for candidate in self.through(module) if (source := self.load(candidate)) is not None]
        return frozenset({name, *(original for text in texts for original in aliased.findall(text))})

    def reached(self, tree: ast.Module, called: frozenset[str]) -> dict[str, tuple[bool, bool]]:
        """Each of the `called` names that is a def of a training module the file imports, with what the def
        reaches (a backward, a step), where it reaches one."""
        reached: dict[str, tuple[bool, bool]] = {}
        found = [
            (def_name, self.with_inherited(candidate, def_name, flags))
            for candidate, attribute in self.training_candidates(tree, called)
            if self.may_reach(candidate, called if attribute is None else called & {attribute})
            for def_name, flags in (
                self.defs_reach(candidate).items() if attribute is None
                else [(attribute, self.defs_reach(candidate).get(attribute, (False, False)))]
            )
            if any(flags) and def_name in called
        ]
        for def_name, flags in [*found, *self.dispatched(tree, called), *self.overridden(tree, called)]:
            old = reached.get(def_name, (False, False))
            reached[def_name] = (old[0] or flags[0], old[1] or flags[1])
        return reached

    def dispatched(self, tree: ast.Module, called: frozenset[str]) -> Iterator[tuple[str, tuple[bool, bool]]]:
        """Each of the `called` names that is a def of a module without training code where the bases of a training
        module's classes may be (`drivers`), with what the methods it calls on `self` reach in that training module:
        `buggy.meta_observe(...)` runs the base's `meta_observe`, which runs the subclass's `observe`, which steps."""
        for module in self.imported_modules(tree):
            for candidate in self.through(module):
                # a base module's own defs are asked as a training module's; one that defines none of the names is left
                bases = [
                    base for base in self.drivers(candidate)[1:] if not any(self.module_trains(base)) and self.may_define(base, called)
                    and self.may_reach(candidate, self.words_of_defs(base, called))
                ] if any(self.module_trains(candidate)) else []
                reaches = self.defs_reach(candidate) if bases else {}  # parsed only where a base may dispatch to it
                for base in bases if any(any(flags) for flags in reaches.values()) else ():
                    for def_name, on_self in self.defs_call_on_self(base).items():
                        flags = [reaches.get(method, (False, False)) for method in on_self] if def_name in called else []
                        if any(any(each) for each in flags):
                            yield def_name, (any(b for b, _ in flags), any(s for _, s in flags))

    def overridden(self, tree: ast.Module, called: frozenset[str]) -> Iterator[tuple[str, tuple[bool, bool]]]:
        """Each of the `called` names that is a def of a training module a module the file imports leads to (its base's
        module, `through`), with what the methods it calls on `self` reach where that imported module overrides them
        (`with_inherited`: and what those reach in turn in the modules it imports): `agent.update_net(buffer)` runs
        the base's `update_net`, which runs the subclass's `update_objectives`, which hands its loss to the base's
        `self.optimizer_backward(...)`."""
        for module in self.imported_modules(tree):
            bases = [base for base in self.through(module)[1:] if any(self.module_trains(base)) and self.may_define(base, called)]
            own = self.defs_reach(module) if bases else {}  # parsed only where a base it leads to may define a called name
            for base in bases if own else ():
                words = self.words_of_defs(base, called)
                if words is not None and own.keys().isdisjoint(words):
                    continue  # its called defs call on `self` no method the imported module defines: not parsed
                for def_name, on_self in self.defs_call_on_self(base).items():
                    flags = [self.with_inherited(module, method, own[method]) for method in on_self if method in own] if def_name in called else []
                    if any(any(each) for each in flags):
                        yield def_name, (any(b for b, _ in flags), any(s for _, s in flags))

    def with_inherited(self, module: str, name: str, flags: tuple[bool, bool]) -> tuple[bool, bool]:
        """What the def `name` of `module` reaches, with what the methods it calls on `self` reach in the modules its
        imports lead to (`through`), where its own module has one of the two only: a subclass's `train_step` calling
        the backward of its own and the base's `self.update_params()`, which steps."""
        on_self = self.defs_call_on_self(module).get(name, frozenset()) if not all(flags) else frozenset()
        for other in self.through(module)[1:] if on_self else ():
            for method in on_self if self.may_reach(other, on_self) else ():
                found = self.defs_reach(other).get(method, (False, False))
                flags = (flags[0] or found[0], flags[1] or found[1])
        return flags

    def training_candidates(self, tree: ast.Module, called: frozenset[str]) -> Iterator[tuple[str, str | None]]:
        """(module, None) for a training module the file imports whose defs the `called` names may be;
        (module, name) for one def of it the file imports by name (`from m import f`, f called); a name it imports
        that is no def of it (`from engine import Trainer`, a class, called or not: `Steps.train_step(...)`) stands
        for the defs of it the file calls, the class's methods among them (`trainer.train_step(...)`); the training
        modules a factory's module imports (`build_trainer(cfg)` returning a `Trainer` of another module, `through`)."""
        for module, name in self.names_imported(tree):
            # `from m import f`: `f` of `m`; `from . import m`, `from pkg import m`: the defs of `m`;
            # `import m`, `from m import *`: the defs of `m` (of a package, its `__init__.py`'s and, `through` its
            # imports, the re-exported modules': `trainlib.Trainer`, `models.steps.train_batch`)
            if name == "*":  # the module's names, a package's too (its `__init__.py` re-exports a submodule's)
                candidates = [(module, None)]
            elif name:
                candidates = [(module, name), (f"{module}.{name}", None)]
            else:
                candidates = [(module, None)] if self.load(module) is not None else []
                if self.is_package(module):
                    candidates += [(sub, None) for sub in self.submodules_named(module, attributes_in_tree(module, tree))]
            candidates += [(further, None) for candidate, _ in candidates for further in self.through(candidate)[1:]]
            # a class of a training module may inherit the called method from a base of a module it imports (a factory's
            # subclass whose `run()` the base of engines/trainer.py defines)
            candidates += [
                (base, None) for candidate, _ in list(candidates) if any(self.module_trains(candidate))
                for base in self.drivers(candidate)[1:]
            ]
            for candidate, attribute in candidates:
                if candidate == self.checked.name or not any(self.module_trains(candidate)):
                    continue
                if attribute is not None and not self.may_define(candidate, {attribute}):
                    attribute = None
                if self.may_define(candidate, called if attribute is None else {attribute}):
                    yield candidate, attribute  # else the file calls none of its defs: they cannot mark a body

    def may_define(self, name: str, called: Iterable[str]) -> bool:
        """Whether the module's text may have a def named as one of the `called` names (asked before its parse)."""
        source = self.load(name)
        if source is None:
            return False
        known = DEF_NAMES.get(source.path)
        if known is None or known[0] is not source.source:
            known = DEF_NAMES[source.path] = (source.source, names_in(DEF_NAME.findall(source.source), source.source))
        return not known[1].isdisjoint(called)

    def may_reach(self, name: str, called: Iterable[str] | None) -> bool:
        """Whether a def of the module named as one of the `called` names (None: any name) may reach a backward or a
        step, from the code of its defs (`def_code.may_reach`, asked before its parse)."""
        from zerograd_lint.core.def_code import may_reach

        defs = self.defs_code(name)
        return defs is None or called is None or may_reach(defs, called)

    def words_of_defs(self, name: str, called: Iterable[str]) -> frozenset[str] | None:
        """The words of the code of the module's defs named as one of the `called` names: what they may call on `self`
        among them (None: not known without its parse)."""
        from zerograd_lint.core.def_code import words_of_defs

        defs = self.defs_code(name)
        return None if defs is None else words_of_defs(defs, called)

    def defs_code(self, name: str) -> DefCode | None:
        """The code of each def of the module (`def_code.defs_code`; cut once per text, for every file that imports it;
        None where the module is not there, or its code is not cut for sure; imported where first asked: a run the
        screen answers does without)."""
        from zerograd_lint.core.def_code import defs_code

        source = self.load(name)
        if source is None:
            return None
        known = DEF_CODE.get(source.path)
        if known is None or known[0] is not source.source:
            known = DEF_CODE[source.path] = (source.source, defs_code(as_bytes(source.source)))
        return known[1]

    def defs_reach(self, name: str) -> dict[str, tuple[bool, bool]]:
        """What each def of the module reaches (asked once per text, for every file that imports it)."""
        return self.defs_summary(name)[0]

    def defs_call_on_self(self, name: str) -> dict[str, frozenset[str]]:
        """The methods each def of the module calls on `self` (asked once per text, as `defs_reach`)."""
        return self.defs_summary(name)[1]

    def defs_summary(self, name: str) -> DefsSummary:
        source = self.load(name)
        if source is None:
            return {}, {}
        known = REACH.get(source.path)
        if known is None or known[0] is not source.source:
            known = REACH[source.path] = (source.source, defs_summary_of(source.source))
        return known[1]


def defs_summary_of(text: str) -> DefsSummary:
    """What each def of a module's text reaches and calls on `self`, from its CPython tree (nothing where it does not
    parse)."""
    try:
        summary = summarize(ast.parse(text))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}, {}
    return reaches_of(summary), calls_on_self(summary)


def attributes_in_text(module: str, data: bytes) -> list[str]:
    """The attributes a text reads of the module's name (`steps` of `models.steps.train_batch(...)`), from its words."""
    return [found.decode() for found in re.findall(rb"(?<![\w.])" + re.escape(module.encode()) + rb"\.(\w+)", data)]


def attributes_in_tree(module: str, tree: ast.Module) -> list[str]:
    """The attributes the file's code reads of the module's name (`import models`, then `models.steps.f(...)`)."""
    return [
        dotted[len(module) + 1 :].split(".")[0] for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and (dotted := dotted_name(node)) is not None and dotted.startswith(f"{module}.")
    ]


def defines(source: str, name: str) -> bool:
    """Whether a text may have a def or a class named `name` (asked before any parse)."""
    return re.search(rf"\b(?:def|class)[\s\\]+{re.escape(name)}\b", source) is not None


def words_of(source: str) -> frozenset[str]:
    """The names a text may call: every name of its code is one."""
    return names_in(WORD.findall(source), source)


def names_in(found: list[str], source: str) -> frozenset[str]:
    """Names found in the text, as Python reads them (in their normal form)."""
    return frozenset(found if source.isascii() else (unicodedata.normalize("NFKC", name) for name in found))


class ElsewhereWords(NamedTuple):
    """What `ProjectGate.in_text` asks of a text's words before its imports: asked by the screen (`elsewhere_words`) and
    handed to the engine with the text, which need not scan it again (torch's tree: 83 texts, 6 MB, ~20 ms)."""

    lifecycle: tuple[bool, bool]  # `lifecycle_words`
    loops: bool  # `may_loop_elsewhere` or `may_run_a_trainer`


# What the screen's words test answers for a file the engine must see (`runner.words_met`): the needs its own words may
# meet, or where they meet none, the project gate's words.
Words = Union[frozenset[str], ElsewhereWords]


def elsewhere_words(data: bytes) -> ElsewhereWords | None:
    """The words of a file whose code may run a backward and a step it imports (asked before anything is read), or
    None where it cannot."""
    train = says_train(data)
    loops = may_loop_elsewhere(data, train) or may_run_a_trainer(data, train)
    if not (loops or may_hold_driven_override(data, train)):
        return None
    return ElsewhereWords(lifecycle_words(data), loops)  # its words asked once: `holds` keeps the last text's


# `train` below: the text's `says_train`, asked once for the three tests (the screen asks them of every text of a tree
# whose own words did not pass: over torch's, its two words cost a fifth of the three tests).


def may_run_a_trainer(data: bytes, train: bool) -> bool:
    """The words of a script that builds an optimizer and runs a trainer it imports (`TRAINER_IMPORT`)."""
    return train and says_optimizer(data) and imports_a_trainer(data)


def may_loop_elsewhere(data: bytes, train: bool) -> bool:
    """The words of a file whose loop may run a backward and a step it imports."""
    # The optimizer first: `says_optimizer` often finds its word early, and rules out a third of the bytes (torch's
    # texts that no need passes) that the three loop words, missing from most texts, would each scan whole.
    return (train or says_optimizer(data)) and any(word in data for word in LOOP_WORDS)


def may_hold_driven_override(data: bytes, train: bool, lifecycle: tuple[bool, bool] | None = None) -> bool:
    """The words of a subclass holding a backward or a step, or deriving from a trainer it imports, whose methods a
    base class of another module may run; `lifecycle`: the text's `lifecycle_words`, where asked already."""
    # The class first: its pattern rules out more texts for less than the calls' (torch's: 930 of 2,285 have one)
    if DERIVED_CLASS.search(data) is None:
        return False
    return any(lifecycle_words(data) if lifecycle is None else lifecycle) or (train and imports_a_trainer(data))


def imports_a_trainer(data: bytes) -> bool:
    """An import line of the text matches `TRAINER_IMPORT`: asked of the lines holding `rain` (`train`, `Trainer`)
    alone, since a pattern anchored at each line's start is tried at every byte (over torch's texts 0.31 s of CPU, the
    lines 0.04 s)."""
    start = 0
    while (found := data.find(b"rain", start)) != -1:
        begin = data.rfind(b"\n", 0, found) + 1
        end = data.find(b"\n", found)
        end = len(data) if end == -1 else end
        if TRAINER_IMPORT.match(data, begin, end):
            return True
        start = end + 1
    return False


def says_train(data: bytes) -> bool:
    """The text speaks of training or of a trainer (`TRAINER_WORD`, `TRAINER_CLASS_WORD`)."""
    # Both words hold `rain`: one look rules out most texts, where looking for each missing word took two (the screen
    # asks every text of a tree whose own words did not pass: torch's, 2,260 of 2,328)
    return holds(data, TRAINER_PART) and (TRAINER_WORD in data or TRAINER_CLASS_WORD in data)


def says_optimizer(data: bytes) -> bool:
    """The text speaks of an optimizer (`OPTIMIZER_WORD`)."""
    # The pattern alone: it starts with the literal `opt`, which it skips to as fast as `in` would find it, and most of
    # the bytes it is asked of hold the word (`optional`): looking for the word first scanned them twice.
    return OPTIMIZER_WORD.search(data) is not None


def trainer_methods_called(tree: ast.Module) -> frozenset[str]:
    """The methods the file calls on a construction of a class it imports by name, bound to no name or to a name
    (`PPOTrainer(...).train(queries)`, `trainer = PPOTrainer(...)` then `trainer.train(queries)`): `train`; and the
    functions it imports by name that it calls (`train_and_test(model, optimizer, scheduler, ...)` of the project's
    training module: what the script hands it, a torch scheduler built on the optimizer, is known only there)."""
    imported = {alias.asname or alias.name for node in statements_in(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    calls = [call for call in ast.walk(tree) if isinstance(call, ast.Call)]
    constructions = {
        target.id for node in ast.walk(tree) if isinstance(node, ast.Assign) and constructs(node.value, imported)
        for target in node.targets if isinstance(target, ast.Name)
    }
    return frozenset(
        call.func.attr for call in calls if isinstance(call.func, ast.Attribute)
        and (constructs(call.func.value, imported) or isinstance(call.func.value, ast.Name) and call.func.value.id in constructions)
    ) | frozenset(
        call.func.id for call in calls if constructs(call, imported) and not call.func.id[:1].isupper()  # type: ignore[attr-defined]
    )  # a function's name, not a class's (what its construction runs is asked of the methods called on it)


def drivers_of_handed_instances(tree: ast.Module) -> frozenset[str]:
    """The classes the file imports whose construction it hands, by a name, an instance of another class it imports
    (`ExperimentBuilder(model=model, ...)` after `model = FewShotLearner(...)`), with the methods it calls on such a
    construction (`run_experiment`): a script naming no optimizer may still hand a loop of another module a learner
    that owns one, which that module's own analysis cannot see."""
    imported = {alias.asname or alias.name for node in statements_in(tree) if isinstance(node, ast.ImportFrom) for alias in node.names}
    assigned = [(node.targets, node.value) for node in ast.walk(tree) if isinstance(node, ast.Assign) and constructs(node.value, imported)]
    instances = {target.id for targets, _ in assigned for target in targets if isinstance(target, ast.Name)}

    def hands_an_instance(value: ast.expr) -> bool:
        handed = (*value.args, *(keyword.value for keyword in value.keywords)) if isinstance(value, ast.Call) else ()
        return constructs(value, imported) and any(isinstance(each, ast.Name) and each.id in instances for each in handed)

    drivers = {target.id for targets, value in assigned if hands_an_instance(value) for target in targets if isinstance(target, ast.Name)}
    classes = {value.func.id for _, value in assigned if hands_an_instance(value)}  # type: ignore[attr-defined]
    return frozenset(classes) | frozenset(
        call.func.attr for call in ast.walk(tree) if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)
        and (hands_an_instance(call.func.value) or isinstance(call.func.value, ast.Name) and call.func.value.id in drivers)
    )


def constructs(value: ast.expr, imported: set[str]) -> bool:
    """Whether `value` calls one of the `imported` names (a class, or a factory: the gate asks what its defs reach)."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in imported


def lifecycle_words(data: bytes) -> tuple[bool, bool]:
    """Whether the text has a backward call, and a step call (the gate's lifecycle words, each alone)."""
    # Each call's pattern starts with its word, which `in` finds missing (most texts) several times faster than `re`.
    return (
        holds(data, b"backward") and calls_attribute(data, BACKWARD_CALL, b"manual_"),
        holds(data, b"step") and calls_attribute(data, STEP_CALL),
    )


def lifecycle_in_code(data: bytes) -> tuple[bool, bool]:
    """Whether the text has a backward call, and a step call, in its words and then in its code's."""
    backward, step = lifecycle_words(data)
    if backward or step:
        in_code = lifecycle_words(code_only(data))
        backward, step = backward and in_code[0], step and in_code[1]
    return backward, step


def reaches_of(summary: Summary) -> dict[str, tuple[bool, bool]]:
    backward, step = summary.reaching(lambda b: b.backward), summary.reaching(lambda b: b.step)
    found: dict[str, tuple[bool, bool]] = {}
    for body, reaches_backward, reaches_step in zip(summary.bodies, backward, step):
        for name in (body.name, body.runs_as) if body.name is not None else ():
            if name is not None:
                old = found.get(name, (False, False))
                found[name] = (old[0] or reaches_backward, old[1] or reaches_step)
    return found


def calls_on_self(summary: Summary) -> dict[str, frozenset[str]]:
    """The methods each def calls on `self` (of every def of that name)."""
    found: dict[str, frozenset[str]] = {}
    for body in summary.bodies:
        if body.name is not None:
            found[body.name] = found.get(body.name, frozenset()) | body.on_self
    return found


def base_names(tree: ast.Module) -> frozenset[str]:
    """The names the file's classes derive from (`class Trainer(StepMixin)`, `mixins.StepMixin`: its first name): a
    base of a training module stands for its defs, as a class the file calls does (its methods run on `self`)."""
    return frozenset(
        dotted.split(".")[0] for node in statements_in(tree) if isinstance(node, ast.ClassDef)
        for base in node.bases if (dotted := dotted_name(base)) is not None
    )


def imported_names(tree: ast.Module, package: str) -> Iterator[tuple[str, str]]:
    """(module, name) for each `from module import name` (`*` included) anywhere in the file; (module, "") for
    `import module`."""
    for node in statements_in(tree):
        if isinstance(node, ast.ImportFrom):
            module = absolute(node.module or "", node.level, package)
            if module is not None:
                for alias in node.names:
                    yield module, alias.name
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ""


def imports_in(data: bytes, package: str) -> Iterator[tuple[str, bool]]:
    """The modules a text's import lines name (`imported_modules`), found from the word without a parse."""
    for match in IMPORT_WORD.finditer(data):
        start = data.rfind(b"\n", 0, match.start()) + 1
        end = data.find(b"\n", match.end())
        words = data[start : end if end != -1 else len(data)].decode("ascii", "replace").replace(",", " ").split()
        yield from imported_modules(words, package)


def modules_imports_may_name(data: bytes, package: str) -> Iterator[str]:
    """Every module an import statement of the text may name, as `imported_names` reads them from its tree
    (`from a import b`: `a` and `a.b`; `import a.b`: `a.b`), and more (words of strings, aliases): the names after each
    `import` to the statement's end, with the `from` clause before it. Unlike `imports_in` it misses none (a list
    in parentheses or continued, `x = 1; import y`), so that what none of them holds no import of the file brings."""
    for match in IMPORT_WORD.finditer(data):
        if not starts_word(data, match.start()):
            continue
        clause = CONTINUATION.sub(b" ", data[clause_start(data, match.start()) : match.start()]).strip()
        names = [name_of(word) for word in IMPORTED_NAME.findall(IMPORT_LIST.match(data, match.end()).group())]  # type: ignore[union-attr]
        if not (clause.startswith(b"from") and (len(clause) == 4 or clause[4] not in NAME_BYTES)):  # `from .a`, `from.a`
            yield from names
            continue
        spec = name_of(b"".join(clause[4:].split()))
        level = len(spec) - len(spec.lstrip("."))
        module = absolute(spec[level:], level, package)
        if module is not None:
            yield module
            yield from (f"{module}.{name}" for name in names)


def name_of(word: bytes) -> str:
    """A name of a file's bytes as Python reads it (in its normal form)."""
    name = word.decode("utf-8", "surrogatepass")
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


def clause_start(data: bytes, end: int) -> int:
    """Where the words, dots and spaces before `end` start (going back past backslash continuations): an import
    statement's `from` clause, if it has one."""
    index = end
    while index > 0:
        if data[index - 1] in CLAUSE_BYTES:
            index -= 1
        elif data.endswith(b"\\\n", 0, index) or data.endswith(b"\\\r\n", 0, index):
            index = data.rindex(b"\\", 0, index)
        else:
            break
    return index


def imported_modules(words: list[str], package: str) -> list[tuple[str, bool]]:
    """The modules an import line names, each with whether it is imported whole: `from .a import b` -> `pkg.a`
    and `pkg.a.b`; `from . import engine` -> `pkg.engine`; `import a.b as c, d` -> `a.b`, `d` (whole: a package imported whole
    is followed only to its submodules, whose own import lines say them). Nothing for a line that is no import."""
    if len(words) >= 4 and words[0] == "from" and words[2] == "import":
        level = len(words[1]) - len(words[1].lstrip("."))
        module = absolute(words[1][level:], level, package)
        if module is None:
            return []
        # `from pkg import engine`: `engine` may be a submodule (a name of `pkg` that is none does not load)
        names = [(f"{module}.{word}", True) for word in words[3:] if word.isidentifier() and word != "as"]
        return names if level and not words[1][level:] else [(module, False), *names]
    if len(words) >= 2 and words[0] == "import":
        return [(word, True) for word in words[1:] if word != "as" and all(part.isidentifier() for part in word.split("."))]
    return []
