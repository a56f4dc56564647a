"""Policy gradient: a rollout loop collects data, then clear, then the loss helper, then backward.

Seen in openai/spinningup spinup/examples/pytorch/pg_math/1_simple_pg.py
(train_one_epoch): the experience loop calls the policy to act and sums the
episode rewards (`ep_ret, ep_len = sum(ep_rews), len(ep_rews)`); after it,
`optimizer.zero_grad()`, `batch_loss = compute_loss(obs=..., act=...,
weights=...)` (a same-file helper that runs the policy network) and
`batch_loss.backward()`. The forward that builds the loss comes after the
clear (the conventional place, RULES.md ZG104 is silent); the rollout's
bookkeeping is no forward of that loss.
"""
# expect: clean
import torch
from torch.distributions import Categorical

logits_net = torch.nn.Sequential(torch.nn.Linear(4, 32), torch.nn.Tanh(), torch.nn.Linear(32, 2))
optimizer = torch.optim.Adam(logits_net.parameters(), lr=1e-2)


def get_policy(obs):
    return Categorical(logits=logits_net(obs))


def compute_loss(obs, act, weights):
    logp = get_policy(obs).log_prob(act)
    return -(logp * weights).mean()


def train_one_epoch(env, batch_size=5000):
    batch_obs, batch_acts, batch_weights, ep_rews = [], [], [], []
    obs = env.reset()
    while True:
        batch_obs.append(obs.copy())
        act = get_policy(torch.as_tensor(obs, dtype=torch.float32)).sample().item()
        obs, rew, done, _ = env.step(act)
        batch_acts.append(act)
        ep_rews.append(rew)
        if done:
            ep_ret, ep_len = sum(ep_rews), len(ep_rews)
            batch_weights += [ep_ret] * ep_len
            obs, ep_rews = env.reset(), []
            if len(batch_obs) > batch_size:
                break
    optimizer.zero_grad()
    batch_loss = compute_loss(
        obs=torch.as_tensor(batch_obs, dtype=torch.float32),
        act=torch.as_tensor(batch_acts, dtype=torch.int32),
        weights=torch.as_tensor(batch_weights, dtype=torch.float32),
    )
    batch_loss.backward()
    optimizer.step()


for epoch in range(50):
    train_one_epoch(env=None)
