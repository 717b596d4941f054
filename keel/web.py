"""HTTP routes served with the graph: the calibration API and its dashboard page.

Mounted on LangGraph server through ``langgraph.json`` (``http.app``), so the
dashboard runs wherever the graph runs:

* ``POST /api/calibration/analyze`` — ``{errorType, errorMessage, toolName[, httpStatus]}``
  → the failure type and its recovery plan;
* ``GET /api/calibration/dashboard`` — totals, rates, top failure types, tool ranking;
* ``GET /api/calibration/tools/{tool_name}/stats`` — one tool's figures (404 if never called);
* ``POST /api/calibration/verify`` — ``{toolName, params[, error, userId]}`` → what the
  external verifier finds (``hasData``, ``suggestion``, ``contextInfo`` …);
* ``GET /calibration`` — the dashboard page (charts drawn from the dashboard endpoint);
* ``POST /api/ask`` — ``{question[, context, database]}`` → an operator's question answered
  from the data by the text-to-SQL loop (``{status, answer}``). It requires the header
  ``X-Operator-Key`` equal to ``KEEL_OPERATOR_KEY``; without that variable the route is
  closed (403), with a wrong key it answers 401: customers never reach generated SQL.

Database work runs in a worker thread, never on the server's event loop.
"""

from __future__ import annotations

import os
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from keel.calibration.records import CalibrationRecorder
from keel.calibration.taxonomy import analyze, classify_text
from keel.calibration.verifier import verify
from keel.nodes.common import domain_config, guard_config, tool_registry
from keel.server_auth import OPERATOR_KEY_ENV, is_operator_key
from keel.state.context import Context

MAX_QUESTION_CHARS = 2000


def operator_refusal(given: str | None, expected: str | None) -> tuple[int, str] | None:
    """Why a request to an operator route is refused (status, reason), or None if allowed."""
    if not expected:
        return 403, f"operator routes are closed: set {OPERATOR_KEY_ENV} to open them"
    if not is_operator_key(given or "", expected):
        return 401, "a valid X-Operator-Key header is required"
    return None


class BadRequest(ValueError):
    """A request body the API cannot use (answered with 400 and the reason)."""


async def _body(request: Request, required: tuple[str, ...]) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError as error:
        raise BadRequest("the body must be a JSON object") from error
    if not isinstance(body, dict):
        raise BadRequest("the body must be a JSON object")
    missing = [name for name in required if body.get(name) in (None, "")]
    if missing:
        raise BadRequest(f"missing field(s): {', '.join(missing)}")
    return body


def _jsonable(value: Any) -> Any:
    """``value`` with anything JSON cannot carry (dates, decimals) as text."""
    import json

    return json.loads(json.dumps(value, default=str))


def dashboard_page() -> str:
    """The dashboard page's HTML (shipped with the package)."""
    return resources.files("keel").joinpath("static/calibration.html").read_text("utf-8")


def create_app(context: Context | None = None) -> Starlette:
    """The HTTP app for one deployment's settings (the environment's by default)."""
    settings = context or Context()
    recorder = CalibrationRecorder(settings.database_url)

    async def analyze_failure(request: Request) -> Response:
        body = await _body(request, ("errorType", "toolName"))
        status = body.get("httpStatus")
        failure = classify_text(
            str(body["errorType"]),
            str(body.get("errorMessage") or ""),
            int(status) if isinstance(status, int | str) and str(status).isdigit() else None,
        )
        plan = analyze(
            failure,
            str(body.get("errorMessage") or ""),
            str(body["toolName"]),
            tool_registry(settings.domain),
        )
        return JSONResponse(plan.as_json())

    async def dashboard(request: Request) -> Response:
        return JSONResponse(await run_in_threadpool(recorder.dashboard))

    async def tool_stats(request: Request) -> Response:
        name = request.path_params["tool_name"]
        stats = await run_in_threadpool(recorder.tool_stats, name)
        if stats is None:
            return JSONResponse({"error": f"no calls of tool {name!r} recorded"}, 404)
        return JSONResponse(stats)

    async def verify_call(request: Request) -> Response:
        body = await _body(request, ("toolName",))
        params = body.get("params") or {}
        if not isinstance(params, dict):
            raise BadRequest("params must be an object")
        registry = tool_registry(settings.domain)
        if body["toolName"] not in registry:
            raise BadRequest(f"unknown tool {body['toolName']!r}")
        config = domain_config(settings)
        found = await run_in_threadpool(
            lambda: verify(
                settings.database_url,
                params,
                config.verify_checks,
                {n: s.pattern for n, s in config.slots.items() if s.pattern},
                guard_config(settings.domain),
                user_id=body.get("userId"),
            )
        )
        return JSONResponse({"toolName": body["toolName"], **found.as_json()})

    async def ask_data(request: Request) -> Response:
        refused = operator_refusal(
            request.headers.get("x-operator-key"), os.environ.get(OPERATOR_KEY_ENV)
        )
        if refused is not None:
            return JSONResponse({"error": refused[1]}, refused[0])
        body = await _body(request, ("question",))
        question = body["question"]
        if not isinstance(question, str) or len(question) > MAX_QUESTION_CHARS:
            raise BadRequest(f"question: a string of at most {MAX_QUESTION_CHARS} characters")
        from keel.ask import ask

        result = await run_in_threadpool(
            lambda: ask(
                question,
                database=str(body["database"]) if body.get("database") else None,
                business_context=str(body.get("context") or ""),
                context=settings,
            )
        )
        return JSONResponse(_jsonable({"status": result["status"], "answer": result["answer"]}))

    async def page(request: Request) -> Response:
        return HTMLResponse(dashboard_page())

    async def bad_request(request: Request, error: Exception) -> Response:
        return JSONResponse({"error": str(error)}, 400)

    return Starlette(
        routes=[
            Route("/api/calibration/analyze", analyze_failure, methods=["POST"]),
            Route("/api/calibration/dashboard", dashboard, methods=["GET"]),
            Route("/api/calibration/tools/{tool_name}/stats", tool_stats, methods=["GET"]),
            Route("/api/calibration/verify", verify_call, methods=["POST"]),
            Route("/calibration", page, methods=["GET"]),
            Route("/api/ask", ask_data, methods=["POST"]),
        ],
        exception_handlers={BadRequest: bad_request},
    )


app = create_app()
