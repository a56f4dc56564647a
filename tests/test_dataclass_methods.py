"""The dataclasses' methods kept between servers: a class made with the kept code is the class `dataclasses`
makes, and a text whose code is kept is not compiled again."""

from __future__ import annotations

import dataclasses
import marshal
from pathlib import Path
from typing import Any, Callable, ClassVar

import pytest

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
