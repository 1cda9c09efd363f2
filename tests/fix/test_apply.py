"""The applier on its own: whole fixes or none, across files; never a broken file."""
from __future__ import annotations

from toollint.fix import ADD_DEFAULT, APPEND_ITEM, REMOVE_ITEM, Edit, Fix
from toollint.fix.apply import apply_all, apply_file
from toollint.model import Span


def remove(path, line, col, end_col, old):
    return Edit(REMOVE_ITEM, Span(path, line, col, line, end_col), old=old)


def test_a_fix_over_two_files_is_applied_whole_or_not_at_all():
    a, b = b'R = ["x", "y"]\n', b'S = ["y", "z"]\n'
    both = Fix("m", "safe", (remove("a.py", 1, 11, 14, "y"), remove("b.py", 1, 6, 9, "y")))
    out = apply_all({"a.py": a, "b.py": b}, [both])
    assert out["a.py"].source == b'R = ["x"]\n' and out["b.py"].source == b'S = ["z"]\n'
    torn = Fix("m", "safe", (remove("a.py", 1, 11, 14, "y"), remove("b.py", 1, 6, 9, "nope")))
    out = apply_all({"a.py": a, "b.py": b}, [torn])
    assert all(applied.source == {"a.py": a, "b.py": b}[path] for path, applied in out.items())
    assert not any(applied.fixes for applied in out.values())


def test_an_edit_whose_node_is_not_the_literal_drops_its_fix():
    src = b'R = ["x", "y"]\n'
    assert apply_file("a.py", src, [Fix("m", "safe", (remove("a.py", 1, 11, 14, "q"),))]).source == src
    assert apply_file("a.py", src, [Fix("m", "safe", (remove("a.py", 1, 10, 14, "y"),))]).source == src


def test_a_file_with_a_syntax_error_is_never_fixed():
    src = b'R = ["x", "y"\n'
    applied = apply_file("a.py", src, [Fix("m", "safe", (remove("a.py", 1, 11, 14, "y"),))])
    assert applied.source == src and applied.fixes == ()


def test_a_fix_that_would_not_compile_is_dropped_and_the_others_kept():
    src = b'def f(a: int | None, b: int):\n    pass\nR = ["x", "y"]\n'
    bad = Fix("m", "unsafe", (Edit(ADD_DEFAULT, Span("a.py", 1, 7, 1, 8), text="None"),))
    good = Fix("m", "safe", (remove("a.py", 3, 11, 14, "y"),))
    applied = apply_file("a.py", src, [bad, good])
    assert applied.source == b'def f(a: int | None, b: int):\n    pass\nR = ["x"]\n'
    assert applied.fixes == (good,)


def test_a_tuple_stays_a_tuple_and_a_set_never_becomes_a_dict():
    src = b'T = ("x", "y")\nS = {"y"}\n'
    fixes = [Fix("t", "safe", (remove("a.py", 1, 11, 14, "y"),)), Fix("s", "safe", (remove("a.py", 2, 6, 9, "y"),))]
    applied = apply_file("a.py", src, fixes)
    assert applied.source == b'T = ("x",)\nS = {"y"}\n' and [f.message for f in applied.fixes] == ["t"]


def test_append_keeps_the_list_style():
    cases = {
        b'R = ["x"]\n': b'R = ["x", "n"]\n',
        b'R = []\n': b'R = ["n"]\n',
        b"R = ['x',]\n": b"R = ['x', 'n',]\n",
        b'R = [\n    "x",  # why\n    "y",\n]\n': b'R = [\n    "x",  # why\n    "y",\n    "n",\n]\n',
        b'R = [\n    "x",\n]\n': b'R = [\n    "x",\n    "n",\n]\n',
    }
    for src, want in cases.items():
        end = src.index(b"]") + 1
        lines = src[:end].split(b"\n")
        span = Span("a.py", 1, 5, len(lines), len(lines[-1]) + 1)
        applied = apply_file("a.py", src, [Fix("a", "safe", (Edit(APPEND_ITEM, span, text='"n"'),))])
        assert applied.source == want, src


def test_a_fix_visits_only_the_lines_of_its_edits_and_changes_what_a_full_visit_changes():
    """The applier descends only into nodes whose lines hold an edit and reuses the code of
    the top-level statements it did not change: the result must be the bytes libcst's
    full transform and code generation give, edits in decorators, leading comments, the
    last statement and a file without a final newline included."""
    import libcst as cst

    from toollint.extract.positions import layout
    from toollint.fix import EDIT_COMMENT, REPLACE_STRING
    from toollint.fix.codemod import Codemod, new_code

    src = ('# header\n\nimport x\n\n\n# lead  # noqa: TL101\n@x.tool(description="old")\n'
           'def f(a: int, b=[1,\n   2]):\n    """doc"""\n    return {"k": ["y", "z"]}\n\n'
           'R = ["a",\n     "b"]  # tail\n# footer\n')
    edits = {
        "decorator": Edit(REPLACE_STRING, Span("a.py", 7, 21, 7, 26), old="old", text="new"),
        "comment": Edit(EDIT_COMMENT, Span("a.py", 6, 9, 6, 22), text=""),
        "last": remove("a.py", 14, 6, 9, "b"),
        "inner": remove("a.py", 11, 24, 27, "z"),
    }
    for text in (src, src.rstrip("\n")):
        module = cst.parse_module(text)
        where = layout(module)
        assert where.code == module.code
        assert "".join(where.pieces[n] for n in (*module.header, *module.body, *module.footer)) == \
            (module.code if module.has_trailing_newline else module.code + module.default_newline)
        for name, edit in edits.items():
            pruned = Codemod(module, {0: edit}, where)
            new = module.visit(pruned)

            class Full(Codemod):
                def on_visit(self, node):
                    return cst.CSTTransformer.on_visit(self, node)

            full = Full(module, {0: edit}, where)
            reference = module.visit(full).code
            assert pruned.done == full.done == {0}, name
            assert new_code(new, where)[0] == reference != text, name


def test_a_fix_of_two_files_applies_only_when_it_applies_to_both():
    from toollint.fix.apply import workable

    sources = {"a.py": b'R = ["x", "y"]\n', "b.py": b'S = ["y", "z"]\n', "c.py": b'T = ["y"\n'}
    fixes = [Fix("ab", "safe", (remove("a.py", 1, 11, 14, "y"), remove("b.py", 1, 6, 9, "y"))),
             Fix("torn", "safe", (remove("a.py", 1, 6, 9, "x"), remove("b.py", 1, 6, 9, "nope"))),
             Fix("b", "safe", (remove("b.py", 1, 11, 14, "z"),)),
             Fix("broken file", "safe", (remove("c.py", 1, 6, 9, "y"),))]
    assert [f.message for f in fixes if f in workable(fixes, sources.get)] == ["ab", "b"]
