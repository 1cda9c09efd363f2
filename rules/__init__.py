"""toollint's rule catalogue: one module and one documentation page per rule."""
