# expect: clean
"""Twin of zg104_agent_outputs_stacked_gathered_and_mixed_before_the_clear.py (epymarl's `QLearner.train`): the same
update, five assignments from the agents' forward to the loss, with the clear at the top, before the forward passes
are collected: nothing for ZG104."""

import torch as th
from torch.optim import Adam


class QLearner:
    def __init__(self, mac, mixer, args):
        self.mac = mac
        self.mixer = mixer
        self.args = args
        self.params = list(mac.parameters())
        if mixer is not None:
            self.params += list(mixer.parameters())
        self.optimiser = Adam(params=self.params, lr=args.lr)

    def train(self, batch, targets):
        self.optimiser.zero_grad()
        actions = batch["actions"][:, :-1]
        mask = batch["filled"][:, :-1].float()

        mac_out = []
        self.mac.init_hidden(batch.batch_size)
        for t in range(batch.max_seq_length):
            agent_outs = self.mac.forward(batch, t=t)
            mac_out.append(agent_outs)
        mac_out = th.stack(mac_out, dim=1)

        chosen_action_qvals = th.gather(mac_out[:, :-1], dim=3, index=actions).squeeze(3)
        if self.mixer is not None:
            chosen_action_qvals = self.mixer(chosen_action_qvals, batch["state"][:, :-1])

        td_error = chosen_action_qvals - targets.detach()
        mask = mask.expand_as(td_error)
        masked_td_error = td_error * mask
        loss = (masked_td_error**2).sum() / mask.sum()

        loss.backward()
        th.nn.utils.clip_grad_norm_(self.params, self.args.grad_norm_clip)
        self.optimiser.step()
