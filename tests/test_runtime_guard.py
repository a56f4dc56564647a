"""The runtime guard on real torch: training loops run in-process, findings checked line by line.

Each scenario is a small training script; a line ending in `# <- ZG101` is
where the guard must report that code, and nothing else may be reported.
"""

from __future__ import annotations

import os
import re
import sys
import textwrap
import warnings
import weakref
from pathlib import Path

import pytest
import torch

from zerograd_lint.runtime import (
    RUNTIME_CODES,
    GradientLifecycleError,
    GradientLifecycleWarning,
    guard,
    sites,
    watch_all,
)
from zerograd_lint.runtime.script import run_script

pytestmark = [pytest.mark.slow, pytest.mark.torch]

SETUP = """\
import functools
import torch
torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Linear(3, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
def batch_loss():
    return model(torch.randn(8, 4)).pow(2).mean()
"""

CORRECT = {
    "clear at the top": """
for i in range(4):
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
""",
    "clear at the end, after the step": """
for i in range(4):
    batch_loss().backward()
    opt.step()
    opt.zero_grad()
""",
    "clear after the forward (pattern A)": """
for i in range(4):
    loss = batch_loss()
    opt.zero_grad()
    loss.backward()
    opt.step()
""",
    "clear before the loop and after each conditional update": """
opt.zero_grad()
for i in range(6):
    (batch_loss() / 2).backward()
    if (i + 1) % 2 == 0:
        opt.step()
        opt.zero_grad()
""",
    "accumulation over an inner loop of micro-batches": """
for i in range(3):
    opt.zero_grad()
    for micro in range(4):
        (batch_loss() / 4).backward()
    opt.step()
""",
    "GAN critic: clear every iteration, backward and step every n": """
for i in range(6):
    opt.zero_grad()
    if i % 3 == 0:
        batch_loss().backward()
        opt.step()
""",
    "LBFGS closure that clears": """
lbfgs = torch.optim.LBFGS(model.parameters(), max_iter=3)
x = torch.randn(8, 4)
def closure():
    lbfgs.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    return loss
for i in range(3):
    lbfgs.step(closure)
""",
    "closure through functools.partial": """
def closure(optimizer):
    optimizer.zero_grad()
    loss = batch_loss()
    loss.backward()
    return loss
for i in range(3):
    opt.step(functools.partial(closure, opt))
""",
    "a helper does the work": """
def train_step():
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
for i in range(3):
    train_step()
""",
    "several backwards before one step": """
for i in range(3):
    opt.zero_grad()
    batch_loss().backward()
    batch_loss().backward()
    opt.step()
""",
    "two optimizers, each cleared (GAN)": """
opt_d = torch.optim.SGD(model[1].parameters(), lr=0.1)
opt_g = torch.optim.SGD(model[0].parameters(), lr=0.1)
for i in range(3):
    opt_d.zero_grad()
    batch_loss().backward()
    opt_d.step()
    opt_g.zero_grad()
    batch_loss().backward()
    opt_g.step()
""",
    "clearing two modules: different parameters": """
for i in range(3):
    model[0].zero_grad()
    model[1].zero_grad()
    batch_loss().backward()
    opt.step()
""",
    "p.grad = None and p.grad.zero_() loops": """
for i in range(3):
    for p in model.parameters():
        p.grad = None
    batch_loss().backward()
    opt.step()
for i in range(3):
    for p in model.parameters():
        if p.grad is not None:
            p.grad.detach_()
            p.grad.zero_()
    batch_loss().backward()
    opt.step()
""",
    "AMP: unscale_ before clipping": """
for i in range(3):
    opt.zero_grad()
    scaler.scale(batch_loss()).backward()
    scaler.unscale_(opt)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(opt)
    scaler.update()
""",
    "AMP: no clipping, no unscale_": """
for i in range(3):
    opt.zero_grad(set_to_none=False)
    scaler.scale(batch_loss()).backward()
    scaler.step(opt)
    scaler.update()
""",
    "a step before any loop silences a scheduler warning": """
opt.step()
for i in range(3):
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
""",
    "a clear per epoch and after each accumulation step (yolov5)": """
accumulate, last_opt_step = 4, -1
for epoch in range(3):
    opt.zero_grad()
    for i in range(8):
        ni = i + 8 * epoch
        (batch_loss() / accumulate).backward()
        if ni - last_opt_step >= accumulate:
            opt.step()
            opt.zero_grad()
            last_opt_step = ni
""",
    "a loop over optimizers": """
optimizers = [torch.optim.SGD(model[0].parameters(), lr=0.1), torch.optim.Adam(model[1].parameters())]
for i in range(3):
    for each in optimizers:
        each.zero_grad()
    batch_loss().backward()
    for each in optimizers:
        each.step()
""",
    "a helper clearing both optimizers, called before each phase": """
opt_d = torch.optim.SGD(model[1].parameters(), lr=0.1)
opt_g = torch.optim.SGD(model[0].parameters(), lr=0.1)
def reset_grad():
    opt_g.zero_grad()
    opt_d.zero_grad()
for i in range(3):
    reset_grad()
    model[1](torch.randn(8, 3)).sum().backward()
    opt_d.step()
    reset_grad()
    batch_loss().backward()
    opt_g.step()
""",
    "a logging helper with its own backward and clear, every other step": """
def saliency():
    x = torch.randn(8, 4, requires_grad=True)
    model(x).sum().backward()
    model.zero_grad()
    return x.grad.abs().mean()
for i in range(6):
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
    if i % 2 == 0:
        saliency()
""",
    "grad reads filtered on None": """
for i in range(3):
    opt.zero_grad()
    model[1](torch.randn(8, 3)).sum().backward()
    norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
    opt.step()
""",
    "a scheduler stepped after the optimizer, once per epoch": """
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2)
for epoch in range(3):
    for i in range(2):
        opt.zero_grad()
        batch_loss().backward()
        opt.step()
    sched.step()
""",
    "ReduceLROnPlateau stepped on a metric, and a schedule stepped with no optimizer step": """
plateau = torch.optim.lr_scheduler.ReduceLROnPlateau(opt)
plateau.step(1.0)
other = torch.optim.SGD(model.parameters(), lr=0.1)
curve = torch.optim.lr_scheduler.LambdaLR(other, lambda e: 0.9 ** e)
lrs = []
for epoch in range(3):
    curve.step()
    lrs.append(curve.get_last_lr())
for i in range(3):
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
""",
    "a fresh model and optimizer per fold; a second phase with its own optimizer": """
for fold in range(3):
    net = torch.nn.Linear(4, 1)
    adam = torch.optim.Adam(net.parameters())
    for i in range(2):
        adam.zero_grad()
        net(torch.randn(8, 4)).pow(2).mean().backward()
        adam.step()
phase1 = torch.optim.Adam(model.parameters())
for i in range(2):
    phase1.zero_grad()
    batch_loss().backward()
    phase1.step()
phase2 = torch.optim.Adam(model.parameters(), lr=1e-4)
for i in range(2):
    phase2.zero_grad()
    batch_loss().backward()
    phase2.step()
""",
    "plain SGD built per step; an optimizer rebuilt with its state loaded": """
for i in range(3):
    probe = torch.optim.SGD(model.parameters(), lr=0.01)
    probe.zero_grad()
    batch_loss().backward()
    probe.step()
saved = None
for i in range(3):
    adam = torch.optim.Adam(model.parameters())
    if saved is not None:
        adam.load_state_dict(saved)
    adam.zero_grad()
    batch_loss().backward()
    adam.step()
    saved = adam.state_dict()
""",
    "losses logged as numbers; losses of an inner loop summed and backpropagated once": """
history, total = [], 0.0
for i in range(5):
    opt.zero_grad()
    loss = batch_loss()
    loss.backward()
    opt.step()
    total += loss.item()
    history.append(loss.detach())
for i in range(5):
    opt.zero_grad()
    summed = 0
    for micro in range(3):
        summed = summed + batch_loss()
    summed.backward()
    opt.step()
""",
    "accumulation with clipping before the guarded step": """
for i in range(8):
    (batch_loss() / 4).backward()
    if (i + 1) % 4 == 0:
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        opt.zero_grad()
""",
    "AMP accumulation: unscale, clip, step and clear under the guard": """
for i in range(8):
    scaler.scale(batch_loss() / 2).backward()
    if (i + 1) % 2 == 0:
        scaler.unscale_(opt)
        torch.nn.utils.clip_grad_value_(model.parameters(), 1.0)
        scaler.step(opt)
        scaler.update()
        opt.zero_grad()
""",
    "LBFGS with a line search, closure that clears": """
lbfgs = torch.optim.LBFGS(model.parameters(), max_iter=5, line_search_fn="strong_wolfe")
x = torch.randn(8, 4)
def closure():
    lbfgs.zero_grad()
    loss = model(x).pow(2).mean()
    loss.backward()
    return loss
for i in range(2):
    lbfgs.step(closure)
""",
}

