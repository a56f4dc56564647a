"""RL loop: env.step, prof.step and scheduler.step are no optimizer steps.

Held-out case (redteam), labelled from RULES.md.
"""
# expect: clean
import torch


def train(env, policy, episodes):
    optimizer = torch.optim.Adam(policy.parameters(), lr=3e-4)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    with torch.profiler.profile() as prof:
        for episode in range(episodes):
            optimizer.zero_grad()
            obs = env.reset()
            done = False
            log_probs, rewards = [], []
            while not done:
                dist = torch.distributions.Categorical(logits=policy(obs))
                action = dist.sample()
                log_probs.append(dist.log_prob(action))
                obs, reward, done, info = env.step(action.item())
                rewards.append(reward)
            loss = -(torch.stack(log_probs) * sum(rewards)).sum()
            loss.backward()
            optimizer.step()
            scheduler.step()
            prof.step()
