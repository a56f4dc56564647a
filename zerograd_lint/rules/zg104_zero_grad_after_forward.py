from __future__ import annotations

from typing import Iterator

from zerograd_lint.analysis.facts import FileFacts, RootFacts
from zerograd_lint.analysis.held import Held
from zerograd_lint.analysis.ir.nodes import Backward, Clear, Coverage, Loop
from zerograd_lint.rules import Finding, Rule
from zerograd_lint.rules.support import at, events_of, finding


def check(facts: FileFacts) -> Iterator[Finding]:
    for root, clear in events_of(facts, Clear):
        if clear.target.kind == "fresh" or clear.id in root.bailing_out:
            continue  # a new optimizer, or a clear on the way out (`continue`): not a clear placed before a backward
        held = pending_forward_cleared(root, clear)
        if held is None or placed_after_a_backward(root, clear):
            continue
        forwards = forwards_of_next_backward(root, clear, held.pending_forwards())
        if forwards:
            forward = root.by_id[max(forwards)]
            yield finding(
                facts, clear.node,
                f"`{clear.text}` runs after the forward pass ({at(facts, forward)}) and before the backward: correct, "
                f"but fragile. Clear at the start of the iteration, before the forward pass.",
            )


def pending_forward_cleared(root: RootFacts, clear: Clear) -> Held | None:
    """What the clear empties where, on every path, a forward pass ran whose backward has not: the gradients of
    everything it may cover together, else those of one optimizer it surely covers (a clear of each of a mapping's
    optimizers, after the forward of the discriminator's loss and before its backward); None when there is none."""
    covered = covered_by(root, clear)
    surely = [[key] for key in covered if root.coverage(clear, key) is Coverage.KNOWN]
    held = (root.held_by(clear, keys) for keys in (covered, *surely))
    return next((each for each in held if each.forward_pending_on_every_path()), None)


def covered_by(root: RootFacts, clear: Clear) -> list[str]:
    """The gradients the clear may empty."""
    return [key for key in root.tracked(clear) if root.coverage(clear, key) is not Coverage.NONE]


def placed_after_a_backward(root: RootFacts, clear: Clear) -> bool:
    """On some path a backward feeding the optimizer alone, running visibly through its model, or leaking into it,
    wrote what the clear may empty after a forward pass of a backward the clear is the last one before, and no step
    applied it since (a penalty's `loss.backward(inputs=..., create_graph=True)` after the forward its objective
    shares; a generator's or a VAE's loss through the discriminator's scores): the clear drops that backward's
    gradients, is placed where it must be and cannot move before the forward."""
    filled = root.held_by(clear, covered_by(root, clear)).filled_after()
    return bool(filled) and any(filled & root.forwards.get(backward.id, frozenset()) for backward in backwards_after(root, clear))


def forwards_of_next_backward(root: RootFacts, clear: Clear, pending: frozenset[int]) -> set[int]:
    """The forward passes, run before the clear in its iteration, of a backward that the clear is the last one before.

    One optimizer over generator and discriminator: the clear before the discriminator's turn follows the
    generator's forward, but the backward after it is the discriminator's; the generator's comes after the
    next clear, which is the one placed between its forward and its backward.
    """
    return {
        forward
        for backward in backwards_after(root, clear)
        for forward in pending & root.forwards.get(backward.id, frozenset())
        if in_their_iteration(root, forward, clear, backward)
    }


def in_their_iteration(root: RootFacts, forward: int, clear: Clear, backward: Backward) -> bool:
    """The forward runs inside the innermost loop around both the clear and the backward, or that loop runs no forward
    of the backward's loss (anywhere, where no loop is around both). Where each iteration runs its own forward after
    the clear, one run before the loop (each phase's model refreshed by a helper, then handed to the batch loop of
    another module that clears at the top of every batch) is not one the clear could be moved above; a loop whose loss
    was computed before it (`for opt, loss in zip(optimizers, losses):`) runs none, and a loop around the clear alone
    (`for opt in optimizers: opt.zero_grad()`) is not the iteration."""
    around_backward = root.around.get(backward.id, ())
    shared = [node for node in root.around.get(clear.id, ()) if isinstance(node, Loop) and any(node is other for other in around_backward)]
    if not shared:
        return True
    loop = shared[-1]

    def inside(event: int) -> bool:
        return any(node is loop for node in root.around.get(event, ()))

    return inside(forward) or not any(inside(other) for other in root.forwards.get(backward.id, frozenset()))


