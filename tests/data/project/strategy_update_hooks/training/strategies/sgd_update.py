# expect: clean
"""The update mixin: one epoch's iterations, the loss rebuilt from an empty tensor at each one (`self.loss` is the
iteration's own, not a history), the step behind `optimizer_step`."""


class SGDUpdate:
    def training_epoch(self):
        for self.mbatch in self.dataloader:
            if self._stop_training:
                break

            self._unpack_minibatch()
            self._before_training_iteration()

            self.optimizer.zero_grad()
            self.loss = self._make_empty_loss()

            self.mb_output = self.forward()
            self.loss += self.criterion()

            self._before_backward()
            self.backward()
            self._after_backward()

            self._before_update()
            self.optimizer_step()
            self._after_update()

            self._after_training_iteration()
