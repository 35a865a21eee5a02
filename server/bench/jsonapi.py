"""One JSON request to the server, for the bench scripts (standard library only)."""

import http.client
import json
from urllib.parse import urlparse


def request(base, method, path, body=None, token=None, timeout=60):
    """Sends `body` (JSON, if given) with `token` as the bearer; returns (status, parsed answer)."""
    url = urlparse(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=timeout)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    payload = json.loads(response.read() or b"null")
    conn.close()
    return response.status, payload
