# expect: ZG104 18:9
"""The twin of `clean104_clear_after_a_detached_embedding_of_another_model.py` that keeps the embeddings' graph: the
recommender's forward before the clear feeds the loss (ZG104, opt-in)."""

import torch


class Diffusion:
    def loss(self, denoise, batch, item_embeds):
        return (denoise(batch) - item_embeds).pow(2).mean()


def train(model, denoise, loader):
    diffusion = Diffusion()
    optimizer_denoise = torch.optim.Adam(denoise.parameters())
    for batch in loader:
        item_embeds = model.get_item_embeds()
        optimizer_denoise.zero_grad()
        loss = diffusion.loss(denoise, batch, item_embeds)
        loss.backward()
        optimizer_denoise.step()
