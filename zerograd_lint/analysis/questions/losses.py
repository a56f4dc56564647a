"""Questions about the loss: is the loss handed to backward divided by the number of accumulated
micro-batches? Does a test read the loss, or the gradient norm (the "drop this batch" idiom)?"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Callable, Iterable

import libcst as cst

from zerograd_lint.analysis.ir.conditions import literal_of
from zerograd_lint.analysis.ir.names import arguments_by_parameter, code_of, dotted_name
from zerograd_lint.analysis.ir.nodes import Assign, Backward
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import CLIP_FUNCTIONS, NORM_FUNCTIONS
from zerograd_lint.analysis.project import ProjectModule
from zerograd_lint.analysis.questions.dict_entries import every_entry, key_name, mapping_loop
from zerograd_lint.analysis.questions.reaching_assignments import reaching

DIVIDED = re.compile(r"/|\.div_?\(")
MEANS = frozenset({"'mean'", "'batchmean'"})  # the reductions that leave a micro-batch's mean
SIZE_WORDS = re.compile(r"size|len\(|batch|numel|shape|count|accum|world", re.IGNORECASE)
# A test of whether numbers are finite (`if found_inf:`, `if self.overflow:`, `if has_nan:`) is of this batch's numbers.
NON_FINITE_WORDS = re.compile(r"nan|inf(?!o)|finite|overflow", re.IGNORECASE)
COPY_DEPTH = 4
# What a loss tensor can go through keeping its scale: a reduction (the mean or sum of a loss divided by n is divided
# by n), a type or a shape. `loss.mean()` is divided where `loss` is.
SCALE_KEEPING = frozenset({
    "mean", "sum", "nanmean", "nansum", "float", "double", "squeeze", "reshape", "view", "flatten", "contiguous", "clone",
})
HELPER_DEPTH = 2  # a helper returning another helper's loss is followed once more
# Builtins whose result keeps the scale of the collection's elements they are given: `sum(losses)`.
ELEMENT_SCALE_KEEPING = frozenset({"sum"})
# Methods that hand back a value a container was given earlier (`activations.popleft()`): not built there.
TAKEN_OUT = frozenset({"pop", "popleft", "popitem"})
# The divisor of a mean over a tensor's elements: a sum or count of them (`torch.sum(mask)`, `mask.sum()`)...
ELEMENT_COUNTS = frozenset({"sum", "nansum", "count_nonzero"})
# ...kept as it is by a method of it (`mask.sum().clamp(min=1)`, `.float()`) or a function of it as first argument
# (`max(mask.sum(), 1)`, `torch.clamp(mask.sum(), min=1)`).
COUNT_KEEPING_METHODS = frozenset({"clamp", "clamp_", "clamp_min", "float", "double", "to", "type_as", "item", "detach"})
COUNT_KEEPING_FUNCTIONS = frozenset({"max", "float", "torch.clamp", "torch.clamp_min", "torch.maximum"})


def never(expression: cst.BaseExpression) -> bool:
    """No expression is the accumulation count (where it is not known)."""
    return False


class _Assignments(cst.CSTVisitor):
    def __init__(self, root: cst.CSTNode, name: str) -> None:
        self.root = root
        self.name = name
        self.values: list[cst.CSTNode] = []
        self.unpacked: dict[cst.CSTNode, int] = {}  # a value unpacked (`loss, out = f()`): where the name is in it

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if self.name in names_in(target.target):
                self.values.append(node.value)
                position = position_in(target.target, self.name)
                if position is not None:
                    self.unpacked[node.value] = position

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        if self.name in names_in(node.target):
            self.values.append(node)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        if node.value is not None and self.name in names_in(node.target):
            self.values.append(node.value)

    def visit_Call(self, node: cst.Call) -> None:
        """`loss.mul_(micro_size / batch_size)`, `loss.div_(n)`: scaled in place."""
        func = node.func
        if isinstance(func, cst.Attribute) and func.attr.value in {"mul_", "div_"} and code_of(func.value) == self.name:
            self.values.append(node)


def tests_loss_or_norm(test: cst.BaseExpression, losses: Iterable[str], assignments: Iterable[Assign]) -> bool:
    """`if not math.isfinite(norm)`, `if loss > spike * running`, `if torch.isnan(loss)`: the test reads a loss
    handed to backward or a gradient norm (what a clip or `get_total_norm` returns), directly or through names
    assigned from them (`skip = not torch.isfinite(norm)`, `running = 0.9 * running + 0.1 * loss.item()`), or
    asks whether numbers are finite (`if self.found_overflow():`)."""
    if NON_FINITE_WORDS.search(code_of(test)):
        return True
    assignments = list(assignments)
    derived = set(losses) | {name for a in assignments if any(measures_norm(c) for c in a.callees) for name in a.names}
    grown = True
    while grown:
        found = {name for a in assignments if a.uses & derived for name in a.names}
        grown = not found <= derived
        derived |= found
    read = {code_of(node) for node in nodes_of(test, (cst.Name, cst.Attribute))}
    return bool(read & derived) or any(measures_norm(dotted_name(call.func) or "") for call in nodes_of(test, cst.Call))


def measures_norm(callee: str) -> bool:
    return callee.rsplit(".", 1)[-1] in CLIP_FUNCTIONS | NORM_FUNCTIONS


def position_in(target: cst.BaseExpression, name: str) -> int | None:
    """Where `name` is among the plain names a tuple target unpacks (`loss, out = ...`: 0); None for any other target."""
    if not isinstance(target, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in target.elements):
        return None
    return next((i for i, e in enumerate(target.elements) if isinstance(e.value, cst.Name) and e.value.value == name), None)


def element_at(value: cst.CSTNode, position: int, width: int | None = None) -> cst.BaseExpression | None:
    """The element at `position` of a tuple or list display (of `width` elements, when given), None otherwise."""
    if not isinstance(value, (cst.Tuple, cst.List)) or any(isinstance(e, cst.StarredElement) for e in value.elements):
        return None
    if width is not None and len(value.elements) != width:
        return None
    return value.elements[position].value if position < len(value.elements) else None


def names_in(target: cst.BaseExpression) -> set[str]:
    """The names an assignment's target binds: plain names, and an attribute as its dotted name (`self.loss`)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, cst.Attribute):
        dotted = dotted_name(target)
        return {dotted} if dotted is not None else set()
    if isinstance(target, (cst.Tuple, cst.List)):
        return {n for e in target.elements for n in names_in(e.value)}
    return set()


