# expect: clean
"""deepchem's A2C (deepchem/rl/torch_rl/torch_a2c.py): each iteration of `fit` makes a rollout through the class's own
`_create_rollout`, whose body runs the model on each state but keeps only `.detach().numpy()` of its outputs and
returns NumPy arrays; `_apply_gradients` then clears, runs the model on the rollout's states and backpropagates its
loss. The rollout's values carry no graph, so the forward of the loss follows the clear (RULES.md ZG104: nothing to
report)."""

import numpy as np
import torch


class A2C:
    def __init__(self, model, env):
        self.model = model
        self.env = env
        self.optimizer = torch.optim.Adam(model.parameters())

    def _create_rollout(self):
        states, values = [], []
        for _ in range(8):
            state = self.env.state
            states.append(state)
            results = self.model(torch.as_tensor(state))
            results = [r.detach().numpy() for r in results]
            values.append(float(results[1]))
            self.env.step(int(results[0].argmax()))
        return states, np.array(values, dtype=np.float32)

    def _apply_gradients(self, states, advantages):
        self.optimizer.zero_grad()
        outputs = self.model(torch.as_tensor(np.stack(states)))
        loss = -(outputs[0] * torch.as_tensor(advantages)).mean()
        loss.backward()
        self.optimizer.step()

    def fit(self, total_steps):
        step = 0
        while step < total_steps:
            states, values = self._create_rollout()
            self._apply_gradients(states, values - values.mean())
            step += len(states)
