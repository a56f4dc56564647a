"""The folders a module's top level puts on `sys.path` (pure: its text and its file's path in, folder paths out).

A script's folder often holds a module the script imports first (`import _init_paths`) whose top level does
`sys.path.insert(0, osp.join(osp.dirname(__file__), "..", "lib"))`, directly or through a def of its own
(`add_path(lib_path)`), and so does a script itself: the modules under that folder are then importable by the script.
A path is known where it is a plain expression of `__file__`, literal strings, the names the top level binds to such
expressions, the path functions of `os.path` (`join`, `dirname`, `abspath`, `realpath`, `normpath`), and pathlib's
`Path(...)` with `.parent`, `.parents[n]`, `.resolve()`, `.absolute()`, `/` and `str(...)`
(`sys.path.append(str(Path(__file__).resolve().parents[1]))`), where it is computed from `__file__` (`sys.path.append("..")`
names the folder above wherever Python is run from); anything else is unknown and
names no folder (`files/project_index.py` looks for modules in the folders named: inside the project root, or,
where no marker names one, outside installed packages).
"""

from __future__ import annotations

import ast
import os.path
from typing import Callable

from zerograd_lint.analysis.outline import top_level_imports, top_level_statements
from zerograd_lint.analysis.questions.visitor import dotted_name

# The path functions of `os.path` a path expression may call, as plain string functions (`abspath` and `realpath`
# of a path the checked tree names are the path itself: the caller makes it absolute where it looks).
PATH_FUNCTIONS: dict[str, Callable[..., str]] = {
    "os.path.join": os.path.join,
    "os.path.dirname": os.path.dirname,
    "os.path.abspath": os.path.normpath,
    "os.path.realpath": os.path.normpath,
    "os.path.normpath": os.path.normpath,
    "os.fspath": os.fspath,
}
# pathlib's path, and its methods that name the path itself (the caller makes it absolute where it looks).
PATH_CLASS = "pathlib.Path"
SAME_PATH_METHODS = {"resolve", "absolute"}
# The calls that put their argument on the search path: `sys.path.insert(0, p)`, `sys.path.append(p)`.
PATH_CALLS = {"sys.path.insert": 1, "sys.path.append": 0}


def folders_put_on_path(text: str, path: str) -> tuple[str, ...]:
    """The folders (normalised, as `path` is said: absolute or relative) the top level of the module at `path`
    puts on `sys.path`; none when it does not parse or no path is known."""
    if "sys.path" not in text:
        return ()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):  # a module too deeply nested for CPython's parser
        return ()
    aliases = imported_aliases(tree)
    adders = path_adders(tree, aliases)
    names: dict[str, str] = {"__file__": path}  # the names bound to paths computed from `__file__`
    found: list[str] = []
    for statement in top_level_statements(tree.body):
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
            value = path_value(statement.value, names, aliases) if from_file(statement.value, names) else None
            if value is None:
                names.pop(statement.targets[0].id, None)
            else:
                names[statement.targets[0].id] = value
        elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            added = added_path(statement.value, aliases, adders)
            folder = path_value(added, names, aliases) if added is not None and from_file(added, names) else None
            if folder is not None:
                found.append(os.path.normpath(folder))
    return tuple(dict.fromkeys(found))


def from_file(node: ast.expr, names: dict[str, str]) -> bool:
    """Whether a path expression is computed from the module's `__file__` (or a name bound to such a path): any other
    (`sys.path.append("..")`, a literal folder) depends on where Python is run from, or on the machine."""
    return any(isinstance(name, ast.Name) and name.id in names for name in ast.walk(node))


def imported_aliases(tree: ast.Module) -> dict[str, str]:
    """What each name the module imports stands for, fully: `osp` -> `os.path`, `join` -> `os.path.join`."""
    return {
        name: imported.module if imported.name is None else f"{imported.module}.{imported.name}"
        for name, imported in top_level_imports(tree.body, "")
    }


def qualified(node: ast.expr, aliases: dict[str, str]) -> str | None:
    """`osp.join` as `os.path.join`, through the module's imports; None for a name it does not import."""
    dotted = dotted_name(node)
    if dotted is None:
        return None
    first, _, rest = dotted.partition(".")
    origin = aliases.get(first)
    return None if origin is None else f"{origin}.{rest}" if rest else origin


def path_adders(tree: ast.Module, aliases: dict[str, str]) -> dict[str, int]:
    """The module's own defs that put one of their parameters on the search path (`def add_path(path):
    sys.path.insert(0, path)`), with that parameter's position."""
    found: dict[str, int] = {}
    for statement in top_level_statements(tree.body):
        if not isinstance(statement, ast.FunctionDef):
            continue
        parameters = [a.arg for a in statement.args.args]
        for call in (node for node in ast.walk(statement) if isinstance(node, ast.Call)):
            added = added_path(call, aliases, {})
            if isinstance(added, ast.Name) and added.id in parameters:
                found[statement.name] = parameters.index(added.id)
    return found


def added_path(call: ast.Call, aliases: dict[str, str], adders: dict[str, int]) -> ast.expr | None:
    """The expression a call puts on the search path: `sys.path.insert`'s second argument, `append`'s, or the
    argument an adder of the module puts there."""
    callee = qualified(call.func, aliases)
    position = PATH_CALLS.get(callee or "")
    if position is None and isinstance(call.func, ast.Name):
        position = adders.get(call.func.id)
    if position is None or call.keywords or len(call.args) <= position or isinstance(call.args[position], ast.Starred):
        return None
    return call.args[position]


def path_value(node: ast.expr, names: dict[str, str], aliases: dict[str, str]) -> str | None:
    """The path a plain expression of `__file__`, strings, known names, `os.path`'s functions and pathlib's `Path` evaluates to."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):  # `Path(...) / "lib"`
        parts = [path_value(side, names, aliases) for side in (node.left, node.right)]
        return None if None in parts else os.path.join(*parts)  # type: ignore[arg-type]
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = path_value(node.value, names, aliases)
        return None if inner is None else os.path.dirname(inner)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "parents":
        inner = path_value(node.value.value, names, aliases)
        up = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if inner is None or not isinstance(up, int) or isinstance(up, bool) or up < 0:
            return None
        for _ in range(up + 1):
            inner = os.path.dirname(inner)
        return inner
    if isinstance(node, ast.Call) and not node.keywords and len(node.args) == 1 and (
        qualified(node.func, aliases) == PATH_CLASS or (isinstance(node.func, ast.Name) and node.func.id == "str" and "str" not in aliases)
    ):  # `Path(p)`, `str(p)`: the path itself
        return path_value(node.args[0], names, aliases)
    if isinstance(node, ast.Call) and not node.keywords and isinstance(node.func, ast.Attribute) and (
        node.func.attr == "joinpath" or (node.func.attr in SAME_PATH_METHODS and not node.args)
    ):  # `Path(__file__).resolve()`, `ROOT.joinpath("lib")`
        parts = [path_value(part, names, aliases) for part in (node.func.value, *node.args)]
        return None if None in parts else os.path.normpath(os.path.join(*parts))  # type: ignore[arg-type]
    if isinstance(node, ast.Call) and not node.keywords:
        function = PATH_FUNCTIONS.get(qualified(node.func, aliases) or "")
        arguments = [path_value(argument, names, aliases) for argument in node.args]
        if function is None or not arguments or any(argument is None for argument in arguments):
            return None
        try:
            return function(*arguments)
        except TypeError:  # `os.path.dirname(a, b)`: not a path
            return None
    return None
