"""Reading [tool.toollint] and command-line overrides into Settings (see settings.py for the rules of layering)."""
from __future__ import annotations

import difflib
import os
import re
from typing import (
    Callable,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
)

from toollint.config.settings import (
    OUTPUT_FORMATS,
    TARGETS,
    ConfigError,
    Selection,
    Settings,
    names_to_codes,
    normalize_code,
)
from toollint.config.files import find_config, read_chain  # noqa: F401  # find_config: the module's API


# --- loading ----------------------------------------------------------------------------

# key -> kind; the kind picks the converter
_KINDS: Dict[str, str] = {
    "select": "codes",
    "extend-select": "codes",
    "ignore": "codes",
    "extend-ignore": "codes",
    "per-file-ignores": "per-file-ignores",
    "exclude": "globs",
    "extend-exclude": "globs",
    "force-exclude": "bool",
    "respect-gitignore": "bool",
    "output-format": "output-format",
    "target": "target",
    "max-tools-per-turn": "positive-int",
    "definitions": "names",
    "handlers": "names",
    "categories": "names",
    "always-include": "names",
    "decorators": "dotted-names",
    "trigger-phrases": "regexes",
    "exclusion-phrases": "regexes",
    "fix": "bool",
    "unsafe-fixes": "bool",
    "fixable": "fix-codes",
    "unfixable": "fix-codes",
    "pytest": "bool",  # read by the pytest plugin only (toollint/pytest_plugin/plugin.py)
}
VALID_KEYS: Tuple[str, ...] = tuple(_KINDS)
_SELECTION_KEYS = ("select", "extend-select", "ignore", "extend-ignore")


class _Source:
    """Where values came from, for messages: a config file, or the command line."""

    def __init__(self, path: Optional[str]) -> None:
        self.path = path

    @property
    def cli(self) -> bool:
        return self.path is None

    def label(self, key: str) -> str:
        return f"'--{key}'" if self.path is None else f"{self.path}: '{key}'"


def load(
    config_path: Optional[str],
    *,
    isolated: bool,
    overrides: Mapping[str, object],
    rules: Mapping[str, str],
) -> Settings:
    """Settings from `config_path` ([tool.toollint]) with `overrides` (kebab keys) on top.

    `config_path` is what find_config() returned or --config named; None or `isolated`
    means defaults. `rules` maps each known code to its name and validates codes.
    Override values may be python values or, for list keys, the raw comma-separated
    flag text; None values count as not given. Raises ConfigError (one line).
    """
    if isolated or config_path is None:
        tables: List[Dict[str, object]] = []
        root = os.getcwd()
        config_path = None
    else:
        tables = [_convert_table(table, _Source(path), rules) for path, table in read_chain(config_path)]
        root = os.path.dirname(os.path.abspath(config_path))
    cli_values = _convert_table(overrides, _Source(None), rules)
    # what a config extends comes first, the config itself next, the command line last
    file_values: Dict[str, object] = {}
    for table in tables:
        file_values.update(table)
    fields: Dict[str, object] = {}
    for key in VALID_KEYS:
        if key in _SELECTION_KEYS or key == "extend-exclude":
            continue
        if key in cli_values:
            fields[_field(key)] = cli_values[key]
        elif key in file_values:
            fields[_field(key)] = file_values[key]
    fields["extend_exclude"] = tuple(e for table in tables + [cli_values] for e in _tuple(table.get("extend-exclude")))

    layers = [_layer(table) for table in tables] or [Selection()]
    if any(key in cli_values for key in _SELECTION_KEYS):
        layers.append(_layer(cli_values))
    if "select" in cli_values:
        flat = {key: _tuple(cli_values.get(key)) for key in _SELECTION_KEYS}
    else:
        flat = {key: _tuple(file_values.get(key)) + _tuple(cli_values.get(key)) for key in _SELECTION_KEYS}
        flat["select"] = _tuple(file_values.get("select"))
    for key, value in flat.items():
        fields[_field(key)] = value

    return Settings(root=root, config_path=config_path, selection_layers=tuple(layers), **fields)  # type: ignore[arg-type]


def _layer(values: Mapping[str, object]) -> Selection:
    return Selection(
        select=values.get("select"),  # type: ignore[arg-type]
        extend_select=_tuple(values.get("extend-select")),
        ignore=_tuple(values.get("ignore")) + _tuple(values.get("extend-ignore")),
    )


def _field(key: str) -> str:
    return key.replace("-", "_")


def _tuple(value: object) -> Tuple[str, ...]:
    return tuple(value) if value else ()  # type: ignore[call-overload]


