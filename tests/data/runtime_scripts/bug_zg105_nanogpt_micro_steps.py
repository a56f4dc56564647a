"""nanoGPT-shaped loop: micro-steps of gradient accumulation, but the clear moved inside them."""
import torch
from torch import nn

gradient_accumulation_steps = 4


def get_batch():
    x = torch.randint(0, 16, (2, 8))
    return x, torch.roll(x, 1, dims=1)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Embedding(16, 8), nn.Linear(8, 16))
    optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95))
    scaler = torch.amp.GradScaler("cpu", enabled=False)
    X, Y = get_batch()
    for iter_num in range(3):
        for micro_step in range(gradient_accumulation_steps):
            optimizer.zero_grad(set_to_none=True)  # <- ZG105
            logits = model(X)
            loss = nn.functional.cross_entropy(logits.view(-1, 16), Y.view(-1))
            loss = loss / gradient_accumulation_steps
            X, Y = get_batch()
            scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()


if __name__ == "__main__":
    main()
