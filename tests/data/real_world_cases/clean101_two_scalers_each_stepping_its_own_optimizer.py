# expect: clean
"""The twin of `zg101_second_scaler_steps_the_first_optimizer_again.py` with the stop-token scaler stepping its own
optimizer: each optimizer steps once per iteration, after its own backward."""

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
        scaler_st.step(optimizer_st)
        scaler_st.update()
