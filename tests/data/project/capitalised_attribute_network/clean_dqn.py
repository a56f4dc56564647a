# expect: clean
"""dqn.py's clean twin: the clear is at the top of the iteration, before `self.Q(state)`'s forward."""

import copy

import torch
import torch.nn.functional as F


class CleanAlgoTrainer:
    def __init__(self, algo_init: dict, args: dict):
        self.args = args
        self.Q = algo_init["critic"]["net"]
        self.Q_target = copy.deepcopy(self.Q)
        self.Q_optimizer = algo_init["critic"]["opt"]

    def train(self, train_buffer):
        for _ in range(self.args["steps"]):
            self.Q_optimizer.zero_grad()
            state, action, reward, next_state = train_buffer.sample(self.args["batch_size"])
            with torch.no_grad():
                target = reward + self.args["discount"] * self.Q_target(next_state).max(1, keepdim=True)[0]
            current = self.Q(state).gather(1, action)
            loss = F.smooth_l1_loss(current, target)
            loss.backward()
            self.Q_optimizer.step()
