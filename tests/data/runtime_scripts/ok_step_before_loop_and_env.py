"""A step before any loop silences a scheduler warning; env.step and EMA are not optimizer steps."""
import torch


class Env:
    def __init__(self):
        self.t = 0

    def step(self, action):
        self.t += 1
        return torch.randn(4), float(action.sum()), self.t > 3


class EMA:
    def __init__(self, model, decay=0.9):
        self.shadow = [p.detach().clone() for p in model.parameters()]
        self.model, self.decay = model, decay

    def step(self):
        for s, p in zip(self.shadow, self.model.parameters()):
            s.mul_(self.decay).add_(p.detach(), alpha=1 - self.decay)


torch.manual_seed(0)
policy = torch.nn.Linear(4, 2)
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-3)
scheduler = torch.optim.lr_scheduler.ExponentialLR(optimizer, 0.99)
optimizer.step()
env, ema = Env(), EMA(policy)
obs, done = torch.randn(4), False
while not done:
    optimizer.zero_grad()
    action = policy(obs)
    obs, reward, done = env.step(action)
    (-action.sum() * reward).backward()
    optimizer.step()
    scheduler.step()
    ema.step()
