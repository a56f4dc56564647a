# expect: clean
"""A world-model agent whose training step hands back one loss per optimizer (pydreamer's `Dreamer`,
pydreamer/models/dreamer.py): the world model's and the actor's, and the optimizers that step them."""

import torch
import torch.nn as nn


class WorldModelAgent(nn.Module):
    def __init__(self):
        super().__init__()
        self.world = nn.Linear(8, 8)
        self.actor = nn.Linear(8, 2)

    def init_optimizers(self, lr):
        optimizer_world = torch.optim.AdamW(self.world.parameters(), lr=lr)
        optimizer_actor = torch.optim.AdamW(self.actor.parameters(), lr=lr)
        return optimizer_world, optimizer_actor

    def training_step(self, obs):
        features = self.world(obs)
        loss_world = features.pow(2).mean()
        loss_actor = -self.actor(features.detach()).mean()
        metrics = {"loss_world": loss_world.detach(), "loss_actor": loss_actor.detach()}
        return (loss_world, loss_actor), metrics

    def grad_clip(self, max_norm):
        nn.utils.clip_grad_norm_(self.world.parameters(), max_norm)
        nn.utils.clip_grad_norm_(self.actor.parameters(), max_norm)
