"""Expressions as text, and what names and constructors say about a receiver's role."""

from __future__ import annotations

import re
from enum import Enum
from functools import lru_cache
from typing import Callable

import libcst as cst

from zerograd_lint.analysis.ir.file_scope import for_one_file
from zerograd_lint.analysis.ir.summaries import ACCELERATOR_CLASSES, LOSS_SCALER
from zerograd_lint.analysis.ir.vocabulary import (
    OPTIMIZER_CLASSES,
    OPTIMIZER_WORDS,
    SCALER_CLASSES,
    SCHEDULE_FACTORY,
    SCHEDULER_HINT,
    SCHEDULER_WORDS,
    TORCH_SCHEDULERS,
    WARMUP_SCHEDULE_CLASSES,
)

# Packages whose schedule factories and classes return PyTorch LR schedulers.
HF_SCHEDULE_PACKAGES = frozenset({"transformers", "diffusers", "pytorch_transformers", "pytorch_pretrained_bert"})

_EMPTY_MODULE = cst.Module(body=[])


class Role(Enum):
    OPTIMIZER = "optimizer"
    SCHEDULER = "scheduler"
    SCALER = "scaler"
    ACCELERATOR = "accelerator"
    ENGINE = "engine"  # DeepSpeed-style engines: their step() clears by itself
    OTHER = "other"  # bound to some other constructor: never an optimizer


def source_of(node: cst.CSTNode) -> str:
    """The node's source as written, for messages and inserted code."""
    return dotted_source(node) or generated_source(node)


# The same node's text is asked for again each time its helper is inlined (77 times in a 10 KB test of
# torch's); nodes hash by identity, and the cache holds the nodes it keeps, so an identity is never reused.
@for_one_file
def generated_source(node: cst.CSTNode) -> str:
    return _EMPTY_MODULE.code_for_node(node)


def dotted_source(node: cst.CSTNode) -> str | None:
    """The source of a name or a chain of attributes (`self.optimizer`, most of what is asked) written without
    parentheses or spaces, as LibCST's code generation would give it; None for any other node."""
    if type(node) is cst.Name:
        return None if node.lpar or node.rpar else node.value
    if type(node) is not cst.Attribute or node.lpar or node.rpar or not tight(node.dot):
        return None
    base = dotted_source(node.value)
    return None if base is None or node.attr.lpar or node.attr.rpar else f"{base}.{node.attr.value}"


def tight(dot: cst.Dot) -> bool:
    """A dot with no space (nor line break) on either side."""
    return all(type(space) is cst.SimpleWhitespace and not space.value for space in (dot.whitespace_before, dot.whitespace_after))


# Asked of the same node at each question a resolver answers by it (`roles.by_receiver`: 35,000 times in a cold run
# over torch's tree), and again each time the function holding it is inlined.
@for_one_file
def code_of(node: cst.CSTNode) -> str:
    """The expression's source, with whitespace squeezed out, as a stable key."""
    dotted = dotted_source(node)  # holds no whitespace
    return dotted if dotted is not None else re.sub(r"\s+", "", generated_source(node))


def decorated(function: cst.FunctionDef, name: str) -> bool:
    """Whether the def carries the decorator `name` as written (`staticmethod`, `classmethod`)."""
    return any(code_of(decorator.decorator) == name for decorator in function.decorators)


def one_line(code: str) -> str:
    """Source as one line, the way a user writes a call: `f(\n    a,\n)` is `f(a)`."""
    text = " ".join(code.split())
    return re.sub(r",? ([)\]}])", r"\1", re.sub(r"([(\[{]) ", r"\1", text))


# Asked of most nodes the analyses meet: a kind told by `type(node) is`, LibCST's node classes being final (none
# derives from `Name`...), where `isinstance` against a node class, an ABC, runs Python code (~10 times the cost).


def dotted_name(node: cst.BaseExpression) -> str | None:
    """`torch.optim.SGD` for a Name/Attribute chain, else None."""
    if type(node) is cst.Name:
        return node.value
    if type(node) is cst.Attribute:
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def entry_name(node: cst.BaseExpression) -> str | None:
    """`self._losses['total_loss']`: the entry of a named container at a string or integer literal, as one name (the
    key written as Python's `repr` writes it, whichever quotes the code used); None for anything else."""
    if type(node) is not cst.Subscript or len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
        return None
    key = node.slice[0].slice.value
    if dotted_name(node.value) is None or type(key) not in (cst.SimpleString, cst.Integer):
        return None
    return f"{code_of(node.value)}[{key.evaluated_value!r}]"


def last_name(node: cst.BaseExpression) -> str | None:
    """The last identifier of a Name, Attribute or Subscript base (`self.opt_g[0]` -> `opt_g`)."""
    if type(node) is cst.Name:
        return node.value
    if type(node) is cst.Attribute:
        return node.attr.value
    if type(node) is cst.Subscript:
        return last_name(node.value)
    if type(node) is cst.Call:
        return last_name(node.func)
    return None


