"""A search manager's architecture update: a REINFORCE arm or a gradient arm, by the configuration's class.

Modelled on ProxylessNAS's `ArchSearchRunManager`: the loop calls `rl_update_step` or `gradient_step` under
`isinstance` tests of one configuration. The REINFORCE arm clears the architecture's gradients by hand, runs its
backwards, writes the reward-weighted sum into `.grad` and steps; the gradient arm clears, runs its backward and
steps. The REINFORCE step comes before the gradient arm's backward in the text, but the two arms of one `if` never
run in the same iteration: that backward does not follow the step there (RULES.md ZG201: "in an iteration").
"""
# expect: clean
import torch


class RLConfig:
    pass


class GradientConfig:
    pass


class Manager:
    def __init__(self, net, config):
        self.net = net
        self.config = config
        self.arch_optimizer = torch.optim.Adam(net.arch_parameters(), lr=1e-3)

    def rl_update_step(self, images):
        grads = []
        for _ in range(self.config.batch_size):
            for m in self.net.redundant_modules:
                if m.alpha.grad is not None:
                    m.alpha.grad.data.zero_()
            loss = -self.net.log_prob(images)
            loss.backward()
            grads.append([m.alpha.grad.data.clone() for m in self.net.redundant_modules])
        for idx, m in enumerate(self.net.redundant_modules):
            m.alpha.grad.data.zero_()
            for j in range(self.config.batch_size):
                m.alpha.grad.data += grads[j][idx]
        self.arch_optimizer.step()

    def gradient_step(self, images):
        self.net.zero_grad()
        loss = self.net(images).mean()
        loss.backward()
        self.arch_optimizer.step()

    def train(self, loader, updates):
        for images in loader:
            for _ in range(updates):
                if isinstance(self.config, RLConfig):
                    self.rl_update_step(images)
                elif isinstance(self.config, GradientConfig):
                    self.gradient_step(images)
