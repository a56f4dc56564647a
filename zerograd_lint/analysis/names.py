"""Expressions as text, and what names and constructors say about a receiver's role."""

from __future__ import annotations

import re
from enum import Enum

import libcst as cst

_EMPTY_MODULE = cst.Module(body=[])


class Role(Enum):
    OPTIMIZER = "optimizer"
    SCHEDULER = "scheduler"
    SCALER = "scaler"
    ACCELERATOR = "accelerator"
    ENGINE = "engine"  # DeepSpeed-style engines: their step() clears by itself
    OTHER = "other"  # bound to some other constructor: never an optimizer


def code_of(node: cst.CSTNode) -> str:
    """The expression's source, with whitespace squeezed out, as a stable key."""
    return re.sub(r"\s+", "", _EMPTY_MODULE.code_for_node(node))


def one_line(code: str) -> str:
    """Source as one line, the way a user writes a call: `f(\n    a,\n)` is `f(a)`."""
    text = " ".join(code.split())
    return re.sub(r",? ([)\]}])", r"\1", re.sub(r"([(\[{]) ", r"\1", text))


def dotted_name(node: cst.BaseExpression) -> str | None:
    """`torch.optim.SGD` for a Name/Attribute chain, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted_name(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None


def last_name(node: cst.BaseExpression) -> str | None:
    """The last identifier of a Name, Attribute or Subscript base (`self.opt_g[0]` -> `opt_g`)."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    if isinstance(node, cst.Subscript):
        return last_name(node.value)
    if isinstance(node, cst.Call):
        return last_name(node.func)
    return None


def words(identifier: str) -> list[str]:
    """`optimizerG` -> [optimizer, g]; `d_optim` -> [d, optim]."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", identifier)
    return [w.lower() for w in re.split(r"[\s_\d]+", spaced) if w]


OPTIMIZER_WORDS = frozenset({"opt", "opts", "optim", "optims", "optimizer", "optimizers", "optimiser", "optimisers"})
SCHEDULER_WORDS = frozenset({"sched", "scheduler", "schedulers", "lr", "warmup", "schedule"})


def says_optimizer(identifier: str) -> bool:
    parts = words(identifier)
    if any(p in SCHEDULER_WORDS or p.startswith("sched") for p in parts):
        return False
    return any(p in OPTIMIZER_WORDS or p.startswith("optimi") for p in parts)


def says_scaler(identifier: str) -> bool:
    return "scaler" in identifier.lower()


def says_accelerator(identifier: str) -> bool:
    lowered = identifier.lower()
    return "accelerator" in lowered or lowered in {"fabric", "accel"}


OPTIMIZER_CLASSES = frozenset(
    """SGD Adam AdamW RMSprop Adagrad Adadelta Adamax NAdam RAdam LBFGS SparseAdam ASGD Rprop
    Adafactor Lion LAMB Lamb LARS Lars Novograd NovoGrad AdaBelief AdaBound Yogi Adan Sophia SophiaG
    Shampoo Muon Prodigy SAM Lookahead Ranger QHAdam AdamP SGDP SGDW MADGRAD DAdaptAdam DAdaptSGD
    FusedAdam FusedLAMB FusedSGD FusedNovoGrad CPUAdam DeepSpeedCPUAdam Adam8bit AdamW8bit
    PagedAdamW PagedAdamW8bit PagedAdam Lion8bit PagedLion SGD8bit AdEMAMix ScheduleFreeAdamW""".split()
)
SCALER_CLASSES = frozenset({"GradScaler", "ShardedGradScaler"})
SCHEDULER_HINT = re.compile(r"(LR|Scheduler|scheduler|Schedule|Warmup|warmup|lr_lambda)")


def constructor_role(callee: str) -> Role | None:
    """What a call's dotted callee name says about the object it returns."""
    last = callee.rsplit(".", 1)[-1]
    if last in SCALER_CLASSES or last.endswith("GradScaler"):
        return Role.SCALER
    if last == "Accelerator" or last == "Fabric":
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
