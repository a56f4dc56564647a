# expect: ZG104 30:9
"""A GAN trainer whose networks sit in a dict its `_build_model` returns (the base assigns it to `self.model`): the
critic's clear runs after the critic's forward through `self.model["critic"]` and before its backward."""

import torch

from nets import Critic, Vocoder
from trainers.base import BaseTrainer


class GANTrainer(BaseTrainer):
    def _build_model(self):
        vocoder = Vocoder()
        critic = Critic()
        return {"vocoder": vocoder, "critic": critic}

    def _build_optimizer(self):
        return {
            "optimizer_g": torch.optim.AdamW(self.model["vocoder"].parameters(), lr=2e-4),
            "optimizer_d": torch.optim.AdamW(self.model["critic"].parameters(), lr=2e-4),
        }

    def _train_step(self, batch):
        with torch.no_grad():
            mel = batch["wav"].unfold(-1, 80, 80).transpose(1, 2)
        fake = self.model["vocoder"](mel)
        real_score = self.model["critic"](batch["wav"])
        fake_score = self.model["critic"](fake.detach())
        critic_loss = (1 - real_score).relu().mean() + (1 + fake_score).relu().mean()
        self.optimizer["optimizer_d"].zero_grad()
        self.accelerator.backward(critic_loss)
        self.optimizer["optimizer_d"].step()
