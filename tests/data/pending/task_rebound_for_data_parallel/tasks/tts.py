# expect: clean
import torch

from utils.base_task import BaseTask


class TTSTask(BaseTask):
    def __init__(self):
        super().__init__()
        self.model = torch.nn.Linear(80, 80)

    def configure_optimizers(self):
        return [torch.optim.AdamW(self.model.parameters(), lr=2e-4)]

    def train_dataloader(self):
        return torch.utils.data.DataLoader(torch.randn(64, 80), batch_size=8)

    def training_step(self, batch, batch_idx, opt_idx):
        return self.model(batch).pow(2).mean()


if __name__ == "__main__":
    TTSTask.start({"accumulate_grad_batches": 2, "amp": True})
