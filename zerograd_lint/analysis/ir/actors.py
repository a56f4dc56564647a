"""monarch's actors read as the objects they are (summaries.py's `MONARCH_*`): `mesh.spawn("trainer", Trainer, *args)`
is a construction `Trainer(*args)`, and `trainer.method.call(*args)` a call of that instance's `@endpoint` method
`method(*args)` (torchtitan's RL controller runs its trainer actor's `forward_backward` once per micro-batch, then its
`optim_step`)."""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.index import ModuleIndex, library_bases
from zerograd_lint.analysis.ir.names import dotted_name
from zerograd_lint.analysis.ir.summaries import MONARCH_ACTOR, MONARCH_ENDPOINT_CALLS, MONARCH_PACKAGE, MONARCH_SPAWN


def spawned_class(call: cst.Call) -> cst.BaseExpression | None:
    """`Trainer` of `mesh.spawn("trainer", Trainer, ...)`: the class a spawn names, as written; None for another call."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value == MONARCH_SPAWN and len(call.args) >= 2):
        return None
    if any(arg.keyword is not None or arg.star for arg in call.args[:2]):
        return None
    return call.args[1].value


def as_construction(call: cst.Call) -> cst.Call:
    """`Trainer(*args)` of `mesh.spawn("trainer", Trainer, *args)`: what the spawn hands the class's `__init__`."""
    return cst.Call(func=call.args[1].value, args=call.args[2:])


def is_actor_class(index: ModuleIndex, cls: cst.ClassDef) -> bool:
    """A class deriving from monarch's `Actor`, along its lineage of the file and of the project."""
    return any(
        origin.split(".", 1)[0] == MONARCH_PACKAGE and origin.rsplit(".", 1)[-1] == MONARCH_ACTOR
        for home, owner in index.lineage(cls) for origin in library_bases(home, owner)
    )


def endpoint_called(call: cst.Call) -> tuple[cst.BaseExpression, str] | None:
    """`self.trainer` and `forward_backward` of `self.trainer.forward_backward.call(batch)`; None for another call."""
    func = call.func
    if not (isinstance(func, cst.Attribute) and func.attr.value in MONARCH_ENDPOINT_CALLS and isinstance(func.value, cst.Attribute)):
        return None
    return (func.value.value, func.value.attr.value) if dotted_name(func.value) is not None else None
