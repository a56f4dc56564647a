"""Recognising the events of the state rules: scheduler steps (ZG204), optimizer constructions and
state loads (ZG601), and values added into an accumulator (ZG602).

Pure functions of the syntax and a resolver; the builder calls them where it meets
a step, a call or an assignment.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Mapping

import libcst as cst

from zerograd_lint.analysis.ir.conditions import literal_of
from zerograd_lint.analysis.ir.inlining import partial_bound
from zerograd_lint.analysis.ir.names import code_of, dotted_name, last_name
from zerograd_lint.analysis.ir.roles import Resolver, group_parameters, tuple_elements
from zerograd_lint.analysis.ir.visiting import code_children, nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import NO_GRAD_CONTEXTS, OPTIMIZER_CLASSES, OPTIMIZER_WRAPPERS, TENSOR_FACTORIES

# Calls that replace or change a model's (or optimizer's) state: the object is not the one it was.
STATE_METHODS = frozenset({"load_state_dict", "apply", "reset_parameters", "requires_grad_"})
STATE_FUNCTIONS = re.compile(r"init|reset|load|restore|prune|freeze|quantiz", re.IGNORECASE)
# Tensor methods whose result keeps the autograd graph of their receiver.
KEEPS_GRAPH = frozenset(
    """sum mean cpu cuda to clone float double half squeeze unsqueeze view reshape flatten mul div add sub abs
    pow sqrt exp log neg""".split()
)


def disables_grad(item: cst.BaseExpression) -> bool:
    """`torch.no_grad()`, `torch.inference_mode()`, `torch.set_grad_enabled(False)` as a context manager or decorator."""
    call = item if isinstance(item, cst.Call) else None
    name = (dotted_name(call.func if call is not None else item) or "").rsplit(".", 1)[-1]
    if name in NO_GRAD_CONTEXTS:
        return call is None or not call.args or code_of(call.args[0].value) not in {"False", "0"}
    return name == "set_grad_enabled" and call is not None and bool(call.args) and code_of(call.args[0].value) in {"False", "0"}


def function_disables_grad(function: cst.CSTNode) -> bool:
    return isinstance(function, cst.FunctionDef) and any(disables_grad(d.decorator) for d in function.decorators)


# ZG204 ---------------------------------------------------------------------------------


def scheduler_step(call: cst.Call, receiver: cst.BaseExpression, resolver: Resolver) -> tuple[str, str] | None:
    """(scheduler, optimizer) keys for `sched.step()` on a PyTorch scheduler visibly built on an optimizer.

    Not with an explicit epoch (`sched.step(epoch)`, `sched.step(epoch=e)`): the value is computed for
    that epoch, nothing is skipped (RULES.md ZG204). ReduceLROnPlateau, stepped on a metric, is not among
    the schedulers (`names.builds_torch_scheduler`).
    """
    if call.args:
        return None
    optimizer = resolver.scheduled_optimizer(receiver)
    if optimizer is None:
        return None
    return resolver.canonical(receiver), optimizer


# ZG601 ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class OptimizerConstruction:
    """An optimizer class called: the call that builds it, the class's name, and the arguments the class gets, each
    with the resolver that reads it."""

    call: cst.Call  # the class's call, or the call of a partial of it (`make_optimizer(model.parameters())`)
    resolver: Resolver  # reads `call`: a factory's own, where a function returns the construction
    name: str  # the class: `AdamW`
    arguments: tuple[tuple[cst.Arg, Resolver], ...]  # in the order the class gets them: a partial's, then the call's

    @staticmethod
    def of(call: cst.Call, resolver: Resolver) -> OptimizerConstruction:
        return OptimizerConstruction(call, resolver, last_name(call.func) or "", tuple((a, resolver) for a in call.args))

    def argument(self, keyword: str, position: int) -> tuple[cst.BaseExpression, Resolver] | None:
        """The value the class's parameter gets (its keyword, else its position), as a call of it binds it: a later
        keyword wins, as the call's own keywords win over a partial's."""
        named = [(a.value, at) for a, at in self.arguments if a.keyword is not None and a.keyword.value == keyword]
        positional = [(a.value, at) for a, at in self.arguments if a.keyword is None and not a.star]
        return named[-1] if named else positional[position] if len(positional) > position else None


def optimizer_construction(value: cst.BaseExpression, resolver: Resolver) -> OptimizerConstruction | None:
    """The optimizer class constructed by `value`: directly, as what a function of the file returns, or through a
    `functools.partial` of the class (`make_optimizer = partial(torch.optim.AdamW, lr=3e-4)`, in view, handed in
    or imported from a config module of the project), called with the rest of its arguments."""
    if not isinstance(value, cst.Call):
        return None
    if last_name(value.func) in OPTIMIZER_CLASSES:
        return OptimizerConstruction.of(value, resolver)
    returned = resolver.returned_expressions(value)
    if returned and all(isinstance(v, cst.Call) and last_name(v.func) in OPTIMIZER_CLASSES for v in returned):
        callee, construction = resolver.returned(value, 0)[0]
        return OptimizerConstruction.of(construction, callee)  # type: ignore[arg-type]
    bound = partial_bound(resolver, value.func, 0) if isinstance(value.func, cst.Name) else None
    if bound is None or last_name(bound[1].args[0].value) not in OPTIMIZER_CLASSES:
        return None
    at, partial = bound
    arguments = (*((a, at) for a in partial.args[1:]), *((a, resolver) for a in value.args))
    return OptimizerConstruction(value, resolver, last_name(partial.args[0].value) or "", arguments)


def keeps_state(built: OptimizerConstruction) -> bool:
    """Whether the optimizer keeps state from step to step: every known class but SGD without momentum.

    SGD's `momentum` keeps state unless the file shows it is 0: `momentum=args.momentum` is stateful,
    and so is an argparse option whose default is 0.9."""
    if built.name not in OPTIMIZER_CLASSES or built.name in OPTIMIZER_WRAPPERS:
        return False
    if "sgd" not in built.name.lower():
        return True
    momentum = built.argument("momentum", 2)  # SGD(params, lr, momentum, ...)
    if momentum is None:
        return False
    value = known_number(*momentum)
    return value is None or value > 0


def known_number(node: cst.BaseExpression, resolver: Resolver, depth: int = 0) -> float | None:
    """The number the file shows an expression is: a literal, through names bound once, a helper's
    arguments and argparse defaults (`args.momentum`); None when it does not show one."""
    literal = literal_of(node)
    if literal is not None:
        try:
            return float(literal)
        except ValueError:
            return None
    if depth > 8 or not isinstance(node, (cst.Name, cst.Attribute)):
        return None
    if isinstance(node, cst.Name) and node.value in resolver.arguments:
        caller, argument = resolver.arguments[node.value]
        return known_number(argument, caller, depth + 1)
    bindings = resolver.bindings(code_of(node))
    if len(bindings) == 1 and (bindings[0].value or bindings[0].alias) is not None:
        return known_number(bindings[0].value or bindings[0].alias, resolver, depth + 1)
    default = resolver.option_default(node.attr.value) if isinstance(node, cst.Attribute) and not bindings else None
    return known_number(default, resolver, depth + 1) if default is not None else None


def reads(node: cst.CSTNode, resolver: Resolver) -> frozenset[str]:
    """The objects an expression reads, as written and as resolver keys: `model` in `model.parameters()`,
    `self.net` in `self.net.parameters()`, `models[i]` and `i` in `models[i].parameters()`, `model.head` in
    `[{"params": model.head.parameters(), "lr": lr}]`."""
    found: set[str] = set()
    read_into(found, node, resolver)
    return frozenset(found)


def read_into(found: set[str], part: cst.CSTNode, resolver: Resolver) -> None:
    """`reads`, walking (a function of its state, not a closure: a recursive closure is a cycle, holding the
    resolver and with it the file's trees for the collector to find)."""
    if isinstance(part, cst.Name) and (bound := resolver.value_of(part)) is not None and bound is not part and (
        isinstance(bound, (cst.ListComp, cst.GeneratorExp, cst.Call)) and resolver.parameter_owners(bound)
    ):
        read_into(found, bound, resolver)  # `params = [p for p in model.parameters() if p.requires_grad]`: the model's
        return
    if isinstance(part, (cst.Name, cst.Attribute)) and dotted_name(part) is not None:
        found.update({resolver.canonical(part), code_of(part)})  # `member` of `for member in ensemble` too
        return
    if isinstance(part, cst.Subscript):
        found.update({resolver.canonical(part), code_of(part)})
    if isinstance(part, cst.Dict) and (params := group_parameters(part)) is not None:
        read_into(found, params, resolver)  # a parameter group: its parameters, not its learning rate
        return
    if isinstance(part, cst.Call):
        if isinstance(part.func, cst.Attribute):
            read_into(found, part.func.value, resolver)  # the receiver, not the method's name
        for argument in part.args:
            read_into(found, argument.value, resolver)
        return
    for child in code_children(part):
        read_into(found, child, resolver)


def names_read(node: cst.CSTNode, keywords: bool = True) -> set[str]:
    """The names and attribute chains an expression reads (`task.loader`, `self.total`, `i`); with
    `keywords=False`, not in keyword arguments (`tqdm(loader, desc=f"epoch {epoch}")` reads `loader`)."""
    reads = _Reads(keywords)
    visit(node, reads)
    return reads.found


class _Reads(cst.CSTVisitor):
    def __init__(self, keywords: bool) -> None:
        self.keywords = keywords
        self.found: set[str] = set()

    def visit_Arg(self, argument: cst.Arg) -> bool:
        return self.keywords or argument.keyword is None

    def visit_Attribute(self, attribute: cst.Attribute) -> bool:
        name = dotted_name(attribute)
        if name is not None:
            self.found.add(name)
        return name is None

    def visit_Name(self, name: cst.Name) -> None:
        self.found.add(name.value)


def state_change_target(call: cst.Call) -> cst.BaseExpression | None:
    """What a call replaces or changes the state of: `model.load_state_dict(sd)` -> model, `init_weights(model)` -> model."""
    func = call.func
    if isinstance(func, cst.Attribute) and func.attr.value in STATE_METHODS:
        return func.value
    name = last_name(func) if type(func) in (cst.Name, cst.Attribute) else None
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if name and STATE_FUNCTIONS.search(name) and positional:
        return positional[0]
    return None


# ZG602 ---------------------------------------------------------------------------------


def parts_returned(
    target: cst.BaseExpression, function: cst.FunctionDef, returns: tuple[cst.BaseExpression, ...]
) -> frozenset[tuple[str, str]]:
    """(name, part) for each name of `target` (`total, parts = f(...)`) that `f`'s `returns` give a total of the
    value they give `part`: `return sum(parts.values()) / len(parts), parts`, or `return total, {"box": box}` after
    `total = box + cls`. Only a part returned as names (a name, or a display of names) is one: a value computed
    anew (`torch.cat(terms).detach()`, `box.item()`) is not the loss's part, nor is a divisor (`n` of `total / n`)."""
    names = tuple_elements(target)
    if names is None:
        return frozenset()
    sources = terms_assigned(function)
    found: set[tuple[str, str]] = set()
    for returned in returns:
        values = tuple_elements(returned)
        if values is None or len(values) != len(names):
            continue
        for name, whole in zip(names, values):
            added = closure(terms_of(whole), sources)
            for part_name, part in zip(names, values):
                held = names_held(part)
                if part is not whole and held and held <= added:
                    found.add((code_of(name), code_of(part_name)))
    return frozenset(found)


def terms_assigned(function: cst.FunctionDef) -> dict[str, set[str]]:
    """Each plain name a function assigns, and the names its values add up (`terms_of`)."""
    found: dict[str, set[str]] = {}
    for statement in nodes_of(function, cst.Assign):
        for target in statement.targets:
            if isinstance(target.target, cst.Name):
                found.setdefault(target.target.value, set()).update(terms_of(statement.value))
    return found


def closure(names: set[str], sources: Mapping[str, set[str]]) -> set[str]:
    """The names, and those their assignments add up, and so on."""
    found, pending = set(names), list(names)
    while pending:
        for source in sources.get(pending.pop(), ()):
            if source not in found:
                found.add(source)
                pending.append(source)
    return found


# Calls whose value adds up what they are given: `sum(parts.values())`, `torch.stack(terms).mean()`.
SUMMING_CALLS = frozenset({"sum", "mean", "stack", "cat", "list", "tuple", "values"})


def terms_of(node: cst.BaseExpression) -> set[str]:
    """The names a value adds up: `box` and `cls` in `(box + cls) / n`, `parts` in `sum(parts.values())`; not a
    divisor (`n`), nor what another function is handed (`F.mse_loss(out, y)`)."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Subscript):
        return terms_of(node.value)
    if isinstance(node, (cst.Tuple, cst.List)):
        return set().union(*(terms_of(element.value) for element in node.elements))
    if isinstance(node, cst.UnaryOperation):
        return terms_of(node.expression)
    if isinstance(node, cst.BinaryOperation):
        if isinstance(node.operator, (cst.Add, cst.Subtract, cst.Multiply)):
            return terms_of(node.left) | terms_of(node.right)
        return terms_of(node.left) if isinstance(node.operator, cst.Divide) else set()
    if isinstance(node, cst.Call) and isinstance(node.func, (cst.Name, cst.Attribute)) and last_name(node.func) in SUMMING_CALLS:
        receiver = terms_of(node.func.value) if isinstance(node.func, cst.Attribute) else set()
        return receiver.union(*(terms_of(argument.value) for argument in node.args if argument.keyword is None))
    return set()


def names_held(node: cst.BaseExpression) -> set[str]:
    """The names a value is made of as it is: a name, or a dict, tuple or list of names; else nothing."""
    if isinstance(node, cst.Name):
        return {node.value}
    if isinstance(node, cst.Dict):
        elements = [e.value for e in node.elements if isinstance(e, cst.DictElement)]
    else:
        elements = tuple_elements(node) or []
    held = {e.value for e in elements if isinstance(e, cst.Name)}
    return held if elements and len(held) == len(elements) else set()


def accumulation(statement: cst.BaseSmallStatement) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(accumulator, added value) of `total += v` or `total = total + v` (or `v + total`); for an entry of a
    mapping, `totals[k] = totals[k] + v` or `totals[k] = totals.get(k, 0) + v`, which adds as `totals[k] += v` does;
    a running average rebound from itself, `avg = (avg * n + v) / (n + 1)`, and an exponential moving average,
    `ema = beta * ema + (1 - beta) * v`, hold `v` as the sum does (the old value, weighted, still carries every
    earlier iteration's graph)."""
    if isinstance(statement, cst.AugAssign) and isinstance(statement.operator, cst.AddAssign):
        if is_accumulator(statement.target):
            return statement.target, statement.value
        return None
    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1):
        return None
    target, value = statement.targets[0].target, statement.value
    if not isinstance(target, (cst.Name, cst.Attribute, cst.Subscript)) or not is_accumulator(target):
        return None
    summed = sum_of_average(value, target)
    if not (isinstance(summed, cst.BinaryOperation) and isinstance(summed.operator, cst.Add)):
        return None
    if reads_old_value(summed.left, target):
        return target, summed.right
    if reads_old_value(summed.right, target):
        return target, summed.left
    return None


