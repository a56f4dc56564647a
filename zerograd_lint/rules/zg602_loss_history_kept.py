from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, KeptValue
from zerograd_lint.fixes import zg602
from zerograd_lint.rules import Example, Finding, Rule
from zerograd_lint.rules.support import at, finding, loop_named


def check(facts: FileFacts) -> Iterator[Finding]:
    for root in facts.roots:
        for kept in root.kept_values:
            accumulation = kept.accumulation
            target = accumulation.target
            yield finding(
                facts, accumulation.node,
                f"`{target}` keeps `{kept.value}`, {held(kept)} {at(facts, kept.backward)}, across the iterations of "
                f"{loop_named(facts, kept.loop)}: each iteration's autograd graph stays alive and memory grows "
                f"with every step. {advice(kept)}",
                fix=zg602.offer(
                    facts, accumulation.node, target, kept.value,
                    item_fix=kept.is_loss and facts.only_reported(kept),
                    container=kept.container.kind if kept.container is not None else None,
                ),
            )


def held(kept: KeptValue) -> str:
    """What the kept value is: the loss, a tensor from the model's output, or a container of such tensors."""
    container = kept.container
    if container is None:
        return "the tensor of" if kept.is_loss else "a tensor computed from the model's output for"
    which = ", ".join(f"`{entry}`" for entry in container.entries)
    if len(container.entries) == 1:
        return f"a {container.kind} whose {'entry' if container.kind == 'dict' else 'element'} {which} holds the graph of"
    return f"a {container.kind} whose {'entries' if container.kind == 'dict' else 'elements'} {which} hold the graph of"


def advice(kept: KeptValue) -> str:
    """What to keep instead, fitting the value's type: a tensor's number, a dict's entries detached, each element."""
    value, container = kept.value, kept.container
    if container is None:
        # `.item()` reads a number from the loss (a scalar); any other tensor is kept detached.
        return f"Add `{value}.item()` (or `{value}.detach()`) instead." if kept.is_loss else f"Add `{value}.detach()` instead."
    if container.kind == "dict":
        entry = container.entries[0]
        return f"Detach its entries before keeping it: `{value}[{entry}] = {value}[{entry}].detach()` (or `.item()`)."
    return "Keep each of those elements detached (`.detach()`, or `.item()` for a number)."


