"""A masked-autoencoder style loop: the scaler steps every `accum_iter` micro-batches and the clear follows that step only."""
# expect: clean
import torch


def train_one_epoch(model, data_loader, optimizer, loss_scaler, accum_iter=8):
    model.train()
    for data_iter_step, (samples, _) in enumerate(data_loader):
        with torch.autocast("cuda"):
            loss, _, _ = model(samples, mask_ratio=0.75)
        loss = loss / accum_iter
        loss_scaler(loss, optimizer, parameters=model.parameters(),
                    update_grad=(data_iter_step + 1) % accum_iter == 0)
        if (data_iter_step + 1) % accum_iter == 0:
            optimizer.zero_grad()
