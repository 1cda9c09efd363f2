"""The frameworks that turn a function into a tool: one module each, listed in
toollint.frameworks.registry, behind the interface of toollint.frameworks.base."""
