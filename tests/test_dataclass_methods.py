"""The dataclasses' methods kept between runs of the program (servers, `check`): a class made with the kept code
is the class `dataclasses` makes, and a text whose code is kept is not compiled again."""

from __future__ import annotations

import dataclasses
import marshal
import sys
from pathlib import Path
from typing import Any, Callable, ClassVar

import pytest

from tests.conftest import cli_env, run_bounded
from zerograd_lint.files.dataclass_methods import FORMAT, DataclassMethods


def made(exec_: Callable[..., None] | None, monkeypatch: pytest.MonkeyPatch) -> tuple[type, ...]:
    """Dataclasses of each kind the analysis and LibCST make, made with `exec_` as `dataclasses`' exec (None: its own)."""
    with monkeypatch.context() as patched:
        if exec_ is not None:
            patched.setattr(dataclasses, "exec", exec_, raising=False)

        @dataclasses.dataclass(frozen=True)
        class Frozen:
            name: str
            items: tuple[int, ...] = ()
            counted: ClassVar[int] = 0

        @dataclasses.dataclass
        class Plain:
            values: list[str] = dataclasses.field(default_factory=list)
            seen: dict[str, Any] = dataclasses.field(default_factory=dict, repr=False, compare=False)

        @dataclasses.dataclass(frozen=True, order=True)
        class Ordered:
            line: int
            column: int = 1

    return Frozen, Plain, Ordered


def behaviour(classes: tuple[type, ...]) -> list[Any]:
    """What the classes' generated methods do, in values that compare across two makings of them."""
    frozen, plain, ordered = classes
    instance = frozen("opt", (1, 2))
    try:
        instance.name = "other"  # type: ignore[misc]
        refused = None
    except dataclasses.FrozenInstanceError as error:
        refused = str(error)
    return [
        repr(instance), instance == frozen("opt", (1, 2)), instance == frozen("opt"), hash(instance) == hash(frozen("opt", (1, 2))),
        refused, repr(plain()), plain(["a"]) == plain(["a"], {"x": 1}), plain().values is not plain().values,
        sorted([ordered(2), ordered(1, 3), ordered(1)]) == [ordered(1), ordered(1, 3), ordered(2)],
        [cls.__init__.__annotations__ for cls in classes], [str(dataclasses.fields(cls)) for cls in classes],
    ]


def test_classes_made_with_kept_code_are_those_dataclasses_makes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "methods.marshal"
    first = DataclassMethods(file)
    expected = behaviour(made(None, monkeypatch))
    assert behaviour(made(first.exec, monkeypatch)) == expected  # compiled here, without this module's `__future__`
    compiled = len(first.compiled)
    assert compiled >= 12  # the texts of __init__, __repr__, __eq__, __hash__, __setattr__, __lt__...
    first.keep()

    second = DataclassMethods(file)
    assert len(second.kept) == compiled
    assert behaviour(made(second.exec, monkeypatch)) == expected
    assert second.compiled == {}  # every text's code was kept
    second.keep()
    assert DataclassMethods(file).kept == second.kept  # nothing new: nothing written


@pytest.mark.parametrize(
    "written",
    [b"", b"not marshal data", marshal.dumps(((b"\0\0\r\n", 0), {})), marshal.dumps("text"), marshal.dumps((FORMAT, ["a list"]))],
)
def test_a_file_not_written_by_this_interpreter_is_not_read(tmp_path: Path, written: bytes) -> None:
    file = tmp_path / "methods.marshal"
    file.write_bytes(written)
    assert DataclassMethods(file).kept == {}


def test_kept_code_that_does_not_load_is_compiled_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    file = tmp_path / "methods.marshal"
    first = DataclassMethods(file)
    expected = behaviour(made(first.exec, monkeypatch))
    file.write_bytes(marshal.dumps((FORMAT, {text: b"broken" for text in first.compiled})))
    second = DataclassMethods(file)
    assert behaviour(made(second.exec, monkeypatch)) == expected
    assert second.compiled.keys() == first.compiled.keys()


def test_a_file_that_cannot_be_written_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a file").write_text("")
    methods = DataclassMethods(tmp_path / "a file" / "methods.marshal")
    made(methods.exec, monkeypatch)
    methods.keep()
    assert methods.compiled == {}


TRAINING = """import torch


def train(model, loader, optimizer):
    for epoch in range(3):
        for x, y in loader:
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
"""


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_CACHE_HOME names the user's cache folder on Linux")
def test_a_later_check_compiles_none_of_the_dataclasses_methods(tmp_path: Path) -> None:
    """`check` keeps the methods it compiled (LibCST's node classes, the analysis's) as it ends, and the next
    `check` execs their code: it compiles none, so it writes the file no more."""
    (tmp_path / "train.py").write_text(TRAINING)
    env = {**cli_env(), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "zerograd_lint", "check", "--no-cache", "train.py"]
    written = []
    for _ in range(2):
        run = run_bounded(command, cwd=tmp_path, env=env)
        assert (run.returncode, run.stdout.count("ZG101")) == (1, 1), run.stderr
        [kept] = (tmp_path / "cache" / "zerograd-lint").glob(f"*/dataclass-methods.{sys.implementation.cache_tag}.marshal")
        written.append((kept.stat().st_ino, kept.stat().st_mtime_ns))
    assert written[0] == written[1]  # the second run kept nothing new: every text's code was read, none compiled
    assert len(DataclassMethods(kept).kept) > 500