def calls_helper(node: cst.CSTNode, helpers: frozenset[str]) -> bool:
    """A call to a function or method defined in this file: it may normalise inside."""
    calls = _HelperCalls(helpers)
    visit(node, calls)
    return calls.found


class _HelperCalls(cst.CSTVisitor):
    def __init__(self, helpers: frozenset[str]) -> None:
        self.helpers = helpers
        self.found = False

    def visit_Call(self, call: cst.Call) -> None:
        name = dotted_name(call.func) or ""
        self.found = self.found or name.rsplit(".", 1)[-1] in self.helpers


def scaled_on_purpose(
    node: cst.CSTNode, helper: cst.CSTNode | None = None, ones: frozenset[str] = frozenset(), outputs: frozenset[str] = frozenset(),
    the_count: Callable[[cst.BaseExpression], bool] = never,
) -> bool:
    """Divided, or multiplied as a whole (by a batch size, a count): normalised here or summed on purpose.

    Weights multiplied inside a reduction (`(losses * w).mean()`) are neither, nor a product by the accumulation
    count itself, which multiplies where it should divide, or by a loss scale the step takes back (`the_count`). In a helper the loss is computed by
    (`helper`, the function the node is written in), a division counts only where it may be by the count: not a mean
    over the helper's own tensors or over the forward's output it was handed (`outputs`), nor a parameter the call
    leaves at a default of 1 (`ones`).
    """
    text = code_of(node)
    if divided_by_a_count(node, helper, ones, outputs) if helper is not None else DIVIDED.search(text) or summed_or_unknown_reduction(node, MEANS):
        return True
    value = node.value if isinstance(node, (cst.Assign, cst.AugAssign)) else node
    if isinstance(node, cst.AugAssign):
        return isinstance(node.operator, cst.MultiplyAssign)  # `/=` is a division, asked above
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        return not (the_count(value.left) or the_count(value.right))
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in {"mul", "mul_"}:
        return not any(the_count(argument.value) for argument in value.args)
    return multiplies(node) and SIZE_WORDS.search(text) is not None


def handed_the_count(value: cst.CSTNode, the_count: Callable[[cst.BaseExpression], bool]) -> bool:
    """A call the analysis cannot follow that is handed the step guard's count (joeynmt's `batch.normalize(loss,
    normalization=..., n_accumulation=self.args.batch_multiplier)`, a method of a parameter): it divides by it, or
    chooses a sum on purpose (the normaliser's `"sum"` arm), as a reduction given a value not written here does
    (`summed_or_unknown_reduction`). Unknown: no report. Not a product by it (`loss.mul(n)`, `torch.mul(loss, n)`)."""
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    if (func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None) in {"mul", "mul_"}:
        return False
    return any(the_count(argument.value) for argument in value.args)


def multiplies(node: cst.CSTNode) -> bool:
    """A product somewhere in the code (`a * b`, `a *= b`): not the `*` of an unpacked argument (`model(**batch)`) nor
    of a power (`err ** 2`)."""
    return any(isinstance(n.operator, cst.Multiply) for n in nodes_of(node, cst.BinaryOperation)) or any(
        isinstance(n.operator, cst.MultiplyAssign) for n in nodes_of(node, cst.AugAssign)
    )


def divided_by_a_count(
    node: cst.CSTNode, helper: cst.CSTNode, ones: frozenset[str] = frozenset(), outputs: frozenset[str] = frozenset()
) -> bool:
    """A division whose divisor may be the number of micro-batches (a parameter, an attribute, a size: anything but
    the element count of a mean), or a reduction given as `"sum"` or as a value not written here: normalised here or
    summed on purpose. `torch.sum(loss * mask) / torch.sum(mask)`, `len(pred)` of the forward's output `pred` (one of
    `outputs`) and `reduction="mean"` are a micro-batch's mean."""
    divisors = [node.value] if isinstance(node, cst.AugAssign) and isinstance(node.operator, cst.DivideAssign) else []
    divisors += [n.right for n in nodes_of(node, cst.BinaryOperation) if isinstance(n.operator, cst.Divide)]
    divisors += [divisor for call in nodes_of(node, cst.Call) if (divisor := divisor_of(call)) is not None]
    divisors = [d for d in divisors if not (isinstance(d, cst.Name) and d.value in ones)]
    return any(not counts_elements(d, helper, outputs) for d in divisors) or summed_or_unknown_reduction(node, MEANS | {"'none'"})


