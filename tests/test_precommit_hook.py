"""The pre-commit door: the real pre-commit, in a throwaway git repository, installs
this repository's hook (its own virtualenv, dependencies from PyPI) and runs it on commit.
The hook's repository has no tag, as a clone of main has none: the README's configuration
and its pip URL must work on it as written."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow  # pre-commit builds the hook's own virtualenv with pip

HOOK_REPO_FILES = ("pyproject.toml", ".pre-commit-hooks.yaml", "README.md", "zerograd_lint")
CLEAN = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in torch.randn(8, 4).split(2):
    optimizer.zero_grad()
    loss = model(batch).sum()
    loss.backward()
    optimizer.step()
"""
BUGGY = CLEAN.replace("    optimizer.zero_grad()\n", "")  # ZG101 at the step, line 8


# pre-commit as this interpreter runs it: its script is on PATH only where its environment is activated (`.ci/run`
# calls the venv's python directly); `pre-commit install` writes this interpreter into the git hook either way.
PRE_COMMIT = (sys.executable, "-m", "pre_commit")


def git(*args: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """One PRE_COMMIT_HOME for the module, so the hook's environment is built once."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    environment.update(
        PRE_COMMIT_HOME=str(tmp_path_factory.mktemp("pre-commit-home")),
        GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
        GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com",
        GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1",
    )
    environment.pop("PYTHONPATH", None)  # the hook must run from its own install, not this checkout
    return environment


@pytest.fixture(scope="module")
def hook_rev(tmp_path_factory: pytest.TempPathFactory, env: dict[str, str]) -> tuple[Path, str]:
    """This checkout's working tree as a git repository (pre-commit clones hooks at a rev)."""
    repo = tmp_path_factory.mktemp("hook-repo")
    for name in HOOK_REPO_FILES:
        source = REPO / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__"))
        elif source.exists():
            shutil.copy(source, repo / name)
    git("init", "-q", cwd=repo, env=env)
    git("add", ".", cwd=repo, env=env)
    git("commit", "-q", "-m", "hook", cwd=repo, env=env)
    return repo, git("rev-parse", "HEAD", cwd=repo, env=env).stdout.strip()


@pytest.fixture
def project(tmp_path: Path, hook_rev: tuple[Path, str], env: dict[str, str]) -> Path:
    """A user's repository with the hook configured and installed as its pre-commit hook."""
    hook_repo, rev = hook_rev
    (tmp_path / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: {rev}\n    hooks:\n      - id: zerograd-lint\n"
    )
    git("init", "-q", cwd=tmp_path, env=env)
    git("add", ".pre-commit-config.yaml", cwd=tmp_path, env=env)
    git("commit", "-q", "-m", "config", cwd=tmp_path, env=env)
    installed = subprocess.run([*PRE_COMMIT, "install"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    return tmp_path


def commit(project: Path, env: dict[str, str], **files: str) -> subprocess.CompletedProcess[str]:
    for name, text in files.items():
        (project / name).write_text(text)
        git("add", name, cwd=project, env=env)
    return git("commit", "-m", "change", cwd=project, env=env)


def test_commit_with_a_buggy_file_fails_and_shows_the_report(project: Path, env: dict[str, str]) -> None:
    proc = commit(project, env, **{"train.py": BUGGY})
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, output
    assert "zerograd-lint" in output and "Failed" in output
    assert "train.py:8:5: ZG101 " in output


def test_commit_with_a_buggy_notebook_fails(project: Path, env: dict[str, str]) -> None:
    cells = [{"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": BUGGY}]
    proc = commit(project, env, **{"train.ipynb": json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                                                              "nbformat_minor": 5})})
    output = proc.stdout + proc.stderr
    assert proc.returncode == 1, output
    assert "train.ipynb:cell 1:8:5: ZG101 " in output


def test_commit_with_a_clean_file_passes(project: Path, env: dict[str, str]) -> None:
    proc = commit(project, env, **{"train.py": CLEAN})
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert "zerograd-lint" in output and "Passed" in output


def test_commit_without_python_files_passes(project: Path, env: dict[str, str]) -> None:
    proc = commit(project, env, **{"notes.txt": "no python here\n"})
    output = proc.stdout + proc.stderr
    assert proc.returncode == 0, output
    assert "(no files to check)Skipped" in output


def readme_block(first_line: str) -> str:
    """The README's fenced block that starts with this line."""
    blocks = re.findall(r"```\w*\n(.*?)```", (REPO / "README.md").read_text(), flags=re.S)
    return next(block for block in blocks if block.startswith(first_line + "\n"))


def newest_commit(hook_repo: Path, env: dict[str, str]) -> str:
    """The commit the README's own command prints for the repository."""
    command = re.search(r"`(git ls-remote <repository URL> HEAD)`", (REPO / "README.md").read_text())
    assert command is not None, "the README no longer says how to get a commit"
    listed = subprocess.run(
        command[1].replace("<repository URL>", str(hook_repo)).split(), env=env, capture_output=True, text=True, timeout=600
    )
    assert listed.returncode == 0, listed.stderr
    return listed.stdout.split()[0]


def test_the_readmes_configuration_works_on_a_clone_without_tags(
    tmp_path: Path, hook_rev: tuple[Path, str], env: dict[str, str]
) -> None:
    hook_repo, rev = hook_rev
    assert git("tag", cwd=hook_repo, env=env).stdout == ""
    assert newest_commit(hook_repo, env) == rev
    config = readme_block("# .pre-commit-config.yaml")
    (tmp_path / ".pre-commit-config.yaml").write_text(config.replace("<repository URL>", str(hook_repo)).replace("<commit>", rev))
    git("init", "-q", cwd=tmp_path, env=env)
    installed = subprocess.run([*PRE_COMMIT, "install"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    proc = commit(tmp_path, env, **{"train.py": BUGGY})
    assert proc.returncode == 1 and "train.py:8:5: ZG101 " in proc.stdout + proc.stderr, proc.stdout + proc.stderr


def test_pip_installs_the_readmes_git_url_without_a_tag(
    tmp_path: Path, hook_rev: tuple[Path, str], env: dict[str, str]
) -> None:
    """`pip install "git+<repository URL>"` and `...@<commit>`, as the README writes them (into a folder)."""
    hook_repo, rev = hook_rev
    readme = (REPO / "README.md").read_text()
    for written in ('"git+<repository URL>"', '"git+<repository URL>@<commit>"'):
        assert written in readme, written
        url = written.strip('"').replace("<repository URL>", hook_repo.as_uri()).replace("<commit>", rev)
        target = tmp_path / str(len(list(tmp_path.iterdir())))
        installed = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), url],
            env=env, capture_output=True, text=True, timeout=600,
        )
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert (target / "zerograd_lint" / "__init__.py").is_file()
