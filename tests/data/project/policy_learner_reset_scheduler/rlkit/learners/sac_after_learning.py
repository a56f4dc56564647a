# expect: clean
"""Soft actor-critic whose actor learning rate decays after each `learn_batch`, once the actor has stepped."""

import torch

from .actor_critic import ActorCritic


class DecayingSoftActorCritic(ActorCritic):
    def __init__(self, actor, critic, lr_decay: float = 0.999, **kwargs) -> None:
        super().__init__(actor, critic, **kwargs)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self._actor_optimizer, gamma=lr_decay)

    def learn_batch(self, batch) -> dict:
        report = super().learn_batch(batch)
        self.scheduler.step()
        return report
