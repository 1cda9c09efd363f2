"""link.resolve gives back the literal parts of a registry as they are and builds again only
what holds a name from another module (issue 22: a generated 3 MB module's registries are
almost all literal, and building them again was most of linking it). The names inside
literal dicts and lists are still resolved, and the group still joins the module they
come from."""
from __future__ import annotations

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.link.project import link
from toollint.link.resolve import Resolver
from toollint.model import DictVal, ListVal

SCHEMAS = '''CITY = {"type": "string", "description": "The city, such as 'Paris'."}
'''

TOOLS = '''from schemas import CITY

LITERAL = {"name": "ping", "description": "Check that the service answers. Use it before any other call.",
           "input_schema": {"type": "object", "properties": {"host": {"type": "string", "description": "Its name."}}}}

TOOLS = [
    LITERAL,
    {"name": "weather", "description": "Get the weather of a city. Use it when the user asks about the weather.",
     "input_schema": {"type": "object", "properties": {"city": CITY}, "required": ["city"]}},
]
'''

HANDLERS = '''from tools import TOOLS
from actions import ping, weather

HANDLERS = {"ping": ping, "weather": weather}
'''

ACTIONS = '''def ping(host):
    return host


def weather(city):
    return city
'''


def _facts(files):
    out = {}
    for path, source in files.items():
        module = path[:-3]
        facts = extract_file(path, module, False, Settings(), data=source.encode(), prefilter=False)
        assert facts is not None and facts.error is None
        out[module] = facts
    return out


def test_a_name_inside_a_literal_dict_is_still_resolved():
    facts = _facts({"schemas.py": SCHEMAS, "tools.py": TOOLS})
    tools = {t.name.value: t for t in link(facts.values()).all_tools()}
    assert sorted(tools) == ["ping", "weather"]
    city = tools["weather"].schema.get("properties").get("city")
    assert isinstance(city, DictVal) and city.get("description").value == "The city, such as 'Paris'."


def test_the_literal_parts_come_back_as_they_are():
    facts = _facts({"schemas.py": SCHEMAS, "tools.py": TOOLS})
    resolver = Resolver(dict(facts), lambda name: None)
    written = dict(facts["tools"].constants)["TOOLS"]
    resolved = resolver.resolve(written)
    assert isinstance(resolved, ListVal) and resolved is not written  # it holds CITY
    literal, with_city = resolved.items
    written_literal = dict(facts["tools"].constants)["LITERAL"]
    assert literal is written_literal  # `LITERAL` names a dict that holds no name
    assert with_city is not written.items[1]
    assert with_city.get("name") is written.items[1].get("name")
    assert resolver.resolve(written_literal) is written_literal


def test_a_dispatch_table_importing_the_list_joins_its_group():
    facts = _facts({"schemas.py": SCHEMAS, "tools.py": TOOLS, "handlers.py": HANDLERS, "actions.py": ACTIONS})
    project = link(facts.values())
    grouped = [g for g in project.groups if g.handlers]
    assert len(grouped) == 1
    group = grouped[0]
    assert sorted(t.name.value for t in group.tools) == ["ping", "weather"]
    assert [(e.key.value, e.target) for e in group.handlers[0].handlers] == [("ping", "ping"), ("weather", "weather")]
