from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.analysis.ir.names import code_of
from zerograd_lint.fixes import zg204
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, finding, loop_named, named


def check(facts: FileFacts) -> Iterator[Finding]:
    for root in facts.roots:
        for scheduler_step, step in root.early_scheduler_steps:
            if not root.in_region(scheduler_step) and scheduler_step.id not in root.fast_forwards_on_a_fresh_run:
                continue  # outside training: `for _ in range(start_epoch): scheduler.step()` fast-forwards on purpose
            loop = root.loop_of(scheduler_step)
            where = f" in {loop_named(facts, loop)}" if loop is not None else ""
            yield finding(
                facts, scheduler_step.node,
                f"`{scheduler_step.text}` can run before the first {at(facts, step)}{where}, so PyTorch skips the first "
                f"value of `{named(root, scheduler_step.scheduler, scheduler_step)}`'s learning-rate schedule (and only warns once). "
                f"Step the scheduler after `{named(root, step.optimizer, scheduler_step)}`'s step.",
                fix=zg204.offer(facts, scheduler_step.node, code_of(scheduler_step.node.func.value), step.node),
            )


RULE = Rule(
    code="ZG204",
    name="scheduler-step-before-optimizer-step",
    needs=("lifecycle",),
    severity="warning",
    summary="An LR scheduler is stepped before its optimizer's first `step()`.",
    what=(
        "Reports `scheduler.step()` on a PyTorch learning-rate scheduler built on an optimizer (`StepLR(opt, ...)`, "
        "`OneCycleLR(opt, ...)`, `LambdaLR(opt, ...)`, any `torch.optim.lr_scheduler.X(opt, ...)`, Hugging Face's "
        "`get_*_schedule*(opt, ...)` and `get_scheduler(...)`, or a class of the file derived from one) when, on "
        "some path, it runs before that optimizer's first `step()`: at the top of the epoch loop before the batch "
        "loop, or before the optimizer's step in the same iteration."
    ),
    why=(
        "Since PyTorch 1.1 the scheduler must be stepped after the optimizer. Stepped first, the schedule "
        "advances before any update is made with its first value: the first learning rate of the schedule "
        "(the warm-up's start, the first epoch's rate) is skipped, and the whole schedule runs one step early. "
        "PyTorch only prints one warning, which logs bury."
    ),
    example=(
        "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)\n"
        "for epoch in range(epochs):\n    scheduler.step()\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n"
    ),
    use_instead=(
        "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)\n"
        "for epoch in range(epochs):\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n"
        "    scheduler.step()\n"
    ),
    limits=(
        "Only scheduler steps inside a training loop (or a function that runs a backward and a step) are "
        "checked: fast-forwarding a schedule before training is deliberate, unless the fast-forward's count is a "
        "number the file writes on one path and a value it reads (a checkpoint's epoch) on another, and the number "
        "runs it at least once: on that fresh run (`epoch_str = 1` where no checkpoint loads, then `for _ in "
        "range(epoch_str): scheduler.step()`) the schedule moves before the optimizer's first step. "
        "Only schedulers whose construction, and so whose optimizer, is visible in the file (directly, through "
        "helpers' arguments, returned by a function of the file, or an attribute that the `__init__` of the object's "
        "class builds on another attribute of its own, `model.scheduler` on `model.optimizer`, or an attribute of "
        "a helper's argument that its caller stored there, `args.scheduler` after `args.scheduler = scheduler`) "
        "are checked; "
        "`ReduceLROnPlateau`, stepped on "
        "a metric (`scheduler.step(val_loss)`), keeps no schedule to skip. The scheduler must be PyTorch's: a "
        "project's own schedule class that does not derive from one (`class WarmupCosine(object)` setting "
        "`group[\"lr\"]` itself), timm's schedulers, or a class imported from a module that is not torch's are "
        "not reported, nor a step with an explicit epoch (`scheduler.step(epoch)`: the value is computed for that "
        "epoch, nothing is skipped). Not reported: "
        "a scheduler step that an optimizer step under some condition may precede "
        "(`if (i + 1) % accum == 0: optimizer.step()` then `scheduler.step()`), nor one under a test that is false "
        "in the first iteration (`if epoch > 0:`), nor one whose optimizer's name is bound to a new optimizer (a value "
        "that does not read it: `model, optimizer, scheduler = build()` in the next function the loop calls) before "
        "every step that follows it: that step is another optimizer's."
    ),
    valid=(
        # Stepped once per epoch, after the batch loop.
        "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)\n"
        "for epoch in range(epochs):\n    for x, y in loader:\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n    scheduler.step()\n",
        # A warm-up schedule stepped per batch, after the optimizer.
        "scheduler = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=100, num_training_steps=total)\n"
        "for batch in loader:\n    loss = model(**batch).loss\n    loss.backward()\n    optimizer.step()\n"
        "    scheduler.step()\n    optimizer.zero_grad()\n",
        # ReduceLROnPlateau stepped on a validation metric.
        "scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer, mode='min')\n"
        "for epoch in range(epochs):\n    scheduler.step(val_loss)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n"
        "    val_loss = evaluate(model)\n",
        # The optimizer and its scheduler returned by a method of the file, the scheduler stepped per epoch.
        "class Module(torch.nn.Module):\n    def configure_optimizers(self):\n"
        "        opt = torch.optim.AdamW(self.parameters(), lr=1e-3)\n"
        "        sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)\n        return opt, sched\n\n"
        "def train(module, loader):\n    opt, sched = module.configure_optimizers()\n    for epoch in range(10):\n"
        "        for x, y in loader:\n            opt.zero_grad()\n            module(x, y).backward()\n"
        "            opt.step()\n        sched.step()\n",
        # A scheduler whose construction is not visible (timm's schedulers take the epoch): unknown.
        "for epoch in range(epochs):\n    lr_scheduler.step(epoch)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # The step inside an accumulation guard may precede the scheduler step: not known to skip.
        "scheduler = OneCycleLR(optimizer, max_lr=0.1, total_steps=steps)\n"
        "for i, (x, y) in enumerate(loader):\n    (criterion(model(x), y) / accum).backward()\n"
        "    if (i + 1) % accum == 0:\n        optimizer.step()\n        optimizer.zero_grad()\n    scheduler.step()\n",
        # Warm-up then the main schedule, each stepped after the epoch; the generator of a GAN steps only every
        # fifth batch, its scheduler once per epoch.
        "warmup = torch.optim.lr_scheduler.LinearLR(opt_g, start_factor=0.1, total_iters=warmup_epochs)\n"
        "sched_g = StepLR(opt_g, 10)\nsched_d = StepLR(opt_d, 10)\n"
        "for epoch in range(epochs):\n    for i, (x, y) in enumerate(loader):\n        opt_d.zero_grad()\n"
        "        d_loss(x).backward()\n        opt_d.step()\n        if i % 5 == 0:\n            opt_g.zero_grad()\n"
        "            g_loss(x).backward()\n            opt_g.step()\n    if epoch < warmup_epochs:\n        warmup.step()\n"
        "    else:\n        sched_g.step()\n    sched_d.step()\n",
        # Not in the first epoch.
        "scheduler = StepLR(optimizer, 1)\nfor epoch in range(epochs):\n    if epoch > 0:\n        scheduler.step()\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
        # Fast-forwarding the schedule when resuming, outside any training loop.
        "scheduler = StepLR(optimizer, 1)\nfor _ in range(start_epoch):\n    scheduler.step()\n"
        "for epoch in range(start_epoch, epochs):\n    for x, y in loader:\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n    scheduler.step()\n",
        # With an explicit epoch: the value is computed for that epoch, nothing is skipped.
        "scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(optimizer, T_0=10)\n"
        "for epoch in range(epochs):\n    for i, (x, y) in enumerate(loader):\n"
        "        scheduler.step(epoch + i / len(loader))\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # The file's own schedule class, which sets the learning rate itself: no PyTorch scheduler.
        "class WarmupCosine(object):\n    def __init__(self, optimizer):\n        self.optimizer = optimizer\n"
        "        self.epoch = 0\n\n    def step(self):\n        self.epoch += 1\n"
        "        for group in self.optimizer.param_groups:\n            group['lr'] = lr_at(self.epoch)\n\n"
        "scheduler = WarmupCosine(optimizer)\nfor epoch in range(epochs):\n    scheduler.step()\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
        # A schedule class imported from the project's own module: not known to be PyTorch's.
        "from utils.scheduler import WarmupCosineSchedule\n\n"
        "scheduler = WarmupCosineSchedule(optimizer, warmup_steps=500, t_total=total)\nfor x, y in loader:\n"
        "    optimizer.zero_grad()\n    criterion(model(x), y).backward()\n    scheduler.step()\n"
        "    optimizer.step()\n",
        # The scheduler's optimizer is not visible: unknown.
        "def fit(model, optimizer, scheduler, loader):\n    for epoch in range(10):\n        scheduler.step()\n"
        "        for x, y in loader:\n            optimizer.zero_grad()\n            criterion(model(x), y).backward()\n"
        "            optimizer.step()\n",
        # A model that owns its schedule, built on an optimizer it is handed: not known to be `model.optimizer`.
        "class Net(torch.nn.Module):\n    def __init__(self, other_optimizer):\n        super().__init__()\n"
        "        self.fc = torch.nn.Linear(4, 1)\n        self.optimizer = torch.optim.Adam(self.parameters())\n"
        "        self.scheduler = StepLR(other_optimizer, 10)\n\n"
        "def train_epoch(model, loader):\n    model.scheduler.step()\n    for x, y in loader:\n"
        "        model.optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        model.optimizer.step()\n\n"
        "model = Net(optimizer)\nfor epoch in range(10):\n    train_epoch(model, loader)\n",
        # Two runs, each with its own optimizer and scheduler: the engine steps the first (not visibly), and the
        # second `optimizer.step()` is another optimizer's, bound anew to the same name.
        "def build():\n    net = Net()\n    opt = torch.optim.AdamW(net.parameters())\n    return net, opt, StepLR(opt, 10)\n\n"
        "def run_engine(loader):\n    model, optimizer, scheduler = build()\n"
        "    engine, optimizer, _, _ = deepspeed.initialize(model=model, optimizer=optimizer)\n"
        "    for x in loader:\n        engine.backward(engine(x))\n        engine.step()\n        scheduler.step()\n\n"
        "def run_plain(loader):\n    model, optimizer, scheduler = build()\n    for x in loader:\n"
        "        model(x).backward()\n        optimizer.step()\n        scheduler.step()\n        optimizer.zero_grad()\n\n"
        "for stage in range(2):\n    run_engine(loader)\n    run_plain(loader)\n",
    ),
    invalid=(
        Example(
            "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)\n"
            "for epoch in range(epochs):\n    scheduler.step()  # <- ZG204\n    for x, y in loader:\n"
            "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
            fixed=(
                "scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)\n"
                "for epoch in range(epochs):\n    for x, y in loader:\n        optimizer.zero_grad()\n"
                "        criterion(model(x), y).backward()\n        optimizer.step()\n"
                "    scheduler.step()  # <- ZG204\n"
            ),
        ),
        Example(
            "scheduler = OneCycleLR(optimizer, max_lr=0.01, total_steps=len(loader))\nfor x, y in loader:\n"
            "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    scheduler.step()  # <- ZG204\n"
            "    loss.backward()\n    optimizer.step()\n",
            fixed=(
                "scheduler = OneCycleLR(optimizer, max_lr=0.01, total_steps=len(loader))\nfor x, y in loader:\n"
                "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n"
                "    optimizer.step()\n    scheduler.step()  # <- ZG204\n"
            ),
        ),
        # Through a helper's arguments: the scheduler is built where the helper is called.
        "def train_epoch(model, loader, optimizer, scheduler):\n    scheduler.step()  # <- ZG204\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n\n"
        "def main(model, loader):\n    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)\n"
        "    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, milestones=[30, 60])\n"
        "    for epoch in range(90):\n        train_epoch(model, loader, optimizer, scheduler)\n",
        # A class of the file derived from torch's LambdaLR.
        "class Warmup(torch.optim.lr_scheduler.LambdaLR):\n    def __init__(self, opt, n):\n"
        "        super().__init__(opt, lambda e: min(1.0, (e + 1) / n))\n\n"
        "scheduler = Warmup(optimizer, 5)\nfor epoch in range(epochs):\n    scheduler.step()  # <- ZG204\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
        # Returned together by a method of the file.
        "class Module(torch.nn.Module):\n    def configure_optimizers(self):\n"
        "        opt = torch.optim.AdamW(self.parameters(), lr=1e-3)\n"
        "        return opt, torch.optim.lr_scheduler.LambdaLR(opt, lambda e: 0.95 ** e)\n\n"
        "def train(module, loader):\n    opt, sched = module.configure_optimizers()\n    for epoch in range(10):\n"
        "        sched.step()  # <- ZG204\n        for x, y in loader:\n            opt.zero_grad()\n"
        "            module(x, y).backward()\n            opt.step()\n",
        # A model that owns its optimizer and its schedule, both built by its `__init__`, handed to the epoch's helper.
        "class Net(torch.nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self.fc = torch.nn.Linear(4, 1)\n        self.optimizer = torch.optim.Adam(self.parameters())\n"
        "        self.scheduler = StepLR(self.optimizer, 10)\n\n"
        "def train_epoch(model, loader):\n    model.scheduler.step()  # <- ZG204\n    for x, y in loader:\n"
        "        model.optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        model.optimizer.step()\n\n"
        "model = Net()\nfor epoch in range(10):\n    train_epoch(model, loader)\n",
        # A factory whose other branch returns an exception (a typo for `raise`): no scheduler there, one elsewhere.
        "def make_scheduler(optimizer, policy):\n    if policy == 'step':\n"
        "        return torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)\n"
        "    return NotImplementedError(policy)\n\n"
        "scheduler = make_scheduler(optimizer, policy)\nfor epoch in range(epochs):\n    scheduler.step()  # <- ZG204\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
    ),
    check=check,
)
