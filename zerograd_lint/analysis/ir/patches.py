"""The names a test replaces with mocks while it runs (`unittest.mock.patch`; pytest-mock's `mocker.patch` and pytest's
`monkeypatch.setattr`, from the statement calling them on; the autouse fixtures pytest runs around it): a call reaching
one runs the mock, not the code the name is bound to elsewhere, so the analysis neither inlines it nor reads it as what
it builds. A method patched on its class (`patch.object(Trainer, "fit")`) is the mock on every instance of it
(`trainer.fit()`: `patched_methods`)."""

from __future__ import annotations

from typing import Callable, Iterable, Mapping

import libcst as cst

from zerograd_lint.analysis.ir.names import dotted_name
from zerograd_lint.analysis.ir.visiting import nodes_of

PATCHERS = frozenset({"unittest.mock.patch", "mock.patch"})  # the standard library's, and its backport's
# The keywords of `patch.multiple` that say how to patch, not what: the others name the attributes replaced.
MULTIPLE_OPTIONS = frozenset({"spec", "create", "spec_set", "autospec", "new_callable"})
# pytest's fixtures that patch from the statement calling them on, to the test's end: pytest-mock's `mocker` (and its
# twins of wider scopes), whose `patch`, `patch.object` and `patch.multiple` are unittest's, and pytest's `monkeypatch`,
# whose `setattr` takes a dotted name (`setattr("pkg.mod.train", fake)`) or an object and an attribute's name.
MOCKER_FIXTURES = frozenset({"mocker", "class_mocker", "module_mocker", "package_mocker", "session_mocker"})
MONKEYPATCH_FIXTURE = "monkeypatch"
PATCHING_FIXTURES = MOCKER_FIXTURES | {MONKEYPATCH_FIXTURE}
MOCKER_PATCHERS = {"patch": "", "patch.object": "object", "patch.multiple": "multiple"}  # -> the kind, as `patched_by`'s


def patch_targets(calls: Iterable[cst.BaseExpression], imports: Mapping[str, str | None]) -> frozenset[str]:
    """The dotted names the patchers among `calls` replace (a test's decorators, a `with` statement's items), their
    callees read through the module's `imports`: `patch("pkg.mod.train")`, `patch.object(mod, "train")` (`mod`
    imported), `patch.multiple("pkg.mod", train=DEFAULT)`."""
    found: set[str] = set()
    for call in calls:
        callee = dotted_name(call.func) if isinstance(call, cst.Call) else None
        if callee is None:
            continue
        root, _, rest = callee.partition(".")
        origin = imports.get(root)
        full = f"{origin}.{rest}" if origin and rest else origin or callee
        patcher, _, kind = full.rpartition(".") if full.endswith((".object", ".multiple")) else (full, "", "")
        if patcher not in PATCHERS:
            continue
        found.update(patched_by(call, kind, imports))
    return frozenset(found)


def fixture_patch_targets(
    statement: cst.BaseStatement | cst.BaseSmallStatement, fixtures: frozenset[str], imports: Mapping[str, str | None]
) -> frozenset[str]:
    """The dotted names a statement's call of a patching fixture among the test's parameters (`fixtures`) replaces, to
    the test's end: `mocker.patch("pkg.mod.train")`, `train = mocker.patch.object(mod, "train")`,
    `monkeypatch.setattr("pkg.mod.train", fake)`, `monkeypatch.setattr(mod, "train", fake)`."""
    smalls = statement.body if isinstance(statement, cst.SimpleStatementLine) else [statement]
    found: set[str] = set()
    for small in smalls:
        call = small.value if isinstance(small, (cst.Expr, cst.Assign, cst.AnnAssign)) else None
        if not isinstance(call, cst.Call):
            continue
        fixture, _, method = (dotted_name(call.func) or "").partition(".")
        if fixture not in fixtures:
            continue
        if fixture in MOCKER_FIXTURES and method in MOCKER_PATCHERS:
            found.update(patched_by(call, MOCKER_PATCHERS[method], imports))
        elif fixture == MONKEYPATCH_FIXTURE and method == "setattr" and call.args:
            by_name = isinstance(call.args[0].value, cst.SimpleString)
            found.update(patched_by(call, "" if by_name else "object", imports))
    return frozenset(found)


