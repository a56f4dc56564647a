"""The edits every fix is made of, located by a report's 1-based line and column.

Each function takes a parsed module and returns a new one (or raises
`CannotFix`); LibCST keeps the formatting and comments of everything it does
not touch, and gives inserted statements the indentation of their block.
"""

from __future__ import annotations

from typing import Callable, Sequence

import libcst as cst
import libcst.matchers as m
from libcst.metadata import CodeRange, MetadataWrapper, ParentNodeProvider, PositionProvider

from zerograd_lint.analysis.ir.names import source_of


# A report's 1-based (line, column, end_line, end_column).
Span = tuple[int, int, int, int]


class CannotFix(Exception):
    """The fix does not apply to this code; the reason is the message."""


def statement(code: str) -> cst.SimpleStatementLine:
    return cst.parse_statement(code + "\n")  # type: ignore[return-value]


def starts_at(position: CodeRange, line: int) -> bool:
    return position.start.line == line


def spans(position: CodeRange, span: Span) -> bool:
    start, end = position.start, position.end
    return (start.line, start.column + 1, end.line, end.column + 1) == span


def contains(position: CodeRange, line: int, column: int | None) -> bool:
    start, end = position.start, position.end
    if column is None:
        return start.line == line
    return (start.line, start.column + 1) <= (line, column) <= (end.line, end.column + 1)


class Edit(cst.CSTTransformer):
    """Runs one edit, counting how many nodes it touched so a fix can tell it missed."""

    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.done = 0

    def where(self, node: cst.CSTNode) -> CodeRange:
        return self.get_metadata(PositionProvider, node)


def run(module: cst.Module, edit: Edit) -> cst.Module:
    new = MetadataWrapper(module, unsafe_skip_copy=True).visit(edit)
    if edit.done != 1:
        raise CannotFix("the code at the report is not the expected shape")
    return new


class _AroundStatement(Edit):
    def __init__(self, line: int, column: int | None, before: Sequence[cst.BaseStatement], after: Sequence[cst.BaseStatement]) -> None:
        super().__init__()
        self.line, self.column, self.before, self.after = line, column, before, after

    def leave_SimpleStatementLine(self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine):
        if self.done or not contains(self.where(original), self.line, self.column):
            return updated
        self.done += 1
        return cst.FlattenSentinel([*self.before, updated, *self.after])


class _RemoveStatement(Edit):
    """Removes a statement from its block; comments above it stay, above the statement that follows."""

    def __init__(self, line: int, column: int, text: str) -> None:
        super().__init__()
        self.line, self.column, self.text = line, column, text

    def leave_IndentedBlock(self, original: cst.IndentedBlock, updated: cst.IndentedBlock) -> cst.IndentedBlock:
        return updated.with_changes(body=self.without(original.body, updated.body))

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        return updated.with_changes(body=self.without(original.body, updated.body))

    def without(self, originals: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement]) -> list[cst.BaseStatement]:
        statements = list(body)
        for index, child in enumerate(originals):
            if not (isinstance(child, cst.SimpleStatementLine) and contains(self.where(child), self.line, self.column)):
                continue
            if not is_only(child, self.text):
                raise CannotFix(f"the statement holds more than `{self.text}`")
            self.done += 1
            removed = statements.pop(index)
            if index == len(statements):  # the block's last statement: a `pass` if nothing else is left
                if statements:
                    return statements
                statements.append(statement("pass"))
            following = statements[index]
            statements[index] = following.with_changes(leading_lines=[*removed.leading_lines, *following.leading_lines])
            return statements
        return statements


def insert_before(module: cst.Module, line: int, column: int | None, new: cst.BaseStatement) -> cst.Module:
    """Insert `new` before the simple statement holding (line, column), or starting on `line` when column is None."""
    return run(module, _AroundStatement(line, column, [new], []))


def insert_after(module: cst.Module, line: int, column: int | None, new: cst.BaseStatement) -> cst.Module:
    """Insert `new` after the simple statement holding (line, column), or starting on `line` when column is None."""
    return run(module, _AroundStatement(line, column, [], [new]))


def remove_statement(module: cst.Module, line: int, column: int, text: str) -> cst.Module:
    """Remove the simple statement at (line, column), which must be `text` alone; an emptied block gets `pass`."""
    return run(module, _RemoveStatement(line, column, text))


def is_only(line: cst.SimpleStatementLine, text: str) -> bool:
    return len(line.body) == 1 and isinstance(line.body[0], cst.Expr) and source_of(line.body[0].value) == text


class _TopOfLoop(Edit):
    def __init__(self, line: int, new: cst.BaseStatement) -> None:
        super().__init__()
        self.line, self.new = line, new

    def insert(self, original: cst.For | cst.While, updated: cst.For | cst.While):
        if not starts_at(self.where(original), self.line):
            return updated
        self.done += 1
        body = updated.body
        if isinstance(body, cst.SimpleStatementSuite):  # `for x in y: a(); b()` stays on one line
            assert isinstance(self.new, cst.SimpleStatementLine)
            return updated.with_changes(body=body.with_changes(body=[*self.new.body, *body.body]))
        return updated.with_changes(body=body.with_changes(body=[self.new, *body.body]))

    def leave_For(self, original: cst.For, updated: cst.For) -> cst.For:
        return self.insert(original, updated)

    def leave_While(self, original: cst.While, updated: cst.While) -> cst.While:
        return self.insert(original, updated)


