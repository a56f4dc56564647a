"""Torch's side: hooks and wrappers that report gradient-lifecycle events to a `Lifecycle`.

What is watched, and how (DESIGN.md section 5):
- steps: the global optimizer step pre/post hooks (every optimizer, `scaler.step` included);
  a closure handed to `step` is wrapped, so each of its evaluations is seen (LBFGS runs it often);
- backwards: `torch.autograd.backward` (which `Tensor.backward` calls) marks where each starts,
  and whether a DDP module runs it without synchronising (`no_sync()`). Around it, one walk
  over the watched parameters before (a `None` `.grad` that held gradients: a clear by
  `set_to_none` nobody saw) and one after: a `.grad` that is a new tensor or whose version
  counter moved received this backward's contribution. Torch calls no Python per parameter,
  and nothing reads a device value. Only when the run acts on gradients while a backward is
  still running (an optimizer stepped from a post-accumulate-grad hook) does the guard switch
  to a post-accumulate-grad hook per parameter, which sees each contribution as it lands;
- clears: `Optimizer.zero_grad` and `Module.zero_grad` (no hook exists), `p.grad = None`
  (a weak reference to the gradient tells when it is released, and from which line),
  `p.grad.zero_()` (`Tensor.zero_`, matched to a watched gradient by its storage);
- clipping: `clip_grad_norm_`, `clip_grad_value_`, `clip_grads_with_norm_`, FSDP's
  `clip_grad_norm_`, and the measuring `get_total_norm`;
- GradScaler: `scale`, `unscale_`, `step`, `update`; its per-optimizer stage is read from
  torch's private state behind a guard, with our own record as the fallback;
- optimizers built (`Optimizer.__init__`) and LR schedulers stepped (`LRScheduler.step`);
- the loss graphs kept alive across iterations (retention.py).
Only ids, counts and weak references are kept: no gradient tensor stays alive because of us.
"""

from __future__ import annotations

import functools
import operator
import sys
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import chain, compress, repeat
from typing import Any, Callable

import torch
import torch.nn.utils.clip_grad as clip_grad_module
import torch.optim.lr_scheduler as lr_scheduler_module
from torch.amp import GradScaler
from torch.optim.optimizer import (
    register_optimizer_step_post_hook,
    register_optimizer_step_pre_hook,
)

from zerograd_lint.analysis.ir.vocabulary import CLIP_ALIASES, CLIP_FUNCTIONS
from zerograd_lint.base.diagnostics import Diagnostic
from zerograd_lint.runtime.lifecycle import Lifecycle, OptimizerRecord, Stage
from zerograd_lint.runtime.names import assigned_name, step_receiver
from zerograd_lint.runtime.retention import LossGraphs
from zerograd_lint.runtime.sites import Site, current_user_site, innermost_user_frame, user_site

Emit = Callable[[Iterable[Diagnostic]], None]

# torch.nn.init's in-place initialisers (what reset_parameters() calls).
INITIALISERS = tuple(
    name for name in vars(torch.nn.init) if name.endswith("_") and not name.startswith("_") and callable(vars(torch.nn.init)[name])
)
# Steps after which an optimizer with no state is taken for a stateless one (plain SGD).
STATE_CHECKED_STEPS = 3


@dataclass(eq=False)
class WatchedParameter:
    param: weakref.ref[torch.Tensor]
    handles: list[Any] = field(default_factory=list)
    grad_ref: weakref.ref[torch.Tensor] | None = None
    released: Callable[[Any], None] = lambda _: None  # the callback of `grad_ref` (made once, not per `.grad`)
    grad_version: int = 0  # the followed `.grad`'s version counter before a backward: it moves when torch accumulates


@dataclass(frozen=True)
class StepUnderWay:
    """An optimizer's step between its pre and post hooks: its parameters are listed once."""

    site: Site
    frame: int  # id of the innermost user frame: a parent's step inside a subclass's has another
    parameters: list[torch.Tensor]
    keys: list[int]


