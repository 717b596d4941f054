"""HTTP API tool type: call a declared JSON endpoint with the arguments of a tool call.

A :class:`HttpApiSpec` declares the method, the URL template and a timeout.
Placeholders such as ``{ticket_id}`` in the URL are filled from the call's
arguments (URL-encoded, so a value cannot change the path); the remaining
arguments become query parameters (``GET``) or the JSON body (``POST``). The
response must be a JSON object. Every failure is raised as
:class:`HttpApiError` with a ``kind`` the caller can map onto its failure
taxonomy (timeouts and connection errors are transient, the others are not).
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any, Literal
from urllib.parse import quote

import httpx
from pydantic import BaseModel, Field

HttpApiErrorKind = Literal["timeout", "http_status", "connection", "invalid_response"]


class HttpApiSpec(BaseModel):
    """Declaration of one HTTP endpoint used as a tool."""

    name: str = Field(description="Tool name, used in error messages.")
    method: Literal["GET", "POST"] = Field(description="HTTP method.")
    url: str = Field(
        description="URL template; {placeholders} are filled from the call's arguments."
    )
    timeout_seconds: float = Field(default=3.0, gt=0, description="Whole-request time limit.")
    headers: dict[str, str] = Field(default_factory=dict, description="Extra request headers.")

    def placeholders(self) -> list[str]:
        """Names of the ``{placeholders}`` in :attr:`url`, in order of appearance."""
        return [
            field
            for _, field, _, _ in string.Formatter().parse(self.url)
            if field is not None and field != ""
        ]


class HttpApiError(Exception):
    """A failed HTTP API call, classified by ``kind`` (and ``status`` for HTTP errors)."""

    def __init__(self, kind: HttpApiErrorKind, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.kind: HttpApiErrorKind = kind
        self.status: int | None = status


def _fill_url(spec: HttpApiSpec, args: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """Substitute URL placeholders; return the URL and the arguments left over."""
    names = spec.placeholders()
    missing = [name for name in names if name not in args]
    if missing:
        raise ValueError(f"{spec.name}: missing URL argument(s) {', '.join(missing)}")
    values = {name: quote(str(args[name]), safe="") for name in names}
    url = spec.url.format_map(values) if names else spec.url
    rest = {key: value for key, value in args.items() if key not in values}
    return url, rest


def _query_params(args: Mapping[str, Any]) -> dict[str, Any]:
    """Drop ``None`` values; booleans become ``true``/``false`` like in JSON."""
    params: dict[str, Any] = {}
    for key, value in args.items():
        if value is None:
            continue
        params[key] = ("true" if value else "false") if isinstance(value, bool) else value
    return params


def call_http_api(
    spec: HttpApiSpec, args: Mapping[str, Any], client: httpx.Client | None = None
) -> dict[str, Any]:
    """Call the endpoint of ``spec`` with ``args`` and return its JSON object.

    ``GET`` sends the arguments not used by URL placeholders as query
    parameters, ``POST`` sends them as a JSON body. A given ``client`` is used
    as is (and not closed); otherwise a short-lived one is created.

    Raises:
        HttpApiError: ``timeout``, ``connection``, ``http_status`` (non-2xx,
            with ``status``) or ``invalid_response`` (not a JSON object).
        ValueError: an argument needed by a URL placeholder is missing.

    """
    url, rest = _fill_url(spec, args)
    timeout = httpx.Timeout(spec.timeout_seconds)
    request: dict[str, Any] = {"headers": {"Accept": "application/json", **spec.headers}}
    if spec.method == "GET":
        request["params"] = _query_params(rest)
    else:
        request["json"] = dict(rest)
    own_client = client is None
    http = client if client is not None else httpx.Client()
    try:
        response = http.request(spec.method, url, timeout=timeout, **request)
    except httpx.TimeoutException as exc:
        raise HttpApiError(
            "timeout", f"{spec.name}: no answer within {spec.timeout_seconds:g}s"
        ) from exc
    except httpx.TransportError as exc:
        raise HttpApiError("connection", f"{spec.name}: {type(exc).__name__}: {exc}") from exc
    finally:
        if own_client:
            http.close()
    if not response.is_success:
        raise HttpApiError(
            "http_status",
            f"{spec.name}: HTTP {response.status_code} {response.reason_phrase}",
            status=response.status_code,
        )
    try:
        payload = response.json()
    except ValueError as exc:
        raise HttpApiError(
            "invalid_response", f"{spec.name}: response is not JSON", status=response.status_code
        ) from exc
    if not isinstance(payload, dict):
        raise HttpApiError(
            "invalid_response",
            f"{spec.name}: expected a JSON object, got {type(payload).__name__}",
            status=response.status_code,
        )
    return payload
