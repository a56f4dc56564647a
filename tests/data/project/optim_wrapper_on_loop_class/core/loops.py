# expect: clean
"""An epoch loop that hands each batch's loss to the optimizer wrapper it was given."""


class EpochLoop:
    def __init__(self, model, dataloader, optim_wrapper, max_epochs):
        self.model = model
        self.dataloader = dataloader
        self.optim_wrapper = optim_wrapper
        self.max_epochs = max_epochs

    def run(self):
        for epoch in range(self.max_epochs):
            self.model.train()
            for idx, data_batch in enumerate(self.dataloader):
                self.run_iter(idx, data_batch)

    def run_iter(self, idx, data_batch):
        losses = self.model(data_batch, mode="loss")
        loss = sum(losses.values())
        self.optim_wrapper.update_params(loss)
        return {name: value.item() for name, value in losses.items()}


class SwappingLoop(EpochLoop):
    """A loop whose wrapper may be swapped after its construction: which one `run_iter` steps is not known."""

    def use(self, optim_wrapper):
        self.optim_wrapper = optim_wrapper
