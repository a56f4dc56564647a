"""zg104_forward_of_a_capitalised_attribute_network.py's clean twin: the clear is at the top of the iteration, before
`self.Q(state)`'s forward."""
# expect: clean
import torch
import torch.nn.functional as F


class Trainer:
    def __init__(self, algo_init: dict, discount: float):
        self.Q = algo_init["critic"]["net"]
        self.Q_optimizer = algo_init["critic"]["opt"]
        self.discount = discount

    def train(self, buffer, steps: int):
        for _ in range(steps):
            self.Q_optimizer.zero_grad()
            state, action, reward, next_state = buffer.sample()
            with torch.no_grad():
                target = reward + self.discount * self.Q(next_state).max(1, keepdim=True)[0]
            current = self.Q(state).gather(1, action)
            loss = F.smooth_l1_loss(current, target)
            loss.backward()
            self.Q_optimizer.step()
