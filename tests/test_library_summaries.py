"""The library summaries (zerograd_lint/analysis/ir/summaries.py) checked against the libraries themselves.

Each test runs the real wrapper on a one-layer model on the CPU and checks what the summary says it does to
`.grad`: where the backward scales, where the unscale happens, whether it clips, steps, updates or clears.
Where a library only scales on a GPU, a CPU GradScaler stands in for the one it would build, and the
library's own code does the rest.

timm's scaler module is loaded from timm's sources without the `timm` package's `__init__` (which imports
torchvision's compiled operators: PyPI's torchvision for torch 2.13.0 is built for CUDA and does not import
on the CPU build), so timm is not in the `test` extra: its tests run where timm is installed. Accelerate,
Lightning and PyTorch-Ignite are in the extra (`pip install ".[test]"`, as `.ci/run` does). descript's
audiotools is not: it requires torchaudio (which pins its own torch) and protobuf<3.20, so its test runs where it is
installed, as timm's do. Nor is transformers (the Hugging Face Trainer's loop, `HF_*`): its test runs where it is
installed (checked with transformers 4.57.6 beside the pinned torch). A library that is not installed skips its tests
and says which. DeepSpeed, apex and
torch_xla do not install on CPU: their summaries are not tested here (torch_xla's rests on a fact of torch's, tested
below).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest
import torch

from zerograd_lint.analysis.ir.summaries import (
    AUDIOTOOLS_ACCELERATORS,
    AUDIOTOOLS_SCALER,
    HF_LOSS_BODY,
    HF_RETURN_OUTPUTS,
    IGNITE_ENGINES,
    IGNITE_EVENT_COUNTERS,
    IGNITE_EVENTS,
    IGNITE_EVERY,
    IGNITE_LOOP_METHODS,
    IGNITE_PROCESS_ATTRIBUTE,
    IGNITE_PROCESS_FUNCTION,
    IGNITE_SUPERVISED_TRAINER,
    LOSS_SCALER,
    WARP_TAPE_CLEARS,
    WARP_TAPES,
    XLA_OPTIMIZER_STEP,
    Parameter,
)
from zerograd_lint.analysis.ir.vocabulary import KEYWORD_FORWARDERS

pytestmark = pytest.mark.summaries

SCALE = 1024.0  # the stand-in GradScaler's scale: large enough that scaled and unscaled gradients differ plainly
LR = 0.1


def tiny_model() -> tuple[torch.nn.Linear, torch.Tensor, torch.Tensor]:
    torch.manual_seed(0)
    return torch.nn.Linear(4, 1), torch.randn(8, 4), torch.randn(8, 1)


def loss_of(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    return torch.nn.functional.mse_loss(model(x), y)


def true_grads(model: torch.nn.Module, x: torch.Tensor, y: torch.Tensor) -> list[torch.Tensor]:
    """The gradients of one plain backward, left out of `.grad`."""
    return [g.detach().clone() for g in torch.autograd.grad(loss_of(model, x, y), list(model.parameters()))]


def grads(model: torch.nn.Module) -> list[torch.Tensor]:
    return [p.grad.detach().clone() for p in model.parameters()]


def values(model: torch.nn.Module) -> list[torch.Tensor]:
    return [p.detach().clone() for p in model.parameters()]


def close(first: list[torch.Tensor], second: list[torch.Tensor]) -> bool:
    return all(torch.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(first, second, strict=True))


def library(name: str) -> types.ModuleType:
    """The installed library, or a skip that names it."""
    if importlib.util.find_spec(name.split(".")[0]) is None:
        pytest.skip(f"{name.split('.')[0]} is not installed (`pip install '.[test]'`)")
    return importlib.import_module(name)


def parameter_at(signature: inspect.Signature, parameter: Parameter) -> inspect.Parameter:
    """The callable's parameter the summary reads, checked to sit where the summary says."""
    names = list(signature.parameters)[1:]  # after `self`
    found = [name for name in parameter.keywords if name in names]
    assert found, f"none of {parameter.keywords} in {names}"
    if parameter.position is not None:
        assert names.index(found[0]) == parameter.position
    return signature.parameters[found[0]]


