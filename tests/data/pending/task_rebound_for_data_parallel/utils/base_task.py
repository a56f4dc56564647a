"""The base of every task: its hook clips the gradients the trainer's scaled backward left scaled (RULES.md ZG401:
the threshold applies to scaled gradients), and `start()` runs the trainer on the task's own class."""
# expect: ZG401 17:13
import torch
from torch import nn

from utils.trainer import Trainer


class BaseTask(nn.Module):
    def __init__(self, gradient_clip_norm=1.0):
        super().__init__()
        self.gradient_clip_norm = gradient_clip_norm

    def on_before_optimization(self, opt_idx):
        if self.gradient_clip_norm > 0:
            torch.nn.utils.clip_grad_norm_(self.parameters(), self.gradient_clip_norm)

    @classmethod
    def start(cls, hparams):
        trainer = Trainer(accumulate_grad_batches=hparams["accumulate_grad_batches"], amp=hparams["amp"])
        trainer.fit(cls)
