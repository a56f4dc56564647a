"""A training step holding several optimizers: each pass of `for opt in self.optimizers:` checks that optimizer's
gradients for NaN, steps it through the GradScaler, or drops its gradients (`opt.zero_grad()`, None) when one is not
finite. The next pass reads another optimizer's gradients, which that clear did not touch: no None shown there, the
strict ZG302 only (each `p.grad` unguarded).

Modelled on neonbjb/DL-Art-School codes/trainer/steps.py `ConfigurableStep.do_step` (its `check_grads_for_nan`).
"""
# expect: ZG302 23:43

import torch


class TrainStep:
    def __init__(self, networks, lr):
        self.optimizers = [torch.optim.AdamW(net.parameters(), lr=lr) for net in networks]
        self.scaler = torch.cuda.amp.GradScaler()

    def do_step(self):
        for opt in self.optimizers:
            nan_found = False
            for group in opt.param_groups:
                for p in group["params"]:
                    if not torch.isfinite(p.grad).any():
                        nan_found = True
            if not nan_found:
                self.scaler.step(opt)
                self.scaler.update()
            else:
                opt.zero_grad()
