# expect: ZG401 27:20
"""The runner's hooks: `OptimizerHook` runs the backward and the step after each iteration; the fp16 one
backpropagates through the runner's GradScaler and clips before the scaler's `unscale_`, so the clip threshold is
compared with gradients multiplied by the scale; `UnscaledFp16OptimizerHook` unscales first."""

from torch.nn.utils import clip_grad


class Hook:
    def before_train_epoch(self, runner):
        pass

    def after_train_iter(self, runner):
        pass

    def after_train_epoch(self, runner):
        pass


class OptimizerHook(Hook):
    def __init__(self, grad_clip=None):
        self.grad_clip = grad_clip

    def clip_grads(self, params):
        params = [p for p in params if p.requires_grad and p.grad is not None]
        if params:
            return clip_grad.clip_grad_norm_(params, **self.grad_clip)
        return None

    def after_train_iter(self, runner):
        runner.optimizer.zero_grad()
        runner.outputs["loss"].backward()
        if self.grad_clip is not None:
            self.clip_grads(runner.model.parameters())
        runner.optimizer.step()


class Fp16OptimizerHook(OptimizerHook):
    def after_train_iter(self, runner):
        runner.optimizer.zero_grad()
        runner.scaler.scale(runner.outputs["loss"]).backward()
        if self.grad_clip is not None:
            self.clip_grads(runner.model.parameters())
        runner.scaler.step(runner.optimizer)
        runner.scaler.update()


class UnscaledFp16OptimizerHook(OptimizerHook):
    def after_train_iter(self, runner):
        runner.optimizer.zero_grad()
        runner.scaler.scale(runner.outputs["loss"]).backward()
        if self.grad_clip is not None:
            runner.scaler.unscale_(runner.optimizer)
            self.clip_grads(runner.model.parameters())
        runner.scaler.step(runner.optimizer)
        runner.scaler.update()
