# expect: clean
"""The mapping process of an incremental reconstruction (zju3dv/Vox-Fusion's src/mapping.py before "fix optimizer
issue", e5ac7e5): `spin` takes each tracked frame from the buffer and maps it through `do_mapping`, which hands the map's
embeddings and the decoder, both built once in `__init__`, to `bundle_adjust_frames` of variations/render_helpers.py.
That helper builds a new Adam over them on every call (ZG601 there): the moments start empty for every frame. The
loop says no epoch, loader or episode, and steps through the imported helper."""

import torch

from variations.render_helpers import bundle_adjust_frames


class Mapping:
    def __init__(self, decoder, num_embeddings=1000, embed_dim=16, num_iterations=10):
        self.decoder = decoder
        self.embeddings = torch.zeros(num_embeddings, embed_dim, requires_grad=True)
        torch.nn.init.normal_(self.embeddings, std=0.01)
        self.num_iterations = num_iterations
        self.keyframe_graph = []

    def spin(self, kf_buffer, share_data):
        while True:
            if not kf_buffer.empty():
                tracked_frame = kf_buffer.get()
                self.do_mapping(tracked_frame)
                self.keyframe_graph.append(tracked_frame)
            elif share_data.stop_mapping:
                break

    def do_mapping(self, tracked_frame):
        self.decoder.train()
        bundle_adjust_frames(self.keyframe_graph + [tracked_frame], self.embeddings, self.decoder, self.num_iterations)
