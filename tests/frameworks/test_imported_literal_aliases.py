"""Literal aliases imported from another module of the project (issue 16): `from
pkg.types import Mode` then `mode: Mode` is derived through the module graph as if the
Literal were written in place, as pydantic reads it (the models' side is in the
differential corpus, tests/data/pydantic/pmodels/imported_aliases.py)."""
from __future__ import annotations

import pytest

from toollint.config.settings import Settings
from toollint.engine.scan import extract_file
from toollint.link.project import link
from toollint.model import Unresolved, to_python

from test_literal_aliases import ALIASES, _source

FORMS = ("fastmcp", "langchain", "openai-agents", "llama-index")  # the frameworks whose class form is derived


def _linked(modules):
    """The tools of a project of (module, source) pairs, linked together."""
    facts = [extract_file(f"{m.replace('.', '/')}.py", m, False, Settings(), data=s.encode(), prefilter=False)
             for m, s in modules]
    assert all(f.error is None for f in facts)
    tools = [t for g in link(facts).groups for t in g.tools]
    assert len(tools) == 1
    return tools[0].schema


def _imported(framework: str, case: str, how: str = "from pkg.types import Mode"):
    alias, _ = ALIASES[case]
    used = "Optional[Mode] = None" if case == "in Optional" else "Mode"
    types = "from typing import Literal\n\nfrom typing_extensions import TypeAlias\n\n" + alias + "\n"
    server = _source(framework, used if how.startswith("from") else used.replace("Mode", "types.Mode"), how)
    return _linked([("pkg.types", types), ("pkg.server", server)])


@pytest.mark.parametrize("framework", FORMS)
@pytest.mark.parametrize("case", sorted(ALIASES))
def test_an_imported_alias_is_derived_as_the_literal_written_in_place(framework, case):
    _, inline = ALIASES[case]
    written = to_python(_linked([("pkg.server", _source(framework, inline))]))
    if case == "one value":
        # pydantic (2.11 to 2.14, checked) gives one value as a const, which render.py, the
        # in-place derivation, spells as an enum of one: compare with what pydantic gives
        mode = written["properties"]["mode"]
        mode["const"] = mode.pop("enum")[0]
    for how in ("from pkg.types import Mode", "import pkg.types as types"):
        aliased = _imported(framework, case, how)
        assert not isinstance(aliased, Unresolved)
        assert "<unresolved" not in repr(to_python(aliased)), (how, to_python(aliased))
        assert to_python(aliased) == written, how


def test_an_imported_name_that_is_not_a_literal_alias_stays_unresolved():
    types = 'Mode = dict[str, "Mode"]\nOther = "fast"\n'
    for name in ("Mode", "Other", "Missing"):
        server = _source("fastmcp", name, f"from pkg.types import {name}")
        schema = to_python(_linked([("pkg.types", types), ("pkg.server", server)]))
        assert repr(schema["properties"]["mode"]).startswith("<unresolved"), (name, schema)


def test_an_imported_alias_is_not_a_model_for_pydantic_function_tool():
    types = 'from typing import Literal\n\nMode = Literal["fast", "slow"]\n'
    server = "import openai\n\nfrom pkg.types import Mode\n\ntools = [openai.pydantic_function_tool(Mode)]\n"
    facts = [extract_file(f"{m.replace('.', '/')}.py", m, False, Settings(), data=s.encode(), prefilter=False)
             for m, s in (("pkg.types", types), ("pkg.server", server))]
    tools = [t for g in link(facts).groups for t in g.tools]
    assert [type(t.schema) for t in tools] == [Unresolved]


def test_an_undescribed_imported_alias_parameter_is_reported_and_a_described_one_is_not(lint):
    types = 'from typing import Literal\n\nMode = Literal["f", "s"]\n'
    source = _source("fastmcp", "Mode", "from pkg.types import Mode")
    project = {"pyproject.toml": "", "pkg/__init__.py": "", "pkg/types.py": types}
    undescribed = {**project, "pkg/server.py": source.replace("mode: How fast it goes.", "")}
    assert lint(undescribed, select=["TL207"]) == [("pkg/server.py", 12, "TL207")]
    assert lint({**project, "pkg/server.py": source}, select=["TL207"]) == []
