"""`zerograd-lint explain`: the inferred lifecycle of each training loop, as a readable timeline.

The reports shown are those `check` makes for the same file: the same reading
(limits, unreadable files, encodings), the same engine call, the same
configuration, selection and `# noqa`. Each report is shown once, under the
innermost training loop it belongs to, or after them. Notebooks are
explained cell by cell, as `check` places their reports.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import (
    Accumulate,
    AssertedNoGrad,
    Assign,
    Backward,
    Clear,
    Clip,
    Event,
    NewScaler,
    NextElement,
    OptimizerBuilt,
    Rebind,
    SchedulerStep,
    StateLoad,
    Step,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.core.deep_stack import deeper_if_needed
from zerograd_lint.core.engine import file_facts
from zerograd_lint.core.selection import Selection
from zerograd_lint.files.notebook import NotebookError, NotebookProgram, read_notebook, without_broken_cells
from zerograd_lint.files.project_index import project_of
from zerograd_lint.files.runner import EngineTask, run_task, screen_file
from zerograd_lint.formats.text import location
from zerograd_lint.rules.support import guard_phrase

Style = Callable[..., str]  # click.style's signature; identity when plain

LEGEND = """\
How to read a timeline: before each event, what each optimizer's gradients (`.grad`) may hold.
  nothing yet               no backward ran yet (gradients start as None)
  this iteration            from this iteration's backward, not applied by a step yet
  an earlier iteration      from a backward of an earlier iteration that nothing cleared
  already applied           a step already used them and nothing cleared them since
  cleared                   emptied by a clear
  taken as empty            not known to hold anything: a new optimizer's, or after a clear whose reach is
                            not known (assumed to clear, never reported)
  maybe (another backward)  a backward for another optimizer may have added to them
  (scaled)                  still multiplied by the GradScaler's scale: not unscaled yet
  a + b                     both at once: .grad holds their sum
  a | b                     depends on the path taken: a on some paths, b on others
