"""The twin of zg104_sac_actor_clear_after_critic_reads_sampled_actions.py with each clear at the top of its update,
before the forward pass (the conventional place): nothing to report."""
# expect: clean
import torch
import torch.nn.functional as F


class Replay:
    def __init__(self):
        self.items = []

    def add(self, obs, actions):
        self.items.append((obs, actions))

    def sample(self):
        obs, actions = self.items[-1]
        return Batch(obs, actions, torch.randn(8))


class Batch:
    def __init__(self, observations, actions, rewards):
        self.observations, self.actions, self.rewards = observations, actions, rewards


actor = torch.nn.Linear(4, 2)
qf1 = torch.nn.Linear(6, 1)
log_alpha = torch.zeros(1, requires_grad=True)
alpha = log_alpha.exp().item()
q_optimizer = torch.optim.Adam(qf1.parameters(), lr=1e-3)
actor_optimizer = torch.optim.Adam(actor.parameters(), lr=3e-4)
a_optimizer = torch.optim.Adam([log_alpha], lr=1e-3)
rb = Replay()

for global_step in range(100):
    obs = torch.randn(8, 4)
    if global_step < 10:
        actions = torch.rand(8, 2)
    else:
        actions = actor(obs)
        actions = actions.detach()
    rb.add(obs, actions)
    if global_step > 10:
        data = rb.sample()
        q_optimizer.zero_grad()
        qf1_a_values = qf1(torch.cat([data.observations, data.actions], 1)).view(-1)
        qf_loss = F.mse_loss(qf1_a_values, data.rewards)
        qf_loss.backward()
        q_optimizer.step()

        actor_optimizer.zero_grad()
        pi = actor(data.observations)
        log_pi = pi.sum(1)
        qf1_pi = qf1(torch.cat([data.observations, pi], 1)).view(-1)
        actor_loss = ((alpha * log_pi) - qf1_pi).mean()
        actor_loss.backward()
        actor_optimizer.step()

        a_optimizer.zero_grad()
        with torch.no_grad():
            log_pi = actor(data.observations).sum(1)
        alpha_loss = (-log_alpha.exp() * (log_pi - 2.0)).mean()
        alpha_loss.backward()
        a_optimizer.step()
        alpha = log_alpha.exp().item()
