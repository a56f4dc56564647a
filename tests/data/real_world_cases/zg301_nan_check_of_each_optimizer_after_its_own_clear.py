"""The twin: each pass drops the optimizer's gradients first and then reads them for its log: that read follows the
clear of the same optimizer in the same pass (None since PyTorch 2.0): ZG301.

Modelled on neonbjb/DL-Art-School codes/trainer/steps.py `ConfigurableStep.do_step` (its `check_grads_for_nan`).
"""
# expect: ZG301 22:43

import torch


class TrainStep:
    def __init__(self, networks, lr):
        self.optimizers = [torch.optim.AdamW(net.parameters(), lr=lr) for net in networks]
        self.scaler = torch.cuda.amp.GradScaler()

    def do_step(self):
        for opt in self.optimizers:
            nan_found = False
            opt.zero_grad()
            for group in opt.param_groups:
                for p in group["params"]:
                    if not torch.isfinite(p.grad).any():
                        nan_found = True
            if not nan_found:
                self.scaler.step(opt)
                self.scaler.update()
