"""The README's paths a new user follows: what it tells them to install exists, and the
pre-commit snippet names a hook and a `rev` this repository has."""

from __future__ import annotations

import re
import subprocess

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
    rev = repository["rev"]
    version = re.search(r'^version = "(.+)"$', (REPO / "pyproject.toml").read_text(), re.M).group(1)
    assert rev == f"v{version}", f"the snippet's rev {rev!r} is not this release's tag v{version}"
    # A clone made without tags cannot show where the tag points; one with tags must show a hook file there.
    tags = subprocess.run(["git", "tag", "--list", rev], cwd=REPO, capture_output=True, text=True).stdout.split()
    if tags:
        found = subprocess.run(
            ["git", "cat-file", "-e", f"{rev}^{{commit}}:.pre-commit-hooks.yaml"], cwd=REPO, capture_output=True, text=True
        )
        assert found.returncode == 0, f"tag {rev!r} is no commit of this repository with a hook file: {found.stderr}"
