"""The retail store domain: configuration files, policy and presenters."""
