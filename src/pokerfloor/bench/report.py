"""A measured run as Markdown (the table in docs/performance.md is written by this)."""

from __future__ import annotations

from collections.abc import Sequence

from pokerfloor.bench.core import OK, Benchmark, Row


def rate_text(rate: float | None) -> str:
    if rate is None:
        return "-"
    return f"{rate:,.0f}" if rate >= 100 else f"{rate:,.2f}"


def ratio_text(row: Row) -> str:
    if row.reference:
        return "reference"
    if row.ratio is None:
        return "-"
    text = f"{row.ratio:.2f}x"
    if row.ratio_low is not None and row.ratio_high is not None and row.ratio_low != row.ratio_high:
        text += f" ({row.ratio_low:.2f}-{row.ratio_high:.2f})"
    return text


def markdown(benchmarks: Sequence[Benchmark], rows: Sequence[Row]) -> str:
    """One Markdown table per benchmark: engine, method, rate, pokerfloor's ratio, note."""
    out: list[str] = []
    for bench in benchmarks:
        out.append(f"### {bench.title} ({bench.unit})\n")
        out.append(f"| engine | method | {bench.unit} | pokerfloor × | note |")
        out.append("|---|---|---:|---:|---|")
        for row in rows:
            if row.benchmark != bench.name:
                continue
            engine = f"{row.engine} {row.version}".strip()
            rate = rate_text(row.rate) if row.status == OK else row.status
            note = row.note.replace("|", "\\|")
            out.append(f"| {engine} | {row.method} | {rate} | {ratio_text(row)} | {note} |")
        out.append("")
    return "\n".join(out)
