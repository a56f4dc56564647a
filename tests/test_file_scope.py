"""No LibCST tree outlives the analysis of its file: the caches keyed by its nodes are the file's."""

from __future__ import annotations

import gc

import libcst as cst

from zerograd_lint import analyze_source
from zerograd_lint.core.fixing import fix_source

# A loop that never clears (ZG101: its fix's facts walk the parents of its nodes) and an unscale_ never
# called (ZG202: its fix's facts look for the optimizer the scaler steps), so the rules fill every cache
# keyed by nodes.
SOURCE = '''import torch

scaler = torch.cuda.amp.GradScaler()
for x, y in loader:
    loss = model(x)
    scaler.scale(loss).backward()
    scaler.unscale_
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.step
'''


def modules_alive() -> int:
    gc.collect()
    return sum(1 for found in gc.get_objects() if isinstance(found, cst.Module))


def test_no_tree_outlives_its_file():
    before = modules_alive()
    reports = analyze_source(SOURCE, "train.py")
    assert {"ZG101", "ZG202"} <= {d.code for d in reports}
    assert modules_alive() == before
    fixed = fix_source(SOURCE, "train.py", unsafe=True)
    assert fixed.applied
    analyze_source("x = 1\n", "other.py")  # the next file: what the fixes cached of the last one goes
    assert modules_alive() == before
