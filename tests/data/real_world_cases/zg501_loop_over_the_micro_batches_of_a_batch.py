"""Each batch arrives as a list of micro-batches, backpropagated one at a time, then one step (CarperAI/trlx's
`learn()`, round 7's `minibatch_iterator_accumulation/` in one file): `for microbatch in minibatch:` is RULES.md's
inner loop over micro-batches (its target says so, as `range(n)` or `batch.chunk(n)` would), so the undivided
loss of `learn` accumulates `num_mb` micro-batches' gradients into each step (ZG501); `learn_averaged` divides."""
# expect: ZG501 18:13
import torch


def mse(model, microbatch):
    return torch.nn.functional.mse_loss(model(microbatch[:, :-1]), microbatch[:, -1:])


def learn(model, minibatches, num_mb, lr=1e-5):
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for minibatch in minibatches:
        for microbatch in minibatch:
            loss = mse(model, microbatch)
            loss.backward()
        opt.step()
        opt.zero_grad()


def learn_averaged(model, minibatches, num_mb, lr=1e-5):
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for minibatch in minibatches:
        for microbatch in minibatch:
            loss = mse(model, microbatch)
            (loss / num_mb).backward()
        opt.step()
        opt.zero_grad()


def learn_each_task(model, tasks, lr=1e-5):
    opt = torch.optim.AdamW(model.parameters(), lr=lr)
    for batch in tasks:
        for task_batch in batch:  # one loss per task, summed on purpose: no micro-batches
            mse(model, task_batch).backward()
        opt.step()
        opt.zero_grad()