def autouse_patch_targets(statements: Iterable[cst.BaseStatement], imports: Mapping[str, str | None]) -> frozenset[str]:
    """The dotted names the autouse fixtures among `statements` replace (a module's, a conftest.py's, a test class's),
    for every test they apply to: `@pytest.fixture(autouse=True)` whose body patches (`patcher = patch("pkg.mod.train")`
    then `patcher.start()`, `with patch(...): yield`, `mocker.patch(...)` of its own `mocker`). Every patcher's call
    of the body counts, started or not: a name read as unknown is only a report not made."""
    found: set[str] = set()
    for fixture in statements:
        if not isinstance(fixture, cst.FunctionDef) or not any(autouse(d.decorator, imports) for d in fixture.decorators):
            continue
        found.update(patch_targets(nodes_of(fixture.body, cst.Call), imports))
        fixtures = patching_fixtures(fixture)
        for statement in nodes_of(fixture.body, cst.SimpleStatementLine) if fixtures else ():
            found.update(fixture_patch_targets(statement, fixtures, imports))
    return frozenset(found)


def patching_fixtures(function: cst.FunctionDef) -> frozenset[str]:
    """The patching fixtures among a function's parameters (`mocker`, `monkeypatch`)."""
    params = function.params
    return frozenset({p.name.value for p in [*params.posonly_params, *params.params, *params.kwonly_params]} & PATCHING_FIXTURES)


def autouse(decorator: cst.BaseExpression, imports: Mapping[str, str | None]) -> bool:
    """`@pytest.fixture(autouse=True)` (or `fixture` imported from pytest)."""
    if not isinstance(decorator, cst.Call):
        return False
    root, _, rest = (dotted_name(decorator.func) or "").partition(".")
    origin = imports.get(root)
    if (f"{origin}.{rest}" if origin and rest else origin) != "pytest.fixture":
        return False
    return any(
        a.keyword is not None and a.keyword.value == "autouse" and isinstance(a.value, cst.Name) and a.value.value == "True"
        for a in decorator.args
    )


def patched_by(call: cst.Call, kind: str, imports: Mapping[str, str | None]) -> Iterable[str]:
    """The names one patcher's call replaces (nothing where its arguments are not literal names)."""
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    if not positional:
        return ()
    if kind == "object":
        if len(positional) < 2 or not isinstance(positional[1], cst.SimpleString):
            return ()
        root, _, rest = (dotted_name(positional[0]) or "").partition(".")
        origin, attribute = imports.get(root), positional[1].evaluated_value
        if origin is None or not isinstance(attribute, str):
            return ()  # an object of the test's own (not a module or class it imports): not one the analysis names
        return (f"{origin}.{rest}.{attribute}" if rest else f"{origin}.{attribute}",)
    target = positional[0].evaluated_value if isinstance(positional[0], cst.SimpleString) else None
    if not isinstance(target, str):
        return ()
    if kind == "multiple":
        return tuple(f"{target}.{a.keyword.value}" for a in call.args if a.keyword is not None and a.keyword.value not in MULTIPLE_OPTIONS)
    return (target,)


def reaches_patched(
    callee: str, module: str | None, imports: Mapping[str, str | None], local: bool, patched: frozenset[str]
) -> bool:
    """Whether a call of `callee`, written in `module`, runs a mock of `patched`: `patch("pkg.mod.train")` replaces
    the name `train` that `pkg.mod`'s code looks up (not the def its import bound it to elsewhere), and what is read
    through it (`patch("pkg.mod.optim.AdamW")`: `optim.AdamW` there); a name bound to a module (`optim` of `import
    torch.optim as optim`) is looked up in that module too (`patch("torch.optim.AdamW")`). A `local` name (the
    function's own) is not the module's."""
    if not patched:
        return False
    root, _, rest = callee.partition(".")
    reads = [(f"{module}.{callee}", f"{module}.{root}")] if module and not local else []
    origin = imports.get(root) if not local else None
    if origin and rest:
        reads.append((f"{origin}.{rest}", f"{origin}.{rest.partition('.')[0]}"))
    return any(
        read == target or (read.startswith(f"{target}.") and target.startswith(shortest))
        for read, shortest in reads for target in patched
    )


def patched_methods(patched: frozenset[str], class_named: Callable[[str], str | None]) -> frozenset[str]:
    """Of the `patched` names, the attributes of a class of the project (`patch.object(Trainer, "fit")`,
    `patch("pkg.Trainer.fit")`: `pkg.trainer.Trainer.fit`), by the module defining the class (`class_named`: what the
    name an import spells stands for, re-exports followed, or None for what is no class of the project). Set on the
    class object, the mock is every instance's method, however the code names the class (a patched class's own name,
    `patch("pkg.trainer.Trainer")`, is only that name, looked up as `reaches_patched` says)."""
    found: set[str] = set()
    for target in patched:
        owner, _, attribute = target.rpartition(".")
        if owner and (cls := class_named(owner)) is not None:
            found.add(f"{cls}.{attribute}")
    return frozenset(found)