BUGGY = {
    "no clear anywhere": """
for i in range(3):
    batch_loss().backward()
    opt.step()  # <- ZG101
""",
    "a clear only before the loop": """
opt.zero_grad()
for i in range(3):
    batch_loss().backward()
    opt.step()  # <- ZG101
""",
    "the discriminator is never cleared": """
opt_d = torch.optim.SGD(model[1].parameters(), lr=0.1)
opt_g = torch.optim.SGD(model[0].parameters(), lr=0.1)
for i in range(3):
    batch_loss().backward()
    opt_d.step()  # <- ZG101
    opt_g.zero_grad()
    batch_loss().backward()
    opt_g.step()
""",
    "accumulation step never followed by a clear": """
opt.zero_grad()
for i in range(6):
    (batch_loss() / 2).backward()
    if (i + 1) % 2 == 0:
        opt.step()  # <- ZG101
""",
    "a clear between backward and step": """
for i in range(3):
    batch_loss().backward()
    opt.zero_grad()  # <- ZG102
    opt.step()
""",
    "p.grad = None between backward and step": """
for i in range(3):
    batch_loss().backward()
    for p in model.parameters():
        p.grad = None  # <- ZG102
    opt.step()
""",
    "optimizer and model cleared together": """
for i in range(3):
    opt.zero_grad()
    model.zero_grad()  # <- ZG103
    batch_loss().backward()
    opt.step()
""",
    "a clear at the top and at the bottom": """
for i in range(3):
    opt.zero_grad()  # <- ZG103
    batch_loss().backward()
    opt.step()
    opt.zero_grad()
""",
    "step before backward": """
for i in range(3):
    opt.zero_grad()
    opt.step()  # <- ZG201
    batch_loss().backward()
""",
    "clipping scaled gradients": """
for i in range(3):
    opt.zero_grad()
    scaler.scale(batch_loss()).backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG401
    scaler.step(opt)
    scaler.update()
""",
    "measuring the norm of scaled gradients": """
for i in range(3):
    opt.zero_grad()
    scaler.scale(batch_loss()).backward()
    norm = torch.nn.utils.get_total_norm([p.grad for p in model.parameters()])  # <- ZG401
    torch.nn.utils.clip_grad_value_(model.parameters(), 1.0)  # <- ZG401
    scaler.step(opt)
    scaler.update()
""",
    "a direct step after a scaled backward": """
for i in range(3):
    opt.zero_grad()
    scaler.scale(batch_loss()).backward()
    opt.step()  # <- ZG402
""",
    "accumulation defeated: a clear every micro-batch": """
for i in range(8):
    opt.zero_grad()  # <- ZG105
    (batch_loss() / 4).backward()
    if (i + 1) % 4 == 0:
        opt.step()
""",
    "accumulation defeated inside the micro-batch loop": """
for i in range(3):
    for micro in range(4):
        model.zero_grad()  # <- ZG105
        (batch_loss() / 4).backward()
    opt.step()
""",
    "accumulation defeated under AMP": """
for i in range(8):
    opt.zero_grad()  # <- ZG105
    scaler.scale(batch_loss() / 2).backward()
    if (i + 1) % 2 == 0:
        scaler.step(opt)
        scaler.update()
""",
    "clipping after the step": """
for i in range(3):
    opt.zero_grad()
    batch_loss().backward()
    opt.step()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG203
""",
    "clipping right after the clear": """
for i in range(3):
    opt.zero_grad()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # <- ZG203
    batch_loss().backward()
    opt.step()
""",
    "a clear between the scaled backward and scaler.step": """
for i in range(3):
    scaler.scale(batch_loss()).backward()
    opt.zero_grad(set_to_none=False)  # <- ZG102
    scaler.step(opt)
    scaler.update()
""",
    "an LBFGS closure that never clears": """
lbfgs = torch.optim.LBFGS(model.parameters(), max_iter=4)
x = torch.randn(8, 4)
def closure():
    loss = model(x).pow(2).mean()
    loss.backward()
    return loss
lbfgs.zero_grad()
lbfgs.step(closure)  # <- ZG101
""",
    "a closure cleared before the step, not inside": """
lbfgs = torch.optim.LBFGS(model.parameters(), max_iter=3)
def closure():
    loss = batch_loss()
    loss.backward()
    return loss
for i in range(2):
    lbfgs.zero_grad()
    lbfgs.step(closure)  # <- ZG101
""",
    "a scheduler stepped at the top of the epoch": """
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2)
for epoch in range(3):
    sched.step()  # <- ZG204
    for i in range(2):
        opt.zero_grad()
        batch_loss().backward()
        opt.step()
""",
    "Adam built again in the loop": """
for i in range(3):
    adam = torch.optim.Adam(model.parameters(), lr=1e-3)  # <- ZG601
    adam.zero_grad()
    batch_loss().backward()
    adam.step()
""",
    "the loss kept as a tensor across iterations": """
epoch_loss = 0
for i in range(6):
    opt.zero_grad()
    loss = batch_loss()
    loss.backward()
    opt.step()
    epoch_loss += loss  # <- ZG602
""",
    "losses appended with their graphs": """
losses = []
for i in range(6):
    opt.zero_grad()
    loss = batch_loss()
    loss.backward()
    opt.step()
    losses.append(loss)  # <- ZG602
""",
}

