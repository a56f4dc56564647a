"""`zerograd-lint run --nproc-per-node N SCRIPT`: torchrun with the guard on every rank, one report.

The same as `torchrun --standalone --nproc_per_node=N -m zerograd_lint run SCRIPT`, except that
rank 0 hands the merged findings back here instead of reporting them itself: this process
formats them like a one-process run, and exits 1 when something was found (torchrun would
show a failed worker for that), otherwise with torchrun's own status.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from zerograd_lint.base.diagnostics import Diagnostic


def torchrun_command(processes: int, merged_to: Path, script: str, args: Sequence[str], accumulation_steps: int | None) -> list[str]:
    declared = ["--accumulation-steps", str(accumulation_steps)] if accumulation_steps is not None else []
    return [
        sys.executable, "-m", "torch.distributed.run", "--standalone", f"--nproc-per-node={processes}",
        "-m", "zerograd_lint", "run", "--merged-to", str(merged_to), *declared, script, *args,
    ]


def run_on_processes(
    processes: int, script: str, args: Sequence[str], accumulation_steps: int | None, stdout_to_stderr: bool
) -> tuple[list[Diagnostic], int]:
    """The merged findings of all ranks, and torchrun's exit status."""
    with tempfile.TemporaryDirectory(prefix="zerograd-lint-") as folder:
        merged_to = Path(folder) / "findings.json"
        command = torchrun_command(processes, merged_to, script, args, accumulation_steps)
        status = subprocess.run(command, stdout=sys.stderr.fileno() if stdout_to_stderr else None).returncode
        if not merged_to.exists():  # rank 0 never got to report: torchrun has said why
            return [], status or 1
        return [Diagnostic.of_json(item) for item in json.loads(merged_to.read_text(encoding="utf-8"))], status
