"""Calls recognised as lifecycle events: backward, step, clear, clip, unscale, a scheduler's step, an optimizer built."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

import libcst as cst

from zerograd_lint.analysis.ir import state_events
from zerograd_lint.analysis.ir.build_records import agreed
from zerograd_lint.analysis.ir.clearing_step import clears_each_gradient
from zerograd_lint.analysis.ir.conditions import condition_of, literal_of
from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.index import Container, SameFileView, suites
from zerograd_lint.analysis.ir.inlining import locals_of
from zerograd_lint.analysis.ir.library_classes import derives_from_trainer
from zerograd_lint.analysis.ir.names import Role, assigned_names, code_of, constructor_role, dotted_name, last_name, words
from zerograd_lint.analysis.ir.patches import patched_methods, reaches_patched
from zerograd_lint.analysis.ir.nodes import (
    Accumulate,
    AssertedNoGrad,
    Backward,
    Block,
    Branch,
    Clear,
    ClearTarget,
    Clip,
    Event,
    Freeze,
    GradAccess,
    GradWrite,
    Guard,
    Inlined,
    NewScaler,
    NextElement,
    NextParameter,
    Node,
    OptimizerBuilt,
    Put,
    SchedulerStep,
    StateLoad,
    Step,
    Unscale,
    Update,
    events_in,
)
from zerograd_lint.analysis.ir.roles import Resolver, tuple_elements, value_role
from zerograd_lint.analysis.ir.summaries import (
    ACCELERATOR_CLASSES,
    ACCUMULATE_CONTEXT,
    ACCUMULATION_PLUGIN_KEYWORD,
    ACCUMULATION_STEPS_KEYWORD,
    AUDIOTOOLS_ACCELERATORS,
    AUDIOTOOLS_SCALER,
    CLIP_GRADIENTS,
    GRAPH_KEEPING_COLLECTIVES,
    HF_LOSS_BODY,
    HF_OPTIMIZER,
    HF_RETURN_OUTPUTS,
    HF_STEP_BODY,
    LIGHTNING_LOOP,
    LIGHTNING_LOSS_KEY,
    LIGHTNING_OPTIMIZER,
    LOSS_ARGUMENT_RECEIVERS,
    LOSS_SCALER,
    MANUAL_BACKWARD,
    PLUGIN_STEPS_KEYWORD,
    SCALE_LOSS,
    SYNC_FLAG,
    WARP_TAPE_CLEARS,
    WARP_TAPES,
    XLA_OPTIMIZER,
    XLA_OPTIMIZER_STEP,
    Parameter,
)
from zerograd_lint.analysis.ir.visiting import nodes_of, visit
from zerograd_lint.analysis.ir.vocabulary import (
    CLIP_FUNCTIONS, CLOSURE_REEVALUATING_OPTIMIZERS, COUNTER_WORDS, GET_SCALE, NORM_FUNCTIONS, TENSOR_FACTORIES,
    TENSOR_REDUCTIONS,
)

if TYPE_CHECKING:
    from zerograd_lint.analysis.ir.builder import Context
    from zerograd_lint.analysis.project import Project

CLEAR_HELPER = re.compile(r"zero_?grad|clear_?grad|reset_?grad", re.IGNORECASE)
DISTRIBUTED_AUTOGRAD = re.compile(r"(^|\.)(dist_autograd|distributed\.autograd)$")
# The lifecycle methods a project's own optimizer wrapper defines, each with the event its body must make to be
# one that delegates (`wrapper_method`).
WRAPPER_LIFECYCLE_METHODS: Mapping[str, type[Event]] = {"backward": Backward, "step": Step, "zero_grad": Clear}


@for_one_file
def scales_as_summarised(method: cst.FunctionDef) -> bool:
    """Whether a scaler's `__call__` makes the events of `summaries.LOSS_SCALER` and no other lifecycle event: a
    backward of a `scale(...)`, a `step(...)` and an `update()` of an attribute of `self` (its GradScaler), a clip
    only after an `unscale_`; no other backward or step, no clear (by a call's name, or of a `.grad`), no method of
    its own. Read in the order of the code: a clip written before any unscale is not the summary's."""
    scaled = stepped = updated = unscaled = False
    for call in nodes_of(method.body, cst.Call):
        func = call.func
        name = last_name(func) or ""
        receiver = func.value if isinstance(func, cst.Attribute) else None
        on_own_attribute = isinstance(receiver, cst.Attribute) and code_of(receiver.value) == "self"
        if name == "unscale_":
            unscaled = True
        elif "clip_grad" in name and not unscaled:
            return False
        elif name == "backward":
            if not (isinstance(receiver, cst.Call) and last_name(receiver.func) == "scale"):
                return False
            scaled = True
        elif name == "step":
            if not (on_own_attribute and call.args):
                return False
            stepped = True
        elif name == "update" and on_own_attribute and not call.args:
            updated = True
        elif CLEAR_HELPER.search(name) or (name == "zero_" and ".grad" in code_of(receiver or func)):
            return False
        elif isinstance(receiver, cst.Name) and receiver.value == "self":
            return False  # a method of its own: what it does is not the summary's to say
    grads_written = any(
        isinstance(target.target, cst.Attribute) and target.target.attr.value == "grad"
        for assign in nodes_of(method.body, cst.Assign) for target in assign.targets
    )
    return scaled and stepped and updated and not grads_written


# How many helpers' returns or flags' bindings a test is followed through: a few, as the helpers of a step are.
GUARD_FOLLOWED = 3


def guard_of(test: cst.BaseExpression, resolver: Resolver, depth: int = 0) -> Guard:
    """A counter test marks gradient accumulation; anything else is some other condition.

    A flag is judged by what it is bound to: `need_update = (i + 1) % n == 0`; a few bindings deep only, since
    a toggle is bound to itself (`flag = not flag`).
    """
    text = code_of(test)
    if "%" in text or COUNTER_WORDS.search(text.lower()) or "==len(" in text:
        return Guard.COUNTER
    if depth >= GUARD_FOLLOWED:
        return Guard.OTHER
    flag = test.expression if isinstance(test, cst.UnaryOperation) else test
    if isinstance(flag, cst.Call):  # `if self.is_update_step(step):` tests what the helper of the file returns
        returned = resolver.returned_expressions(flag)
        return Guard.COUNTER if returned and all(guard_of(r, resolver, depth + 1) is Guard.COUNTER for r in returned) else Guard.OTHER
    bound = resolver.value_of(flag) if isinstance(flag, (cst.Name, cst.Attribute)) else None
    if bound is not None and bound is not flag and not isinstance(bound, (cst.Name, cst.Attribute)):
        return guard_of(bound, resolver, depth + 1)
    return Guard.OTHER


class CallEvents:
    """The events of one call (`call`), and of what an assignment builds.

    Mixed into `builder.Builder`, which holds the state (its `__init__`), hands each call of its
    statement walk here and makes the events (`event`); helpers are inlined by `inlining.Inlining`.
    """

    def optimizer_key(self, node: cst.BaseExpression, resolver: Resolver) -> str:
        key = resolver.canonical(node)
        self.note_models(key, resolver.optimizer_models(node), resolver)
        collection = resolver.collection_of(node)
        if collection is not None:  # `opt` in `for opt in optimizers:`: each element in turn
            elements = resolver.elements_of(collection)
            held = frozenset(elements)
            agreed(self.own.containers, key, held, frozenset())
            for element_key, element in elements.items():  # what each element is built from
                if isinstance(element, (cst.Name, cst.Attribute)):
                    self.note_models(element_key, resolver.optimizer_models(element), resolver)
                elif isinstance(element, cst.Call) and value_role(element) is Role.OPTIMIZER:
                    self.note_models(element_key, resolver.construction_models(element), resolver)
        built = resolver.value_of(node)
        if isinstance(built, cst.Call) and key not in self.own.derived:
            sources = {resolver.canonical(a.value) for a in built.args if resolver.role(a.value) is Role.OPTIMIZER}
            self.own.derived[key] = frozenset(sources - {key})
        return key

    def note_models(self, key: str, models: frozenset[str], resolver: Resolver) -> None:
        """The model the optimizer keyed `key` is built from, where this place shows it, in the build's record: apart
        for a local of the root being built (a local name is local to its function: another function's `optimizer` is
        another optimizer), which the file's view never takes (`self.optimizer`, built in `__init__`, stepped in
        `train`, is one optimizer for every root)."""
        self.record_constructions(models, resolver)
        root = self.building
        local = isinstance(root, cst.FunctionDef) and key.isidentifier() and key in locals_of(root)
        if models:
            agreed(self.own.local_models if local else self.own.models, key, models, frozenset())  # unknown: built apart

    def record_constructions(self, models: Iterable[str], resolver: Resolver) -> None:
        for model in models:
            agreed(self.own.built_from, model, resolver.construction_reads(model), None)  # None: not known

    def call(self, call: cst.Call, context: Context) -> list[Node]:
        """The events of one call, its arguments' events already emitted."""
        func = call.func
        resolver = context.resolver
        positional = [a.value for a in call.args if a.keyword is None and not a.star]
        if (stepped := self.xla_step(call, context)) is not None:
            return stepped
        if self.runs_a_mock(call, context):
            return self.unknown_call(call, context)
        if type(func) is cst.Name:
            return self.named_call(call, func, context)
        if type(func) is cst.Subscript:
            return self.chosen_from_table(call, func, context) or []
        if not isinstance(func, cst.Attribute):
            return []
        attr, receiver = func.attr.value, func.value
        if attr in WRAPPER_LIFECYCLE_METHODS and (wrapped := self.wrapper_method(call, receiver, attr, context)) is not None:
            return wrapped
        if attr == "backward":
            own = self.method_of_self(attr, context) if code_of(receiver) == "self" else None
            if own is not None:  # a model class's own `backward()` (CycleGAN's): what its body does
                return self.inline_call(call, own, context, drop_self=True)
            # the vocabulary's `fabric.backward(loss)`, and an optimizer's own (fairseq's and apex's FP16 optimizers: the
            # scaling its `backward` applies its `step` takes back, so its body alone would read as a scaled backward)
            known = resolver.role(receiver) in {Role.ENGINE, Role.ACCELERATOR, Role.OPTIMIZER}
            if not known and (on_instance := self.inline_on_instance(call, receiver, attr, context)):
                return on_instance  # `stage.backward(inputs, outputs, grads)` of a project class: its body, not a loss's
            scaler = self.audiotools_scaler(receiver, context)
            if scaler is not None and positional:
                return [self.event(Backward, call, scaled=True, scaler=scaler, normalises=False, loss=positional[0], scope=context.function)]
            return self.backward(call, receiver, positional, context)
        if attr == MANUAL_BACKWARD and positional:
            return [self.event(Backward, call, scaled=False, scaler=None, normalises=False, loss=positional[0], scope=context.function)]
        if attr == "zero_grad":
            return self.own_zero_grad(call, receiver, context) or self.wrap_accelerate(self.zero_grad(call, receiver, context), context)
        if attr == "step":
            return self.step(call, receiver, positional, context)
        if attr in {"unscale_", "update"} and (scaling := self.scaler_method(call, attr, receiver, positional, context)) is not None:
            return scaling
        if attr in CLIP_FUNCTIONS | NORM_FUNCTIONS:
            return [self.clip(call, attr, resolver.role(receiver) is Role.ACCELERATOR, resolver)]
        if attr == CLIP_GRADIENTS and (
            resolver.role(receiver) is Role.ACCELERATOR or (code_of(receiver) == "self" and self.method_of_self(attr, context) is None)
        ):
            return [self.clip(call, attr, resolver.role(receiver) is Role.ACCELERATOR, resolver)]  # Fabric's, or Lightning's (no own method)
        if attr in WARP_TAPE_CLEARS and self.is_warp_tape(receiver, context):
            return [self.event(Clear, call, target=ClearTarget("unknown", None), set_to_none=False)]
        if attr == "zero_" and ".grad" in code_of(receiver):
            return [self.event(Clear, call, target=self.parameter_clear_target(grad_owner(receiver), context), set_to_none=False)]
        if attr == "copy_" and code_of(receiver).endswith((".grad", ".grad.data")):
            return [self.event(GradWrite, call)]
        if attr == "requires_grad_" and self.reads:
            flag = positional[0] if positional else next((a.value for a in call.args if a.keyword and a.keyword.value == "requires_grad"), None)
            return [self.freeze(receiver, flag, call, context)]
        method = None
        if isinstance(receiver, cst.Name) and receiver.value == "self":
            method = self.method_of_self(attr, context)
            if method is None and attr == HF_STEP_BODY and self.runs_library_training_step(context):
                return [self.event(Backward, call, scaled=False, scaler=None, normalises=True, loss=None, scope=context.function)]
        elif type(receiver) is cst.Call and code_of(receiver.func) == "super":
            method = self.method_of_base(attr, context)
        elif (on_instance := self.inline_on_instance(call, receiver, attr, context)) is not None:
            return on_instance
        if method is not None:
            return self.inline_call(call, method, context, drop_self=True)
        function = self.imported_function(func, context) or self.runner_of(call, context)
        if function is not None:  # `engine.train_step(...)` of an imported module of the project
            return self.inline_call(call, function, context)
        if (on_class := self.method_of_class(func, context)) is not None:  # `Steps.train_step(...)`
            return self.inline_call(call, on_class[0], context, drop_self=on_class[1])
        if CLEAR_HELPER.search(attr):
            # `self.reset_grad()` from a base class elsewhere, `utils.zero_grad(model)`: unknown coverage.
            return [self.event(Clear, call, target=ClearTarget("unknown", None), set_to_none=None)]
        if (changed := state_events.state_change_target(call)) is not None:
            return [self.event(StateLoad, call, target=resolver.canonical(changed))]
        if (appended := state_events.appended(call)) is not None:
            return self.accumulate(call, *appended, context)
        return self.opaque_update(call, context)

    def runs_library_training_step(self, context: Context) -> bool:
        """Whether `self.training_step(model, inputs)`, with no override of the project's, is the Hugging Face
        Trainer's own (summaries.py): a subclass's own loop (a `train` copied from transformers 3, LM-BFF's) calls it
        per micro-batch, and it backpropagates the loss divided by the accumulation steps, scaled or not as the
        Trainer's settings say (read as plain: the loop's own unscale and scaler step follow either way)."""
        function = context.function
        return isinstance(function, cst.FunctionDef) and derives_from_trainer(self.index_of(function), function, context.mro)

    def scaler_method(
        self, call: cst.Call, attr: str, receiver: cst.BaseExpression, positional: list[cst.BaseExpression], context: Context
    ) -> list[Node] | None:
        """`scaler.update()` and `scaler.unscale_(optimizer)` of a GradScaler, audiotools' `accel.update()` (its
        scaler's); None for another receiver."""
        resolver = context.resolver
        if attr == "update" and not positional and (scaler := self.audiotools_scaler(receiver, context)) is not None:
            return [self.event(Update, call, scaler=scaler)]
        if resolver.role(receiver) is not Role.SCALER:
            return None
        if attr == "update":
            return [self.event(Update, call, scaler=resolver.canonical(receiver))]
        if (optimizer := argument(call, SCALER_OPTIMIZER)) is not None:
            key = self.optimizer_key(optimizer, resolver)
            return [self.event(Unscale, call, optimizer=key, scaler=resolver.canonical(receiver), checked=context.stage_checked)]
        return []

    def runs_a_mock(self, call: cst.Call, context: Context) -> bool:
        """Whether the call reaches a name a test replaced with a mock around the code being built (`patches.py`), or a
        method of an instance whose class has that method patched (`patch.object(Trainer, "fit")`, `trainer.fit()`)."""
        if not context.patched:
            return False
        index = self.index_of(context.function)
        if (callee := dotted_name(call.func)) is not None:
            local = callee.partition(".")[0] in self.visible_in(context.function)  # the function's own name, not the module's
            module = index.project.name if index.project is not None else None
            if reaches_patched(callee, module, index.imports, local, context.patched):
                return True
        return isinstance(call.func, cst.Attribute) and index.project is not None and self.patched_method(call.func, index.project.project, context)

    def patched_method(self, method: cst.Attribute, project: Project, context: Context) -> bool:
        """`trainer.fit` of an instance (`instance_built`) built by a construction of the function's own that runs a
        mock (`trainer = Trainer(...)` under `patch("pkg.finetune.Trainer")`: the mock's instance), or whose class, or
        a class of its lineage up to the one defining the method, has that method patched (`patches.patched_methods`)."""
        built = self.instance_built(method.value, context) or []
        own_calls = nodes_of(context.function, cst.Call) if built else []
        if any(self.runs_a_mock(call, context) for _, _, call, _ in built if any(call is own for own in own_calls)):
            return True
        methods = patched_methods(context.patched, project.class_named)
        name = method.attr.value
        for home, cls, _, _ in built if methods else []:
            for owner_index, owner in home.lineage(cls):
                if owner_index.project is not None and f"{owner_index.project.name}.{owner.name.value}.{name}" in methods:
                    return True
                if name in owner_index.methods_of.get(owner, {}):
                    break  # the method the instance runs: a patch of a base above it does not reach it
        return False

    def named_call(self, call: cst.Call, func: cst.Name, context: Context) -> list[Node]:
        """The events of a call of a bare name: a clip function, a def (of the file, imported, handed in), a bound
        instance or partial, a clear or state change by name, or what an opaque call may do."""
        resolver = context.resolver
        if func.value in CLIP_FUNCTIONS | NORM_FUNCTIONS:
            return [self.clip(call, func.value, False, resolver)]
        function = (
            self.index_of(context.function).function(context.function, func.value, func) or self.imported_function(func, context)
            or self.function_passed(func, context)
            or self.runner_of(call, context)
        )
        if function is None and (bound := self.bound_call(call, func, context)) is not None:
            return bound  # `step = partial(train_step, ...)`, `trainer(images)`
        if function is None and CLEAR_HELPER.search(func.value):
            # `zero_grad(params)` imported from elsewhere: a clear of unknown coverage.
            return [self.event(Clear, call, target=ClearTarget("unknown", None), set_to_none=None)]
        if function is None and (changed := state_events.state_change_target(call)) is not None:
            return [self.event(StateLoad, call, target=resolver.canonical(changed))]
        return self.inline_call(call, function, context) if function is not None else self.opaque_update(call, context)

    def bound_call(self, call: cst.Call, func: cst.Name, context: Context) -> list[Node] | None:
        """A name that no def binds, called: a `functools.partial` of a def (`partial_called`), or an instance of a
        class of the file or of the project (`instance_called`) but a loss scaler, whose summary says what it does
        (`opaque_update`), inlined; None otherwise."""
        partial = self.partial_called(func, context)
        if partial is not None:
            return self.inline_call(call, partial[0], context, partial=partial[1])
        return None if self.is_loss_scaler(func, context.resolver) else self.instance_called(call, func, context)

    def wrapper_method(self, call: cst.Call, receiver: cst.BaseExpression, name: str, context: Context) -> list[Node] | None:
        """`optimizer.step()`, `optimizer.zero_grad()`, `optimizer.backward(loss)` of a project's own optimizer wrapper
        (fairseq's `FairseqOptimizer`, a `ScheduledOptim` whose `step` steps `self._optimizer`): an instance of a class
        whose every base is the project's (`own_lineage`: no subclass of torch's `Optimizer`, whose other methods are
        torch's), whose method of that name does what its name says through another call (steps, clears, runs a
        backward): that method, inlined as any other of its methods is. None otherwise (a hand-written optimizer's
        `step` doing the update itself, an instance not known) and where the words already say what the receiver is
        (an optimizer, a scaler, an engine): the words decide (a wrapper's `self.x` that its subclass binds is not
        known inside the base's methods, so a `self.scaler` there would be taken for a GradScaler by its name)."""
        if code_of(receiver) == "self" or context.resolver.role(receiver) not in {None, Role.OTHER, Role.SCHEDULER}:
            return None
        built = self.instance_built(receiver, context)
        if not built or not all(home.own_lineage(cls) for home, cls, _, _ in built):
            return None
        nodes = self.inline_on_instance(call, receiver, name, context)
        delegated = WRAPPER_LIFECYCLE_METHODS[name]
        return nodes if nodes and any(isinstance(e, delegated) for node in nodes for e in events_in(node)) else None

    def own_zero_grad(self, call: cst.Call, receiver: cst.BaseExpression, context: Context) -> list[Node] | None:
        """`self.zero_grad()` of a class that defines its own (a trainer clearing each model and optimizer of its dicts,
        pytorch-metric-learning's `BaseTrainer`): that method, inlined where its body clears, so the clear covers what
        the body clears rather than an unknown set. None otherwise (a body that clears nothing visible: a clear of
        unknown coverage as before; an optimizer's own `zero_grad` is its clear)."""
        if code_of(receiver) != "self" or context.resolver.role(receiver) is Role.OPTIMIZER:
            return None
        method = self.method_of_self("zero_grad", context)
        outer, self.clear_site = self.clear_site, self.clear_site or call  # its clears are reported at this call
        try:
            nodes = self.inline_call(call, method, context, drop_self=True) if method is not None else []
        finally:
            self.clear_site = outer
        return nodes if any(isinstance(e, Clear) for node in nodes for e in events_in(node)) else None

    def opaque_update(self, call: cst.Call, context: Context) -> list[Node]:
        """A call we cannot see into: what its library summary says (timm's `loss_scaler(loss, optimizer, ...)`,
        ignite's `trainer.run(loader)`: `engine_runs.EngineRuns`);
        without one, when it is handed the loss and an optimizer it may backward and step, so the gradients
        after it are of unknown origin."""
        summarised = self.loss_scaler_call(call, context)
        if summarised is None:
            summarised = self.engine_run(call, context)
        if summarised is not None:
            return summarised
        if is_scale_loss(call):
            return []  # entering apex's block: its events are its backward's and its exit's (`scale_loss_exit`)
        if type(call.func) is cst.Name and call.func.value in PLAIN_BUILTINS and not context.resolver.bindings(call.func.value):
            if self.index_of(context.function).function(context.function, call.func.value) is None:
                return []  # `zip(optimizers, losses)`: pairs, counts or shows what it is handed, calls none of it
        return self.unknown_call(call, context)

    def unknown_call(self, call: cst.Call, context: Context) -> list[Node]:
        """A call of code not known at all (no summary either: a test's mock, `patches.py`): handed the loss and an
        optimizer, it may backward and step, so the gradients after it are of unknown origin."""
        arguments = [a.value for a in call.args]
        hands_loss = any("loss" in (last_name(a) or "").lower() for a in arguments if type(a) in (cst.Name, cst.Attribute))
        if hands_loss and any(context.resolver.role(a) is Role.OPTIMIZER for a in arguments):
            return [self.event(GradWrite, call)]
        if self.reads and "backward" in words(last_name(call.func) or ""):
            return [self.event(GradWrite, call)]  # `trainer.forward_backward_step(batch)`: a `.grad` read after may follow its backward
        return []

    def loss_scaler_call(self, call: cst.Call, context: Context) -> list[Node] | None:
        """`loss_scaler(loss, optimizer, ...)` (summaries.LOSS_SCALER): a scaled backward, then, when the update
        argument holds (a branch on it when it is not a literal), unscale and clip when clipping is asked, step
        through the scaler and update it. None where the call is not such a scaler's, or is not read whole."""
        summary, resolver = LOSS_SCALER, context.resolver
        if not self.is_loss_scaler(call.func, resolver):
            return None
        if not self.keeps_the_summary(call.func, context):
            return self.instance_called(call, call.func, context)  # type: ignore[arg-type]  (a Name or Attribute: `is_loss_scaler`)
        positional = [a for a in call.args if a.keyword is None]
        if any(a.star for a in call.args) or len(positional) > summary.last_positional + 1:
            return None
        loss, optimizer = argument(call, summary.loss), argument(call, summary.optimizer)
        if loss is None or optimizer is None or resolver.role(optimizer) is not Role.OPTIMIZER:
            return None
        scaler, key = resolver.canonical(call.func), self.optimizer_key(optimizer, resolver)
        backward = self.event(
            Backward, call, scaled=True, scaler=scaler, normalises=False, loss=loss, scope=context.function, summary=summary
        )
        clip = argument(call, summary.clip)
        clipping: list[Node] = []
        if clip is not None and literal_of(clip) != "None":
            clipping = [
                self.event(Unscale, call, optimizer=key, scaler=scaler, checked=context.stage_checked),
                self.clip(call, "clip_grad_norm_", False),
            ]
        update = Block((
            *clipping,
            self.event(Step, call, optimizer=key, via_scaler=True, scaler=scaler, written=optimizer),
            self.event(Update, call, scaler=scaler),
        ))
        test = argument(call, summary.update)
        condition = condition_of(test, context.naming) if test is not None else True
        if isinstance(condition, bool):
            return [backward, *update.items] if condition else [backward]
        return [backward, Branch(test, guard_of(test, resolver), update, Block(()), None, False, condition)]

    @staticmethod
    def is_loss_scaler(func: cst.BaseExpression, resolver: Resolver) -> bool:
        """A scaler called as a function: timm's by its class, or one whose binding is not seen by a name that says
        scaler (a GradScaler is not callable); built by any other class, it is unknown."""
        if type(func) not in (cst.Name, cst.Attribute) or resolver.role(func) is not Role.SCALER:
            return False
        built = resolver.value_of(func)
        return not isinstance(built, cst.Call) or last_name(built.func) in LOSS_SCALER.classes

    def keeps_the_summary(self, scaler: cst.BaseExpression, context: Context) -> bool:
        """Whether a loss scaler of a summarised class's name does what the summary says: its construction is not seen,
        or its class's `__call__` is not visible, or that body makes the summary's events and no other
        (`scales_as_summarised`: MAE's `NativeScalerWithGradNormCount` in its utils). A copy of timm kept in the tree
        whose `__call__` was changed (to clear after the update) is read as its body, as any project method is."""
        built = self.instance_built(scaler, context) if isinstance(scaler, (cst.Name, cst.Attribute)) else None
        for home, cls, _, _ in built or ():
            found = home.inherited_method(cls, "__call__")
            if found is not None and not scales_as_summarised(found[1]):
                return False
        return True

    def scale_loss_block(self, node: cst.BaseExpression, context: Context) -> cst.Call | None:
        """`amp.scale_loss(loss, optimizer)` (summaries.SCALE_LOSS), bound to the name by `with ... as node`."""
        bound = context.resolver.value_of(node) if isinstance(node, cst.Name) else None
        return bound if isinstance(bound, cst.Call) and is_scale_loss(bound) else None

    def scale_loss_exit(self, item: cst.BaseExpression, context: Context) -> list[Node]:
        """Leaving `with amp.scale_loss(loss, optimizers):` unscales each optimizer's gradients and updates the scale."""
        if not (isinstance(item, cst.Call) and is_scale_loss(item)):
            return []
        resolver = context.resolver
        handed = argument(item, SCALE_LOSS.optimizers)
        # apex's parameter is the optimizers: one whose bindings disagree (`self.optimizer` bound to a sharded wrapper
        # in one arm, to AdamW in the other) is unscaled all the same; only another known role is not one.
        optimizers = [o for o in (tuple_elements(handed) or [handed]) if o is not None and resolver.role(o) in (Role.OPTIMIZER, None)]
        # An optimizer held by an optimizer (`self.optimizer.optimizer`, the torch optimizer a project's wrapper keeps:
        # ClassyVision's) is the one it wraps: their parameters, and the gradients unscaled, are the same.
        wrappers = [o.value for o in optimizers if isinstance(o, cst.Attribute) and resolver.role(o.value) is Role.OPTIMIZER]
        scaler = resolver.canonical(item.func.value)  # type: ignore[attr-defined]
        return [
            *(self.event(Unscale, item, optimizer=self.optimizer_key(o, resolver), scaler=scaler) for o in [*optimizers, *wrappers]),
            self.event(Update, item, scaler=scaler),
        ]

    def grad_access(self, node: cst.Attribute, context: Context, local: Mapping[str, cst.BaseExpression]) -> Event:
        """`p.grad`, `p` resolved through the loops and comprehensions around it (`local`: the comprehensions')."""
        parameter = node.value
        elements = {**context.elements, **local}
        target = self.parameter_clear_target(parameter, context, elements)
        collection = parameter_collection(parameter, elements, context.resolver)
        origin = context.resolver.collection_origin(collection, elements) if collection is not None else None
        container, ordinal = self.grad_position(node, context.function)
        return self.event(GradAccess, node, target=target, origin=origin, container=container, ordinal=ordinal)

    def grad_position(self, node: cst.Attribute, container: Container) -> tuple[int, int]:
        """(container number, k) for the k-th `name.grad` of the container's own code (see GradRead), numbered in its
        module (another module's reads are matched by their positions: `FileFacts.reads_elsewhere`)."""
        if container not in self._grad_order:
            index = self.index_of(container)
            number = next(i for i, root in enumerate(index.roots) if root is container)
            own = own_grad_attributes(container)
            self._grad_order[container] = (number, {a: k for k, a in enumerate(own)})
            if index is self.index:
                self.grad_names[number] = tuple(a.value.value for a in own)  # type: ignore[attr-defined]
        number, order = self._grad_order[container]
        return number, order.get(node, -1)

    def grad_accesses(self, expression: cst.CSTNode, context: Context) -> list[Event]:
        return [self.grad_access(node, context, {}) for node in grad_attributes(expression)]

    def asserted_no_grad(self, test: cst.BaseExpression, context: Context) -> list[Event]:
        """`assert next(model.parameters()).grad is None` (or a parameter of a loop over them): past it, the model's
        gradients hold no backward's, whose parameters are known; nothing where they are not."""
        if not (
            isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.Is)
            and code_of(test.comparisons[0].comparator) == "None"
            and isinstance(test.left, cst.Attribute) and test.left.attr.value == "grad"
        ):
            return []
        owner = test.left.value
        if isinstance(owner, cst.Call) and code_of(owner.func) == "next" and len(owner.args) == 1:
            collection = owner.args[0].value  # `next(model.parameters())`, `next(iter(model.parameters()))`
            if isinstance(collection, cst.Call) and code_of(collection.func) == "iter" and len(collection.args) == 1:
                collection = collection.args[0].value
            found = context.resolver.parameters_of(collection, context.elements)
            target = ClearTarget(*found) if found is not None else collection_target(context.resolver.canonical(collection))
        else:
            target = self.parameter_clear_target(owner, context)
        return [self.event(AssertedNoGrad, test, target=target)] if target.kind != "unknown" else []

    def freeze(self, owner: cst.BaseExpression, flag: cst.BaseExpression | None, node: cst.CSTNode, context: Context) -> Event:
        """`owner.requires_grad_(flag)` or `owner.requires_grad = flag`; a flag that is not literally False unfreezes."""
        target = self.parameter_clear_target(owner, context)
        element = parameter_collection(owner, context.elements, context.resolver) is not None  # `p` of an unknown collection
        key = target.key if target.kind == "model" else None if element else context.resolver.canonical(owner)
        frozen = flag is not None and code_of(flag) in {"False", "0"}
        return self.event(Freeze, node, key=key, frozen=frozen)

    def clip(self, call: cst.Call, name: str, unscales_itself: bool, resolver: Resolver | None = None) -> Event:
        # Any argument: the threshold is the first of an optimizer's or a model's own `clip_grad_norm(max_norm)` (mmf's).
        scaled = resolver is not None and any(reads_the_scale(a.value, resolver) for a in call.args)
        first = call.args[0].value if call.args and call.args[0].keyword is None else None
        model = (
            resolver.canonical(first.func.value)
            if resolver is not None and isinstance(first, cst.Call) and isinstance(first.func, cst.Attribute)
            and first.func.attr.value == "parameters" and not first.args else None
        )
        return self.event(
            Clip, call, unscales_itself=unscales_itself, measures_only=name in NORM_FUNCTIONS, threshold_scaled=scaled, model=model
        )

    def backward(self, call: cst.Call, receiver: cst.BaseExpression, positional: list, context: Context) -> list[Node]:
        dotted = dotted_name(receiver) or ""
        if DISTRIBUTED_AUTOGRAD.search(dotted):
            return self.distributed_backward(call, positional, context)
        block = self.scale_loss_block(receiver, context)
        if block is not None:
            scaler = context.resolver.canonical(block.func.value)  # type: ignore[attr-defined]
            loss = argument(block, SCALE_LOSS.loss)
            return [
                self.event(Backward, call, scaled=True, scaler=scaler, normalises=False, loss=loss, scope=context.function, summary=SCALE_LOSS)
            ]
        scaling = self.scaler_call(receiver, context)
        scaled = scaling is not None
        if scaling is not None:
            scale_arguments = [a.value for a in scaling.args if a.keyword is None]
            loss = scale_arguments[0] if scale_arguments else None
        elif positional and (
            dotted in {"torch.autograd", "autograd"} or LOSS_ARGUMENT_RECEIVERS.search(last_name(receiver) or "")
            or context.resolver.role(receiver) in {Role.ENGINE, Role.ACCELERATOR}  # `self.deepspeed.backward(loss)`
        ):
            loss = positional[0]
        else:
            loss = receiver
        if isinstance(loss, cst.Call) and dotted_name(loss.func) in FRESH_TENSORS:
            return []  # `torch.empty(1, requires_grad=True).backward()`: a new leaf, no parameter's gradient written
        scaler = context.resolver.canonical(scaling.func.value) if scaling is not None else None
        accelerator = context.resolver.role(receiver) is Role.ACCELERATOR
        # DeepSpeed's `engine.backward(loss)` divides by its configured accumulation steps.
        normalises = (accelerator and self.accumulating_accelerator(receiver, context)) or context.resolver.role(receiver) is Role.ENGINE
        unused = self.configured_accumulation(receiver, context) if accelerator and context.gated is None else None
        fields = dict(normalises=normalises, loss=loss, scope=context.function, unused_accumulation=unused)
        backward = self.event(Backward, call, scaled=scaled, scaler=scaler, **fields)
        arm = self.scaling_arm(scaling, context) if scaling is not None else None
        if arm is None:
            return [backward]
        # `if amp: loss = scaler.scale(loss)` then `loss.backward()`: scaled only when that arm was taken.
        test, truth = arm
        plain = self.event(Backward, call, scaled=False, scaler=None, **fields)
        return [
            Branch(test, guard_of(test, context.resolver), Block((backward,)), Block((plain,)), None, not truth, condition_of(test, context.naming))
        ]

    def trainer_part(self, statement: cst.Return, context: Context) -> list[Node]:
        """What a library's loop does once the body it runs returns (summaries.py): the loss the Hugging Face Trainer's
        `compute_loss` returns backpropagated, divided by the accumulation steps, or the loss Lightning's automatic
        `training_step` returns (its `"loss"` entry, of a dict), then the optimizer stepped and cleared, all
        self-managed: the events a visible body would give, at the `return`."""
        function = context.function
        lightning = context.trainer_library == LIGHTNING_LOOP
        key = LIGHTNING_OPTIMIZER if lightning else HF_OPTIMIZER
        nodes: list[Node] = []
        if isinstance(function, cst.FunctionDef) and statement.value is not None and (lightning or function.name.value == HF_LOSS_BODY):
            loss = lightning_loss(statement.value) if lightning else returned_loss(statement.value)
            nodes.append(self.event(Backward, statement, scaled=False, scaler=None, normalises=True, loss=loss, scope=function))
        step = self.event(Step, statement, optimizer=key, via_scaler=False, scaler=None, self_managed=True)
        return [*nodes, step, self.event(Clear, statement, target=ClearTarget("optimizer", key), set_to_none=None)]

    def is_scale_call(self, node: cst.Call, context: Context) -> bool:
        return (
            isinstance(node.func, cst.Attribute) and node.func.attr.value == "scale"
            and context.resolver.role(node.func.value) is Role.SCALER
        )

    def scaling_arm(self, scaling: cst.Call, context: Context) -> tuple[cst.BaseExpression, bool] | None:
        """The `if` arm a loss was scaled in, when the backward is not in that arm too."""
        arms = self.own.scaled_under.get(scaling, ())
        outside = [arm for arm in arms if not any(arm[0] is test and arm[1] == truth for test, truth in context.conditions)]
        return outside[-1] if outside else None

    def distributed_backward(self, call: cst.Call, positional: list, context: Context) -> list[Node]:
        """`dist_autograd.backward(context_id, [loss])`: gradients go to the context, for the optimizer stepped with it."""
        if len(positional) < 2:
            return []
        losses = positional[1]
        loss = losses.elements[0].value if isinstance(losses, (cst.List, cst.Tuple)) and losses.elements else losses
        return [
            self.event(Backward, call, scaled=False, scaler=None, normalises=False, loss=loss, scope=context.function, distributed=True)
        ]

    def scaler_call(self, node: cst.BaseExpression, context: Context) -> cst.Call | None:
        """`scaler.scale(loss)`, written in place or bound to the name being backwarded."""
        if not isinstance(node, cst.Name):
            return self.scale_call_among([node], context)
        # The same for every backward of the name: kept, as `roles.by_receiver` keeps the resolver's answers.
        key = ("scaler_call", node.value)
        if key not in context.resolver.answers:
            bound = [b.value for b in context.resolver.bindings(node.value) if b.value is not None]
            context.resolver.answers[key] = self.scale_call_among(bound, context)
        return context.resolver.answers[key]

    def scale_call_among(self, candidates: list[cst.BaseExpression], context: Context) -> cst.Call | None:
        for candidate in candidates:
            if (
                isinstance(candidate, cst.Call)
                and isinstance(candidate.func, cst.Attribute)
                and candidate.func.attr.value == "scale"
                and context.resolver.role(candidate.func.value) is Role.SCALER
            ):
                return candidate
        return None

    def accumulating_accelerator(self, receiver: cst.BaseExpression, context: Context) -> bool:
        """`accelerator.backward` divides by `gradient_accumulation_steps`: set, or unknown, counts as yes."""
        if context.accelerate or last_name(receiver) == "fabric":
            return context.accelerate
        built = self.accelerators_built(receiver, context)
        if not built or not all(isinstance(value, cst.Call) for value in built):
            return True
        return any(a.keyword is not None and a.keyword.value == ACCUMULATION_STEPS_KEYWORD for v in built for a in v.args)

    def accelerators_built(self, receiver: cst.BaseExpression, context: Context) -> list[cst.BaseExpression | None]:
        """What the accelerator `receiver` is bound to: each binding's value, a call of a factory of the file or of the
        project read as what it returns (`build_accelerator(cfg)` returning `Accelerator(gradient_accumulation_steps=
        cfg.accum)`); a factory returning nothing visible stays its call (no keyword: not known to accumulate)."""
        key = code_of(receiver) if isinstance(receiver, (cst.Name, cst.Attribute)) else None
        resolver = context.resolver
        found: list[cst.BaseExpression | None] = []
        for binding in resolver.bindings(key) if key else []:
            value = binding.value
            if isinstance(value, cst.Call) and last_name(value.func) not in ACCELERATOR_CLASSES and resolver.same_file is not None:
                returned = resolver.same_file.factory_returned(value, resolver)
                if returned:
                    found += [returned_value for _, returned_value in returned]
                    continue
            found.append(value)
        return found

    def configured_accumulation(self, receiver: cst.BaseExpression, context: Context) -> str | None:
        """N of `Accelerator(gradient_accumulation_steps=N)` (or of its plugin's `num_steps=N`), where every
        construction of the receiver sets it and N is not 1."""
        built = self.accelerators_built(receiver, context)
        if any(isinstance(v, cst.Call) and any(a.keyword and "deepspeed" in a.keyword.value for a in v.args) for v in built):
            return None  # DeepSpeed's engine accumulates by itself, `accumulate()` or not
        found = {accumulation_steps(value) for value in built}
        if len(found) != 1 or None in found:
            return None
        steps = found.pop()
        return steps if steps not in {"1", "None"} else None

    def zero_grad(self, call: cst.Call, receiver: cst.BaseExpression, context: Context) -> Event:
        resolver = context.resolver
        role = resolver.role(receiver)
        if role is Role.OPTIMIZER:
            target = ClearTarget("optimizer", self.optimizer_key(receiver, resolver))
        elif role in {Role.ENGINE, Role.ACCELERATOR, Role.SCALER} or chosen_by_a_test(receiver, resolver):
            target = ClearTarget("unknown", None)
        else:
            target = ClearTarget("model", resolver.canonical(receiver))
            self.record_constructions([target.key], resolver)
        return self.event(Clear, call, target=target, set_to_none=set_to_none_of(call))

    def step(self, call: cst.Call, receiver: cst.BaseExpression, positional: list, context: Context) -> list[Node]:
        resolver = context.resolver
        scheduled = state_events.scheduler_step(call, receiver, resolver)
        if scheduled is not None:
            return [self.event(SchedulerStep, call, scheduler=scheduled[0], optimizer=scheduled[1])]
        role = resolver.role(receiver)
        if role is Role.SCALER:
            if (optimizer := argument(call, SCALER_OPTIMIZER)) is None:
                return []
            step = self.event(
                Step, call, optimizer=self.optimizer_key(optimizer, resolver), via_scaler=True,
                scaler=resolver.canonical(receiver), written=optimizer,
            )
            return self.wrap_accelerate(step, context)
        scaler = self.audiotools_scaler(receiver, context)
        if scaler is not None and len(positional) == 1:
            return [self.event(Step, call, optimizer=self.optimizer_key(positional[0], resolver), via_scaler=True, scaler=scaler, written=positional[0])]
        if role is not Role.OPTIMIZER:
            # `self.step(batch)`: the class's own method doing the work, inlined like any other of its helpers.
            method = self.method_of_self("step", context) if code_of(receiver) == "self" else None
            if method is not None:
                return self.inline_call(call, method, context, drop_self=True)
            # `engine.step(model, optimizer, loss)`: a function of an imported module of the project, followed as any
            # other (a module is no engine, scheduler or environment; its `step` is what its body does)
            if (function := self.imported_function(call.func, context)) is not None:
                return self.inline_call(call, function, context)
            if role is Role.ENGINE:  # DeepSpeed's engine steps its optimizer and clears (self-managed)
                key = self.optimizer_key(receiver, resolver)
                step = self.event(Step, call, optimizer=key, via_scaler=False, scaler=None, closure=False, written=receiver, reevaluated=())
                return [step, self.event(Clear, call, target=ClearTarget("optimizer", key), set_to_none=None)]
            return []  # schedulers, environments, EMA, profilers
        nodes: list[Node] = [
            replace(n, closure=True) if isinstance(n, Inlined) else n
            for closure in self.closures_of(call, positional, context) for n in self.inline_callable(closure, context)
        ]
        if len(positional) > 1 or (positional and (literal_of(positional[0]) is not None or is_no_closure(positional[0], resolver))):
            # `optimizer.step(p, grad, options=...)`, `optimizer.step("gen")` (a wrapper's optimizer by key),
            # `diffopt.step(energy.sum(), params=[y])` (higher's differentiable optimizer, handed the loss): not
            # torch.optim's step, whose one argument is a closure; a closure handed still runs
            return nodes
        inside = [e for n in nodes for e in events_in(n)]
        backward_inside = any(isinstance(e, Backward) for e in inside)
        reevaluated = tuple(e.id for e in inside) if backward_inside and reevaluates_closure(resolver.constructor_of(receiver)) else ()
        step = self.event(
            Step, call, optimizer=self.optimizer_key(receiver, resolver), via_scaler=False, scaler=None, closure=backward_inside,
            written=receiver, reevaluated=reevaluated,
        )
        if self.steps_a_context(receiver, positional, context):
            # A DistributedOptimizer applies the gradients of one dist_autograd context; the next context starts empty.
            fresh = self.event(Clear, call, target=ClearTarget("optimizer", step.optimizer), set_to_none=None)
            return [*nodes, step, fresh]
        if context.gated is None and self.step_clears(receiver, resolver):  # a vendored copy setting each `p.grad = None`
            cleared = self.event(Clear, call, target=ClearTarget("optimizer", step.optimizer), set_to_none=True)
            return [*nodes, step, cleared]
        return [*nodes, *self.wrap_accelerate(step, context)]

    def audiotools_scaler(self, receiver: cst.BaseExpression, context: Context) -> str | None:
        """The key of `accel.scaler` where `receiver` is built from audiotools' `ml.Accelerator`
        (`summaries.AUDIOTOOLS_ACCELERATORS`), whose `backward`, `step` and `update` are its scaler's; None otherwise."""
        resolver = context.resolver
        if resolver.role(receiver) is not Role.ACCELERATOR:
            return None
        origin = resolver.module_origin(receiver)
        built = self.index_of(context.function).origin_of_name(origin[0]) if origin is not None and not origin[1] else None
        return resolver.canonical(cst.Attribute(receiver, cst.Name(AUDIOTOOLS_SCALER))) if built in AUDIOTOOLS_ACCELERATORS else None

    def is_warp_tape(self, receiver: cst.BaseExpression, context: Context) -> bool:
        """`tape` bound only to NVIDIA Warp's `wp.Tape()` (`summaries.WARP_TAPES`), by `with ... as` or an assignment."""
        if not isinstance(receiver, cst.Name):
            return False
        bindings = context.resolver.bindings(receiver.value)
        index = self.index_of(context.function)
        return bool(bindings) and all(
            isinstance(b.value, cst.Call) and index.origin(b.value.func) in WARP_TAPES for b in bindings
        )

    def xla_step(self, call: cst.Call, context: Context) -> list[Node] | None:
        """torch_xla's `xm.optimizer_step(optimizer)` (`summaries.XLA_OPTIMIZER_STEP`): the optimizer's step, on an XLA
        device; None where the call is not torch_xla's."""
        if last_name(call.func) != XLA_OPTIMIZER_STEP.rsplit(".", 1)[-1] or self.index_of(context.function).origin(call.func) != XLA_OPTIMIZER_STEP:
            return None
        optimizer = argument(call, XLA_OPTIMIZER)
        if optimizer is None or context.resolver.role(optimizer) is not Role.OPTIMIZER:
            return []
        key = self.optimizer_key(optimizer, context.resolver)
        return [self.event(Step, call, optimizer=key, via_scaler=False, scaler=None, written=optimizer, on_xla=True)]

    def next_elements(self, target: cst.BaseExpression, body: Block, context: Context) -> list[Event]:
        """`for opt in optimizers:` each pass unscales and steps another optimizer than the pass before."""
        names = [n for n in assigned_names(target) if isinstance(n, cst.Name)]
        optimizers = [n for n in names if context.resolver.role(n) is Role.OPTIMIZER]
        inside = frozenset(e.id for e in events_in(body))
        backwards = [e for e in events_in(body) if isinstance(e, Backward)]
        elements = {n.value for n in names}
        as_entered = all(b.scope is context.function and root_name(b.loss) in elements for b in backwards)
        found: list[Event] = [
            self.event(NextElement, target, key=self.optimizer_key(n, context.resolver), inside=inside, found_as_entered=as_entered)
            for n in optimizers
        ]
        if self.reads:  # `for p in model.parameters(): ...; p.grad = None` sets one parameter's gradient per pass
            own = {n.value for n in names if n not in optimizers}
            cleared = frozenset(e.id for e in events_in(body) if isinstance(e, Clear) and clears_grad_of(e.node) in own)
            if cleared:
                found.append(self.event(NextParameter, target, cleared=cleared))
        return found

    def optimizer_built(self, target: cst.BaseExpression, value: cst.BaseExpression, context: Context) -> list[Node]:
        """`opt = Adam(model.parameters())`, a factory of the file returning such a construction, or a partial of the
        class called (`opt = make_optimizer(model.parameters())`)."""
        built = state_events.optimizer_construction(value, context.resolver) if isinstance(target, (cst.Name, cst.Attribute)) else None
        if built is None:
            return []
        home = built.resolver.same_file
        if isinstance(home, SameFileView) and isinstance(home.container, cst.FunctionDef):
            # A factory's construction (`return AdamW(...)` of `model.configure_optimizers()`, read, not inlined) is
            # reported where it is written: its def's module is one the analysis read.
            self.homes.setdefault(home.container, home.index)
        params = built.argument("params", 0)
        return [
            self.event(
                OptimizerBuilt, built.call,
                optimizer=context.resolver.canonical(target),
                site=value,
                optimizer_class=built.name,
                stateful=state_events.keeps_state(built),
                models=params[1].parameter_owners(params[0]) if params is not None else frozenset(),
                reads=state_events.reads(*params) if params is not None else frozenset(),
            )
        ]

    def scaler_built(self, target: cst.BaseExpression, value: cst.BaseExpression, context: Context) -> list[Node]:
        """`scaler = GradScaler(...)`: a new scaler bound to `target`."""
        callee = dotted_name(value.func) if isinstance(value, cst.Call) else None
        if callee is None or constructor_role(callee) is not Role.SCALER or not isinstance(target, (cst.Name, cst.Attribute)):
            return []
        return [self.event(NewScaler, value, scaler=context.resolver.canonical(target))]

    def accumulate(self, node: cst.CSTNode, target: cst.BaseExpression, added: cst.BaseExpression, context: Context) -> list[Node]:
        index = self.index_of(context.function)
        values = state_events.live_names(added, lambda call: index.origin(call.func) in GRAPH_KEEPING_COLLECTIVES)
        call = added if isinstance(added, cst.Call) and not values else None
        if not values and call is None:
            return []
        return [
            self.event(
                Accumulate, node, target=code_of(target), values=values, no_grad=context.no_grad, scope=context.function,
                call=call, added=added,
            )
        ]

    def put(self, call: cst.Call, context: Context) -> list[Node]:
        """`rollout.feed(data)`, a statement, on an instance of classes of the file or of the project whose method of
        that name keeps what it is handed in the instance (`ProjectModule.keeps_what_it_is_handed`): a Put of the one
        argument into the instance; nothing where a class is not known."""
        func = call.func
        if not isinstance(func, cst.Attribute) or len(call.args) != 1 or call.args[0].star:
            return []
        values = state_events.held_names(call.args[0].value)
        classes = context.resolver.classes_built(func.value) if values else None
        if not classes or not all(
            home.project is not None and home.project.keeps_what_it_is_handed(cls.name.value, func.attr.value)
            for home, cls in classes
        ):
            return []
        return [
            self.event(
                Put, call, target=code_of(func.value), values=values, no_grad=context.no_grad, scope=context.function,
                added=call.args[0].value,
            )
        ]

    @staticmethod
    def closures_of(call: cst.Call, positional: list, context: Context) -> list[cst.BaseExpression]:
        """`step(closure)`, `step(closure=...)`, or a closure in an options dict (`step(p, g, options={"closure": f})`)."""
        found = [positional[0]] if len(positional) == 1 else []
        for argument in call.args:
            value = argument.value
            if argument.keyword is not None and argument.keyword.value == "closure":
                found.append(value)
                continue
            bound = context.resolver.value_of(value) if isinstance(value, cst.Name) else value
            if isinstance(bound, cst.Dict):
                found += [
                    e.value for e in bound.elements
                    if isinstance(e, cst.DictElement) and literal_of(e.key) == repr("closure")
                ]
        return found

    @staticmethod
    def step_clears(receiver: cst.BaseExpression, resolver: Resolver) -> bool:
        """Whether every class of the project the optimizer may have been built from has a `step` that clears each
        gradient it applies (`clearing_step.clears_each_gradient`); a library's class is torch's step alone."""
        classes = resolver.classes_built(receiver)
        found = [home.inherited_method(cls, "step") for home, cls in classes or ()]
        return bool(found) and all(method is not None and clears_each_gradient(method[1]) for method in found)

    @staticmethod
    def steps_a_context(receiver: cst.BaseExpression, positional: list, context: Context) -> bool:
        """`dist_optim.step(context_id)` of torch's `DistributedOptimizer`: the step names the context it applies
        (a ZeRO `ZeroDistributedOptimizer` or Horovod's `hvd.DistributedOptimizer` steps local gradients)."""
        built = context.resolver.constructor_of(receiver)
        if built is not None and last_name(built.func) == "DistributedOptimizer" and positional:
            return True
        bound = context.resolver.value_of(positional[0]) if positional else None
        return isinstance(bound, cst.Call) and (dotted_name(bound.func) or "").endswith("autograd.context")

    def wrap_accelerate(self, event: Event, context: Context) -> list[Node]:
        """Where `accelerator.accumulate()` is used, a prepared optimizer steps and clears only on sync steps.

        `AcceleratedOptimizer.step` and `.zero_grad` test the one global `sync_gradients`, set when
        `accumulate()` is entered, so every optimizer step and clear in the loop or function that
        enters it is guarded. Inside the `with` block the test is this iteration's: those events
        take the same branch (a clear before the step there discards everything on the sync step).
        Before or after the block the value may be the previous iteration's, and the branch is left
        uncorrelated. A model's own `zero_grad` is not gated.
        """
        optimizer_event = isinstance(event, Step) or (isinstance(event, Clear) and event.target.kind == "optimizer")
        if context.gated is None or not optimizer_event or self.never_prepared(event, context):
            return [event]
        test = self.sync_flag(context.gated) if context.accelerate else None
        condition = condition_of(test, context.naming) if test is not None else None
        return [Branch(test, Guard.ACCELERATE, Block((event,)), Block(()), None, False, condition)]

    @staticmethod
    def never_prepared(event: Event, context: Context) -> bool:
        """An optimizer visibly built by its class and never handed to `prepare()`: Accelerate does not gate it."""
        call = event.node
        receiver = call.func.value if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) else None
        return receiver is not None and context.resolver.plainly_built(receiver)

    def sync_flag(self, accelerator: str) -> cst.BaseExpression:
        """`accelerator.sync_gradients`, the test Accelerate's gating amounts to."""
        return cst.parse_expression(f"{accelerator}.{SYNC_FLAG}")

    def accumulate_context(self, item: cst.BaseExpression, context: Context) -> str | None:
        """The accelerator of `with accelerator.accumulate(model):`, as a key."""
        if (
            isinstance(item, cst.Call)
            and isinstance(item.func, cst.Attribute)
            and item.func.attr.value == ACCUMULATE_CONTEXT
            and context.resolver.role(item.func.value) is Role.ACCELERATOR
        ):
            return context.resolver.canonical(item.func.value)
        return None

    def accumulating_in(self, statements: Sequence[cst.CSTNode], context: Context) -> str | None:
        """The accelerator whose `accumulate()` these statements enter (nested defs aside), if any."""
        for statement in statements:
            if type(statement) is cst.With:
                found = next(filter(None, (self.accumulate_context(item.item, context) for item in statement.items)), None)
                if found is not None:
                    return found
            for suite in suites(statement):
                found = self.accumulating_in(suite, context)
                if found is not None:
                    return found
        return None

    def parameter_clear_target(
        self, parameter: cst.BaseExpression, context: Context, elements: Mapping[str, cst.BaseExpression] | None = None
    ) -> ClearTarget:
        """`p.grad = None` for p in model.parameters() clears that model; over param_groups, that optimizer."""
        elements = context.elements if elements is None else elements
        collection = parameter_collection(parameter, elements, context.resolver)
        found = context.resolver.parameters_of(collection, elements) if collection is not None else None
        return ClearTarget(*found) if found is not None else collection_target(context.resolver.canonical(parameter))


