# expect: clean
"""An actor-critic learner: one optimizer per network, each cleared, backpropagated and stepped in `learn_batch`."""

import torch

from .base import PolicyLearner


class ActorCritic(PolicyLearner):
    def __init__(self, actor, critic, actor_lr: float = 3e-4, critic_lr: float = 3e-4, **kwargs) -> None:
        super().__init__(**kwargs)
        self._actor = actor
        self._critic = critic
        self._actor_optimizer = torch.optim.Adam(self._actor.parameters(), lr=actor_lr)
        self._critic_optimizer = torch.optim.Adam(self._critic.parameters(), lr=critic_lr)

    def learn_batch(self, batch) -> dict:
        self._critic_optimizer.zero_grad()
        critic_loss = (self._critic(batch.state) - batch.reward).pow(2).mean()
        critic_loss.backward()
        self._critic_optimizer.step()

        self._actor_optimizer.zero_grad()
        actor_loss = -self._critic(self._actor(batch.state)).mean()
        actor_loss.backward()
        self._actor_optimizer.step()
        return {"critic_loss": critic_loss.item(), "actor_loss": actor_loss.item()}