def summed_or_unknown_reduction(node: cst.CSTNode, means: frozenset[str]) -> bool:
    """A call given `reduction="sum"`, or a reduction not written here (`reduction=self.reduction`): summed on
    purpose, or normalised where it is chosen; `means` leave a micro-batch's mean. `"none"` is one of them in a
    helper, which reduces its own tensors; in the loop its elements may be summed on purpose (`.sum()`)."""
    return any(
        literal_of(arg.value) not in means
        for call in nodes_of(node, cst.Call) for arg in call.args
        if arg.keyword is not None and arg.keyword.value == "reduction"
    )


def divisor_of(call: cst.Call) -> cst.BaseExpression | None:
    """`n` of `loss.div(n)`, `loss.div_(n)` and `torch.div(loss, n)`."""
    if not (isinstance(call.func, cst.Attribute) and call.func.attr.value in {"div", "div_"}):
        return None
    positional = [arg.value for arg in call.args if arg.keyword is None and not arg.star]
    return positional[-1] if positional else None


def counts_elements(divisor: cst.BaseExpression, helper: cst.CSTNode, outputs: frozenset[str] = frozenset()) -> bool:
    """The divisor of a mean over a tensor's elements: a sum or count of them, kept as it is by what is applied to it,
    give or take a number (`mask.sum().clamp(min=1)`, `torch.sum(mask) + 1e-8`), or a name the helper binds once to
    one (`num_tokens = mask.sum()`); or the length of a forward's output the helper was handed (`len(pred_list)`,
    `pred_list` one of `outputs`): the positions or samples the model predicted, not the micro-batches."""
    names = 0
    while True:
        if isinstance(divisor, cst.BinaryOperation) and isinstance(divisor.operator, (cst.Add, cst.Subtract)):
            if literal_of(divisor.right) is not None:
                divisor = divisor.left
            elif literal_of(divisor.left) is not None:
                divisor = divisor.right
            else:
                return False
        elif isinstance(divisor, cst.Call):
            callee = dotted_name(divisor.func)
            method = divisor.func.attr.value if isinstance(divisor.func, cst.Attribute) else None
            positional = [arg.value for arg in divisor.args if arg.keyword is None and not arg.star]
            if method in ELEMENT_COUNTS:  # `mask.sum()`, `torch.sum(mask)`; not the builtin `sum(sizes)` of numbers
                return True
            if callee == "len" and len(positional) == 1 and isinstance(positional[0], cst.Name) and positional[0].value in outputs:
                return True
            if callee in COUNT_KEEPING_FUNCTIONS and positional:
                divisor = positional[0]
            elif method in COUNT_KEEPING_METHODS and isinstance(divisor.func, cst.Attribute):
                divisor = divisor.func.value
            else:
                return False
        elif isinstance(divisor, cst.Name) and names < COPY_DEPTH:
            bound = bound_once(helper, divisor.value)
            if bound is None:
                return False  # a parameter (the caller's count, perhaps), or bound more than once
            divisor, names = bound, names + 1
        else:
            return False


