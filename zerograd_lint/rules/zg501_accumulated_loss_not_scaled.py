from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Iterator

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.ir.index import SameFileView
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.analysis.ir.nodes import Backward, Guard, Loop, Step, loop_header
from zerograd_lint.analysis.ir.spelling import Namespace
from zerograd_lint.analysis.ir.visiting import nodes_of
from zerograd_lint.analysis.questions.losses import accumulation_count, loss_is_unnormalised, never, splices_into_cached_outputs
from zerograd_lint.fixes import zg501
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding

MICRO_BATCH_LOOP = re.compile(r"micro|accum|chunk|split|range\(", re.IGNORECASE)
MICRO_BATCH_NAMED = re.compile(r"micro|accum|chunk|split", re.IGNORECASE)  # a header that says so, `range(n)` aside
LITERALS = (cst.SimpleString, cst.Integer, cst.Float)  # `"train"`, `8`: no data of the pass (nor `True`, `None`)
CONSTANTS = frozenset({"True", "False", "None"})
DRAWS = re.compile(r"^next$|\.(?:pop|popleft)$")  # a call taking the next item each pass: a batch, a queued output
MICRO_BATCH = re.compile(r"micro", re.IGNORECASE)  # what a loop's target says: `for microbatch in minibatch:`
MICRO_BATCH_COUNT = re.compile(r"micro|accum", re.IGNORECASE)  # what ends a `while True:` over micro-batches


def accumulation_of(root: RootFacts, backward: Backward) -> tuple[Step, str | None] | None:
    """The step this backward accumulates for, and the accumulation count if it can be named."""
    where = root.where[backward.id]
    for event in root.events_by_loop[where.loop]:
        if not (isinstance(event, Step) and root.held(event, event.optimizer).holds_gradients_of(backward)):
            continue  # a step this backward's gradients never reach unapplied (on a path whose tests agree)
        step_where = root.where[event.id]
        if step_where.guard is Guard.COUNTER and step_where.guard_branch is not None:
            counters = root.structure.rebound(where.loop).counters if where.loop is not None else frozenset()
            return event, accumulation_count(step_where.guard_branch.test, counters)
        micro = where.micro_loop
        if micro is not None and step_where.micro_loop is not micro and over_micro_batches(micro, root.namespaces.get(micro), backward) and (
            root.held(backward, event.optimizer).this_iteration()  # a clear before each backward sums nothing (PCGrad's heads)
        ) and not splices_into_cached_outputs(micro.node):
            return event, None
    return None


def the_count(root: RootFacts, backward: Backward, step: Step, counted: str | None) -> Callable[[cst.BaseExpression], bool]:
    """Whether an expression of the backward's code is the count of the step's guard itself, both read where the loop
    is: the guard's count (`counted`), or that of the counter test a flag it tests is bound to there (`if stepping:`
    in a helper the loop hands `stepping = (it + 1) % accumulation == 0`); the expression, or what the construction of
    its instance handed the attribute (`self.r_accu`, which `__init__` binds to `n_gradient_accumulation=accumulation`)."""
    loop, where = root.where[backward.id].loop, root.where[step.id]
    at_step, at_backward, at_loop = root.namespaces.get(step), root.namespaces.get(backward), root.namespaces.get(loop) if loop else None
    test = where.guard_branch.test if where.guard_branch is not None else None
    if loop is None or at_step is None or at_backward is None or at_loop is None or test is None:
        return never
    if counted is not None:
        count = key_of(counted, at_step)
    elif isinstance(test, (cst.Name, cst.Attribute)):
        bindings = at_loop.resolver.bindings(at_step.resolver.canonical(test))
        flag = bindings[0].value if len(bindings) == 1 and bindings[0].unpacked is None else None
        counters = root.structure.rebound(loop).counters
        named = accumulation_count(flag, counters) if isinstance(flag, cst.BaseExpression) else None
        count = key_of(named, at_loop) if named is not None else None
    else:
        count = None
    if count is None:
        return never

    def is_count(expression: cst.BaseExpression) -> bool:
        if not isinstance(expression, (cst.Name, cst.Attribute)):
            return False
        key = at_backward.resolver.canonical(expression)
        return count in (key, root.construction_argument(key, loop))

    return is_count