# --- timm's NativeScaler (summaries.LOSS_SCALER) ---------------------------------------------------


@pytest.fixture
def timm_cuda(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    """`timm.utils.cuda` (with the `clip_grad` and `agc` modules it imports), the packages' `__init__`s left out."""
    spec = importlib.util.find_spec("timm")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("timm is not installed (not in the `test` extra: see this module's docstring)")
    root = Path(next(iter(spec.submodule_search_locations)))
    for name, folder in (("timm", root), ("timm.utils", root / "utils")):
        package = types.ModuleType(name)
        package.__path__ = [str(folder)]
        monkeypatch.setitem(sys.modules, name, package)
    for name in ("timm.utils.agc", "timm.utils.clip_grad", "timm.utils.cuda"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return importlib.import_module("timm.utils.cuda")


def native_scaler(timm_cuda: types.ModuleType):
    loss_scaler = timm_cuda.NativeScaler(device="cpu")
    loss_scaler._scaler = torch.amp.GradScaler("cpu", init_scale=SCALE)  # a known scale
    return loss_scaler


def test_timm_scalers_take_the_summarised_parameters(timm_cuda: types.ModuleType) -> None:
    for scaler in (timm_cuda.NativeScaler, timm_cuda.ApexScaler):
        assert scaler.__name__ in LOSS_SCALER.classes
        signature = inspect.signature(scaler.__call__)
        for parameter in (LOSS_SCALER.loss, LOSS_SCALER.optimizer, LOSS_SCALER.clip):
            parameter_at(signature, parameter)
        assert parameter_at(signature, LOSS_SCALER.update).default is True  # steps unless told not to
        last = max(p.position for p in (LOSS_SCALER.loss, LOSS_SCALER.optimizer, LOSS_SCALER.clip) if p.position is not None)
        assert last == LOSS_SCALER.last_positional


def test_timm_scaler_not_updating_is_a_scaled_backward_only(timm_cuda: types.ModuleType) -> None:
    model, x, y = tiny_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    expected, before = true_grads(model, x, y), values(model)
    native_scaler(timm_cuda)(loss_of(model, x, y), optimizer, need_update=False)
    assert close(grads(model), [SCALE * g for g in expected])  # scaled, not unscaled
    assert close(values(model), before)  # no step


def test_timm_scaler_unscales_before_clipping_then_steps_and_updates(timm_cuda: types.ModuleType) -> None:
    model, x, y = tiny_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    expected, before = true_grads(model, x, y), values(model)
    norm = torch.linalg.vector_norm(torch.stack([torch.linalg.vector_norm(g) for g in expected]))
    max_norm = float(norm) / 2  # clips the true gradients by half; the scaled ones would be clipped 2048 times
    loss_scaler = native_scaler(timm_cuda)
    loss_scaler(loss_of(model, x, y), optimizer, clip_grad=max_norm, parameters=model.parameters())
    clipped = [g * (max_norm / float(norm)) for g in expected]
    assert close(grads(model), clipped)  # unscaled, then clipped
    assert close(values(model), [p - LR * g for p, g in zip(before, clipped)])  # stepped with them
    loss_scaler._scaler.unscale_(optimizer)  # the scaler was updated: a new unscale does not raise


def test_timm_scaler_clears_nothing(timm_cuda: types.ModuleType) -> None:
    model, x, y = tiny_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.0)  # the step changes nothing: the gradients stay comparable
    expected = true_grads(model, x, y)
    loss_scaler = native_scaler(timm_cuda)
    for _ in range(2):
        loss_scaler(loss_of(model, x, y), optimizer)
    # The second backward added to the first's gradients (which the first step had unscaled, and which the second
    # step's unscale divides once more): nothing cleared them.
    assert close(grads(model), [g + g / SCALE for g in expected])


# --- Accelerate -----------------------------------------------------------------------------------


@pytest.fixture
def accelerate_state():
    """Accelerate keeps its state in process-wide singletons: each test starts from none."""
    state = library("accelerate.state")
    yield
    state.AcceleratorState._reset_state(reset_partial_state=True)
    state.GradientState._reset_state()


def test_accelerate_clip_grad_norm_unscales_itself(accelerate_state: None) -> None:
    Accelerator = library("accelerate").Accelerator
    accelerator = Accelerator(mixed_precision="fp16", cpu=True)
    # On a GPU the Accelerator builds its GradScaler here; on the CPU it builds none: a CPU one stands in.
    accelerator.scaler, accelerator.native_amp = torch.amp.GradScaler("cpu", init_scale=SCALE), True
    model, x, y = tiny_model()
    expected = true_grads(model, x, y)
    accelerator.prepare(torch.optim.SGD(model.parameters(), lr=LR))  # the model unprepared: no fp16 autocast on the CPU
    accelerator.backward(loss_of(model, x, y))
    assert close(grads(model), [SCALE * g for g in expected])  # `accelerator.backward` scales
    accelerator.clip_grad_norm_(model.parameters(), 1e9)
    assert close(grads(model), expected)  # unscaled by the clip itself


def test_accelerate_accumulate_gates_the_prepared_optimizer(accelerate_state: None) -> None:
    Accelerator = library("accelerate").Accelerator
    accelerator = Accelerator(gradient_accumulation_steps=2, cpu=True)
    model, x, y = tiny_model()
    expected, before = true_grads(model, x, y), values(model)
    model, optimizer = accelerator.prepare(model, torch.optim.SGD(model.parameters(), lr=LR))
    seen = []
    for _ in range(2):
        with accelerator.accumulate(model):
            accelerator.backward(loss_of(model, x, y))
            seen.append((accelerator.sync_gradients, grads(model), values(model)))
            optimizer.step()
            optimizer.zero_grad()
            seen[-1] += (values(model), [None if p.grad is None else p.grad.clone() for p in model.parameters()])
    (sync_1, grads_1, _, after_step_1, after_clear_1), (sync_2, grads_2, _, after_step_2, after_clear_2) = seen
    assert (sync_1, sync_2) == (False, True)  # `sync_gradients`: the accumulation guard Accelerate sets
    assert close(grads_1, [g / 2 for g in expected])  # `accelerator.backward` divides by the steps
    assert close(after_step_1, before) and close(after_clear_1, grads_1)  # no step, no clear
    assert close(grads_2, expected)  # the micro-batches' sum
    assert close(after_step_2, [p - LR * g for p, g in zip(before, expected)])
    assert all(g is None for g in after_clear_2)  # the clear on the sync step


def test_accelerate_find_executable_batch_size_hands_its_keywords_after_a_batch_size() -> None:
    """`vocabulary.KEYWORD_FORWARDERS`: what the callable calls the function with (`settings.handed_chains`)."""
    forwarder = library("accelerate.utils").find_executable_batch_size
    assert "find_executable_batch_size" in KEYWORD_FORWARDERS
    calls = []

    def inner_training_loop(batch_size=None, args=None, loader=None):
        calls.append((batch_size, args, loader))

    settings = object()
    forwarder(inner_training_loop, 8)(args=settings, loader="loader")
    forwarder(function=inner_training_loop, starting_batch_size=4)(args=settings)
    assert calls == [(8, settings, "loader"), (4, settings, None)]


# --- Lightning manual optimisation ----------------------------------------------------------------


def test_lightning_manual_optimisation_backwards_steps_and_leaves_clearing_to_the_module() -> None:
    pl = library("lightning.pytorch")
    model, x, y = tiny_model()
    expected, before = true_grads(model, x, y), values(model)

    class Manual(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.layer = model
            self.automatic_optimization = False
            self.seen: list[tuple] = []

        def configure_optimizers(self):
            self.configured = torch.optim.SGD(self.parameters(), lr=LR)
            return self.configured

        def training_step(self, batch, batch_idx):
            optimizer = self.optimizers()
            self.manual_backward(loss_of(self.layer, *batch))
            held = grads(self.layer)
            optimizer.step()  # no `zero_grad()`: what Lightning leaves in `.grad` shows
            self.seen.append((optimizer.optimizer is self.configured, held, values(self.layer)))

    module = Manual()
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=len(x))
    trainer = pl.Trainer(
        max_epochs=2, accelerator="cpu", logger=False, enable_checkpointing=False, enable_progress_bar=False,
        enable_model_summary=False,
    )
    trainer.fit(module, loader)
    (same_1, held_1, after_1), (same_2, held_2, _) = module.seen
    assert same_1 and same_2  # `self.optimizers()` hands back the configured optimizer
    assert close(held_1, expected)  # `manual_backward` fills `.grad` as `loss.backward()` does
    assert close(after_1, [p - LR * g for p, g in zip(before, expected)])  # the step applies them
    stepped = torch.nn.Linear(4, 1)
    with torch.no_grad():
        for parameter, value in zip(stepped.parameters(), after_1):
            parameter.copy_(value)
    second = true_grads(stepped, x, y)  # the second backward's own gradients, at the stepped weights
    assert close(held_2, [a + b for a, b in zip(expected, second)])  # nothing cleared between the steps


def test_lightning_automatic_optimisation_backpropagates_and_steps_the_loss_entry_training_step_returns() -> None:
    """summaries.LIGHTNING_OPTIMIZER, `CallEvents.trainer_part`: under automatic optimisation Lightning's loop
    backpropagates the `"loss"` of the dict `training_step` returns and steps on it; what the module keeps of that dict
    still holds the graph (ZG602's question)."""
    pl = library("lightning.pytorch")
    model, x, y = tiny_model()
    expected, before = true_grads(model, x, y), values(model)

    class Automatic(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.layer = model
            self.kept: list[dict] = []

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=LR)

        def training_step(self, batch, batch_idx):
            log = {"loss": loss_of(self.layer, *batch), "n": len(batch[0])}
            self.kept.append(log)
            return log

    module = Automatic()
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=len(x))
    trainer = pl.Trainer(
        max_steps=1, accelerator="cpu", logger=False, enable_checkpointing=False, enable_progress_bar=False,
        enable_model_summary=False,
    )
    trainer.fit(module, loader)
    assert close(values(model), [p - LR * g for p, g in zip(before, expected)])  # the returned "loss", stepped
    assert module.kept[0]["loss"].grad_fn is not None  # the kept entry still holds its graph


