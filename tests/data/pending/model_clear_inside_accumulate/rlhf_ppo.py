# expect: clean
"""The script: the PPO trainer built with no optimizer of its own (the factory builds it over the policy)."""

from accelerate import Accelerator

from farm.rl.ppo_trainer import PPOTrainer


def main(args, policy, loader):
    accelerator = Accelerator(gradient_accumulation_steps=args.gradient_accumulation_steps)
    trainer = PPOTrainer(args, policy, accelerator)
    trainer.train(loader, args.total_steps)


if __name__ == "__main__":
    main(None, None, None)
