"""The PyTorch and framework words the analyses and the runtime guard recognise, in one place.

Names only: no torch import (the static linter runs without it); tests/test_vocabulary.py
checks the torch lists against the installed torch.
"""

from __future__ import annotations

import re

# How many calls deep the analysis follows the functions a training loop calls: the gate's screen and the
# IR builder read this one number, so the screen never rules out a file the builder would report on.
CALL_DEPTH = 6

# --- optimizers -------------------------------------------------------------------------------

# Constructors whose result is an optimizer: torch.optim's, and the common third-party ones.
OPTIMIZER_CLASSES = frozenset(
    """SGD Adam AdamW RMSprop Adagrad Adadelta Adamax NAdam RAdam LBFGS SparseAdam ASGD Rprop
    Adafactor Lion LAMB Lamb LARS Lars Novograd NovoGrad AdaBelief AdaBound Yogi Adan Sophia SophiaG
    Shampoo Muon Prodigy SAM Lookahead Ranger QHAdam AdamP SGDP SGDW MADGRAD DAdaptAdam DAdaptSGD
    FusedAdam FusedLAMB FusedSGD FusedNovoGrad CPUAdam DeepSpeedCPUAdam Adam8bit AdamW8bit
    PagedAdamW PagedAdamW8bit PagedAdam Lion8bit PagedLion SGD8bit AdEMAMix ScheduleFreeAdamW""".split()
)
# The bases that make a class an optimizer: torch's `Optimizer`, or one of the optimizers above (`class Lamb(AdamW)`).
TORCH_OPTIMIZER_BASES = frozenset({"Optimizer", *OPTIMIZER_CLASSES})
# Optimizers that evaluate the closure handed to `step()` several times per step (LBFGS: up to `max_iter`,
# the line search more), each evaluation's backward adding to the last unless the closure clears.
CLOSURE_REEVALUATING_OPTIMIZERS = frozenset({"LBFGS"})
# Optimizers that wrap another one (whose state they do not own) or whose state is not known.
OPTIMIZER_WRAPPERS = frozenset({"SAM", "Lookahead", "Ranger"})
# Words of an identifier that name an optimizer (`d_optim`, `optimizerG`).
OPTIMIZER_WORDS = frozenset({"opt", "opts", "optim", "optims", "optimizer", "optimizers", "optimiser", "optimisers"})

# --- schedulers -------------------------------------------------------------------------------

# Words of an identifier that name a scheduler, never an optimizer (`lr_opt` is not an optimizer).
SCHEDULER_WORDS = frozenset({"sched", "scheduler", "schedulers", "lr", "warmup", "schedule"})
# Schedulers whose first `step()` before their optimizer's makes PyTorch skip the schedule's first value.
# Not ReduceLROnPlateau: it is stepped on a metric and keeps no schedule to skip.
TORCH_SCHEDULERS = frozenset(
    """LambdaLR MultiplicativeLR StepLR MultiStepLR ConstantLR LinearLR ExponentialLR SequentialLR
    CosineAnnealingLR ChainedScheduler CyclicLR CosineAnnealingWarmRestarts OneCycleLR PolynomialLR SWALR""".split()
)
TORCH_SCHEDULER_BASES = frozenset({"LRScheduler", "_LRScheduler", *TORCH_SCHEDULERS})
# Hugging Face's schedule factories return a LambdaLR built on their first argument.
SCHEDULE_FACTORY = re.compile(r"get_\w+_schedule(?:_with_warmup)?")
# pytorch-transformers' (and transformers 2's) schedule classes: LambdaLR subclasses, the constant one too (the copies
# projects keep in their utils are not known to be).
WARMUP_SCHEDULE_CLASSES = frozenset(
    {"ConstantLRSchedule", "WarmupConstantSchedule", "WarmupLinearSchedule", "WarmupCosineSchedule", "WarmupCosineWithHardRestartsSchedule"}
)
SCHEDULER_HINT = re.compile(r"(LR|Scheduler|scheduler|Schedule|Warmup|warmup|lr_lambda)")

# --- AMP --------------------------------------------------------------------------------------

