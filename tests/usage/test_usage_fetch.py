"""`toollint usage --openai-response-ids`: stored OpenAI responses fetched from a local server,
GET only, ids checked before any request, refused keys explained, no redirect followed."""
from __future__ import annotations

import http.server
import json
import threading

import pytest

from usagecase import payload, usage, write_jsonl


# --- fetching stored OpenAI responses from a local server -------------------------------------


class _Server:
    def __init__(self, status):
        self.requests = []
        self.status = status  # id -> HTTP status
        log = self.requests

        class Handler(http.server.BaseHTTPRequestHandler):
            def _record(self):
                log.append((self.command, self.path, self.headers.get("Authorization")))

            def do_GET(self):  # noqa: N802
                self._record()
                rid = self.path.rsplit("/", 1)[-1]
                code = status.get(rid, 404)
                body = b'{"error": {"message": "nope"}}'
                if code == 302:  # to a place that would collect the key
                    self.send_response(302)
                    self.send_header("Location", "/v1/responses/resp_ok1")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if code == 200:
                    calls = ["search_orders"] if rid.endswith("1") else []
                    body = json.dumps(payload("openai-responses", rid, ["search_orders", "export_invoices"],
                                              calls)).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):  # noqa: N802
                self._record()
                self.send_response(405)
                self.end_headers()

            do_PUT = do_DELETE = do_PATCH = do_POST

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # shutdown() waits for the loop to look up: every 20 ms, not the default half second
        self.thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture
def server(monkeypatch):
    made = []

    def make(status):
        s = _Server(status)
        made.append(s)
        monkeypatch.setenv("TOOLLINT_OPENAI_BASE_URL", s.url)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
        return s

    yield make
    for s in made:
        s.close()


def test_fetch_by_id_get_only_and_ids_checked_first(project, capsys, server):
    srv = server({"resp_ok1": 200, "resp_ok2": 200, "resp_gone": 404})
    (project / "ids.txt").write_text("\n".join([
        "# stored responses", "resp_ok1", "resp_gone", "resp_../../admin", "resp_ok1", "",
        "resp_x?key=1", "https://evil.example/resp_1", "resp_ok2",
    ]) + "\n")
    code, out, err = usage(capsys, "--openai-response-ids", "ids.txt", "--min-offered", "1", "--output-format", "json")
    assert srv.requests == [
        ("GET", "/v1/responses/resp_ok1", "Bearer sk-test"),
        ("GET", "/v1/responses/resp_gone", "Bearer sk-test"),
        ("GET", "/v1/responses/resp_ok2", "Bearer sk-test"),
    ]
    data = json.loads(out)
    assert data["sample"]["turns"] == 2
    assert {t["name"]: t["state"] for t in data["tools"]} == {"search_orders": "called", "export_invoices": "never-called"}
    kinds = [(s["line"], s["kind"]) for s in data["sample"]["skipped"]]
    assert kinds == [(3, "expired"), (4, "invalid-id"), (7, "invalid-id"), (8, "invalid-id")]
    assert "ids.txt:3: not fetched: resp_gone: HTTP 404, expired or deleted" in err
    assert "ids.txt:4: invalid id: 'resp_../../admin' is not a response id" in err
    assert code == 1

    # The fetched responses join the logged ones, and one logged as well counts once.
    write_jsonl(project / "logs.jsonl", [payload("openai-responses", "resp_ok1", ["search_orders", "export_invoices"],
                                                 ["search_orders"])])
    code, out, _ = usage(capsys, "--responses", "logs.jsonl", "--openai-response-ids", "ids.txt",
                         "--min-offered", "1", "--output-format", "json")
    data = json.loads(out)
    assert data["sample"]["turns"] == 2 and data["sample"]["files"] == ["ids.txt", "logs.jsonl"]
    assert ("logs.jsonl", 1, "duplicate") in [(s["file"], s["line"], s["kind"]) for s in data["sample"]["skipped"]]
    assert all(method == "GET" for method, _, _ in srv.requests)


@pytest.mark.parametrize("status, words", [
    (401, "OpenAI refused OPENAI_API_KEY (HTTP 401 for resp_a)"),
    (403, "OpenAI denied reading resp_a (HTTP 403): the key works but may not read stored responses"),
])
def test_fetch_explains_a_refused_key(project, capsys, server, status, words):
    srv = server({"resp_a": status, "resp_b": 200})
    (project / "ids.txt").write_text("resp_a\nresp_b\n")
    code, out, err = usage(capsys, "--openai-response-ids", "ids.txt")
    assert code == 2 and out == ""
    assert err.startswith("toollint: error: ids.txt:1: ") and words in err and err.count("\n") == 1
    assert "sk-test" not in err
    assert [p for _, p, _ in srv.requests] == ["/v1/responses/resp_a"]  # stops at the first refusal


def test_fetch_needs_a_key_a_safe_url_and_something_fetched(project, capsys, server, monkeypatch):
    srv = server({"resp_old": 404})
    (project / "ids.txt").write_text("resp_old\n")
    code, _, err = usage(capsys, "--openai-response-ids", "ids.txt")
    assert code == 2 and "ids.txt: no usable payload (1 expired (HTTP 404))" in err

    monkeypatch.delenv("OPENAI_API_KEY")
    code, _, err = usage(capsys, "--openai-response-ids", "ids.txt")
    assert code == 2 and "needs OPENAI_API_KEY" in err

    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("TOOLLINT_OPENAI_BASE_URL", "http://example.com/v1")
    code, _, err = usage(capsys, "--openai-response-ids", "ids.txt")
    assert code == 2 and "plain http would send OPENAI_API_KEY in clear" in err

    (project / "ids.txt").write_text("not-an-id\n")
    code, _, err = usage(capsys, "--openai-response-ids", "ids.txt")
    assert code == 2 and "ids.txt: no valid response id" in err
    assert [p for _, p, _ in srv.requests] == ["/v1/responses/resp_old"]


def test_fetch_does_not_follow_redirects(project, capsys, server):
    srv = server({"resp_moved": 302, "resp_ok1": 200})
    (project / "ids.txt").write_text("resp_moved\nresp_ok1\n")
    code, out, err = usage(capsys, "--openai-response-ids", "ids.txt", "--min-offered", "1")
    assert [p for _, p, _ in srv.requests] == ["/v1/responses/resp_moved", "/v1/responses/resp_ok1"]
    assert "ids.txt:1: not fetched: resp_moved: HTTP 302: redirects are not followed" in err
    assert code == 1 and "sample: 1 turn from 1 file" in out