# Built-ins that pair, count, convert or show what they are handed and call none of it.
PLAIN_BUILTINS = frozenset(
    {"zip", "enumerate", "list", "tuple", "dict", "set", "len", "print", "isinstance", "reversed", "iter", "range", "str", "repr", "id", "type"}
)


def lightning_loss(value: cst.BaseExpression) -> cst.BaseExpression:
    """The loss of what an automatic `training_step` returns, as Lightning's loop takes it: the `"loss"` entry of a
    dict display (`{"loss": loss, "log": logs}`), else the whole value (a tensor, or a dict built elsewhere)."""
    if isinstance(value, cst.Dict):
        for element in value.elements:
            if isinstance(element, cst.DictElement) and literal_of(element.key) == repr(LIGHTNING_LOSS_KEY):
                return element.value
    return value


def returned_loss(value: cst.BaseExpression) -> cst.BaseExpression:
    """The loss of what `compute_loss` returns, as the Trainer's `training_step` calls it (`return_outputs` false): the
    first element of a tuple; of `(loss, outputs) if return_outputs else loss`, the arm taken, where both arms return
    the same loss or the test is that parameter (any other choice: the whole value, whose loss is not one name)."""
    if isinstance(value, cst.Tuple) and value.elements:
        return returned_loss(value.elements[0].value)
    if isinstance(value, cst.IfExp):
        chosen, other = returned_loss(value.orelse), returned_loss(value.body)
        if code_of(chosen) == code_of(other) or code_of(value.test) == HF_RETURN_OUTPUTS:
            return chosen
    return value