def bound_once(function: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    """The one value the function assigns to the name and never changes in place; None for a parameter."""
    finder = _Assignments(function, name)
    visit(function, finder)
    found = finder.values[0] if len(finder.values) == 1 and not finder.unpacked else None
    in_place = isinstance(found, cst.Call) and isinstance(found.func, cst.Attribute) and found.func.attr.value in {"mul_", "div_"}
    return found if isinstance(found, cst.BaseExpression) and not in_place else None


@dataclass(frozen=True)
class Helpers:
    """Where the functions a loss is computed by are found: the function the lifecycle IR inlined for a call
    (`inlined`, with where its own calls are found: a subclass's override of another module, where a base's loop is
    checked for the subclass), else the defs of the module the code is written in (by their names), and, where that
    module is read as part of its project (`home`), the defs of other modules of the project its names import (`from
    training.losses import scaled_losses`), each read in its own module in turn. `handed`: for a function the code
    was inlined through, what the call there hands one of its parameters (`backward_micro_batch(model, loss, sync)`:
    its `loss` is the caller's), with the function that call is written in and where its calls are found."""

    module: cst.Module | None
    names: frozenset[str]
    home: ProjectModule | None = None
    inlined: Callable[[cst.CSTNode], tuple[cst.FunctionDef, Helpers] | None] = lambda call: None
    handed: Callable[[cst.CSTNode, str], tuple[cst.BaseExpression, cst.CSTNode, Helpers] | None] = lambda function, parameter: None
    # The sums over a dict's values whose entries are being judged: an entry that leads back to one (through a name
    # bound after it) is judged as any sum is.
    summing: frozenset[cst.CSTNode] = frozenset()
    # The names of the function being judged that hold a forward pass's output wherever it reads them (the backward's
    # own forward passes, `pred, true = model(batch)`; a helper's parameters the call hands one of them): a size of
    # one counts the model's predictions.
    outputs: frozenset[str] = frozenset()
    # Whether an expression of the backward's own function is the accumulation count of the step's guard itself
    # (`self.r_accu`, bound by `__init__` to the count its construction was handed), or a loss scale the step's call
    # takes back (`optimizer.step(scale=scale)`): a product by either is no normalisation.
    the_count: Callable[[cst.BaseExpression], bool] = never

    def calls_one(self, node: cst.CSTNode) -> bool:
        """A call of a function the IR inlined, of the module, or of another module of the project: it may normalise
        inside."""
        return calls_helper(node, self.names) or any(
            self.inlined(call) is not None or self.imported(call) is not None for call in nodes_of(node, cst.Call)
        )

    def returns(self, value: cst.CSTNode) -> list[tuple[cst.FunctionDef, cst.BaseExpression, Helpers]] | None:
        """What the one function a value calls returns, with that function and where its own calls are found; None
        when the value is more than the call, or the function is not known once."""
        if not isinstance(value, cst.Call):
            return None
        inlined = self.inlined(value)
        if inlined is not None:
            return returned_by(*inlined)
        own = function_of_module(value, self.module)
        if own is not None:
            return returned_by(own, replace(self, outputs=self.handed_outputs(value, own)))
        found = self.imported(value)
        if found is None:
            return None
        home, function = found
        names = frozenset(f.name.value for f in walk_functions(home.module))
        return returned_by(function, Helpers(home.module, names, home, self.inlined, outputs=self.handed_outputs(value, function)))

    def handed_outputs(self, call: cst.Call, function: cst.FunctionDef) -> frozenset[str]:
        """The parameters of `function` that `call` hands one of `outputs` by name, where the function never binds
        them again."""
        return frozenset(
            parameter for parameter, argument in arguments_by_parameter(call, function).items()
            if isinstance(argument, cst.Name) and argument.value in self.outputs and not assigned(function, parameter)
        )

    def imported(self, call: cst.Call) -> tuple[ProjectModule, cst.FunctionDef] | None:
        """The def of another module of the project that the call's name, imported here, stands for."""
        name = dotted_name(call.func)
        if self.home is None or name is None or name.split(".")[-1] in self.names:
            return None
        found = self.home.project.definition(self.home, name)
        if found is None or found[1] is None or found[0] is self.home:
            return None
        function = found[0].function(found[1])
        return (found[0], function) if function is not None else None


def returned_by(function: cst.FunctionDef, there: Helpers) -> list[tuple[cst.FunctionDef, cst.BaseExpression, Helpers]] | None:
    """What the function returns, each value with the function and where its own calls are found (`there`)."""
    returns = _Returns(function)
    visit(function, returns)
    return [(function, returned, there) for returned in returns.found] or None


def loss_is_unnormalised(backward: Backward, helpers: Helpers) -> bool:
    """True only when the loss is visibly built and nowhere divided or scaled on purpose.

    A loss returned by a function of the file (`loss = self.train_step(model, batch)`), or of another module of the
    project, is judged by what that function returns, when it is known once (`helpers`: where to look for it: the
    subclass's override the IR inlined first).
    """
    if backward.loss is None:
        return False
    return all(
        unnormalised(loss, backward.scope, helpers, 0, read=backward.node) for loss in (backward.loss, *argument_read_as_loss(backward))
    )


def argument_read_as_loss(backward: Backward) -> list[cst.BaseExpression]:
    """The argument of a backward read as one of its receiver (`grad_accumulator.backward(sum(activations))`): a
    tensor's `backward` takes a gradient there, a wrapper's the loss itself. Unknown which, so both are judged."""
    call = backward.node
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.value is backward.loss):
        return []
    return [argument.value for argument in call.args if argument.keyword is None][:1]


