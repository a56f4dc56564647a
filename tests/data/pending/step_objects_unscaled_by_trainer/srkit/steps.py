# expect: clean
"""A configurable training step: the networks it trains, the optimizer built for each, a GradScaler shared by them.
The trainer runs its forward and backward once per micro-batch (the loss divided by their count), then its `do_step`:
clip each optimizer's gradients and step it through the scaler. The trainer unscales before `do_step`."""

import torch
from torch.nn.utils import clip_grad_norm_


class ConfigurableStep:
    def __init__(self, step_opt, env):
        self.step_opt = step_opt
        self.env = env
        self.network = env["networks"][step_opt["training"]]
        self.scaler = torch.cuda.amp.GradScaler(enabled=step_opt.get("fp16", False))
        self.clip_grad_eps = step_opt.get("clip_grad_eps")
        self.optimizers = [torch.optim.AdamW(self.network.parameters(), lr=step_opt["lr"])]
        self.grads_generated = False

    def get_optimizers(self):
        return self.optimizers

    def do_forward_backward(self, state, grad_accum_step):
        with torch.autocast("cuda", enabled=self.step_opt.get("fp16", False)):
            out = self.network(state["lq"][grad_accum_step])
            loss = torch.nn.functional.l1_loss(out, state["hq"][grad_accum_step])
        loss = loss / self.env["mega_batch_factor"]
        self.scaler.scale(loss).backward()
        self.grads_generated = True
        return {"out": out.detach()}

    def do_step(self):
        if not self.grads_generated:
            return
        self.grads_generated = False
        for opt in self.optimizers:
            if self.clip_grad_eps:
                clip_grad_norm_(self.network.parameters(), self.clip_grad_eps)
            self.scaler.step(opt)
            self.scaler.update()
