"""Torch's side: hooks and wrappers that report gradient-lifecycle events to a `Lifecycle`.

What is watched, and how (DESIGN.md section 5):
- steps: the global optimizer step pre/post hooks (every optimizer, `scaler.step` included);
- backwards: `torch.autograd.backward` (which `Tensor.backward` calls) marks where each starts;
  per parameter, a post-accumulate-grad hook counts its contribution, and a grad hook
  sees a `None` `.grad` just before accumulation (a clear by `set_to_none` nobody saw);
- clears: `Optimizer.zero_grad` and `Module.zero_grad` (no hook exists), `p.grad = None`
  (a weak reference to the gradient tells when it is released, and from which line),
  `p.grad.zero_()` (`Tensor.zero_`, matched to a watched gradient by its storage);
- clipping: `clip_grad_norm_`, `clip_grad_value_`, `clip_grads_with_norm_`, `get_total_norm`;
- GradScaler: `scale`, `unscale_`, `step`, `update`; its per-optimizer stage is read from
  torch's private state behind a guard, with our own record as the fallback.
Only ids, counts and weak references are kept: no gradient tensor stays alive because of us.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable

import torch
import torch.nn.utils.clip_grad as clip_grad_module
from torch.amp import GradScaler
from torch.optim.optimizer import (
    register_optimizer_step_post_hook,
    register_optimizer_step_pre_hook,
)

from zerograd_lint.diagnostics import Diagnostic
from zerograd_lint.runtime.lifecycle import GradState, Lifecycle, Stage
from zerograd_lint.runtime.sites import Site, current_user_site

Emit = Callable[[Iterable[Diagnostic]], None]

CLIP_FUNCTIONS = ("clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_")


@dataclass(eq=False)
class WatchedParameter:
    param: weakref.ref[torch.Tensor]
    state: GradState
    handles: list[Any] = field(default_factory=list)
    grad_ref: weakref.ref[torch.Tensor] | None = None
    grad_pointer: int | None = None


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


def torch_stage(scaler: GradScaler, optimizer: torch.optim.Optimizer) -> Stage | None:
    """The scaler's stage for the optimizer as torch itself keeps it (private state; None if unreadable)."""
    try:
        if not scaler.is_enabled():
            return None  # a disabled scaler records nothing; our own record follows the protocol
        state = scaler._per_optimizer_states.get(id(optimizer))
        return Stage.READY if state is None else Stage(state["stage"].value)
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