@dataclass(frozen=True)
class Patch:
    owner: Any
    name: str
    original: Any
    owned: bool  # the attribute was the owner's own, not inherited

    @classmethod
    def apply(cls, owner: Any, name: str, make: Callable[[Any], Any]) -> Patch:
        original = getattr(owner, name)
        patch = cls(owner, name, original, name in vars(owner))
        setattr(owner, name, functools.wraps(original)(make(original)))
        return patch

    def undo(self) -> None:
        if self.owned:
            setattr(self.owner, self.name, self.original)
        else:
            delattr(self.owner, self.name)


# Per parameter, only C-level maps (no Python step per parameter): a step's parameters, those without a `.grad`.
REQUIRES_GRAD = operator.attrgetter("requires_grad")
GRAD = operator.attrgetter("grad")


def without_grad(keys: list[int], parameters: list[torch.Tensor]) -> list[int]:
    return list(compress(keys, map(operator.is_, map(GRAD, parameters), repeat(None))))


def torch_stage(scaler: GradScaler, optimizer: torch.optim.Optimizer) -> Stage | None:
    """The scaler's stage for the optimizer as torch itself keeps it (private state; None if unreadable)."""
    try:
        if not scaler.is_enabled():
            return None  # a disabled scaler records nothing; our own record follows the protocol
        state = scaler._per_optimizer_states.get(id(optimizer))
        return Stage.READY if state is None else Stage(state["stage"].value)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def has_state(optimizer: torch.optim.Optimizer) -> bool:
    """Momentum buffers, moments, step counts: what a rebuilt optimizer loses."""
    return any(not isinstance(state, dict) or len(state) > 0 for state in optimizer.state.values())


def backward_roots(args: tuple, kwargs: dict) -> list[Any]:
    """The tensors a backward starts from (a generator is left to torch: reading it would consume it)."""
    tensors = args[0] if args else kwargs.get("tensors")
    if isinstance(tensors, torch.Tensor):
        return [tensors]
    return list(tensors) if isinstance(tensors, (list, tuple)) else []


def distributed_data_parallel() -> type | None:
    if not torch.distributed.is_available():
        return None
    from torch.nn.parallel import DistributedDataParallel

    return DistributedDataParallel


def scheduler_classes() -> list[type]:
    """LRScheduler and the schedulers of torch that define their own step (not ReduceLROnPlateau: it follows a metric)."""
    base = lr_scheduler_module.LRScheduler
    return [
        kind for kind in vars(lr_scheduler_module).values()
        if isinstance(kind, type) and issubclass(kind, base) and "step" in vars(kind)
        and kind is not lr_scheduler_module.ReduceLROnPlateau
    ]


