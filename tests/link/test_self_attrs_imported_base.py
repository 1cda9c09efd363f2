"""`Tool(name=self.name, description=self.description)` in a handler class whose class
attributes hold the values and whose base another project module defines (issue 18:
`class CreateTextFileHandler(BaseHandler): name = "create_text_file"`, with
`from .base import BaseHandler`): resolved when linking reads that base, and its bases,
and none can set the attribute; unresolved for anything not provable."""
from __future__ import annotations

import textwrap

import pytest

from toollint.config.settings import Settings
from toollint.engine.core import build, run

HANDLER = '''
from mcp.types import Tool

{imports}


class CreateFileHandler({base}):
    """Handler for creating a file."""

    name = "create_file"
    description = (
        "Create a new text file with the given content."
    )

    def get_tool_description(self) -> Tool:
        return Tool(
            name=self.name,
            description=self.description,
            inputSchema={{"type": "object", "properties": {{"path": {{"type": "string", "description": "where"}}}}}},
        )
'''

CREATE = "Create a new text file with the given content."

EDITOR_BASE = '''
class BaseHandler:
    """Base class for handlers."""

    def __init__(self, editor=None):
        self.editor = editor if editor is not None else object()

    def describe(self):
        return f"{self.name}: {self.description}"
'''


def _project(tmp_path, monkeypatch, files):
    files = {"pyproject.toml": "[project]\nname = 'app'\n", **files}  # the root: `pkg` is a package in it
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    monkeypatch.chdir(tmp_path)


def _tools(tmp_path, monkeypatch, files):
    _project(tmp_path, monkeypatch, files)
    project = build(["."], Settings(root="."), cache=False).project
    return [(t.name.value, t.description.value if t.description else None) for g in project.groups for t in g.tools]


def _handler(base="BaseHandler", imports="from .base import BaseHandler"):
    return HANDLER.format(base=base, imports=imports)


def _files(base_module, handler=None):
    return {"pkg/__init__.py": "", "pkg/base.py": base_module, "pkg/create.py": handler or _handler()}


def test_an_imported_base_that_never_sets_them_leaves_the_class_attributes(tmp_path, monkeypatch):
    tools = _tools(tmp_path, monkeypatch, _files(EDITOR_BASE))
    assert tools == [("create_file", CREATE)]


def test_findings_name_the_tool_and_point_at_the_class_attribute(tmp_path, monkeypatch):
    _project(tmp_path, monkeypatch, _files(EDITOR_BASE))
    findings = run(["."], Settings(root=".", select=("TL103",)), cache=False).findings
    where = [(f.span.path.replace("\\", "/").rsplit("/", 1)[-1], f.span.line) for f in findings]
    assert where == [("create.py", 12)]  # the description's string, in the class body
    assert "'create_file'" in findings[0].message


def test_a_base_init_that_sets_the_name_from_a_parameter_leaves_it_unresolved(tmp_path, monkeypatch):
    base = '''
    class BaseHandler:
        def __init__(self, name="base"):
            self.name = name
    '''
    tools = _tools(tmp_path, monkeypatch, _files(base))
    assert len(tools) == 1
    assert tools[0][0] is None  # the instance's name is the base's parameter, not the class attribute
    assert tools[0][1] == "Create a new text file with the given content."  # description is never set


def test_a_base_from_an_installed_library_leaves_them_unresolved(tmp_path, monkeypatch):
    files = {"pkg/__init__.py": "", "pkg/create.py": _handler(imports="from somelib import BaseHandler")}
    assert _tools(tmp_path, monkeypatch, files) == [(None, None)]


def test_a_two_level_chain_across_modules_is_followed(tmp_path, monkeypatch):
    files = _files('''
    from abc import ABC

    from .core import Root


    class BaseHandler(Root, ABC):
        pass
    ''')
    files["pkg/core.py"] = EDITOR_BASE.replace("BaseHandler", "Root")
    assert _tools(tmp_path, monkeypatch, files) == [("create_file", CREATE)]
    files["pkg/core.py"] = '''
class Root:
    def configure(self, **options):
        for key, value in options.items():
            setattr(self, key, value)
'''
    assert _tools(tmp_path, monkeypatch, files) == [(None, None)]


def test_a_base_re_exported_by_the_package_is_followed(tmp_path, monkeypatch):
    files = _files(EDITOR_BASE, _handler(imports="from pkg import BaseHandler"))
    files["pkg/__init__.py"] = "from .base import BaseHandler\n"
    assert _tools(tmp_path, monkeypatch, files) == [("create_file", CREATE)]


