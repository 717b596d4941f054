"""Understanding: intent classification and slot extraction, offline or with a model."""
