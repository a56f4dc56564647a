"""OneCycleLR stepped before the optimizer in every iteration."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=1e-2, total_steps=10)
for i in range(5):
    opt.zero_grad()
    loss = model(torch.randn(4, 3)).pow(2).mean()
    loss.backward()
    sched.step()  # <- ZG204
    opt.step()