def test_what_the_base_may_do_to_the_attribute_leaves_it_unresolved(tmp_path, monkeypatch):
    shapes = [
        "class BaseHandler:\n    def rename(self, other):\n        self.name, self.description = other, other\n",
        "class BaseHandler:\n    def __init__(self, **kw):\n        self.__dict__.update(kw)\n",
        "class BaseHandler:\n    @property\n    def name(self):\n        return 'x'\n\n"
        "    @property\n    def description(self):\n        return 'y'\n",
        "from dataclasses import dataclass\n\n\n@dataclass\nclass BaseHandler:\n    name: str\n    description: str\n",
        "class BaseHandler(Registered):\n    pass\n",  # a base toollint cannot read
    ]
    for shape in shapes:
        assert _tools(tmp_path, monkeypatch, _files(shape)) == [(None, None)], shape


def test_literal_defaults_in_the_base_are_hidden_by_the_subclass(tmp_path, monkeypatch):
    base = 'class BaseHandler:\n    name: str = ""\n    description = None\n'
    assert _tools(tmp_path, monkeypatch, _files(base)) == [("create_file", CREATE)]


def test_what_the_subclass_sets_after_the_base_init_stands_whatever_the_base(tmp_path, monkeypatch):
    handler = _handler(imports="from somelib import BaseHandler").replace(
        "    def get_tool_description", "    def __init__(self):\n        super().__init__()\n"
        "        self.name = \"made_file\"\n\n    def get_tool_description")
    files = {"pkg/__init__.py": "", "pkg/create.py": handler}
    assert _tools(tmp_path, monkeypatch, files) == [("made_file", None)]


def test_a_value_left_for_linking_survives_the_cache(tmp_path):
    from toollint.cache.store import Cache
    from toollint.deferred import ClassAttr
    from toollint.model import Const, ModuleFacts, RegistryDecl, Span, Unresolved

    span = Span("pkg/create.py", 3, 1, 3, 10)
    value = ClassAttr(Const("create_file", span), Unresolved("'self.name' is not a literal", span), "pkg.base",
                      "BaseHandler", "name", span)
    facts = ModuleFacts("pkg/create.py", "pkg.create", registries=(RegistryDecl("loose", "t", value, span),))
    cache = Cache(str(tmp_path), b"k" * 32, b"fingerprint")
    cache.put("pkg/create.py", "pkg.create", False, b"source", facts)
    assert cache.get("pkg/create.py", "pkg.create", False, b"source") == facts  # not refused by the unpickler


NOTE_HANDLER = '''
from mcp.types import Tool

from .base import ToolHandler


class ListNotesHandler(ToolHandler):
    def __init__(self):
        super().__init__({given})

    def get_tool_description(self) -> Tool:
        return Tool(name=self.name, description="List the note titles, newest first.",
                    inputSchema={{"type": "object", "properties": {{}}}})
'''

NOTE_BASE = '''
class ToolHandler:
    def __init__(self, tool_name: str):
        {body}
'''


@pytest.mark.parametrize("given", ['"list_notes"', 'tool_name="list_notes"'])
def test_a_name_given_to_an_imported_base_init_that_stores_it_is_read(tmp_path, monkeypatch, given):
    # held-out round 43, M1 (mcp-logseq): the base stores its parameter, the subclass gives the literal
    files = {"pkg/__init__.py": "", "pkg/base.py": NOTE_BASE.format(body="self.name = tool_name"),
             "pkg/notes.py": NOTE_HANDLER.format(given=given)}
    assert [name for name, _ in _tools(tmp_path, monkeypatch, files)] == ["list_notes"]


@pytest.mark.parametrize("body", [
    "self.name = tool_name.lower()",  # not the parameter itself
    "self.name = tool_name\n        self.name = 'x'",  # stored twice
    "tool_name = 'other'\n        self.name = tool_name",  # the parameter rebound
])
def test_a_base_init_that_does_more_with_it_leaves_it_unresolved(tmp_path, monkeypatch, body):
    files = {"pkg/__init__.py": "", "pkg/base.py": NOTE_BASE.format(body=body),
             "pkg/notes.py": NOTE_HANDLER.format(given='"list_notes"')}
    assert [name for name, _ in _tools(tmp_path, monkeypatch, files)] == [None]
