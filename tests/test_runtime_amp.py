"""The eight AMP loop shapes of issue 27, run under the guard and checked statically: both must agree.

Each shape is one training script, written for a device: on CUDA with float16
autocast and a CUDA GradScaler (run only where CUDA is), and on CPU with
bfloat16 autocast and the CPU GradScaler, so the same shapes run everywhere.
The guard's findings (code, line) must equal the static `check` of the same
script, and the lines marked `# <- ZGxxx`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import torch

from zerograd_lint.core.engine import analyze_source
from zerograd_lint.runtime.lifecycle import RUNTIME_CODES
from zerograd_lint.runtime.script import run_script

PRELUDE = """\
import torch
from torch import nn

DEVICE, DTYPE = {device!r}, torch.{dtype}
ACCUMULATION = 2
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)).to(DEVICE)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler(DEVICE)
data = [(torch.randn(4, 8, device=DEVICE), torch.randn(4, 1, device=DEVICE)) for _ in range(6)]
"""

SHAPES = {
    "fp16_scaler_clean": """
for x, y in data:
    optimizer.zero_grad()
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
""",
    "clip_without_unscale": """
for x, y in data:
    optimizer.zero_grad()
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401
    scaler.step(optimizer)
    scaler.update()
""",
    "step_bypasses_scaler": """
for x, y in data:
    optimizer.zero_grad()
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    optimizer.step()  # <- ZG402
""",
    "no_update": """
for x, y in data:
    optimizer.zero_grad()
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)  # <- ZG404
""",
    "no_clear": """
for x, y in data:
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)  # <- ZG101
    scaler.update()
""",
    "clear_before_scaler_step": """
for x, y in data:
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    optimizer.zero_grad()  # <- ZG102
    scaler.step(optimizer)
    scaler.update()
""",
    "bf16_without_scaler": """
for x, y in data:
    optimizer.zero_grad()
    with torch.autocast(DEVICE, dtype=torch.bfloat16):
        loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
""",
    "accumulation_defeated": """
for step, (x, y) in enumerate(data):
    optimizer.zero_grad()  # <- ZG105
    with torch.autocast(DEVICE, dtype=DTYPE):
        loss = nn.functional.mse_loss(model(x), y) / ACCUMULATION
    scaler.scale(loss).backward()
    if (step + 1) % ACCUMULATION == 0:
        scaler.step(optimizer)
        scaler.update()
""",
}

DEVICES = [
    pytest.param("cpu", "bfloat16", id="cpu-bf16"),
    pytest.param(
        "cuda", "float16", id="cuda-fp16",
        marks=pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA (CI has no GPU)"),
    ),
]


def marked(source: str) -> set[tuple[str, int]]:
    return {
        (code, number)
        for number, text in enumerate(source.splitlines(), start=1)
        for code in re.findall(r"#\s*<-\s*(ZG\d{3})", text)
    }


def test_the_shapes_cover_each_amp_code_the_guard_confirms() -> None:
    codes = {code for body in SHAPES.values() for code, _ in marked(PRELUDE + body)}
    assert codes == {"ZG101", "ZG102", "ZG105", "ZG401", "ZG402", "ZG404"} <= RUNTIME_CODES


@pytest.mark.parametrize("device, dtype", DEVICES)
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_guard_and_static_check_agree(
    shape: str, device: str, dtype: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = PRELUDE.format(device=device, dtype=dtype) + SHAPES[shape]
    script = tmp_path / f"{shape}.py"
    script.write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    outcome = run_script(str(script))
    at_run_time = {(d.code, d.line) for d in outcome.findings}
    static = {(d.code, d.line) for d in analyze_source(source, str(script)) if d.code in RUNTIME_CODES}
    shown = "\n".join(f"{d.line}:{d.column} {d.code} {d.message}" for d in outcome.findings)
    assert at_run_time == marked(source), shown
    assert static == at_run_time
    assert len(outcome.findings) == len(at_run_time), shown  # one cause, one report
