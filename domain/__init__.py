"""Domain configuration: one package per business (intents, slots, replies, tools, policy)."""
