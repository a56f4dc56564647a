"""A report and its fix name each object as the code at their line names it, not as the caller does.

The analysis keys an object by the outermost caller's spelling (`opt` for the `optimizer` of
`train(model, loader, opt)`, the construction itself for `train(model, loader, torch.optim.SGD(...))`);
a report on a line of `train` must say `optimizer`, and a fix must insert the name that is bound to
that object where it goes, or offer no fix. Each fix here is applied with `--fix`, checked again,
and the fixed script run with torch: a caller's name inserted in the helper would raise NameError. The checks run
in the module's CLI interpreter (`cli_here`), the fixed scripts one after another in the module's interpreter with
torch imported once (`ScriptInterpreter`); one fixed script runs as `python script.py` in a process of its own.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest
from conftest import REPO, CliInterpreter, cli_env

pytestmark = [pytest.mark.slow, pytest.mark.torch]  # each fixed script is run with torch

HELPER_PARAMETER = """\
import torch
from torch import nn


def train(model, loader, optimizer):
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    train(model, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(3)], opt)


main()
"""

SCALER_PARAMETER = """\
import torch
from torch import nn


def apply_update(amp_scaler, optimizer):
    optimizer.step()
    amp_scaler.update()


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    for _ in range(3):
        opt.zero_grad()
        loss = nn.functional.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 1))
        scaler.scale(loss).backward()
        apply_update(scaler, opt)


main()
"""

CLIP_HELPER = """\
import torch
from torch import nn


def clip_and_step(model, amp_scaler, optimizer, step_now):
    if step_now:
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        amp_scaler.step(optimizer)
        amp_scaler.update()


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = torch.amp.GradScaler("cpu")
    for i in range(4):
        loss = nn.functional.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 1)) / 2
        scaler.scale(loss).backward()
        clip_and_step(model, scaler, opt, (i + 1) % 2 == 0)


main()
"""

SCHEDULER_HELPER = """\
import torch
from torch import nn


def run_epoch(model, optimizer, lr_scheduler, batches):
    lr_scheduler.step()
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1)
    for _ in range(2):
        run_epoch(model, opt, sched, [(torch.randn(2, 4), torch.randn(2, 1))])


main()
"""

COUNT_HELPER = """\
import torch
from torch import nn


def forward_backward(model, x, y, accum):
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()


def main(accum_steps):
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for i in range(4):
        forward_backward(model, torch.randn(2, 4), torch.randn(2, 1), accum_steps)
        if (i + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()


main(2)
"""

CLEAR_HELPER = """\
import torch
from torch import nn


def reset(optimizer):
    optimizer.zero_grad()


def main():
    model = nn.Linear(4, 1)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(3):
        nn.functional.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 1)).backward()
        reset(opt)
        opt.step()


main()
"""

ZIPPED_SCALERS = """\
import torch
from torch import nn


def update(models, optimizers, scalers, batches):
    for x, y in batches:
        for model, optimizer, scaler in zip(models, optimizers, scalers):
            optimizer.zero_grad()
            scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()


def main():
    models = [nn.Linear(4, 1), nn.Linear(4, 1)]
    optimizers = [torch.optim.SGD(model.parameters(), lr=0.1) for model in models]
    scalers = [torch.amp.GradScaler("cpu") for _ in models]
    update(models, optimizers, scalers, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(3)])


main()
"""

STEPPED_IN_A_LOOP = """\
import torch
from torch import nn


def train(model, optimizers, batches):
    for x, y in batches:
        nn.functional.mse_loss(model(x), y).backward()
        for optimizer in optimizers:
            optimizer.step()


def main():
    model = nn.Sequential(nn.Linear(4, 4), nn.Linear(4, 1))
    optimizers = [torch.optim.SGD(model[0].parameters(), lr=0.1), torch.optim.SGD(model[1].parameters(), lr=0.1)]
    train(model, optimizers, [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(3)])