def insert_at_loop_top(module: cst.Module, loop_line: int, new: cst.BaseStatement) -> cst.Module:
    """Make `new` the first statement of the `for`/`while` at `loop_line`."""
    return run(module, _TopOfLoop(loop_line, new))


def node_at(module: cst.Module, kind: type, span: Span) -> cst.CSTNode | None:
    """The node of `kind` covering exactly `span`, if any."""
    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    return next((node for node, position in positions.items() if isinstance(node, kind) and spans(position, span)), None)


def loop_at(module: cst.Module, loop_line: int) -> tuple[cst.For | cst.While, dict[cst.CSTNode, CodeRange]] | None:
    """The `for`/`while` starting on `loop_line`, with the positions of the module's nodes."""
    positions = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    for node, position in positions.items():
        if isinstance(node, (cst.For, cst.While)) and starts_at(position, loop_line):
            return node, positions
    return None


def directly_in_loop(module: cst.Module, loop_line: int, line: int) -> bool:
    """Whether a statement starting on `line` belongs to the body of the loop at `loop_line` itself, not to a block inside it."""
    found = loop_at(module, loop_line)
    if found is None or not isinstance(found[0].body, cst.IndentedBlock):
        return False
    loop, positions = found
    return any(positions[child].start.line == line for child in loop.body.body)


def loop_encloses(module: cst.Module, loop_line: int, line: int) -> bool:
    """Whether `line` lies inside the loop at `loop_line` (not in a helper the loop calls)."""
    found = loop_at(module, loop_line)
    if found is None:
        return False
    position = found[1][found[0]]
    return position.start.line <= line <= position.end.line


class _ReplaceNode(Edit):
    def __init__(self, kind: type, span: Span, replace: Callable[[cst.CSTNode], cst.CSTNode]) -> None:
        super().__init__()
        self.kind, self.span, self.replace = kind, span, replace

    def on_leave(self, original: cst.CSTNode, updated: cst.CSTNode):  # type: ignore[override]
        if not self.done and isinstance(original, self.kind) and spans(self.where(original), self.span):
            self.done += 1
            return self.replace(updated)
        return updated


def replace_node(module: cst.Module, kind: type, span: Span, replace: Callable[[cst.CSTNode], cst.CSTNode]) -> cst.Module:
    """Replace the node of `kind` covering exactly `span` by `replace(node)`."""
    return run(module, _ReplaceNode(kind, span, replace))


class _TopOfFunction(Edit):
    def __init__(self, function: cst.FunctionDef, new: cst.BaseStatement) -> None:
        super().__init__()
        self.function, self.new = function, new

    def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef) -> cst.FunctionDef:
        if original is not self.function or not isinstance(updated.body, cst.IndentedBlock):
            return updated
        self.done += 1
        body = list(updated.body.body)
        first = 1 if body and is_docstring(body[0]) else 0
        return updated.with_changes(body=updated.body.with_changes(body=[*body[:first], self.new, *body[first:]]))


def is_docstring(statement: cst.BaseStatement) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def insert_at_function_top(module: cst.Module, function: cst.FunctionDef, new: cst.BaseStatement) -> cst.Module:
    """Make `new` the first statement of `function` (after its docstring); `function` is a node of `module`."""
    return run(module, _TopOfFunction(function, new))


def closure_of(module: cst.Module, step: cst.Call, optimizer: str) -> tuple[cst.FunctionDef, str]:
    """The function that `step` (a node of `module`) evaluates as its closure, and the optimizer's name inside it.

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
    parents = MetadataWrapper(module, unsafe_skip_copy=True).resolve(ParentNodeProvider)
    scopes = enclosing(parents, step)
    if isinstance(argument, cst.Name):
        candidates = [n for n in parents if isinstance(n, cst.FunctionDef) and n.name.value == argument.value]
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
    defined_in = enclosing(parents, function)
    if isinstance(argument, cst.Attribute):  # a method of the same object: `self` is that object there too
        visible = root == "self"
    elif defined_in:  # nested in the function that steps (or around it): it sees that function's names
        visible = set(defined_in) <= set(scopes)
    else:
        visible = root != "self" and root in module_bindings(module)
    if root in parameters or not visible:
        raise CannotFix(f"`{optimizer}` is not visible inside the closure `{function.name.value}`")
    return function, optimizer


def enclosing(parents: dict[cst.CSTNode, cst.CSTNode], node: cst.CSTNode) -> list[cst.CSTNode]:
    """The functions and classes around `node`, innermost first."""
    found = []
    while node in parents:
        node = parents[node]
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            found.append(node)
    return found


def module_bindings(module: cst.Module) -> set[str]:
    """Names assigned, imported or defined at the top level of the module."""
    names: set[str] = set()
    for statement in module.body:
        if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
            names.add(statement.name.value)
            continue
        for node in m.findall(statement, m.AssignTarget() | m.AnnAssign() | m.For() | m.AsName() | m.ImportAlias()):
            target = getattr(node, "target", None) or getattr(node, "name", None)
            if isinstance(target, cst.Name):
                names.add(target.value)
            elif isinstance(node, cst.ImportAlias) and node.asname is None:
                names.add(source_of(node.name).split(".")[0])
    return names
