"""SAC's temperature updated between the actor's forward and its backward: the temperature's loss reads `log_pi`
recomputed under `torch.no_grad()`, which hides the actor's `log_pi` from it, so its backward reaches only
`log_alpha` and the actor's clear could sit before the actor's forward."""
# expect: ZG104 28:5
import torch

actor = torch.nn.Linear(4, 2)
critic = torch.nn.Linear(6, 1)
log_alpha = torch.zeros(1, requires_grad=True)
critic_optimizer = torch.optim.Adam(critic.parameters(), lr=1e-3)
actor_optimizer = torch.optim.Adam(actor.parameters(), lr=3e-4)
a_optimizer = torch.optim.Adam([log_alpha], lr=1e-3)

for step in range(100):
    obs, target = torch.randn(8, 4), torch.randn(8, 1)
    critic_optimizer.zero_grad()
    torch.nn.functional.mse_loss(critic(torch.cat([obs, torch.rand(8, 2)], 1)), target).backward()
    critic_optimizer.step()
    a_optimizer.zero_grad()
    pi = actor(obs)
    log_pi = pi.sum(1)
    actor_loss = (log_alpha.exp().detach() * log_pi - critic(torch.cat([obs, pi], 1)).view(-1)).mean()
    with torch.no_grad():
        log_pi = actor(obs).sum(1)
    alpha_loss = -(log_alpha * (log_pi - 2.0)).mean()
    alpha_loss.backward()
    a_optimizer.step()
    actor_optimizer.zero_grad()
    actor_loss.backward()
    actor_optimizer.step()
