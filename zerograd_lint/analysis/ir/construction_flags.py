"""The flags an instance holds once its construction returns: the attributes of `self` that the `__init__` it runs
sets last to `True`, `False`, `0` or `1` (`self._number_grad_accum = 0`), with nothing after that assignment that
could set them again.

The builder puts them where the instance is bound (`agent = ClassifierAgent(opt, model)`), as flags set there
(`Rebind.flag`), so that a loop after it starts with those tests decided: ParlAI's count of accumulated batches, 0
until a method changes it under `if update_freq > 1:`, is 0 in every iteration where that test is false.

Read at the top level of the `__init__` only: an assignment under a test or in a loop, or a statement after it that
hands `self` to any call (a method that may set the attribute again, `setattr(self, ...)`, a helper), leaves the
attribute unknown; `super().__init__(...)` runs the base's `__init__` there, whose flags are read the same way and
replace all those set before it.
"""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import ModuleIndex
from zerograd_lint.analysis.ir.visiting import visit

FLAG_LITERALS = frozenset({"True", "False", "0", "1"})
# How many `super().__init__` calls are followed up the lineage.
SUPER_DEPTH = 4


@for_one_file
def construction_flags(home: ModuleIndex, cls: cst.ClassDef) -> dict[str, str]:
    """Attribute -> the literal an instance of `cls` holds in it once built (`{"_number_grad_accum": "0"}`)."""
    if any(owner.decorators for _, owner in home.lineage(cls)):
        return {}  # `@dataclass` writes an `__init__` of its own, which calls no base's
    found = home.inherited_method(cls, "__init__")
    return flags_of_init(*found, 0) if found is not None else {}


def flags_of_init(index: ModuleIndex, init: cst.FunctionDef, depth: int) -> dict[str, str]:
    flags: dict[str, str] = {}
    if not isinstance(init.body, cst.IndentedBlock):
        return flags
    for statement in init.body.body:
        smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else (statement,)
        for small in smalls:
            flag = flag_set(small)
            if flag is not None:
                flags[flag[0]] = flag[1]
            elif is_super_init(small):
                owner = index.owner_class(init)
                base = index.inherited_method(owner, "__init__", own=False) if owner is not None else None
                flags = flags_of_init(*base, depth + 1) if base is not None and depth < SUPER_DEPTH else {}
            else:
                uses = self_uses(small)
                flags = {} if uses.handed else {name: value for name, value in flags.items() if name not in uses.touched}
    return flags


def flag_set(statement: cst.CSTNode) -> tuple[str, str] | None:
    """`self.x = 0`: the attribute and its literal."""
    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1):
        return None
    target, value = statement.targets[0].target, statement.value
    if not (isinstance(target, cst.Attribute) and is_self(target.value)):
        return None
    literal = value.value if isinstance(value, (cst.Name, cst.Integer)) else None
    return (target.attr.value, literal) if literal in FLAG_LITERALS else None


def is_super_init(statement: cst.CSTNode) -> bool:
    """`super().__init__(...)` as a statement of its own."""
    call = statement.value if isinstance(statement, cst.Expr) else None
    func = call.func if isinstance(call, cst.Call) else None
    return isinstance(func, cst.Attribute) and func.attr.value == "__init__" and is_super(func.value)


def self_uses(statement: cst.CSTNode) -> "_SelfUses":
    uses = _SelfUses()
    visit(statement, uses)
    return uses


class _SelfUses(cst.CSTVisitor):
    """The attributes of `self` a statement names (read or written: either way no longer taken as the flag), and
    whether it hands `self` to a call, one that may set any attribute: a method (`self.reset()`, `super().setup()`),
    `setattr(self, ...)`, `helper(self)`."""

    def __init__(self) -> None:
        self.touched: set[str] = set()
        self.handed = False

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if is_self(node.value):
            self.touched.add(node.attr.value)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if isinstance(func, cst.Attribute) and (is_self(func.value) or is_super(func.value)):
            self.handed = True  # `self.m(...)`, `super().m(...)`
        if any(is_self(argument.value) for argument in node.args):
            self.handed = True


def is_self(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Name) and node.value == "self"


def is_super(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "super"
