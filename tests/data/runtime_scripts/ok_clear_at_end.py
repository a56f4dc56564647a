"""GPT-style: the clear at the end of the iteration, after the step; validation under no_grad."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Embedding(20, 8), torch.nn.Flatten(), torch.nn.Linear(32, 20))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
for it in range(5):
    x, y = torch.randint(0, 20, (4, 4)), torch.randint(0, 20, (4,))
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    if it % 2 == 0:
        with torch.no_grad():
            val_losses = []
            for _ in range(2):
                val_losses.append(torch.nn.functional.cross_entropy(model(x), y))
            print(torch.stack(val_losses).mean().item())
