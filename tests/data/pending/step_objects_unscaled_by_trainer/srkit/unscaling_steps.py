# expect: ZG403 18:13
"""A step that unscales each optimizer's gradients itself before its clip: but the trainer has already unscaled them
(srkit/unscaling_trainer.py), so the second `unscale_` before `update()` raises at run time."""

from torch.nn.utils import clip_grad_norm_

from .steps import ConfigurableStep


class UnscalingStep(ConfigurableStep):
    def do_step(self):
        if not self.grads_generated:
            return
        self.grads_generated = False
        for opt in self.optimizers:
            if self.clip_grad_eps:
                self.scaler.unscale_(opt)
                clip_grad_norm_(self.network.parameters(), self.clip_grad_eps)
            self.scaler.step(opt)
            self.scaler.update()