main()
"""

STEP_MODULE = """\
def train_step(model, batch, optimizer, criterion):
    inputs, targets = batch
    loss = criterion(model(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.item()
"""

METHOD_MODULE = """\
import torch

from engine import train_step


class Trainer:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self, loader):
        criterion = torch.nn.MSELoss()
        for batch in loader:
            train_step(self.model, batch, self.optimizer, criterion)
"""


# Each script path read from stdin run as `python PATH` runs it (`__main__`, its folder first on the path and the
# current one, its own modules forgotten after it), one after another in this interpreter: its exit status and error
# output written back as a JSON line.
RUNNING_SCRIPTS = """
import contextlib, io, json, os, runpy, sys, traceback
import torch  # once for every script

for line in sys.stdin:
    path = json.loads(line)
    folder = os.path.dirname(path)
    os.chdir(folder)
    sys.path.insert(0, folder)
    sys.argv = [path]
    status, errors = 0, io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(errors):
        try:
            runpy.run_path(path, run_name="__main__")
        except SystemExit as end:
            status = 0 if end.code is None else end.code if isinstance(end.code, int) else 1
        except BaseException:
            traceback.print_exc()
            status = 1
    sys.path.remove(folder)
    for name, module in list(sys.modules.items()):
        if (getattr(module, "__file__", None) or "").startswith(folder + os.sep):
            del sys.modules[name]
    print(json.dumps([status, errors.getvalue()]), flush=True)
"""


class ScriptInterpreter:
    """`python PATH` for one script after another, in one interpreter that imports torch once."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", RUNNING_SCRIPTS], cwd=REPO, env=cli_env(), text=True, start_new_session=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )

    def __call__(self, path: Path) -> tuple[int, str]:
        """The script's exit status and error output."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(str(path)) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        assert answer, "the scripts' interpreter ended"
        status, errors = json.loads(answer)
        return status, errors

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0


@pytest.fixture(scope="module")
def python_here() -> Iterator[ScriptInterpreter]:
    runs = ScriptInterpreter()
    yield runs
    runs.close()


def reports(cli: CliInterpreter, path: Path, cwd: Path) -> list[dict]:
    proc = cli("check", "--no-cache", "--format", "json", path.name, cwd=cwd)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def fixed_and_run(cli: CliInterpreter, python: ScriptInterpreter, path: Path) -> str:
    """`--fix` the file; it is then clean, and runs."""
    proc = cli("check", "--fix", "--no-cache", path.name, cwd=path.parent)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert cli("check", "--no-cache", path.name, cwd=path.parent).returncode == 0
    status, errors = python(path)
    assert status == 0, errors
    return path.read_text()


def test_a_helper_names_the_optimizer_by_its_parameter(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    script = tmp_path / "train.py"
    script.write_text(HELPER_PARAMETER)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"]) == ("ZG101", 9)
    assert report["message"].startswith("optimizer `optimizer` steps ")
    assert report["message"].endswith("Call `optimizer.zero_grad()` at the start of each iteration.")
    assert report["fix"]["applicability"] == "safe"
    assert report["fix"]["message"] == "Insert `optimizer.zero_grad()` at the start of the loop (line 6)"
    assert "    for x, y in loader:\n        optimizer.zero_grad()\n" in fixed_and_run(cli_here, python_here, script)


def test_a_closure_names_the_constructed_optimizer_by_its_free_name(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    """The buggy twin of the timm reproduction: `train_one_epoch(..., torch.optim.SGD(...), ...)` from the module."""
    name = "zg101_nested_backward_closure_steps_every_batch.py"
    script = tmp_path / name
    shutil.copy(REPO / "tests" / "data" / "real_world_cases" / name, script)
    [report] = reports(cli_here, script, tmp_path)
    assert report["code"] == "ZG101"
    assert report["message"].startswith("optimizer `optimizer` steps ")
    assert "SGD" not in report["message"] and "SGD" not in json.dumps(report["fix"])
    assert report["fix"]["applicability"] == "safe"
    assert "enumerate(loader):\n        optimizer.zero_grad()\n" in fixed_and_run(cli_here, python_here, script)


def test_the_scaler_is_written_as_the_step_names_it(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    script = tmp_path / "amp.py"
    script.write_text(SCALER_PARAMETER)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"]) == ("ZG402", 6)
    assert "Use `amp_scaler.step(optimizer)` followed by `amp_scaler.update()`." in report["message"]
    assert "    amp_scaler.step(optimizer)\n    amp_scaler.update()\n" in fixed_and_run(cli_here, python_here, script)


def test_an_unscale_and_a_clear_in_a_helper_name_its_parameters(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    """The clear after `amp_scaler.step(optimizer)` clears the optimizer, not the receiver of that step."""
    script = tmp_path / "amp_helper.py"
    script.write_text(CLIP_HELPER)
    found = {report["code"]: report for report in reports(cli_here, script, tmp_path)}
    assert found["ZG401"]["message"].endswith("Call `amp_scaler.unscale_(optimizer)` before clipping.")
    assert found["ZG101"]["message"].startswith("optimizer `optimizer` applies again ")
    assert found["ZG101"]["fix"]["message"] == "Insert `optimizer.zero_grad()` right after the step, inside its condition"
    fixed = fixed_and_run(cli_here, python_here, script)
    assert "        amp_scaler.unscale_(optimizer)\n        nn.utils.clip_grad_norm_" in fixed
    assert "        amp_scaler.step(optimizer)\n        optimizer.zero_grad()\n" in fixed


def test_the_elements_of_zipped_lists_are_named_as_the_loop_names_them(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    """An element is keyed as its list (`scalers`, `optimizers`): the cure and the fix name the loop's own targets."""
    script = tmp_path / "zipped.py"
    script.write_text(ZIPPED_SCALERS)
    found = {report["code"]: report for report in reports(cli_here, script, tmp_path)}
    assert found["ZG401"]["message"].endswith("Call `scaler.unscale_(optimizer)` before clipping.")
    assert found["ZG402"]["message"].endswith("Use `scaler.step(optimizer)` followed by `scaler.update()`.")
    assert "scalers" not in json.dumps(found["ZG401"]["fix"]) + json.dumps(found["ZG402"]["fix"])
    fixed = fixed_and_run(cli_here, python_here, script)
    assert "            scaler.unscale_(optimizer)\n            nn.utils.clip_grad_norm_" in fixed
    assert "            scaler.step(optimizer)\n            scaler.update()\n" in fixed


