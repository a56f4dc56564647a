# expect: ZG401 23:21
# expect: ZG402 24:21
import torch


def train(model, loader, optimizer, config):
    if config.use_fp16:
        scaler = torch.cuda.amp.GradScaler()
    for epoch in range(config.epochs):
        for step, batch in enumerate(loader):
            loss = model(batch).mean() / config.accumulation
            if config.use_fp16:
                scaler.scale(loss).backward()
                if (step + 1) % config.accumulation == 0:
                    scaler.unscale_(optimizer)
                    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                    scaler.step(optimizer)
                    scaler.update()
                    optimizer.zero_grad()
            else:
                loss.backward()
                if (step + 1) % config.accumulation == 0:
                    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                    optimizer.step()
                    optimizer.zero_grad()
