"""An agent whose rollout helper (a plain class of the file, no torch module) runs the policy it was built with:
`self.helper.run(obs)` is the forward pass of the loss, found from the helper's method, whose body calls
`self.policy(obs)`, and the clear follows it (ZG104, opt-in). Its name says nothing of a model: the class's visible
method does."""

# expect: ZG104 29:13

import torch


class RolloutHelper:
    def __init__(self, policy):
        self.policy = policy

    def run(self, obs):
        return self.policy(obs)


class Agent:
    def __init__(self, policy):
        self.policy = policy
        self.helper = RolloutHelper(policy)
        self.optimizer = torch.optim.SGD(policy.parameters(), lr=0.1)

    def update(self, batches):
        for obs, target in batches:
            out = self.helper.run(obs)
            loss = ((out - target) ** 2).mean()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
