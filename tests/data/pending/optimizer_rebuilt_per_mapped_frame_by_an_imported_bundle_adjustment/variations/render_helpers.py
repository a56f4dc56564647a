# expect: ZG601 18:13
"""The bundle adjustment helper of mapping.py: a new Adam over the map's embeddings and the decoder's parameters
(param groups), then the iterations that step it. Called once per mapped frame, so Adam's moments never carry over
(RULES.md ZG601 at the construction, reached from the mapping loop of the other module). What the analysis would need:
the mapping loop analysed (the gate's words: it names no epoch, loader or episode), and an optimizer built from a list
of param-group dicts read as built over the models of its `"params"` entries."""

import torch


def bundle_adjust_frames(keyframes, embeddings, sdf_network, num_iterations=10, learning_rate=1e-2):
    optimize_params = [{"params": embeddings, "lr": learning_rate}]
    optimize_params += [{"params": sdf_network.parameters(), "lr": learning_rate}]
    for keyframe in keyframes:
        if keyframe.stamp != 0:
            keyframe.pose.requires_grad_(True)
            optimize_params += [{"params": keyframe.pose.parameters(), "lr": learning_rate / 10}]
    optim = torch.optim.Adam(optimize_params)
    for _ in range(num_iterations):
        optim.zero_grad()
        loss = sum(sdf_network(embeddings, keyframe.rays()).abs().mean() for keyframe in keyframes)
        loss.backward()
        optim.step()