def sum_of_average(value: cst.BaseExpression, target: cst.BaseExpression) -> cst.BaseExpression:
    """The sum under an average's division, `avg * n + v` of `(avg * n + v) / (n + 1)`; `value` itself otherwise."""
    if (
        isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Divide)
        and not any(reads_entry(part, target) for part in nodes_of(value.right, cst.BaseExpression))
    ):
        return value.left
    return value


def reads_old_value(addend: cst.BaseExpression, target: cst.BaseExpression) -> bool:
    """Whether an addend is what `target` holds, as it is or weighted (`avg * n`, `beta * ema`)."""
    if isinstance(addend, cst.BinaryOperation) and isinstance(addend.operator, cst.Multiply):
        return reads_entry(addend.left, target) or reads_entry(addend.right, target)
    return reads_entry(addend, target)


def reads_entry(value: cst.BaseExpression, target: cst.BaseExpression) -> bool:
    """Whether `value` reads what `target` holds: the same expression, or `d.get(k, ...)` for a target `d[k]`."""
    if code_of(value) == code_of(target):
        return True
    if not (isinstance(target, cst.Subscript) and len(target.slice) == 1 and isinstance(target.slice[0].slice, cst.Index)):
        return False
    func = value.func if isinstance(value, cst.Call) else None
    return (
        isinstance(func, cst.Attribute) and func.attr.value == "get" and code_of(func.value) == code_of(target.value)
        and bool(value.args) and code_of(value.args[0].value) == code_of(target.slice[0].slice.value)
    )