def _convert_table(table: Mapping[str, object], src: _Source, rules: Mapping[str, str]) -> Dict[str, object]:
    out: Dict[str, object] = {}
    for raw_key, value in table.items():
        key = str(raw_key)
        if src.cli:
            # argparse dests are snake_case and unset flags are None
            key = key.replace("_", "-")
            if value is None:
                continue
        if key not in _KINDS:
            raise ConfigError(_unknown_key(key, src))
        out[key] = _CONVERTERS[_KINDS[key]](key, value, src, rules)
    return out


def _unknown_key(key: str, src: _Source) -> str:
    close = difflib.get_close_matches(key.replace("_", "-"), VALID_KEYS, n=1, cutoff=0.6)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    valid = ", ".join(VALID_KEYS)
    if src.cli:
        return f"unknown option '--{key}'{hint}; valid options: {valid}"
    return f"{src.path}: unknown key '{key}' in [tool.toollint]{hint}; valid keys: {valid}"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _string_list(key: str, value: object, src: _Source, separators: Optional[str]) -> Tuple[str, ...]:
    if src.cli and isinstance(value, str):
        # raw flag text; None: the whole text is one item
        value = [value] if separators is None else [p for p in re.split(separators, value) if p]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{src.label(key)} must be a list of strings, got {_short(value)}")
    for item in value:
        if not item.strip():
            raise ConfigError(f"{src.label(key)} must not contain an empty string")
    return tuple(item.strip() for item in value)


def _check_codes(
    key: str, entries: Sequence[str], src: _Source, rules: Mapping[str, str], where: str = ""
) -> Tuple[str, ...]:
    names = names_to_codes(rules)
    out: List[str] = []
    for entry in entries:
        code = normalize_code(entry, names)
        if code and any(known.startswith(code) for known in rules):
            out.append(code)
            continue
        close = difflib.get_close_matches(entry.strip().upper(), sorted(rules), n=1, cutoff=0.6)
        close = close or difflib.get_close_matches(entry.strip().lower(), sorted(names), n=1, cutoff=0.6)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        example_name = min(names) if names else "missing-description"
        raise ConfigError(
            f"{src.label(key)}{where} has unknown rule '{entry}'{hint}; expected a rule code "
            f"({', '.join(sorted(rules)) or 'none known'}), a code prefix such as 'TL1', "
            f"or a rule name such as '{example_name}'"
        )
    return tuple(out)


def _conv_codes(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> Tuple[str, ...]:
    return _check_codes(key, _string_list(key, value, src, r"[\s,]+"), src, rules)


def _conv_per_file_ignores(
    key: str, value: object, src: _Source, rules: Mapping[str, str]
) -> Tuple[Tuple[str, Tuple[str, ...]], ...]:
    pairs: Sequence[Tuple[object, object]]
    if src.cli and isinstance(value, str):
        pairs = parse_per_file_ignores(value)
    elif isinstance(value, Mapping):
        pairs = list(value.items())
    elif src.cli and isinstance(value, (list, tuple)) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 for p in value
    ):
        pairs = value  # type: ignore[assignment]
    else:
        shape = "a table of glob = [codes]" if not src.cli else "'GLOB:CODES' pairs"
        raise ConfigError(f"{src.label(key)} must be {shape}, got {_short(value)}")
    out = []
    for glob, codes in pairs:
        if not isinstance(glob, str) or not glob.strip():
            raise ConfigError(f"{src.label(key)} has an empty or non-string glob: {_short(glob)}")
        if src.cli and isinstance(codes, str):
            codes = parse_code_list(codes)
        if not isinstance(codes, (list, tuple)) or not all(isinstance(c, str) and c.strip() for c in codes):
            raise ConfigError(
                f"{src.label(key)} entry '{glob}' must be a list of rule codes, got {_short(codes)}"
            )
        if not codes:
            raise ConfigError(f"{src.label(key)} entry '{glob}' lists no rule codes")
        out.append((glob.strip(), _check_codes(key, codes, src, rules, where=f" entry '{glob}'")))
    return tuple(out)