RULE = Rule(
    code="ZG602",
    name="loss-history-kept",
    needs=("lifecycle",),
    severity="warning",
    summary="A loss tensor is accumulated across iterations with its autograd graph.",
    what=(
        "Reports a statement that adds the tensor a backward is called on (`total_loss += loss`, "
        "`losses.append(loss)`, `running = running + loss * n`, a moving average `ema = beta * ema + (1 - beta) * loss`), or a tensor computed from the model's output on "
        "the way to that loss (a loss term, the output itself), into a variable that outlives the iteration of "
        "a training loop, without `.item()`, `.detach()`, `.data` or `float(...)`; and the same for a dict, tuple "
        "or list that holds such a tensor (`logs = {\"loss\": loss}`, also as a helper returns it: "
        "`loss, logs = step(batch)`) or an element a loop takes from one (`for k, v in parts.items(): totals[k] += v`); "
        "also where a helper keeps what it is given (`logger.log(loss)` of an object built before the loop, whose "
        "`log` appends its argument to `self.history`)."
    ),
    why=(
        "The tensor carries its autograd graph; the accumulator keeps every iteration's graph reachable (and "
        "`total += loss` chains one more node per step onto it), so memory grows with every step until the run "
        "dies of out-of-memory, while nothing else goes wrong. It is the first answer of PyTorch's FAQ on "
        "out-of-memory errors."
    ),
    example=(
        "total_loss = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    total_loss += loss\n"
    ),
    use_instead=(
        "total_loss = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    total_loss += loss.item()\n"
    ),
    limits=(
        "Only the tensor given to a backward (the same assignment reaching both) and the model-derived values "
        "it is computed from are followed; a value is model-derived when it is computed from a call of a model "
        "(an object the file builds an optimizer from, or named like one: `model`, `net`, `encoder`, ...). "
        "Not reported when the accumulated value is backpropagated itself (losses of "
        "an inner loop summed into one backward), inside `torch.no_grad()` / `torch.inference_mode()`, in a loop "
        "that does not train (an evaluation loop), when the accumulator is reset in every iteration, or for a "
        "dict whose graph-carrying entry is replaced by a detached value before it is kept "
        "(`out[\"loss\"] = out[\"loss\"].detach()`), or whose every entry a loop over its keys replaced "
        "(`for k, v in d.items(): d[k] = v.item()`). The advice fits the kept value: `.item()` for the loss, "
        "`.detach()` for another tensor, the entries detached for a dict, each element for a tuple."
    ),
    valid=(
        "totals = {}\nfor x, y in loader:\n    optimizer.zero_grad()\n    parts = criterion(model(x), y)\n"
        "    sum(parts.values()).backward()\n    optimizer.step()\n    for name, part in parts.items():\n"
        "        totals[name] = totals.get(name, 0.0) + part.item()\n",
        # The logger is given the loss's number.
        "class Logger:\n    def __init__(self):\n        self.history = []\n\n    def log(self, value):\n"
        "        self.history.append(value)\n\nlogger = Logger()\nfor x, y in loader:\n"
        "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    logger.log(loss.item())\n",
        "running_loss = 0.0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    running_loss += loss.item()\n",
        # The losses of an inner loop summed into one tensor on purpose, then one backward.
        "for batch in loader:\n    optimizer.zero_grad()\n    total = 0\n    for task in batch:\n"
        "        total = total + criterion(model(task.x), task.y)\n    total.backward()\n    optimizer.step()\n",
        # Validation losses under no_grad, next to training.
        "for epoch in range(epochs):\n    for x, y in train_loader:\n        optimizer.zero_grad()\n"
        "        loss = criterion(model(x), y)\n        loss.backward()\n        optimizer.step()\n    val_loss = 0\n"
        "    with torch.no_grad():\n        for x, y in val_loader:\n            loss = criterion(model(x), y)\n"
        "            val_loss += loss\n",
        # Detached values.
        "losses = []\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    losses.append(loss.detach())\n    epoch_loss += float(loss)\n",
        # Accumulated to be backpropagated: micro-batch losses summed, then one backward every n steps.
        "acc = 0\nfor i, (x, y) in enumerate(loader):\n    loss = criterion(model(x), y)\n    acc = acc + loss\n"
        "    if (i + 1) % n == 0:\n        (acc / n).backward()\n        optimizer.step()\n        optimizer.zero_grad()\n"
        "        acc = 0\n",
        # Data that only weighs the loss (targets, masks, weights), and predictions: no graph.
        "tokens = 0\nfor batch in loader:\n    optimizer.zero_grad()\n    mask = (batch['labels'] != -100).float()\n"
        "    logits = model(batch['input_ids'])\n    loss = (criterion(logits, batch['labels']) * mask).sum() / mask.sum()\n"
        "    loss.backward()\n    optimizer.step()\n    tokens += mask.sum()\n    preds.append(logits.argmax(-1))\n",
        # A helper that returns the loss's number.
        "def train_step(x, y):\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n"
        "    optimizer.step()\n    return loss.item()\n\n"
        "total = 0\nfor x, y in loader:\n    loss = train_step(x, y)\n    total += loss\n",
        # The graph-carrying entry of the step's output replaced by a detached value before the dict is kept.
        "outputs = []\nfor batch in loader:\n    optimizer.zero_grad()\n    out = model(batch)\n"
        "    out['loss'].backward()\n    optimizer.step()\n    out['loss'] = out['loss'].detach()\n"
        "    outputs.append(out)\n",
        # Reset in every iteration: nothing outlives it.
        "for x, y in loader:\n    parts = []\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    parts.append(loss)\n    loss.backward()\n    optimizer.step()\n    log(parts)\n",
        # A loss function returning its total and the count it divides by: the count is no term of the loss.
        "def detection_loss(out, y):\n    n = y.numel()\n    return (box_loss(out, y) + cls_loss(out, y)) / n, n\n\n"
        "seen = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss, n = detection_loss(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    seen += n\n",
        # Every entry of the step's loss dict replaced by its number, in a loop over its items, before it is returned.
        "def train_step(model, batch, optimizer):\n    out = model(batch)\n"
        "    terms = {'mse': F.mse_loss(out, batch), 'l1': F.l1_loss(out, batch)}\n    loss = terms['mse'] + terms['l1']\n"
        "    loss.backward()\n    optimizer.step()\n    optimizer.zero_grad()\n    for name, value in terms.items():\n"
        "        terms[name] = value.item()\n    return terms\n\n\ntotals = defaultdict(float)\nfor batch in loader:\n"
        "    terms = train_step(model, batch, optimizer)\n    for name, value in terms.items():\n        totals[name] += value\n",
        # horovod's all-reduce of the detached loss: no graph to keep.
        "import horovod.torch as hvd\n\ntotal = 0.0\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        "    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    total += hvd.allreduce(loss.detach())\n",
    ),
    invalid=(
        # DeepSpeed's engine steps and clears for itself; the loss is still kept.
        "model_engine, optimizer, _, _ = deepspeed.initialize(model=model, model_parameters=model.parameters())\n"
        "losses = []\nfor x, y in loader:\n    loss = criterion(model_engine(x), y)\n    model_engine.backward(loss)\n"
        "    model_engine.step()\n    losses.append(loss)  # <- ZG602\n",
        Example(
            "total_loss = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
            "    loss.backward()\n    optimizer.step()\n    total_loss += loss  # <- ZG602\n"
            "print(f'mean loss {total_loss / len(loader):.4f}')\n",
            fixed=(
                "total_loss = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n"
                "    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
                "    total_loss += loss.item()  # <- ZG602\nprint(f'mean loss {total_loss / len(loader):.4f}')\n"
            ),
        ),
        Example(
            "for epoch in range(epochs):\n    history = []\n    for x, y in loader:\n        optimizer.zero_grad()\n"
            "        loss = criterion(model(x), y)\n        loss.backward()\n        optimizer.step()\n"
            "        history.append(loss)  # <- ZG602\n    print(sum(history) / len(history))\n",
            fixed=(
                "for epoch in range(epochs):\n    history = []\n    for x, y in loader:\n"
                "        optimizer.zero_grad()\n        loss = criterion(model(x), y)\n        loss.backward()\n"
                "        optimizer.step()\n        history.append(loss.item())  # <- ZG602\n"
                "    print(sum(history) / len(history))\n"
            ),
        ),
        "running = 0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n"
        "    loss.backward()\n    optimizer.step()\n    running = running + loss * x.size(0)  # <- ZG602\n"
        "    losses_seen.append(running.item())\n",
        # Loss terms computed from the model's output, kept for the epoch's report.
        "for epoch in range(epochs):\n    epoch_recon = 0.0\n    for x in loader:\n        optimizer.zero_grad()\n"
        "        x_hat, mu, logvar = model(x)\n        recon = F.mse_loss(x_hat, x)\n"
        "        loss = recon + kl_divergence(mu, logvar)\n        loss.backward()\n        optimizer.step()\n"
        "        epoch_recon += recon  # <- ZG602\n    print(epoch_recon / len(loader))\n",
        # Kept on a namespace, or appended as a one-element list.
        "stats = SimpleNamespace(total=0, steps=0)\nkept = []\nfor x, y in loader:\n"
        "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    stats.total += loss  # <- ZG602\n    stats.steps += 1\n    kept += [loss]  # <- ZG602\n",
        # An entry of a dict of totals, added to through `get`.
        "totals = {}\nfor x, y in loader:\n    optimizer.zero_grad()\n    parts = criterion(model(x), y)\n"
        "    sum(parts.values()).backward()\n    optimizer.step()\n    for name, part in parts.items():\n"
        "        totals[name] = totals.get(name, 0.0) + part  # <- ZG602\n",
        # Kept in a dict of lists.
        "history = {'loss': [], 'acc': []}\nfor x, y in loader:\n    optimizer.zero_grad()\n    out = model(x)\n"
        "    loss = criterion(out, y)\n    loss.backward()\n    optimizer.step()\n"
        "    history['loss'].append(loss)  # <- ZG602\n    history['acc'].append((out.argmax(1) == y).float().mean().item())\n",
        # A trainer's `step` method, called for every batch by `fit`.
        "class Trainer:\n    def step(self, x, y):\n        self.optimizer.zero_grad()\n"
        "        loss = criterion(self.model(x), y)\n        loss.backward()\n        self.optimizer.step()\n"
        "        self.losses.append(loss)  # <- ZG602\n\n    def fit(self, loader):\n        for x, y in loader:\n"
        "            self.step(x, y)\n",
        # The loss a helper of the file backpropagates and returns.
        "def train_step(x, y):\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n"
        "    optimizer.step()\n    return loss\n\n"
        "total = 0\nfor x, y in loader:\n    loss = train_step(x, y)\n    total += loss  # <- ZG602\nprint(total)\n",
        # A helper's dict of loss terms, summed per key; a dict of logs holding the loss, kept whole.
        "def train_step(x, y):\n    out = model(x)\n    ce = criterion(out, y)\n    reg = out.pow(2).mean()\n"
        "    loss = ce + 0.01 * reg\n    optimizer.zero_grad()\n    loss.backward()\n    optimizer.step()\n"
        "    parts = {'ce': ce, 'reg': reg}\n    logs = {'loss': loss, 'lr': lr}\n    return parts, logs\n\n"
        "totals = {'ce': 0.0, 'reg': 0.0}\nhistory = []\nfor x, y in loader:\n    parts, logs = train_step(x, y)\n"
        "    for k, v in parts.items():\n        totals[k] += v  # <- ZG602\n    history.append(logs)  # <- ZG602\n",
        # A loss function returning its total and the dict of terms the total is computed from.
        "def detection_loss(out, y):\n    parts = {'box': box_loss(out, y), 'cls': cls_loss(out, y)}\n"
        "    return sum(parts.values()), parts\n\n"
        "totals = {'box': 0.0, 'cls': 0.0}\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        "    loss, parts = detection_loss(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    for k, v in parts.items():\n        totals[k] += v  # <- ZG602\n",
        # A logger of the file, built before the loop, keeps what its method is given.
        Example(
            "class Logger:\n    def __init__(self):\n        self.history = []\n\n    def log(self, value):\n"
            "        self.history.append(value)  # <- ZG602\n\nlogger = Logger()\nfor x, y in loader:\n"
            "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
            "    logger.log(loss)\n",
            fixed=(
                "class Logger:\n    def __init__(self):\n        self.history = []\n\n    def log(self, value):\n"
                "        self.history.append(value.item())  # <- ZG602\n\nlogger = Logger()\nfor x, y in loader:\n"
                "    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
                "    logger.log(loss)\n"
            ),
        ),
        # A term of a sum written inline in the backward call, not its first.
        "for obs in loader:\n    optimizer.zero_grad()\n    out = model(obs)\n    actor_loss = out[:, 0].mean()\n"
        "    critic_loss = out[:, 1].pow(2).mean()\n    (actor_loss + 0.5 * critic_loss).backward()\n    optimizer.step()\n"
        "    actor_losses.append(actor_loss.item())\n    critic_losses.append(critic_loss)  # <- ZG602\n",
        # horovod's all-reduce is an autograd function: the reduced loss carries its graph.
        "import horovod.torch as hvd\n\ntotal = 0.0\nfor x, y in loader:\n    optimizer.zero_grad()\n"
        "    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n"
        "    total += hvd.allreduce(loss)  # <- ZG602\n",
        # A moving average of the loss: the old value, weighted, still holds every earlier graph.
        "ema = 0.0\nfor x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n"
        "    optimizer.step()\n    ema = 0.9 * ema + 0.1 * loss  # <- ZG602\n",
    ),
    check=check,
)
