# expect: ZG104 38:9
# expect: ZG401 46:9
# expect: ZG602 30:13
# expect: ZG602 31:13
"""The agents' base (ElegantRL's `AgentBase` shape): `update_net` runs the subclass's `update_objectives` for a number
of updates per rollout; the subclasses hand their objective to one of the two helpers below. The mixed-precision one
clips the gradients the scaler still multiplies: the threshold applies to scaled gradients (ZG401). `update_net` sums
what `update_objectives` hands back: the SAC agent's tensors keep each update's graph (ZG602, from train_sac.py's
loop). Every agent's forward runs before the helper's clear (ZG104, opt-in)."""

import torch
from torch.nn.utils import clip_grad_norm_


class AgentBase:
    def __init__(self, net_dims, state_dim, action_dim, args) -> None:
        self.repeat_times = args.repeat_times
        self.batch_size = args.batch_size
        self.clip_grad_norm = args.clip_grad_norm
        self.amp_scale = torch.amp.GradScaler("cuda", enabled=args.use_amp)
        self.act_optimizer = None
        self.cri_optimizer = None

    def update_net(self, buffer) -> tuple:
        obj_critics = 0.0
        obj_actors = 0.0
        update_times = int(buffer.cur_size * self.repeat_times / self.batch_size)
        for update_t in range(update_times):
            obj_critic, obj_actor = self.update_objectives(buffer, update_t)
            obj_critics += obj_critic
            obj_actors += obj_actor
        return obj_critics / update_times, obj_actors / update_times

    def update_objectives(self, buffer, update_t: int) -> tuple:
        raise NotImplementedError

    def optimizer_backward(self, optimizer, objective) -> None:
        optimizer.zero_grad()
        objective.backward()
        clip_grad_norm_(parameters=optimizer.param_groups[0]["params"], max_norm=self.clip_grad_norm)
        optimizer.step()

    def optimizer_backward_amp(self, optimizer, objective) -> None:
        optimizer.zero_grad()
        self.amp_scale.scale(objective).backward()
        clip_grad_norm_(parameters=optimizer.param_groups[0]["params"], max_norm=self.clip_grad_norm)
        self.amp_scale.step(optimizer)
        self.amp_scale.update()
