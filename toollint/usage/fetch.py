"""Fetching stored OpenAI responses by id (`--openai-response-ids`): GET only, nothing is
created or changed, and the key goes to https or to this machine only."""
from __future__ import annotations

import os
import re
from typing import Any, List, Optional, Tuple

from toollint.usage.payloads import Where
from toollint.usage.problems import Problem
from toollint.usage.read import Sample, line_value, read_bytes

RESPONSE_ID = re.compile(r"resp_[A-Za-z0-9_-]{1,200}")
BASE_URL_ENV = "TOOLLINT_OPENAI_BASE_URL"
DEFAULT_BASE_URL = "https://api.openai.com/v1"
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
_MAX_BODY = 64 * 1024 * 1024


def _base_url() -> Tuple[str, bool]:
    """(base URL, True when it is this machine); https, or http to this machine only,
    because the key travels with every request."""
    from urllib.parse import urlsplit

    from toollint.config.settings import ConfigError

    base = os.environ.get(BASE_URL_ENV, "").strip() or DEFAULT_BASE_URL
    try:
        parts = urlsplit(base)
        host = parts.hostname or ""
        _ = parts.port  # raises on a malformed port
    except ValueError as e:
        raise ConfigError(f"{BASE_URL_ENV}={base!r} is not a URL: {e}") from None
    local = host in _LOOPBACK
    if parts.scheme not in ("https", "http") or not host or parts.query or parts.fragment or parts.username:
        raise ConfigError(f"{BASE_URL_ENV}={base!r} must be an http(s) URL without query, fragment or user "
                          f"such as {DEFAULT_BASE_URL}")
    if parts.scheme == "http" and not local:
        raise ConfigError(f"{BASE_URL_ENV}={base!r}: plain http would send OPENAI_API_KEY in clear; "
                          "use https (http is allowed only to 127.0.0.1, localhost or ::1)")
    return base.rstrip("/"), local


def _read_ids(path: str, sample: Sample) -> List[Tuple[int, str]]:
    from toollint.report.format import sanitize

    ids: List[Tuple[int, str]] = []
    seen = set()
    try:
        text = read_bytes(path).decode("utf-8-sig", errors="replace")
    except UnicodeDecodeError:  # pragma: no cover - errors="replace" does not raise
        text = ""
    for number, raw in enumerate(text.splitlines(), 1):
        rid = raw.strip()
        if not rid or rid.startswith("#"):
            continue
        # Checked before it can reach a URL: anything else could change the path or query.
        if not RESPONSE_ID.fullmatch(rid):
            shown = sanitize(rid if len(rid) <= 60 else rid[:57] + "...")
            sample.problems.append(Problem(Where(path, number), "invalid-id",
                                           f"{shown!r} is not a response id (resp_ followed by letters, "
                                           "digits, _ or -): not requested"))
            continue
        if rid in seen:
            continue
        seen.add(rid)
        ids.append((number, rid))
    return ids


def _opener(local: bool):
    import urllib.request

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        # urllib would resend the Authorization header to wherever a redirect points.
        def redirect_request(self, req, fp, code, msg, headers, newurl):
            return None

    handlers: List[Any] = [NoRedirect()]
    if local:
        handlers.append(urllib.request.ProxyHandler({}))  # a proxy cannot reach our loopback
    return urllib.request.build_opener(*handlers)


def _get(opener, request, where: Where, rid: str, base: str, timeout: float) -> Tuple[Optional[bytes], str]:
    """(body, "") or (None, why not): "expired" for a 404; retries 429 and 5xx twice.
    Raises ConfigError when the key is refused, which no other id would change."""
    import http.client
    import time
    import urllib.error

    from toollint.config.settings import ConfigError

    failure = ""
    for attempt in range(3):
        try:
            with opener.open(request, timeout=timeout) as reply:
                return reply.read(_MAX_BODY + 1), ""
        except urllib.error.HTTPError as e:
            code = e.code
            e.close()
            if code == 401:
                raise ConfigError(
                    f"{where}: OpenAI refused OPENAI_API_KEY (HTTP 401 for {rid}): the key is mistyped, "
                    "revoked or not a secret key; use a key of the organisation and project that "
                    "stored the responses") from None
            if code == 403:
                raise ConfigError(
                    f"{where}: OpenAI denied reading {rid} (HTTP 403): the key works but may not read "
                    "stored responses; a restricted key needs read access to Responses, and the key "
                    "must belong to the project that stored them") from None
            if code == 404:
                return None, "expired"
            failure = f"HTTP {code}"
            if 300 <= code < 400:
                return None, failure + ": redirects are not followed, the key would go with them"
            if code == 429 or code >= 500:
                retry = e.headers.get("Retry-After", "") if e.headers else ""
                delay = float(retry) if retry.isdigit() else float(2 ** attempt)
                if attempt < 2:
                    time.sleep(min(delay, 20.0))
                continue
            return None, failure
        except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as e:
            reason = getattr(e, "reason", e)
            return None, f"cannot reach {base}: {reason}"
    return None, failure


def fetch_ids(path: str, sample: Sample, timeout: float) -> List[Tuple[int, Any]]:
    """(line, record) of each stored response the ids file names, fetched one at a time;
    what could not be fetched goes to the sample's problems."""
    import urllib.request

    from toollint import __version__
    from toollint.config.settings import ConfigError

    ids = _read_ids(path, sample)
    if not ids:
        raise ConfigError(f"{path}: no valid response id (one resp_... id a line)")
    key = os.environ.get("OPENAI_API_KEY", "").strip()
    if not key:
        raise ConfigError("--openai-response-ids needs OPENAI_API_KEY set to a key of the project that "
                          "stored the responses")
    base, local = _base_url()
    opener = _opener(local)
    headers = {"Authorization": f"Bearer {key}", "Accept": "application/json",
               "User-Agent": f"toollint/{__version__}"}
    out: List[Tuple[int, Any]] = []
    unreachable = 0
    for line, rid in ids:
        where = Where(path, line)
        request = urllib.request.Request(f"{base}/responses/{rid}", headers=headers, method="GET")
        body, failure = _get(opener, request, where, rid, base, timeout)
        unreachable = unreachable + 1 if failure.startswith("cannot reach") else 0
        if failure == "expired":
            sample.problems.append(Problem(where, "expired",
                                           f"{rid}: HTTP 404, expired or deleted (stored responses are kept "
                                           "30 days) or stored by another project"))
        elif failure:
            if unreachable >= 3:
                raise ConfigError(f"{failure} (3 requests in a row failed; stopped)")
            sample.problems.append(Problem(where, "failed", f"{rid}: {failure}"))
        elif body is None or len(body) > _MAX_BODY:
            sample.problems.append(Problem(where, "failed", f"{rid}: the reply is larger than {_MAX_BODY} bytes"))
        else:
            value, error = line_value(body)
            if error is not None:
                sample.problems.append(Problem(where, "failed", f"{rid}: the reply is not JSON ({error})"))
            else:
                out.append((line, value))
    return out
