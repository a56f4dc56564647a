# expect: ZG401 29:13
"""A task adding PyTorch's AMP beside apex: its GradScaler scales the backward, and the clip runs with no
`unscale_` on that arm, so its threshold applies to gradients multiplied by the scale (reported at the clip; the apex
arm's block has unscaled its own by then)."""

import apex
import torch
import torch.nn as nn

from visionkit.optim.classy_optimizer import master_params

from .classification_task import ClassificationTask


class MixedPrecisionTask(ClassificationTask):
    def __init__(self, model, loss, amp_type=None, clip_grad_norm=None):
        super().__init__(model, loss, use_apex=amp_type == "apex", clip_grad_norm=clip_grad_norm)
        self.amp_grad_scaler = torch.amp.GradScaler("cuda") if amp_type == "pytorch" else None

    def run_optimizer(self, loss):
        if self.use_apex:
            with apex.amp.scale_loss(loss, self.optimizer.optimizer) as scaled_loss:
                scaled_loss.backward()
        elif self.amp_grad_scaler is not None:
            self.amp_grad_scaler.scale(loss).backward()
        else:
            loss.backward()
        if self.clip_grad_norm is not None:
            nn.utils.clip_grad_norm_(master_params(self.optimizer), self.clip_grad_norm)
        if self.amp_grad_scaler is not None:
            self.amp_grad_scaler.step(self.optimizer)
            self.amp_grad_scaler.update()
        else:
            self.optimizer.step()
