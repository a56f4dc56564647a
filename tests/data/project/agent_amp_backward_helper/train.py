# expect: clean
"""The training script: the agent explores, then updates its networks on the buffer, for each epoch. Which agent class
the config picks (a conditional expression) is not followed: the loop leads nowhere known, silent (the reports of
base.py come from its own step bodies and from train_sac.py's and train_ppo.py's loops)."""

from erl.agents.dqn import AgentDQN
from erl.agents.ppo import AgentPPO


def train_agent(args, env, buffer) -> None:
    agent_class = AgentDQN if args.algorithm == "dqn" else AgentPPO
    agent = agent_class(args.net_dims, args.state_dim, args.action_dim, args)
    for epoch in range(args.epochs):
        buffer.update(agent.explore_env(env, args.horizon_len))
        logging_tuple = agent.update_net(buffer)
        print(epoch, logging_tuple)