def test_lightning_16_mixed_manual_backward_scales_and_only_the_step_unscales() -> None:
    """Why `manual_backward` counts as a backward of unknown scaling (summaries.MANUAL_BACKWARD): under
    `precision="16-mixed"` it scales, and `self.clip_gradients` before `opt.step()` clips scaled gradients."""
    pl = library("lightning.pytorch")
    MixedPrecision = pl.plugins.precision.MixedPrecision

    model, x, y = tiny_model()

    class Manual(pl.LightningModule):
        def __init__(self) -> None:
            super().__init__()
            self.layer = model
            self.automatic_optimization = False
            self.seen: list[list[torch.Tensor]] = []

        def configure_optimizers(self):
            return torch.optim.SGD(self.parameters(), lr=LR)

        def training_step(self, batch, batch_idx):
            optimizer = self.optimizers()
            optimizer.zero_grad()
            self.manual_backward(loss_of(self.layer, *batch))
            self.seen.append(grads(self.layer))
            self.clip_gradients(optimizer, gradient_clip_val=1e9, gradient_clip_algorithm="norm")
            self.seen.append(grads(self.layer))
            optimizer.step()
            self.seen.append(grads(self.layer))

    module = Manual()
    loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(x, y), batch_size=len(x))
    # On a GPU the plugin builds a CUDA GradScaler; on the CPU a CPU one stands in.
    precision = MixedPrecision("16-mixed", "cpu", scaler=torch.amp.GradScaler("cpu", init_scale=SCALE))
    trainer = pl.Trainer(
        max_steps=1, accelerator="cpu", plugins=[precision], logger=False, enable_checkpointing=False,
        enable_progress_bar=False, enable_model_summary=False,
    )
    trainer.fit(module, loader)
    backwarded, clipped, stepped = module.seen
    assert close(clipped, backwarded)  # the clip saw (and, with its huge threshold, kept) the gradients as they were
    assert close(backwarded, [SCALE * g for g in stepped])  # scaled until `opt.step()` unscaled them


