# expect: clean
"""The runner: a generator of training steps (each a backward over the accumulated micro-batches, then the pair's step
and the optimizer's clear), handed the pair by its construction."""


class Runner:
    def __init__(self, model, optimizer_scheduler, loader, max_steps, accumulation):
        self.model = model
        self.optimizer_scheduler = optimizer_scheduler
        self.loader = loader
        self.max_steps = max_steps
        self.accumulation = accumulation

    def run_train_context(self):
        for step in range(self.max_steps):
            self.run_train_step()
            yield step

    def run_train_step(self):
        self.model.train()
        for _ in range(self.accumulation):
            loss = self.model(next(self.loader)) / self.accumulation
            loss.backward()
        self.optimizer_scheduler.step()
        self.optimizer_scheduler.optimizer.zero_grad()
