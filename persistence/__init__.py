"""Persistence layer: business data, audit trail, handoff queue and checkpointers."""