def stored_into_tensor(statement: cst.BaseSmallStatement, resolver: Resolver) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(tensor, value) of `recent[i] = v` into a tensor the file makes (`recent = torch.zeros(n)`): an in-place
    copy that chains the tensor's autograd graph onto each value stored (a list slot would only be replaced)."""
    if not (isinstance(statement, cst.Assign) and len(statement.targets) == 1):
        return None
    target = statement.targets[0].target
    if not isinstance(target, cst.Subscript):
        return None
    made = resolver.value_of(target.value)
    callee = dotted_name(made.func) if isinstance(made, cst.Call) else None
    if callee is None or not callee.startswith("torch.") or callee.rsplit(".", 1)[-1] not in TENSOR_FACTORIES:
        return None
    return target.value, statement.value


def appended(call: cst.Call) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """(list, value) of `losses.append(v)`."""
    func = call.func
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if isinstance(func, cst.Attribute) and func.attr.value == "append" and len(call.args) == 1 and positional:
        if is_accumulator(func.value):
            return func.value, positional[0]
    return None


def is_accumulator(node: cst.BaseExpression) -> bool:
    """`total`, `self.total`, `stats.total`, `history["loss"]`: something that can hold a value across iterations."""
    if isinstance(node, cst.Subscript):
        return is_accumulator(node.value)
    return dotted_name(node) is not None


