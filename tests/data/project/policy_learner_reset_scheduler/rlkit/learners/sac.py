# expect: ZG204 20:9
"""Soft actor-critic: the actor's learning rate decays once per episode, the scheduler stepped by the `reset` hook
that the agent calls at the start of every episode. The first episode's reset comes before any `learn`, so the
scheduler steps before the actor optimizer's first step and the schedule's first value is skipped."""

import torch

from .actor_critic import ActorCritic


class SoftActorCritic(ActorCritic):
    def __init__(self, actor, critic, lr_decay: float = 0.999, **kwargs) -> None:
        super().__init__(actor, critic, **kwargs)
        self._lr_decay = lr_decay
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self._actor_optimizer, gamma=lr_decay)

    # the learning rate decays once per episode
    def reset(self, action_space) -> None:
        super().reset(action_space)
        self.scheduler.step()
