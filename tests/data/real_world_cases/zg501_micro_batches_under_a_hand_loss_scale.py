"""A diffusion training loop with mixed precision by hand (openai/improved-diffusion's `TrainLoop`, written here):
each batch is split into micro-batches, each micro-batch's loss backpropagated (multiplied by the loss scale `2 **
lg_loss_scale` under fp16); `optimize_fp16` multiplies the gradients by `1 / 2 ** lg_loss_scale` before the step,
which undoes the loss scale and nothing more. The micro-batches' losses are summed, never divided by their number
(RULES.md ZG501, at the backward of full precision; the scaled one is a product, taken as scaled on purpose).
"""
# expect: ZG501 38:17
import torch


class TrainLoop:
    def __init__(self, model, data, batch_size, microbatch, lr, use_fp16):
        self.model = model
        self.data = data
        self.batch_size = batch_size
        self.microbatch = microbatch
        self.use_fp16 = use_fp16
        self.params = list(model.parameters())
        self.opt = torch.optim.AdamW(self.params, lr=lr)
        self.lg_loss_scale = 20.0

    def run_loop(self, steps):
        for step in range(steps):
            batch = next(self.data)
            self.forward_backward(batch)
            if self.use_fp16:
                self.optimize_fp16()
            else:
                self.opt.step()

    def forward_backward(self, batch):
        self.opt.zero_grad()
        for i in range(0, batch.shape[0], self.microbatch):
            loss = self.model(batch[i : i + self.microbatch]).pow(2).mean()
            if self.use_fp16:
                (loss * 2 ** self.lg_loss_scale).backward()
            else:
                loss.backward()

    def optimize_fp16(self):
        grads = [p.grad for p in self.params if p.grad is not None]
        if any(not torch.isfinite(g).all() for g in grads):
            self.lg_loss_scale -= 1
            return
        for p in self.params:
            if p.grad is not None:
                p.grad.mul_(1.0 / (2 ** self.lg_loss_scale))
        self.opt.step()
        self.lg_loss_scale += 0.001
