"""`zerograd-lint run` on DDP training under torchrun: 2 real processes, gloo on CPU.

tests/data/distributed/ddp_training.py holds correct loops (no_sync accumulation, the
require_backward_grad_sync flag) and buggy ones; each marked line must be reported once,
with the ranks it was seen on, and nothing else.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from conftest import REPO, cli_env, run_bounded, run_cli

from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.distributed import Job, describe_ranks, merge

pytestmark = [pytest.mark.slow, pytest.mark.torch, pytest.mark.ddp]

SCRIPT = REPO / "tests" / "data" / "distributed" / "ddp_training.py"


def expected() -> dict[tuple[int, str], list[int]]:
    found = {}
    for number, text in enumerate(SCRIPT.read_text(encoding="utf-8").splitlines(), start=1):
        match = re.search(r"#\s*<-\s*(ZG\d{3})(?:\s*\(rank (\d+)\))?", text)
        if match:
            found[(number, match.group(1))] = [int(match.group(2))] if match.group(2) else [0, 1]
    return found


def test_every_rank_is_guarded_and_rank_0_reports_each_finding_once(tmp_path: Path) -> None:
    proc = run_cli("run", "--nproc-per-node", "2", "--format", "json", str(SCRIPT), cwd=tmp_path)
    assert proc.returncode == 1, proc.stderr
    items = json.loads(proc.stdout)
    assert {(item["line"], item["code"]): item["ranks"] for item in items} == expected(), proc.stdout
    assert len(items) == len(expected())
    assert all(describe_ranks(item["ranks"]) in item["message"] for item in items)


def test_torchrun_runs_the_guard_on_every_rank_and_rank_0_writes_the_report(tmp_path: Path) -> None:
    """The README's command, with the report in a file: only rank 0 writes it."""
    command = [
        sys.executable, "-m", "torch.distributed.run", "--standalone", "--nproc_per_node=2",
        "-m", "zerograd_lint", "run", "--format", "text", "-o", "report.txt", str(SCRIPT),
    ]
    proc = run_bounded(command, cwd=tmp_path, env=cli_env())
    assert proc.returncode != 0  # rank 0 exits 1: something was reported
    lines = (tmp_path / "report.txt").read_text().splitlines()
    reported = {(int(line.split(":")[1]), line.split()[1]) for line in lines}
    assert reported == set(expected()) and len(lines) == len(expected()), lines
    assert all(line.endswith(f"({describe_ranks(expected()[key])})") for line, key in zip(lines, sorted(expected())))


def finding(line: int, code: str = "ZG101", path: str = "train.py") -> Diagnostic:
    return Diagnostic(path, line, 5, line, 15, code, "message")


def test_merge_keeps_one_finding_per_position_with_its_ranks() -> None:
    merged = merge([[finding(9), finding(4, "ZG105")], [finding(9)], [], [finding(9), finding(12)]])
    assert [(d.line, d.code, d.ranks) for d in merged] == [
        (4, "ZG105", (0,)), (9, "ZG101", (0, 1, 3)), (12, "ZG101", (3,)),
    ]
    assert merged[1].message == "message (ranks 0, 1, 3)"


def test_ranks_are_described_as_ranges() -> None:
    assert describe_ranks([1]) == "rank 1"
    assert describe_ranks([0, 1]) == "ranks 0, 1"
    assert describe_ranks([0, 1, 2, 3, 5, 7, 8, 9]) == "ranks 0-3, 5, 7-9"


def test_only_a_torchrun_job_merges() -> None:
    torchrun = {"WORLD_SIZE": "2", "RANK": "1", "MASTER_ADDR": "localhost", "MASTER_PORT": "29500",
                "TORCHELASTIC_USE_AGENT_STORE": "True", "TORCHELASTIC_RUN_ID": "abc"}
    job = Job.from_environment(torchrun)
    assert job == Job(1, 2, "localhost", 29500, "zerograd_lint/abc/0/")
    assert Job.from_environment({**torchrun, "WORLD_SIZE": "1"}) is None
    assert Job.from_environment({k: v for k, v in torchrun.items() if k != "TORCHELASTIC_USE_AGENT_STORE"}) is None
    assert Job.from_environment({}) is None