def root_name(loss: cst.BaseExpression | None) -> str | None:
    """The name a loss is read from: `loss` of `loss`, `(loss / n)`, `loss.mean()`; None where it is not a name's
    (`self.loss`, `losses[i]`)."""
    while isinstance(loss, (cst.BinaryOperation, cst.Call)):
        loss = loss.left if isinstance(loss, cst.BinaryOperation) else loss.func.value if isinstance(loss.func, cst.Attribute) else None
    return loss.value if isinstance(loss, cst.Name) else None


def accumulation_steps(value: cst.BaseExpression | None) -> str | None:
    """`N` in `Accelerator(gradient_accumulation_steps=N)` or `Accelerator(gradient_accumulation_plugin=
    GradientAccumulationPlugin(num_steps=N))`, as written."""
    if not isinstance(value, cst.Call):
        return None
    for argument in value.args:
        keyword = argument.keyword.value if argument.keyword is not None else None
        if keyword in {ACCUMULATION_STEPS_KEYWORD, PLUGIN_STEPS_KEYWORD}:
            return code_of(argument.value)
        if keyword == ACCUMULATION_PLUGIN_KEYWORD:
            return accumulation_steps(argument.value)
    return None


def reads_the_scale(node: cst.BaseExpression, resolver: Resolver, depth: int = 0) -> bool:
    """Whether an expression reads a scaler's scale (`max_norm * scaler.get_scale()`), itself or through a name bound
    once to such a value or a parameter its caller handed one (`scale=self.scaler.get_scale()`, mmf's clip helper)."""
    if any(isinstance(c.func, cst.Attribute) and c.func.attr.value == GET_SCALE for c in nodes_of(node, cst.Call)):
        return True
    if depth >= 3:
        return False
    for name in nodes_of(node, cst.Name):
        if name.value in resolver.arguments:
            caller, handed = resolver.arguments[name.value]
            if reads_the_scale(handed, caller, depth + 1):
                return True
        elif (value := resolver.value_of(name)) is not None and reads_the_scale(value, resolver, depth + 1):
            return True
    return False


