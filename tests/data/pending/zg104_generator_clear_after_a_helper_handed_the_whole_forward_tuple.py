"""speechbrain's HiFi-GAN recipes (recipes/LJSpeech/TTS/vocoder/hifigan/train.py:107, and the LibriTTS and discrete
recipes' same line): `compute_forward` returns the generator's output beside the discriminator's scores of it,
detached; the discriminator's loss is one entry of the dict `compute_objectives` builds from the whole tuple
(`{**loss_g, **loss_d}`, then `["D_loss"]`). Its backward reaches no generator parameter, so the generator's clear
after `compute_forward` comes after the generator's forward (ZG104, opt-in), as the discriminator's clear does after
the discriminator's.
"""
# expect: ZG104 37:9
# expect: ZG104 44:9
import torch


class Brain:
    def __init__(self, modules, hparams):
        self.modules = modules
        self.hparams = hparams
        self.optimizer_g = torch.optim.Adam(self.modules.generator.parameters())
        self.optimizer_d = torch.optim.Adam(self.modules.discriminator.parameters())

    def compute_forward(self, x, y):
        y_g_hat = self.modules.generator(x)
        scores_fake = self.modules.discriminator(y_g_hat.detach())
        scores_real = self.modules.discriminator(y)
        return (y_g_hat, scores_fake, scores_real)

    def compute_objectives(self, predictions, y):
        y_hat, scores_fake, scores_real = predictions
        loss_g = self.hparams.generator_loss(y_hat, y, scores_fake)
        loss_d = self.hparams.discriminator_loss(scores_fake, scores_real)
        loss = {**loss_g, **loss_d}
        return loss

    def fit_batch(self, x, y):
        outputs = self.compute_forward(x, y)
        (y_g_hat, scores_fake, scores_real) = outputs
        loss_d = self.compute_objectives(outputs, y)["D_loss"]
        self.optimizer_d.zero_grad()
        loss_d.backward()
        self.optimizer_d.step()
        scores_fake = self.modules.discriminator(y_g_hat)
        scores_real = self.modules.discriminator(y)
        outputs = (y_g_hat, scores_fake, scores_real)
        loss_g = self.compute_objectives(outputs, y)["G_loss"]
        self.optimizer_g.zero_grad()
        loss_g.backward()
        self.optimizer_g.step()

    def fit(self, loader, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.fit_batch(x, y)
