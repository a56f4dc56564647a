"""A trainer that chooses its back end among settings: a DeepSpeed-like engine, native AMP, apex, a TPU step or plain
(modelled on the Trainer that microsoft/LoRA vendors from transformers, examples/NLU/src/transformers/trainer.py).

The backward and the step each pick the back end by its own if/elif chain, DDP's `no_sync` is chosen by the local rank
during accumulation, the clip by the optimizer's and the model's own methods, and a logging helper reads the
gradients' norm under a setting of its own. So many settings decide a gradient event in each iteration that their
valuations pass `flow.MAX_VALUATIONS` (up to 66 at a join): the oldest are forgotten (the `no_sync` test's, the
clip's, `self.use_apex`), and a valuation that lost one and tests it again holds paths where the two tests disagree
(RULES.md, "Correlated conditions"). Every setting here is honoured on its own paths: AMP unscales before clipping
and steps through the scaler, the engine steps itself and is never clipped, the other back ends step the optimizer.
Clean.
"""
# expect: clean
import torch
from torch.cuda.amp import GradScaler, autocast

try:
    from apex import amp
except ImportError:
    amp = None


class Trainer:
    def __init__(self, model, optimizer, scheduler, args, engine=None):
        self.model = model
        self.optimizer = optimizer
        self.lr_scheduler = scheduler
        self.args = args
        self.engine = engine
        self.use_amp = args.fp16 and args.backend == "amp"
        self.use_apex = args.fp16 and args.backend == "apex"
        self.scaler = GradScaler() if self.use_amp else None

    def training_step(self, model, batch):
        model.train()
        if self.use_amp:
            with autocast():
                loss = model(**batch).loss
        else:
            loss = model(**batch).loss
        if self.args.n_gpu > 1:
            loss = loss.mean()
        if self.args.accumulation_steps > 1 and not self.engine:
            loss = loss / self.args.accumulation_steps
        if self.use_amp:
            self.scaler.scale(loss).backward()
        elif self.use_apex:
            with amp.scale_loss(loss, self.optimizer) as scaled_loss:
                scaled_loss.backward()
        elif self.engine:
            self.engine.backward(loss)
        else:
            loss.backward()
        return loss.detach()

    def save_checkpoint(self, model, folder):
        if self.engine:
            self.engine.save_checkpoint(folder)
        if self.args.tpu:
            torch.save(self.optimizer.state_dict(), folder + "/optimizer.pt")
        elif self.args.local_rank in (-1, 0) and not self.engine:
            torch.save(self.optimizer.state_dict(), folder + "/optimizer.pt")
        if self.use_amp:
            torch.save(self.scaler.state_dict(), folder + "/scaler.pt")

    def log_save_evaluate(self, running_loss, model, epoch, step):
        if self.args.logging_steps > 0 and step % self.args.logging_steps == 0:
            if self.args.log_grad_norm:
                norms = [p.grad.norm() for p in model.parameters() if p.grad is not None]
                print(epoch, torch.stack(norms).norm().item())
            print(epoch, running_loss.item())
        if self.args.eval_steps > 0 and step % self.args.eval_steps == 0:
            model.eval()
            if self.args.tpu:
                print("evaluating on a TPU")
            model.train()
        if self.args.save_steps > 0 and step % self.args.save_steps == 0:
            self.save_checkpoint(model, self.args.output_dir)

    def train(self, loader, epochs, resume_steps=0):
        model = self.engine if self.engine else self.model
        running_loss = torch.tensor(0.0)
        model.zero_grad()
        steps_in_epoch = len(loader)
        for epoch in range(epochs):
            for step, batch in enumerate(loader):
                if resume_steps > 0:
                    resume_steps -= 1
                    continue
                if (
                    (step + 1) % self.args.accumulation_steps != 0
                    and self.args.local_rank != -1
                    and self.args.no_sync_while_accumulating
                ):
                    with model.no_sync():
                        running_loss += self.training_step(model, batch)
                else:
                    running_loss += self.training_step(model, batch)
                if (step + 1) % self.args.accumulation_steps == 0 or (
                    steps_in_epoch <= self.args.accumulation_steps and (step + 1) == steps_in_epoch
                ):
                    if self.args.max_grad_norm is not None and self.args.max_grad_norm > 0 and not self.engine:
                        if self.use_amp:
                            self.scaler.unscale_(self.optimizer)
                        if hasattr(self.optimizer, "clip_grad_norm"):
                            self.optimizer.clip_grad_norm(self.args.max_grad_norm)
                        elif hasattr(model, "clip_grad_norm_"):
                            model.clip_grad_norm_(self.args.max_grad_norm)
                        else:
                            torch.nn.utils.clip_grad_norm_(
                                amp.master_params(self.optimizer) if self.use_apex else model.parameters(),
                                self.args.max_grad_norm,
                            )
                    if self.use_amp:
                        self.scaler.step(self.optimizer)
                        self.scaler.update()
                    elif self.engine:
                        self.engine.step()
                    elif self.args.tpu:
                        self.optimizer.step()
                    else:
                        self.optimizer.step()
                    if not self.engine:
                        self.lr_scheduler.step()
                    model.zero_grad()
                    self.log_save_evaluate(running_loss, model, epoch, step)
                    self.control = self.callbacks.on_step_end(self.args, self.control)
                if self.control.should_epoch_stop or self.control.should_training_stop:
                    break
            self.log_save_evaluate(running_loss, model, epoch, 0)
        return running_loss
