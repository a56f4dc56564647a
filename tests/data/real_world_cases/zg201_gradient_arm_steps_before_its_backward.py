"""The twin of clean201_reinforce_arm_step_and_gradient_arm_backward.py whose gradient arm steps before its own
backward: in that arm's iterations the step applies the previous iteration's gradients, or none (RULES.md ZG201).
"""
# expect: ZG201 39:9
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
        self.arch_optimizer.step()
        loss = self.net(images).mean()
        loss.backward()

    def train(self, loader, updates):
        for images in loader:
            for _ in range(updates):
                if isinstance(self.config, RLConfig):
                    self.rl_update_step(images)
                elif isinstance(self.config, GradientConfig):
                    self.gradient_step(images)
