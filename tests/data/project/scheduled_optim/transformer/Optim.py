# expect: ZG402 25:9
"""A wrapper for the transformer's learning-rate schedule (the tutorials' `ScheduledOptim` shape, written here):
it sets the rate from the step count, then steps the optimizer it wraps. train.py's AMP loop calls it after a
scaled backward, so the wrapped optimizer's own `step()` applies scaled gradients and skips the inf/NaN check:
reported here, on that step."""


class ScheduledOptim:
    def __init__(self, optimizer, lr_mul, d_model, n_warmup_steps):
        self._optimizer = optimizer
        self.lr_mul = lr_mul
        self.d_model = d_model
        self.n_warmup_steps = n_warmup_steps
        self.n_steps = 0

    def zero_grad(self):
        self._optimizer.zero_grad()

    def _get_lr_scale(self):
        n_steps, n_warmup_steps = self.n_steps, self.n_warmup_steps
        return (self.d_model ** -0.5) * min(n_steps ** (-0.5), n_steps * n_warmup_steps ** (-1.5))

    def step_and_update_lr(self):
        self._update_learning_rate()
        self._optimizer.step()

    def _update_learning_rate(self):
        self.n_steps += 1
        lr = self.lr_mul * self._get_lr_scale()
        for param_group in self._optimizer.param_groups:
            param_group["lr"] = lr
