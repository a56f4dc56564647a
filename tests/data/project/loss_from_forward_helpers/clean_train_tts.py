# expect: clean
"""The twin of train_tts.py: a helper handed the model reads its reduction factor before the clear, which the loss
reads too; it never calls the model, so no forward is pending at the clear (the forward follows it)."""

import torch.nn.functional as F

from utils.shapes import reduction_of


def train(model, optimizer, loader):
    for texts, mels in loader:
        r = reduction_of(model)
        optimizer.zero_grad()
        mels_hat = model(texts)
        loss = F.mse_loss(mels_hat[:, ::r], mels[:, ::r])
        loss.backward()
        optimizer.step()
