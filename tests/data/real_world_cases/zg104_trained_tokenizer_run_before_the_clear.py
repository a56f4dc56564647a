# expect: ZG104 26:13
"""The twin of `clean104_tokenizer_and_processor_called_in_the_batch_preparation.py`: here the tokenizer is a network
that is trained (a discrete autoencoder, as world models build one), its optimizer built from its parameters. Its
call in the batch preparation is the forward pass whose reconstruction loss is backpropagated, and the clear follows
it (RULES.md ZG104: the clear after the forward and before the backward). A name's last word says the object
prepares data only where nothing shows it is a model."""

import torch


class TokenizerTrainer:
    def __init__(self, tokenizer):
        self.tokenizer = tokenizer
        self.optimizer = torch.optim.Adam(self.tokenizer.parameters())

    def _prepare_batch(self, batch):
        observations, w = batch
        reconstructions = self.tokenizer(observations)
        return reconstructions, observations, w

    def fit_generator(self, generator):
        for batch in generator:
            reconstructions, observations, weights = self._prepare_batch(batch)
            loss = (reconstructions - observations).abs().mean()
            loss = loss * weights.mean()
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
