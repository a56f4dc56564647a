# expect: ZG104 43:9
"""A multi-agent Q-learner's update (uoe-agents/epymarl's `QLearner.train`, written here): the agents' forward passes
are collected over the episode's steps, stacked, gathered at the actions taken and, where the learner has a mixer,
mixed; the clear comes after all of that and before the backward (RULES.md ZG104, opt-in). The loss reaches the
agents' forward through `masked_td_error`, `td_error`, `chosen_action_qvals` (a gather), `mac_out = th.stack(mac_out)`
and `mac_out.append(agent_outs)`: missed while `facts.forward_feeds` walked one step fewer (`FORWARD_STEPS`), where
on the path without a mixer no forward was pending at the clear."""

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

        self.optimiser.zero_grad()
        loss.backward()
        th.nn.utils.clip_grad_norm_(self.params, self.args.grad_norm_clip)
        self.optimiser.step()
