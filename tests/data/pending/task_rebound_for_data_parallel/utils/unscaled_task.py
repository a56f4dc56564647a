"""The twin of base_task.py: the same clipping hook, run by the trainer that unscales first."""
# expect: clean
import torch
from torch import nn

from utils.unscaling_trainer import UnscalingTrainer


class UnscaledTask(nn.Module):
    def __init__(self, gradient_clip_norm=1.0):
        super().__init__()
        self.gradient_clip_norm = gradient_clip_norm

    def on_before_optimization(self, opt_idx):
        if self.gradient_clip_norm > 0:
            torch.nn.utils.clip_grad_norm_(self.parameters(), self.gradient_clip_norm)

    @classmethod
    def start(cls, hparams):
        trainer = UnscalingTrainer(amp=hparams["amp"])
        trainer.fit(cls)