def unnormalised(
    value: cst.CSTNode, scope: cst.CSTNode, helpers: Helpers, depth: int, ones: frozenset[str] = frozenset(), read: cst.CSTNode | None = None
) -> bool:
    """`ones`: the parameters of `scope` (a helper) that the call followed into it leaves at a default of 1. `read`: where
    `value`, a name of `scope`, is read (the backward): only its assignments that can reach there are judged."""
    if scaled_on_purpose(value, scope if depth > 0 else None, ones, helpers.outputs, helpers.the_count if depth == 0 else never):
        return False
    terms = summed_terms(value)
    if terms is not None and all(shown_divided(term, scope, helpers, depth, ones) for term in terms):
        return False  # `pos_loss + self.neg_weight * neg_loss`, each shown divided (FCGF's)
    if helpers.calls_one(value):
        returned = helpers.returns(value) if depth < HELPER_DEPTH else None
        return returned is not None and all(
            unnormalised(r, function, there, depth + 1, left_at_one(value, function)) for function, r, there in returned
        )
    if handed_the_count(value, helpers.the_count if depth == 0 else never):
        return False
    entry = literal_entry(value)
    if entry is not None:  # `out["loss"]`: the entry of a dict, as it was written
        return entry_unnormalised(*entry, scope, helpers, depth)
    if taken_out(value):
        queued = queued_values(value, scope)  # what the function's own list was given, else judged nowhere: unknown
        return bool(queued) and all(unnormalised(v, scope, helpers, depth, ones) for v in queued)
    entries = summed_entries(value, scope, helpers)
    if entries is not None:  # `sum(d.values())`: divided where every entry the function shows `d` holding is
        summing = replace(helpers, summing=helpers.summing | {value})
        return any(unnormalised(entry, scope, summing, depth, ones) for entry in entries)
    copied = copy_of(value) or assigned_attribute(value, scope) or bound_owner(value, scope)
    if copied is None:
        return True
    values: list[cst.CSTNode] = []
    unpacked: list[tuple[cst.CSTNode | None, cst.CSTNode, Helpers, int]] = []  # a tuple target's name: what, where, found how, how deep
    names, seen = [copied], set()
    # Where each name is read on the way (the backward, a copy `_loss = loss`; None: a place not known): a name is
    # judged by the assignments that reach one of its places (`loss` rebound for logging after the backward is no
    # loss), and judged again when another place is found.
    reads: dict[str, list[cst.CSTNode | None]] = {copied: [read]}
    narrowed: set[str] = set()

    def read_at(name: str, place: cst.CSTNode | None) -> None:
        if place in reads.setdefault(name, []):
            return
        reads[name].append(place)
        if name in narrowed or (name not in seen and name not in names):
            narrowed.discard(name)
            names.append(name)

    while names and len(seen) < COPY_DEPTH:  # `loss = -objective` is divided where `objective` is
        name = names.pop()
        seen.add(name)
        finder = _Assignments(scope, name)
        visit(scope, finder)
        places = reads.get(name, [None])
        if None not in places and isinstance(scope, cst.FunctionDef) and "." not in name:
            finder.values = reaching(scope, name, finder.values, places)  # type: ignore[arg-type]
            finder.unpacked = {value: position for value, position in finder.unpacked.items() if value in finder.values}
            narrowed.add(name)
        if not finder.values:
            handed = helpers.handed(scope, name)
            if handed is None:
                return False  # bound where we cannot see
            unpacked.append((*handed, depth))  # a parameter: the argument the inlined call hands it, judged where it is written
            continue
        direct = [each for found in finder.values if found not in finder.unpacked for each in dequeued(found, scope)]
        values += direct
        for found, position in finder.unpacked.items():
            for element in unpacked_elements(found, position, scope, helpers, depth):
                here = element[1:] == (scope, helpers, depth)
                for each in dequeued(element[0], scope) if here and element[0] is not None else [element[0]]:
                    named = each.value if isinstance(each, cst.Name) and here else None
                    if named is None:
                        unpacked.append((each, *element[1:]))
                    else:
                        # `loss, items = loss`, `a, b = b, a`: a name of this function, followed here as a copy is
                        # (each once), never judged again from the start: its own assignment leads back to it
                        read_at(named, None)
        for found in direct:
            if (copied := copy_of(found)) is not None:
                read_at(copied, found)
    return (
        all(copy_of(found) is not None or unnormalised(found, scope, helpers, depth, ones) for found in values)
        and all(found is not None and unnormalised(found, where, there, deep) for found, where, there, deep in unpacked)
    )


def shown_divided(term: cst.BaseExpression, scope: cst.CSTNode, helpers: Helpers, depth: int, ones: frozenset[str]) -> bool:
    """A term of a sum shown divided: divided itself, a product one of whose factors is shown divided (a weight times
    a divided loss), or a name of `scope` whose every assignment is divided. A weight alone is no division
    (`rgb_loss * lambda_coarse + fine_loss * lambda_fine`), nor a term not known (unpacked from a forward's tuple,
    handed in), nor the sum's own name (`loss = loss + part`, whose assignments lead back to it): the sum stays judged
    as a whole."""
    helper, the_count = (scope, never) if depth > 0 else (None, helpers.the_count)

    def divided(value: cst.CSTNode) -> bool:
        if isinstance(value, cst.AugAssign) and isinstance(value.operator, cst.MultiplyAssign):
            return divided(value.value)
        factors = factors_of(value)
        if factors:
            return any(divided(factor) for factor in factors)
        return scaled_on_purpose(value, helper, ones, helpers.outputs, the_count)

    factors = factors_of(term)
    if factors:
        return any(shown_divided(factor, scope, helpers, depth, ones) for factor in factors)
    if divided(term):
        return True
    name = copy_of(term)
    if name is None:
        return False
    finder = _Assignments(scope, name)
    visit(scope, finder)
    shown = [found for found in finder.values if divided(found)]
    # Divided in place (`pos_loss /= iter_size` after `pos_loss, neg_loss = self.loss(...)`, FCGF's): whatever bound it.
    in_place = any(isinstance(found, cst.AugAssign) for found in shown)
    return bool(finder.values) and (in_place or (not finder.unpacked and len(shown) == len(finder.values)))


def factors_of(value: cst.CSTNode) -> list[cst.BaseExpression]:
    """The factors of a product (`a * b`, `a.mul(b)`, `torch.mul(a, b)`); none for anything else."""
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Multiply):
        return [value.left, value.right]
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in {"mul", "mul_"}:
        positional = [arg.value for arg in value.args if arg.keyword is None and not arg.star]
        receiver = [] if dotted_name(value.func.value) == "torch" else [value.func.value]
        return receiver + positional
    return []


