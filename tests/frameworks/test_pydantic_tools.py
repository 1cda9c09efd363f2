"""Schema rules on `inputSchema=Model.model_json_schema()` (issue 16): the schema pydantic
would build is derived statically, and a property's finding points at its field."""
from __future__ import annotations

import textwrap

DESC = "Show the working tree status of a git repository. Call it before committing changes."


def _server(call="GitStatus.model_json_schema()", imports="from pkg.models import GitStatus"):
    return textwrap.dedent(f'''
        from mcp.types import Tool

        {imports}

        TOOLS = [
            Tool(
                name="git_status",
                description="{DESC}",
                inputSchema={call},
            ),
        ]
    ''').lstrip()


def _project(models, server=None):
    return {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/models.py": textwrap.dedent(models).lstrip(),
            "pkg/server.py": server or _server()}


UNDESCRIBED = '''
    from pydantic import BaseModel, Field


    class GitStatus(BaseModel):
        repo_path: str = Field(description="Path to the git repository, e.g. '/src/app'.")
        verbose: bool = False
'''

DESCRIBED = '''
    from typing import Optional

    from pydantic import BaseModel, Field


    class Options(BaseModel):
        """How to show the status."""

        short: bool = Field(False, description="Give the output in the short format.")


    class GitStatus(BaseModel):
        repo_path: str = Field(description="Path to the git repository, e.g. '/src/app'.")
        branch: Optional[str] = Field(None, description="The branch to compare with; the current one if omitted.")
        options: Options = Field(description="Output options.")
'''


def test_undescribed_field_is_reported_on_its_line_in_the_model(lint):
    found = lint(_project(UNDESCRIBED), select=["TL207"])
    assert found == [("pkg/models.py", 6, "TL207")]


def test_v1_spelling_schema_is_read_the_same(lint):
    server = _server(call="GitStatus.schema()")
    assert lint(_project(UNDESCRIBED, server), select=["TL207"]) == [("pkg/models.py", 6, "TL207")]


def test_model_through_a_module_import(lint):
    server = _server(call="models.GitStatus.model_json_schema()", imports="from pkg import models")
    assert lint(_project(UNDESCRIBED, server), select=["TL207"]) == [("pkg/models.py", 6, "TL207")]


def test_required_described_fields_and_nested_models_stay_quiet(lint):
    # `Field(description=...)` without a default is required and described: no schema rule fires
    assert lint(_project(DESCRIBED)) == []


def test_a_model_whose_schema_is_not_known_is_not_judged(lint):
    models = UNDESCRIBED + '''
        @field_validator("verbose", mode="plain")
        @classmethod
        def any_verbose(cls, v):
            return bool(v)
    '''
    models = models.replace("import BaseModel, Field", "import BaseModel, Field, field_validator")
    assert lint(_project(models), select=["TL207"]) == []


def test_a_class_that_is_not_a_project_model_is_not_judged(lint):
    server = _server(imports="from elsewhere import GitStatus")
    assert lint(_project(UNDESCRIBED, server), select=["TL207"]) == []


def test_nested_model_field_is_reported_in_the_nested_model(lint):
    models = DESCRIBED.replace('short: bool = Field(False, description="Give the output in the short format.")',
                               "short: bool = False")
    assert lint(_project(models), select=["TL207"]) == [("pkg/models.py", 9, "TL207")]  # `short`


def test_noqa_on_the_field_line_suppresses_its_finding(lint):
    models = UNDESCRIBED.replace("verbose: bool = False", "verbose: bool = False  # noqa: TL207")
    assert lint(_project(models), select=["TL207"]) == []


def test_a_type_adapter_of_a_model_is_read_as_its_model_json_schema(lint):
    server = _server(call="TypeAdapter(GitStatus).json_schema()",
                     imports="from pydantic import TypeAdapter\n\n        from pkg.models import GitStatus")
    assert lint(_project(UNDESCRIBED, server), select=["TL207"]) == [("pkg/models.py", 6, "TL207")]
    spelled = _server(call="pydantic.TypeAdapter(GitStatus).json_schema()",
                      imports="import pydantic\n\n        from pkg.models import GitStatus")
    assert lint(_project(UNDESCRIBED, spelled), select=["TL207"]) == [("pkg/models.py", 6, "TL207")]


def test_a_type_adapter_of_anything_else_is_not_judged(lint):
    typed = UNDESCRIBED.replace("from pydantic import BaseModel, Field", "from typing_extensions import TypedDict")
    typed = typed.replace("(BaseModel)", "(TypedDict)").replace(
        ' = Field(description="Path to the git repository, e.g. \'/src/app\'.")', "").replace(" = False", "")
    server = _server(call="TypeAdapter(GitStatus).json_schema()",
                     imports="from pydantic import TypeAdapter\n\n        from pkg.models import GitStatus")
    assert lint(_project(typed, server), select=["TL207"]) == []
    own = _server(call="TypeAdapter(GitStatus).json_schema()",
                  imports="from pkg.adapters import TypeAdapter\n\n        from pkg.models import GitStatus")
    assert lint(_project(UNDESCRIBED, own), select=["TL207"]) == []