def chosen_by_a_test(receiver: cst.BaseExpression, resolver: Resolver) -> bool:
    """Whether a name is bound to a conditional expression of two different objects (`model = self.model_ema if ema
    else self.model`, rq-vae-transformer's `eval`, called once per model): which one it is, each call's test says,
    so a clear of it empties no known model."""
    value = resolver.value_of(receiver) if isinstance(receiver, cst.Name) else None
    return isinstance(value, cst.IfExp) and resolver.canonical(value.body) != resolver.canonical(value.orelse)


def argument(call: cst.Call, parameter: Parameter) -> cst.BaseExpression | None:
    """The argument a call passes for a summarised parameter: by keyword, else at its position."""
    for found in call.args:
        if found.keyword is not None and found.keyword.value in parameter.keywords:
            return found.value
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    position = parameter.position
    return positional[position] if position is not None and position < len(positional) else None


# `GradScaler.step(optimizer, ...)` and `GradScaler.unscale_(optimizer)`: the optimizer by position or by its keyword
# (`scaler.step(optimizer=self.optimizer)`, ml-cvnets' training engine)
SCALER_OPTIMIZER = Parameter(("optimizer",), 0)
MAX_ITER = Parameter(("max_iter",), 2)
LINE_SEARCH = Parameter(("line_search_fn",), 7)


