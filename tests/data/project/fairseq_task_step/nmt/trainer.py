# expect: ZG203 29:21
"""The trainer: clears, runs the task's step over each sample of the update (accumulation), rescales the summed
gradients, steps (the wrapper's `step`, which steps its `self._optimizer`), and only then clips: the clip cannot
change this update. Reported here, on the wrapper's clip call."""

from nmt.optim import build_optimizer


class Trainer:
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
        for i, sample in enumerate(samples):
            loss, size, logging_output = self.task.train_step(
                sample, self.model, self.criterion, self.optimizer, self.num_updates, ignore_grad=size_is_zero(sample)
            )
            sample_size += size
        self.optimizer.multiply_grads(1.0 / max(sample_size, 1))
        self.optimizer.step()
        grad_norm = self.optimizer.clip_grad_norm(self.cfg.clip_norm)
        self.num_updates += 1
        return grad_norm


def size_is_zero(sample):
    return sample is None
