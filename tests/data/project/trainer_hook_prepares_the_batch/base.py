# expect: clean
"""A trainer's base class (efficientvit's apps/trainer/base.py): the epoch loop is the subclass's, the step is
`after_step` here: unscale, clip, `scaler.step`, update, then the scheduler."""

import torch


class Trainer:
    def __init__(self, model, data_provider, run_config):
        self.model = model
        self.data_provider = data_provider
        self.run_config = run_config
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=run_config.lr)
        self.lr_scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(self.optimizer, run_config.n_epochs)
        self.scaler = torch.cuda.amp.GradScaler()

    def before_step(self, feed_dict):
        return {key: value.cuda() for key, value in feed_dict.items()}

    def run_step(self, feed_dict):
        raise NotImplementedError

    def after_step(self):
        self.scaler.unscale_(self.optimizer)
        torch.nn.utils.clip_grad_value_(self.model.parameters(), self.run_config.grad_clip)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.lr_scheduler.step()
