# expect: clean
"""What every model of the project shares: it is no torch.nn.Module, it holds networks and optimizers."""


class BaseModel:
    def __init__(self, settings):
        self.settings = settings

    def set_input(self, batch):
        self.source, self.target = batch

    def forward(self):
        raise NotImplementedError

    def optimize_parameters(self):
        raise NotImplementedError