RAISING = {
    "unscale_ on every micro-batch": (
        """
for i in range(4):
    scaler.scale(batch_loss() / 2).backward()
    scaler.unscale_(opt)  # <- ZG403
    if (i + 1) % 2 == 0:
        scaler.step(opt)
        scaler.update()
        opt.zero_grad()
""",
        "RuntimeError",
    ),
    "scaler.update() missing": (
        """
for i in range(3):
    opt.zero_grad()
    scaler.scale(batch_loss()).backward()
    scaler.step(opt)  # <- ZG404
""",
        "RuntimeError",
    ),
    "a None .grad in arithmetic": (
        """
for i in range(3):
    opt.zero_grad()
    model[1](torch.randn(8, 3)).sum().backward()
    opt.step()
    scaled = [torch.norm(p.grad * 2) for p in model.parameters()]  # <- ZG301
""",
        "TypeError",
    ),
    "a None .grad dereferenced": (
        """
for i in range(3):
    opt.zero_grad()
    model[1](torch.randn(8, 3)).sum().backward()
    opt.step()
    total = sum(p.grad.norm() for p in model.parameters())  # <- ZG301
""",
        "AttributeError",
    ),
    "a clear (set_to_none) between the scaled backward and scaler.step": (
        """
for i in range(3):
    scaler.scale(batch_loss()).backward()
    opt.zero_grad()  # <- ZG102
    scaler.step(opt)
    scaler.update()
""",
        "AssertionError",
    ),
    "clip_grad_value_ on the empty gradients after a clear": (
        """
for i in range(3):
    opt.zero_grad()
    torch.nn.utils.clip_grad_value_(model.parameters(), 1.0)  # <- ZG203
    batch_loss().backward()
    opt.step()
""",
        "RuntimeError",
    ),
}