def taken_back_by_the_step(root: RootFacts, backward: Backward, step: Step) -> Callable[[cst.BaseExpression], bool]:
    """Whether an expression of the backward's code is a factor the step's own call is handed too (`loss = scale *
    loss` before atlas's `optimizer.step(scale=scale)`): a loss scale by hand, which the step divides out of the
    gradients again. It multiplies the loss for the sake of precision, it does not normalise it nor sum it on purpose."""
    at_step, at_backward = root.namespaces.get(step), root.namespaces.get(backward)
    call = step.node
    if at_step is None or at_backward is None or not isinstance(call, cst.Call):
        return never
    handed = {
        at_step.resolver.canonical(argument.value)
        for argument in call.args
        if isinstance(argument.value, (cst.Name, cst.Attribute))
    }

    def is_taken_back(expression: cst.BaseExpression) -> bool:
        return isinstance(expression, (cst.Name, cst.Attribute)) and at_backward.resolver.canonical(expression) in handed

    return is_taken_back


def key_of(code: str, at: Namespace) -> str | None:
    """The key of the object an expression's code names where `at` is; None for code that is no expression."""
    try:
        return at.resolver.canonical(cst.parse_expression(code))
    except (cst.ParserSyntaxError, SyntaxError, ValueError):
        return None


def over_micro_batches(loop: Loop, at: Namespace | None, backward: Backward) -> bool:
    """RULES.md's inner loop over micro-batches, as its iterable says (`batch.chunk(n)`, `range(accum_steps)`, a
    `range(n)` whose passes take other data for the backward's loss, read where the loop is: `at`), its target (`for
    microbatch in minibatch:`), or the test that ends a `while True:` (`if accum_batch_size >= total: break`)."""
    target = loop.node.target if isinstance(loop.node, cst.For) else None
    if (target is not None and MICRO_BATCH.search(code_of(target)) is not None) or any(
        MICRO_BATCH_COUNT.search(code_of(test)) is not None for test in exit_tests(loop)
    ):
        return True
    header = code_of(loop_header(loop))
    return MICRO_BATCH_LOOP.search(header) is not None and not runs_once(loop.node) and (
        MICRO_BATCH_NAMED.search(header) is not None or takes_new_data(loop.node, at, loss_slice(loop.node, backward))
    )


def runs_once(loop: cst.CSTNode) -> bool:
    """Whether a `for` over `range(...)` asserts, in every pass, that its variable is the range's first value
    (`assert i == 0`): a run that goes on passes once, so the loop accumulates nothing (a fork that turned its
    micro-batching off: `for i in range(0, len(batch), self.microbatch): assert i == 0`)."""
    if not (isinstance(loop, cst.For) and isinstance(loop.target, cst.Name) and isinstance(loop.iter, cst.Call)):
        return False
    arguments = loop.iter.args
    if code_of(loop.iter.func) != "range" or not arguments or arguments[0].keyword is not None:
        return False
    first = "0" if len(arguments) == 1 else code_of(arguments[0].value)
    body = loop.body.body if isinstance(loop.body, cst.IndentedBlock) else ()
    asserted = [
        small.test for line in body if isinstance(line, cst.SimpleStatementLine)
        for small in line.body if isinstance(small, cst.Assert)
    ]
    return any(
        isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Equal)
        and {code_of(test.left), code_of(test.comparisons[0].comparator)} == {loop.target.value, first}
        for test in asserted
    )


