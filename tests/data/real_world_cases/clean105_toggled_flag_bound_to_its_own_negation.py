"""A flag the loop toggles (`self.unconditional = not self.unconditional`), tested right after.

Seen in a diffusion fine-tuning toolkit's image-to-video adapter: a hook alternates between the
conditional and the unconditional pass by negating an attribute each call and testing it. The
attribute's one binding is its own negation, so asking whether the test is an accumulation
counter followed `not flag` to `flag` and back without end: the file was reported ZG000 "nested
too deeply" and went unchecked. A toggle is no counter test (RULES.md, accumulation guard): the
guarded lines are some other condition, and clearing before each backward and stepping after it
is the ordinary iteration.
"""
# expect: clean
import torch


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.unconditional = False
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def train(self):
        for images, embeds in self.loader:
            self.optimizer.zero_grad()
            self.unconditional = not self.unconditional
            if self.unconditional:
                embeds = torch.zeros_like(embeds)
            loss = (self.model(images, embeds) - images).pow(2).mean()
            loss.backward()
            self.optimizer.step()
