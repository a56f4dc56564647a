"""A discrete Q-learning trainer handed its network in a dict (polixir/OfflineRL's bcqd.py): `self.Q` is an element of
that dict, an object whatever its capital, so `self.Q(state)` is its forward and the clear after it is ZG104."""
# expect: ZG104 23:13
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, algo_init: dict, discount: float):
        self.Q = algo_init["critic"]["net"]
        self.Q_optimizer = algo_init["critic"]["opt"]
        self.discount = discount

    def train(self, buffer, steps: int):
        for _ in range(steps):
            state, action, reward, next_state = buffer.sample()
            with torch.no_grad():
                target = reward + self.discount * self.Q(next_state).max(1, keepdim=True)[0]
            current = self.Q(state).gather(1, action)
            loss = F.smooth_l1_loss(current, target)
            if not torch.isfinite(loss):
                continue
            self.Q_optimizer.zero_grad()
            loss.backward()
            self.Q_optimizer.step()
