# expect: clean
"""The twin: the same dict of networks, the critic's clear before its forward."""

import torch

from nets import Critic, Vocoder
from trainers.base import BaseTrainer


class CleanGANTrainer(BaseTrainer):
    def _build_model(self):
        return {"vocoder": Vocoder(), "critic": Critic()}

    def _build_optimizer(self):
        return {
            "optimizer_g": torch.optim.AdamW(self.model["vocoder"].parameters(), lr=2e-4),
            "optimizer_d": torch.optim.AdamW(self.model["critic"].parameters(), lr=2e-4),
        }

    def _train_step(self, batch):
        self.optimizer["optimizer_d"].zero_grad()
        mel = batch["mel"]
        fake = self.model["vocoder"](mel)
        real_score = self.model["critic"](batch["wav"])
        fake_score = self.model["critic"](fake.detach())
        critic_loss = (1 - real_score).relu().mean() + (1 + fake_score).relu().mean()
        self.accelerator.backward(critic_loss)
        self.optimizer["optimizer_d"].step()
