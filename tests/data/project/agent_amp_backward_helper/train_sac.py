# expect: clean
"""The training script of the SAC agent: explore, then update on the buffer, for each epoch."""

from erl.agents.sac import AgentSAC


def train_agent(args, env, buffer) -> None:
    agent = AgentSAC(args.net_dims, args.state_dim, args.action_dim, args)
    for epoch in range(args.epochs):
        buffer.update(agent.explore_env(env, args.horizon_len))
        logging_tuple = agent.update_net(buffer)
        print(epoch, logging_tuple)
