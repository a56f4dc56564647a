"""Generated training scripts: the engine never crashes, reformatting never changes a report,
and the gate never hides one."""

from __future__ import annotations

import ast

import pytest
from conftest import ungated
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zerograd_lint.core import engine
from zerograd_lint.core.gate import gate_of

pytestmark = pytest.mark.slow  # hundreds of generated programs

PRELUDE = [
    "import torch",
    "model = torch.nn.Linear(4, 1)",
    "optimizer = torch.optim.SGD(model.parameters(), lr=0.1)",
    "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2)",
    "scaler = torch.amp.GradScaler('cpu')",
]
HELPER = [
    "def helper(loss):",
    "    loss.backward()",
    "    optimizer.step()",
]

SIMPLE = [
    "loss = model(x).sum()",
    "loss.backward()",
    "(loss / 4).backward()",
    "scaler.scale(loss).backward()",
    "optimizer.step()",
    "scaler.step(optimizer)",
    "scaler.update()",
    "scaler.unscale_(optimizer)",
    "optimizer.zero_grad()",
    "optimizer.zero_grad(set_to_none=False)",
    "model.zero_grad()",
    "torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)",
    "scheduler.step()",
    "helper(loss)",
    "optimizer.zero_grad",
    "scaler.update",
    "loss.backward",
    "print(loss.item())",
    "continue",
    "break",
]
HEADERS = [
    "if (step + 1) % 4 == 0:",
    "if step % 2:",
    "with torch.autocast('cpu'):",
    "for micro in range(2):",
    "for p in model.parameters():",
    "while False:",
]
GRAD_READS = [
    "print(p.grad.norm())",
    "p.grad.zero_()",
    "p.grad = None",
    "if p.grad is not None:",
]

# A statement is a line, or a header with a block under it.
statements = st.recursive(
    st.sampled_from(SIMPLE + GRAD_READS[:3]).map(lambda line: (line, ())),
    lambda inner: st.tuples(st.sampled_from(HEADERS + GRAD_READS[3:] + ["try:"]), st.lists(inner, min_size=1, max_size=4)),
    max_leaves=12,
)


def render(script: tuple[bool, list], unit: str, newline: str, comment: str) -> str:
    with_helper, body = script
    lines = PRELUDE + (HELPER if with_helper else []) + ["for step, (x, y) in enumerate(loader):"]
    lines = [line.replace("    ", unit) for line in lines]

    def emit(statement, depth: int) -> None:
        line, block = statement
        lines.append(unit * depth + line)
        for child in block:
            emit(child, depth + 1)
        if line == "try:":
            lines.append(unit * depth + "finally:")
            lines.append(unit * (depth + 1) + "pass")

    for statement in body:
        emit(statement, 1)
    return newline.join(line + comment if line.strip() else line for line in lines) + newline


def reports(source: str) -> list[tuple[int, str]]:
    return sorted((d.line, d.code) for d in engine.analyze_source(source, "generated.py"))


scripts = st.tuples(st.booleans(), st.lists(statements, min_size=1, max_size=8))
fuzz = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@fuzz
@given(scripts)
def test_reformatting_never_changes_a_report(script):
    plain = render(script, "    ", "\n", "")
    found = reports(plain)
    assert reports(render(script, "  ", "\r\n", "  # note")) == found
    assert reports(render(script, "\t", "\n", "")) == found
    assert sorted(code for _, code in reports(ast.unparse(ast.parse(plain)) + "\n")) == sorted(code for _, code in found)


@fuzz
@given(scripts)
def test_the_gate_never_hides_a_report(script):
    source = render(script, "    ", "\n", "")
    gate = gate_of(engine.every_code())
    in_text = gate.in_text(source)
    if in_text and gate.in_tree(in_text, ast.parse(source)) is not None:
        return
    with ungated():
        assert engine.analyze_source(source, "generated.py") == []


@fuzz
@given(st.lists(st.sampled_from(SIMPLE + HEADERS + GRAD_READS + ["try:", "finally:", "else:", "def f():", ")", "(", "]"]), max_size=12),
       st.lists(st.integers(min_value=0, max_value=3), max_size=12))
def test_fragments_in_any_order_and_indent_never_crash(fragments, depths):
    source = "\n".join("    " * depth + fragment for fragment, depth in zip(fragments, depths + [0] * len(fragments)))
    for diagnostic in engine.analyze_source(source, "fragment.py"):
        assert diagnostic.code.startswith("ZG")
