"""Model plumbing: chat clients, circuit breakers, deadlines and call accounting."""
