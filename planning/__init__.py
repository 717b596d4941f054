"""Task plans: steps over the registry's tools, their validation and the replanning strategies."""