def summed_terms(node: cst.CSTNode) -> tuple[cst.BaseExpression, cst.BaseExpression] | None:
    """The two terms of a sum or a difference (`a + b`, `loss = a - b`): divided where each term is; None otherwise."""
    value = node.value if isinstance(node, cst.Assign) else node
    if isinstance(value, cst.BinaryOperation) and isinstance(value.operator, (cst.Add, cst.Subtract)):
        return value.left, value.right
    return None


def summed_entries(value: cst.CSTNode, scope: cst.CSTNode, helpers: Helpers) -> list[cst.CSTNode] | None:
    """The entries of the dict whose values `value` adds up, where the function shows every one it holds there, each
    written anew (`for key, value in d.items(): d[key] = value / n`: not as it came, `d[key] = value.float()`, nor an
    entry the sum is judged from already); None otherwise (a dict the function did not write, or wrote only some
    entries of: its values are judged as the sum is)."""
    mapping = summed_mapping(value, scope) if isinstance(scope, cst.FunctionDef) and value not in helpers.summing else None
    written = every_entry(scope, mapping, value) if mapping is not None else None
    if written is None or any(w.came_as is not None and copy_of(w.value) == w.came_as and not assigned(scope, w.came_as) for w in written):
        return None
    return [w.value for w in written]


def assigned(scope: cst.CSTNode, name: str) -> bool:
    finder = _Assignments(scope, name)
    visit(scope, finder)
    return bool(finder.values)


def left_at_one(call: cst.CSTNode, function: cst.FunctionDef) -> frozenset[str]:
    """The parameters of `function` that `call` leaves at a default of 1 (`lm_loss(model, batch)` of `def lm_loss(model,
    batch, accum_steps=1)`): dividing by one divides by nothing. None of them where the call hands `*args` or `**kwargs`."""
    if not isinstance(call, cst.Call) or any(arg.star for arg in call.args):
        return frozenset()
    params = [*function.params.posonly_params, *function.params.params]
    if params and params[0].name.value in {"self", "cls"} and isinstance(call.func, cst.Attribute):
        params = params[1:]  # bound by the instance or class the call is made on
    given = sum(arg.keyword is None for arg in call.args)
    keywords = {arg.keyword.value for arg in call.args if arg.keyword is not None}
    return frozenset(
        p.name.value for p in [*params[given:], *function.params.kwonly_params]
        if p.name.value not in keywords and p.default is not None and literal_of(p.default) in {"1", "1.0"}
    )


def assigned_attribute(value: cst.CSTNode, scope: cst.CSTNode) -> str | None:
    """`self.r1_penalty` when the function assigns it (then followed as a name is, to its division in place); None for
    an attribute it never assigns (`batch.loss`: a value built elsewhere, taken as it is)."""
    dotted = dotted_name(value) if isinstance(value, cst.Attribute) else None
    if dotted is None:
        return None
    finder = _Assignments(scope, dotted)
    visit(scope, finder)
    return dotted if finder.values else None


def bound_owner(value: cst.CSTNode, scope: cst.CSTNode) -> str | None:
    """`losses` of `losses.loss_total` where every binding of `losses` in the function divides it as a whole (`losses
    = compute_loss(batch) / n`, iris's loss record, whose `__truediv__` divides its total): a field of an object
    divided as a whole is divided where the object is. None for any other owner (`outputs.loss` of `outputs =
    model(**batch)`, `batch.loss`: built elsewhere, taken as it is)."""
    owner = dotted_name(value.value) if isinstance(value, cst.Attribute) else None
    if owner is None:
        return None
    finder = _Assignments(scope, owner)
    visit(scope, finder)
    return owner if finder.values and all(divides_as_a_whole(found) for found in finder.values) else None


def divides_as_a_whole(binding: cst.CSTNode) -> bool:
    """`x / n` and `x /= n`: the whole value divided, not a part inside a call (`model(inputs / 255)`)."""
    if isinstance(binding, cst.AugAssign):
        return isinstance(binding.operator, cst.DivideAssign)
    return isinstance(binding, cst.BinaryOperation) and isinstance(binding.operator, cst.Divide)


def unpacked_elements(
    value: cst.CSTNode, position: int, scope: cst.CSTNode, helpers: Helpers, depth: int
) -> list[tuple[cst.CSTNode | None, cst.CSTNode, Helpers, int]]:
    """`loss, out = value`: what the name at `position` is, each with the function it is written in, where its calls
    are found and the helper depth it is judged at: an element of a tuple display, or of each tuple a helper returns
    (`loss, result = _forward()` returning `_loss, result`: `_loss`, in `_forward`, one helper deeper); any other
    value as it is (an unknown call's values are built there). None for a helper's return that is no tuple display:
    unknown."""
    element = element_at(value, position)
    if element is not None or not helpers.calls_one(value):
        return [(element if element is not None else value, scope, helpers, depth)]
    returned = helpers.returns(value) if depth < HELPER_DEPTH else None
    if not returned:
        return [(None, scope, helpers, depth)]
    return [(element_at(r, position), function, there, depth + 1) for function, r, there in returned]


def literal_entry(value: cst.CSTNode) -> tuple[str, str] | None:
    """`out` and `'loss'` of `out["loss"]`: a dict's entry by a literal key."""
    if not (isinstance(value, cst.Subscript) and isinstance(value.value, cst.Name) and len(value.slice) == 1):
        return None
    index = value.slice[0].slice
    key = literal_of(index.value) if isinstance(index, cst.Index) else None
    return (value.value.value, key) if key is not None else None


