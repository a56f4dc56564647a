"""Whether calling an object runs a model an optimizer is built from, through the ways the code binds it (ZG602's
model outputs, `facts.resolved_forwards`).

The written name alone does not say it (`D_aug(images)`); the bindings do: the model itself, moved or wrapped
(`DDP(model)`, not a copy), either arm of a conditional (`D_aug = self.GAN.D_aug if not self.is_ddp else self.D_aug_ddp`), an
attribute that the `__init__` of the instance's class alone binds (`self.GAN.D_aug`, read in that class's words), or
a torch module of the project built around the model, whose `forward` calls the attribute its `__init__` binds to the
parameter handed the model (lightweight-gan's `AugWrapper(self.D, image_size)`, `self.D = D`, `out = self.D(...)`).
Every binding must say so; anything else is not known to run it.
"""

from __future__ import annotations

from typing import Callable

import libcst as cst

from zerograd_lint.analysis.ir.index import Built, init_writer
from zerograd_lint.analysis.ir.names import arguments_by_parameter, code_of, dotted_name
from zerograd_lint.analysis.ir.roles import Resolver, unwrapped_module
from zerograd_lint.analysis.ir.visiting import nodes_of

# How many bindings, arms and wrappers deep a callee is followed.
DEPTH = 10
# Calls that hand back a copy of a module (`copy.deepcopy(model)`, an EMA's shadow): not the model trained.
COPIES = frozenset({"deepcopy"})
Keyed = Callable[[str], "str | None"]  # a key of the resolver's words -> the same object as the caller keys it


def runs_known_model(node: cst.BaseExpression, resolver: Resolver, known: set[str], as_caller: Keyed = lambda key: key, depth: int = 0) -> bool:
    """Whether every way `node` is bound makes it a model of `known` (keyed as the caller keys them; `as_caller`
    turns the resolver's keys into the caller's), or a wrapper of one (see the module's docstring)."""
    if depth > DEPTH:
        return False
    if isinstance(node, cst.IfExp):
        return all(runs_known_model(arm, resolver, known, as_caller, depth + 1) for arm in (node.body, node.orelse))
    if isinstance(node, cst.Call):
        inner = unwrapped_module(node)
        if (dotted_name(node.func) or "").rsplit(".", 1)[-1] in COPIES:
            return False  # a copy's parameters are no optimizer's
        if inner is not None:
            return runs_known_model(inner, resolver, known, as_caller, depth + 1)
        return wraps_known_model(node, resolver, known, as_caller, depth + 1)
    if not isinstance(node, (cst.Name, cst.Attribute)):
        return False
    if as_caller(resolver.canonical(node)) in known:
        return True
    bindings = resolver.bindings(code_of(node))
    if bindings:
        return all(
            runs_known_model(binding.alias, resolver.at(binding.home), known, as_caller, depth + 1) if binding.alias is not None
            else binding.value is not None and binding.unpacked is None
            and runs_known_model(binding.value, resolver.at(binding.home), known, as_caller, depth + 1)
            for binding in bindings
        )
    if not isinstance(node, cst.Attribute):
        return False
    owners = resolver.classes_built(node.value)
    owner = resolver.canonical(node.value)
    in_owner = in_words_of(owner, as_caller)
    writers = [init_writer(built, f"self.{node.attr.value}") for built in owners or ()]
    return bool(writers) and all(
        writer is not None and runs_known_model(own_attribute(node.attr.value), writer, known, in_owner, depth + 1) for writer in writers
    )


def in_words_of(owner: str, as_caller: Keyed) -> Keyed:
    """The keys of a method of the instance keyed `owner` (`self.D` of its `__init__`) as the caller keys them."""
    return lambda key: as_caller(owner + key[len("self"):]) if key == "self" or key.startswith("self.") else None


def own_attribute(name: str) -> cst.Attribute:
    return cst.Attribute(value=cst.Name("self"), attr=cst.Name(name))


def wraps_known_model(call: cst.Call, resolver: Resolver, known: set[str], as_caller: Keyed, depth: int) -> bool:
    """`AugWrapper(self.D, image_size)`: a torch module of the project, every class it may be, handed a known model
    in a parameter its `__init__` binds to `self.x`, and whose `forward` calls `self.x`. Asked of a class's call only
    (a capital, as `facts.builds_instance` reads it): a factory's returns are not followed here."""
    if not (dotted_name(call.func) or "").rsplit(".", 1)[-1].lstrip("_")[:1].isupper():
        return False
    classes = resolver.classes_built(call)
    return bool(classes) and all(forwards_handed(built, call, resolver, known, as_caller, depth) for built in classes or ())


def forwards_handed(built: Built, call: cst.Call, resolver: Resolver, known: set[str], as_caller: Keyed, depth: int) -> bool:
    home, cls = built
    init, forward = home.inherited_method(cls, "__init__"), home.inherited_method(cls, "forward")
    if not home.is_torch_module(cls) or init is None or forward is None:
        return False
    handed = arguments_by_parameter(call, init[1], constructs=True)
    called = {dotted_name(c.func) for c in nodes_of(forward[1].body, cst.Call)}
    return any(
        f"self.{attribute}" in called and runs_known_model(handed[parameter], resolver, known, as_caller, depth + 1)
        for attribute, parameter in attributes_bound_to_parameters(init[1]) if parameter in handed
    )


def attributes_bound_to_parameters(init: cst.FunctionDef) -> list[tuple[str, str]]:
    """`self.D = D` at the top level of an `__init__`: (attribute, parameter) for each attribute bound to a parameter."""
    parameters = {p.name.value for p in init.params.params}
    found = []
    for line in init.body.body if isinstance(init.body, cst.IndentedBlock) else ():
        for small in line.body if isinstance(line, cst.SimpleStatementLine) else ():
            if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Name)):
                continue
            target = small.targets[0].target
            if isinstance(target, cst.Attribute) and code_of(target.value) == "self" and small.value.value in parameters:
                found.append((target.attr.value, small.value.value))
    return found
