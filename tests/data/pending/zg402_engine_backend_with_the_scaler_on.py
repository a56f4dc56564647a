"""The twin of `clean402_engine_step_beside_the_scaler_off_in_init.py`: `__init__` turns native AMP on with the engine
too, and the update section unscales and clips whatever the back end. With both on, the engine's own step applies the
scaled gradients (ZG402), and on the engine's path nothing calls `scaler.update()`, so the next update's `unscale_`
raises (ZG403). The clips see the engine's gradients already applied and cleared by its step: no ZG401.
"""
# expect: ZG402 64:21
# expect: ZG403 68:29
import torch


def wrap_engine(model, optimizer, args):
    return model


class Trainer:
    def __init__(self, model, optimizer, scheduler, args):
        self.model = model
        self.optimizer = optimizer
        self.scheduler = scheduler
        self.args = args
        self.engine = None
        self.use_amp = False
        self.use_apex = False
        if args.fp16:  # AMP chosen with the engine too
            if args.fp16_backend == "amp":
                self.use_amp = True
                self.scaler = torch.cuda.amp.GradScaler()
            else:
                self.use_apex = True

    def training_step(self, model, batch):
        model.train()
        if self.use_amp:
            with torch.autocast("cuda"):
                loss = model(batch).mean()
        else:
            loss = model(batch).mean()
        if self.args.accumulation > 1 and not self.engine:
            loss = loss / self.args.accumulation
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

    def train(self, loader, epochs):
        model = self.model
        if self.args.engine:
            model = wrap_engine(model, self.optimizer, self.args)
            self.engine = model
        for epoch in range(epochs):
            for step, batch in enumerate(loader):
                if (step + 1) % self.args.accumulation != 0 and self.args.local_rank != -1:
                    with model.no_sync():
                        self.training_step(model, batch)
                else:
                    self.training_step(model, batch)
                if self.engine:
                    self.engine.step()  # the engine steps every micro-batch and counts them itself
                if (step + 1) % self.args.accumulation == 0:
                    if self.args.max_grad_norm > 0:
                        if self.use_amp:
                            self.scaler.unscale_(self.optimizer)
                        if hasattr(self.optimizer, "clip_grad_norm"):
                            self.optimizer.clip_grad_norm(self.args.max_grad_norm)
                        elif hasattr(model, "clip_grad_norm_"):
                            model.clip_grad_norm_(self.args.max_grad_norm)
                        else:
                            torch.nn.utils.clip_grad_norm_(model.parameters(), self.args.max_grad_norm)
                    if self.engine:
                        pass  # stepped above
                    elif self.use_amp:
                        self.scaler.step(self.optimizer)
                        self.scaler.update()
                    else:
                        self.optimizer.step()
                    if not self.engine:
                        self.scheduler.step()
                    model.zero_grad()