def entry_unnormalised(name: str, key: str, scope: cst.CSTNode, helpers: Helpers, depth: int) -> bool:
    """Whether the entry `key` of the dict `name` holds a loss visibly built and nowhere divided: each value written
    to it (`out["loss"] = out["loss"] / n`), and its value in each dict the name is bound to (a display's, one a
    helper returns: `out = scaled_losses(model, batch, n)`, or a library's: a model's outputs). Unknown (False) where
    a binding is another name."""
    entries = _Entries(scope, name, key)
    visit(scope, entries)
    if any(not unnormalised(value, scope, helpers, depth) for value in entries.written):
        return False  # divided where it is written
    if not entries.bound:
        return True  # a parameter's entry (`state["loss"]`), written where the dict is made: as it was built
    for value in entries.bound:
        if isinstance(value, cst.Dict):
            found = [e.value for e in value.elements if isinstance(e, cst.DictElement) and literal_of(e.key) == key]
            if len(found) != 1 or not unnormalised(found[0], scope, helpers, depth):
                return False
        elif helpers.calls_one(value):
            returned = helpers.returns(value) if depth < HELPER_DEPTH else None
            if returned is None or not all(returned_entry_unnormalised(r, key, function, there, depth + 1) for function, r, there in returned):
                return False
        else:
            return copy_of(value) is None  # a call of the library (a model's outputs): built there
    return True


def returned_entry_unnormalised(value: cst.BaseExpression, key: str, function: cst.FunctionDef, helpers: Helpers, depth: int) -> bool:
    """The entry `key` of a dict a helper returns: of a display, or of the name it returns."""
    if isinstance(value, cst.Name):
        return entry_unnormalised(value.value, key, function, helpers, depth)
    if isinstance(value, cst.Dict):
        found = [e.value for e in value.elements if isinstance(e, cst.DictElement) and literal_of(e.key) == key]
        return len(found) == 1 and unnormalised(found[0], function, helpers, depth)
    return False


class _Entries(cst.CSTVisitor):
    """What a function writes to the entry `key` of the dict `name` (`out["loss"] = ...`), and what it binds `name` to."""

    def __init__(self, root: cst.CSTNode, name: str, key: str) -> None:
        self.root = root
        self.name = name
        self.key = key
        self.written: list[cst.BaseExpression] = []
        self.bound: list[cst.BaseExpression] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.root

    def visit_Assign(self, node: cst.Assign) -> None:
        for target in node.targets:
            if literal_entry(target.target) == (self.name, self.key):
                self.written.append(node.value)
            elif isinstance(target.target, cst.Name) and target.target.value == self.name:
                self.bound.append(node.value)


def function_of_module(call: cst.Call, module: cst.Module | None) -> cst.FunctionDef | None:
    """The one function of the module the call names (`self.train_step(...)`: its `train_step`); None where the
    module defines the name more than once, or not at all."""
    if module is None:
        return None
    name = (dotted_name(call.func) or "").rsplit(".", 1)[-1]
    functions = [node for node in walk_functions(module) if node.name.value == name]
    return functions[0] if len(functions) == 1 else None


class _Returns(cst.CSTVisitor):
    """The values a function returns, not those of the defs and lambdas inside it."""

    def __init__(self, function: cst.FunctionDef) -> None:
        self.function = function
        self.found: list[cst.BaseExpression] = []

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return node is self.function

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_Return(self, node: cst.Return) -> None:
        if node.value is not None:
            self.found.append(node.value)


def walk_functions(module: cst.Module) -> list[cst.FunctionDef]:
    return nodes_of(module, cst.FunctionDef)


def copy_of(value: cst.CSTNode) -> str | None:
    """The name a value is the same tensor as, up to its sign and what keeps its scale: `objective` in `-objective`,
    `loss` in `loss.mean()`, `losses` in `sum(losses)`."""
    value = scale_kept(value)
    return value.value if isinstance(value, cst.Name) else None


def scale_kept(value: cst.CSTNode) -> cst.CSTNode:
    """What a value is, up to its sign and what keeps its scale: `objective` of `-objective`, `loss` of
    `loss.mean()`, `losses` of `sum(losses)`, `losses.values()` of `sum(losses.values())`."""
    while True:
        if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, (cst.Minus, cst.Plus)):
            value = value.expression
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in SCALE_KEEPING:
            value = value.func.value
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in ELEMENT_SCALE_KEEPING and len(value.args) == 1:
            value = value.args[0].value  # `sum(losses)`: divided where each of `losses` is
        else:
            return value


