"""Library summaries: what the training wrappers users really call do to the gradient lifecycle, as data.

RULES.md ("Library summaries"): a summary is a fact like a visible helper body. The IR builder
(`events.py`, `builder.py`) turns a summarised call into the events that body would give; a wrapper
with no summary stays unknown, and unknown never makes a report. Names only, no library import (the
linter runs without them): tests/test_library_summaries.py runs each library that installs beside
the pinned CPU torch (timm's scaler module, Accelerate, Lightning, ignite's Engine, NVIDIA Warp's tape) and checks
these facts against what it does to `.grad`. DeepSpeed and apex do not install on CPU: their summaries are read from
their documentation and sources, untested against the library; so are horovod's collectives (built against MPI or NCCL).
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Parameter:
    """A parameter of a summarised call: passed by one of its keywords, or at `position` (None: by keyword only)."""

    keywords: tuple[str, ...]
    position: int | None = None


@dataclass(frozen=True)
class Summary:
    """What every summarised scaled backward says: where the unscale happens, in words for the reports."""

    library: str
    clip_advice: str  # ZG401's cure for a clip of this wrapper's scaled gradients (`{scaler}`: the wrapper as written)
    steps_directly: bool  # the optimizer's own `step()` is the right step after it (ZG402 does not apply)


@dataclass(frozen=True)
class LossScalerCall(Summary):
    """`loss_scaler(loss, optimizer, clip_grad=..., parameters=..., need_update=...)`: a scaled backward of
    `loss`; then, when `update` is true (its default), an unscale and a clip when `clip` is given (not None),
    a step through the scaler and the scaler's update. The instance is recognised by its class, or, where
    its binding is not seen, by a name that says scaler (a GradScaler is not callable)."""

    classes: frozenset[str]
    loss: Parameter
    optimizer: Parameter
    clip: Parameter
    update: Parameter
    last_positional: int  # the last parameter the summary reads that may be passed by position


@dataclass(frozen=True)
class ScaledLossBlock(Summary):
    """`with amp.scale_loss(loss, optimizer) as scaled_loss: scaled_loss.backward()`: the backward of the
    name bound by the block is a scaled backward of `loss`; leaving the block unscales the optimizers'
    gradients and updates the scale, and the optimizer's own `step()` (patched by `amp.initialize`) skips
    the steps whose gradients overflowed."""

    function: str  # called on `receivers`
    receivers: frozenset[str]
    loss: Parameter
    optimizers: Parameter  # one optimizer, or a list of them


# timm.utils.NativeScaler / ApexScaler (`need_update`), and the copies vision projects keep in their utils
# (MAE, BEiT, ConvNeXt's `NativeScalerWithGradNormCount`, `update_grad`): the same lifecycle.
LOSS_SCALER = LossScalerCall(
    library="timm",
    clip_advice="pass `clip_grad=` and `parameters=` to `{scaler}(...)`, which unscales before it clips",
    steps_directly=False,
    classes=frozenset({"NativeScaler", "ApexScaler", "NativeScalerWithGradNormCount"}),
    loss=Parameter(("loss",), 0),
    optimizer=Parameter(("optimizer",), 1),
    clip=Parameter(("clip_grad",), 2),
    update=Parameter(("need_update", "update_grad")),
    last_positional=2,
)
# The word a summarised scaler's name ends with (`loss_scaler`, `self.amp_scaler`): the gate's cheap test.
LOSS_SCALER_NAME = "scaler"

SCALE_LOSS = ScaledLossBlock(
    library="apex",
    clip_advice="clip after the `with {scaler}.scale_loss(...)` block, whose exit unscales the gradients",
    steps_directly=True,
    function="scale_loss",
    receivers=frozenset({"amp", "apex.amp"}),
    loss=Parameter(("loss",), 0),
    optimizers=Parameter(("optimizers",), 1),
)

# --- torch_xla -------------------------------------------------------------------------------------

# `xm.optimizer_step(optimizer)` all-reduces the gradients across XLA replicas and steps the optimizer (no clear).
# It runs on an XLA device, where CUDA is not: a CUDA GradScaler built there warns and disables itself (its scale,
# unscale_, step and update do nothing), so nothing a scaler did is pending, or scaled, after this step.
XLA_OPTIMIZER_STEP = "torch_xla.core.xla_model.optimizer_step"
XLA_OPTIMIZER = Parameter(("optimizer",), 0)

# --- horovod ---------------------------------------------------------------------------------------

# horovod.torch's collectives are "a thin wrapper around an autograd function" (horovod/torch/mpi_ops.py): the tensor
# `hvd.allreduce(loss)` returns carries the autograd graph of the tensor it reduces, its first argument, so a meter's
# `self.sum += hvd.allreduce(val)` keeps `val`'s graph as `self.sum += val` would (ZG602).
GRAPH_KEEPING_COLLECTIVES = frozenset(
    f"{module}.{function}" for module in ("horovod.torch", "horovod.torch.mpi_ops") for function in ("allreduce", "allgather", "broadcast")
)

# --- NVIDIA Warp ------------------------------------------------------------------------------------

# `with wp.Tape() as tape:` records kernel launches; `tape.backward(loss)` adds into the `.grad` of the arrays the tape
# recorded (a backward by RULES.md's words, any receiver), as torch does; `tape.zero()`, and `tape.reset()`, which also
# forgets the launches, zero those gradients in place. Which optimizers' parameters the tape recorded is not visible
# here: a clear of unknown coverage (`events.tape_clear`).
WARP_TAPES = frozenset({"warp.Tape", "warp.tape.Tape"})
WARP_TAPE_CLEARS = frozenset({"zero", "reset"})

# --- Accelerate (and Lightning Fabric, the same calls) ---------------------------------------------

ACCELERATOR_CLASSES = frozenset({"Accelerator", "Fabric"})
# `with accelerator.accumulate(model):` sets `sync_gradients` for this micro-batch; the prepared optimizers'
# `step()` and `zero_grad()` do nothing unless it is set (`events.wrap_accelerate`).
ACCUMULATE_CONTEXT = "accumulate"
SYNC_FLAG = "sync_gradients"
# `Accelerator(gradient_accumulation_steps=N)`, or `Accelerator(gradient_accumulation_plugin=
# GradientAccumulationPlugin(num_steps=N))`: `accelerator.backward` divides the loss by N.
ACCUMULATION_STEPS_KEYWORD = "gradient_accumulation_steps"
ACCUMULATION_PLUGIN_KEYWORD = "gradient_accumulation_plugin"
PLUGIN_STEPS_KEYWORD = "num_steps"
# `accelerator.clip_grad_norm_` (and `clip_grad_value_`) unscales a GradScaler's gradients before it clips.
# `prepare()` hands back what it is given, wrapped (vocabulary.WRAPPING_CALLS).

# --- descript's audiotools -------------------------------------------------------------------------

# `ml.Accelerator(amp=...)` keeps a GradScaler as its `scaler` (a stand-in doing nothing without amp): `backward(loss)`
# is `self.scaler.scale(loss).backward()`, `step(optimizer)` is `self.scaler.step(optimizer)`, `update()` is
# `self.scaler.update()` (audiotools/ml/accelerator.py); `accel.scaler.unscale_(opt)` is the scaler's own.
AUDIOTOOLS_ACCELERATORS = frozenset({"audiotools.ml.Accelerator", "audiotools.ml.accelerator.Accelerator"})
AUDIOTOOLS_SCALER = "scaler"

# --- DeepSpeed --------------------------------------------------------------------------------

# `engine, optimizer, loader, scheduler = deepspeed.initialize(...)`: the engine's `backward(loss)` and
# `step()` are self-managed (the step clears, and accumulates by its config); names are the roles' words.
DEEPSPEED_INITIALIZE = ("engine", "optimizer", None, "scheduler")

# --- Lightning manual optimisation ----------------------------------------------------------------

# `self.manual_backward(loss)`: a backward; `self.optimizers()` hands back the configured optimizers (an optimizer
# word, names.constructor_role); the module clears (nothing clears between steps for it). Under
# `precision="16-mixed"` the backward scales and only the optimizer's `step()` unscales, so a `self.clip_gradients`
# before it clips scaled gradients (Lightning-AI/pytorch-lightning#18089, open); the precision is set where the
# Trainer is built, out of the step's sight, so the backward's scaling is unknown (plain: no ZG401 from it).
MANUAL_BACKWARD = "manual_backward"
# `self.clip_gradients(opt, gradient_clip_val=...)` of a LightningModule (and Fabric's `fabric.clip_gradients(model, opt,
# ...)`, which unscales first): a clip of the optimizer's gradients.
CLIP_GRADIENTS = "clip_gradients"
# Lightning's fit loop calls `training_step(batch, batch_idx)` of a LightningModule once per batch, `batch_idx` counting
# the epoch's batches. Under manual optimisation (`automatic_optimization` set to False, by `self.x = False`, a class
# attribute or a property) the module's backward, step and clear are all in that body and Lightning adds none: the body
# is the body of Lightning's loop, asked by the loop-carried rules as a `for` loop's (`builder.lightning_optimisation`).
LIGHTNING_MODULE = "LightningModule"
LIGHTNING_LOOP_BODY = "training_step"
MANUAL_OPTIMIZATION_FLAG = "automatic_optimization"
BATCH_INDEX_POSITION = 1  # of `training_step`'s parameters after `self`: `batch_idx`
# `self.optimizers()` hands back the optimizers `configure_optimizers` returned, as it returned them: one optimizer, or
# a plain tuple or list of them (`Resolver.configured_models`: which model each is built from).
LIGHTNING_OPTIMIZERS = "optimizers"
LIGHTNING_CONFIGURE = "configure_optimizers"
# `self.lr_schedulers()` hands back the schedulers `configure_optimizers` returned next to its optimizers (`return
# [opt_g, opt_d], [sched_g, sched_d]`), as it returned them: under manual optimisation the module steps them itself.
LIGHTNING_SCHEDULERS = "lr_schedulers"
# Under automatic optimisation (the default: `automatic_optimization` never set, or set to True) the same loop runs
# `training_step` once per batch, then in the optimizer's closure clears, backpropagates the loss it returned (a tensor,
# or the `"loss"` entry of a dict) and steps: all self-managed, the body of that loop as the Hugging Face Trainer's
# `compute_loss` is (`CallEvents.trainer_part`), so what the body keeps on `self` outlives each batch (ZG602).
LIGHTNING_LOSS_KEY = "loss"
LIGHTNING_OPTIMIZER = "self.optimizers()"  # the optimizer Lightning's loop steps and clears for the module
# A LightningModule's own methods that hand back its optimizers, schedulers or trainer's state, log, or drive the
# lifecycle: none runs the module (`opts = self.optimizers()` is no forward pass, whatever reads `len(opts)` later).
LIGHTNING_MODULE_METHODS = frozenset({
    LIGHTNING_OPTIMIZERS, LIGHTNING_SCHEDULERS, MANUAL_BACKWARD, CLIP_GRADIENTS, "toggle_optimizer", "untoggle_optimizer",
    "log", "log_dict", "print", "all_gather", "save_hyperparameters", "configure_gradient_clipping",
})

# --- PyTorch-Ignite --------------------------------------------------------------------------------

# `trainer = Engine(process_function)` (ignite.engine's `Engine`, `DeterministicEngine`), or built by a def of the
# project returning one; `trainer.run(data, max_epochs=n)` is ignite's loop (`Engine._internal_run`): the STARTED
# handlers once, then for each epoch its EPOCH_STARTED handlers, for each batch the ITERATION_STARTED handlers,
# `process_function(engine, batch)` and the ITERATION_COMPLETED handlers, then the EPOCH_COMPLETED handlers; the
# COMPLETED handlers once after. Handlers are registered by `@trainer.on(Events.X)` or
# `trainer.add_event_handler(Events.X, handler, *args)`, called with the engine first, in the order registered
# (`engine_runs.EngineRuns`).
IGNITE_PACKAGE = "ignite"
IGNITE_ENGINES = frozenset({"Engine", "DeterministicEngine"})
IGNITE_PROCESS_FUNCTION = Parameter(("process_function",), 0)  # of `Engine.__init__`
# A subclass of `Engine` (`class TranslationEngine(Engine)`) runs ignite's loop around what its `__init__` hands
# `super().__init__(...)`, which `Engine.__init__` keeps in `self._process_function`; one that sets that attribute
# itself, or overrides a method that runs the loop, fires events, calls the process function or registers handlers, is
# not ignite's run any more.
IGNITE_PROCESS_ATTRIBUTE = "_process_function"
IGNITE_LOOP_METHODS = frozenset({
    "run", "_internal_run", "_internal_run_as_gen", "_internal_run_legacy", "_run_once_on_dataset_as_gen",
    "_run_once_on_dataset_legacy", "_fire_event", "fire_event", "_handle_exception", "_maybe_terminate_or_interrupt",
    "add_event_handler", "on", "_handler_wrapper",
})
IGNITE_RUN = "run"
IGNITE_REGISTRATION = "add_event_handler"  # `(event_name, handler, *args, **kwargs)`
IGNITE_REGISTRATION_DECORATOR = "on"  # `(event_name, *args, **kwargs)`
# `Events`' members the loops run, in the order `EngineRun.loops` reads them.
IGNITE_EVENTS = ("STARTED", "EPOCH_STARTED", "ITERATION_STARTED", "ITERATION_COMPLETED", "EPOCH_COMPLETED", "COMPLETED")
# `Events.ITERATION_COMPLETED(every=n)`: the handler runs where the event's counter (`State.event_to_attr`: the engine's
# `state.iteration`, 1-based and never reset, or `state.epoch`) is a multiple of n. An event or-ed with another
# (`Events.STARTED | Events.EPOCH_STARTED`) registers the handler on each.
IGNITE_EVERY = "every"
IGNITE_EVENT_COUNTERS = {
    "EPOCH_STARTED": "epoch", "ITERATION_STARTED": "iteration", "ITERATION_COMPLETED": "iteration", "EPOCH_COMPLETED": "epoch",
}


@dataclass(frozen=True)
class SupervisedTrainer:
    """ignite's `create_supervised_trainer(model, optimizer, loss_fn, ...)`: an engine whose process function
    (`supervised_training_step`) clears the optimizer, runs the model and the loss, backpropagates and steps, once per
    batch. Read only where every argument is one that leaves that lifecycle plain (not `amp_mode`, `scaler` nor
    `gradient_accumulation_steps`, which scale or accumulate)."""

    function: str
    optimizer: Parameter
    plain: tuple[str, ...]  # the parameters, in their order, that leave the lifecycle plain


IGNITE_SUPERVISED_TRAINER = SupervisedTrainer(
    function="create_supervised_trainer",
    optimizer=Parameter(("optimizer",), 1),
    plain=(
        "model", "optimizer", "loss_fn", "device", "non_blocking", "prepare_batch", "model_transform", "output_transform",
        "deterministic",
    ),
)

# --- Backwards that take the loss as their argument -------------------------------------------------

# `accelerator.backward(loss)`, `engine.backward(loss)`, `fabric.backward(loss)`, `self.manual_backward(loss)`,
# fairseq's `optimizer.backward(loss)`, a strategy's or trainer's: the receivers' names.
LOSS_ARGUMENT_RECEIVERS = re.compile(r"accelerator|fabric|engine|optim|model|trainer|strategy|self|amp", re.I)

# --- The Hugging Face Trainer ------------------------------------------------------------------------

# `Trainer.train()` of transformers (and of trl, whose trainers derive from it) runs its inner loop once per
# micro-batch: `training_step(model, inputs)` calls `compute_loss(model, inputs)` and backpropagates the loss it returns
# (`self.accelerator.backward(loss)`, the loss divided by the accumulation steps), then the loop clips, steps the
# optimizer and clears (`model.zero_grad()`) at each accumulation boundary: self-managed, no report from its own part.
# A subclass's override of either is the body of that loop (`builder.runs_in_trainer_loop`), asked the loop-carried
# questions as a `for` loop's; a call of the library's own methods makes no event of its own, but for `training_step`
# called from a subclass's own loop (a `train` override copied from the library, LM-BFF's): a backward of the loss
# divided by the accumulation steps (`events.runs_library_training_step`), the loop's own step and clear around it.
HF_TRAINER_PACKAGES = frozenset({"transformers", "trl"})
HF_TRAINER_SUFFIX = "Trainer"  # a class of those packages named so (`Trainer`, `Seq2SeqTrainer`, `DPOTrainer`)
HF_LOSS_BODY = "compute_loss"  # its returned loss is backpropagated by the library's `training_step`
HF_STEP_BODY = "training_step"  # backpropagates itself (`self.accelerator.backward(loss)`); the loop steps and clears
HF_LOOP_BODIES = frozenset({HF_LOSS_BODY, HF_STEP_BODY})  # the overrides the Trainer's loop runs as its body
# `compute_loss(..., return_outputs=False)` returns `(loss, outputs)` where `return_outputs` is true, `loss` where it is
# false, as `training_step` calls it: the first element of a returned tuple is the loss.
HF_RETURN_OUTPUTS = "return_outputs"
HF_OPTIMIZER = "self.optimizer"  # the optimizer the Trainer's loop steps and clears

# Whose loop calls a def once per batch, as a report names it (`support.loop_named`).
LIGHTNING_LOOP = "Lightning"
HF_TRAINER_LOOP = "the Hugging Face Trainer"