FRESH_TENSORS = frozenset(f"torch.{factory}" for factory in TENSOR_FACTORIES)



def is_no_closure(argument: cst.BaseExpression, resolver: Resolver) -> bool:
    """The argument, or the one value its name is bound to, is a tensor no closure can be: an arithmetic of values,
    or a reduction of one (`energy.sum()`, `(a - b).pow(2).mean()`), as a loss handed to an object's own `step(loss)`
    is written; or a number or a string (`lr = 0.01` handed to WholeGraph's sparse optimizer's `step(lr)`)."""
    value = resolver.value_of(argument) if isinstance(argument, cst.Name) else argument
    if isinstance(value, (cst.BinaryOperation, cst.UnaryOperation, cst.Integer, cst.Float, cst.SimpleString)):
        return True
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value in TENSOR_REDUCTIONS

def reevaluates_closure(construction: cst.Call | None) -> bool:
    """The optimizer is built as one that evaluates its closure several times per step: LBFGS, unless
    `max_iter=1` without a line search (then once)."""
    if construction is None or last_name(construction.func) not in CLOSURE_REEVALUATING_OPTIMIZERS:
        return False
    max_iter, line_search = argument(construction, MAX_ITER), argument(construction, LINE_SEARCH)
    once = max_iter is not None and literal_of(max_iter) == "1" and (line_search is None or literal_of(line_search) == "None")
    return not once