def summed_mapping(value: cst.CSTNode, scope: cst.CSTNode) -> str | None:
    """The dict whose values a value adds up, each as it is up to what keeps its scale: `losses` of
    `sum(losses.values())`, of `sum(loss.mean() for loss in losses.values())` (or `for key, loss in losses.items()`,
    `losses[key] for key in losses`), or of `total += loss` in `for key, loss in losses.items():` of `scope`."""
    if isinstance(value, cst.AugAssign):
        if not isinstance(value.operator, cst.AddAssign):
            return None
        loops = [loop for loop in nodes_of(scope, cst.For) if any(node is value for node in nodes_of(loop.body, cst.AugAssign))]
        return element_mapping(loops[-1].target, loops[-1].iter, value.value) if loops else None
    kept = scale_kept(value)
    if kept is value:
        return None  # no sum (nor anything else that keeps the scale) around
    if isinstance(kept, cst.Call) and isinstance(kept.func, cst.Attribute) and kept.func.attr.value == "values" and not kept.args:
        return dotted_name(kept.func.value)
    if isinstance(kept, (cst.GeneratorExp, cst.ListComp)) and kept.for_in.inner_for_in is None and not kept.for_in.ifs:
        return element_mapping(kept.for_in.target, kept.for_in.iter, kept.elt)
    return None


def element_mapping(target: cst.BaseExpression, iterable: cst.BaseExpression, element: cst.BaseExpression) -> str | None:
    """The dict a loop takes its element from: `loss.mean()` of `for loss in losses.values()`, `losses[key]` of `for
    key in losses`."""
    loop = mapping_loop(target, iterable)
    if loop is None:
        return None
    element = scale_kept(element)
    if isinstance(element, cst.Name) and element.value == loop.value:
        return loop.mapping
    entry = isinstance(element, cst.Subscript) and dotted_name(element.value) == loop.mapping and key_name(element) == loop.key
    return loop.mapping if loop.key is not None and entry else None


def taken_out(value: cst.CSTNode) -> bool:
    """A value a container hands back (`state.activations.popleft()`): put in elsewhere, not built here."""
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in TAKEN_OUT


def dequeued(value: cst.CSTNode, scope: cst.CSTNode) -> list[cst.CSTNode]:
    """The values appended to the function's own queue that `value` takes one of (`queued_values`), else `value`."""
    queued = queued_values(value, scope) if taken_out(value) else None
    return list(queued) if queued else [value]


def queued_values(value: cst.CSTNode, scope: cst.CSTNode) -> list[cst.BaseExpression] | None:
    """What `outputs.pop(0)` hands back where `outputs` is a list of the function's own, bound only to `[]` and used
    only to `append` a value, take one out or count them (picotron's schedule: each micro-batch's output queued, then
    popped for its backward): the values appended. None where the list may hold anything else (a parameter, another
    binding, a call it is handed to)."""
    if not (isinstance(scope, cst.FunctionDef) and isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)):
        return None
    name = value.func.value.value if isinstance(value.func.value, cst.Name) else None
    if name is None:
        return None
    finder = _Assignments(scope, name)
    visit(scope, finder)
    bound = [element_at(v, finder.unpacked[v]) if v in finder.unpacked else v for v in finder.values]
    if not bound or any(not (isinstance(b, cst.List) and not b.elements) for b in bound):
        return None
    appended: list[cst.BaseExpression] = []
    uses = len(bound)
    for call in nodes_of(scope, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == name:
            if func.attr.value == "append" and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star:
                appended.append(call.args[0].value)
            elif func.attr.value not in TAKEN_OUT:
                return None
            uses += 1
        elif code_of(func) == "len" and len(call.args) == 1 and code_of(call.args[0].value) == name:
            uses += 1
    named = sum(node.value == name for node in nodes_of(scope, cst.Name))
    return appended if named == uses else None


def accumulation_count(test: cst.BaseExpression | None, counters: frozenset[str] = frozenset()) -> str | None:
    """`accum` in `(i + 1) % accum == 0`, `n` in `count == n` or `count >= n` (where `count` counts)."""
    if test is None:
        return None
    modulo = _Modulo()
    visit(test, modulo)
    if modulo.found:
        return modulo.found[0]
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        operator = test.comparisons[0].operator
        sides = (test.left, test.comparisons[0].comparator)
        if isinstance(operator, (cst.Equal, cst.GreaterThanEqual, cst.LessThanEqual)):
            for counter, bound in (sides, sides[::-1]):
                if code_of(counter) in counters and isinstance(bound, (cst.Name, cst.Attribute)):
                    return code_of(bound)
    return None


def splices_into_cached_outputs(loop: cst.CSTNode) -> bool:
    """GradCache's accumulation (open_clip's `accum_freq`): the loop over micro-batches puts each one's output back
    among the outputs of the others cached before (`torch.cat(cached[:j] + [out] + cached[j + 1:])`), so each
    micro-batch's loss is the whole batch's loss with its gradient reaching that micro-batch only: their sum is the
    batch's gradient, summed on purpose."""
    if not (isinstance(loop, cst.For) and isinstance(loop.target, cst.Name)):
        return False
    counter = loop.target.value
    before, after = set(), set()
    for subscript in nodes_of(loop.body, cst.Subscript):
        part = subscript.slice[0].slice if len(subscript.slice) == 1 else None
        if not isinstance(part, cst.Slice) or part.step is not None:
            continue
        if part.lower is None and part.upper is not None and code_of(part.upper) == counter:
            before.add(code_of(subscript.value))  # the micro-batches before this one
        elif part.upper is None and part.lower is not None and code_of(part.lower).replace(" ", "") == f"{counter}+1":
            after.add(code_of(subscript.value))  # those after it
    return bool(before & after)


class _Modulo(cst.CSTVisitor):
    """The right side of every `%`."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        if isinstance(node.operator, cst.Modulo):
            self.found.append(code_of(node.right))
