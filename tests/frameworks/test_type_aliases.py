"""PEP 695 aliases (`type Mode = Literal["a", "b"]`, Python 3.12) in pydantic models (issue
16): pydantic gives each a `$defs` entry of its own, without title, and a `$ref`. The
source is Python 3.12 syntax, so real pydantic's schemas are recorded
(tests/data/frameworks/models/pep695_models.json, record.py) rather than generated here;
toollint parses the syntax on any Python."""
from __future__ import annotations

import hashlib
import json
import os

from frameworkcase import DATA
from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.frameworks.pydantic_schema import model_json_schema
from toollint.frameworks.pydantic_values import module_resolver
from toollint.model import Unresolved

RECORDING = os.path.join(DATA, "models", "pep695_models.json")
NOT_DERIVED = {"MergedClass"}  # `type Where = Address`: pydantic merges the two definitions


def _static():
    with open(RECORDING, encoding="utf-8") as handle:
        data = json.load(handle)
    path = os.path.join(DATA, data["source"])
    with open(path, "rb") as handle:
        source = handle.read()
    assert hashlib.sha256(source).hexdigest() == data["sha256"], "rerun record.py pep695_models"
    facts = extract_file(path, "pep695_models", False, Settings(), data=source, prefilter=False)
    assert facts is not None and facts.error is None
    resolve = module_resolver(lambda module: facts if module == facts.module else None)
    return data, {m["name"]: model_json_schema(resolve(facts.module, m["name"]), resolve) for m in data["tools"]}


def test_models_with_type_aliases_match_pydantic_or_are_unresolved():
    data, static = _static()
    assert len(data["tools"]) == 4
    for real in data["tools"]:
        got = static[real["name"]]
        if real["name"] in NOT_DERIVED:
            assert isinstance(got, Unresolved), real["name"]
        else:
            assert got == real["schema"], real["name"]


def test_parameters_typed_with_type_aliases_are_derived_in_every_form():
    """The *_pep695 recordings are compared by each framework's recording test
    (frameworkcase.check_recording, which lets an unresolved property pass): none of
    their properties is left unresolved, so that comparison covers each form."""
    from toollint.frameworks.model_params import finish
    from toollint.model import UNRESOLVED, to_python

    for name in ("fastmcp", "langchain", "agents", "llama_index", "pydantic_ai"):
        path = os.path.join(DATA, "sources", f"{name}_pep695.py")
        with open(path, "rb") as handle:
            facts = extract_file(path, "recorded", False, Settings(), data=handle.read())
        resolve = module_resolver(lambda module: facts if module == facts.module else None)
        (tool,) = facts.decorated
        schema = to_python(finish(tool, {facts.path: facts}.get, resolve).schema)
        assert UNRESOLVED not in schema["properties"].values(), name
        assert set(schema["properties"]) == {"order_id", "mode", "tags", "maybe", "wheres"}, name


def test_pydantic_function_tool_of_a_model_with_type_aliases_matches_openai():
    from test_openai_models import linked_tools
    from toollint.model import to_python

    with open(os.path.join(DATA, "models", "openai_pep695.json"), encoding="utf-8") as handle:
        data = json.load(handle)
    path = os.path.join(DATA, data["source"])
    with open(path, "rb") as handle:
        assert hashlib.sha256(handle.read()).hexdigest() == data["sha256"], "rerun record.py openai_pep695"
    (tool,) = linked_tools(path, "openai_pep695")
    (real,) = data["tools"]
    assert tool.name.value == real["function"]["name"]
    assert to_python(tool.schema) == real["function"]["parameters"]
