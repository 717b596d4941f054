"""Tool selection in two modes (seed 002): predictive for a first plan, corrective for a replan.

Predictive selection has no history to go on: it takes the tools of the task's intent
category first, then adds tools of other categories whose description is semantically
close to the task (at or above a threshold): better one tool too many than one missing.
Corrective selection has the execution history: it keeps the tools that worked, replaces
the ones that failed with registry alternatives (the most reliable first, never one that
failed already), adds what the replan needs or reflection suggests, and removes what
proved useless, reporting every change in ``changes_from_previous``.

Both return the seed's output shape (:class:`ToolSelection`). The functions are pure:
the similarity function and the reliability figures are passed in by the caller.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Literal, Protocol

from pydantic import Field

from keel.planning.plan import _Frozen

Similarity = Callable[[str, Sequence[str]], Sequence[float]]
"""Scores a text against several texts, each in [0, 1] (cosine of embeddings, say)."""


class ToolCard(Protocol):
    """What selection needs of a tool (``tools.registry.ToolSpec`` has it)."""

    @property
    def name(self) -> str:
        """The tool's registry name."""

    @property
    def description(self) -> str:
        """What the tool does, in words."""

    @property
    def alternatives(self) -> list[str]:
        """Tools that can answer the same need if this one fails."""


class ReplacedTool(_Frozen):
    """A failed tool and the one chosen in its place."""

    old: str = Field(description="The tool that failed.")
    new: str = Field(description="The tool that replaces it.")
    reason: str = Field(description="Why it was replaced (its failure).")


class AddedTool(_Frozen):
    """A tool added to the selection."""

    tool_id: str = Field(description="The tool added.")
    reason: str = Field(description="Why it was added.")


class ChangesFromPrevious(_Frozen):
    """How a corrective selection differs from the previous one."""

    kept_tools: tuple[str, ...] = ()
    replaced_tools: tuple[ReplacedTool, ...] = ()
    added_tools: tuple[AddedTool, ...] = ()
    removed_tools: tuple[str, ...] = ()


class ToolSelection(_Frozen):
    """The tools a plan may use (the seed's selection output)."""

    selected_tool_ids: tuple[str, ...] = Field(description="The tools the planner may use.")
    task_type: str = Field(description="The task's category (its intent).")
    selection_confidence: int = Field(ge=0, le=100, description="How sure the selection is.")
    brief_reasoning: str = Field(description="How the selection came about, in one line.")
    changes_from_previous: ChangesFromPrevious | None = Field(
        default=None, description="Corrective selection only: what changed and why."
    )


class PreviousToolInfo(_Frozen):
    """How a selected tool fared in the execution so far."""

    tool_id: str
    execution_status: Literal["Success", "Failed", "NotUsed"]
    failure_reason: str | None = None
    execution_summary: str | None = None


def select_predictive(
    task_type: str,
    description: str,
    category_tools: Sequence[str],
    cards: Mapping[str, ToolCard],
    similarity: Similarity | None = None,
    threshold: float = 0.75,
    max_extra: int = 3,
) -> ToolSelection:
    """The tools of the task's category, then the others semantically close to the task.

    ``category_tools`` are the tools of the intent's category (its plan template);
    unknown names are left out. Without a similarity function only the category counts.
    """
    primary = [t for t in dict.fromkeys(category_tools) if t in cards]
    others = [name for name in cards if name not in primary]
    extra: list[tuple[float, str]] = []
    if similarity is not None and others and description.strip():
        scores = similarity(description, [_card_text(cards[n]) for n in others])
        extra = sorted(
            ((float(s), n) for s, n in zip(scores, others, strict=True) if s >= threshold),
            key=lambda pair: (-pair[0], pair[1]),
        )[:max_extra]
    selected = (*primary, *(n for _, n in extra))
    if not selected:
        return ToolSelection(
            selected_tool_ids=(),
            task_type=task_type,
            selection_confidence=0,
            brief_reasoning=f"no tool of category {task_type} and none close to the task",
        )
    confidence = 90 if primary else round(100 * max(s for s, _ in extra))
    reasoning = f"{len(primary)} tool(s) of category {task_type}" + (
        f" + {len(extra)} semantically close (≥ {threshold:.2f}): {', '.join(n for _, n in extra)}"
        if extra
        else ""
    )
    return ToolSelection(
        selected_tool_ids=selected,
        task_type=task_type,
        selection_confidence=confidence,
        brief_reasoning=reasoning,
    )


