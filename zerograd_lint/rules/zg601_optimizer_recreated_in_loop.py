from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import finding, named


def check(facts: FileFacts) -> Iterator[Finding]:
    for root in facts.roots:
        for built, loop, step in root.recreated_optimizers:
            models = ", ".join(f"`{m}`" for m in sorted(built.models))
            loop_line = facts.line(loop.node)
            yield finding(
                facts, built.node,
                f"a new {built.optimizer_class} `{named(root, built.optimizer, built)}` is built in every iteration of the loop at line "
                f"{loop_line}, which steps it at line {facts.line(step.node)}, over the parameters of {models}, built "
                f"outside that loop: its state (moments, momentum, step count) starts empty each time. "
                f"Build it once, before the loop at line {loop_line}.",
            )


RULE = Rule(
    code="ZG601",
    name="optimizer-recreated-in-loop",
    needs=("lifecycle",),
    severity="error",
    summary="A stateful optimizer is constructed inside the training loop that steps it.",
    what=(
        "Reports the construction of a stateful optimizer (Adam, AdamW, RMSprop, Adagrad, Adadelta, Adamax, NAdam, "
        "RAdam, LBFGS, SGD with a momentum > 0, third-party ones such as Lion or LAMB) that runs in every iteration "
        "of a training loop which also steps it, over the parameters of a model built outside that loop: the class "
        "called, a function returning its construction, or a `functools.partial` of the class (its keywords read "
        "with the call's, a config module's partial through the import)."
    ),
    why=(
        "Every iteration then starts from an empty optimizer state: Adam's moment estimates, SGD's momentum "
        "buffers and step counts are thrown away, so bias correction restarts at step 1 each time and the run "
        "trains worse (or not at all) while nothing raises."
    ),
    example=(
        "model = Net()\nfor epoch in range(epochs):\n    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n"
    ),
    use_instead=(
        "model = Net()\noptimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\nfor epoch in range(epochs):\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n"
    ),
    limits=(
        "Not reported when the loop also rebuilds, copies, reloads or re-initialises the model, unfreezes "
        "parameters, changes the model before the construction (`prune(model)`, `model.grow()`) or takes another "
        "model each iteration (cross-validation folds, trials, meta-learning tasks), when each iteration trains "
        "on data of its own (`for task in tasks: ... for x, y in task.loader:`, continual learning), "
        "when the optimizer's state is loaded after construction, when the construction is conditional "
        "(`if opt is None:`, or once, under `if epoch == warmup_epochs:`), for SGD whose momentum is not given "
        "or shown to be 0, or when the parameters' owner is not visible (an optimizer over a tensor being "
        "optimised, such as an adversarial perturbation). Rebuilding the same data (`loader = DataLoader(...)`, "
        "`self._create_data_loader(self.train_dataset)`), a helper of the object that leaves the model as it is "
        "(`self.init_train_epoch()` reading the epoch's learning rate), "
        "`model.train()`, `model.training = True`, `model = model.to(device)` and a change under a test that holds "
        "once do not make a fresh run; a construction on both arms of an `if` runs every iteration, and "
        "`momentum=args.momentum` keeps state unless the file shows it is 0."
    ),
    valid=(
        # A fresh model and a fresh optimizer per fold.
        "for fold, (train_idx, val_idx) in enumerate(folds):\n    model = Net()\n"
        "    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)\n    for x, y in loaders[fold]:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # MAML-style inner loop: a copy of the meta-model and its own optimizer per task.
        "for task in tasks:\n    learner = copy.deepcopy(meta_model)\n"
        "    inner_opt = torch.optim.Adam(learner.parameters(), lr=0.01)\n    for step in range(5):\n"
        "        inner_opt.zero_grad()\n        task.loss(learner).backward()\n        inner_opt.step()\n",
        # Plain SGD (no momentum) keeps no state: building it per step changes nothing.
        "for x, y in loader:\n    probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)\n    probe_opt.zero_grad()\n"
        "    criterion(probe(x), y).backward()\n    probe_opt.step()\n",
        # The state is loaded right after construction.
        "for round in range(rounds):\n    optimizer = torch.optim.Adam(model.parameters())\n"
        "    optimizer.load_state_dict(saved_state)\n    for x, y in loader:\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n    saved_state = optimizer.state_dict()\n",
        # Built once, lazily.
        "optimizer = None\nfor x, y in loader:\n    if optimizer is None:\n"
        "        optimizer = torch.optim.AdamW(model.parameters())\n    optimizer.zero_grad()\n"
        "    criterion(model(x), y).backward()\n    optimizer.step()\n",
        # Weights reset for each trial.
        "for lr in [1e-4, 1e-3, 1e-2]:\n    model.load_state_dict(initial_state)\n"
        "    optimizer = torch.optim.Adam(model.parameters(), lr=lr)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # An adversarial perturbation optimised per sample: a fresh tensor, not a model.
        "for x, y in loader:\n    delta = torch.zeros_like(x, requires_grad=True)\n"
        "    attack_opt = torch.optim.Adam([delta], lr=0.01)\n    for _ in range(10):\n        attack_opt.zero_grad()\n"
        "        (-criterion(model(x + delta), y)).backward()\n        attack_opt.step()\n",
        # Continual learning: each task trains on its own data with a fresh optimizer, by choice.
        "for task_id, task_loader in enumerate(task_loaders):\n    optimizer = torch.optim.Adam(model.parameters())\n"
        "    for epoch in range(epochs):\n        for x, y in task_loader:\n            optimizer.zero_grad()\n"
        "            criterion(model(x), y).backward()\n            optimizer.step()\n",
        # Gradual unfreezing: each stage trains a new set of parameters.
        "for stage in range(3):\n    for p in model.blocks[stage].parameters():\n        p.requires_grad = True\n"
        "    optimizer = torch.optim.AdamW(filter(lambda p: p.requires_grad, model.parameters()))\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
        # Iterative pruning: the model changes before each round's optimizer.
        "for round in range(rounds):\n    prune_lowest(model, amount=0.2)\n"
        "    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # One model per member of an ensemble, by element or by index.
        "for member in ensemble:\n    member_opt = torch.optim.Adam(member.parameters())\n    for x, y in loader:\n"
        "        member_opt.zero_grad()\n        criterion(member(x), y).backward()\n        member_opt.step()\n",
        "for i in range(n_models):\n    optimizer = torch.optim.Adam(models[i].parameters())\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(models[i](x), y).backward()\n"
        "        optimizer.step()\n",
        # Rebuilt once, when the backbone is unfrozen: a test that holds in one epoch only.
        "for epoch in range(epochs):\n    if epoch == warmup_epochs:\n        model.backbone.requires_grad_(True)\n"
        "        optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # The file shows the momentum is 0: plain SGD.
        "parser.add_argument('--momentum', type=float, default=0.0)\nargs = parser.parse_args()\n"
        "for epoch in range(epochs):\n    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=args.momentum)\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
        # Stage-wise training: each stage's parameter group is another block of the model.
        "for stage in range(len(model.blocks)):\n"
        "    optimizer = torch.optim.Adam([{'params': model.blocks[stage].parameters(), 'lr': stage_lr[stage]}])\n"
        "    for x, y in loader:\n        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n"
        "        optimizer.step()\n",
    ),
    invalid=(
        # Over the parameters that require grad, gathered afresh next to the construction: still the same model's.
        "for epoch in range(epochs):\n    params = [p for p in model.parameters() if p.requires_grad]\n"
        "    optimizer = torch.optim.AdamW(params, lr=1e-3)  # <- ZG601\n    for x, y in loader:\n        optimizer.zero_grad()\n"
        "        criterion(model(x), y).backward()\n        optimizer.step()\n",
        "model = Net()\nfor epoch in range(epochs):\n"
        "    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)  # <- ZG601\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        "for x, y in loader:\n    opt = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)  # <- ZG601\n"
        "    opt.zero_grad()\n    criterion(model(x), y).backward()\n    opt.step()\n",
        # Through a factory of the file: reported at the construction.
        "def make_optimizer(net):\n    return torch.optim.RMSprop(net.parameters(), lr=1e-3)  # <- ZG601\n\n"
        "def train(model, loader):\n    for x, y in loader:\n        optimizer = make_optimizer(model)\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # Through a `functools.partial` of the class (a config value), called on the parameters: reported at the call.
        "make_optimizer = functools.partial(torch.optim.AdamW, lr=3e-4, weight_decay=0.1)\n\n"
        "for epoch in range(epochs):\n    optimizer = make_optimizer(model.parameters())  # <- ZG601\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # The same data rebuilt and the model moved each epoch: still the same model.
        "for epoch in range(epochs):\n    loader = DataLoader(train_set, batch_size=64, shuffle=True)\n"
        "    model = model.to(device)\n    model.train()\n"
        "    optimizer = torch.optim.AdamW(model.parameters())  # <- ZG601\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # Built on both arms of an `if`; an argparse default of 0.9 is a momentum.
        "parser.add_argument('--momentum', type=float, default=0.9)\nargs = parser.parse_args()\n"
        "for epoch in range(epochs):\n    if args.optimizer == 'sgd':\n"
        "        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=args.momentum)  # <- ZG601\n"
        "    else:\n        optimizer = torch.optim.Adam(model.parameters())  # <- ZG601\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
        # Parameter groups of the same model, with this epoch's learning rate: the same parameters every epoch.
        "for epoch in range(epochs):\n    lr = base_lr * 0.9 ** epoch\n    optimizer = torch.optim.SGD(  # <- ZG601\n"
        "        [{'params': model.body.parameters()}, {'params': model.head.parameters(), 'lr': lr * 10}],\n"
        "        lr=lr, momentum=0.9)\n    for x, y in loader:\n"
        "        optimizer.zero_grad()\n        criterion(model(x), y).backward()\n        optimizer.step()\n",
    ),
    check=check,
)
