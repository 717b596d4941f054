"""Tools: the registry, the single execution path and the store's tool implementations."""
