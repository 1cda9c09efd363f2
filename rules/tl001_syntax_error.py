from toollint.rulekit.rule import Rule


class SyntaxError_(Rule):
    """Reported by the parser itself (toollint/parse.py): a file that cannot be read,
    decoded or parsed. The class exists so the catalogue, selection and docs know it."""

    code = "TL001"
    name = "syntax-error"
    summary = "A file cannot be read, decoded or parsed"
