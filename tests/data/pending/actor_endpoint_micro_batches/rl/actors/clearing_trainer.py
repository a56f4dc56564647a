# expect: clean
"""The twin of trainer.py, as torchtitan's fix (da230bb) has it: `forward_backward` only backpropagates, and
`optim_step` clears after its step, so every micro-batch the controller of clearing_grpo.py runs reaches the step."""

import torch
from monarch.actor import Actor, endpoint


class PolicyTrainer(Actor):
    def __init__(self, model, lr, max_norm):
        self.model = model
        self.max_norm = max_norm
        self.optimizers = torch.optim.AdamW(self.model.parameters(), lr=lr)
        self.lr_schedulers = torch.optim.lr_scheduler.LambdaLR(self.optimizers, lambda step: 1.0)

    def loss_fn(self, logprobs, old_logprobs, advantages, num_tokens):
        ratio = torch.exp(logprobs - old_logprobs)
        return -(ratio * advantages).sum() / num_tokens

    @endpoint
    async def forward_backward(self, batch, num_tokens):
        logits = self.model(batch["tokens"])
        logprobs = torch.log_softmax(logits, dim=-1).gather(-1, batch["labels"].unsqueeze(-1)).squeeze(-1)
        loss = self.loss_fn(logprobs, batch["old_logprobs"], batch["advantages"], num_tokens)
        loss.backward()
        return loss.item()

    @endpoint
    async def optim_step(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizers.step()
        self.lr_schedulers.step()
        self.optimizers.zero_grad()