class Probes:
    """Installs the hooks and wrappers for one guarded run, and removes them all afterwards."""

    def __init__(self, lifecycle: Lifecycle, emit: Emit, watch_everything: bool) -> None:
        self.lifecycle = lifecycle
        self.emit = emit
        self.watch_everything = watch_everything
        self._parameters: dict[int, WatchedParameter] = {}
        self._optimizers: dict[int, str] = {}  # id -> name used in messages
        self._scalers: set[int] = set()
        self._by_grad_pointer: dict[int, WatchedParameter] = {}
        self._closure_steps: dict[int, Any] = {}
        self._released: list[tuple[WatchedParameter, Site | None]] = []  # `.grad` tensors that died, not yet settled
        self._patches: list[Patch] = []
        self._hooks: list[Any] = []
        self._clearing = False  # inside a clear we already record: its inner clears are its own
        self._in_scaler_step = False

    # -- what is watched -----------------------------------------------------

    def watch_optimizer(self, optimizer: torch.optim.Optimizer, created_at: str = "") -> None:
        if id(optimizer) in self._optimizers:
            return
        self._optimizers[id(optimizer)] = f"{type(optimizer).__name__}{created_at}"
        for parameter in self._parameters_of(optimizer):
            self._watch_parameter(parameter)

    def watch_module(self, module: torch.nn.Module) -> None:
        for parameter in module.parameters():
            self._watch_parameter(parameter)

    def watch_scaler(self, scaler: GradScaler) -> None:
        self._scalers.add(id(scaler))

    @staticmethod
    def _parameters_of(optimizer: torch.optim.Optimizer) -> list[torch.Tensor]:
        return [p for group in optimizer.param_groups for p in group["params"] if p.requires_grad]

    def _keys(self, parameters: Iterable[torch.Tensor]) -> list[int]:
        return [id(p) for p in parameters]

    def _watch_parameter(self, parameter: torch.Tensor) -> None:
        if id(parameter) in self._parameters or not parameter.requires_grad:
            return
        key = id(parameter)
        watched = WatchedParameter(
            weakref.ref(parameter, lambda _: self._forget(key)),
            self.lifecycle.watch(key, parameter.grad is not None),
        )
        self._parameters[key] = watched
        self._follow_grad(watched, parameter.grad)
        watched.handles.append(parameter.register_hook(self._before_accumulation(watched)))
        watched.handles.append(parameter.register_post_accumulate_grad_hook(self._after_accumulation(watched)))

    def _forget(self, key: int) -> None:
        watched = self._parameters.pop(key, None)
        if watched is not None:
            self._by_grad_pointer.pop(watched.grad_pointer, None)  # type: ignore[arg-type]
            self.lifecycle.grads.pop(key, None)

    def _follow_grad(self, watched: WatchedParameter, grad: torch.Tensor | None) -> None:
        """Know which tensor is the `.grad` now: released means cleared; its storage identifies `zero_()`."""
        self._by_grad_pointer.pop(watched.grad_pointer, None)  # type: ignore[arg-type]
        if grad is None:
            watched.grad_ref = watched.grad_pointer = None
            return
        watched.grad_ref = weakref.ref(grad, lambda _: self._grad_released(watched))
        watched.grad_pointer = grad.data_ptr()
        self._by_grad_pointer[watched.grad_pointer] = watched

    # -- hooks ---------------------------------------------------------------

    def _before_accumulation(self, watched: WatchedParameter) -> Callable[[torch.Tensor], None]:
        def hook(_: torch.Tensor) -> None:
            if self._released:
                self._settle_releases()
            parameter = watched.param()
            if parameter is not None and parameter.grad is None:
                self.lifecycle.released(watched.state)

        return hook

    def _after_accumulation(self, watched: WatchedParameter) -> Callable[[torch.Tensor], None]:
        lifecycle = self.lifecycle

        def hook(parameter: torch.Tensor) -> None:
            watched.state.receive(lifecycle.iteration, lifecycle.scaling)
            grad = parameter.grad
            if watched.grad_ref is None or watched.grad_ref() is not grad:
                self._follow_grad(watched, grad)

        return hook

    def _grad_released(self, watched: WatchedParameter) -> None:
        """The `.grad` we followed died: `p.grad = None` (a clear) or a replacement (not one).

        This runs inside torch's setter, where touching the parameter crashes the
        interpreter: note where it happened and settle it at the next event.
        """
        if self._by_grad_pointer.get(watched.grad_pointer) is watched:  # type: ignore[arg-type]
            del self._by_grad_pointer[watched.grad_pointer]  # type: ignore[index]
        watched.grad_ref = watched.grad_pointer = None
        if not self._clearing:
            self._released.append((watched, current_user_site()))

    def _settle_releases(self) -> None:
        while self._released:
            watched, site = self._released.pop(0)
            parameter = watched.param()
            if parameter is not None and parameter.grad is None:
                self._record_clear(watched, site)

    def _record_clear(self, watched: WatchedParameter, site: Site | None) -> None:
        """A clear of one parameter's `.grad` by user code (`p.grad = None`, `p.grad.zero_()`)."""
        if site is None:
            self.lifecycle.released(watched.state)
        else:
            key = id(watched.param())
            self.lifecycle.clear([key], site, target=key)

    def _before_step(self, optimizer: torch.optim.Optimizer, args: tuple, kwargs: dict) -> None:
        self._settle_releases()
        if id(optimizer) not in self._optimizers:
            if not self.watch_everything:
                return
            self.watch_optimizer(optimizer)
        site = current_user_site()
        if site is None:
            return
        if (args[0] if args else kwargs.get("closure")) is not None:
            self._closure_steps[id(optimizer)] = site
            self.lifecycle.begin_closure_step(site, id(optimizer))
            return
        self._apply(optimizer, site)

    def _after_step(self, optimizer: torch.optim.Optimizer, args: tuple, kwargs: dict) -> None:
        self._settle_releases()
        site = self._closure_steps.pop(id(optimizer), None)
        if site is not None:
            self._apply(optimizer, site)

    def _apply(self, optimizer: torch.optim.Optimizer, site: Any) -> None:
        parameters = self._parameters_of(optimizer)
        for parameter in parameters:  # a `.grad` set to None where no release was seen (held elsewhere)
            watched = self._parameters.get(id(parameter))
            if watched is not None and parameter.grad is None:
                self.lifecycle.released(watched.state)
        name = self._optimizers[id(optimizer)]
        keys = self._keys(parameters)
        self.emit(self.lifecycle.step(id(optimizer), name, keys, site, via_scaler=self._in_scaler_step))

    # -- wrappers --------------------------------------------------------------

    @contextmanager
    def _recording_clear(self) -> Iterator[None]:
        self._clearing = True
        try:
            yield
        finally:
            self._clearing = False

    def _clear_wrapper(self, parameters_of: Callable[[Any], Iterable[torch.Tensor]]) -> Callable[[Any], Any]:
        def make(original: Any) -> Any:
            def zero_grad(owner: Any, *args: Any, **kwargs: Any) -> Any:
                if self._clearing:
                    return original(owner, *args, **kwargs)
                self._settle_releases()
                site = current_user_site()
                with self._recording_clear():
                    result = original(owner, *args, **kwargs)
                if site is not None:
                    self.lifecycle.clear(self._keys(parameters_of(owner)), site, target=id(owner))
                return result

            return zero_grad

        return make

    def _tensor_zero(self, original: Any) -> Any:
        def zero_(tensor: torch.Tensor) -> torch.Tensor:
            result = original(tensor)
            if not self._clearing and self._by_grad_pointer:
                watched = self._grad_of(tensor)
                if watched is not None:
                    self._settle_releases()
                    self._record_clear(watched, current_user_site())
            return result

        return zero_

    def _grad_of(self, tensor: torch.Tensor) -> WatchedParameter | None:
        """The watched parameter whose whole `.grad` this tensor is (or a `.data` view of)."""
        try:
            watched = self._by_grad_pointer.get(tensor.data_ptr())
        except RuntimeError:  # no storage (sparse, meta...): not a dense gradient
            return None
        if watched is None:
            return None
        parameter = watched.param()
        grad = None if parameter is None else parameter.grad
        return watched if grad is not None and grad.numel() == tensor.numel() else None

    def _clip_wrapper(self, keys_of: Callable[[list[torch.Tensor]], list[int]]) -> Callable[[Any], Any]:
        """Clipping or measuring a norm: of parameters' gradients, or of gradient tensors themselves."""

        def make(original: Any) -> Any:
            def clip(tensors: Any, *args: Any, **kwargs: Any) -> Any:
                self._settle_releases()
                tensors = [tensors] if isinstance(tensors, torch.Tensor) else list(tensors)
                site = current_user_site()
                if site is not None:
                    self.emit(self.lifecycle.clip(keys_of(tensors), site))
                return original(tensors, *args, **kwargs)

            return clip

        return make

    def _keys_of_grads(self, grads: list[torch.Tensor]) -> list[int]:
        owners = [self._grad_of(grad) for grad in grads]
        return [id(owner.param()) for owner in owners if owner is not None]

    def _backward_wrapper(self, original: Any) -> Any:
        def backward(*args: Any, **kwargs: Any) -> Any:
            self._settle_releases()
            site = current_user_site()
            if site is not None:
                self.lifecycle.backward(site)
            return original(*args, **kwargs)

        return backward

    def _optimizer_init(self, original: Any) -> Any:
        def __init__(optimizer: torch.optim.Optimizer, *args: Any, **kwargs: Any) -> None:
            original(optimizer, *args, **kwargs)
            site = current_user_site()
            self.watch_optimizer(optimizer, f" (created at line {site.line})" if site is not None else "")

        return __init__

    # -- GradScaler ------------------------------------------------------------

    def _watches(self, scaler: GradScaler) -> bool:
        return self.watch_everything or id(scaler) in self._scalers

    def _stage(self, scaler: GradScaler, optimizer: torch.optim.Optimizer) -> Stage:
        observed = torch_stage(scaler, optimizer)
        return observed if observed is not None else self.lifecycle.stage(id(scaler), id(optimizer))

    def _scale(self, original: Any) -> Any:
        def scale(scaler: GradScaler, outputs: Any) -> Any:
            if self._watches(scaler):
                self.lifecycle.scale(id(scaler))
            return original(scaler, outputs)

        return scale

    def _unscale(self, original: Any) -> Any:
        def unscale_(scaler: GradScaler, optimizer: torch.optim.Optimizer) -> Any:
            self._settle_releases()
            site = current_user_site()
            if site is not None and self._watches(scaler) and id(optimizer) in self._optimizers:
                keys = self._keys(self._parameters_of(optimizer))
                self.emit(self.lifecycle.unscale(id(scaler), id(optimizer), keys, site, self._stage(scaler, optimizer)))
            return original(scaler, optimizer)

        return unscale_

    def _scaler_step(self, original: Any) -> Any:
        def step(scaler: GradScaler, optimizer: torch.optim.Optimizer, *args: Any, **kwargs: Any) -> Any:
            self._settle_releases()
            site = current_user_site()
            watched = site is not None and self._watches(scaler)
            if watched:
                self.emit(self.lifecycle.scaler_step(id(scaler), id(optimizer), site, self._stage(scaler, optimizer)))
            self._in_scaler_step = True
            try:
                result = original(scaler, optimizer, *args, **kwargs)
            finally:
                self._in_scaler_step = False
            if watched:
                self.lifecycle.scaler_stepped(id(scaler), id(optimizer), site)
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
        if self.watch_everything:
            patch(Patch.apply(torch.optim.Optimizer, "__init__", self._optimizer_init))
        patch(Patch.apply(torch.optim.Optimizer, "zero_grad", self._clear_wrapper(self._parameters_of)))
        patch(Patch.apply(torch.nn.Module, "zero_grad", self._clear_wrapper(lambda module: module.parameters())))
        patch(Patch.apply(torch.Tensor, "zero_", self._tensor_zero))
        patch(Patch.apply(torch.autograd, "backward", self._backward_wrapper))
        for module in (torch.nn.utils, clip_grad_module):  # both names users import from
            for name in CLIP_FUNCTIONS:
                if name in vars(module):
                    patch(Patch.apply(module, name, self._clip_wrapper(self._keys)))
            if "get_total_norm" in vars(module):
                patch(Patch.apply(module, "get_total_norm", self._clip_wrapper(self._keys_of_grads)))
        patch(Patch.apply(GradScaler, "scale", self._scale))
        patch(Patch.apply(GradScaler, "unscale_", self._unscale))
        patch(Patch.apply(GradScaler, "step", self._scaler_step))
        patch(Patch.apply(GradScaler, "update", self._update))
        self._hooks.append(register_optimizer_step_pre_hook(self._before_step))
        self._hooks.append(register_optimizer_step_post_hook(self._after_step))

    def remove(self) -> None:
        for patch in reversed(self._patches):
            patch.undo()
        self._patches.clear()
        for handle in self._hooks:
            handle.remove()
        self._hooks.clear()
        for watched in self._parameters.values():
            for handle in watched.handles:
                handle.remove()
        self._parameters.clear()
        self._by_grad_pointer.clear()
