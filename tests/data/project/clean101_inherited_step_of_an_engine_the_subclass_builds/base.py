# expect: clean
"""PKU-Alignment/align-anything's trainers/base/rl_trainer.py and text_to_text/ppo.py in one module: the base builds a
DeepSpeed engine (`deepspeed.initialize`) and returns it; `PPOTrainer` binds `self.actor_model` only to the model
`load_model` returns, and its `ptx_step` runs `self.actor_model.backward(...)` and `self.actor_model.step()` (a
DeepSpeed engine: self-managed, RULES.md). Read in `PPOTrainer`'s own words the step's receiver is no optimizer nor
engine; run for a subclass that binds it to an engine (safe.py), they are the engine's."""

import deepspeed


def load_model(path):
    return deepspeed.zero.Init(path)


class TrainerBase:
    def _init_train_engine(self, model, optimizer):
        engine, *_ = deepspeed.initialize(model=model, optimizer=optimizer)
        return engine


class PPOTrainer(TrainerBase):
    def init_models(self, path):
        self.actor_model = load_model(path)

    def ptx_step(self, batch):
        ptx_loss = self.actor_model(**batch).loss
        self.actor_model.backward(self.ptx_coeff * ptx_loss)
        self.actor_model.step()
        return ptx_loss.item()
