"""The temperature read as a number (`log_alpha.exp().item()`) at the top of the iteration, before the actor's clear:
`.item()` carries no graph, so the trained `log_alpha` it reads is no forward pass of the actor's loss."""
# expect: clean
import torch

actor = torch.nn.Linear(4, 2)
log_alpha = torch.zeros(1, requires_grad=True)
actor_optimizer = torch.optim.Adam(actor.parameters(), lr=3e-4)

for step in range(100):
    obs = torch.randn(8, 4)
    alpha = log_alpha.exp().item()
    actor_optimizer.zero_grad()
    log_pi = actor(obs).sum(1)
    actor_loss = (alpha * log_pi - log_pi.pow(2)).mean()
    actor_loss.backward()
    actor_optimizer.step()