# --- PyTorch-Ignite's Engine (summaries.IGNITE_*, engine_runs.EngineRun) ----------------------------------------------


def test_ignite_engine_runs_its_handlers_around_the_process_function_in_the_summarised_order() -> None:
    engine_module = library("ignite.engine")
    order: list[str] = []
    handed: list[bool] = []

    def process(engine, batch):
        handed.append(isinstance(engine, engine_module.Engine))  # the engine first, then the batch
        order.append("process")

    trainer = engine_module.Engine(process)
    for event in IGNITE_EVENTS:
        trainer.add_event_handler(getattr(engine_module.Events, event), lambda engine, event=event: order.append(event))
    trainer.run([0, 1], max_epochs=2)
    started, epoch_started, iteration_started, iteration_completed, epoch_completed, completed = IGNITE_EVENTS
    iteration = [iteration_started, "process", iteration_completed]
    epoch = [epoch_started, *iteration, *iteration, epoch_completed]
    assert order == [started, *epoch, *epoch, completed]
    assert all(handed)
    signature = inspect.signature(engine_module.Engine.__init__)
    assert parameter_at(signature, IGNITE_PROCESS_FUNCTION).name == "process_function"
    assert list(inspect.signature(engine_module.Engine.add_event_handler).parameters)[1:3] == ["event_name", "handler"]
    assert set(IGNITE_ENGINES) <= set(dir(engine_module))