def _card_text(card: ToolCard) -> str:
    return f"{card.name.replace('_', ' ')}: {card.description}"


def select_corrective(
    previous: ToolSelection,
    fared: Sequence[PreviousToolInfo],
    cards: Mapping[str, ToolCard],
    reliability: Mapping[str, float] | None = None,
    needed: Collection[str] = (),
    suggested: Sequence[str] = (),
) -> ToolSelection:
    """The previous selection corrected by what the execution showed.

    Tools that succeeded are kept; a failed tool is replaced by its most reliable
    registry alternative that has not failed (or removed when it has none); tools the
    new plan ``needed`` or reflection ``suggested`` are added; tools never used and not
    needed are removed. ``reliability`` is each tool's success rate (calibration's
    statistics); a tool without figures counts as 0.5.
    """
    rates = reliability or {}
    status = {info.tool_id: info for info in fared}
    failed = {t for t, info in status.items() if info.execution_status == "Failed"}
    kept: list[str] = []
    replaced: list[ReplacedTool] = []
    removed: list[str] = []
    for tool in previous.selected_tool_ids:
        info = status.get(tool)
        if tool in failed:
            new = _best_alternative(tool, cards, failed, rates)
            if new is None:
                removed.append(tool)
            else:
                reason = (info.failure_reason if info else None) or "it failed"
                replaced.append(ReplacedTool(old=tool, new=new, reason=reason))
        elif info is not None and info.execution_status == "NotUsed" and tool not in needed:
            removed.append(tool)
        else:
            kept.append(tool)
    present = {*kept, *(r.new for r in replaced)}
    added: list[AddedTool] = []
    for tool in [*needed, *suggested]:
        if tool in cards and tool not in present and tool not in failed:
            why = "the new plan needs it" if tool in needed else "reflection suggested it"
            added.append(AddedTool(tool_id=tool, reason=why))
            present.add(tool)
    changes = ChangesFromPrevious(
        kept_tools=tuple(kept),
        replaced_tools=tuple(replaced),
        added_tools=tuple(added),
        removed_tools=tuple(removed),
    )
    selected = (*kept, *(r.new for r in replaced), *(a.tool_id for a in added))
    return ToolSelection(
        selected_tool_ids=tuple(dict.fromkeys(selected)),
        task_type=previous.task_type,
        selection_confidence=_corrected_confidence(selected, rates),
        brief_reasoning=(
            f"kept {len(kept)}, replaced {len(replaced)}, added {len(added)}, "
            f"removed {len(removed)}"
        ),
        changes_from_previous=changes,
    )


def _best_alternative(
    tool: str, cards: Mapping[str, ToolCard], failed: Collection[str], rates: Mapping[str, float]
) -> str | None:
    card = cards.get(tool)
    named = list(card.alternatives) if card is not None else []
    # an alternative may be declared on either side ("B can stand in for A")
    named += [n for n, c in cards.items() if tool in c.alternatives and n not in named]
    usable = [n for n in named if n in cards and n not in failed and n != tool]
    if not usable:
        return None
    return max(usable, key=lambda n: (rates.get(n, 0.5), -usable.index(n)))


def _corrected_confidence(selected: Sequence[str], rates: Mapping[str, float]) -> int:
    if not selected:
        return 0
    return round(100 * min(rates.get(t, 0.5) for t in selected))


def previous_tools(
    selection: ToolSelection, outcomes: Sequence[tuple[str, bool, str | None]]
) -> list[PreviousToolInfo]:
    """How each selected tool fared, from the history's (tool, ok, failure) triples.

    A tool that failed at least once and never succeeded afterwards counts as failed.
    """
    fared: list[PreviousToolInfo] = []
    for tool in selection.selected_tool_ids:
        runs = [(ok, error) for name, ok, error in outcomes if name == tool]
        if not runs:
            fared.append(PreviousToolInfo(tool_id=tool, execution_status="NotUsed"))
        elif runs[-1][0]:
            fared.append(
                PreviousToolInfo(
                    tool_id=tool,
                    execution_status="Success",
                    execution_summary=f"{len(runs)} run(s)",
                )
            )
        else:
            fared.append(
                PreviousToolInfo(
                    tool_id=tool,
                    execution_status="Failed",
                    failure_reason=runs[-1][1],
                    execution_summary=f"{len(runs)} run(s), the last failed",
                )
            )
    return fared
