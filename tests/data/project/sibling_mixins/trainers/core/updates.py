# expect: clean
"""An update's phases with a GradScaler. `ClippingUpdateMixin` clips (utils/general.py) before it unscales: the
threshold applies to scaled gradients (reported at the clip, in utils/general.py); `UnscalingUpdateMixin` unscales
first."""

from utils.general import clip_gradients


class UpdateMixin:
    def _start_update(self):
        self.optimizer.zero_grad()

    def _backward(self, loss):
        self.scaler.scale(loss).backward()


class ClippingUpdateMixin(UpdateMixin):
    def _finish_update(self):
        clip_gradients(self.model, self.max_norm)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.num_updates += 1


class UnscalingUpdateMixin(UpdateMixin):
    def _finish_update(self):
        self.scaler.unscale_(self.optimizer)
        clip_gradients(self.model, self.max_norm)
        self.scaler.step(self.optimizer)
        self.scaler.update()
        self.num_updates += 1
