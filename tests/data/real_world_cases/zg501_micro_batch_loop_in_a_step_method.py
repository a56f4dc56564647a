"""A trainer's step method: clear, one backward per micro-batch (undivided), one step. The caller is not visible.

Modelled on openai/improved-diffusion train_util.py (`TrainLoop.forward_backward`
over micro-batches, then `optimize_normal()`; hand-off
flow/zg501_trainer_method_microbatch_loop_undivided.py). The micro-batch loop
before the step is the accumulation (RULES.md accumulation guard, ZG501): it
is a loop of its own, whether or not the loop that calls the method is in
the file. Divided by the number of micro-batches, it is silent.
"""
# expect: ZG501 24:13
import torch


class Trainer:
    def __init__(self, model, microbatch):
        self.model = model
        self.microbatch = microbatch
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def run_step(self, batch):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            loss = self.model(batch[i : i + self.microbatch]).mean()
            loss.backward()
        self.opt.step()

    def run_step_divided(self, batch):
        self.opt.zero_grad()
        chunks = batch.split(self.microbatch)
        for chunk in chunks:
            loss = self.model(chunk).mean() / len(chunks)
            loss.backward()
        self.opt.step()
