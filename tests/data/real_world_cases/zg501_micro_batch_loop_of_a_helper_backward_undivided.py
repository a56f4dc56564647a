"""A diffusion trainer (the guided-diffusion loop's shape, written here): `forward_backward` backpropagates each
micro-batch of `for i in range(0, batch.shape[0], self.microbatch):` through the mixed-precision helper's `backward`,
and `run_step` steps once after the loop; each pass's loss is a mean over its micro-batch, never divided by the
number of micro-batches, so the step applies their sum (RULES.md ZG501, at the helper's backward)."""
# expect: ZG501 18:9
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
        self.microbatch = batch_size // 4
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
            micro = batch[i : i + self.microbatch]
            loss = self.model(micro).pow(2).mean()
            self.mp_trainer.backward(loss)
