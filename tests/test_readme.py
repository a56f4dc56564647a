"""The README's paths a new user follows: what it tells them to install exists, and the
pre-commit snippet names a hook of this repository and says which `rev` to give."""

from __future__ import annotations

import re

import yaml

from tests.conftest import REPO

README = (REPO / "README.md").read_text()


def test_readme_installs_from_a_clone_or_a_git_url_not_an_unpublished_name() -> None:
    assert not re.search(r"pip install zerograd-lint\b", README)  # not on PyPI
    assert "pip install /path/to/zerograd-lint" in README and 'pip install "git+' in README


def test_pre_commit_snippet_names_a_hook_and_a_rev_of_this_repository() -> None:
    snippet = re.search(r"```yaml\n(# \.pre-commit-config\.yaml\n.*?)```", README, re.S)
    assert snippet, "README has no .pre-commit-config.yaml snippet"
    (repository,) = yaml.safe_load(snippet.group(1))["repos"]
    hooks = yaml.safe_load((REPO / ".pre-commit-hooks.yaml").read_text())
    assert {hook["id"] for hook in repository["hooks"]} <= {hook["id"] for hook in hooks}
    # No tag travels with a clone of main: the rev is a commit, and the README names the command that prints it
    # (tests/test_precommit_hook.py runs the snippet with it against a hook repository that has no tag).
    assert repository["rev"] == "<commit>"
    assert "`git ls-remote <repository URL> HEAD`" in snippet.group(1)


def test_ci_runs_the_readmes_test_command() -> None:
    """`.ci/run` runs the README's second command (the pip installs, then pytest with the same options) in a venv
    of its own."""
    installs, _, pytest_options = README.split("```bash\n", 1)[1].splitlines()[1].partition(" && python -m pytest")
    ci = (REPO / ".ci" / "run").read_text()
    assert installs == 'pip install torch==2.13.0 && pip install ".[test]"'
    assert '-m pip install --quiet torch==2.13.0 ' in ci and '-m pip install --quiet ".[test]" ' in ci
    assert f'\n"$python" -m pytest{pytest_options}\n' in ci
