"""Shared test helpers: the real CLI, run as a user runs it, in a subprocess."""

from __future__ import annotations

import ctypes
import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "fixtures"
# Where the subprocesses keep compiled modules when the environment writes none (PYTHONDONTWRITEBYTECODE): out
# of the checkout, yet each of the suite's hundreds of interpreters no longer compiles the package anew.
BYTECODE = Path(tempfile.gettempdir()) / f"zerograd-lint-tests-bytecode-{os.getuid()}"
if sys.dont_write_bytecode:  # and this process's: the test modules, rewritten by pytest, and the package they import
    sys.dont_write_bytecode = False
    sys.pycache_prefix = sys.pycache_prefix or str(BYTECODE)


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    env.pop("FORCE_COLOR", None)
    if env.pop("PYTHONDONTWRITEBYTECODE", None):
        env.setdefault("PYTHONPYCACHEPREFIX", str(BYTECODE))
    return env


def env_with_project_urls(folder: Path, urls: dict[str, str], entry_points: str = "") -> dict[str, str]:
    """cli_env(), with the package's metadata giving these `[project.urls]` and entry points (the text of
    entry_points.txt): a dist-info folder as pip writes it from pyproject.toml, first on the path, so
    importlib.metadata finds it before any installed copy's."""
    info = folder / "zerograd_lint-0.1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    fields = ["Metadata-Version: 2.1", "Name: zerograd-lint", "Version: 0.1.0", *(f"Project-URL: {k}, {v}" for k, v in urls.items())]
    (info / "METADATA").write_text("\n".join(fields) + "\n")
    (info / "entry_points.txt").write_text(entry_points)
    env = cli_env()
    env["PYTHONPATH"] = os.pathsep.join([str(folder), env["PYTHONPATH"]])
    return env


def run_cli(*args: str, cwd: Path | None = None, input: str | None = None) -> subprocess.CompletedProcess[str]:
    """`zerograd-lint ARGS` as a subprocess (python -m, so the checkout's code runs)."""
    return subprocess.run(
        [sys.executable, "-m", "zerograd_lint", *args],
        cwd=cwd or REPO,
        env=cli_env(),
        input=input,
        capture_output=True,
        text=True,
        timeout=600,
    )


def run_json(*args: str, cwd: Path | None = None) -> tuple[int, list[dict]]:
    proc = run_cli("check", "--format", "json", *args, cwd=cwd)
    assert proc.returncode in (0, 1), proc.stderr
    return proc.returncode, json.loads(proc.stdout)


def run_flake8(*args: str, cwd: Path, metadata: Path) -> subprocess.CompletedProcess[str]:
    """`flake8 ARGS` in this interpreter, finding the `ZG` plugin as an install registers it: by pyproject.toml's
    entry point, in the package's metadata written under `metadata`. No virtual environment is built (seconds
    of pip): tests/test_flake8_plugin.py checks the plugin installed by pip end to end."""
    from zerograd_lint.files.config import read_toml

    plugins = read_toml(REPO / "pyproject.toml")["project"]["entry-points"]["flake8.extension"]
    entry_points = "[flake8.extension]\n" + "".join(f"{name} = {target}\n" for name, target in plugins.items())
    return subprocess.run(
        [sys.executable, "-m", "flake8", *args],
        cwd=cwd,
        env=env_with_project_urls(metadata, {}, entry_points),
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture
def cli():
    return run_cli


def project_modules() -> list[Path]:
    """Every Python module of fixtures/, tests/data/ and the package: the code the walks are checked over."""
    return sorted([*REPO.glob("fixtures/**/*.py"), *REPO.glob("tests/data/**/*.py"), *REPO.glob("zerograd_lint/**/*.py")])


TEST_RULES_LAUNCHER = REPO / "tests" / "data" / "test_rules" / "launch.py"


def run_with_test_rules(
    tool: str, *args: str, cwd: Path, python: str = sys.executable
) -> subprocess.CompletedProcess[str]:
    """`zerograd-lint` or `flake8` with the test-only rules ZG990 (on) and ZG991 (off by default):
    they report every call to `mark_bug()` and `mark_style()` in a file the engine analyses
    (one with a backward and a step, such as `opt.zero_grad(); loss.backward(); opt.step()`)."""
    return subprocess.run(
        [python, str(TEST_RULES_LAUNCHER), tool, *args],
        cwd=cwd,
        env=cli_env(),
        capture_output=True,
        text=True,
        timeout=600,
    )


@contextmanager
def ungated() -> Iterator[None]:
    """The engine as if the gate let every file through with every need met, at every analysis root."""
    from zerograd_lint.core.gate import Gate, Needs

    originals = Gate.in_text, Gate.in_tree
    Gate.in_text = lambda self, text: self.asked()  # type: ignore[method-assign]
    Gate.in_tree = lambda self, in_text, tree, mark=None: Needs(in_text)  # type: ignore[method-assign]
    try:
        yield
    finally:
        Gate.in_text, Gate.in_tree = originals  # type: ignore[method-assign]


PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH = 24, 1, 2


def without_permission_override() -> None:
    """In the child, before exec: root loses the capabilities that let it ignore file permissions
    (dropped from the bounding set, root's capabilities after exec), so chmod 000 stops it as it
    stops a user. Nothing to do for a normal user."""
    if os.geteuid() != 0:
        return
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")
