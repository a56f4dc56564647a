# expect: clean
"""A VAE recommender's trainer (RecBole's `RecVAETrainer` shape): the encoder's and the decoder's optimizers, each put in
`self.optimizer` in turn before the base's epoch runs with it."""

from .base import Trainer
from .optim import build_optimizer


class VAETrainer(Trainer):
    def __init__(self, config, model) -> None:
        super().__init__(config, model)
        self.n_enc_epochs = config["n_enc_epochs"]
        self.n_dec_epochs = config["n_dec_epochs"]
        self.optimizer_encoder = build_optimizer(self.model.encoder.parameters(), config)
        self.optimizer_decoder = build_optimizer(self.model.decoder.parameters(), config)

    def _train_epoch(self, train_data, epoch_idx, loss_func=None) -> float:
        self.optimizer = self.optimizer_encoder
        for _ in range(self.n_enc_epochs):
            super()._train_epoch(train_data, epoch_idx, loss_func=lambda data: self.model.calculate_loss(data, encoder_flag=True))
        self.model.update_prior()
        loss = 0.0
        self.optimizer = self.optimizer_decoder
        for _ in range(self.n_dec_epochs):
            loss += super()._train_epoch(train_data, epoch_idx, loss_func=lambda data: self.model.calculate_loss(data, encoder_flag=False))
        return loss
