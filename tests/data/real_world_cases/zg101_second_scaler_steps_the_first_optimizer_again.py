# expect: ZG101 25:9
"""mozilla/TTS's `train` (TTS/bin/train_tacotron.py) under mixed precision with a separate stop-token network: the
model's loss is scaled, unscaled, clipped and stepped through `scaler`, then the stop-token loss through `scaler_st`,
whose step is handed `optimizer` instead of `optimizer_st`. `optimizer` applies again the gradients its first step
applied, nothing clearing them between the two steps (ZG101); `optimizer_st` is never stepped."""

import torch


def train(model, criterion, loader):
    optimizer = torch.optim.Adam(model.decoder.parameters())
    optimizer_st = torch.optim.Adam(model.stopnet.parameters())
    scaler = torch.cuda.amp.GradScaler()
    scaler_st = torch.cuda.amp.GradScaler()
    for x, y in loader:
        optimizer.zero_grad()
        optimizer_st.zero_grad()
        loss, stopnet_loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        scaler.step(optimizer)
        scaler.update()
        scaler_st.scale(stopnet_loss).backward()
        scaler_st.unscale_(optimizer_st)
        scaler_st.step(optimizer)
        scaler_st.update()
