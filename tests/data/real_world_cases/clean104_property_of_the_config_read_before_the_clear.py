"""The twin of `zg104_temperature_clear_after_a_property_runs_its_module.py` (round 32, robomimic's CQL): the loss
weight is a property of the learner read before the clear (`weight = self.loss_weight`), but the property returns a
number of the configuration and runs no model: no forward pass runs before the clear, which sits before the actor's
forward as RULES.md ZG104 wants."""
# expect: clean
import torch


class Learner:
    def __init__(self, actor, config):
        self.actor = actor
        self.config = config
        self.optimizer = torch.optim.Adam(actor.parameters(), lr=3e-4)

    @property
    def loss_weight(self):
        return self.config["loss_weight"] / self.config["batch_size"]

    def update(self, batch):
        weight = self.loss_weight
        self.optimizer.zero_grad()
        dist = self.actor(batch["obs"])
        loss = -(dist.log_prob(batch["actions"]).sum(-1) * weight).mean()
        loss.backward()
        self.optimizer.step()
        return loss.item()