def is_scale_loss(call: cst.Call) -> bool:
    """`amp.scale_loss(...)`, `apex.amp.scale_loss(...)`."""
    func = call.func
    return isinstance(func, cst.Attribute) and func.attr.value == SCALE_LOSS.function and dotted_name(func.value) in SCALE_LOSS.receivers


def builds_model_and_optimizer(call: cst.Call, resolver: Resolver) -> bool:
    """A function of the file that returns an optimizer it builds over a model it builds too
    (`model = Net(); return model, AdamW(model.parameters())`): each call's gradients start from None."""
    for callee, value in resolver.returned(call, 0):
        local = callee.scopes[0].bindings if callee.scopes else {}
        for element in tuple_elements(value) or [value]:
            if not (isinstance(element, cst.Call) and is_optimizer_construction(element)):
                continue
            params = next((a.value for a in element.args if a.keyword is None), None)
            owners = callee.parameter_owners(params) if params is not None else frozenset()
            if owners and all(owner in local and owner not in callee.overlay for owner in owners):
                return True
    return False


def hands_back_an_unknown_optimizer(call: cst.Call, targets: list[cst.BaseExpression], resolver: Resolver) -> bool:
    """`model, optimizer, ... = get_training_utilities(name)`: a call the file does not define binds an
    optimizer and is handed none (so it wraps none it could hand back): what its gradients hold is unknown,
    and a backward before it is no source of theirs."""
    if resolver.returned(call, 0) or constructor_role(dotted_name(call.func) or "") is not None:
        return False  # a function of the file, a constructor, or a getter such as `self.optimizers()`: known
    handed = [argument.value for argument in call.args]
    if isinstance(call.func, cst.Attribute):
        handed.append(call.func.value)  # `optimizer.state_dict()`: what an optimizer's method returns is no new one
    if any(resolver.role(value) is Role.OPTIMIZER for value in handed):
        return False
    return any(resolver.role(name) is Role.OPTIMIZER for target in targets for name in assigned_names(target))


