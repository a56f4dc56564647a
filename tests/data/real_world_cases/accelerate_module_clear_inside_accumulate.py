"""`self.policy.zero_grad(set_to_none=True)` inside `with self.accelerator.accumulate(self.policy):`.

Shape of RL fine-tuning trainers built on Accelerate (PPO-style `step` over
minibatches): the policy module is cleared at the top of each micro-batch,
then the loss is backpropagated with `self.accelerator.backward` and the
prepared optimizer stepped. Accelerate gates only the prepared optimizer's
`step`/`zero_grad` on `sync_gradients`; the module's own `zero_grad` runs on
every micro-batch and wipes the accumulation, so each sync step sees one
micro-batch (RULES.md ZG105).
"""
# expect: ZG105 30:17
import torch
from accelerate import Accelerator


class PolicyTrainer:
    def __init__(self, policy, accumulation_steps):
        self.accelerator = Accelerator(gradient_accumulation_steps=accumulation_steps)
        self.policy = policy
        self.optimizer = torch.optim.Adam(self.policy.parameters(), lr=1e-5)
        self.policy, self.optimizer = self.accelerator.prepare(self.policy, self.optimizer)

    def loss(self, minibatch):
        logits = self.policy(minibatch["obs"])
        return -(logits.log_softmax(-1) * minibatch["advantages"]).mean()

    def step(self, minibatches):
        for minibatch in minibatches:
            with self.accelerator.accumulate(self.policy):
                self.policy.zero_grad(set_to_none=True)
                loss = self.loss(minibatch)
                self.accelerator.backward(loss)
                if self.accelerator.sync_gradients:
                    self.accelerator.clip_grad_norm_(self.policy.parameters(), 1.0)
                self.optimizer.step()