def test_a_list_is_no_name_for_its_elements(
    tmp_path: Path, cli_here: CliInterpreter, python_here: ScriptInterpreter
) -> None:
    """Outside the loop over `optimizers` the code has no name for one of them: the clear goes right after the step,
    where the loop's `optimizer` names it (not `optimizers.zero_grad()` at the start of the iteration)."""
    script = tmp_path / "stepped_in_a_loop.py"
    script.write_text(STEPPED_IN_A_LOOP)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"]) == ("ZG101", 9)
    assert report["message"].endswith("Call `optimizer.zero_grad()` right after the step.")
    assert report["fix"]["message"] == "Insert `optimizer.zero_grad()` right after the step"
    assert "            optimizer.step()\n            optimizer.zero_grad()\n" in fixed_and_run(cli_here, python_here, script)


def test_a_scheduler_in_a_helper_is_named_by_its_parameter(tmp_path: Path, cli_here: CliInterpreter) -> None:
    script = tmp_path / "schedule.py"
    script.write_text(SCHEDULER_HELPER)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"]) == ("ZG204", 6)
    assert "value of `lr_scheduler`'s learning-rate schedule" in report["message"]
    assert report["message"].endswith("Step the scheduler after `optimizer`'s step.")


def test_the_accumulation_count_is_divided_by_as_the_backward_names_it(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """The guard's `accum_steps` is the helper's `accum`; a helper not handed the count gets no fix."""
    script = tmp_path / "accumulate.py"
    script.write_text(COUNT_HELPER)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"]) == ("ZG501", 7)
    assert report["message"].endswith("Divide the loss: `(loss / accum)`.")
    unreached = tmp_path / "unreached.py"
    unreached.write_text(COUNT_HELPER.replace(", accum)", ")").replace(", accum_steps)", ")"))
    [report] = reports(cli_here, unreached, tmp_path)
    assert "not divided by the number of accumulated micro-batches (`accum_steps` where the step is)" in report["message"]
    assert report["fix"] is None
    proc = cli_here("check", "--fix", "--unsafe-fixes", "--no-cache", script.name, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "    (loss / accum).backward()\n" in script.read_text()


def test_a_clear_moved_out_of_a_helper_is_written_as_the_loop_names_it(tmp_path: Path, cli_here: CliInterpreter) -> None:
    script = tmp_path / "clear_helper.py"
    script.write_text(CLEAR_HELPER)
    [report] = reports(cli_here, script, tmp_path)
    assert (report["code"], report["line"], report["fix"]["applicability"]) == ("ZG102", 6, "unsafe")
    assert [edit["content"] for edit in report["fix"]["edits"]] == ["    pass\n", "        opt.zero_grad()\n"]
    proc = cli_here("check", "--fix", "--unsafe-fixes", "--no-cache", script.name, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ran = subprocess.run([sys.executable, script.name], cwd=tmp_path, env=cli_env(), capture_output=True, text=True, timeout=300)
    assert ran.returncode == 0, ran.stderr


def test_a_step_in_another_module_names_its_own_parameter_and_the_loop_its_attribute(tmp_path: Path, cli_here: CliInterpreter) -> None:
    """A method's loop hands `self.optimizer` to another module's step: the step's line says `optimizer`,
    the advice for the loop says `self.optimizer`."""
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "engine.py").write_text(STEP_MODULE)
    (tmp_path / "main.py").write_text(METHOD_MODULE)
    [report] = reports(cli_here, tmp_path / "main.py", tmp_path)
    assert (report["path"], report["line"], report["fix"]) == ("engine.py", 5, None)
    assert report["message"].startswith("optimizer `optimizer` steps ")
    assert report["message"].endswith("Call `self.optimizer.zero_grad()` at the start of each iteration.")
