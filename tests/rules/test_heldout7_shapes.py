"""Shapes from held-out round 7 (issue 18), written here: a parameter named in the tool's
prose with its type and a note is documented; named with its type alone it is not."""
from __future__ import annotations

_TOOL = '''
from agents import Agent, function_tool


@function_tool
def add_task(task_name: str, task_deadline: str) -> str:
    """{doc}"""
    return task_name


agent = Agent(name="tasks", instructions="Manage tasks.", tools=[add_task])
'''


def test_a_parameter_named_with_its_type_and_a_note_is_documented(lint):
    doc = ("Add a task by using task_name: str (the task's name, capitalised) and "
           "task_deadline: str (the due date as dd-mm-yyyy, whatever the user wrote)")
    assert lint({"tools.py": _TOOL.format(doc=doc)}, select=["TL207"]) == []


def test_a_parameter_named_with_its_type_alone_is_not(lint):
    doc = "Add a task by using task_name: str and task_deadline: str"
    assert lint({"tools.py": _TOOL.format(doc=doc)}, select=["TL207"]) == [("tools.py", 5, "TL207")] * 2


def test_a_signature_still_names_without_documenting(lint):
    doc = "add_task(task_name: str, task_deadline: str) -> str"
    assert lint({"tools.py": _TOOL.format(doc=doc)}, select=["TL207"]) == [("tools.py", 5, "TL207")] * 2
