"""The runtime guard on whole training scripts: trainers, helpers, GANs, AMP, accumulation, closures.

Each script under tests/data/runtime_scripts runs under the guard as `zerograd-lint run`
runs it, in this process. A line ending in `# <- ZG105` is where the guard must report
that code; nothing else may be reported (`ok_*` scripts: nothing at all). A script that
must raise says so in a `# raises: Error` header.

`python tests/test_runtime_scripts.py` prints found / missed / false findings per code.
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.torch]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from expect import expected_error  # noqa: E402

from zerograd_lint.runtime.script import ScriptOutcome, run_script  # noqa: E402

SCRIPTS = sorted((Path(__file__).resolve().parent / "data" / "runtime_scripts").glob("*.py"))


def marked(source: str) -> set[tuple[int, str]]:
    return {
        (number, code)
        for number, text in enumerate(source.splitlines(), start=1)
        for code in re.findall(r"#\s*<-\s*(ZG\d{3})", text)
    }


def run_in(folder: Path, script: Path) -> ScriptOutcome:
    cwd = os.getcwd()
    os.chdir(folder)  # whatever the script writes stays out of the checkout
    try:
        return run_script(str(script))
    finally:
        os.chdir(cwd)


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_findings_are_exactly_the_marked_lines(script: Path, tmp_path: Path) -> None:
    source = script.read_text(encoding="utf-8")
    outcome = run_in(tmp_path, script)
    shown = "\n".join(f"{d.line}:{d.column} {d.code} {d.message}" for d in outcome.findings)
    assert {(d.line, d.code) for d in outcome.findings} == marked(source), shown
    assert len(outcome.findings) == len(marked(source)), shown  # each once
    assert outcome.error == expected_error(source)
    if script.name.startswith("ok_"):
        assert not marked(source)


def figures() -> None:
    """Found / missed / false findings per code over every script."""
    import tempfile

    found, missed, false = Counter[str](), Counter[str](), Counter[str]()
    with tempfile.TemporaryDirectory() as folder:
        for script in SCRIPTS:
            expected = marked(script.read_text(encoding="utf-8"))
            seen = {(d.line, d.code) for d in run_in(Path(folder), script).findings}
            for _, code in expected & seen:
                found[code] += 1
            for _, code in expected - seen:
                missed[code] += 1
            for _, code in seen - expected:
                false[code] += 1
    print(f"{len(SCRIPTS)} scripts ({sum(s.name.startswith('ok_') for s in SCRIPTS)} correct)")
    print("code   found missed false")
    for code in sorted(set(found) | set(missed) | set(false)):
        print(f"{code}  {found[code]:5} {missed[code]:6} {false[code]:5}")


if __name__ == "__main__":
    figures()


@pytest.mark.parametrize("ending", ["", "raise SystemExit(3)", "raise ValueError('its own failure')"])
def test_what_a_script_leaves_lives_on_as_under_python(tmp_path: Path, ending: str) -> None:
    """Its objects are not freed when it returns, as `python SCRIPT`'s __main__ globals are not (a DDP model freed
    then can deadlock in gloo's teardown), whether the script ends, exits or raises."""
    script = tmp_path / "leaves.py"
    script.write_text(f"import sys, weakref\nclass Model:\n    pass\nmodel = Model()\nsys.left_by_script = weakref.ref(model)\n{ending}\n")
    run_in(tmp_path, script)
    assert sys.left_by_script() is not None  # type: ignore[attr-defined]
    del sys.left_by_script  # type: ignore[attr-defined]
