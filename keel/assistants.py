"""One ``keel`` assistant per installed business on a LangGraph server.

Each assistant runs the customer dialogue with its context naming the business
(``{"domain": "bank"}``) at an id derived from the business's name
(:func:`keel.server_auth.business_assistant_id`), so every server gives a business the
same id, and the server's auth lets customers run exactly these and the default one.
Creating them needs the operator key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from keel.domain.pack import installed_businesses
from keel.server_auth import business_assistant_id

GRAPH_ID = "keel"


class AssistantsClient(Protocol):
    """What :func:`provision` needs of ``langgraph_sdk``'s sync assistants client."""

    def create(self, graph_id: str | None, *args: Any, **kwargs: Any) -> Any:
        """Create an assistant of ``graph_id``."""
        ...


def assistant_of(domain: str) -> dict[str, Any]:
    """The creation arguments of business ``domain``'s assistant."""
    return {
        "graph_id": GRAPH_ID,
        "context": {"domain": domain},
        "assistant_id": business_assistant_id(domain),
        "if_exists": "do_nothing",
        "name": f"keel-{domain}",
        "metadata": {"business": domain},
    }


def provision(
    client: AssistantsClient, businesses: Sequence[str] | None = None
) -> list[dict[str, str]]:
    """Create (once) the assistant of each business; return name and id of each."""
    created = []
    for domain in businesses or installed_businesses():
        arguments = assistant_of(domain)
        client.create(**arguments)
        created.append({"business": domain, "assistant_id": arguments["assistant_id"]})
    return created
