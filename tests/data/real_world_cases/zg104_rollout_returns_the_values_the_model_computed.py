# expect: ZG104 27:9
"""The twin of clean104_rollout_returns_arrays_the_model_computed.py: the rollout keeps the model's value tensors as they
are and returns them stacked by torch, so the advantages the loss reads carry the rollout's graph: its forward runs
before `_apply_gradients`'s clear (RULES.md ZG104, opt-in: the clear follows a forward of the loss)."""

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
            values.append(results[1])
            self.env.step(int(results[0].argmax()))
        return states, torch.stack(values)

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
