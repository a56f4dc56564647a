"""Which models a function builds for itself alone, and which code cannot reach them.

A model a function binds to a construction of a class, and reads only to call it or a method of it (`model(x)`,
`model.train()`, `model.parameters()` handed to its optimizer), is held by no other code: no argument, attribute,
container, nested def or lambda holds it. Its parameters are the construction's own, and those of what the
construction's arguments read. Code that reads neither the name nor any of those, through the methods of `self` it
calls as far as they are visible, runs none of its parameters: DIG's S-Mixup runs the matching network trained before
(`batch = self.Mixup(batch, ...)`), not the classifier built for the optimizer after it (`model = GCN(...)`).
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from zerograd_lint.analysis.ir.names import dotted_name, last_name
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.analysis.ir.vocabulary import MOVING_METHODS

# A function of the project's class that a call on `self` runs, or None where none is visible.
MethodOf = Callable[[str, cst.CSTNode], "cst.FunctionDef | None"]
NESTED = (cst.FunctionDef, cst.Lambda, cst.ClassDef, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def fresh_models(function: cst.CSTNode) -> dict[str, frozenset[str]]:
    """The local names the function binds only to constructions of a class (or to the model moved: `model =
    model.to(device)`) and reads only as a call's callee or a called method's receiver, or returns when it is done,
    each with the chains its constructions' arguments read."""
    if not isinstance(function, cst.FunctionDef):
        return {}
    parameters = {p.name.value for p in nodes_of(function.params, cst.Param)}
    nested = {id(n) for inner in nodes_of(function.body, NESTED) if inner is not function for n in nodes_of(inner, cst.Name)}
    declared = {n.value for s in nodes_of(function.body, (cst.Global, cst.Nonlocal)) for n in nodes_of(s, cst.Name)}
    allowed: set[int] = set()
    reads: dict[str, set[str]] = {}
    unbuilt: set[str] = set()
    for assign in nodes_of(function.body, cst.Assign):
        if len(assign.targets) == 1 and isinstance(target := assign.targets[0].target, cst.Name):
            allowed.add(id(target))
            built = construction(assign.value, target.value)
            if built is None:
                unbuilt.add(target.value)
            else:
                reads.setdefault(target.value, set()).update(built)
    if not nodes_of(function.body, (cst.Yield, cst.Await)):  # the caller runs only once the function is done
        allowed.update(id(r.value) for r in nodes_of(function.body, cst.Return) if isinstance(r.value, cst.Name))
    for call in nodes_of(function.body, cst.Call):
        func = call.func
        allowed.add(id(func) if isinstance(func, cst.Name) else id(func.value) if isinstance(func, cst.Attribute) else -1)
    names = read_names(function.body)
    fresh = {
        name: chains for name, chains in sorted(reads.items())
        if name not in unbuilt | parameters | declared
        and all(id(n) in allowed and id(n) not in nested for n in names if n.value == name)
    }
    return {name: frozenset(chains | holders(function, name)) for name, chains in fresh.items()}


def holders(function: cst.FunctionDef, model: str) -> set[str]:
    """The names bound to a value that reads the model, or such a name, in turn: what a method of it hands back may
    hold its parameters (`learner = maml.clone()`, a differentiable copy whose forward runs them)."""
    bindings = [
        (assign.targets[0].target.value, chains_read(assign.value)) for assign in nodes_of(function.body, cst.Assign)
        if len(assign.targets) == 1 and isinstance(assign.targets[0].target, cst.Name)
    ]
    held, grown = {model}, True
    while grown:
        found = {name for name, read in bindings if any(overlaps(chain, h) for chain in read for h in held)}
        grown = not found <= held
        held |= found
    return held - {model}


def construction(value: cst.BaseExpression, name: str) -> frozenset[str] | None:
    """The chains a class's construction's arguments read (`GCN(features, classes)`); none read for the model
    moved (`name.to(device)`); None for any other value (a factory may hand back a model held elsewhere)."""
    while isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in MOVING_METHODS:
        if isinstance(value.func.value, cst.Name) and value.func.value.value == name:
            return frozenset()
        value = value.func.value
    if not isinstance(value, cst.Call) or not (last_name(value.func) or "")[:1].isupper():
        return None
    return frozenset().union(*(chains_read(a.value) for a in value.args))


def read_names(node: cst.CSTNode) -> list[cst.Name]:
    """The names the code reads or binds, not an attribute's name (`model` of `self.model`)."""
    attributes = {id(a.attr) for a in nodes_of(node, cst.Attribute)}
    return [n for n in nodes_of(node, cst.Name) if id(n) not in attributes]


def chains_read(node: cst.CSTNode) -> frozenset[str]:
    """The longest name and attribute chains the code reads (`self.matcher.dis_encoder`, not `self` again)."""
    attributes = {id(a.attr) for a in nodes_of(node, cst.Attribute)}
    found = {
        chain for n in nodes_of(node, (cst.Name, cst.Attribute)) if id(n) not in attributes and (chain := dotted_name(n)) is not None
    }
    return frozenset(c for c in found if not any(other.startswith(c + ".") for other in found))


def reaches(value: cst.CSTNode, scope: cst.CSTNode, model: str, built_from: frozenset[str], method_of: MethodOf) -> bool | None:
    """Whether the code may reach the model's parameters: it reads the model's name, or a chain its construction read
    (one of them a part of the other), itself or through a method of `self` it calls (`method_of`: that method's
    body, two calls deep); None where a call on `self` runs no visible method, or deeper."""
    return _reaches(value, scope, frozenset({model}) | built_from, method_of, 2)


def _reaches(value: cst.CSTNode, scope: cst.CSTNode, held: frozenset[str], method_of: MethodOf, depth: int) -> bool | None:
    read = set(chains_read(value))
    for call in nodes_of(value, cst.Call):
        callee = dotted_name(call.func) or ""
        parts = callee.split(".")
        if len(parts) == 2 and parts[0] == "self":
            method = method_of(callee, scope)
            if method is None or depth == 0:
                return None  # a method of `self` not seen: it may read anything of its instance
            found = _reaches(method.body, method, held, method_of, depth - 1)
            if found is not False:
                return found
        elif len(parts) > 1:
            read.add(".".join(parts[:-1]))  # `self.matcher.dis_encoder(x)` may run any part of `self.matcher`
    return any(overlaps(chain, other) for chain in read for other in held)


def overlaps(chain: str, other: str) -> bool:
    return chain == other or chain.startswith(other + ".") or other.startswith(chain + ".")
