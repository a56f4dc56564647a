"""An optional third optimizer, cleared and stepped under the same `is not None` test.

Seen in pytorch/rl examples/satellite/sac_per.py and sac_per_fully_async.py:
`optim_alpha = None`, then `if cfg.alpha_lr: optim_alpha = Adam([log_alpha])`
before the loop; each update does `optim_actor.zero_grad()`,
`optim_critic.zero_grad()`, `if optim_alpha is not None:
optim_alpha.zero_grad()`, one backward of the summed loss, then the steps,
with `if optim_alpha is not None: optim_alpha.step()`. Nothing in the loop
assigns `optim_alpha`: both tests take the same branch (RULES.md "Correlated
conditions").
"""
# expect: clean
import torch

actor, critic = torch.nn.Linear(4, 2), torch.nn.Linear(4, 1)
log_alpha = torch.zeros(1, requires_grad=True)
optim_actor = torch.optim.Adam(actor.parameters())
optim_critic = torch.optim.Adam(critic.parameters())
optim_alpha = None
if torch.rand(()) > 0.5:
    optim_alpha = torch.optim.Adam([log_alpha])

for step in range(100):
    x = torch.randn(8, 4)
    optim_actor.zero_grad(set_to_none=True)
    optim_critic.zero_grad(set_to_none=True)
    if optim_alpha is not None:
        optim_alpha.zero_grad(set_to_none=True)
    loss = actor(x).pow(2).mean() + critic(x).pow(2).mean() + log_alpha.exp().sum()
    loss.backward()
    optim_actor.step()
    optim_critic.step()
    if optim_alpha is not None:
        optim_alpha.step()
