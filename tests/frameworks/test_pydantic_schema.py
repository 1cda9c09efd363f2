"""Differential test: the static pydantic schema (frameworks/pydantic_schema.py) against
real pydantic's model_json_schema() on the models in tests/data/pydantic (test data,
imported here; toollint itself never imports what it reads)."""
from __future__ import annotations

import importlib
import inspect
import json
import sys
import typing
from pathlib import Path

import libcst as cst
import pytest

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")  # class Config, on purpose
pydantic = pytest.importorskip("pydantic")
pydantic_v1 = pytest.importorskip("pydantic.v1")
if sys.version_info < (3, 10):
    pytest.skip("the test data spells unions `X | None`", allow_module_level=True)

from toollint.config.settings import Settings  # noqa: E402
from toollint.extract import extract_module  # noqa: E402
from toollint.link.graph import module_name  # noqa: E402
from toollint.frameworks.pydantic_schema import model_json_schema  # noqa: E402
from toollint.frameworks.pydantic_values import module_resolver  # noqa: E402
from toollint.model import Unresolved  # noqa: E402

DATA = Path(__file__).resolve().parents[1] / "data" / "pydantic"
# Models whose schema the static side may not know; any other unresolved one fails.
EXPECTED_UNRESOLVED = {
    "validators.PlainValidator", "validators.CustomSchema", "validators.GenericModel",
    "validators.CallableExtra", "edge.OldStyle", "edge.Tree", "edge.Forward", "edge.Money",
    "edge.UsesAlias", "edge.Deprecated", "edge.OldStyle",
}


def _facts():
    out = []
    for path in sorted(DATA.rglob("*.py")):
        rel = path.relative_to(DATA).as_posix()
        module, is_package = module_name(rel)
        text = path.read_text()
        out.append(extract_module(rel, module, is_package, cst.parse_module(text), text, Settings()))
    return out


_MODELS = (pydantic.BaseModel, pydantic_v1.BaseModel)


def _real_models():
    sys.path.insert(0, str(DATA))
    try:
        for facts in _facts():
            module = importlib.import_module(facts.module)
            for name, obj in vars(module).items():
                if inspect.isclass(obj) and obj.__module__ == facts.module and issubclass(obj, _MODELS):
                    yield facts, name, obj
    finally:
        sys.path.remove(str(DATA))


@pytest.fixture(scope="module")
def corpus():
    facts = _facts()
    resolve = module_resolver({m.module: m for m in facts}.get)
    cases = []
    for module_facts, name, cls in _real_models():
        static = model_json_schema(resolve(module_facts.module, name), resolve)
        cases.append((f"{module_facts.module.split('.')[-1]}.{name}", cls, static))
    return cases


def test_corpus_is_large_enough(corpus):
    assert len(corpus) >= 60


def test_static_schema_equals_pydantic_or_is_unresolved(corpus):
    unresolved, different = {}, {}
    for label, cls, static in corpus:
        if isinstance(static, Unresolved):
            unresolved[label] = static.reason
        elif not issubclass(cls, pydantic.BaseModel):
            different[label] = (static, "a pydantic v1 model: its schema() is another generator's")
        elif json.dumps(static) != json.dumps(cls.model_json_schema()):  # key order too, as `dump` shows it
            different[label] = (static, cls.model_json_schema())
    assert different == {}
    assert set(unresolved) == EXPECTED_UNRESOLVED, unresolved


def test_a_type_adapter_gives_every_model_of_the_corpus_the_same_schema(corpus):
    # toollint reads `TypeAdapter(Model).json_schema()` as `Model.model_json_schema()` (extract/adapters.py)
    for label, cls, _ in corpus:
        if issubclass(cls, pydantic.BaseModel):
            assert pydantic.TypeAdapter(cls).json_schema() == cls.model_json_schema(), label


# --- generated models ------------------------------------------------------------------

from hypothesis import given, settings, strategies as st  # noqa: E402
from lintcase import examples  # noqa: E402

_PRELUDE = '''import enum
from typing import Any, Dict, List, Literal, Optional, Union
from pydantic import BaseModel, ConfigDict, Field


class Color(str, enum.Enum):
    RED = "red"
    BLUE = "blue"


class Inner(BaseModel):
    """Nested."""
    x: int
'''
_LEAVES = st.sampled_from(["str", "int", "float", "bool", "Any", "Color", "Inner", 'Literal["a", "b"]',
                           "Literal[1]", "bytes"])
_TYPES = st.recursive(_LEAVES, lambda inner: st.one_of(
    inner.map(lambda t: f"Optional[{t}]"), inner.map(lambda t: f"list[{t}]"), inner.map(lambda t: f"List[{t}]"),
    inner.map(lambda t: f"dict[str, {t}]"), inner.map(lambda t: f"{t} | None"),
    inner.map(lambda t: f"tuple[{t}, ...]"), st.tuples(inner, inner).map(lambda p: f"Union[{p[0]}, {p[1]}]")),
    max_leaves=3)
_DEFAULTS = st.sampled_from(["", " = None", " = 1", ' = "s"', " = []", " = {}", " = -2.5", " = True",
                             ' = Field(description="d")', ' = Field(None, title="T")',
                             ' = Field("x", alias="NAMEAlias")', " = Field(default_factory=list)",
                             ' = Field(examples=[1, 2], json_schema_extra={"x-k": "v"})'])


@st.composite
def _model_source(draw):
    lines = ["", "", "class Gen(BaseModel):"]
    if draw(st.booleans()):
        lines.append('    """Generated.\n\n    More text.\n    """')
    if draw(st.booleans()):
        lines.append('    model_config = ConfigDict(extra="forbid")')
    names = draw(st.lists(st.from_regex(r"f_[a-z][a-z_]{0,5}", fullmatch=True), max_size=5, unique=True))
    for name in names:
        annotation = draw(_TYPES)
        default = draw(_DEFAULTS)
        if annotation in ("int", "float") and draw(st.booleans()):
            default = " = Field(0, ge=0, lt=100)"
        elif annotation == "str" and draw(st.booleans()):
            default = ' = Field(min_length=1, max_length=9, pattern="^a")'
        lines.append(f"    {name}: {annotation}{default.replace('NAME', name)}")
    lines.append("    pass")
    return _PRELUDE + "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(_model_source())
def test_generated_models_match_pydantic(source):
    # typing caches `Optional[X]` by equality, and `Union[A, B] == Union[B, A]`: an earlier
    # example's member order would come back for this one
    for clear in typing._cleanups:  # type: ignore[attr-defined]
        clear()
    namespace: dict = {"__name__": "gen"}
    exec(compile(source, "gen.py", "exec", dont_inherit=True), namespace)  # not this file's __future__
    facts = extract_module("gen.py", "gen", False, cst.parse_module(source), source, Settings())
    resolve = module_resolver({"gen": facts}.get)
    static = model_json_schema(resolve("gen", "Gen"), resolve)
    assert not isinstance(static, Unresolved), static.reason
    assert json.dumps(static) == json.dumps(namespace["Gen"].model_json_schema())