"""

# FILE, FILE:LINE, FILE:LINE:COLUMN (as `check` prints it), NOTEBOOK:cell N, NOTEBOOK:cell N:LINE[:COLUMN]
TARGET = re.compile(r"(?P<path>.+?)(?::cell (?P<cell>\d+))?(?::(?P<line>\d+))?(?::\d+)?")


class ExplainError(ValueError):
    """A target that names nothing to explain (usage), or the engine failed on it (internal)."""


@dataclass(frozen=True)
class Target:
    path: str
    cell: int | None = None
    line: int | None = None


def parse_target(text: str) -> Target:
    if os.path.exists(text):
        return Target(text)
    match = TARGET.fullmatch(text)
    assert match is not None  # the path part matches anything
    cell = int(match["cell"]) if match["cell"] else None
    return Target(match["path"], cell, int(match["line"]) if match["line"] else None)


@dataclass(frozen=True)
class Layout:
    """Where a line of the analysed program is for the user: a line of the file, or a line of a notebook cell."""

    program: NotebookProgram | None = None

    def position(self, line: int) -> tuple[int, int]:
        """(cell, line), cell 0 for a file that is no notebook: as reports are placed."""
        return self.program.cell_line(line) if self.program and self.program.origins else (0, line)

    def label(self, line: int) -> str:
        cell, line = self.position(line)
        return f"cell {cell}, line {line}" if cell else f"line {line}"


@dataclass(frozen=True)
class Region:
    title: str
    root: RootFacts
    events: tuple[Event, ...]
    first_line: int
    last_line: int

    path: str | None = None  # the module it is written in, when not the explained file

    def positions(self, facts: FileFacts, layout: Layout) -> frozenset[tuple[str | None, int, int]]:
        """Where its reports can be (module, cell, line): its own lines and those of the helpers' events it runs
        (in whichever module of the project they are written)."""
        lines = {(self.path, line) for line in range(self.first_line, self.last_line + 1)}
        lines |= {(facts.path_of(e.node), facts.line(e.node)) for e in self.events}
        return frozenset((path, *layout.position(line)) if path is None else (path, 0, line) for path, line in lines)


def plain(text: str, **_: object) -> str:
    return text


def kind_of(event: Event) -> str:
    if isinstance(event, Step):
        return "scaler step" if event.via_scaler else "XLA step" if event.on_xla else "step"
    if isinstance(event, Backward):
        return "scaled backward" if event.scaled else "backward"
    names = {
        Clear: "clear", Unscale: "unscale", Update: "update", NewScaler: "new scaler", Clip: "clip", Assign: "forward",
        SchedulerStep: "scheduler step", OptimizerBuilt: "new optimizer", StateLoad: "state replaced", Accumulate: "accumulate",
        AssertedNoGrad: "asserted none",
    }
    return names.get(type(event), type(event).__name__.lower())


def regions(facts: FileFacts, layout: Layout) -> list[Region]:
    """Each training loop once, and each step body, in the order of the file. A loop in a helper is also a
    loop of every function that calls it: it is shown as its own function sees it, named after it."""
    functions = nodes_of(facts.module, cst.FunctionDef) if facts.module is not None else []
    spans = [(facts.positions[f], f) for f in functions]

    def enclosing(node: cst.CSTNode) -> cst.FunctionDef | cst.Module:
        start = facts.positions[node].start.line
        around = [(span.start.line, f) for span, f in spans if f is not node and span.start.line < start <= span.end.line]
        return max(around, key=lambda pair: pair[0])[1] if around else facts.module

    found: dict[int, Region] = {}
    for root in facts.roots:
        for loop in root.training_loops:
            path = facts.path_of(loop.node)
            owner = enclosing(loop.node) if path is None else root.root  # a loop of another module: its caller's view
            if id(loop.node) not in found or root.root is owner:  # its own function's view wins over a caller's
                span = facts.positions_of(loop.node)[loop.node]
                title = f"training loop at {place_of(path, span.start.line, layout)} (in {owner_name(owner)}{subclass(root)})"
                if isinstance(loop.node, cst.FunctionDef):  # a def a library's loop calls once per batch (Lightning's)
                    title = f"{loop.library}'s loop over {owner_name(loop.node)}{subclass(root)} at {place_of(path, span.start.line, layout)}"
                elif isinstance(loop.node, cst.Call):  # ignite's, which `trainer.run(...)` runs (engine_runs.EngineRun)
                    run = f"`{code_of(loop.node.func)}(...)`"
                    title = f"ignite's training loop of {run} at {place_of(path, span.start.line, layout)} (in {owner_name(owner)}{subclass(root)})"
                found[id(loop.node)] = Region(title, root, tuple(events_in(loop.body)), span.start.line, span.end.line, path)
        if root.is_step_body and not root.training_loops and id(root.root) not in found:
            span, path = facts.positions_of(root.root)[root.root], facts.path_of(root.root)
            title = f"step body {owner_name(root.root)}{subclass(root)} at {place_of(path, span.start.line, layout)}"
            found[id(root.root)] = Region(title, root, tuple(events_in(root.block)), span.start.line, span.end.line, path)
    return sorted(found.values(), key=lambda region: (region.path or "", region.first_line, -region.last_line))


def owner_name(node: cst.CSTNode) -> str:
    return f"`{node.name.value}`" if isinstance(node, cst.FunctionDef) else "module"


def subclass(root: RootFacts) -> str:
    return f", as `{root.instance_of}` runs it" if root.instance_of else ""


def place_of(path: str | None, line: int, layout: Layout) -> str:
    """`line 12`, or `engine.py line 12` in another module of the project."""
    return layout.label(line) if path is None else f"{path} line {line}"


def explain_targets(targets: Sequence[Target], selection_for: Callable[[Path], Selection], style: Style = plain) -> str:
    """Each target explained, then the legend once if a timeline was shown."""
    explained = [explain_target(target, selection_for(Path(target.path)), style) for target in targets]
    legend = [LEGEND] if any(timeline for _, timeline in explained) else []
    return "\n".join([text for text, _ in explained] + legend)


def explain_target(target: Target, selection: Selection, style: Style = plain) -> tuple[str, bool]:
    """The timeline of every training loop and step body of the target's file (those around its line, if
    it names one), each with its reports, then the file's other reports, as `check` makes them; and
    whether a timeline was shown."""
    path = Path(target.path)
    try:
        if stat.S_ISDIR(path.stat().st_mode):
            raise ExplainError(f"{target.path}: is a folder: name a file")
    except FileNotFoundError:
        if not os.path.islink(path):
            raise ExplainError(f"{target.path}: no such file") from None
    except OSError:
        pass  # a file that cannot be looked at: reported as check reports it
    screened = screen_file(path, selection, verdicts=None)
    if not isinstance(screened, EngineTask):  # refused as check refuses it, or nothing any rule could report
        source = None if screened else path.read_text(encoding="utf-8", errors="replace")
        return explain_reports(target, screened, source, False, style)
    outcome = run_task(screened)
    if isinstance(outcome, str):
        raise ExplainError(outcome)
    try:
        return deeper_if_needed(explain_reports, target, outcome.diagnostics, screened.source, True, style)
    except RecursionError:  # nested deeper than even the deep stack allows: the reports say so
        return explain_reports(target, outcome.diagnostics, None, False, style)


def explain_reports(
    target: Target, reports: Sequence[Diagnostic], source: str | None, analysed: bool, style: Style
) -> tuple[str, bool]:
    """The target explained from its reports and its source (None when not readable); `analysed`: whether
    the engine saw the file (a file no rule can report on has no loop to show)."""
    if source is None:  # check's own report says why the file was not analysed
        return "".join(f"{location(d)}: {d.code} {d.message}\n" for d in reports), False
    layout, program = analysed_program(source, target.path)
    missing = missing_line(target, source, layout)
    if missing:
        return f"{target.path}: {missing}\n", False
    facts = file_facts(program, target.path, project=project_of(target.path)) if analysed else None
    found = regions(facts, layout) if isinstance(facts, FileFacts) else []
    owned = reports_by_region(found, reports, facts, layout, target.path) if isinstance(facts, FileFacts) else {}
    placed = {id(d) for region_reports in owned.values() for d in region_reports}
    wanted = None if target.line is None and target.cell is None else target
    chosen = [r for r in found if wanted is None or region_is_wanted(r, owned[id(r)], wanted, facts, layout)]
    shown = [render(r, facts, owned, found, target.path, layout, style) for r in chosen]
    others = [d for d in reports if id(d) not in placed and (wanted is None or at_target(d, wanted))]
    if others:
        heading = "reports outside any training loop:" if found else "reports:"
        shown.append(style(f"{target.path}: {heading}", bold=True) + "\n" + "".join(f"  {report_line(d, style, target.path)}\n" for d in others))
    if not shown:
        return f"{target.path}: no training loop or step body found{around(target)} (a loop needs a backward and an optimizer step).\n", False
    return "\n".join(shown), bool(chosen)


def analysed_program(source: str, path: str) -> tuple[Layout, str]:
    """How lines are shown, and the program the engine analyses (a notebook's code cells, those that parse)."""
    if not path.endswith(".ipynb"):
        return Layout(), source
    try:
        program = read_notebook(source)
    except NotebookError:
        return Layout(NotebookProgram("", ())), ""
    runnable, _ = without_broken_cells(program, path)
    return Layout(program), runnable.source


def missing_line(target: Target, source: str, layout: Layout) -> str | None:
    """Why the target's line is not in the file, or None when it is."""
    if layout.program is None:
        if target.cell is not None:
            return f"not a notebook: name a line as {target.path}:LINE"
        count = len(source.splitlines())
        if target.line is not None and not 1 <= target.line <= count:
            return f"no line {target.line}: the file has {count} line{'s' if count != 1 else ''}"
        return None
    cells: dict[int, int] = {}
    for cell, line in layout.program.origins:
        cells[cell] = line
    if target.line is not None and target.cell is None:
        return f"a notebook: name a cell and a line in it, as '{target.path}:cell N:LINE'"
    if target.cell is not None and target.cell not in cells:
        numbers = ", ".join(map(str, cells)) or "none"
        return f"cell {target.cell} is not a code cell of the notebook (code cells: {numbers})"
    if target.cell is not None and target.line is not None and not 1 <= target.line <= cells[target.cell]:
        count = cells[target.cell]
        return f"no line {target.line} in cell {target.cell}: it has {count} line{'s' if count != 1 else ''}"
    return None


def reports_by_region(
    found: Sequence[Region], reports: Sequence[Diagnostic], facts: FileFacts, layout: Layout, path: str
) -> dict[int, list[Diagnostic]]:
    """The reports shown under each region (by id): each report under the innermost region whose lines hold
    it, else (a report in a helper written outside every loop, or on a line of another module than the explained
    file `path`) under the smallest region that runs its line."""
    own = {
        id(r): frozenset(
            (None, *layout.position(line)) if r.path is None else (r.path, 0, line) for line in range(r.first_line, r.last_line + 1)
        )
        for r in found
    }
    places = {id(r): r.positions(facts, layout) for r in found}
    owned: dict[int, list[Diagnostic]] = {id(r): [] for r in found}
    for d in reports:
        where = (d.path if d.path != path else None, d.cell or 0, d.line)
        holding = [r for r in found if where in own[id(r)]]
        if holding:
            owner: Region | None = max(holding, key=lambda r: r.first_line)
        else:
            owner = min((r for r in found if where in places[id(r)]), key=lambda r: r.last_line - r.first_line, default=None)
        if owner is not None:
            owned[id(owner)].append(d)
    return owned


def region_is_wanted(
    region: Region, reports: Sequence[Diagnostic], target: Target, facts: FileFacts, layout: Layout
) -> bool:
    """Whether the target's line (or cell) is in the region, or one of the region's reports is there."""
    positions = {(cell, line) for path, cell, line in region.positions(facts, layout) if path is None}
    positions |= {(d.cell or 0, d.line) for d in reports if d.path == target.path}
    return any(at_target_position(position, target) for position in positions)


def at_target(d: Diagnostic, target: Target) -> bool:
    return at_target_position((d.cell or 0, d.line), target)


def at_target_position(position: tuple[int, int], target: Target) -> bool:
    cell, line = position
    return (target.cell is None or cell == target.cell) and (target.line is None or line == target.line)


def around(target: Target) -> str:
    if target.cell is not None:
        return f" in cell {target.cell}" + (f" around line {target.line}" if target.line is not None else "")
    return f" around line {target.line}" if target.line is not None else ""


def report_line(d: Diagnostic, style: Style, path: str | None = None) -> str:
    """A report; `path`: the explained file (a report on a line of another module names that module's file)."""
    return f"{style(d.code, fg='red', bold=True)} {report_place(d, path)} {d.message}"


def report_place(d: Diagnostic, path: str | None) -> str:
    where = f"cell {d.cell}, line {d.line}:{d.column}" if d.cell is not None else f"line {d.line}:{d.column}"
    return f"{d.path} {where}" if path is not None and d.path != path else where


def render(
    region: Region, facts: FileFacts, owned: dict[int, list[Diagnostic]], found: Sequence[Region], path: str, layout: Layout,
    style: Style,
) -> str:
    root = region.root
    reports = owned[id(region)]
    optimizers = sorted(root.optimizers)
    tracked = root.optimizers.union(*root.models.values())
    out = [style(f"{path}: {region.title}", bold=True)]
    out.append("  optimizers: " + (", ".join(f"`{o}`" for o in optimizers) or "none"))
    # Once per call and kind: a helper inlined twice shows its events once; a library wrapper's call shows
    # each of its events (timm's `loss_scaler(...)`: a scaled backward, a scaler step, an update).
    shown: set[tuple[int, str]] = set()
    for event in region.events:
        seen = (id(event.node), kind_of(event))
        if not root.reached(event) or isinstance(event, (Assign, NextElement, Rebind)) or seen in shown:
            continue
        if isinstance(event, StateLoad) and event.target not in tracked:
            continue  # `Function.apply(x)`, `init(buffer)`: nothing the timeline follows changes
        shown.add(seen)
        where = root.where[event.id]
        condition = f"  [{guard_phrase(facts, root, event)}]" if where.guard is not None else ""
        column = layout_column(layout, facts.line(event.node), facts.path_of(event.node))
        out.append(f"  {column}  {style(f'{kind_of(event):<15}', fg='cyan')} {event.text}{condition}")
        for name, held in root.gradients_before(event):
            out.append(style(f"             before: `{name}` holds {held.describe()}", dim=True))
    places = region.positions(facts, layout)
    elsewhere = [
        (d, other) for other in found if other is not region for d in owned[id(other)]
        if (d.path if d.path != path else None, d.cell or 0, d.line) in places
    ]
    if reports:
        out.append("  reports:")
        out.extend(f"    {report_line(d, style, path)}" for d in reports)
    elif elsewhere:  # check reports in the code this loop runs, shown where that code is
        out.append("  reports: none of its own; in the code it runs:")
        out.extend(f"    {d.code} {report_place(d, path)}, shown under the {other.title}" for d, other in elsewhere)
    else:
        out.append(style("  reports: none: check reports nothing here", fg="green"))
    return "\n".join(out) + "\n"


def layout_column(layout: Layout, line: int, path: str | None = None) -> str:
    """Where an event is: its line, or cell and line; in another module of the project, that module's file too."""
    if path is not None:
        return f"line {line:>4} of {os.path.basename(path)}"
    cell, line = layout.position(line)
    return f"{f'cell {cell}:{line}':<9}" if cell else f"line {line:>4}"