def marked(source: str) -> set[tuple[int, str]]:
    return {
        (number, code)
        for number, text in enumerate(source.splitlines(), start=1)
        for code in re.findall(r"#\s*<-\s*(ZG\d{3})", text)
    }


def run_scenario(tmp_path: Path, body: str, **options):
    script = tmp_path / "train.py"
    script.write_text(SETUP + textwrap.dedent(body))
    outcome = run_script(str(script), **options)
    return script.read_text(), outcome


@pytest.mark.parametrize("body", CORRECT.values(), ids=list(CORRECT))
def test_correct_loops_are_silent(tmp_path: Path, body: str) -> None:
    _, outcome = run_scenario(tmp_path, body)
    assert outcome.exit_status == 0
    assert [f"{d.line}: {d.code} {d.message}" for d in outcome.findings] == []


@pytest.mark.parametrize("body", BUGGY.values(), ids=list(BUGGY))
def test_buggy_loops_are_reported_at_the_users_call(tmp_path: Path, body: str) -> None:
    source, outcome = run_scenario(tmp_path, body)
    assert outcome.exit_status == 0
    assert {(d.line, d.code) for d in outcome.findings} == marked(source)


@pytest.mark.parametrize(("body", "error"), RAISING.values(), ids=list(RAISING))
def test_findings_come_before_torch_raises(tmp_path: Path, body: str, error: str) -> None:
    source, outcome = run_scenario(tmp_path, body)
    assert (outcome.exit_status, outcome.error) == (1, error)
    assert {(d.line, d.code) for d in outcome.findings} == marked(source)


