"""The stats as one self-contained HTML page (``pokerfloor stats --html``): a sortable table of
every player's stats, each player's stats by position, and the net and all-in adjusted net
curves, drawn as SVG. No script or style is fetched from anywhere; every name is escaped."""

from __future__ import annotations

import html
from collections.abc import Sequence

from pokerfloor.stats import Group, PlayerStats, Session
from pokerfloor.stats.tracker import STATS

PALETTE = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7")
COLUMNS = (("hands", "Hands"), ("bb_per_100", "bb/100"), ("all_in_adjusted_bb_per_100", "All-in adj. bb/100"),
           *((s.key, s.title) for s in STATS), ("aggression_factor", "AF"))

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2329; background: #fafafa; }
h1 { font-size: 22px; } h2 { font-size: 17px; margin-top: 28px; }
table { border-collapse: collapse; background: #fff; font-variant-numeric: tabular-nums; }
th, td { border: 1px solid #d5dbe1; padding: 4px 8px; text-align: right; white-space: nowrap; }
th { background: #eef2f6; cursor: pointer; position: sticky; top: 0; }
th[title] { text-decoration: underline dotted; }
td:first-child, th:first-child { text-align: left; }
.scroll { overflow-x: auto; max-width: 100%; }
.legend span { display: inline-block; margin-right: 14px; }
.legend i { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: -1px; }
svg { background: #fff; border: 1px solid #d5dbe1; }
"""

_SORT = """
document.querySelectorAll("table.sortable th").forEach((th, col) => th.addEventListener("click", () => {
  const body = th.closest("table").tBodies[0];
  const down = th.dataset.down !== "1"; th.dataset.down = down ? "1" : "0";
  const key = r => { const t = r.cells[col].dataset.v ?? r.cells[col].textContent; const n = parseFloat(t);
                     return isNaN(n) ? t : n; };
  [...body.rows].sort((a, b) => { const x = key(a), y = key(b);
    return (x < y ? -1 : x > y ? 1 : 0) * (down ? -1 : 1); }).forEach(r => body.appendChild(r));
}));
"""


def _cell(key: str, value: object) -> str:
    if value is None:
        return '<td data-v="-1e99">-</td>'
    if isinstance(value, float) and key not in ("bb_per_100", "all_in_adjusted_bb_per_100", "aggression_factor"):
        return f'<td data-v="{value}">{value:.0%}</td>'
    if isinstance(value, float):
        return f'<td data-v="{value}">{value:.2f}</td>'
    return f'<td data-v="{value}">{html.escape(str(value))}</td>'


def _table(rows: Sequence[tuple[str, Group]], first: str) -> str:
    titles = {s.key: s.definition for s in STATS}
    head = "".join(
        f'<th title="{html.escape(titles[k])}">{html.escape(t)}</th>' if k in titles else f"<th>{html.escape(t)}</th>"
        for k, t in COLUMNS
    )
    body = []
    for name, group in rows:
        figures = group.figures()
        cells = "".join(_cell(k, figures[k]) for k, _ in COLUMNS)
        body.append(f"<tr><td>{html.escape(name)}</td>{cells}</tr>")
    return (f'<div class="scroll"><table class="sortable"><thead><tr><th>{html.escape(first)}</th>{head}</tr>'
            f"</thead><tbody>{''.join(body)}</tbody></table></div>")


def _curves(players: Sequence[PlayerStats], adjusted: bool) -> str:
    width, height, pad = 760, 280, 70
    series = [p.adjusted if adjusted else p.curve for p in players]
    longest = max((len(s) for s in series), default=0)
    values = [v for s in series for v in s] + [0.0]
    low, high = min(values), max(values)
    span = (high - low) or 1.0

    def point(i: int, v: float) -> str:
        x = pad + (width - 2 * pad) * (i / max(1, longest))
        y = height - pad - (height - 2 * pad) * ((v - low) / span)
        return f"{x:.1f},{y:.1f}"

    zero = height - pad - (height - 2 * pad) * ((0 - low) / span)
    lines = [f'<line x1="{pad}" x2="{width - pad}" y1="{zero:.1f}" y2="{zero:.1f}" stroke="#999" stroke-width="0.5"/>']
    for n, s in enumerate(series):
        points = " ".join(point(i, v) for i, v in enumerate([0.0, *s]))
        lines.append(f'<polyline fill="none" stroke="{PALETTE[n % len(PALETTE)]}" stroke-width="1.6" '
                     f'points="{points}"/>')
    labels = (f'<text x="4" y="{pad}" font-size="11">{high:+,.1f} bb</text>'
              f'<text x="4" y="{height - pad}" font-size="11">{low:+,.1f} bb</text>'
              f'<text x="{width - pad}" y="{height - 8}" font-size="11" text-anchor="end">{longest} hands</text>')
    title = "all-in adjusted net" if adjusted else "net won"
    return (f'<svg role="img" aria-label="{title}" viewBox="0 0 {width} {height}" width="{width}" '
            f'height="{height}">{"".join(lines)}{labels}</svg>')


def html_report(found: Session, title: str = "pokerfloor stats") -> str:
    """The whole report as one HTML page."""
    players = found.ranked()
    shown = players[: len(PALETTE)]
    legend = "".join(f'<span><i style="background:{PALETTE[n]}"></i>{html.escape(p.name)}</span>'
                     for n, p in enumerate(shown))
    parts = [f"<!doctype html><html lang=en><head><meta charset=utf-8><title>{html.escape(title)}</title>",
             f"<meta name=viewport content='width=device-width, initial-scale=1'><style>{_STYLE}</style></head><body>",
             f"<h1>{html.escape(title)}</h1>",
             f"<p>{len(players)} players, {sum(p.hands for p in players)} player-hands; "
             f"{len(found.skipped)} hands left out. Click a column to sort; hover a title for its definition.</p>",
             "<h2>Every player</h2>", _table([(p.name, p.overall) for p in players], "Player"),
             "<h2>Net won, in big blinds</h2>", f'<p class="legend">{legend}</p>', _curves(shown, adjusted=False),
             "<h2>All-in adjusted net, in big blinds</h2>", _curves(shown, adjusted=True)]
    for p in players:
        if p.by_position:
            parts.append(f"<h2>{html.escape(p.name)} by position</h2>")
            parts.append(_table(sorted(p.by_position.items()), "Position"))
        if len(p.by_game) > 1:
            parts.append(f"<h2>{html.escape(p.name)} by game</h2>")
            parts.append(_table(sorted(p.by_game.items()), "Game"))
    if found.skipped:
        parts.append("<h2>Hands left out</h2><ul>")
        parts.extend(f"<li>{html.escape(reason)}</li>" for reason in found.skipped)
        parts.append("</ul>")
    parts.append(f"<script>{_SORT}</script></body></html>")
    return "\n".join(parts)