def takes_new_data(loop: cst.CSTNode, at: Namespace | None, feeding: Callable[[cst.CSTNode], bool]) -> bool:
    """Whether each pass of a plain `range(n)` loop may work on other data: it draws a batch (`next(batches)`, a
    queued output's `outputs.pop(0)`, `get_batch("train")`, a function of the project that takes `next(loader)`:
    I2SB's `self.sample_batch(opt, train_loader, ...)`) or reads something by its counter (`x_spt[i]`, `start =
    i * size`). A counter only compared (`if i == 0:`) with nothing drawn runs every pass over the same batch
    (ReStyle's refinement passes, each fed the last one's output): their losses are terms of one objective summed on
    purpose, not micro-batches of a larger one. Neither is a draw that the pass never reads (YOPO's `pbar_dic =
    OrderedDict()`, filled only after the loop), nor a counter written into text (`print("step {}".format(i))`, a PGD
    attack's progress line): neither can give the pass other data. Only what feeds the backward's loss counts
    (`feeding`, see `loss_slice`): once-for-all's passes each sample a sub-network (`settings =
    net.sample_active_subnet()`, a seed made of the counter) and all run it on the batch the outer loop drew."""
    if not isinstance(loop, cst.For):
        return True
    calls = nodes_of(loop.body, cst.Call)
    if any(DRAWS.search(code_of(call.func)) is not None for call in calls):
        return True
    if at is not None and any(calls_next(call, at) for call in calls):
        return True
    read = {name.value for name in read_names(loop.body) if feeding(name)}
    assigns = nodes_of(loop.body, cst.Assign)
    computed = {target.target.value for assign in assigns for target in assign.targets if isinstance(target.target, cst.Name)}
    if any(
        feeding(assign)
        and draws_by_call(assign.value, computed)
        and any(name.value in read for target in assign.targets for name in nodes_of(target.target, cst.Name))
        for assign in assigns
    ):
        return True
    counters = {name.value for name in nodes_of(loop.target, cst.Name)} - {"_"}
    compared = {
        id(operand)
        for comparison in nodes_of(loop.body, cst.Comparison)
        for operand in (comparison.left, *(target.comparator for target in comparison.comparisons))
    }
    texts = {id(name) for text in formatted_texts(loop.body) for name in nodes_of(text, cst.Name)}
    return any(
        name.value in counters and id(name) not in compared | texts and feeding(name) for name in nodes_of(loop.body, cst.Name)
    )


def loss_slice(loop: cst.CSTNode, backward: Backward) -> Callable[[cst.CSTNode], bool]:
    """Which nodes of a `for` loop's body may feed the loss of a backward written in that body: its statements that
    bind a name the loss reads (`out = net(images)` before `loss = criterion(out, labels)`), then those that bind the
    names those read, and any call statement handed or called on such a name (`buffer.refill()`, `augment_(x)`: it may
    write into it), until nothing is added; a node counts when it sits in one of them or in the loss. Names a call is
    made through and that the body does not assign (`net` of `net(images)`, `run_manager` of `run_manager.net(...)`)
    are the model, not the data, and a statement that changes only the model (`net.sample_active_subnet()`) feeds
    nothing; one the body assigns is the pass's value (`gradients` of `gradients.square()`). A backward the body does not
    write itself (in a helper it calls) or of no loss: every node may feed it."""
    loss = backward.loss
    if not isinstance(loop, cst.For) or loss is None or not any(call is backward.node for call in nodes_of(loop.body, cst.Call)):
        return lambda node: True
    found = nodes_of(loop.body, (cst.SimpleStatementLine, cst.For, cst.With))
    assigned = frozenset().union(*(bound_names(statement, calls=False) for statement in found))
    statements = [(bound_names(statement), data_names(statement, assigned), statement) for statement in found]
    data, feeding = data_names(loss, assigned), [loss]
    grown = True
    while grown:
        grown = False
        for index, (bound, read, statement) in enumerate(statements):
            if bound & data:
                data |= read
                feeding.append(statement)
                statements[index] = (frozenset(), frozenset(), statement)
                grown = True
    inside = {id(node) for part in feeding for node in nodes_of(part, cst.CSTNode)}
    return lambda node: id(node) in inside


def bound_names(statement: cst.CSTNode, calls: bool = True) -> frozenset[str]:
    """The names a statement may write: the base names its assignments bind or store into (`x`, `d` of `d[k] = v`), a
    `for`'s or `with`'s own targets (not its body's), and, with `calls`, those a call statement is handed or called on."""
    if isinstance(statement, cst.For):
        return frozenset(name.value for name in nodes_of(statement.target, cst.Name))
    if isinstance(statement, cst.With):
        return frozenset(name.value for item in statement.items if item.asname is not None for name in nodes_of(item.asname, cst.Name))
    bound: set[str] = set()
    for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
        if isinstance(small, cst.Assign):
            bound.update(name for target in small.targets for name in base_names(target.target))
        elif isinstance(small, (cst.AugAssign, cst.AnnAssign)):
            bound.update(base_names(small.target))
        elif calls and isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and code_of(small.value.func) != "print":
            bound.update(name.value for name in nodes_of(small.value, cst.Name))
    bound.update(name.value for walrus in nodes_of(statement, cst.NamedExpr) for name in nodes_of(walrus.target, cst.Name))
    return frozenset(bound)