def held_names(node: cst.BaseExpression) -> frozenset[str]:
    """The names whose tensors a value handed on holds as they are: `live_names`, and those of a dict's values."""
    if isinstance(node, cst.Dict):
        return frozenset().union(*(live_names(e.value) for e in node.elements if isinstance(e, cst.DictElement)))
    return live_names(node)


def live_names(node: cst.BaseExpression, keeps_first_argument: Callable[[cst.Call], bool] = lambda call: False) -> frozenset[str]:
    """The names whose tensor (and autograd graph) the value holds as it is: `loss` in `loss * n`,
    not in `loss.item()`, `loss.detach()`, `loss.data`, `float(loss)` or any call not known to keep it; a call
    `keeps_first_argument` knows (a library's differentiable function: `hvd.allreduce(loss)`) holds its first argument's."""

    def live(part: cst.BaseExpression) -> frozenset[str]:
        return live_names(part, keeps_first_argument)

    if isinstance(node, cst.Name):
        return frozenset() if node.value in {"True", "False", "None"} else frozenset({node.value})
    if isinstance(node, cst.Attribute):
        return frozenset() if node.attr.value in {"data", "grad", "shape"} else frozenset({code_of(node)})
    if isinstance(node, cst.Subscript):
        return live(node.value)
    if isinstance(node, cst.BinaryOperation):
        return live(node.left) | live(node.right)
    if isinstance(node, (cst.List, cst.Tuple)):  # `step_losses += [loss]`
        return frozenset().union(*(live(e.value) for e in node.elements))
    if isinstance(node, cst.UnaryOperation):
        return live(node.expression)
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in KEEPS_GRAPH:
        return live(node.func.value)
    if isinstance(node, cst.Call) and node.args and node.args[0].keyword is None and keeps_first_argument(node):
        return live(node.args[0].value)
    return frozenset()
