"""ZG104 (opt-in) missed: the loss, and with it the forward, comes from one arm of an if/elif over the configured
algorithm (no `else`), and the clear follows it, before the backward. The test is loop invariant (RULES.md
"Correlated conditions": nothing in the loop assigns `self.config`), so the path through neither arm takes neither
arm in every iteration, where `loss` is never bound and the first backward raises: every path that reaches the clear
ran a forward first. The engine keeps the path through neither arm, where the loss is the earlier iteration's, so no
forward is pending at the clear on every path, and stays silent.

Modelled on ermongroup/ncsn runners/anneal_runner.py `AnnealRunner.train` (its scorenet_runner.py, the same shape,
is reported only because `scaled_score = lambda x: score(x)` before the test is read as a forward).
"""
# expect: ZG104 42:17

import torch


def dsm_loss(scorenet, samples, sigma):
    perturbed = samples + torch.randn_like(samples) * sigma
    target = -(perturbed - samples) / sigma**2
    return ((scorenet(perturbed) - target) ** 2).sum(dim=-1).mean()


def ssm_loss(scorenet, samples):
    vectors = torch.randn_like(samples)
    grad = scorenet(samples.requires_grad_())
    return ((vectors * grad).sum(dim=-1) ** 2).mean()


class AnnealRunner:
    def __init__(self, config):
        self.config = config

    def train(self, score, loader):
        optimizer = torch.optim.Adam(score.parameters(), lr=self.config.lr)
        for epoch in range(self.config.n_epochs):
            for X, y in loader:
                score.train()
                if self.config.algo == "dsm":
                    loss = dsm_loss(score, X, self.config.sigma)
                elif self.config.algo == "ssm":
                    loss = ssm_loss(score, X)

                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
