"""The GitHub Action (action.yml): it cannot run here, so its YAML is read as GitHub reads it, and its check
step's script runs under bash with the environment the runner gives it, the real CLI standing in for the
installed one, and the SARIF it writes is validated against the official schema."""

from __future__ import annotations

import json
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from tests.conftest import REPO, cli_env

SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"
BUGGY = """\
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
for batch in torch.randn(8, 4).split(2):
    model(batch).sum().backward()
    optimizer.step()
"""


def action() -> dict[str, Any]:
    return yaml.safe_load((REPO / "action.yml").read_text())


def step(name: str) -> dict[str, Any]:
    return next(s for s in action()["runs"]["steps"] if s.get("name") == name)


def test_a_composite_action_with_described_inputs() -> None:
    spec = action()
    assert {"name", "description", "inputs", "runs"} <= set(spec)
    assert spec["runs"]["using"] == "composite"
    for name, entry in spec["inputs"].items():
        assert entry["description"] and isinstance(entry.get("default", ""), str), name
    for entry in spec["runs"]["steps"]:
        assert ("run" in entry) != ("uses" in entry), entry
        if "run" in entry:
            assert entry["shell"] == "bash", entry  # a composite action's run step must name its shell
            assert "${{" not in entry["run"], entry  # inputs reach scripts through the environment only


def test_every_expression_names_an_input_or_a_github_context() -> None:
    text = (REPO / "action.yml").read_text()
    inputs = set(action()["inputs"])
    for expression in re.findall(r"\$\{\{(.*?)\}\}", text):
        for name in re.findall(r"inputs\.([\w-]+)", expression):
            assert name in inputs, expression
        assert re.fullmatch(r"\s*(inputs\.[\w-]+( == '\w+')?|github\.action_path)\s*", expression), expression


def test_it_installs_from_its_own_checkout_and_uploads_what_it_wrote() -> None:
    install = step("Install zerograd-lint")
    assert install["env"]["ZEROGRAD_LINT_SOURCE"] == "${{ github.action_path }}"
    assert 'pip install --quiet "$ZEROGRAD_LINT_SOURCE"' in install["run"]
    upload = step("Upload to code scanning")
    assert upload["uses"].startswith("github/codeql-action/upload-sarif@")
    assert upload["with"]["sarif_file"] == step("Check")["env"]["SARIF_FILE"] == "${{ inputs.sarif-file }}"
    assert upload["if"] == "inputs.upload == 'true'"


def test_the_check_step_writes_valid_sarif_with_the_report(tmp_path: Path) -> None:
    runner_temp = tmp_path / "runner-temp"
    shim = runner_temp / "zerograd-lint" / "bin" / "zerograd-lint"  # where the install step puts the CLI
    shim.parent.mkdir(parents=True)
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m zerograd_lint "$@"\n')
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    workspace = tmp_path / "workspace"
    (workspace / "src").mkdir(parents=True)
    (workspace / ".git").mkdir()
    (workspace / "src" / "train.py").write_text(BUGGY)
    (workspace / "notes.py").write_text(BUGGY)  # not among the paths
    defaults = {name: entry.get("default", "") for name, entry in action()["inputs"].items()}
    inputs = {**defaults, "paths": "src", "args": "--no-cache --extend-select ZG104"}
    check = step("Check")
    env = {**cli_env(), "RUNNER_TEMP": str(runner_temp)}
    for key, value in check["env"].items():
        env[key] = re.sub(r"\$\{\{ inputs\.([\w-]+) \}\}", lambda m: inputs[m[1]], value)
    proc = subprocess.run(["bash", "-e", "-c", check["run"]], cwd=workspace, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr  # --exit-zero: a report does not fail the step
    log = json.loads((workspace / inputs["sarif-file"]).read_text())
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    results = log["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]) for r in results] == [
        ("ZG101", "src/train.py")
    ]
