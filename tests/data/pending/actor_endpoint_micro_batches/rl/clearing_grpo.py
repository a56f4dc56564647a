# expect: clean
"""The controller of grpo.py over the trainer actor of actors/clearing_trainer.py (the twin: clean): for each step, the
trainer's `forward_backward` endpoint for each micro-batch of the step's episodes, then its `optim_step` once."""

from monarch.actor import this_host

from rl.actors.clearing_trainer import PolicyTrainer


class GRPO:
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
