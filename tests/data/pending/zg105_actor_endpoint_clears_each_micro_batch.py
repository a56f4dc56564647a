"""A monarch actor trainer driven by its controller (torchtitan's RL experiment before da230bb): `mesh.spawn("trainer",
PolicyTrainer, ...)` builds the actor, and `self.trainer.forward_backward.call(microbatch, n)` runs its `@endpoint`
method once per micro-batch, `optim_step` once after them (monarch's actors, a library summary). The endpoint clears
before each micro-batch's backward, throwing away the ones before it: only the last micro-batch reaches the step
(RULES.md ZG105, reported at the clear). The twin clearing after the step is
`clean105_actor_endpoint_clears_after_the_step.py`.
"""
# expect: ZG105 22:9
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
        self.optimizer.zero_grad()
        loss.backward()
        return loss.item()

    @endpoint
    async def optim_step(self):
        torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.max_norm)
        self.optimizer.step()


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
