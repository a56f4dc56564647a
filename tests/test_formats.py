"""Every output format through the real CLI, plus --output-file, --statistics,
--exit-zero and --quiet. SARIF is validated against the SARIF 2.1.0 JSON schema."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urljoin, urlparse
from xml.etree import ElementTree

import jsonschema
import pytest

from tests.conftest import REPO, TEST_RULES_LAUNCHER, CliInterpreter, env_with_project_urls
from zerograd_lint.rules import all_rules

SARIF_SCHEMA = REPO / "tests" / "data" / "sarif-schema-2.1.0.json"
Check = Callable[..., subprocess.CompletedProcess[str]]  # check(project, *ARGS)
SOURCE = "for batch in loader:\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n    mark_style(1,\n               2)\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "train.py").write_text(SOURCE)
    (tmp_path / "clean.py").write_text("import torch\n")
    return tmp_path


@pytest.fixture(scope="module")
def check(cli_here_with_test_rules: CliInterpreter) -> Check:
    """`check(project, *ARGS)`: `zerograd-lint check --extend-select ZG991 ARGS` in the project, with the test rules; the
    module's runs in one interpreter (what each run prints and its status are what the tests read)."""
    return lambda project, *args: cli_here_with_test_rules("check", "--extend-select", "ZG991", *args, cwd=project)


def test_text_is_flake8_shaped_and_summary_goes_to_stderr(project: Path, check: Check) -> None:
    proc = check(project, ".")
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [
        "train.py:3:5: ZG990 call to mark_bug() (test-only rule)",
        "train.py:4:5: ZG991 call to mark_style() (test-only rule)",
    ]
    assert proc.stderr == "Found 2 reports (2 files checked).\n"


def test_json_items_have_the_contract_fields(project: Path, check: Check) -> None:
    items = json.loads(check(project, "--format", "json", ".").stdout)
    assert items[1] == {
        "path": "train.py", "line": 4, "column": 5, "end_line": 5, "end_column": 18, "code": "ZG991",
        "name": "synthetic-style", "severity": "style", "message": "call to mark_style() (test-only rule)", "fix": None,
    }


def test_github_workflow_commands(project: Path, check: Check) -> None:
    proc = check(project, "--format", "github", ".")
    assert proc.stdout.splitlines() == [
        "::error file=train.py,line=3,col=5,endLine=3,endColumn=15,title=ZG990 (synthetic-bug)"
        "::train.py:3:5: ZG990 call to mark_bug() (test-only rule)",
        "::notice file=train.py,line=4,col=5,endLine=5,endColumn=18,title=ZG991 (synthetic-style)"
        "::train.py:4:5: ZG991 call to mark_style() (test-only rule)",
    ]
    assert proc.stderr == ""  # machine formats get the report and nothing else


def test_github_escapes_what_workflow_commands_reserve() -> None:
    from zerograd_lint.base.diagnostics import Diagnostic
    from zerograd_lint.formats.github import render

    line = render([Diagnostic("a,b:c%.py", 1, 2, 1, 3, "ZG000", "50%\nbad")])
    assert line == "::error file=a%2Cb%3Ac%25.py,line=1,col=2,endLine=1,endColumn=3,title=ZG000 (parse-error)" \
        "::a,b:c%25.py:1:2: ZG000 50%25%0Abad\n"


