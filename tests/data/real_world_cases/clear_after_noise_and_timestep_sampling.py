"""Flow-matching step: noise, timesteps and sigmas are sampled, then clear, then the model's forward.

Seen in huggingface/peft method_comparison/image-gen/run.py (train loop):
`noise = torch.randn_like(latents)`, `u = compute_density_for_timestep_sampling(
...)` (imported from diffusers), timesteps and `sigmas = get_sigmas(...)`,
the noisy latents; then `optimizer.zero_grad(set_to_none=True)`, the
transformer's forward, the loss and `grad_scaler.scale(loss).backward()`.
The clear comes before the forward that builds the loss: RULES.md ZG104 is
silent (DESIGN.md: data helpers are no forward).
"""
# expect: clean
import torch
from diffusers.training_utils import compute_density_for_timestep_sampling

transformer = torch.nn.Linear(16, 16)
optimizer = torch.optim.AdamW(transformer.parameters(), lr=1e-4)
loader = [torch.randn(4, 16) for _ in range(8)]

for latents in loader:
    noise = torch.randn_like(latents)
    u = compute_density_for_timestep_sampling(weighting_scheme="none", batch_size=latents.shape[0])
    sigmas = u.view(-1, 1)
    noisy_latents = (1.0 - sigmas) * latents + sigmas * noise

    optimizer.zero_grad(set_to_none=True)
    model_pred = transformer(noisy_latents)
    loss = ((model_pred - (noise - latents)) ** 2).mean()
    loss.backward()
    optimizer.step()
