"""What a crewAI tool class may set at run time is judged alike in its own module and in
another: any store to `description` through any name (`this = self`) leaves it
unresolved; a method of another object named like a builtin (`sandbox.process.exec(...)`)
does not (crewai_tools' Daytona tools call one)."""
from __future__ import annotations

import textwrap

from toollint.config.settings import Settings
from toollint.engine.core import build

HEAD = '''
from crewai.tools import BaseTool


class ShellTool(BaseTool):
    name: str = "shell"
    description: str = "Run one shell command in the sandbox."

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        BODY

    def _run(self, command: str) -> str:
        return self.sandbox.process.exec(command)
'''


def _tool(tmp_path, monkeypatch, source: str):
    (tmp_path / "tools.py").write_text(source)
    monkeypatch.chdir(tmp_path)
    (tool,) = [t for g in build(["."], Settings(root="."), cache=False).project.groups for t in g.tools]
    return tool


def _description(tmp_path, monkeypatch, body: str):
    return _tool(tmp_path, monkeypatch, textwrap.dedent(HEAD).replace("BODY", body)).description.value


def test_a_command_run_through_an_exec_method_leaves_the_description_read(tmp_path, monkeypatch):
    assert _description(tmp_path, monkeypatch, "self.sandbox = None") == "Run one shell command in the sandbox."


def test_a_store_through_another_name_leaves_it_unresolved_in_the_same_module(tmp_path, monkeypatch):
    assert _description(tmp_path, monkeypatch, 'this = self\n        this.description = "changed"') is None


def test_an_init_after_run_that_passes_another_description_up_leaves_it_unresolved(tmp_path, monkeypatch):
    # narrowing blanks the methods at the class's end, so the parsed class ends before
    # __init__: the real text's class is what is read for what is set at run time
    source = '''
from crewai.tools import BaseTool


class NotesTool(BaseTool):
    name: str = "notes"
    description: str = "Read the notes file."

    def _run(self, query: str) -> str:
        return query

    def __init__(self, path=None, **kwargs):
        if path is not None:
            kwargs["description"] = f"Read the notes in {path}."
        super().__init__(**kwargs)
'''
    assert _tool(tmp_path, monkeypatch, source).description.value is None


NEWER_SYNTAX = '''
from crewai.tools import BaseTool


class LookupTool(BaseTool):
    name: str = "lookup_notes"
    description: str = "Look up notes by words."

    def _run(self, query: str) -> str:
        return query


def parse_as[T](*, schema: type[T]) -> T | None:
    return None
'''


def test_syntax_newer_than_this_python_elsewhere_in_the_module_leaves_the_class_read(tmp_path, monkeypatch):
    # a PEP 695 function on Python < 3.12: CPython's AST of the module is missing, the class's own is not
    tool = _tool(tmp_path, monkeypatch, textwrap.dedent(NEWER_SYNTAX))
    assert (tool.name.value, tool.description.value) == ("lookup_notes", "Look up notes by words.")


def test_a_class_with_newer_syntax_in_it_still_counts_as_setting_anything(tmp_path, monkeypatch):
    text = textwrap.dedent(NEWER_SYNTAX).replace("    def _run(self", "    def go[T](self, x: T) -> T:\n        setattr(self, 'name', x)\n\n    def _run(self")
    assert _tool(tmp_path, monkeypatch, text).name.value is None  # not read: a method may setattr any attribute


MADE = '''
from crewai import Agent
from crewai.tools import BaseTool


class EvidenceTool(BaseTool):
    name: str = "search_evidence"
    description: str = "Search evidence."

    def _run(self, query: str) -> str:
        return query


def build_tools(slug: str) -> list:
    return [EvidenceTool(CALL)]


reviewer = Agent(role="Reviewer", goal="Review", backstory="Analyst", tools=build_tools("case"))
'''


def test_a_default_every_instance_replaces_is_not_judged(tmp_path, monkeypatch):
    # held-out round 45, C: `EvidenceTool(name=f"search_{slug}_evidence", description=...)`
    source = MADE.replace("CALL", 'name=f"search_{slug}_evidence", description=f"Search the {slug} evidence."')
    assert _tool(tmp_path, monkeypatch, source).description.value is None


def test_an_instance_made_with_other_keywords_keeps_the_default(tmp_path, monkeypatch):
    source = MADE.replace("CALL", "result_as_answer=True")
    assert _tool(tmp_path, monkeypatch, source).description.value == "Search evidence."
