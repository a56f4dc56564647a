# expect: clean
"""yuval-alaluf/restyle-encoder's coaches (training/coach_restyle_psp.py, coach_restyle_e4e.py): each batch runs
`n_iters_per_batch` refinement passes, each fed the previous pass's detached output, backpropagates each pass's loss,
and keeps every pass's output per image in `y_hats[idx]` for that batch's logged images; the caller clears before and
steps after the passes. The dict is made anew for each batch and handed back with it, so it keeps the outputs of one
update, not one more every step (RULES.md ZG602: memory that grows with every step). The twin whose loop steps while
an epoch-long dict of lists keeps the outputs is zg602_output_appended_to_a_dict_of_lists.py.
"""
import torch


class pSp(torch.nn.Module):
    def __init__(self, opts):
        super().__init__()
        self.encoder = torch.nn.Linear(opts.size, opts.size)

    def forward(self, x, latent=None, return_latents=False):
        codes = self.encoder(x)
        return (codes, codes.mean(1)) if return_latents else codes


class Coach:
    def __init__(self, opts):
        self.opts = opts
        self.net = pSp(self.opts).to(self.opts.device)
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=opts.lr)

    def perform_train_iteration_on_batch(self, x, y):
        y_hat, latent = None, None
        y_hats = {idx: [] for idx in range(x.shape[0])}
        for iter in range(self.opts.n_iters_per_batch):
            if iter == 0:
                y_hat, latent = self.net.forward(x, latent=None, return_latents=True)
            else:
                y_hat_clone = y_hat.clone().detach().requires_grad_(True)
                y_hat, latent = self.net.forward(torch.cat([x, y_hat_clone], dim=1), latent=latent, return_latents=True)
            loss, loss_dict, id_logs = self.calc_loss(x, y, y_hat, latent)
            loss.backward()
            for idx in range(x.shape[0]):
                y_hats[idx].append([y_hat[idx], id_logs[idx]['diff_target']])
        return y_hats, loss_dict, id_logs

    def train(self):
        for batch in self.loader:
            self.optimizer.zero_grad()
            x, y = batch
            y_hats, loss_dict, id_logs = self.perform_train_iteration_on_batch(x, y)
            self.optimizer.step()

    def calc_loss(self, x, y, y_hat, latent):
        loss = 0.0
        loss_l2 = torch.nn.functional.mse_loss(y_hat, y)
        loss += loss_l2 * self.opts.l2_lambda
        return loss, {"loss": float(loss)}, None
