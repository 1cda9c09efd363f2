"""A small helpdesk agent: the tools it declares, how it dispatches them, how it routes."""