def backwards_after(root: RootFacts, clear: Clear) -> list[Backward]:
    """The backwards the clear may be the last clear before."""
    return [
        backward for backward in root.events
        if isinstance(backward, Backward) and root.held_by(backward, root.tracked(backward)).may_be_emptied_by(clear)
    ]


RULE = Rule(
    code="ZG104",
    name="zero-grad-after-forward",
    severity="style",
    needs=("lifecycle",),
    summary="The clear sits between the forward pass and the backward (off by default).",
    what="Reports a clear that runs after the loss is computed and before `backward()` (Pattern A).",
    why=(
        "It is correct (the weights are bit-identical either way), but a helper that runs a backward inside the "
        "forward, or code moved above the clear, silently breaks it. The conventional place is the top of the iteration."
    ),
    example="for x, y in loader:\n    loss = criterion(model(x), y)\n    optimizer.zero_grad()\n    loss.backward()\n    optimizer.step()\n",
    use_instead="for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n",
    limits=(
        "Opt-in: enable with `--extend-select ZG104`. The forward pass is recognised as the assignment of the loss that is "
        "backwarded, and of what it is computed from (an attribute of `self` that a method run before it stored, as a model's "
        "own `forward()` does, included; for a loss that is the target of a `for`, of what the loop iterates: "
        "`for loss in losses: loss.backward()`), and read back from a list, an entry of a dict at a literal key or a project's buffer it was "
        "put in (`outputs.append(out)`, `self._losses['total_loss'] = loss` of the model's own `forward()`, "
        "`rollout.feed(data)` of a class whose method keeps what it is handed), and in the caller of a helper for what its "
        "parameters are handed (`update_critic(obs, ...)` after `obs = self.encoder(obs)`); a value made under "
        "`torch.no_grad()` carries no graph and is none. A call of an "
        "element of a container of models (`self.model[\"generator\"](x)`) runs a forward, and so does a function of the "
        "project handed a model whose body calls it (or hands it to `parallel_apply`); a helper that only reads the model's "
        "settings runs none, nor does a call whose name's last word is a tokenizer, a processor, a collator, a loader or a "
        "dataset (`self.model_processor(images=...)`, `model._prepare_dataloader(x, y)`) unless an optimizer is built from it. "
        "A method of the class whose body runs no model and whose value reaches the loss only as what a forward after it is "
        "handed prepares that forward's input (a trainer's `self.before_step(feed_dict)`): no forward. "
        "Where the innermost loop around both the clear and the backward runs a forward of the loss in each iteration, one "
        "run before that loop (once per phase, before its batch loop) is not one the clear could be moved above."
    ),
    enabled_by_default=False,
    valid=(
        "for x, y in loader:\n    optimizer.zero_grad()\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n",
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    loss.backward()\n    optimizer.step()\n    optimizer.zero_grad()\n",
        # A method that returns new tensors (a zero hidden state) runs no forward: the forward follows the clear.
        "class RNN(nn.Module):\n    def init_hidden(self, batch):\n        return torch.zeros(1, batch, 16)\n\n"
        "for x, y in loader:\n    hidden = model.init_hidden(x.size(1))\n    optimizer.zero_grad()\n"
        "    out, hidden = model(x, hidden)\n    loss = criterion(out, y)\n    loss.backward()\n    optimizer.step()\n",
        # Samples made under `torch.no_grad()` carry no graph: the critic's forward, after the clear, is the loss's.
        "for real, noise in loader:\n    with torch.no_grad():\n        fake = generator(noise)\n    optimizer.zero_grad()\n"
        "    loss = critic(fake).mean() - critic(real).mean()\n    loss.backward()\n    optimizer.step()\n",
        # Optimizers in a Munch keyed by network (`optims.discriminator` is `optims["discriminator"]`), all cleared by
        # a loop over its values at the top of the iteration.
        "optims = Munch()\nfor name, net in nets.items():\n"
        "    optims[name] = torch.optim.Adam(net.parameters())\n\nfor real in loader:\n"
        "    for optim in optims.values():\n        optim.zero_grad()\n"
        "    loss = nets.discriminator(real).mean()\n    loss.backward()\n"
        "    optims.discriminator.step()\n",
        # Only fresh noise is kept on `self` before the clear; the generator's forward follows it.
        "class Translator:\n    def draw_noise(self):\n        self.noise = torch.randn_like(self.real)\n"
        "\n    def optimize_parameters(self):\n        self.draw_noise()\n"
        "        self.optimizer.zero_grad()\n        self.fake = self.generator(self.real + self.noise)\n"
        "        self.loss = self.criterion(self.fake, self.target)\n        self.loss.backward()\n"
        "        self.optimizer.step()\n",
        # A tokenizer or a processor, even one whose name starts with a model's word, prepares data: no forward.
        "for text, images, y in loader:\n    tokens = tokenizer(text, return_tensors=\"pt\")\n"
        "    pixels = model_processor(images=images)\n    optimizer.zero_grad()\n"
        "    loss = criterion(model(**tokens, **pixels), y)\n    loss.backward()\n    optimizer.step()\n",
        # A dict of callables whose name says data (the transforms) runs no forward; the networks' dict does.
        "for x, y in loader:\n    x = transforms[\"train\"](x)\n    optimizer.zero_grad()\n"
        "    loss = F.l1_loss(nets[\"generator\"](x), y)\n    loss.backward()\n    optimizer.step()\n",
        # The penalty's backward fills the gradients it reads (Fishr's per-sample gradients): the clear after it, and
        # after the forward, empties them before the objective's backward, and cannot move to the top.
        "for x, y in loader:\n    optimizer.zero_grad()\n    logits = model(x)\n"
        "    criterion(logits, y).backward(inputs=list(model.parameters()), create_graph=True)\n"
        "    penalty = sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None)\n"
        "    optimizer.zero_grad()\n    loss = criterion(logits, y) + penalty\n    loss.backward()\n    optimizer.step()\n",
        # Forwards once per phase, before its batch loop (a class order, a distillation weight), feed the losses of the
        # batch loops, whose clears are at the start of their iterations (class-incremental-learning's phases).
        "def run_branches(model, x):\n    return model.plastic(x) + model.stable(x)\n\n\nfor phase in phases:\n"
        "    order = model(probe).argsort()\n    weight = run_branches(model, probe).norm()\n    if phase.first:\n"
        "        for x, y in phase.loader:\n            optimizer.zero_grad()\n"
        "            loss = criterion(run_branches(model, x)[:, order], y)\n            loss.backward()\n"
        "            optimizer.step()\n    else:\n        for x, y in phase.loader:\n            optimizer.zero_grad()\n"
        "            loss = weight * criterion(run_branches(model, x), y)\n            loss.backward()\n"
        "            optimizer.step()\n",
        # A trainer's hook prepares the batch from its settings (efficientvit's `before_step`: smoothed labels): its
        # value reaches the loss only as what the model and the criterion are handed after the clear.
        "def smooth(labels, n_classes, factor):\n    return labels * (1 - factor) + factor / n_classes\n\n\n"
        "class Trainer:\n    def before_step(self, batch):\n        images, labels = batch\n"
        "        return images.cuda(), smooth(labels.cuda(), self.n_classes, self.smoothing)\n\n"
        "    def train_epoch(self, loader):\n        for batch in loader:\n"
        "            images, labels = self.before_step(batch)\n            self.optimizer.zero_grad()\n"
        "            loss = self.criterion(self.model(images), labels)\n            loss.backward()\n"
        "            self.optimizer.step()\n",
        # The generator's loss reaches the discriminator's parameters through its scores (clustergan): the
        # discriminator's clear after that backward drops what leaked there, and cannot move to the top.
        "opt_g = torch.optim.Adam(generator.parameters())\nopt_d = torch.optim.Adam(discriminator.parameters())\n"
        "for real in loader:\n    opt_g.zero_grad()\n    fake = generator(noise())\n"
        "    d_fake, d_real = discriminator(fake), discriminator(real)\n    (-d_fake.mean()).backward(retain_graph=True)\n"
        "    opt_g.step()\n    opt_d.zero_grad()\n    d_loss = d_fake.mean() - d_real.mean()\n    d_loss.backward()\n    opt_d.step()\n",
        # FactorVAE: the VAE's loss runs through the discriminator's scores and both steps follow the discriminator's
        # backward; its clear, after that leak and the forward of the permuted latents, cannot move to the top.
        "opt_vae = torch.optim.Adam(vae.parameters())\nopt_d = torch.optim.Adam(discriminator.parameters())\n"
        "for x in loader:\n    opt_vae.zero_grad()\n    recon, z = vae(x)\n    d_z = discriminator(z)\n"
        "    vae_loss = F.mse_loss(recon, x) + d_z.mean()\n    vae_loss.backward(retain_graph=True)\n"
        "    d_perm = discriminator(permute(z).detach())\n    d_loss = d_perm.mean() - d_z.mean()\n"
        "    opt_d.zero_grad()\n    d_loss.backward()\n    opt_vae.step()\n    opt_d.step()\n",
    ),
    invalid=(
        "for x, y in loader:\n    loss = criterion(model(x), y)\n    optimizer.zero_grad()  # <- ZG104\n    loss.backward()\n    optimizer.step()\n",
        # Each loss computed before the loop that pairs it with its optimizer (ibot's linear heads): that loop runs no
        # forward, so the heads' forwards in the batch's iteration are the ones its clears follow.
        "for x, y in loader:\n    losses = []\n    for head in heads:\n        losses.append(criterion(head(x), y))\n"
        "    for optimizer, loss in zip(optimizers, losses):\n        optimizer.zero_grad()  # <- ZG104\n"
        "        loss.backward()\n        optimizer.step()\n",
        # The forward in the batch loop's iteration, nested in the loop over phases: the iteration is the batch's.
        "for phase in phases:\n    for x, y in phase.loader:\n        features = model.features(x)\n"
        "        optimizer.zero_grad()  # <- ZG104\n        loss = criterion(model.fc(features), y)\n"
        "        loss.backward()\n        optimizer.step()\n",
        # The loss is computed from a tensor made to be trained before the clear (SAC's temperature): its forward.
        "log_alpha = torch.zeros(1, requires_grad=True)\na_optimizer = torch.optim.Adam([log_alpha], lr=1e-3)\n"
        "for obs in loader:\n    with torch.no_grad():\n        log_pi = policy.log_prob(obs)\n"
        "    alpha_loss = -(log_alpha.exp() * (log_pi + target)).mean()\n    a_optimizer.zero_grad()  # <- ZG104\n"
        "    alpha_loss.backward()\n    a_optimizer.step()\n",
        # The loop over the Munch's optimizers clears the discriminator's after its loss's forward (stargan-v2's solver).
        "optims = Munch()\nfor name, net in nets.items():\n"
        "    optims[name] = torch.optim.Adam(net.parameters())\n\nfor real in loader:\n"
        "    loss = nets.discriminator(real).mean()\n    for optim in optims.values():\n"
        "        optim.zero_grad()  # <- ZG104\n    loss.backward()\n    optims.discriminator.step()\n",
        # The model's own `forward()` keeps the generator's output on `self`, and its own `backward()` backpropagates
        # a loss computed from it (CycleGAN's and pix2pix's model classes).
        "class Translator:\n    def forward(self):\n        self.fake = self.generator(self.real)\n\n"
        "    def backward(self):\n        self.loss = self.criterion(self.fake, self.target)\n"
        "        self.loss.backward()\n\n    def optimize_parameters(self):\n        self.forward()\n"
        "        self.optimizer.zero_grad()  # <- ZG104\n        self.backward()\n"
        "        self.optimizer.step()\n",
        # The rollout's outputs kept in a list and read back after it (an actor-critic's update).
        "for update in range(num_updates):\n    log_probs = []\n    for obs in rollout(env):\n"
        "        log_probs.append(policy(obs))\n    loss = -torch.cat(log_probs).mean()\n"
        "    optimizer.zero_grad()  # <- ZG104\n    loss.backward()\n    optimizer.step()\n",
        # A tokenizer an optimizer is built from is a network: calling it is the forward of its loss.
        "t_optimizer = torch.optim.Adam(tokenizer.parameters())\nfor obs in loader:\n    recon = tokenizer(obs)\n"
        "    loss = (recon - obs).abs().mean()\n    t_optimizer.zero_grad()  # <- ZG104\n    loss.backward()\n"
        "    t_optimizer.step()\n",
        # A network held in a dict (ParallelWaveGAN's `self.model["generator"]`): calling the element runs it.
        "for x, y in loader:\n    loss = F.l1_loss(nets[\"generator\"](x), y)\n    optimizer.zero_grad()  # <- ZG104\n"
        "    loss.backward()\n    optimizer.step()\n",
        # A function handed the model runs it where its body calls the parameter (pfrl's `pack_and_forward`).
        "def pack_and_forward(model, sequences):\n    return model(torch.cat(sequences))\n\n"
        "for sequences, y in loader:\n    out = pack_and_forward(model, sequences)\n    loss = F.l1_loss(out, y)\n"
        "    optimizer.zero_grad()  # <- ZG104\n    loss.backward()\n    optimizer.step()\n",
        # A method computing the loss from the instance's state (pfrl's ACER `self.compute_loss(...)`): its value is
        # the loss itself, so it stands for the forward.
        "class Learner:\n    def loss_of(self, targets):\n        return ((self.values - targets) ** 2).mean()\n\n"
        "    def update(self, targets):\n        loss = self.loss_of(targets)\n"
        "        self.optimizer.zero_grad()  # <- ZG104\n        loss.backward()\n        self.optimizer.step()\n",
        # The helper's parameter is the caller's argument: the encoder ran in the caller (drqv2's `update_critic`).
        "class Agent:\n    def __init__(self):\n        self.encoder = Encoder()\n        self.critic = Critic()\n"
        "        self.encoder_opt = torch.optim.Adam(self.encoder.parameters())\n"
        "        self.critic_opt = torch.optim.Adam(self.critic.parameters())\n\n"
        "    def update(self, obs, action, target):\n        obs = self.encoder(obs)\n"
        "        self.update_critic(obs, action, target)\n\n    def update_critic(self, obs, action, target):\n"
        "        q = self.critic(torch.cat([obs, action], dim=-1))\n        loss = F.mse_loss(q, target)\n"
        "        self.encoder_opt.zero_grad()  # <- ZG104\n        self.critic_opt.zero_grad()  # <- ZG104\n"
        "        loss.backward()\n        self.critic_opt.step()\n        self.encoder_opt.step()\n",
        # The VAE's loss reads the discriminator's scores detached: nothing leaked, the clear could sit at the top.
        "opt_vae = torch.optim.Adam(vae.parameters())\nopt_d = torch.optim.Adam(discriminator.parameters())\n"
        "for x in loader:\n    opt_vae.zero_grad()\n    recon, z = vae(x)\n    d_z = discriminator(z)\n"
        "    vae_loss = F.mse_loss(recon, x) + d_z.detach().mean()\n    vae_loss.backward(retain_graph=True)\n"
        "    d_perm = discriminator(permute(z).detach())\n    d_loss = d_perm.mean() - d_z.mean()\n"
        "    opt_d.zero_grad()  # <- ZG104\n    d_loss.backward()\n    opt_vae.step()\n    opt_d.step()\n",
    ),
    check=check,
)
