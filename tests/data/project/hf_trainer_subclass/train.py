# expect: clean
from transformers import TrainingArguments

from trainers.adversarial_trainer import AdversarialTrainer
from trainers.plain_trainer import WeightedTrainer


def main(model, discriminator, train_dataset, output_dir, adversarial=True):
    args = TrainingArguments(output_dir=output_dir, num_train_epochs=3, gradient_accumulation_steps=4)
    if adversarial:
        trainer = AdversarialTrainer(model=model, args=args, train_dataset=train_dataset, discriminator=discriminator)
    else:
        trainer = WeightedTrainer(model=model, args=args, train_dataset=train_dataset)
    trainer.train()
