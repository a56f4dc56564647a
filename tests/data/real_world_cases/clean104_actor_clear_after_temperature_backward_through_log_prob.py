"""The twin of zg104_actor_clear_after_temperature_backward_on_no_grad_log_prob.py whose temperature loss reads the
actor's `log_pi` with its graph: its backward fills the actor's gradients after the actor's forward, so the actor's
clear must stay after it (placed where it must be)."""
# expect: clean
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
    alpha_loss = -(log_alpha * (log_pi - 2.0)).mean()
    alpha_loss.backward(retain_graph=True)
    a_optimizer.step()
    actor_optimizer.zero_grad()
    actor_loss.backward()
    actor_optimizer.step()
