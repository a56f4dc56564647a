# expect: ZG103 17:9
"""The optimizer hook (mmcv's `OptimizerHook` shape): after each training iteration, clear, backpropagate the loss the
model's `train_step` left on the runner, clip, and step. Behind a hook that clears before the forward pass, its own
clear finds the gradients already clear (ZG103, from runkit/cleared_runner.py's loop)."""

from torch.nn.utils import clip_grad_norm_


class OptimizerHook:
    def __init__(self, grad_clip=None) -> None:
        self.grad_clip = grad_clip

    def before_train_iter(self, runner) -> None:
        pass

    def after_train_iter(self, runner) -> None:
        runner.optimizer.zero_grad()
        runner.outputs["loss"].backward()
        if self.grad_clip is not None:
            clip_grad_norm_(runner.model.parameters(), **self.grad_clip)
        runner.optimizer.step()
