# expect: clean
"""SSLRec's `DiffKGTrainer` (trainer/trainer.py) in one file: each diffusion batch reads the recommender's embeddings
detached (`model.get_item_embeds().detach()`), clears the denoiser's optimizer, then computes the denoiser's loss
through the diffusion helper handed the denoiser and the embeddings. The detached read carries no graph: the loss's
forward pass (the denoiser's) runs after the clear, so no ZG104."""

import torch


class Diffusion:
    def loss(self, denoise, batch, item_embeds):
        return (denoise(batch) - item_embeds).pow(2).mean()


def train(model, denoise, loader):
    diffusion = Diffusion()
    optimizer_denoise = torch.optim.Adam(denoise.parameters())
    for batch in loader:
        item_embeds = model.get_item_embeds().detach()
        optimizer_denoise.zero_grad()
        loss = diffusion.loss(denoise, batch, item_embeds)
        loss.backward()
        optimizer_denoise.step()