def test_every_runtime_code_has_a_scenario() -> None:
    covered = {code for body in [*BUGGY.values(), *(b for b, _ in RAISING.values())] for _, code in marked(body)}
    assert covered == RUNTIME_CODES


def test_noqa_silences_a_runtime_finding_as_it_does_a_static_one(tmp_path: Path) -> None:
    body = BUGGY["no clear anywhere"].replace("# <- ZG101", "# noqa: ZG101")
    assert run_scenario(tmp_path, body)[1].findings == ()
    assert run_scenario(tmp_path, body.replace("ZG101", "ZG103"))[1].findings != ()


def test_findings_point_at_the_start_of_the_call(tmp_path: Path) -> None:
    source, outcome = run_scenario(tmp_path, BUGGY["clipping scaled gradients"])
    (finding,) = outcome.findings
    text = source.splitlines()[finding.line - 1]
    assert (
        text[finding.column - 1 : finding.end_column - 1] == "torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)"
    )


def test_accumulation_intent_is_learned_or_declared(tmp_path: Path) -> None:
    body = """
for i in range(8):
    (batch_loss() / 4).backward()
    if i % 4 == 3:
        opt.step()  # <- ZG101 (4 iterations' backwards, but only 2 declared)
        opt.zero_grad()
"""
    assert run_scenario(tmp_path, body)[1].findings == ()  # the static analysis sees the accumulation guard
    assert run_scenario(tmp_path, body, accumulation_steps=4)[1].findings == ()
    source, outcome = run_scenario(tmp_path, body, accumulation_steps=2)
    assert {(d.line, d.code) for d in outcome.findings} == marked(source)


TRAINER = """
import torch

class Trainer:
    def __init__(self, model, clear=True):
        self.model, self.clear = model, clear
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self, steps=3):
        for _ in range(steps):
            if self.clear:
                self.opt.zero_grad()
            self.model(torch.randn(8, 4)).pow(2).mean().backward()
            self.opt.step()
"""


