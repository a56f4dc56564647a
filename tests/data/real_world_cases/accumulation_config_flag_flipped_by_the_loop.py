"""The accumulate-or-not branches of a configuration switch, but the loop itself flips the flag
after a warm-up: an iteration that stepped without clearing afterwards can be followed by an
accumulating one, whose guarded step applies those gradients again.

A variant of the Swin Transformer / ConvNeXt shape (swin_accumulation_config_branches.py,
where `config.TRAIN.ACCUMULATION_STEPS > 1` is loop invariant and nothing is reported):
here the test reads a name the loop rebinds, so RULES.md's "Correlated conditions" do not
apply across the back edge and ZG101 holds for the guarded step.
"""
# expect: ZG101 24:13
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = 3

accumulate = False
optimizer.zero_grad()
for idx, x in enumerate([torch.randn(2, 4)] * 8):
    if accumulate:
        loss = model(x).pow(2).mean() / 2
        loss.backward()
        if (idx + 1) % 2 == 0:
            optimizer.step()
            optimizer.zero_grad()
    else:
        optimizer.zero_grad()
        loss = model(x).pow(2).mean()
        loss.backward()
        optimizer.step()
    accumulate = idx >= warmup
