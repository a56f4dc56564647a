"""The gate lets through every file the engine would report on, whatever the shape of the training code.

Generated training files vary what the gate's screen and the IR builder must agree on: how many
helpers deep the backward and the step sit (up to past the depth the analysis follows), whether a
helper is a function or a method reached through `self`, how the calls are spelled (a parenthesised
`(loss.backward)()`, a scaled backward, `torch.autograd.backward`), and which clears there are. For
each, the engine behind the gate reports exactly what it reports with the gate open.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_speed_gate import analyse_ungated

from zerograd_lint.analysis.ir.vocabulary import CALL_DEPTH
from zerograd_lint.core import engine

BACKWARDS = ("loss.backward()", "(loss.backward)()", "torch.autograd.backward(loss)", "scaler.scale(loss).backward()")
STEPS = ("opt.step()", "(opt.step)()", "scaler.step(opt)")
CLEARS = ("", "opt.zero_grad()", "model.zero_grad(set_to_none=False)")


@st.composite
def training_files(draw: st.DrawFn) -> str:
    depth = draw(st.integers(0, CALL_DEPTH + 2))
    as_methods = draw(st.booleans())
    backward, step, clear = draw(st.sampled_from(BACKWARDS)), draw(st.sampled_from(STEPS)), draw(st.sampled_from(CLEARS))
    step_in_loop = draw(st.booleans())  # the step in the loop's body, or in the deepest helper with the backward
    work = ["loss = model(x).sum()", backward, *([] if step_in_loop else [step])]
    indent = "        " if as_methods else "    "
    call = "self.h{}(model, opt, scaler, x)" if as_methods else "h{}(model, opt, scaler, x)"
    signature = "def h{}(self, model, opt, scaler, x):" if as_methods else "def h{}(model, opt, scaler, x):"
    helpers = []
    for level in range(1, depth + 1):
        body = [call.format(level + 1)] if level < depth else work
        helpers += [indent[4:] + signature.format(level), *(indent + line for line in body), ""]
    loop = [*([clear] if clear else []), *([call.format(1)] if depth else work), *([step] if step_in_loop else [])]
    train = [
        "def train(self, model, loader):" if as_methods else "def train(model, loader):",
        indent + "opt = torch.optim.Adam(model.parameters())",
        indent + "scaler = torch.cuda.amp.GradScaler()",
        indent + "for x in loader:",
        *(indent + "    " + line for line in loop),
    ]
    if as_methods:
        return "\n".join(["import torch", "", "class Trainer:", *("    " + line if line else line for line in [*helpers, *train]), ""])
    return "\n".join(["import torch", "", *helpers, *train, ""])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(training_files())
def test_the_gate_lets_through_every_file_the_engine_reports_on(source: str) -> None:
    gated = [d for d in engine.analyze_source(source) if d.code != "ZG000"]
    assert gated == analyse_ungated(source)