def test_a_loop_inside_a_library_is_reported_at_the_users_call(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    library = tmp_path / "site-packages"
    library.mkdir()
    (library / "trainer_lib.py").write_text(TRAINER)
    monkeypatch.setattr(sites, "LIBRARY_ROOTS", (*sites.LIBRARY_ROOTS, f"{library}{os.sep}"))
    monkeypatch.setattr(sys, "path", [sys.path[0], str(library), *sys.path[1:]])  # the script's folder stays first
    sites.is_user_file.cache_clear()
    body = """
import trainer_lib
trainer_lib.Trainer(model).fit()
trainer_lib.Trainer(model, clear=False).fit()  # <- ZG101
"""
    try:
        source, outcome = run_scenario(tmp_path, body)
    finally:
        sites.is_user_file.cache_clear()
    assert {(d.line, d.code) for d in outcome.findings} == marked(source)


# -- the API in users' own loops ----------------------------------------------------------------


def make_training(seed: int = 0):
    torch.manual_seed(seed)
    model = torch.nn.Sequential(torch.nn.Linear(6, 5), torch.nn.ReLU(), torch.nn.Linear(5, 1))
    return model, torch.optim.Adam(model.parameters(), lr=0.01), torch.randn(32, 6)


def train(model, opt, data, clear: bool = True, steps: int = 5) -> None:
    for _ in range(steps):
        if clear:
            opt.zero_grad()
        model(data).pow(2).mean().backward()
        opt.step()


def test_guard_as_context_manager_collects() -> None:
    model, opt, data = make_training()
    with guard(model, opt, mode="collect") as session:
        train(model, opt, data, clear=False)
    assert [d.code for d in session.findings] == ["ZG101"]


def test_guard_warns_at_the_users_line() -> None:
    model, opt, data = make_training()
    with warnings.catch_warnings(record=True) as caught, guard(model, opt):
        warnings.simplefilter("always")
        train(model, opt, data, clear=False)
    (warning,) = [w for w in caught if issubclass(w.category, GradientLifecycleWarning)]
    assert (warning.filename, "ZG101") == (__file__, str(warning.message).split()[1])


def test_guard_raises_from_the_offending_call() -> None:
    model, opt, data = make_training()
    with pytest.raises(GradientLifecycleError) as raised, guard(model, opt, mode="raise"):
        train(model, opt, data, clear=False)
    assert raised.value.diagnostic.code == "ZG101"
    assert any(entry.name == "train" for entry in raised.traceback)  # raised inside the user's step call


def test_watch_all_as_decorator_sees_optimizers_created_inside() -> None:
    session = watch_all(mode="collect")

    @session
    def run() -> str:
        model, opt, data = make_training()
        train(model, opt, data, clear=False)
        return "done"

    assert run() == "done"
    assert [d.code for d in session.findings] == ["ZG101"]


def test_guard_ignores_optimizers_it_was_not_given() -> None:
    model, opt, data = make_training()
    other_model, other, other_data = make_training(1)
    with guard(model, opt, mode="collect") as session:
        train(model, opt, data)
        train(other_model, other, other_data, clear=False)
    assert session.findings == []


def test_guard_does_not_change_training() -> None:
    unguarded = make_training()
    train(*unguarded)
    guarded = make_training()
    with watch_all(mode="collect"):
        train(*guarded)
    for before, after in zip(unguarded[0].parameters(), guarded[0].parameters()):
        assert torch.equal(before, after)


def test_guard_keeps_no_gradient_alive() -> None:
    model, opt, data = make_training()
    with guard(model, opt, mode="collect"):
        train(model, opt, data, steps=1)
        grads = [weakref.ref(p.grad) for p in model.parameters()]
        opt.zero_grad()
        assert all(ref() is None for ref in grads)


def test_guard_restores_torch_on_exit() -> None:
    originals = (
        torch.Tensor.zero_,
        torch.optim.Optimizer.zero_grad,
        torch.nn.utils.clip_grad_norm_,
        torch.autograd.backward,
    )
    with watch_all(mode="collect"):
        assert torch.optim.Optimizer.zero_grad is not originals[1]
    assert (
        torch.Tensor.zero_,
        torch.optim.Optimizer.zero_grad,
        torch.nn.utils.clip_grad_norm_,
        torch.autograd.backward,
    ) == originals
    assert "zero_" not in vars(torch.Tensor)


def test_guard_refuses_what_it_cannot_watch() -> None:
    with pytest.raises(TypeError, match="cannot guard"), guard(object()):
        pass
    with watch_all(mode="collect"):  # and it left nothing installed behind
        pass


def test_one_guard_at_a_time() -> None:
    with watch_all(mode="collect"), pytest.raises(RuntimeError, match="already active"), watch_all():
        pass


def test_a_defeated_accumulation_is_seen_in_any_window_not_only_the_first() -> None:
    """Every window starts with a clear of applied gradients (a warm-up step came first): still ZG105."""
    model, opt, data = make_training()
    with guard(model, opt, accumulation_steps=2, mode="collect") as session:
        train(model, opt, data, steps=1)
        for i in range(6):
            opt.zero_grad()
            (model(data).pow(2).mean() / 2).backward()
            if (i + 1) % 2 == 0:
                opt.step()
    assert [d.code for d in session.findings] == ["ZG105"]