SCALER_CLASSES = frozenset({"GradScaler", "ShardedGradScaler"})
# torch functions that make a new tensor: `recent = torch.zeros(n)` then `recent[i] = loss` keeps every graph.
TENSOR_FACTORIES = frozenset(
    {"zeros", "ones", "empty", "full", "tensor", "zeros_like", "ones_like", "empty_like", "full_like", "rand", "randn"}
)
# Tensor methods that make a new tensor (`weight.new_zeros(...)`: no autograd graph whatever `weight` carries),
# those that give the same values moved or cast (a new tensor stays one), and the legacy wrapper.
NEW_TENSOR_METHODS = frozenset({"new", "new_zeros", "new_ones", "new_empty", "new_full", "new_tensor"})
# torch's typed tensor classes, called on data (`torch.LongTensor(token_ids)`): a new tensor, no autograd graph.
TENSOR_CLASSES = frozenset(
    f"{kind}Tensor" for kind in ("Long", "Int", "Short", "Char", "Byte", "Bool", "Float", "Double", "Half", "BFloat16")
)
SAME_TENSOR_METHODS = frozenset({"to", "cuda", "cpu", "float", "double", "half", "long", "contiguous", "zero_", "detach"})
VARIABLE_WRAPPERS = frozenset({"Variable", "autograd.Variable", "torch.autograd.Variable"})
# Tensor methods whose result carries no autograd graph: a new leaf, or a Python number or list.
GRAPH_CUTTING_METHODS = frozenset({"detach", "detach_", "item", "tolist", "numpy"})
# numpy's functions that convert what they are handed into a new array (a tensor that requires grad raises there):
# their value holds no autograd graph. Not numpy's reductions: `np.mean(t)` calls the tensor's own `mean`.
NUMPY_ARRAY_MAKERS = frozenset(
    f"numpy.{name}" for name in
    "array asarray asanyarray ascontiguousarray stack vstack hstack concatenate zeros ones empty full arange linspace".split()
)
# Reads of a tensor that carry no autograd graph: its metadata (`x.shape[1]`), its data or gradient apart from it.
GRAPHLESS_ATTRIBUTES = frozenset({"shape", "dtype", "device", "data", "grad", "ndim", "requires_grad", "is_cuda"})

# --- gradients --------------------------------------------------------------------------------