def is_optimizer_construction(call: cst.Call) -> bool:
    """`torch.optim.Adam(...)`, `Lion(...)`: a class, not a factory or `self.optimizers()`."""
    callee = dotted_name(call.func) or ""
    last = callee.rsplit(".", 1)[-1]
    return last[:1].isupper() and constructor_role(callee) is Role.OPTIMIZER


def grad_owner(node: cst.BaseExpression) -> cst.BaseExpression:
    """`p` in `p.grad.data`."""
    while isinstance(node, cst.Attribute):
        if node.attr.value == "grad":
            return node.value
        node = node.value
    return node


def parameter_collection(
    parameter: cst.BaseExpression, elements: Mapping[str, cst.BaseExpression], resolver: Resolver
) -> cst.BaseExpression | None:
    """The collection a loop variable ranges over: the innermost loop around it, else its one binding."""
    if not isinstance(parameter, cst.Name):
        return None
    if parameter.value in elements:
        return elements[parameter.value]
    bindings = resolver.bindings(parameter.value)
    return bindings[0].element_of if len(bindings) == 1 else None


def collection_target(collection: str) -> ClearTarget:
    """Whose parameters a collection (as a key) holds: `model.parameters()` a model's, `opt.param_groups[..]["params"]` an optimizer's."""
    match = re.fullmatch(r"(.+)\.(?:named_)?parameters\(.*\)", collection)
    if match:
        return ClearTarget("model", match.group(1))
    match = re.fullmatch(r"(.+)\.param_groups(?:\[.*\])?\[['\"]params['\"]\]", collection)
    if match:
        return ClearTarget("optimizer", match.group(1))
    return ClearTarget("unknown", None)


