"""The twin of `zg105_actor_endpoint_clears_each_micro_batch.py` (torchtitan's fix, da230bb): the trainer actor's
`optim_step` endpoint clears after its step, so every micro-batch's backward of the controller's loop reaches the one
step (RULES.md ZG105: nothing to report).
"""
# expect: clean
import torch
from monarch.actor import Actor, endpoint, this_host


class PolicyTrainer(Actor):
    def __init__(self, model, lr, max_norm):
        self.model = model
        self.max_norm = max_norm
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)

    @endpoint
    async def forward_backward(self, batch, num_tokens):
        loss = self.model(batch["tokens"]).sum() / num_tokens
        loss.backward()
        return loss.item()

    @endpoint
    async def optim_step(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()
        self.optimizer.zero_grad()


class Controller:
    def __init__(self, model, lr, max_norm):
        mesh = this_host().spawn_procs(per_host={"gpus": 1})
        self.trainer = mesh.spawn("trainer", PolicyTrainer, model, lr, max_norm)

    async def train_step(self, microbatches):
        num_tokens = sum(int(mb["mask"].sum()) for mb in microbatches)
        losses = []
        for microbatch in microbatches:
            losses.append(await self.trainer.forward_backward.call(microbatch, num_tokens))
        await self.trainer.optim_step.call()
        return sum(losses)

    async def train(self, batches, steps):
        for _ in range(steps):
            await self.train_step(next(batches))
