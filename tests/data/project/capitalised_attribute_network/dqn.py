# expect: ZG104 26:13
"""A discrete Q-learning trainer (OfflineRL's modelfree/bcqd.py, written here): `self.Q` is the network `algo_init` built,
an instance bound in `__init__`; `self.Q(state)` is its forward, and the clear after it, before the backward, is ZG104
(opt-in), as it is named `self.q_net`: the capital builds nothing where every binding of the callee is an object
(`facts.binds_object`; `self.Tensor = torch.FloatTensor` is a class, whose call builds a tensor)."""

import copy

import torch
import torch.nn.functional as F


class AlgoTrainer:
    def __init__(self, algo_init: dict, args: dict):
        self.args = args
        self.Q = algo_init["critic"]["net"]
        self.Q_target = copy.deepcopy(self.Q)
        self.Q_optimizer = algo_init["critic"]["opt"]

    def train(self, train_buffer):
        for _ in range(self.args["steps"]):
            state, action, reward, next_state = train_buffer.sample(self.args["batch_size"])
            with torch.no_grad():
                target = reward + self.args["discount"] * self.Q_target(next_state).max(1, keepdim=True)[0]
            current = self.Q(state).gather(1, action)
            self.Q_optimizer.zero_grad()
            loss = F.smooth_l1_loss(current, target)
            loss.backward()
            self.Q_optimizer.step()
