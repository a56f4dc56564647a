"""`zerograd-lint explain`: the inferred lifecycle of each training loop, as a readable timeline."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.gradients import MODEL_PREFIX
from zerograd_lint.analysis.ir import (
    Accumulate,
    Assign,
    Backward,
    Clear,
    Clip,
    Event,
    OptimizerBuilt,
    SchedulerStep,
    StateLoad,
    Step,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.engine import analyze_source, file_facts
from zerograd_lint.rules.support import guard_phrase

Style = Callable[..., str]  # click.style's signature; identity when plain

WORDS = {
    "cur": "this iteration",
    "prev": "an earlier iteration",
    "applied": "already applied",
    "dirty": "maybe (another backward)",
    "initial": "nothing yet",
    "cleared": "cleared",
    "foggy": "cleared (maybe)",
    "scaled": "scaled",
}


def plain(text: str, **_: object) -> str:
    return text


@dataclass(frozen=True)
class Region:
    title: str
    root: RootFacts
    events: tuple[Event, ...]
    first_line: int
    last_line: int


def describe(contents: frozenset) -> str:
    """What the gradients may hold, one phrase per possible path."""
    phrases = set()
    for content in contents:
        words = sorted({WORDS[tag[0]] for tag in content if tag[0] in WORDS and tag[0] != "scaled"})
        scaled = " (scaled)" if any(tag[0] == "scaled" for tag in content) else ""
        phrases.add(" + ".join(words) + scaled if words else "nothing yet")
    return " | ".join(sorted(phrases)) or "unreached"


def kind_of(event: Event) -> str:
    if isinstance(event, Step):
        return "scaler step" if event.via_scaler else "step"
    if isinstance(event, Backward):
        return "scaled backward" if event.scaled else "backward"
    names = {
        Clear: "clear", Unscale: "unscale", Update: "update", Clip: "clip", Assign: "forward",
        SchedulerStep: "scheduler step", OptimizerBuilt: "new optimizer", StateLoad: "state loaded", Accumulate: "accumulate",
    }
    return names.get(type(event), type(event).__name__.lower())


def regions(facts: FileFacts) -> Iterator[Region]:
    seen: set[int] = set()
    for root in sorted(facts.roots, key=lambda r: isinstance(r.root, cst.Module)):
        owner = "module" if isinstance(root.root, cst.Module) else f"`{root.root.name.value}`"
        for loop in root.training_loops:
            if id(loop.node) in seen:
                continue
            seen.add(id(loop.node))
            span = facts.positions[loop.node]
            title = f"training loop at line {span.start.line} (in {owner})"
            yield Region(title, root, tuple(events_in(loop.body)), span.start.line, span.end.line)
        if root.is_step_body and not root.training_loops and id(root.root) not in seen:
            seen.add(id(root.root))
            span = facts.positions[root.root]
            yield Region(f"step body {owner} at line {span.start.line}", root, tuple(events_in(root.block)), span.start.line, span.end.line)


def explain_source(source: str, path: str, line: int | None = None, style: Style = plain) -> str:
    """The timeline of every training loop and step body in `source` (only those around `line`, if given)."""
    facts = file_facts(source, path)
    if isinstance(facts, Diagnostic):
        return f"{path}:{facts.line}:{facts.column}: {facts.code} {facts.message}\n"
    diagnostics = analyze_source(source, path)
    found = regions(facts) if facts is not None else []
    chosen = [r for r in found if line is None or r.first_line <= line <= r.last_line]
    if not chosen:
        where = f" around line {line}" if line is not None else ""
        return f"{path}: no training loop or step body found{where} (a loop needs a backward and an optimizer step).\n"
    return "\n".join(render(region, facts, diagnostics, path, style) for region in chosen)


def render(region: Region, facts: FileFacts, diagnostics: Sequence[Diagnostic], path: str, style: Style) -> str:
    root = region.root
    optimizers = sorted(k for k in root.optimizers)
    out = [style(f"{path}: {region.title}", bold=True)]
    out.append("  optimizers: " + (", ".join(f"`{o}`" for o in optimizers) or "none"))
    shown: set[int] = set()
    for event in region.events:
        if event.id not in root.before or isinstance(event, Assign) or id(event.node) in shown:
            continue
        shown.add(id(event.node))
        where = root.where[event.id]
        condition = f"  [{guard_phrase(facts, root, event)}]" if where.guard is not None else ""
        out.append(f"  line {facts.line(event.node):>4}  {style(f'{kind_of(event):<15}', fg='cyan')} {event.text}{condition}")
        gradients = root.before[event.id]
        for key in optimizers:
            if key in gradients:
                out.append(style(f"             before: `{key}` holds {describe(gradients[key])}", dim=True))
        for key in sorted(k for k in gradients if k.startswith(MODEL_PREFIX)):
            out.append(style(f"             before: `{key[len(MODEL_PREFIX):]}` holds {describe(gradients[key])}", dim=True))
    inside = [d for d in diagnostics if region.first_line <= d.line <= region.last_line]
    if inside:
        out.append("  reports:")
        out.extend(f"    {style(d.code, fg='red', bold=True)} line {d.line}:{d.column} {d.message}" for d in inside)
    else:
        out.append(style("  reports: none: every rule is satisfied on every path", fg="green"))
    return "\n".join(out) + "\n"
