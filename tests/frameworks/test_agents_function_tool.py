"""The Agents SDK's `FunctionTool(params_json_schema=Args.model_json_schema(), ...)` (issue 18,
round 10's miss): the project model's schema, made strict as the SDK makes it unless
`strict_json_schema=False` (toollint.frameworks.agents_refs, agents_strict.strict_python).
What the real SDK keeps is recorded in tests/data/frameworks/agents_function_tool.json
(compared by test_agents_sdk.py); these are the shapes around it."""
from __future__ import annotations

import json
import textwrap

import pytest

from lintcase import parse_findings, toollint, write_tree

_TOOL = '''
async def run(ctx, args: str) -> str:
    return args


tool = FunctionTool(
    name="process_user",
    description="Process a user's name and age. Call this when the user gives both.",
    params_json_schema={schema},
    on_invoke_tool=run,{extra}
)
agent = Agent(name="a", tools=[tool])
'''


def _project(tmp_path, schema="UserArgs.model_json_schema()", models='''
    class UserArgs(BaseModel):
        username: str
        age: int
''', extra="", imports="", files=None):
    write_tree(tmp_path, files or {})
    tmp_path.mkdir(parents=True, exist_ok=True)
    (tmp_path / "tools.py").write_text("from agents import Agent, FunctionTool\nfrom pydantic import BaseModel, Field\n"
                                       + imports + textwrap.dedent(models) + _TOOL.format(schema=schema, extra=extra))
    return tmp_path


def _findings(root):
    result = toollint("check", "--select", "TL207", "--no-cache", ".", cwd=root)
    return [(p, line, code) for p, line, _, code, _ in parse_findings(result.stdout)]


def _schema(root):
    result = toollint("dump", "--shape", "openai-chat", ".", cwd=root)
    return json.loads(result.stdout)[0]["function"]["parameters"]


def test_the_models_fields_are_judged_on_their_lines(tmp_path):
    root = _project(tmp_path)
    assert _findings(root) == [("tools.py", 5, "TL207"), ("tools.py", 6, "TL207")]
    assert _schema(root)["required"] == ["username", "age"]


def test_strict_by_default_and_as_given_when_told(tmp_path):
    models = '''
        class UserArgs(BaseModel):
            username: str = Field(description="The user's login.")
            nickname: str | None = Field(None, description="What to call the user, if anything.")
    '''
    strict = _schema(_project(tmp_path / "a", models=models))
    assert strict["required"] == ["username", "nickname"] and strict["additionalProperties"] is False
    assert "default" not in strict["properties"]["nickname"]  # the SDK drops `default: null`
    loose = _schema(_project(tmp_path / "b", models=models, extra="\n    strict_json_schema=False,"))
    assert loose["required"] == ["username"] and "additionalProperties" not in loose
    assert loose["properties"]["nickname"]["default"] is None


def test_a_model_of_another_module(tmp_path):
    root = _project(tmp_path, models="", imports="from app.models import UserArgs\n", files={
        "app/__init__.py": "", "app/models.py": '''
            from pydantic import BaseModel, Field

            class UserArgs(BaseModel):
                username: str = Field(description="The user's login.")
                age: int
        '''})
    assert _findings(root) == [("app/models.py", 5, "TL207")]


@pytest.mark.parametrize("schema, imports", [
    ("build_schema()", "from app.schemas import build_schema\n"),  # a function's result
    ("Remote.model_json_schema()", "from library import Remote\n"),  # not the project's model
    ("UserArgs.model_json_schema(mode='serialization')", ""),  # another mode of it
    ("UserArgs.model_json_schema(**options)", ""),
])
def test_anything_else_stays_unresolved(tmp_path, schema, imports):
    root = _project(tmp_path, schema=schema, imports=imports)
    assert _findings(root) == []
    assert isinstance(_schema(root), str) and _schema(root).startswith("<unresolved")


def test_a_discriminated_union_is_not_derived(tmp_path):
    models = '''
        from typing import Literal, Union

        class Cat(BaseModel):
            kind: Literal["cat"]

        class Dog(BaseModel):
            kind: Literal["dog"]

        class UserArgs(BaseModel):
            pet: Union[Cat, Dog] = Field(discriminator="kind")
    '''
    root = _project(tmp_path, models=models)
    assert _findings(root) == [] and _schema(root).startswith("<unresolved")