def own_grad_attributes(container: Container) -> list[cst.Attribute]:
    """Every `name.grad` of a function's body (or the module's), nested defs and classes aside, in source order."""
    grads = _OwnGrads()
    body = container.body if isinstance(container, cst.Module) else [container.body]
    for statement in body:
        visit(statement, grads)
    return grads.found


def clears_grad_of(node: cst.CSTNode) -> str | None:
    """`p` in `p.grad = None`."""
    targets = [t.target for t in node.targets] if isinstance(node, cst.Assign) else []
    for target in targets:
        if isinstance(target, cst.Attribute) and target.attr.value == "grad" and isinstance(target.value, cst.Name):
            return target.value.value
    return None


def grad_attributes(expression: cst.CSTNode) -> list[cst.Attribute]:
    """Every `name.grad` in an expression."""
    return [node for node in nodes_of(expression, cst.Attribute) if is_grad_of_a_name(node)]


def is_grad_of_a_name(node: cst.Attribute) -> bool:
    return node.attr.value == "grad" and isinstance(node.value, cst.Name)


class _OwnGrads(cst.CSTVisitor):
    """Every `name.grad` outside nested defs and classes, in source order."""

    def __init__(self) -> None:
        self.found: list[cst.Attribute] = []

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if is_grad_of_a_name(node):
            self.found.append(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False


def set_to_none_of(call: cst.Call) -> bool | None:
    for argument in call.args:
        if argument.keyword is None or argument.keyword.value == "set_to_none":
            return code_of(argument.value) not in {"False", "0"}
    return None

