"""How the code at one place writes an object: the inverse of `Resolver.canonical`.

Under inlining an object is keyed as the outermost code that names it writes it: the
`optimizer` of `def train(model, optimizer)` called as `train(model, opt)` is `opt`, and called
as `train(model, torch.optim.SGD(...))` it is that call. One key per object lets every event
about it meet in the data flow; but a report, and a line a fix inserts, are read in one place of
the code, where the object may have another name, or none. A `Namespace` is what the code at
one place sees: the resolver that binds its names to keys, and the names of the other functions
of its analysis that it cannot read (a caller's locals, the `self` of a method it calls).
"""

from __future__ import annotations

from dataclasses import dataclass

import libcst as cst

from zerograd_lint.analysis.ir.roles import Resolver


@dataclass(frozen=True, eq=False)
class Namespace:
    resolver: Resolver  # the function's, under the inlined call that runs it
    hidden: frozenset[str]  # the locals of the other functions inlined with it that Python does not let it read

    def spelling(self, key: str) -> str | None:
        """The expression that names the object `key` here: the parameter (or a closure's free name) a caller's
        argument is bound to, else the key itself where it names the same object here; None where nothing here
        is bound to it (a construction handed in as an argument, `self.optimizer` outside the class)."""
        for name, bound in self.resolver.overlay.items():
            if bound == key:
                return name
        expression = plain_expression(key)
        if expression is not None and base_name(expression) not in self.hidden and self.resolver.canonical(expression) == key:
            return key
        return None


def plain_expression(key: str) -> cst.BaseExpression | None:
    """The key as an expression when it is a name, an attribute or a subscript of one (never a call, which would
    build another object)."""
    try:
        expression = cst.parse_expression(key)
    except (cst.ParserSyntaxError, SyntaxError, ValueError):
        return None
    return expression if base_name(expression) is not None else None


def base_name(expression: cst.BaseExpression) -> str | None:
    """`self` of `self.optimizers[0]`; None when the chain starts with anything but a name."""
    while isinstance(expression, (cst.Attribute, cst.Subscript)):
        expression = expression.value
    return expression.value if isinstance(expression, cst.Name) else None