def base_names(target: cst.BaseExpression) -> list[str]:
    """What an assignment target binds or stores into: `x` of `x`, `x.a`, `x[i]`, `x.a[i].b`; each of a tuple's."""
    if isinstance(target, (cst.Tuple, cst.List)):
        return [name for element in target.elements for name in base_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return base_names(target.value)
    while isinstance(target, (cst.Subscript, cst.Attribute)):
        target = target.value
    return [target.value] if isinstance(target, cst.Name) else []


def data_names(node: cst.CSTNode, assigned: frozenset[str]) -> frozenset[str]:
    """The names a node reads as data: every name but those of a call's dotted function whose base the loop's body does
    not assign (`net`, `run_manager` of `run_manager.net(x)`), and, of a `for` or `with`, only its header (its body's
    statements are read one by one)."""
    if isinstance(node, cst.For):
        node = node.iter
    elif isinstance(node, cst.With):
        return frozenset().union(*(data_names(item.item, assigned) for item in node.items))
    through = {
        id(name) for call in nodes_of(node, cst.Call) if not (names := called_through(call.func)) or names[-1].value not in assigned
        for name in names
    }
    return frozenset(name.value for name in nodes_of(node, cst.Name) if id(name) not in through)


def called_through(func: cst.BaseExpression) -> list[cst.Name]:
    """The names of a dotted function (`run_manager.net`: `run_manager` and `net`); none of a computed one (`fns[i]`)."""
    names = []
    while isinstance(func, cst.Attribute):
        names.append(func.attr)
        func = func.value
    return [*names, func] if isinstance(func, cst.Name) else []


def read_names(body: cst.CSTNode) -> list[cst.Name]:
    """The names `body` reads: every name but those its assignments write, `x` of `x = f()` and the container `d` of
    `d[k] = v` or `d.k = v` (a store into it; its index `k` is read)."""
    written = set()
    for assign in nodes_of(body, cst.Assign):
        for target in assign.targets:
            base = target.target
            while isinstance(base, (cst.Subscript, cst.Attribute)):
                base = base.value
            written.add(id(base))
    return [name for name in nodes_of(body, cst.Name) if id(name) not in written]


def formatted_texts(body: cst.CSTNode) -> list[cst.CSTNode]:
    """What `body` formats into text: an f-string's expressions, the arguments of a string literal's `.format(...)`,
    the right operand of a string literal's `%`."""
    found: list[cst.CSTNode] = list(nodes_of(body, cst.FormattedString))
    strings = (cst.SimpleString, cst.ConcatenatedString)
    for call in nodes_of(body, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value == "format" and isinstance(func.value, strings):
            found.extend(call.args)
    for operation in nodes_of(body, cst.BinaryOperation):
        if isinstance(operation.operator, cst.Modulo) and isinstance(operation.left, strings):
            found.append(operation.right)
    return found


def calls_next(call: cst.Call, at: Namespace) -> bool:
    """Whether `call` runs a function of the project whose own body takes `next(...)` of an iterator: a batch drawn
    by a helper. Only `next`, not `pop`: a helper's `losses.pop("total")` reads a dict, it draws no batch."""
    same_file = at.resolver.same_file
    found = same_file.callee(call, at.resolver) if isinstance(same_file, SameFileView) else None
    return found is not None and any(code_of(inner.func) == "next" for inner in nodes_of(found[1].body, cst.Call))


def draws_by_call(value: cst.BaseExpression, computed: set[str]) -> bool:
    """A value got by calling a function or a method of a named object with nothing but literals (`X, Y =
    get_batch("train")`, `batch = buffer.sample()`): what such a call returns each pass is not visible, a new batch
    perhaps. A method of a value the pass computed (`y_hat.clone().detach()`, or of a name the pass binds, `computed`:
    a PGD step's `x_adv = x_adv.detach()`) is no draw."""
    if not isinstance(value, cst.Call):
        return False
    func = value.func
    while isinstance(func, cst.Attribute):
        func = func.value
    if isinstance(func, cst.Name) and func is not value.func and func.value in computed:
        return False
    return isinstance(func, cst.Name) and all(is_literal(argument.value) for argument in value.args)


def is_literal(value: cst.BaseExpression) -> bool:
    return isinstance(value, LITERALS) or (isinstance(value, cst.Name) and value.value in CONSTANTS)


def exit_tests(loop: Loop) -> list[cst.BaseExpression]:
    """The tests of a `while` loop's own `if ...: break` statements (the top level of its body): when it ends."""
    if not isinstance(loop.node, cst.While) or not isinstance(loop.node.body, cst.IndentedBlock):
        return []
    return [
        statement.test
        for statement in loop.node.body.body
        if isinstance(statement, cst.If) and statement.orelse is None and breaks_only(statement.body)
    ]


def breaks_only(body: cst.BaseSuite) -> bool:
    """Whether an `if`'s body is a lone `break`."""
    if isinstance(body, cst.SimpleStatementSuite):
        statements = body.body
    elif len(body.body) == 1 and isinstance(body.body[0], cst.SimpleStatementLine):
        statements = body.body[0].body
    else:
        return False
    return len(statements) == 1 and isinstance(statements[0], cst.Break)


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, backward in events_of(facts, Backward):
        where = root.where[backward.id]
        if (where.loop is None and where.micro_loop is None) or backward.normalises:
            continue  # a micro-batch loop before the step is a loop of its own, in a step body too
        if facts.normalised_at(backward.node):
            continue
        accumulation = accumulation_of(root, backward)
        if accumulation is None:
            continue
        step, counted = accumulation
        helpers = facts.helpers_at(backward.node, root, root.calls.get(backward.id, ()))
        is_count, taken_back = the_count(root, backward, step, counted), taken_back_by_the_step(root, backward, step)
        helpers = replace(
            helpers, outputs=root.forward_outputs(backward), the_count=lambda factor: is_count(factor) or taken_back(factor)
        )
        if not loss_is_unnormalised(backward, helpers):
            continue
        # The count as the backward's code names it: the report is on its line, the fix divides there.
        count = root.translated(counted, step, backward) if counted is not None else None
        divisor = count or "the number of accumulated micro-batches" + (f" (`{counted}` where the step is)" if counted else "")
        loss = code_of(backward.loss) if backward.loss is not None else "loss"
        yield finding(
            facts, backward.node,
            f"`{backward.text}` accumulates gradients for {at(facts, step)} over several micro-batches, but `{loss}` is "
            f"not divided by {'`' + divisor + '`' if count else divisor}: the effective learning rate is that many times larger. "
            f"Divide the loss: `({loss} / {count or 'n'})`.",
            fix=zg501.offer(facts, backward.node, loss, count, step.node), step=step,
        )


RULE = Rule(
    code="ZG501",
    name="accumulated-loss-not-scaled",
    severity="warning",
    needs=("lifecycle",),
    summary="Gradients are accumulated over micro-batches but the loss is not divided by their number.",
    what=(
        "Reports the backward of a loss that is summed over several micro-batches (a step under an accumulation "
        "guard, or an inner micro-batch loop before one step) without being divided by the accumulation count."
    ),
    why="The accumulated gradient is n times the mean gradient: the effective learning rate is n times larger than the one configured.",
    example=(
        "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n"
    ),
    use_instead=(
        "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y) / accum\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n"
    ),
    limits=(
        "Not reported for `accelerator.backward()` (it divides by `gradient_accumulation_steps` itself), when the loss is built with `reduction=\"sum\"`, "
        "multiplied on purpose (or in place, `loss.mul_(micro / batch)`), for passes of a `range(n)` loop that take no "
        "other data (a counter only compared, no `next()` (nor a call of a project function taking one), `pop()` nor call with literals only: refinement passes over "
        "the same batch), computed by a helper (of the file or of the "
        "project) that divides it by what may be the count (a parameter, an attribute, a size; not the element count a "
        "mean divides by, `mask.sum()`) or sums it with `reduction=\"sum\"`, when each micro-batch's loss is the whole "
        "batch's (its output put back among the others' cached outputs, GradCache), or when "
        "the gradients are normalised by hand before the step (`scale_grads(model, 1 / num_tokens)`, `p.grad /= n`). "
        "A backward is paired only with a step its gradients reach on a path whose tests agree: not with the step of "
        "the other branch of a back-end test nothing in the loop assigns (RULES.md, \"Correlated conditions\")."
    ),
    valid=(
        # DeepSpeed's `engine.backward(loss)` divides by the accumulation steps of its config.
        "model_engine, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters())\n"
        "for i, (x, y) in enumerate(loader):\n    model_engine.backward(criterion(model_engine(x), y))\n"
        "    if (i + 1) % accum == 0:\n        model_engine.step()\n",
        "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y) / accum\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n    loss /= accum\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # Refinement passes over the same batch (the counter only compared, nothing drawn): one objective's terms.
        "for x, y in loader:\n    y_hat = torch.zeros_like(y)\n    for i in range(n_passes):\n"
        "        y_hat = model(x, y_hat.detach() if i > 0 else y_hat)\n        criterion(y_hat, y).backward()\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n",
        # One loss per task, summed on purpose: a loop over a batch's parts that are no micro-batches.
        "for batch in loader:\n    for task_batch in batch:\n        criterion(model(task_batch)).backward()\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n",
        # A per-sample loss divided, then reduced in the backward call: the mean of a divided loss is divided.
        "for i, (x, y) in enumerate(loader):\n    loss = per_sample_criterion(model(x), y)\n    loss = loss / accum\n"
        "    loss.mean().backward()\n    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        "for batch in loader:\n    with accelerator.accumulate(model):\n        loss = model(batch).loss\n        accelerator.backward(loss)\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n",
        "criterion = nn.CrossEntropyLoss(reduction='sum')\nfor i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # Summed on purpose: multiplied by the batch size.
        "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y) * x.size(0)\n    loss.backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # No accumulation: GAN critic, backward and step under the same condition.
        "for i, x in enumerate(loader):\n    opt.zero_grad()\n    if i % n_critic == 0:\n        loss = critic(x)\n        loss.backward()\n        opt.step()\n",
        # Gradients normalised by hand before the guarded step (by the token count).
        "for idx, (x, y) in enumerate(loader):\n    num_tokens += (y != -100).sum()\n"
        "    loss_fn(model(x), y).backward()\n    if (idx + 1) % accum == 0:\n"
        "        scale_grads(model, 1 / num_tokens)\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # A micro-batch loss scaled in place by its share of the batch.
        "for batch in loader:\n    for micro in batch.split(8):\n        micro_loss = criterion(model(micro))\n"
        "        micro_loss.mul_(micro.shape[0] / batch.shape[0])\n        micro_loss.backward()\n"
        "    optimizer.step()\n    optimizer.zero_grad()\n",
        # One back end per run (nothing in the loop assigns the test): DeepSpeed's engine divides by itself and steps
        # alone; its backward never reaches the other branch's guarded step.
        "for i, batch in enumerate(loader):\n    if args.backend == 'deepspeed':\n        engine_loss = engine(batch).mean()\n"
        "        engine.backward(engine_loss)\n        engine.step()\n    else:\n        loss = model(batch).mean() / accum\n"
        "        loss.backward()\n        if (i + 1) % accum == 0:\n            optimizer.step()\n            optimizer.zero_grad()\n",
        # The same back end read from the one settings dict by each helper: both take the same branch.
        "def backward(model, state):\n    engine = state.get('engine', 'torch')\n    loss = state['loss']\n"
        "    if engine == 'deepspeed':\n        model.backward(loss)\n    else:\n        (loss / state['accum']).backward()\n"
        "    return state\n\n\ndef update(model, optimizer, state):\n    engine = state.get('engine', 'torch')\n"
        "    if engine == 'deepspeed':\n        model.step()\n    elif (state['index'] + 1) % state['accum'] == 0:\n"
        "        optimizer.step()\n        optimizer.zero_grad()\n    return state\n\n\n"
        "for index, batch in enumerate(loader):\n    state['index'] = index\n    state['loss'] = model(batch).mean()\n"
        "    state = backward(model, state)\n    state = update(model, optimizer, state)\n",
        # Divided in the helper that returns it with the outputs (`loss, out = forward()`: the first element of its
        # `return`), backpropagated by another helper.
        "def train_epoch(model, loader, optimizer, accum):\n    for i, (x, y) in enumerate(loader):\n"
        "        def forward():\n            out = model(x)\n            step_loss = criterion(out, y)\n"
        "            step_loss /= accum\n            return step_loss, out\n\n        def backward(step_loss):\n"
        "            step_loss.backward()\n\n        loss, out = forward()\n        backward(loss)\n"
        "        if (i + 1) % accum == 0:\n            optimizer.step()\n            optimizer.zero_grad()\n",
        # The same `while True:` over micro-batches, each loss divided by their number.
        "for step in range(steps):\n    n_accum = 0\n    while True:\n        x, y = next(batches)\n"
        "        (criterion(model(x), y) / accum).backward()\n        n_accum += 1\n"
        "        if n_accum >= accum:\n            break\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # GradCache: each micro-batch's output put back among the others' outputs cached without grad, so each
        # backward is of the whole batch's loss, reaching that micro-batch only: their sum is the batch's gradient.
        "for images in loader:\n    chunks = images.chunk(accum)\n    with torch.no_grad():\n"
        "        cached = [model(chunk) for chunk in chunks]\n    for j in range(accum):\n"
        "        features = torch.cat(cached[:j] + [model(chunks[j])] + cached[j + 1:])\n"
        "        contrastive_loss(features).backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
    ),
    invalid=(
        Example(
            "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n    loss.backward()  # <- ZG501\n"
            "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
            fixed=(
                "for i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n"
                "    (loss / accum).backward()  # <- ZG501\n    if (i + 1) % accum == 0:\n"
                "        optimizer.step()\n        optimizer.zero_grad()\n"
            ),
        ),
        Example(
            "for batch in loader:\n    for micro in batch.chunk(n):\n        loss = criterion(model(micro), target)\n        loss.backward()  # <- ZG501\n"
            "    optimizer.step()\n    optimizer.zero_grad()\n",
            fixed=(
                "for batch in loader:\n    for micro in batch.chunk(n):\n"
                "        loss = criterion(model(micro), target)\n        loss.backward()  # <- ZG501\n"
                "    optimizer.step()\n    optimizer.zero_grad()\n"
            ),
        ),
        # A loop over the micro-batches a batch arrives as (its target says so), then one step.
        "for minibatch in loader:\n    for microbatch in minibatch:\n        loss = criterion(model(microbatch))\n"
        "        loss.backward()  # <- ZG501\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # Reduced in the backward call, never divided.
        "for i, (x, y) in enumerate(loader):\n    loss = per_sample_criterion(model(x), y)\n    loss.mean().backward()  # <- ZG501\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # A `while True:` over micro-batches, ended when the samples it saw reach the batch size, then one step.
        "for step in range(steps):\n    accum_size = 0\n    while True:\n        x, y = next(batches)\n"
        "        criterion(model(x), y).backward()  # <- ZG501\n        accum_size += len(x)\n"
        "        if accum_size >= batch_size:\n            break\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # A counter with no telling name: `count == n` with `count += 1` and a reset.
        "count = 0\nfor x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()  # <- ZG501\n"
        "    count += 1\n    if count == n:\n        optimizer.step()\n        optimizer.zero_grad()\n"
        "        count = 0\n",
        # A helper's masked mean: divided by the number of tokens it runs over, not by the number of micro-batches.
        "def masked_mean(logits, y, mask):\n    losses = F.cross_entropy(logits, y, reduction='none')\n"
        "    return (losses * mask).sum() / mask.sum()\n\n\nfor i, (x, y, mask) in enumerate(loader):\n"
        "    loss = masked_mean(model(x), y, mask)\n    loss.backward()  # <- ZG501\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n",
        # A plain `range(n)` whose passes draw their own batch, then one step.
        "for step in range(steps):\n    for _ in range(n):\n        x, y = next(batches)\n"
        "        criterion(model(x), y).backward()  # <- ZG501\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # The same, the batch drawn by a helper called with literals only (nanoGPT's `get_batch`).
        "for step in range(steps):\n    for _ in range(n):\n        x, y = get_batch('train')\n"
        "        criterion(model(x), y).backward()  # <- ZG501\n    optimizer.step()\n    optimizer.zero_grad()\n",
    ),
    check=check,
)
