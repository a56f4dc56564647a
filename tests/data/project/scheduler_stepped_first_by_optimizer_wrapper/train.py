# expect: clean
"""The runner: each batch's backward, then one step of the pair, then the clear (of the optimizer the pair was built
with: `pair.optimizer` is that same optimizer, so the clear covers what the pair's step applied)."""

from optimkit.wrappers import OptimizerScheduler, OrderedOptimizerScheduler, build_optimizer, build_schedule


def train(model, loader, t_total):
    optimizer = build_optimizer(model, t_total)
    scheduler = build_schedule(optimizer, t_total)
    optimizer_scheduler = OptimizerScheduler(optimizer, scheduler)
    for batch in loader:
        loss = model(batch)
        loss.backward()
        optimizer_scheduler.step()
        optimizer_scheduler.optimizer.zero_grad()


def train_in_order(model, loader, t_total):
    optimizer = build_optimizer(model, t_total)
    scheduler = build_schedule(optimizer, t_total)
    pair = OrderedOptimizerScheduler(optimizer=optimizer, scheduler=scheduler)
    for batch in loader:
        loss = model(batch)
        loss.backward()
        pair.step()
        pair.optimizer.zero_grad()