# Asked of the same few names again and again (torch's tree: 4,811 times, of 394 names): each split once.
@lru_cache(maxsize=4096)
def words(identifier: str) -> tuple[str, ...]:
    """`optimizerG` -> (optimizer, g); `d_optim` -> (d, optim); `KFACOptimizer` -> (kfac, optimizer)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", identifier)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    return tuple(w.lower() for w in re.split(r"[\s_\d]+", spaced) if w)


def says_optimizer(identifier: str) -> bool:
    parts = words(identifier)
    if any(p in SCHEDULER_WORDS or p.startswith("sched") for p in parts):
        return False
    return any(p in OPTIMIZER_WORDS or p.startswith("optimi") for p in parts)


def says_scheduler(identifier: str) -> bool:
    """`sched`, `scheduler`, `lr_scheduler`, `warmup_scheduler`, `d_sched`."""
    return any(p.startswith("sched") for p in words(identifier))


def says_scaler(identifier: str) -> bool:
    return "scaler" in identifier.lower()


def says_accelerator(identifier: str) -> bool:
    lowered = identifier.lower()
    return "accelerator" in lowered or lowered in {"fabric", "accel"}


def constructor_role(callee: str) -> Role | None:
    """What a call's dotted callee name says about the object it returns."""
    last = callee.rsplit(".", 1)[-1]
    if last in SCALER_CLASSES or last.endswith("GradScaler") or last in LOSS_SCALER.classes:
        return Role.SCALER
    if last in ACCELERATOR_CLASSES:
        return Role.ACCELERATOR
    if SCHEDULER_HINT.search(last) or ".lr_scheduler." in f".{callee}.":
        return Role.SCHEDULER
    if last in OPTIMIZER_CLASSES or any(w in OPTIMIZER_WORDS for w in words(last)):
        return Role.OPTIMIZER  # also factories: build_optimizer(), self.optimizers() (Lightning)
    if ".optim." in f".{callee}" and last[:1].isupper() and "Model" not in last:
        return Role.OPTIMIZER
    if last[:1].isupper():
        return Role.OTHER
    return None


def scheduled_optimizer_argument(call: cst.Call, is_scheduler: Callable[[str], bool]) -> cst.BaseExpression | None:
    """The optimizer a learning-rate schedule is built on, for schedules that skip a value when stepped first:
    `StepLR(opt, 30)`, `lr_scheduler.OneCycleLR(optimizer=opt, ...)`, `get_linear_schedule_with_warmup(opt, ...)`,
    where `is_scheduler(callee)` says the callee builds a PyTorch scheduler (`ModuleIndex.is_torch_scheduler`)."""
    callee = dotted_name(call.func)
    if callee is None or not is_scheduler(callee):
        return None
    keyword = next((a.value for a in call.args if a.keyword is not None and a.keyword.value == "optimizer"), None)
    if keyword is not None:
        return keyword
    positional = [a.value for a in call.args if a.keyword is None and not a.star]
    return positional[0] if positional and callee.rsplit(".", 1)[-1] != "ChainedScheduler" else None


def builds_torch_scheduler(qualified: str, imported: bool) -> bool:
    """Whether a callee builds a PyTorch learning-rate scheduler, by where it comes from: `qualified` is its full
    dotted name when the file imports it (`torch.optim.lr_scheduler.StepLR`, `transformers.get_scheduler`,
    `utils.scheduler.WarmupCosineSchedule`), else the name as written (a snippet: torch's own class names and
    Hugging Face's factories are known by name alone)."""
    last = qualified.rsplit(".", 1)[-1]
    if last == "ReduceLROnPlateau" or last[:1] == "_":
        return False
    in_torch = last[:1].isupper() and (last in TORCH_SCHEDULERS or ".lr_scheduler." in f".{qualified}")
    factory = SCHEDULE_FACTORY.fullmatch(last) is not None or last == "get_scheduler"
    package = qualified.split(".", 1)[0]
    if not imported and "." not in qualified:
        return in_torch or factory  # `StepLR(...)`, `get_linear_schedule_with_warmup(...)` in a snippet
    if package in HF_SCHEDULE_PACKAGES:
        # Hugging Face's schedules (and pytorch-transformers' classes) are LambdaLRs built on their first argument.
        return factory or last in WARMUP_SCHEDULE_CLASSES
    # `torch.optim.lr_scheduler.StepLR`, `lr_scheduler.StepLR`: not a method (`self.get_scheduler()`) by its name.
    return in_torch and (package == "torch" or not imported) and ".lr_scheduler." in f".{qualified}"


def assigned_names(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    """`logits, self.loss = model(x)` binds `logits` and `self.loss`."""
    if type(target) in (cst.Tuple, cst.List):
        return [n for element in target.elements for n in assigned_names(element.value)]
    return [target] if isinstance(target, (cst.Name, cst.Attribute)) else []


def arguments_by_parameter(call: cst.Call, function: cst.FunctionDef, constructs: bool = False) -> dict[str, cst.BaseExpression]:
    """What `call` hands each parameter of `function` it names or reaches by position (`constructs`: the call builds
    an instance, and `function` is its class's `__init__`); nothing where it hands `*args` or `**kwargs`."""
    if any(arg.star for arg in call.args):
        return {}
    params = [p.name.value for p in [*function.params.posonly_params, *function.params.params]]
    if params and params[0] in {"self", "cls"} and (constructs or isinstance(call.func, cst.Attribute)):
        params = params[1:]  # bound by the instance (or class) the call makes or is made on
    positional = [arg.value for arg in call.args if arg.keyword is None]
    handed = dict(zip(params, positional))
    return handed | {arg.keyword.value: arg.value for arg in call.args if arg.keyword is not None}
