"""A wrapper of several optimizers stepped by key: `step("disc_a")` and `step("disc_b")` are two optimizers.

Modelled on GAN-based TTS trainers (StyleTTS2's `MultiOptimizer`, built by an
imported `build_optimizer({...})`): `step(key)` steps the optimizer of one part
and `zero_grad()` clears them all. Two keyed steps in a row after the
discriminators' backward apply each part's own fresh gradients. torch.optim's
`step` takes one argument, a closure; a literal is none, so this is not known
to be a plain optimizer's step: no report (RULES.md: unknown stays silent).
"""
# expect: clean
import torch

from .optim_utils import build_optimizer


def train(parts, loader):
    optimizer = build_optimizer({key: part.parameters() for key, part in parts.items()}, lr=2e-4)
    for real, noise in loader:
        fake = parts["gen"](noise)
        optimizer.zero_grad()
        d_loss = (parts["disc_a"](fake.detach()) - parts["disc_a"](real)).mean()
        d_loss = d_loss + (parts["disc_b"](fake.detach()) - parts["disc_b"](real)).mean()
        d_loss.backward()
        optimizer.step("disc_a")
        optimizer.step("disc_b")
        optimizer.zero_grad()
        g_loss = -(parts["disc_a"](fake) + parts["disc_b"](fake)).mean()
        g_loss.backward()
        optimizer.step("gen")
