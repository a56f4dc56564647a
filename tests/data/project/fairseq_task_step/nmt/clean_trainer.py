# expect: clean
"""The twin: the same update, clipped before the step."""

from nmt.optim import build_optimizer


class CleanTrainer:
    def __init__(self, cfg, task, model, criterion):
        self.cfg = cfg
        self.task = task
        self.model = model
        self.criterion = criterion
        self.optimizer = build_optimizer(cfg, model.parameters())
        self.num_updates = 0

    def train_step(self, samples):
        self.model.train()
        self.optimizer.zero_grad()
        sample_size = 0
        for sample in samples:
            loss, size, logging_output = self.task.train_step(
                sample, self.model, self.criterion, self.optimizer, self.num_updates
            )
            sample_size += size
        self.optimizer.multiply_grads(1.0 / max(sample_size, 1))
        grad_norm = self.optimizer.clip_grad_norm(self.cfg.clip_norm)
        self.optimizer.step()
        self.num_updates += 1
        return grad_norm
