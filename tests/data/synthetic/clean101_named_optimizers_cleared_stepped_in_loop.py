"""Each optimizer cleared by name, all stepped by a loop over the tuple that holds them."""
# expect: clean
import torch
from torch import nn

encoder = nn.Linear(6, 3)
decoder = nn.Linear(3, 6)
enc_opt = torch.optim.SGD(encoder.parameters(), lr=0.1, momentum=0.9)
dec_opt = torch.optim.SGD(decoder.parameters(), lr=0.1, momentum=0.9)
optimizers = (enc_opt, dec_opt)

for x in [torch.randn(4, 6) for _ in range(3)]:
    enc_opt.zero_grad()
    dec_opt.zero_grad()
    loss = (decoder(encoder(x)) - x).pow(2).mean()
    loss.backward()
    for optimizer in optimizers:
        optimizer.step()
