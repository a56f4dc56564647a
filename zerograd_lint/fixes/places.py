"""Where a fix's edits go, found from the nodes a rule reports on: the statement around a call,
the block around a statement, the function a step evaluates as its closure.

The parents are walked once per module, and only for a file with a report to fix.
"""

from __future__ import annotations

from typing import Iterator, Union

import libcst as cst

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.names import source_of
from zerograd_lint.analysis.ir.visiting import code_children
from zerograd_lint.fixes.edit import SHAPE, CannotFix

Block = Union[cst.IndentedBlock, cst.Module]


@for_one_file  # LibCST nodes hash by identity
def parents_in(module: cst.Module) -> dict[cst.CSTNode, cst.CSTNode]:
    """The parent of every code node (whitespace, comments and tokens hold none a fix looks for)."""
    parents: dict[cst.CSTNode, cst.CSTNode] = {}
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        for child in code_children(node):
            parents[child] = node
            stack.append(child)
    return parents


def descendants(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The node and every code node under it, in source order (LibCST's matchers cost an import the lint must not pay)."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(code_children(node)))


def ancestors(module: cst.Module, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes around `node`, innermost first."""
    parents = parents_in(module)
    while node in parents:
        node = parents[node]
        yield node


def statement_of(facts: FileFacts, node: cst.CSTNode) -> cst.SimpleStatementLine:
    """The statement line the node is written in; CannotFix inside a compound statement's header or a one-line suite."""
    assert facts.module is not None
    if isinstance(node, cst.SimpleStatementLine):
        return node
    for around in ancestors(facts.module, node):
        if isinstance(around, cst.SimpleStatementLine):
            return around
        if isinstance(around, (cst.BaseCompoundStatement, cst.SimpleStatementSuite)):
            break
    raise CannotFix(SHAPE)


def starting_with(facts: FileFacts, node: cst.CSTNode) -> cst.SimpleStatementLine:
    """The statement line that starts on the node's line and holds it."""
    line = statement_of(facts, node)
    if facts.line(line) != facts.line(node):
        raise CannotFix(SHAPE)
    return line


def encloses(facts: FileFacts, loop: cst.CSTNode, line: int) -> bool:
    """Whether `line` lies inside the loop (not in a helper the loop calls)."""
    start, _, end, _ = facts.span(loop)
    return start <= line <= end


def in_blocks(module: cst.Module, node: cst.CSTNode) -> Iterator[tuple[cst.BaseStatement, Block]]:
    """Each statement around (or being) `node` with the block it stands in, innermost first."""
    parents = parents_in(module)
    while node in parents:
        parent = parents[node]
        if isinstance(parent, (cst.IndentedBlock, cst.Module)) and isinstance(node, cst.BaseStatement):
            yield node, parent
        node = parent


def is_only(line: cst.BaseStatement, text: str) -> bool:
    """The statement line holds one expression, `text` as written."""
    return (
        isinstance(line, cst.SimpleStatementLine) and len(line.body) == 1 and isinstance(line.body[0], cst.Expr)
        and source_of(line.body[0].value) == text
    )


def closure_of(module: cst.Module, step: cst.Call, optimizer: str) -> tuple[cst.FunctionDef, str]:
    """The function that `step` evaluates as its closure, and the optimizer's name inside it.

    `opt.step(closure)`, `opt.step(self.closure)` or `opt.step(functools.partial(f, opt, ...))`;
    the name inside is the closure's parameter that partial binds to the optimizer, or else the
    same name as at the step, where the closure can see it.
    """
    argument = next((a.value for a in step.args if a.keyword is None or a.keyword.value == "closure"), None)
    positional: list[cst.BaseExpression] = []
    keywords: dict[str, cst.BaseExpression] = {}
    if isinstance(argument, cst.Call) and source_of(argument.func).endswith("partial") and argument.args:
        positional = [a.value for a in argument.args[1:] if a.keyword is None and not a.star]
        keywords = {a.keyword.value: a.value for a in argument.args[1:] if a.keyword is not None}
        argument = argument.args[0].value
    scopes = enclosing(module, step)
    if isinstance(argument, cst.Name):
        candidates = [n for n in parents_in(module) if isinstance(n, cst.FunctionDef) and n.name.value == argument.value]
    elif isinstance(argument, cst.Attribute) and source_of(argument.value) == "self" and any(isinstance(s, cst.ClassDef) for s in scopes):
        owner = next(s for s in scopes if isinstance(s, cst.ClassDef))
        candidates = [n for n in owner.body.body if isinstance(n, cst.FunctionDef) and n.name.value == argument.attr.value]
    else:
        raise CannotFix("the closure is not a function defined in this file (a lambda cannot hold the clear)")
    if len(candidates) != 1:
        raise CannotFix(f"{len(candidates)} functions could be the closure `{source_of(argument)}`")
    function = candidates[0]
    parameters = [p.name.value for p in function.params.params]
    if isinstance(argument, cst.Attribute):
        parameters = parameters[1:]
    for name, value in [*zip(parameters, positional), *keywords.items()]:
        if source_of(value) == optimizer:
            return function, name
    root = optimizer.split(".")[0]
    defined_in = enclosing(module, function)
    if isinstance(argument, cst.Attribute):  # a method of the same object: `self` is that object there too
        visible = root == "self"
    elif defined_in:  # nested in the function that steps (or around it): it sees that function's names
        visible = set(defined_in) <= set(scopes)
    else:
        visible = root != "self" and root in module_bindings(module)
    if root in parameters or not visible:
        raise CannotFix(f"`{optimizer}` is not visible inside the closure `{function.name.value}`")
    return function, optimizer


def enclosing(module: cst.Module, node: cst.CSTNode) -> list[cst.CSTNode]:
    """The functions and classes around `node`, innermost first."""
    return [around for around in ancestors(module, node) if isinstance(around, (cst.FunctionDef, cst.ClassDef))]


def module_bindings(module: cst.Module) -> set[str]:
    """Names assigned, imported or defined at the top level of the module."""
    names: set[str] = set()
    for statement in module.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            names.add(statement.name.value)
            continue
        for node in descendants(statement):
            if not isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.For, cst.AsName, cst.ImportAlias)):
                continue
            target = getattr(node, "target", None) or getattr(node, "name", None)
            if isinstance(target, cst.Name):
                names.add(target.value)
            elif isinstance(node, cst.ImportAlias) and node.asname is None:
                names.add(source_of(node.name).split(".")[0])
    return names