# torch.nn.utils' functions that clip gradients in place (`clip_grad_norm` is the deprecated
# spelling of `clip_grad_norm_`, which it calls).
CLIP_FUNCTIONS = frozenset({"clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "clip_grads_with_norm_"})
# Those that only call another clip function: the runtime guard patches the callee, not them.
CLIP_ALIASES = frozenset({"clip_grad_norm"})
# Functions that read the gradients' norm without changing them.
NORM_FUNCTIONS = frozenset({"get_total_norm"})
# Context managers (and decorators) under which no graph is recorded.
NO_GRAD_CONTEXTS = frozenset({"no_grad", "inference_mode"})

# --- training loops ---------------------------------------------------------------------------

# Words of a condition that counts micro-batches or asks whether to step (gradient accumulation).
COUNTER_WORDS = re.compile(
    r"accum|sync_grad|is_last|last_batch|last_step|last_iter|should_step|do_step|should_update|do_update"
    r"|update_step|boundary|micro|grad_acc|gradient_acc|optimizer_step|step_now|take_step|update_now|need_update"
)
# Calls that print or log a value (a number serves them as well as a tensor).
REPORTING_CALLS = frozenset(
    """print info debug warning log log_dict log_metrics add_scalar add_scalars set_postfix set_postfix_str
    set_description write""".split()
)

# --- frameworks -------------------------------------------------------------------------------

# A GradScaler's method that reads its current scale: a clip threshold multiplied by it fits scaled gradients.
GET_SCALE = "get_scale"
# A tensor's methods that reduce it to the scalar a loss is (`energy.sum()`): a value no closure can be.
TENSOR_REDUCTIONS = frozenset({"sum", "mean", "nansum", "nanmean"})
# Calls that hand back their arguments wrapped, in order: `model, opt = accelerator.prepare(model, opt)`.
WRAPPING_CALLS = frozenset({"prepare", "initialize", "setup", "optimize", "setup_module_and_optimizers"})
# torch's module classes (`nn.Module`, Lightning's `LightningModule`), as a class's base is written: calling an
# instance of a subclass runs its `forward`.
MODULE_CLASSES = frozenset({"Module", "LightningModule"})
# The methods calling an instance runs (`trainer(images)`): its class's `__call__`, a torch module's `forward`.
INSTANCE_CALL_METHODS = frozenset({"__call__", "forward"})
# Module methods that hand back the module itself, moved, cast or switched: `Net().to(device)` is the `Net` built.
MOVING_METHODS = frozenset({"to", "cuda", "cpu", "float", "half", "double", "bfloat16", "train", "eval", "requires_grad_"})
# Module methods that hand back its parts, not its output: `AdamW(model.parameters())` runs no forward.
MODULE_PART_METHODS = frozenset(
    {"parameters", "named_parameters", "buffers", "named_buffers", "modules", "named_modules", "children", "named_children",
     "state_dict", "apply"}
)
# The rest of torch's `nn.Module` methods, none of which runs the module (`model.zero_grad()`, `model.load_state_dict(sd)`):
# any other method called on a model is its own (`model.generate(x)`, `nets.discriminator(x)` of a Munch of models).
MODULE_METHODS = MOVING_METHODS | MODULE_PART_METHODS | frozenset(
    {"add_module", "register_module", "register_buffer", "register_parameter", "register_forward_hook",
     "register_forward_pre_hook", "register_full_backward_hook", "register_full_backward_pre_hook", "register_backward_hook",
     "register_state_dict_pre_hook", "register_load_state_dict_post_hook", "load_state_dict", "zero_grad", "share_memory",
     "type", "to_empty", "ipu", "xpu", "mtia", "get_submodule", "set_submodule", "get_parameter", "get_buffer",
     "get_extra_state", "set_extra_state", "extra_repr", "compile"}
)
# Dicts whose attributes are their keys: `optims.discriminator` is `optims["discriminator"]` of a `Munch` (munch's
# class and `munchify`), an `EasyDict` (easydict, often imported as `edict`), an `AttrDict`. Not a `SimpleNamespace`
# nor argparse's `Namespace`: they hold attributes but no keys (`ns["d"]` raises; they have no `values()`), so an
# attribute of them is an object of its own, as any other object's is (a plain `dict` has no such attributes).
ATTRIBUTE_MAPPINGS = frozenset({"Munch", "munchify", "EasyDict", "edict", "AttrDict"})
# Calls that build a mapping from keywords (`dict(g=opt_g)`) or from one mapping handed to them.
MAPPING_CONSTRUCTORS = frozenset({"dict", "OrderedDict", *ATTRIBUTE_MAPPINGS})
# A mapping's own methods, never one of its keys read as an attribute (`optims.values()`, Munch's `toDict()`).
MAPPING_METHODS = frozenset(name for name in dir(dict) if not name.startswith("_")) | {"toDict", "toJSON", "toYAML", "fromDict"}
# Data-parallel wrappers: the module they were handed is their `.module` (`model.module.train_step(batch)`).
DATA_PARALLEL_WRAPPERS = frozenset({"DistributedDataParallel", "DataParallel", "DDP", "FullyShardedDataParallel", "FSDP"})
WRAPPED_MODULE = "module"
# Calls that hand back the same module's parameters: `DDP(model)`, `torch.compile(model)`, `copy.deepcopy(model)`.
MODULE_WRAPPERS = DATA_PARALLEL_WRAPPERS | {"compile", "deepcopy", "convert_sync_batchnorm", "prepare"}

# `functools.partial` as called: a callable with some of its arguments bound.
PARTIALS = frozenset({"partial", "functools.partial"})
# Calls handing back a callable that calls the function they were handed (first, or as `function=`) with its own
# keyword arguments and a batch size of its choosing: transformers' and Accelerate's `find_executable_batch_size`.
KEYWORD_FORWARDERS = frozenset({"find_executable_batch_size"})

# --- the library these words describe ---------------------------------------------------------

# The library whose API these words describe as a whole (its optimizers, schedulers, scalers, modules, clips): its
# modules are known by these words, never read as the checked project's code, even where the checked tree is that
# library itself (a PyTorch checkout, the installed package), so a file of it is analysed as a user's file importing
# the same names is (reading the bodies the words describe adds nothing and can only disagree). Its test helpers
# (`torch.testing`) are not described: they train as a project's code does, and are read. The other libraries the
# summaries name (timm, Accelerate, ...) are described one wrapper at a time; the rest of their code is read where
# it is the project's.
DESCRIBED_LIBRARY = "torch"
UNDESCRIBED_PART = "torch.testing"


def described(module: str) -> bool:
    """Whether a module (a dotted name) is of the library these words describe."""
    return module.partition(".")[0] == DESCRIBED_LIBRARY and not f"{module}.".startswith(f"{UNDESCRIBED_PART}.")
