"""`toollint server`: a language server over stdio, built on pygls (the `lsp` extra).

server.py wires the protocol (documents, debouncing, settings, code actions); lint.py
runs the engine on a buffer as `toollint check --stdin-filename` does; diagnostics.py
turns findings into LSP diagnostics; actions.py makes the code actions.
"""
