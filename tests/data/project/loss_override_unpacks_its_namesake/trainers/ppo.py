# expect: clean
"""The PPO trainer's loss: `self.method.loss(...)`, a callable of its config, unpacked. The one def named `loss` in this
module is the override itself, so following the call by its name leads back to it: followed one helper deeper each
time (an unpacked element was judged at the same depth, and the recursion ran to Python's limit: 67 s of CPU, then
ZG000 "nested too deeply" on trlx's accelerate_ppo_trainer.py); past `losses.HELPER_DEPTH` the loss is unknown
(silent)."""

from trainers.base import MicroBatchTrainer


class PPOTrainer(MicroBatchTrainer):
    def loss(self, microbatch):
        loss, stats = self.method.loss(self.model(microbatch[:, :-1]), microbatch[:, -1:])
        return loss, stats