def sarif_of(check: Check, project: Path, *args: str) -> dict:
    proc = check(project, "--format", "sarif", *args)
    assert proc.returncode in (0, 1), proc.stderr
    log = json.loads(proc.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    return log


def test_sarif_validates_against_the_schema_and_describes_every_rule(project: Path, check: Check) -> None:
    log = sarif_of(check, project, ".")
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted([r.code for r in all_rules()] + ["ZG990", "ZG991"])
    for descriptor in rules:
        assert {"id", "name", "shortDescription", "fullDescription", "help", "defaultConfiguration"} <= set(descriptor)
        assert descriptor["defaultConfiguration"]["level"] in ("error", "warning", "note")
    by_id = {r["id"]: r for r in rules}
    assert by_id["ZG991"]["defaultConfiguration"] == {"level": "note", "enabled": False}
    first = run["results"][0]
    assert first["ruleId"] == "ZG990" and rules[first["ruleIndex"]]["id"] == "ZG990"
    assert first["level"] == "error"
    assert first["locations"][0]["physicalLocation"] == {
        "artifactLocation": {"uri": "train.py", "uriBaseId": "%SRCROOT%"},
        "region": {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 15},
    }
    assert run["columnKind"] == "unicodeCodePoints"
    assert by_id["ZG101"]["help"]["markdown"].startswith("# ZG101 missing-zero-grad\n")


def sarif_installed_with(folder: Path, urls: dict[str, str], project: Path) -> dict:
    """The SARIF of a run of zerograd-lint installed with these [project.urls]."""
    env = env_with_project_urls(folder, urls)
    proc = subprocess.run(
        [sys.executable, str(TEST_RULES_LAUNCHER), "zerograd-lint", "check", "--format", "sarif", "."],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )
    assert proc.returncode == 1, proc.stderr
    log = json.loads(proc.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    return log


def test_sarif_links_each_rule_to_its_section_of_the_repositorys_rules_page(project: Path, tmp_path_factory) -> None:
    repository = "https://example.org/team/zerograd-lint"
    log = sarif_installed_with(tmp_path_factory.mktemp("linked"), {"Homepage": "https://example.org", "Repository": repository}, project)
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == repository
    assert {r["id"]: r["helpUri"] for r in driver["rules"]}["ZG101"] == f"{repository}/blob/HEAD/docs/rules.md#zg101"
    unlinked = sarif_installed_with(tmp_path_factory.mktemp("unlinked"), {"Homepage": "https://example.org"}, project)
    driver = unlinked["runs"][0]["tool"]["driver"]
    assert "informationUri" not in driver and not any("helpUri" in r for r in driver["rules"])  # no repository named: no link
    assert all(r["help"]["markdown"] for r in driver["rules"])  # the page itself is always there


def fingerprints_of(check: Check, project: Path) -> list[tuple[int, str]]:
    log = sarif_of(check, project, ".")
    return [
        (r["locations"][0]["physicalLocation"]["region"]["startLine"], r["partialFingerprints"]["zerogradLintLineHash/v1"])
        for r in log["runs"][0]["results"]
        if r["ruleId"] == "ZG990"
    ]


def test_sarif_fingerprints_follow_the_code_not_its_line_number(tmp_path: Path, check: Check) -> None:
    """Code scanning matches alerts across commits by partialFingerprints: lines added above keep them, two
    reports on the same text are told apart, a changed line gets a new one."""
    body = "for batch in loader:\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n    mark_bug()\n"
    (tmp_path / "train.py").write_text(body)
    before = fingerprints_of(check, tmp_path)
    (tmp_path / "train.py").write_text("import os\n\n" + body)
    after = fingerprints_of(check, tmp_path)
    assert [line for line, _ in before] == [3, 4] and [line for line, _ in after] == [5, 6]
    assert [f for _, f in after] == [f for _, f in before]
    assert [f.rsplit(":", 1)[1] for _, f in before] == ["1", "2"] and len({f.split(":")[0] for _, f in before}) == 1
    (tmp_path / "train.py").write_text(body.replace("    mark_bug()\n    mark_bug()", "    mark_bug()\n    mark_bug(1)"))
    changed = fingerprints_of(check, tmp_path)
    assert changed[0][1] == before[0][1] and changed[1][1] not in {f for _, f in before}


def test_sarif_uris_are_relative_to_the_repository_root_from_a_subfolder(tmp_path: Path, check: Check) -> None:
    """As GitHub code scanning reads them: %SRCROOT% is the checkout, wherever the run started."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "src" / "pkg" / "train.py").write_text(SOURCE)
    (tmp_path / "src" / "pkg" / "a b#1.py").write_text(SOURCE)
    log = sarif_of(check, tmp_path / "src", "pkg")
    (run,) = log["runs"]
    root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert root == tmp_path.as_uri() + "/"
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert {location["uriBaseId"] for location in locations} == {"%SRCROOT%"}
    assert sorted({location["uri"] for location in locations}) == ["src/pkg/a%20b%231.py", "src/pkg/train.py"]
    for location in locations:
        resolved = Path(unquote(urlparse(urljoin(root, location["uri"])).path))
        assert resolved.is_file() and resolved.parent == tmp_path / "src" / "pkg"


def test_sarif_of_a_clean_run_validates_too(project: Path, check: Check) -> None:
    log = sarif_of(check, project, "clean.py")
    assert log["runs"][0]["results"] == []


def test_sarif_of_real_rules_validates(tmp_path: Path, cli_here: CliInterpreter) -> None:
    (tmp_path / "train.py").write_text(
        "import torch\nmodel = torch.nn.Linear(4, 1)\noptimizer = torch.optim.SGD(model.parameters(), lr=0.1)\n"
        "for batch in torch.randn(8, 4).split(2):\n    model(batch).sum().backward()\n    optimizer.step()\n"
    )
    (tmp_path / "broken.py").write_text("for x in y\n    loss.backward()\n    opt.step()\n")
    proc = cli_here("check", "--format", "sarif", ".", cwd=tmp_path)
    log = json.loads(proc.stdout)
    jsonschema.Draft4Validator(json.loads(SARIF_SCHEMA.read_text())).validate(log)
    assert [r["ruleId"] for r in log["runs"][0]["results"]] == ["ZG000", "ZG101"]


def test_junit_one_failed_case_per_report(project: Path, check: Check) -> None:
    root = ElementTree.fromstring(check(project, "--format", "junit", ".").stdout)
    assert root.tag == "testsuites" and root.get("failures") == "2"
    (suite,) = root
    assert suite.get("name") == "train.py"
    failures = [case.find("failure") for case in suite]
    assert [f.get("type") for f in failures] == ["ZG990", "ZG991"]
    assert failures[0].text == "train.py:3:5: ZG990 call to mark_bug() (test-only rule)"


def test_junit_clean_run_has_one_passing_case(project: Path, check: Check) -> None:
    proc = check(project, "--format", "junit", "clean.py")
    root = ElementTree.fromstring(proc.stdout)
    assert proc.returncode == 0
    assert root.get("failures") == "0" and len(root.findall(".//testcase")) == 1
    # the counts agree: the suites' total is the sum of the suites'
    assert root.get("tests") == "1" == str(sum(int(suite.get("tests")) for suite in root))


def test_output_file_gets_the_report_and_stdout_stays_empty(project: Path, check: Check) -> None:
    proc = check(project, "--format", "json", "--output-file", "report.json", ".")
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert [item["code"] for item in json.loads((project / "report.json").read_text())] == ["ZG990", "ZG991"]


def test_unwritable_output_file_exits_2(project: Path, check: Check) -> None:
    proc = check(project, "--output-file", "missing/report.txt", ".")
    assert proc.returncode == 2 and "cannot write missing/report.txt" in proc.stderr


def test_statistics_count_per_code(project: Path, check: Check) -> None:
    (project / "more.py").write_text("for b in x:\n    opt.zero_grad(); loss.backward(); opt.step()\n    mark_bug()\n")
    proc = check(project, "--statistics", ".")
    assert proc.returncode == 1
    assert proc.stdout == "2\tZG990\tsynthetic-bug\n1\tZG991\tsynthetic-style\n"
    as_json = json.loads(check(project, "--statistics", "--format", "json", ".").stdout)
    assert as_json == [{"code": "ZG990", "name": "synthetic-bug", "count": 2},
                       {"code": "ZG991", "name": "synthetic-style", "count": 1}]
    refused = check(project, "--statistics", "--format", "sarif", ".")
    assert refused.returncode == 2 and "--statistics" in refused.stderr


def test_exit_zero_and_quiet(project: Path, check: Check) -> None:
    proc = check(project, "--exit-zero", "--quiet", ".")
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 2
    assert proc.stderr == ""


def test_clean_run_exits_0_and_says_so(project: Path, cli_here: CliInterpreter) -> None:
    proc = cli_here("check", "clean.py", cwd=project)
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "", "All checks passed (1 file checked).\n")


def test_unknown_selector_is_a_usage_error(project: Path, cli_here: CliInterpreter) -> None:
    proc = cli_here("check", "--select", "ZG9999", ".", cwd=project)
    assert proc.returncode == 2 and "unknown rule selector 'ZG9999'" in proc.stderr


def test_the_repository_is_read_from_the_installed_metadatas_fields_alone(tmp_path: Path, monkeypatch) -> None:
    """The link's URL is read from this version's METADATA (without importlib.metadata): a `Source` entry counts,
    and the description after the fields is the README's text, never a field, whatever its lines say."""
    from zerograd_lint.rules import pages

    env_with_project_urls(tmp_path, {"Homepage": "https://example.org", "Source": "https://example.org/src/"})
    metadata = tmp_path / "zerograd_lint-0.1.0.dist-info" / "METADATA"
    metadata.write_text(metadata.read_text() + "\nProject-URL: Repository, https://example.org/described\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path / "nowhere"), str(tmp_path)])
    pages.repository_url.cache_clear()
    try:
        assert pages.repository_url() == "https://example.org/src"
        metadata.write_text("Metadata-Version: 2.1\nName: zerograd-lint\n\nProject-URL: Repository, https://example.org/described\n")
        pages.repository_url.cache_clear()
        assert pages.repository_url() is None
    finally:
        pages.repository_url.cache_clear()