def _conv_globs(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> Tuple[str, ...]:
    # globs may hold spaces, so only commas separate them on the command line
    return _string_list(key, value, src, r"\s*,\s*")


def _conv_bool(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{src.label(key)} must be true or false, got {_short(value)}")
    return value


def _choice(choices: Tuple[str, ...]) -> Callable[[str, object, _Source, Mapping[str, str]], str]:
    def convert(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> str:
        if value not in choices:
            raise ConfigError(f"{src.label(key)} must be one of {', '.join(choices)}; got {_short(value)}")
        return value  # type: ignore[return-value]

    return convert


def _conv_positive_int(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> int:
    number: Optional[int] = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif src.cli and isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        number = int(value)
    if number is None:
        raise ConfigError(f"{src.label(key)} must be an integer, got {_short(value)}")
    if number < 1:
        raise ConfigError(f"{src.label(key)} must be an integer >= 1, got {number}")
    return number


def _conv_names(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> Tuple[str, ...]:
    names = _string_list(key, value, src, r"[\s,]+")
    for name in names:
        if not name.isidentifier():
            raise ConfigError(f"{src.label(key)} entry '{name}' is not a Python variable name")
    return names


def _conv_dotted_names(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> Tuple[str, ...]:
    # "@tool" is how people see the decorator; the "@" is not part of the name
    names = tuple(name[1:] if name.startswith("@") else name for name in _string_list(key, value, src, r"[\s,]+"))
    for name in names:
        if not all(part.isidentifier() for part in name.split(".")):
            raise ConfigError(
                f"{src.label(key)} entry '{name}' is not a decorator name such as 'tool' or 'registry.tool'"
            )
    return names


def _conv_regexes(key: str, value: object, src: _Source, rules: Mapping[str, str]) -> Tuple[str, ...]:
    patterns = _string_list(key, value, src, None)  # a regex may itself contain commas
    for pattern in patterns:
        try:
            re.compile(pattern)
        except (re.error, RecursionError, OverflowError) as e:
            raise ConfigError(
                _one_line(f"{src.label(key)} entry {_short(pattern)} is not a valid regular expression: {e}")
            ) from None
    return patterns


_CONVERTERS: Dict[str, Callable[[str, object, _Source, Mapping[str, str]], object]] = {
    "codes": _conv_codes,
    "per-file-ignores": _conv_per_file_ignores,
    "globs": _conv_globs,
    "bool": _conv_bool,
    "output-format": _choice(OUTPUT_FORMATS),
    "target": _choice(TARGETS),
    "positive-int": _conv_positive_int,
    "names": _conv_names,
    "dotted-names": _conv_dotted_names,
    "regexes": _conv_regexes,
    "fix-codes": lambda key, value, src, rules: tuple(
        "ALL" if v.strip().upper() == "ALL" else _check_codes(key, [v], src, rules)[0]
        for v in _string_list(key, value, src, r"[\s,]+")),
}


# --- selection --------------------------------------------------------------------------


def parse_code_list(text: str) -> Tuple[str, ...]:
    """`--select "TL1, TL203"`: comma- or space-separated, empty items dropped."""
    return tuple(part for part in re.split(r"[\s,]+", text) if part)


_PFI_TOKEN = re.compile(r"[^\s,:]+|:")
_CODE_LIKE = re.compile(r"[A-Za-z]+[0-9]*|[a-z][a-z0-9]*(?:-[a-z0-9]+)+")


def parse_per_file_ignores(text: str) -> Tuple[Tuple[str, Tuple[str, ...]], ...]:
    """`--per-file-ignores "tests/*:TL101,TL102 a.py b.py:TL1"`, flake8's syntax.

    Whitespace or commas separate items; each "GLOB [GLOB ...]:CODES" group gives every
    glob the codes. After a colon, an item starts the next group when a colon follows
    it or it does not look like a code or rule name. Codes are validated by load().
    """
    usage = "expected 'GLOB:CODES' pairs such as 'tests/*:TL101,TL102'"
    tokens = _PFI_TOKEN.findall(text)
    out: List[Tuple[str, Tuple[str, ...]]] = []
    globs: List[str] = []
    codes: List[str] = []
    in_codes = False

    def flush() -> None:
        if not codes:
            raise ConfigError(f"'--per-file-ignores': '{' '.join(globs)}' has no rule codes; {usage}")
        out.extend((glob, tuple(codes)) for glob in globs)

    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else None
        if token == ":":
            if in_codes or not globs:
                raise ConfigError(f"'--per-file-ignores': misplaced ':' in {_short(text)}; {usage}")
            in_codes = True
        elif not in_codes:
            globs.append(token)
        elif following == ":" or not _CODE_LIKE.fullmatch(token):
            flush()
            globs, codes, in_codes = [token], [], False
        else:
            codes.append(token)
    if globs and not in_codes:
        raise ConfigError(f"'--per-file-ignores': '{' '.join(globs)}' has no ':CODES'; {usage}")
    if globs:
        flush()
    return tuple(out)
