"""`zerograd-lint run` and `pytest --zerograd` as users run them: real subprocesses."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import REPO, cli_env, run_cli

from zerograd_lint.doors.cli import main

pytestmark = [pytest.mark.slow, pytest.mark.torch]

BUGGY = textwrap.dedent(
    """\
    import sys
    import torch
    print("script says hello", sys.argv[1:], __name__)
    model = torch.nn.Linear(4, 2)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(3):
        model(torch.randn(8, 4)).pow(2).mean().backward()
        opt.step()
    """
)

CLEAN = BUGGY.replace("for i in range(3):\n", "for i in range(3):\n    opt.zero_grad()\n")


def write(tmp_path: Path, source: str, name: str = "train.py") -> Path:
    script = tmp_path / name
    script.write_text(source)
    return script


def test_run_reports_like_check_and_keeps_the_scripts_argv_and_main(tmp_path: Path) -> None:
    script = write(tmp_path, BUGGY)
    proc = run_cli("run", str(script), "--lr", "3", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    hello, report = proc.stdout.splitlines()
    assert hello == "script says hello ['--lr', '3'] __main__"
    assert report.startswith(f"{script}:8:5: ZG101 ")


def test_run_json_owns_stdout_and_the_scripts_output_goes_to_stderr(tmp_path: Path) -> None:
    write(tmp_path, BUGGY)
    proc = run_cli("run", "--format", "json", "train.py", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    (item,) = json.loads(proc.stdout)
    assert {key: item[key] for key in ("path", "line", "column", "code")} == {
        "path": "train.py",
        "line": 8,
        "column": 5,
        "code": "ZG101",
    }
    assert set(item) >= {"end_line", "end_column", "name", "severity", "message", "fix"}
    assert "script says hello" in proc.stderr


def test_run_output_file_gets_the_findings_and_stdout_keeps_the_script(tmp_path: Path) -> None:
    write(tmp_path, BUGGY)
    proc = run_cli("run", "--format", "json", "--output-file", "out.json", "train.py", cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    assert proc.stdout.startswith("script says hello")
    assert [item["code"] for item in json.loads((tmp_path / "out.json").read_text())] == ["ZG101"]


def test_run_takes_o_as_check_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # in this process: `--output-file` has its process above
    assert run_in_process(write(tmp_path, BUGGY), "--format", "json", "-o", "findings.json") == 1
    assert [item["code"] for item in json.loads((tmp_path / "findings.json").read_text())] == ["ZG101"]


def test_a_script_that_does_not_compile_fails_as_python_says(tmp_path: Path) -> None:
    write(tmp_path, "import torch\nfor i in range(3):\n    print 'step', i\n", "old.py")
    python = subprocess.run([sys.executable, "old.py"], cwd=tmp_path, capture_output=True, text=True)
    proc = run_cli("run", "old.py", cwd=tmp_path)
    assert (proc.returncode, proc.stdout) == (python.returncode, "") == (1, "")
    assert proc.stderr == python.stderr and "SyntaxError" in proc.stderr  # no frame of zerograd-lint's own


GAN = textwrap.dedent(
    """\
    import torch
    G, D = torch.nn.Linear(2, 3), torch.nn.Linear(3, 1)
    opt_g = torch.optim.Adam(G.parameters())
    opt_d = torch.optim.Adam(D.parameters())
    for i in range(3):
        D(G(torch.randn(4, 2)).detach()).mean().backward()
        opt_d.step()
        opt_g.zero_grad()
        (-D(G(torch.randn(4, 2))).mean()).backward()
        opt_g.step()
    """
)


def test_findings_name_the_optimizer_as_the_user_wrote_it(tmp_path: Path) -> None:
    """Two Adams: the one never cleared is `opt_d`, as `check` says."""
    write(tmp_path, GAN, "gan.py")
    checked = json.loads(CliRunner().invoke(main, ["check", "--format", "json", str(tmp_path / "gan.py")]).output)
    proc = run_cli("run", "--format", "json", "gan.py", cwd=tmp_path)
    (finding,) = json.loads(proc.stdout)
    assert (finding["line"], finding["code"]) == (checked[0]["line"], checked[0]["code"]) == (7, "ZG101")
    assert "optimizer `opt_d`" in finding["message"] and "optimizer `opt_d`" in checked[0]["message"]
    assert "Adam" not in finding["message"]


def run_in_process(script: Path, *options: str) -> int:
    """The `run` command in this process (torch is already imported here): its exit status."""
    return CliRunner().invoke(main, ["run", *options, str(script)]).exit_code


def test_run_exit_status_combines_findings_and_the_scripts_own(tmp_path: Path) -> None:
    assert run_in_process(write(tmp_path, CLEAN)) == 0
    assert run_in_process(write(tmp_path, CLEAN + "sys.exit(3)\n", "exits.py")) == 3
    assert run_in_process(write(tmp_path, CLEAN + "raise ValueError('boom')\n", "crash.py")) == 1
    assert run_in_process(write(tmp_path, BUGGY + "sys.exit(3)\n", "both.py")) == 1


def test_run_puts_the_scripts_folder_first_on_the_path(tmp_path: Path) -> None:
    (tmp_path / "helpers.py").write_text("import sys\nsys.exit(4)\n")
    assert run_in_process(write(tmp_path, "import helpers\n", "uses_helpers.py")) == 4


def test_run_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run_in_process(tmp_path / "missing.py") == 2
    assert run_in_process(write(tmp_path, CLEAN), "--accumulation-steps", "0") == 2


def test_run_declared_accumulation(tmp_path: Path) -> None:
    script = write(tmp_path, BUGGY.replace("    opt.step()", "    if (i + 1) % 3 == 0:\n        opt.step()"))
    assert run_in_process(script) == 0  # the static analysis sees the step under an accumulation guard
    assert run_in_process(script, "--accumulation-steps", "2") == 1  # three iterations' backwards


def python_imports_torch(*codes: str) -> list[bool]:
    """Whether torch is imported once each of `codes` has run, one after another in one fresh interpreter."""
    probe = "import sys; sys.argv = ['zerograd-lint', *sys.argv[1:]]\n" + "".join(
        f"{code}\nprint('torch imported:', 'torch' in sys.modules)\n" for code in codes
    )
    proc = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=cli_env(), cwd=REPO, check=False
    )
    return [line == "torch imported: True" for line in proc.stdout.splitlines() if line.startswith("torch imported: ")]


def test_the_core_never_imports_torch(tmp_path: Path) -> None:
    script = write(tmp_path, BUGGY)
    run_main = "from zerograd_lint.doors.cli import main\ntry:\n    main([{}])\nexcept SystemExit:\n    pass"
    # In one interpreter: none of them imports torch, so none imported it before the next.
    assert python_imports_torch(
        run_main.format("'--help'"),
        run_main.format(f"'check', {str(script)!r}"),
        run_main.format("'run', '--help'"),
        "import zerograd_lint.runtime, zerograd_lint.doors.pytest_plugin",
    ) == [False] * 4
    assert python_imports_torch("import zerograd_lint.runtime.probes") == [True]


# -- pytest --zerograd -----------------------------------------------------------------------------

TESTS = textwrap.dedent(
    """\
    import torch

    def make():
        model = torch.nn.Linear(4, 2)
        return model, torch.optim.SGD(model.parameters(), lr=0.1)

    def test_correct_loop():
        model, opt = make()
        for _ in range(3):
            opt.zero_grad()
            model(torch.randn(8, 4)).pow(2).mean().backward()
            opt.step()

    def test_missing_clear():
        model, opt = make()
        for _ in range(3):
            model(torch.randn(8, 4)).pow(2).mean().backward()
            opt.step()
    """
)


def pytest11_entry_points() -> str:
    """The `[project.entry-points.pytest11]` table of pyproject.toml, as an entry_points.txt section."""
    table = re.search(
        r"^\[project\.entry-points\.pytest11\]\n(.*?)(?:\n\[|\Z)", (REPO / "pyproject.toml").read_text(), re.MULTILINE | re.DOTALL
    )
    assert table is not None, "pyproject.toml declares no pytest11 entry point"
    return "[pytest11]\n" + table.group(1).replace('"', "")


def run_pytest(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """pytest as a user runs it once the package is installed: the plugin found by its entry point.

    The package is not installed here, so a distribution carrying just the
    declared entry point stands in for it (and next to a real installation
    pytest keeps the first plugin of that name).
    """
    site = tmp_path / "site"
    distribution = site / "zerograd_lint_entry_point-0.dist-info"
    distribution.mkdir(parents=True)
    (distribution / "METADATA").write_text("Metadata-Version: 2.1\nName: zerograd-lint-entry-point\nVersion: 0\n")
    (distribution / "entry_points.txt").write_text(pytest11_entry_points())
    env = cli_env()
    env["PYTHONPATH"] = os.pathsep.join([env["PYTHONPATH"], str(site)])
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *options],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_pytest_zerograd_fails_the_test_that_breaks_the_lifecycle(tmp_path: Path) -> None:
    (tmp_path / "test_training.py").write_text(TESTS)
    proc = run_pytest(tmp_path, "--zerograd", "-rA", "test_training.py")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "PASSED test_training.py::test_correct_loop" in proc.stdout
    assert "FAILED test_training.py::test_missing_clear" in proc.stdout
    assert "test_training.py:18:9: ZG101" in proc.stdout


def test_pytest_plugin_is_opt_in(tmp_path: Path) -> None:
    (tmp_path / "test_inert.py").write_text(
        "import sys\n\n"
        "def test_loaded_but_inert(pytestconfig):\n"
        "    assert pytestconfig.pluginmanager.has_plugin('zerograd')\n"
        "    assert 'torch' not in sys.modules\n"
    )
    proc = run_pytest(tmp_path, "test_inert.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed" in proc.stdout
    assert pytest11_entry_points() == "[pytest11]\nzerograd = zerograd_lint.doors.pytest_plugin\n"
