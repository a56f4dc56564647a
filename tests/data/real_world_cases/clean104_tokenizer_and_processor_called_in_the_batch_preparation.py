# expect: clean
"""deepchem's Hugging Face wrappers (deepchem/models/torch_models/hf_models.py, oneformer.py): `fit_generator` prepares
the batch through the class's own `_prepare_batch`, whose body calls the tokenizer (`self.tokenizer(smiles, ...)`) or
the image processor (`self.model_processor(images=...)`) and returns the tensors they make; then it clears, runs the
model and backpropagates its loss. The clear is before the forward pass (RULES.md ZG104: nothing to report); a
tokenizer or a processor turns data into tensors and runs no model, whatever `model_processor` says of a model."""

import torch


class HuggingFaceModel:
    def __init__(self, model, tokenizer):
        self.model = model
        self.tokenizer = tokenizer
        self.optimizer = torch.optim.Adam(model.parameters())

    def _prepare_batch(self, batch):
        smiles, y, w = batch
        tokens = self.tokenizer(smiles, padding=True, return_tensors="pt")
        inputs = {"input_ids": tokens["input_ids"], "labels": y}
        return inputs, y, w

    def fit_generator(self, generator):
        for batch in generator:
            inputs, labels, weights = self._prepare_batch(batch)
            self.optimizer.zero_grad()
            outputs = self.model(**inputs)
            loss = outputs.get("loss")
            loss.backward()
            self.optimizer.step()


class OneFormer:
    def __init__(self, model, model_processor):
        self.model = model
        self.model_processor = model_processor
        self.optimizer = torch.optim.Adam(model.parameters())

    def _prepare_batch(self, batch):
        images, masks, w = batch
        inputs = self.model_processor(images=images, segmentation_maps=masks, return_tensors="pt")
        return inputs, masks, w

    def fit_generator(self, generator):
        for batch in generator:
            inputs, labels, weights = self._prepare_batch(batch)
            self.optimizer.zero_grad()
            outputs = self.model(**inputs)
            loss = outputs.get("loss")
            loss.backward()
            self.optimizer.step()
