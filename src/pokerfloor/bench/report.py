"""A measured run as Markdown (the table in docs/performance.md is written by this)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.bench.core import OK, Benchmark, Row


def rate_text(rate: float | None) -> str:
    if rate is None:
        return "-"
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:,.2f}"


def ratio_text(row: Row) -> str:
    """pokerfloor's ratio against the row by the wall clock (the median of the rounds, their range)."""
    return _ratio(row, row.ratio, row.ratio_low, row.ratio_high)


def cpu_ratio_text(row: Row) -> str:
    """pokerfloor's ratio against the row in the process's CPU time, alike."""
    return _ratio(row, row.cpu_ratio, row.cpu_ratio_low, row.cpu_ratio_high)


def _ratio(row: Row, ratio: float | None, low: float | None, high: float | None) -> str:
    if row.reference:
        return "reference"
    if ratio is None:
        return "-"
    text = f"{ratio:.2f}x"
    if low is not None and high is not None and low != high:
        text += f" ({low:.2f}-{high:.2f})"
    return text


def markdown(benchmarks: Sequence[Benchmark], rows: Sequence[Row]) -> str:
    """One Markdown table per benchmark: engine, method, rate, pokerfloor's ratio by the wall clock
    and in CPU time, note."""
    out: list[str] = []
    for bench in benchmarks:
        out.append(f"### {bench.title} ({bench.unit})\n")
        out.append(f"| engine | method | {bench.unit} | pokerfloor × (wall clock) | pokerfloor × (CPU time) | note |")
        out.append("|---|---|---:|---:|---:|---|")
        for row in rows:
            if row.benchmark != bench.name:
                continue
            engine = f"{row.engine} {row.version}".strip()
            rate = rate_text(row.rate) if row.status == OK else row.status
            note = row.note.replace("|", "\\|")
            out.append(f"| {engine} | {row.method} | {rate} | {ratio_text(row)} | {cpu_ratio_text(row)} | {note} |")
        out.append("")
    return "\n".join(out)
