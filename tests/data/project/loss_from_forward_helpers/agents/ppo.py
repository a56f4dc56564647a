# expect: ZG104 25:9
"""A recurrent PPO agent in pfrl's shape: the forward runs in `pack_and_forward` (utils/recurrent.py), a function of
another module handed the model; the clear comes after it and before the loss and its backward (ZG104, opt-in)."""

import torch

from utils.recurrent import pack_and_forward


class PPO:
    def __init__(self, model, optimizer, clip_eps=0.2):
        self.model = model
        self.optimizer = optimizer
        self.clip_eps = clip_eps

    def _lossfun(self, log_probs, log_probs_old, advs):
        ratio = torch.exp(log_probs - log_probs_old)
        clipped = torch.clamp(ratio, 1 - self.clip_eps, 1 + self.clip_eps)
        return -torch.min(ratio * advs, clipped * advs).mean()

    def update_recurrent(self, batch):
        logits, _ = pack_and_forward(self.model, batch["states"], batch["recurrent_state"])
        log_probs = torch.log_softmax(logits, dim=-1).gather(1, batch["actions"].unsqueeze(1)).squeeze(1)

        self.model.zero_grad()
        loss = self._lossfun(log_probs, batch["log_probs_old"], batch["advs"])
        loss.backward()
        self.optimizer.step()
