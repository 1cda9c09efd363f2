"""Semantic Kernel (`@kernel_function` on plugin methods and functions): toollint.frameworks.semantic_kernel."""
from __future__ import annotations

import json

import pytest

from frameworkcase import check_recording, extract, name_of, props, recordings, schema
from inproc import toollint
from lintcase import write_tree
from toollint.model import Unresolved


@pytest.mark.parametrize("recording", recordings("semantic-kernel"), ids=name_of)
def test_matches_the_recording(recording):
    # the plugin's part of `<plugin>-<function>` is set where the plugin is handed over: the
    # name stays unresolved, its text naming the function as the model sees it
    check_recording(recording, name=lambda t: t.name_expr, wire_name=lambda n: "{plugin}-" + n.partition("-")[2])


def test_plugin_methods_and_what_their_schema_leaves_unresolved():
    found = extract('''
        from typing import Annotated, Union

        from semantic_kernel.functions.kernel_function_decorator import kernel_function

        TAG = "Only notes with this tag."
        NAME = "find_notes"


        class NotesPlugin:
            @kernel_function(name=NAME)
            def search(self, query: Annotated[str, TAG], kind: Union[int, str] = 1,
                       meta: Annotated[str, describe()] = "", where=default_place()):
                """Search notes."""

            def helper(self, x):
                return x
    ''')
    assert len(found) == 1
    tool = found[0]
    assert tool.framework == "semantic-kernel" and tool.name.value is None and tool.name_expr == "{plugin}-find_notes"
    assert tool.description.value == "Search notes."
    assert props(tool)["query"] == {"type": "string", "description": "Only notes with this tag."}
    properties = tool.schema.get("properties")
    assert isinstance(properties.get("kind"), Unresolved) and isinstance(properties.get("meta"), Unresolved)
    assert schema(tool)["required"] == ["query"]  # `where`: a default whose value may be None
    assert not tool.schema.get("required").complete


def _project(tmp_path, order_param: str) -> str:
    write_tree(tmp_path, {
        "app/__init__.py": "",
        "app/plugins.py": f'''
            from typing import Annotated

            from semantic_kernel.functions import kernel_function


            class OrdersPlugin:
                @kernel_function(description="Look up an order by its id. Use it when the user asks where an order is.")
                def get_order(self, {order_param}) -> str:
                    return order_id
        ''',
        "app/main.py": '''
            from semantic_kernel import Kernel

            from app.plugins import OrdersPlugin

            kernel = Kernel()
            kernel.add_plugin(OrdersPlugin(), plugin_name="orders")
        ''',
    })
    return str(tmp_path)


def test_dump_and_check_see_a_plugin_and_report_its_undescribed_parameter(tmp_path):
    root = _project(tmp_path, "order_id: str")
    dumped = json.loads(toollint("dump", "--isolated", root).stdout)
    assert [(t["name"], t["input_schema"]["required"]) for t in dumped] == [
        ("<unresolved: the name is {plugin}-get_order>", ["order_id"])]
    result = toollint("check", "--isolated", root)
    assert result.returncode == 1 and "TL207" in result.stdout and "`{plugin}-get_order`" in result.stdout


def test_check_is_quiet_on_a_described_plugin(tmp_path):
    root = _project(tmp_path, 'order_id: Annotated[str, "The order\'s id, e.g. A-1001."]')
    result = toollint("check", "--isolated", root)
    assert result.returncode == 0 and result.stdout == "", result.stdout
    assert "1 tool in 1 group, 0 findings" in result.stderr


def test_check_reports_the_empty_description_sk_sends_for_a_bare_kernel_function(tmp_path):
    # no `description=` and no docstring: SK sends "" (`metadata.description or ""`); the
    # name being unresolved does not make the description any less known
    root = _project(tmp_path, 'order_id: Annotated[str, "The order\'s id, e.g. A-1001."]')
    plugins = tmp_path / "app" / "plugins.py"
    plugins.write_text(plugins.read_text().replace(
        '@kernel_function(description="Look up an order by its id. Use it when the user asks where an order is.")',
        "@kernel_function"))
    result = toollint("check", "--isolated", root)
    assert "TL101 tool `{plugin}-get_order` has an empty description" in result.stdout


def test_a_process_step_is_no_tool():
    # the process invokes a step's functions on its events; the model is not offered them
    found = extract('''
        from semantic_kernel.functions import kernel_function
        from semantic_kernel.processes.kernel_process import KernelProcessStep, KernelProcessStepContext


        class BaseStep(KernelProcessStep[dict]):
            pass


        class TableNameStep(BaseStep):
            @kernel_function(name="get_table_names")
            async def get_table_names(self, context: KernelProcessStepContext, query: str):
                """Extract table names and emit the next event."""


        class LookupPlugin:
            @kernel_function(description="Look up a table by name.")
            def lookup(self, table: str) -> str:
                return table
    ''')
    assert [t.name_expr for t in found] == ["{plugin}-lookup"]


def test_plugin_functions_are_siblings_though_their_plugin_name_is_unknown(lint):
    # held-out round 125, M3: 22 kernel functions, named `{plugin}-<function>`, never got a
    # TL104: the unresolved names counted as one tool
    source = '''
from semantic_kernel.functions import kernel_function


class CRMTools:
    @kernel_function(description="Search customers by name. Use this when the user names one.", name="search_customers")
    def search_customers(self, query: str) -> str:
        return ""

    @kernel_function(description="Get a customer's record by id. Use this when you have the id.",
                     name="get_customer_data")
    def get_customer_data(self, customer_id: str) -> str:
        return ""
'''
    assert lint({"crm.py": source}, select=["TL104"]) == [("crm.py", 5, "TL104"), ("crm.py", 9, "TL104")]
