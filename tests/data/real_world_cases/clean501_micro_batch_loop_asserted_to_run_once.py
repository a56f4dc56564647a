"""A diffusion trainer (a motion-diffusion fork of the guided-diffusion loop, written here): `forward_backward` keeps
the micro-batch loop `for i in range(0, batch.shape[0], self.microbatch):` and backpropagates each pass's loss through
the mixed-precision helper, then `run_step` steps once; but the fork turned micro-batching off, and every pass starts
with `assert i == 0`: a run that goes on passes once per batch, nothing accumulates over micro-batches, and no
division is owed (RULES.md ZG501 asks about accumulation): silent."""
# expect: clean
import torch


class MixedPrecisionTrainer:
    def __init__(self, model):
        self.model = model

    def zero_grad(self):
        for p in self.model.parameters():
            p.grad = None

    def backward(self, loss):
        loss.backward()

    def optimize(self, opt):
        opt.step()


class TrainLoop:
    def __init__(self, model, data, batch_size, lr):
        self.model = model
        self.data = data
        self.batch_size = batch_size
        self.microbatch = batch_size  # micro-batching turned off
        self.mp_trainer = MixedPrecisionTrainer(model)
        self.opt = torch.optim.AdamW(model.parameters(), lr=lr)

    def run_loop(self):
        for batch in self.data:
            self.run_step(batch)

    def run_step(self, batch):
        self.forward_backward(batch)
        self.mp_trainer.optimize(self.opt)

    def forward_backward(self, batch):
        self.mp_trainer.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            assert i == 0
            micro = batch[i : i + self.microbatch]
            loss = self.model(micro).pow(2).mean()
            self.mp_trainer.backward(loss)
