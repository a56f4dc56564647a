"""An offline actor-critic learner in the way of robomimic's CQL (round 32, robomimic/algo/cql.py:317): the entropy
temperature is a module holding one parameter, read through a property that calls it (`self.log_alpha`), and has its
own optimizer over that module's parameters. The temperature's loss multiplies the property's value by the detached
log-probabilities, then the temperature's clear runs before its backward: after the forward that built the loss (the
property's call of the module), so RULES.md ZG104 (opt-in) wants the clear reported, as it is when the temperature
is read by a method call (`self.log_alpha()`) or is a tensor attribute: the read of a property calls its getter, whose
body runs the module. The twin `clean104_property_of_the_config_read_before_the_clear.py` reads a property that runs
no model before its clear."""
# expect: ZG104 39:9
import torch


class LogTemperature(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.value = torch.nn.Parameter(torch.zeros(1))

    def forward(self):
        return self.value


class Learner:
    def __init__(self, actor, target_entropy):
        self.nets = torch.nn.ModuleDict({"actor": actor, "log_alpha": LogTemperature()})
        self.target_entropy = target_entropy
        self.alpha_optimizer = torch.optim.Adam(self.nets["log_alpha"].parameters(), lr=3e-4)

    @property
    def log_alpha(self):
        return self.nets["log_alpha"]()

    def update_temperature(self, batch):
        dist = self.nets["actor"](batch["obs"])
        with torch.no_grad():
            actions = dist.sample()
            log_prob = dist.log_prob(actions)
        alpha_loss = -(self.log_alpha * (log_prob + self.target_entropy).detach()).mean()
        info = {"alpha_loss": alpha_loss.item()}
        self.alpha_optimizer.zero_grad()
        alpha_loss.backward()
        self.alpha_optimizer.step()
        return info