def test_ignite_epoch_started_scheduler_steps_before_the_first_optimizer_step() -> None:
    """ZG204's premise for an EPOCH_STARTED handler: torch sees the scheduler step before any optimizer step."""
    engine_module = library("ignite.engine")
    model, x, y = tiny_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)

    def update(engine, batch):
        optimizer.zero_grad()
        loss_of(model, x, y).backward()
        optimizer.step()

    trainer = engine_module.Engine(update)
    trainer.add_event_handler(engine_module.Events.EPOCH_STARTED, lambda engine: scheduler.step())
    with pytest.warns(UserWarning, match=r"lr_scheduler.step\(\)` before `optimizer.step\(\)"):
        trainer.run([0], max_epochs=1)


def test_ignite_every_filter_runs_a_handler_where_the_engine_counter_is_a_multiple() -> None:
    """`Events.ITERATION_COMPLETED(every=n)` runs where `state.iteration` (1-based, counted across epochs) is a multiple of
    n, `Events.EPOCH_COMPLETED(every=n)` where `state.epoch` is (engine_runs.every_nth); an or of events registers the
    handler on each (engine_runs.fired_on)."""
    engine_module = library("ignite.engine")
    events = engine_module.Events
    seen: list[tuple[str, int, int]] = []
    trainer = engine_module.Engine(lambda engine, batch: None)
    for event in IGNITE_EVENT_COUNTERS:
        filtered = getattr(events, event)(**{IGNITE_EVERY: 2})
        trainer.add_event_handler(filtered, lambda engine, event=event: seen.append((event, engine.state.iteration, engine.state.epoch)))
    trainer.add_event_handler(events.STARTED | events.EPOCH_STARTED, lambda engine: seen.append(("or", engine.state.iteration, engine.state.epoch)))
    trainer.run([0, 1, 2], max_epochs=4)
    for event, counter in IGNITE_EVENT_COUNTERS.items():
        counted = [(iteration, epoch) for name, iteration, epoch in seen if name == event]
        values = [iteration if counter == "iteration" else epoch for iteration, epoch in counted]
        assert values and all(value % 2 == 0 for value in values)
        assert len(values) == (12 // 2 if counter == "iteration" else 4 // 2)
        assert engine_module.State.event_to_attr[getattr(events, event)] == counter
    assert [(iteration, epoch) for name, iteration, epoch in seen if name == "or"] == [(0, 0), (0, 1), (3, 2), (6, 3), (9, 4)]


def test_ignite_engine_subclass_calls_what_its_init_hands_super_with_the_engine() -> None:
    """An `Engine` subclass's process function is what `__init__` hands `super().__init__` (engine_runs.subclass_process):
    a static method gets the engine first, a bound method the engine after its own `self`, which is the engine too;
    the methods a subclass overriding makes its run unknown (`IGNITE_LOOP_METHODS`) are the real engine's, and among
    them every one that fires events or calls the process function."""
    engine_module = library("ignite.engine")
    seen: list[tuple[object, ...]] = []

    class StaticEngine(engine_module.Engine):
        def __init__(self, func, optimizer):
            self.optimizer = optimizer
            super().__init__(func)

        @staticmethod
        def update(engine, batch):
            seen.append((engine, engine.optimizer))

    class BoundEngine(engine_module.Engine):
        def __init__(self, optimizer):
            self.optimizer = optimizer
            super().__init__(self._update)

        def _update(self, engine, batch):
            seen.append((self, engine))

    optimizer = object()
    static = StaticEngine(StaticEngine.update, optimizer)
    static.run([0], max_epochs=1)
    bound = BoundEngine(optimizer)
    bound.run([0], max_epochs=1)
    assert seen == [(static, optimizer), (bound, bound)]
    assert inspect.getattr_static(bound, IGNITE_PROCESS_ATTRIBUTE) == bound._update  # kept by `Engine.__init__`
    methods = dict(inspect.getmembers(engine_module.Engine, inspect.isfunction))
    assert IGNITE_LOOP_METHODS <= methods.keys()
    running = {name for name, method in methods.items() if re.search(r"_fire_event\(|_process_function\(", inspect.getsource(method))}
    assert running <= IGNITE_LOOP_METHODS


def test_ignite_supervised_trainer_clears_backwards_and_steps_once_per_batch() -> None:
    engine_module = library("ignite.engine")
    model, x, y = tiny_model()
    optimizer = torch.optim.SGD(model.parameters(), lr=LR)
    before: list[list[torch.Tensor]] = []
    after: list[tuple[list[torch.Tensor], list[torch.Tensor]]] = []  # (`.grad`, the weights) once the update ran
    trainer = engine_module.create_supervised_trainer(model, optimizer, torch.nn.functional.mse_loss)
    trainer.add_event_handler(engine_module.Events.ITERATION_STARTED, lambda engine: before.append(values(model)))
    trainer.add_event_handler(engine_module.Events.ITERATION_COMPLETED, lambda engine: after.append((grads(model), values(model))))
    trainer.run([(x, y), (x, y)], max_epochs=1)
    for weights, (held, stepped) in zip(before, after, strict=True):
        at_weights = torch.nn.Linear(4, 1)
        with torch.no_grad():
            for parameter, value in zip(at_weights.parameters(), weights):
                parameter.copy_(value)
        assert close(held, true_grads(at_weights, x, y))  # this batch's gradients only: cleared before its backward
        assert close(stepped, [p - LR * g for p, g in zip(weights, held)])  # and applied by one step
    parameters = list(inspect.signature(engine_module.create_supervised_trainer).parameters)
    assert parameters[: len(IGNITE_SUPERVISED_TRAINER.plain)] == list(IGNITE_SUPERVISED_TRAINER.plain)
    assert parameters[IGNITE_SUPERVISED_TRAINER.optimizer.position] in IGNITE_SUPERVISED_TRAINER.optimizer.keywords
    assert {"amp_mode", "scaler", "gradient_accumulation_steps"} <= set(parameters) - set(IGNITE_SUPERVISED_TRAINER.plain)


# --- torch_xla's `xm.optimizer_step` (summaries.XLA_OPTIMIZER_STEP) -------------------------------------

XLA_HOST = """
import warnings
import torch

warnings.simplefilter("ignore")  # torch warns that it disables the scaler, and of the deprecated spelling
for build in (torch.cuda.amp.GradScaler, lambda: torch.amp.GradScaler("cuda"), lambda: torch.amp.GradScaler("cpu")):
    model = torch.nn.Linear(2, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scaler = build()
    scaler.scale(model(torch.ones(1, 2)).sum()).backward()
    held = [p.grad.tolist() for p in model.parameters()]
    scaler.unscale_(optimizer)
    optimizer.step()  # the update is skipped, as on the path that steps through torch_xla
    try:
        scaler.unscale_(optimizer)
        outcome = "unscaled again"
    except RuntimeError:
        outcome = "raised"
    print(scaler.is_enabled(), held, outcome)
"""


@pytest.mark.slow  # a subprocess of its own, importing torch with CUDA hidden: about 6 s
def test_cuda_scaler_off_cuda_is_disabled_so_nothing_of_it_is_pending_after_an_xla_step() -> None:
    """The fact the summary rests on: on an XLA device's host CUDA is not, and a CUDA GradScaler built there disables
    itself: it scales nothing and its second `unscale_` with no `update()` does not raise. The CPU's own scaler, which
    is enabled, stands beside it: its second `unscale_` raises (ZG403's reason). Run with no CUDA device visible, so
    the test reads the same on a GPU machine."""
    assert XLA_OPTIMIZER_STEP == "torch_xla.core.xla_model.optimizer_step"
    run = subprocess.run(
        [sys.executable, "-c", XLA_HOST], env={**os.environ, "CUDA_VISIBLE_DEVICES": ""}, capture_output=True, text=True, check=True
    )
    cuda, cuda_default, cpu = run.stdout.splitlines()
    plain = "[[1.0, 1.0]], [1.0]]"
    assert cuda == cuda_default == f"False [{plain} unscaled again"
    assert cpu.startswith("True [[[65536.0, 65536.0]], [65536.0]]") and cpu.endswith("raised")


# --- NVIDIA Warp's tape (summaries.WARP_TAPES, WARP_TAPE_CLEARS) -------------------------------------------------

WARP_HOST = """
import sys
import numpy as np
import warp as wp

wp.config.kernel_cache_dir = sys.argv[1]
wp.init()


@wp.kernel
def square_sum(x: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, x[i] * x[i])


x = wp.array(np.array([1.0, 2.0], dtype=np.float32), dtype=float, requires_grad=True, device="cpu")
for clear in sys.argv[2:]:
    for _ in range(2):
        loss = wp.zeros(1, dtype=float, requires_grad=True, device="cpu")
        with wp.Tape() as tape:
            wp.launch(square_sum, dim=2, inputs=[x, loss], device="cpu")
        tape.backward(loss)
        print("grad", x.grad.numpy().tolist())
    getattr(tape, clear)()
    print("grad", clear, x.grad.numpy().tolist())
"""


@pytest.mark.slow  # a subprocess of its own, compiling a Warp kernel: about 10 s
def test_warp_tape_backward_adds_into_grad_and_zero_or_reset_clears_it(tmp_path: Path) -> None:
    """What the summary says of Warp's tape: `tape.backward(loss)` adds into `.grad` as torch's backward does (two
    backwards without a clear sum), and each of `WARP_TAPE_CLEARS` zeroes the gradients in place (not None)."""
    warp = library("warp")
    assert any(origin.rsplit(".", 1)[-1] == "Tape" and getattr(warp, "Tape", None) is not None for origin in WARP_TAPES)
    host = tmp_path / "warp_host.py"  # a file: Warp reads a kernel's source
    host.write_text(WARP_HOST)
    run = subprocess.run(
        [sys.executable, str(host), str(tmp_path / "kernels"), *sorted(WARP_TAPE_CLEARS)], capture_output=True, text=True, check=True
    )
    grads = [line.removeprefix("grad ") for line in run.stdout.splitlines() if line.startswith("grad ")]  # not Warp's own lines
    assert grads == [line for clear in sorted(WARP_TAPE_CLEARS) for line in ("[2.0, 4.0]", "[4.0, 8.0]", f"{clear} [0.0, 0.0]")]


# --- descript's audiotools (summaries.AUDIOTOOLS_ACCELERATORS) ------------------------------------------------------


def test_audiotools_accelerator_backward_step_and_update_are_its_scalers() -> None:
    """What the summary says of audiotools' `ml.Accelerator`: `backward(loss)` scales the loss with its `scaler` and
    backpropagates it, `step(optimizer)` steps through the scaler, `update()` updates it; without amp the scaler is a
    stand-in, so the backward still writes `.grad` and the step applies it."""
    if importlib.util.find_spec("audiotools") is None:
        pytest.skip("audiotools is not installed (not in the `test` extra: see this module's docstring)")
    ml = importlib.import_module("audiotools.ml")
    for origin in AUDIOTOOLS_ACCELERATORS:
        module, _, name = origin.rpartition(".")
        assert getattr(importlib.import_module(module), name) is ml.Accelerator
    scaler = f"self.{AUDIOTOOLS_SCALER}"
    assert f"{scaler}.scale(loss).backward()" in inspect.getsource(ml.Accelerator.backward)
    assert f"{scaler}.step(optimizer)" in inspect.getsource(ml.Accelerator.step)
    assert f"{scaler}.update()" in inspect.getsource(ml.Accelerator.update)
    accel = ml.Accelerator(amp=False)
    weight = torch.nn.Parameter(torch.ones(2))
    optimizer = torch.optim.SGD([weight], lr=1.0)
    accel.backward((weight * 2).sum())
    assert weight.grad.tolist() == [2.0, 2.0]
    accel.step(optimizer)
    accel.update()
    assert weight.detach().tolist() == [-1.0, -1.0]


# --- The Hugging Face Trainer (summaries.HF_*) ----------------------------------------------------


class PairModel(torch.nn.Module):
    """A one-layer model as the Trainer calls it: the batch's entries as keywords, the loss in the output dict."""

    def __init__(self, layer: torch.nn.Module) -> None:
        super().__init__()
        self.layer = layer

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> dict[str, torch.Tensor]:
        return {"loss": loss_of(self.layer, x, y)}


def test_hf_trainer_backpropagates_what_compute_loss_returns_divided_then_steps_and_clears(tmp_path: Path) -> None:
    """The Trainer's loop runs the override `compute_loss` once per micro-batch (`training_step` calls it as
    `return_outputs` false), backpropagates the loss it returns divided by the accumulation steps, and at each boundary
    steps `self.optimizer` and clears: what `events.trainer_part` gives at the override's `return`. transformers is not
    in the `test` extra (see this module's docstring): the test runs where it is installed."""
    if importlib.util.find_spec("transformers") is None:
        pytest.skip("transformers is not installed (not in the `test` extra: see this module's docstring)")
    transformers = importlib.import_module("transformers")
    model, x, y = tiny_model()
    accumulation = 2
    expected = true_grads(model, x, y)

    assert HF_LOSS_BODY in inspect.getsource(transformers.Trainer.training_step)  # `training_step` calls the override
    assert HF_RETURN_OUTPUTS in inspect.signature(transformers.Trainer.compute_loss).parameters
    assert list(inspect.signature(transformers.Trainer.training_step).parameters)[1:3] == ["model", "inputs"]

    class Recording(transformers.Trainer):
        seen: list[tuple[bool, list[torch.Tensor] | None]] = []

        def compute_loss(self, model, inputs, return_outputs=False, num_items_in_batch=None):
            held = [p.grad.detach().clone() for p in model.parameters()] if all(p.grad is not None for p in model.parameters()) else None
            self.seen.append((return_outputs, held))
            outputs = model(**inputs)
            return (outputs["loss"], outputs) if return_outputs else outputs["loss"]

    steps: list[list[torch.Tensor]] = []
    data = [{"x": x, "y": y}] * (2 * accumulation)
    args = transformers.TrainingArguments(
        output_dir=str(tmp_path), per_device_train_batch_size=1, gradient_accumulation_steps=accumulation, max_steps=2,
        learning_rate=LR, lr_scheduler_type="constant", report_to=[], save_strategy="no", use_cpu=True,
        max_grad_norm=None, optim="sgd", disable_tqdm=True,
    )
    trainer = Recording(model=PairModel(model), args=args, train_dataset=data, data_collator=lambda batch: batch[0])
    trainer.create_optimizer()
    trainer.optimizer.register_step_pre_hook(lambda optimizer, *_: steps.append([p.grad.detach().clone() for p in model.parameters()]))
    trainer.train()
    assert len(Recording.seen) == 2 * accumulation and not any(flag for flag, _ in Recording.seen)  # once per micro-batch
    assert len(steps) == 2  # one step per `accumulation` micro-batches
    # The first micro-batch's backward adds grad/accumulation; the step sees the window's sum, then `.grad` is cleared.
    assert close(Recording.seen[1][1], [g / accumulation for g in expected])
    assert close(steps[0], expected)
    after_step = Recording.seen[accumulation][1]
    assert after_step is None or all(not g.any() for g in after_step)
