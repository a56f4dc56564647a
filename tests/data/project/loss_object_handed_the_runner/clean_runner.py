# expect: clean
"""runner.py's clean twin: each network's optimizer is cleared before the loss object's method runs the models."""

from base_runner import BaseRunner


class CleanStyleGANRunner(BaseRunner):
    def train_step(self, data):
        self.set_model_requires_grad("discriminator", True)
        self.set_model_requires_grad("generator", False)
        self.optimizers["discriminator"].zero_grad()
        d_loss = self.loss.d_loss(self, data)
        d_loss.backward()
        self.optimizers["discriminator"].step()
        self.set_model_requires_grad("discriminator", False)
        self.set_model_requires_grad("generator", True)
        self.optimizers["generator"].zero_grad()
        g_loss = self.loss.g_loss(self, data)
        g_loss.backward()
        self.optimizers["generator"].step()
