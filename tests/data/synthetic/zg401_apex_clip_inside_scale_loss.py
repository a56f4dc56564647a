"""apex AMP: the clip runs inside `amp.scale_loss`, before the block's exit has unscaled the gradients."""
# expect: ZG401 14:13
import torch
from apex import amp


def train(model, optimizer, loader, criterion):
    model, optimizer = amp.initialize(model, optimizer, opt_level="O1")
    for inputs, labels in loader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), labels)
        with amp.scale_loss(loss, optimizer) as scaled_loss:
            scaled_loss.backward()
            torch.nn.utils.clip_grad_norm_(amp.master_params(optimizer), 1.0)
        optimizer.step()