class Probes:
    """Installs the hooks and wrappers for one guarded run, and removes them all afterwards."""

    def __init__(self, lifecycle: Lifecycle, emit: Emit, watch_everything: bool) -> None:
        self.lifecycle = lifecycle
        self.emit = emit
        self.watch_everything = watch_everything
        self._parameters: dict[int, WatchedParameter] = {}
        self._optimizers: weakref.WeakKeyDictionary[torch.optim.Optimizer, OptimizerRecord] = weakref.WeakKeyDictionary()
        self._built_over: dict[int, OptimizerRecord] = {}  # parameter id -> the last optimizer built over it
        self._scalers: set[int] = set()
        self._grads_by_pointer: dict[int, WatchedParameter] | None = {}  # built when needed; None: a `.grad` moved since
        self._steps: dict[OptimizerRecord, StepUnderWay] = {}
        self._released: list[tuple[WatchedParameter, Site | None]] = []  # `.grad` tensors that died, not yet settled
        self._patches: list[Patch] = []
        self._hooks: list[Any] = []
        self._clearing = False  # inside a clear we already record: its inner clears are its own
        self._clipping = False  # inside a clip we already record
        self._in_scaler_step = False
        self._in_scheduler_step = False
        self._synchronising: list[weakref.ref[torch.nn.Module]] = []  # DDP modules (a WeakSet costs Python calls to read)
        self._state_checks: dict[OptimizerRecord, int] = {}
        self._fsdp_patched = False
        self._backwards_running = 0
        self._hooked = False  # a hook per parameter (events inside a backward) instead of the walks around it
        self.graphs = LossGraphs()

    # -- what is watched -----------------------------------------------------

    def watch_optimizer(self, optimizer: torch.optim.Optimizer, built_at: Site | None = None) -> OptimizerRecord:
        record = self._optimizers.get(optimizer)
        if record is not None:
            return record
        name = assigned_name(built_at) if built_at is not None else None
        where = f" (created at line {built_at.line})" if built_at is not None else ""
        parameters = self._parameters_of(optimizer)
        record = OptimizerRecord(
            name or f"{type(optimizer).__name__}{where}", built_at, named=name is not None,
            parameters=frozenset(self._keys(parameters)),
        )
        self._optimizers[optimizer] = record
        self._state_checks[record] = 0
        self.lifecycle.optimizer_built(record, [self._built_over.get(id(p)) for p in parameters])
        for parameter in parameters:
            self._watch_parameter(parameter)
            self._built_over[id(parameter)] = record
        return record

    def watch_module(self, module: torch.nn.Module) -> None:
        for parameter in module.parameters():
            self._watch_parameter(parameter)

    def watch_scaler(self, scaler: GradScaler) -> None:
        self._scalers.add(id(scaler))

    @staticmethod
    def _parameters_of(optimizer: torch.optim.Optimizer) -> list[torch.Tensor]:
        parameters = list(chain.from_iterable(group["params"] for group in optimizer.param_groups))
        return list(compress(parameters, map(REQUIRES_GRAD, parameters)))

    @staticmethod
    def _keys(parameters: Iterable[torch.Tensor]) -> list[int]:
        return list(map(id, parameters))

    def _watch_parameter(self, parameter: torch.Tensor) -> None:
        if id(parameter) in self._parameters or not parameter.requires_grad:
            return
        key = id(parameter)
        self.lifecycle.watch(key, parameter.grad is not None)
        watched = WatchedParameter(weakref.ref(parameter, lambda _: self._forget(key)))
        watched.released = functools.partial(self._grad_released, watched)
        self._parameters[key] = watched
        self._follow_grad(watched, parameter.grad)
        if self._hooked:
            self._hook(watched, parameter)

    def _forget(self, key: int) -> None:
        """The parameter died: its id may be reused by another one."""
        watched = self._parameters.pop(key, None)
        if watched is not None:
            self._grads_by_pointer = None
            self.lifecycle.forget(key)
        self._built_over.pop(key, None)

    def _follow_grad(self, watched: WatchedParameter, grad: torch.Tensor | None) -> None:
        """Know which tensor is the `.grad` now: released means cleared (its version is read before the next backward)."""
        self._grads_by_pointer = None
        watched.grad_ref = None if grad is None else weakref.ref(grad, watched.released)

    def _unfollow(self, keys: list[int]) -> None:
        """Before a clear we record: the `.grad` tensors it releases need no callback each (a Python call per parameter)."""
        self._grads_by_pointer = None
        for watched in filter(None, map(self._parameters.get, keys)):
            watched.grad_ref = None  # the reference dies first, so its callback never runs

    # -- arrivals: what a backward accumulated into `.grad` ---------------------
    # The two walks are the guard's only work per parameter in a plain training step: a few
    # attribute reads each, in one frame (no call per parameter).

    def _expect_arrivals(self) -> None:
        """Before a backward: each `.grad` as it is now; one found None that held gradients was cleared unseen.

        (A `.grad` no longer followed is known gone: its clear, or its release, is recorded already.)
        """
        released, followed = [], False
        for key, watched in self._parameters.items():
            parameter = watched.param()
            grad = None if parameter is None else parameter.grad
            if grad is None:
                if watched.grad_ref is not None:
                    released.append(key)
                continue
            reference = watched.grad_ref
            if reference is None or reference() is not grad:  # a `.grad` the program assigned: not a contribution
                watched.grad_ref, followed = weakref.ref(grad, watched.released), True
            watched.grad_version = grad._version
        if followed:
            self._grads_by_pointer = None
        self.lifecycle.released(released)

    def _settle_arrivals(self) -> None:
        """Since `_expect_arrivals`: a `.grad` that is a new tensor, or was written in place, received the backward's."""
        arrived, followed = [], False
        for key, watched in self._parameters.items():
            parameter = watched.param()
            grad = None if parameter is None else parameter.grad
            if grad is None:
                continue
            reference = watched.grad_ref
            if reference is None or reference() is not grad:
                watched.grad_ref, followed = weakref.ref(grad, watched.released), True
            elif grad._version == watched.grad_version:
                continue
            arrived.append(key)
        if followed:
            self._grads_by_pointer = None
        self.lifecycle.received(arrived, self.lifecycle.scaling)

    def _settle(self) -> None:
        """Before an event: bring the lifecycle up to date (arrivals of a running backward, `.grad` tensors released).

        An event inside a backward (a step from a post-accumulate-grad hook)
        would make the walk after the backward take its own in-place writes
        for contributions: from then on, a hook per parameter counts them.
        """
        if self._backwards_running and not self._hooked:
            self._settle_arrivals()
            self._hooked = True
            for watched in self._parameters.values():
                parameter = watched.param()
                if parameter is not None:
                    self._hook(watched, parameter)
        if self._released:
            self._settle_releases()

    def _hook(self, watched: WatchedParameter, parameter: torch.Tensor) -> None:
        lifecycle = self.lifecycle

        def after_accumulation(parameter: torch.Tensor) -> None:
            lifecycle.received([id(parameter)], lifecycle.scaling)
            grad = parameter.grad
            if watched.grad_ref is None or watched.grad_ref() is not grad:
                self._follow_grad(watched, grad)

        handle = parameter.register_post_accumulate_grad_hook(after_accumulation)
        watched.handles.append(handle)
        hooks = getattr(parameter, "_post_accumulate_grad_hooks", None)  # torch calls them in the dict's order
        if isinstance(hooks, dict) and handle.id in hooks:  # ours first: the program's step must find what arrived
            others = [(key, hook) for key, hook in hooks.items() if key != handle.id]
            hooks.clear()
            hooks.update([(handle.id, after_accumulation), *others])

    def _grad_released(self, watched: WatchedParameter, _: Any) -> None:
        """The `.grad` we followed died: `p.grad = None` (a clear) or a replacement (not one).

        This runs inside torch's setter, where touching the parameter crashes the
        interpreter: note where it happened and settle it at the next event.
        """
        watched.grad_ref = None
        self._grads_by_pointer = None
        # (a clear we record dropped its own parameters' references first: one released inside it is another's, unseen)
        self._released.append((watched, None if self._clearing else current_user_site()))

    def _settle_releases(self) -> None:
        while self._released:
            watched, site = self._released.pop(0)
            parameter = watched.param()
            if parameter is not None and parameter.grad is None:
                self._record_clear(watched, site)

    def _record_clear(self, watched: WatchedParameter, site: Site | None) -> None:
        """A clear of one parameter's `.grad` by user code (`p.grad = None`, `p.grad.zero_()`)."""
        key = id(watched.param())
        if site is None:
            self.lifecycle.released([key])
        else:
            self.lifecycle.clear([key], site, target=key)

    def _record_of(self, optimizer: torch.optim.Optimizer) -> OptimizerRecord | None:
        record = self._optimizers.get(optimizer)
        if record is None and self.watch_everything:
            record = self.watch_optimizer(optimizer)
        return record

    def _before_step(self, optimizer: torch.optim.Optimizer, args: tuple, kwargs: dict) -> tuple[tuple, dict] | None:
        self._settle()
        self._patch_fsdp()
        record = self._record_of(optimizer)
        site = current_user_site()
        if record is None or site is None:
            return None
        started = self._steps.get(record)
        if started is not None and started.site.position != site.position:
            return None  # a subclass's step calling its parent's: one step
        parameters = self._parameters_of(optimizer)
        step = self._steps[record] = StepUnderWay(
            site, id(innermost_user_frame(sys._getframe(1))), parameters, self._keys(parameters)
        )
        if self._state_checks.get(record) == 0 and has_state(optimizer):
            self.lifecycle.state_loaded(record)
        closure = args[1] if len(args) > 1 else kwargs.get("closure")  # args[0] is the optimizer itself
        if closure is None or self._in_scaler_step:
            self._check_step(record, step)
            return None
        self.lifecycle.begin_closure_step(site, record)
        watched = self._evaluations(closure, step.keys)
        if len(args) > 1:
            return (args[0], watched, *args[2:]), kwargs
        return args, {**kwargs, "closure": watched}

    def _evaluations(self, closure: Callable[[], Any], keys: list[int]) -> Callable[[], Any]:
        """The closure, telling the lifecycle when the optimizer evaluates it."""

        @functools.wraps(closure)
        def evaluate(*args: Any, **kwargs: Any) -> Any:
            self.lifecycle.closure_evaluation()
            result = closure(*args, **kwargs)
            self._settle()
            self.emit(self.lifecycle.closure_evaluated(keys))
            return result

        return evaluate

    def _after_step(self, optimizer: torch.optim.Optimizer, args: tuple, kwargs: dict) -> None:
        self._settle()
        record = self._optimizers.get(optimizer)
        started = self._steps.get(record) if record is not None else None
        if started is None or started.frame != id(innermost_user_frame(sys._getframe(1))):
            return  # not the step we saw start (a parent's step inside a subclass's)
        del self._steps[record]  # type: ignore[arg-type]
        if self.lifecycle.in_closure_step:
            self._check_step(record, started)  # type: ignore[arg-type]
        self.lifecycle.applied(started.keys, started.site)
        checks = self._state_checks.get(record)
        if checks is not None:
            stateful = has_state(optimizer)
            self._state_checks[record] = checks + 1
            if stateful or checks + 1 >= STATE_CHECKED_STEPS:
                del self._state_checks[record]
            self.emit(self.lifecycle.optimizer_stepped(record, has_state=stateful))
        self.emit(self.graphs.check(self.lifecycle.iteration, sys._getframe(1)))

    def _check_step(self, record: OptimizerRecord, step: StepUnderWay) -> None:
        # a `.grad` set to None where no release was seen (held elsewhere)
        self.lifecycle.released(without_grad(step.keys, step.parameters))
        self._name(record, step.site, self._in_scaler_step)
        self.emit(self.lifecycle.step(record, step.keys, step.site, via_scaler=self._in_scaler_step))

    @staticmethod
    def _name(record: OptimizerRecord, site: Site, via_scaler: bool) -> None:
        """An optimizer built where no name was written (a list, a factory) takes the name it is stepped by."""
        if not record.named:
            named = step_receiver(site, via_scaler)
            if named is not None and all(part.isidentifier() for part in named.split(".")):
                record.name, record.named = named, True

    # -- wrappers --------------------------------------------------------------

    # (`_clearing` and `_clipping` are set around the original call in place: a context manager per step costs more)

    def _clear_wrapper(self, parameters_of: Callable[[Any], Iterable[torch.Tensor]]) -> Callable[[Any], Any]:
        def make(original: Any) -> Any:
            def zero_grad(owner: Any, *args: Any, **kwargs: Any) -> Any:
                if self._clearing:
                    return original(owner, *args, **kwargs)
                self._settle()
                site = current_user_site()
                parameters = list(parameters_of(owner))
                keys = self._keys(parameters)
                self._unfollow(keys)
                self._clearing = True
                try:
                    result = original(owner, *args, **kwargs)
                finally:
                    self._clearing = False
                if site is not None:
                    self.lifecycle.clear(keys, site, target=id(owner))
                else:  # a clear no user code made: what it set to None was cleared unseen (its `.grad` no longer followed)
                    self.lifecycle.released(without_grad(keys, parameters))
                return result

            return zero_grad

        return make

    def _tensor_zero(self, original: Any) -> Any:
        def zero_(tensor: torch.Tensor) -> torch.Tensor:
            result = original(tensor)
            if not self._clearing and self._parameters:
                watched = self._grad_of(tensor)
                if watched is not None:
                    self._settle()
                    self._record_clear(watched, current_user_site())
            return result

        return zero_

    def _grad_of(self, tensor: torch.Tensor) -> WatchedParameter | None:
        """The watched parameter whose whole `.grad` this tensor is (or a `.data` view of)."""
        try:
            watched = self._grads_by_storage().get(tensor.data_ptr())
        except RuntimeError:  # no storage (sparse, meta...): not a dense gradient
            return None
        if watched is None:
            return None
        parameter = watched.param()
        grad = None if parameter is None else parameter.grad
        return watched if grad is not None and grad.numel() == tensor.numel() else None

    def _grads_by_storage(self) -> dict[int, WatchedParameter]:
        """The watched `.grad` tensors by their storage: built on the first `zero_()` or norm after one moved."""
        if self._grads_by_pointer is None:
            self._grads_by_pointer = {}
            for watched in self._parameters.values():
                parameter = watched.param()
                grad = None if parameter is None else parameter.grad
                if grad is not None:
                    try:
                        self._grads_by_pointer[grad.data_ptr()] = watched
                    except RuntimeError:  # no storage (sparse, meta...)
                        pass
        return self._grads_by_pointer

    def _clip_wrapper(self, keys_of: Callable[[list[torch.Tensor]], list[int]], clips: bool) -> Callable[[Any], Any]:
        """Clipping (`clips`) or measuring a norm: of parameters' gradients, or of gradient tensors themselves."""

        def make(original: Any) -> Any:
            def clip(tensors: Any, *args: Any, **kwargs: Any) -> Any:
                if self._clipping:  # a clip inside another (the deprecated clip_grad_norm calls clip_grad_norm_)
                    return original(tensors, *args, **kwargs)
                self._settle()
                tensors = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
                site = current_user_site()
                if site is not None:
                    self.emit(self.lifecycle.clip(keys_of(tensors), site, clips))
                self._clipping = True
                try:
                    return original(tensors, *args, **kwargs)
                finally:
                    self._clipping = False

            return clip

        return make

    def _module_clip_wrapper(self, original: Any) -> Any:
        """FSDP's `model.clip_grad_norm_(max_norm)`: clips the module's own parameters."""

        def clip_grad_norm_(module: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            if not self._clipping:
                self._settle()
                site = current_user_site()
                if site is not None:
                    self.emit(self.lifecycle.clip(self._keys(module.parameters()), site, clips=True))
            clipping, self._clipping = self._clipping, True
            try:
                return original(module, *args, **kwargs)
            finally:
                self._clipping = clipping

        return clip_grad_norm_

    def _keys_of_grads(self, grads: list[torch.Tensor]) -> list[int]:
        owners = [self._grad_of(grad) for grad in grads]
        return [id(owner.param()) for owner in owners if owner is not None]

    def _backward_wrapper(self, original: Any) -> Any:
        def backward(*args: Any, **kwargs: Any) -> Any:
            if self._backwards_running and not self._hooked:
                self._settle_arrivals()  # a backward inside a backward (reentrant checkpointing): the outer's so far
            self._settle_releases()
            site = current_user_site()
            if site is not None:
                unsynchronised = bool(self._synchronising) and self._unsynchronised()
                self.lifecycle.backward(site, unsynchronised)
                self.graphs.mark(backward_roots(args, kwargs), self.lifecycle.iteration)
            self._expect_arrivals()
            self._backwards_running += 1
            try:
                return original(*args, **kwargs)
            finally:
                self._backwards_running -= 1
                if not self._hooked:
                    self._settle_arrivals()

        return backward

    def _unsynchronised(self) -> bool:
        """Whether a DDP module runs this backward without synchronising gradients (`no_sync()`)."""
        modules, alive = [], []
        for ref in self._synchronising:
            module = ref()
            if module is not None:
                modules.append(module)
                alive.append(ref)
        self._synchronising = alive
        return any(not module.require_backward_grad_sync for module in modules)

    def _optimizer_init(self, original: Any) -> Any:
        def __init__(optimizer: torch.optim.Optimizer, *args: Any, **kwargs: Any) -> None:
            original(optimizer, *args, **kwargs)
            if self.watch_everything:
                self.watch_optimizer(optimizer, self._construction_site(optimizer))

        return __init__

    @staticmethod
    def _construction_site(optimizer: torch.optim.Optimizer) -> Site | None:
        """Where the user built it: past the `__init__` of a subclass written in user code."""
        frame = sys._getframe(2)
        while frame is not None and frame.f_code.co_name == "__init__" and frame.f_locals.get("self") is optimizer:
            frame = frame.f_back  # type: ignore[assignment]
        return user_site(frame)

    def _reset(self, tensors: Iterable[Any]) -> None:
        """Weights loaded or initialised again: a new optimizer over them starts a new run, not a rebuild."""
        for tensor in tensors:
            self._built_over.pop(id(tensor), None)

    def _load_state_dict(self, original: Any) -> Any:
        def load_state_dict(module: torch.nn.Module, *args: Any, **kwargs: Any) -> Any:
            result = original(module, *args, **kwargs)
            self._reset(module.parameters())
            return result

        return load_state_dict

    def _initialiser(self, original: Any) -> Any:
        def initialise(tensor: Any, *args: Any, **kwargs: Any) -> Any:
            self._reset([tensor])
            return original(tensor, *args, **kwargs)

        return initialise

    def _ddp_init(self, original: Any) -> Any:
        def __init__(module: torch.nn.Module, *args: Any, **kwargs: Any) -> None:
            original(module, *args, **kwargs)
            self._synchronising.append(weakref.ref(module))

        return __init__

    # -- LR schedulers -----------------------------------------------------------

    def _scheduler_step(self, original: Any) -> Any:
        def step(scheduler: Any, *args: Any, **kwargs: Any) -> Any:
            initial = getattr(scheduler, "_is_initial", getattr(scheduler, "_step_count", None) == 0)  # its constructor's
            if self._in_scheduler_step or initial:
                return original(scheduler, *args, **kwargs)
            record = self._optimizers.get(getattr(scheduler, "optimizer", None))  # type: ignore[arg-type]
            site = current_user_site()
            # `scheduler.step(epoch)`: the value is computed for that epoch, nothing is skipped (RULES.md ZG204).
            explicit_epoch = bool(args) or kwargs.get("epoch") is not None
            if record is not None and site is not None and not explicit_epoch:
                self.emit(self.lifecycle.scheduler_step(record, site))
            self._in_scheduler_step = True
            try:
                return original(scheduler, *args, **kwargs)
            finally:
                self._in_scheduler_step = False

        return step

    # -- GradScaler ------------------------------------------------------------

    def _watches(self, scaler: GradScaler) -> bool:
        return self.watch_everything or id(scaler) in self._scalers

    def _stage(self, scaler: GradScaler, optimizer: torch.optim.Optimizer, record: OptimizerRecord) -> Stage:
        observed = torch_stage(scaler, optimizer)
        return observed if observed is not None else self.lifecycle.stage(id(scaler), record)

    def _scale(self, original: Any) -> Any:
        def scale(scaler: GradScaler, outputs: Any) -> Any:
            if self._watches(scaler):
                self.lifecycle.scale(id(scaler))
            return original(scaler, outputs)

        return scale

    def _unscale(self, original: Any) -> Any:
        def unscale_(scaler: GradScaler, optimizer: torch.optim.Optimizer) -> Any:
            self._settle()
            site = current_user_site()
            record = self._optimizers.get(optimizer)
            if site is not None and self._watches(scaler) and record is not None:
                keys = self._keys(self._parameters_of(optimizer))
                stage = self._stage(scaler, optimizer, record)
                self.emit(self.lifecycle.unscale(id(scaler), record, keys, site, stage))
            return original(scaler, optimizer)

        return unscale_

    def _scaler_step(self, original: Any) -> Any:
        def step(scaler: GradScaler, optimizer: torch.optim.Optimizer, *args: Any, **kwargs: Any) -> Any:
            self._settle()
            site = current_user_site()
            record = self._record_of(optimizer)
            watched = site is not None and record is not None and self._watches(scaler)
            keys = self._keys(self._parameters_of(optimizer))
            if watched:
                self._name(record, site, via_scaler=True)  # type: ignore[arg-type]
                stage = self._stage(scaler, optimizer, record)  # type: ignore[arg-type]
                self.emit(self.lifecycle.begin_scaler_step(id(scaler), record, keys, site, stage))  # type: ignore[arg-type]
            self._in_scaler_step = True
            try:
                result = original(scaler, optimizer, *args, **kwargs)
            finally:
                self._in_scaler_step = False
            if watched:
                self.lifecycle.end_scaler_step(id(scaler), record, keys, site)  # type: ignore[arg-type]
            return result

        return step

    def _update(self, original: Any) -> Any:
        def update(scaler: GradScaler, *args: Any, **kwargs: Any) -> Any:
            result = original(scaler, *args, **kwargs)
            self.lifecycle.update(id(scaler))
            return result

        return update

    # -- install / remove --------------------------------------------------------

    def install(self) -> None:
        patch = self._patches.append
        patch(Patch.apply(torch.optim.Optimizer, "__init__", self._optimizer_init))
        patch(Patch.apply(torch.optim.Optimizer, "zero_grad", self._clear_wrapper(self._parameters_of)))
        patch(Patch.apply(torch.nn.Module, "zero_grad", self._clear_wrapper(lambda module: module.parameters())))
        patch(Patch.apply(torch.Tensor, "zero_", self._tensor_zero))
        patch(Patch.apply(torch.autograd, "backward", self._backward_wrapper))
        for module in (torch.nn.utils, clip_grad_module):  # both names users import from
            for name in sorted(CLIP_FUNCTIONS - CLIP_ALIASES):
                if name in vars(module):
                    patch(Patch.apply(module, name, self._clip_wrapper(self._keys, clips=True)))
            if "get_total_norm" in vars(module):
                patch(Patch.apply(module, "get_total_norm", self._clip_wrapper(self._keys_of_grads, clips=False)))
        patch(Patch.apply(torch.nn.Module, "load_state_dict", self._load_state_dict))
        for name in INITIALISERS:
            patch(Patch.apply(torch.nn.init, name, self._initialiser))
        for kind in scheduler_classes():
            patch(Patch.apply(kind, "step", self._scheduler_step))
        ddp = distributed_data_parallel()
        if ddp is not None:
            patch(Patch.apply(ddp, "__init__", self._ddp_init))
        self._patch_fsdp()
        patch(Patch.apply(GradScaler, "scale", self._scale))
        patch(Patch.apply(GradScaler, "unscale_", self._unscale))
        patch(Patch.apply(GradScaler, "step", self._scaler_step))
        patch(Patch.apply(GradScaler, "update", self._update))
        self._hooks.append(register_optimizer_step_pre_hook(self._before_step))
        self._hooks.append(register_optimizer_step_post_hook(self._after_step))

    def _patch_fsdp(self) -> None:
        """FSDP's own clip_grad_norm_, once the program has imported FSDP (importing it ourselves takes seconds)."""
        fsdp = sys.modules.get("torch.distributed.fsdp")
        if self._fsdp_patched or fsdp is None or not hasattr(fsdp, "FullyShardedDataParallel"):
            return
        self._patches.append(Patch.apply(fsdp.FullyShardedDataParallel, "clip_grad_norm_", self._module_clip_wrapper))
        self._fsdp_patched = True

    def remove(self) -> None:
        for patch in reversed(self._patches):
            patch.undo()
        self._patches.clear()
        self._fsdp_patched = False
        for handle in self._hooks:
            handle.remove()
        self._hooks.clear()
        for watched in self._parameters.values():
            for handle in watched.handles:
                handle.remove()
        self._parameters.clear()
        self._grads_by_pointer = {}

