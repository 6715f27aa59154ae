"""``pokerfloor bench``: side-by-side benchmarks against the peer engines installed here."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Annotated

import typer

from pokerfloor.cli import app


@app.command("bench")
def bench(
    quick: Annotated[
        bool, typer.Option("--quick", help="A smoke run: small data sets, a fraction of a second each.")
    ] = False,
    only: Annotated[
        list[str] | None,
        typer.Option(
            "--only",
            help=(
                "Run only this benchmark (repeatable): play, play-batch, eval, eval-batch, equity, replay, "
                "env-batch, env-aec, soak, soak-tables, fuzz, fuzz-records, serve, serve-tournament, tournament, "
                "cfr-plus, cfr-vanilla, equity-hand-range, "
                "equity-range-range, equity-three-way, "
                "equity-board (its cases, or a part: equity-board-flop, equity-board-turn-range-20, ...)."
            ),
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option("--seconds", help="Seconds each engine is measured per benchmark (default 3, quick 0.2)."),
    ] = None,
    rounds: Annotated[
        int | None, typer.Option("--rounds", help="Interleaved rounds the seconds are split over.")
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Seed of the hands, cards and policy.")] = None,
    corpus: Annotated[
        Path | None, typer.Option("--corpus", help="PHH corpus folder (default ../shared/corpus/phh/bulk; soak "
                                        "and fuzz: ../shared/corpus/phh/dev).")
    ] = None,
    json_path: Annotated[
        Path | None, typer.Option("--json", help="Also write every row, with the setup, to this JSON file.")
    ] = None,
    markdown_path: Annotated[
        Path | None, typer.Option("--markdown", help="Also write the tables as Markdown to this file.")
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option("--hands", min=1, help="Soak, soak-tables: random hands to play (default 1,000,000, "
                     "quick 10,000, soak-tables quick 2,000); serve: hands a table (default 20, quick 3)."),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Soak-tables: processes playing tables at once (default 2).")
    ] = 2,
    inputs: Annotated[
        int | None, typer.Option("--inputs", min=1, help="Soak: mutated hand histories to read (default 100,000, quick "
                                 "1,000); fuzz: mutated inputs of every reader (default 10,000, quick 500).")
    ] = None,
    tables: Annotated[
        int | None, typer.Option("--tables", min=1, help="Serve: tables at once (default 50, quick 2).")
    ] = None,
    think: Annotated[
        float, typer.Option("--think", min=0, help="Serve: a bot's mean seconds before acting (0: at once).")
    ] = 0.1,
    spectators: Annotated[
        int, typer.Option("--spectators", min=0, help="Serve: clients watching, spread over the first 10 tables "
                          "(200: 20 a table); default 0.")
    ] = 0,
    downloaders: Annotated[
        int, typer.Option("--downloaders", min=0, help="Serve: clients downloading a 200-hand session's "
                          "hands.phhs over and over while the tables play (issue 34: 4); default 0.")
    ] = 0,
    sqlite_synchronous: Annotated[
        str, typer.Option("--sqlite-synchronous", help="Serve: the store's serve --sqlite-synchronous "
                          "(full, the default, or normal).")
    ] = "full",
) -> None:
    """Measure pokerfloor and every peer engine installed here, interleaved in one process.

    Rates are units per second; a ratio is pokerfloor's rate over the peer's (above 1: pokerfloor
    is faster). Peers that are missing show as "not installed" (pip install 'pokerfloor\\[bench]').
    """
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn
    from rich.table import Table

    from pokerfloor.bench import Config, installed_peers, run, select, steps_total
    from pokerfloor.bench.report import cpu_ratio_text, markdown, rate_text, ratio_text

    if only and "serve-tournament" in only:
        from pokerfloor.bench.serve_tournament import report as serve_tournament

        if not serve_tournament(quick=quick, json_path=json_path):
            raise typer.Exit(1)
        only = [name for name in only if name != "serve-tournament"]
        if not only:
            return
    if only and "serve" in only:
        if not _serve(quick=quick, seed=seed or 0, hands=hands, tables=tables, think=think,
                      spectators=spectators, downloaders=downloaders, json_path=json_path,
                      synchronous=sqlite_synchronous):
            raise typer.Exit(1)
        only = [name for name in only if name != "serve"]
        if not only:
            return
    if only and "tournament" in only:
        _tournament(quick=quick, seed=seed or 0, json_path=json_path)
        only = [name for name in only if name != "tournament"]
        if not only:
            return
    if only and ("fuzz" in only or "fuzz-records" in only):
        records = "fuzz-records" in only and "fuzz" not in only
        clean = _fuzz(quick=quick, seed=seed or 0, inputs=inputs, corpus=corpus, records=records)
        only = [name for name in only if name not in ("fuzz", "fuzz-records")]
        if not clean:
            raise typer.Exit(1)
        if not only:
            return
    if only and "soak-tables" in only:
        clean = _soak_tables(quick=quick, seed=seed or 0, hands=hands, workers=workers)
        only = [name for name in only if name != "soak-tables"]
        if not clean:
            raise typer.Exit(1)
        if not only:
            return
    if only and "soak" in only:
        clean = _soak(quick=quick, seed=seed or 0, hands=hands, inputs=inputs, corpus=corpus)
        only = [name for name in only if name != "soak"]
        if not only:
            if not clean:
                raise typer.Exit(1)
            return
    try:
        chosen = select(only)
    except KeyError as exc:
        raise typer.BadParameter(str(exc.args[0]), param_hint="--only") from None
    config = Config.make(quick=quick, seconds=seconds, rounds=rounds, seed=seed, corpus=corpus)
    console = Console()
    peers = installed_peers()
    console.print(
        "peers: " + ", ".join(f"{name} {v}" if v else f"{name} (not installed)" for name, v in peers.items())
    )
    from pokerfloor.hand import COMPILED

    console.print(
        "hand engine: compiled (mypyc)"
        if COMPILED
        else "hand engine: pure Python (for the compiled build: make compiled, then PYTHONPATH=build/compiled)"
    )
    started = time.time()
    load_start = os.getloadavg()
    with Progress(
        TextColumn("{task.description}"), BarColumn(), TimeElapsedColumn(),
        console=console, transient=True,
    ) as progress:
        task = progress.add_task("benchmarks", total=steps_total(chosen, config))

        def tick(text: str) -> None:
            progress.update(task, advance=1, description=text)

        rows = run(config, [b.name for b in chosen], progress=tick)
    load_end = os.getloadavg()
    console.print(f"seed {config.seed}; load average (1, 5, 15 min) at the start "
                  f"{', '.join(f'{v:.1f}' for v in load_start)}, at the end {', '.join(f'{v:.1f}' for v in load_end)}; "
                  "pokerfloor × (wall): by the wall clock, × (CPU): in the process's CPU time")

    for b in chosen:
        table = Table(title=f"{b.title} ({b.unit})", title_justify="left")
        table.add_column("engine")
        table.add_column("method")
        table.add_column(b.unit, justify="right")
        table.add_column("pokerfloor × (wall)", justify="right")
        table.add_column("pokerfloor × (CPU)", justify="right")
        table.add_column("note", overflow="fold")
        for row in rows:
            if row.benchmark != b.name:
                continue
            engine = f"{row.engine} {row.version}".strip()
            rate = rate_text(row.rate) if row.status == "ok" else row.status
            table.add_row(engine, row.method, rate, ratio_text(row), cpu_ratio_text(row), row.note)
        console.print(table)

    if json_path is not None:
        report = {
            "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(started)),
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "machine": platform.machine(),
            "config": {
                "quick": config.quick, "seconds": config.seconds, "rounds": config.rounds,
                "seed": config.seed, "corpus": str(config.corpus),
            },
            "load_average": {"start": list(load_start), "end": list(load_end)},
            "peers": peers,
            "hand_engine": "compiled" if COMPILED else "pure",
            "rows": [row.as_dict() for row in rows],
        }
        json_path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        console.print(f"wrote {json_path}")
    if markdown_path is not None:
        markdown_path.write_text(markdown(chosen, rows), encoding="utf-8")
        console.print(f"wrote {markdown_path}")


def _serve(*, quick: bool, seed: int, hands: int | None, tables: int | None, think: float,
           spectators: int, json_path: Path | None, downloaders: int = 0, synchronous: str = "full") -> bool:
    """The server under load (``pokerfloor.bench.serve``): 6 bots a table, and ``spectators``
    watching the first tables; whether it ran clean."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.bench.serve import run_serve, spread
    from pokerfloor.hand import COMPILED

    console = Console()
    tables = tables or (2 if quick else 50)
    hands = hands or (3 if quick else 20)
    engine = "compiled" if COMPILED else "pure Python"
    watched = [n for n in spread(spectators, tables) if n]
    rail = f", {spectators} spectators on {len(watched)} tables ({max(watched)} a table at most)" if watched else ""
    console.print(f"serve: {tables} tables x 6 bot clients{rail}, {hands} hands a table, think {think * 1000:.0f} ms, "
                  f"hand engine {engine}, {os.cpu_count()} cores")
    if downloaders:
        console.print(f"       and {downloaders} clients downloading a 200-hand session's hands.phhs meanwhile")
    console.print(f"       SQLite synchronous={synchronous}, load average {os.getloadavg()[0]:.1f} at the start")
    got = run_serve(tables, 6, hands, think=think, seed=seed, spectators=spectators, downloaders=downloaders,
                    synchronous=synchronous)
    table = Table(title="pokerfloor serve on 127.0.0.1 (SQLite store)", title_justify="left")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("hands played", f"{got.hands_played:,} in {got.seconds:.1f} s")
    table.add_row("hands a second", f"{got.hands_per_second:.1f}")
    table.add_row("actions", f"{got.actions:,}")
    table.add_row("action to the last client's update, p50", f"{got.p50_ms:.1f} ms")
    table.add_row("action to the last client's update, p99", f"{got.p99_ms:.1f} ms")
    table.add_row("slowest", f"{got.max_ms:.1f} ms")
    if got.spectators:
        table.add_row("spectators", f"{got.spectators} on {got.rail_tables} tables")
        table.add_row("updates the spectators received", f"{got.spectator_updates:,}")
        table.add_row("action to the last spectator's update, p50", f"{got.rail_p50_ms:.1f} ms")
        table.add_row("action to the last spectator's update, p99", f"{got.rail_p99_ms:.1f} ms")
        table.add_row("slowest to the rail", f"{got.rail_max_ms:.1f} ms")
    if got.downloaders:
        table.add_row(f"downloads of the {got.download_hands}-hand session",
                      f"{got.downloads:,} by {got.downloaders} clients, p50 {got.download_p50_ms:.0f} ms")
    table.add_row("server CPU a table", f"{got.cpu_per_table * 100:.2f} % of a core")
    table.add_row("server CPU, clients' CPU", f"{got.server_cpu_seconds:.1f} s, {got.client_cpu_seconds:.1f} s")
    table.add_row("server memory", f"{got.rss_mb:.0f} MB ({got.rss_per_table_mb:.2f} MB a table)")
    table.add_row("errors", str(got.errors))
    table.add_row("load average (1 minute) at the end", f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    console.print(table)
    for problem in got.problems[:20]:
        console.print(f"[red]{problem}[/red]")
    if json_path is not None:
        json_path.write_text(json.dumps({"python": sys.version.split()[0], "platform": platform.platform(),
                                         "hand_engine": "compiled" if COMPILED else "pure",
                                         "serve": got.as_dict()}, indent=2) + "\n", encoding="utf-8")
    return got.errors == 0


def _fuzz(*, quick: bool, seed: int, inputs: int | None, corpus: Path | None, records: bool = False) -> bool:
    """Every reader fuzzed (``pokerfloor.bench.fuzz.fuzz_all``): the PHH files under the corpus,
    the site histories of tests/io/data/imports, and records, views and tables of random play,
    mutated and hostile; whether every input was read or refused with its documented error,
    each within a second. ``records``: only the table and event records (``fuzz-records``),
    of tables with every option and of multi-table events, each one that loads played on."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.bench.fuzz import SECOND, file_seeds, fuzz_all, record_seeds, table_and_event_seeds

    console = Console()
    inputs = inputs or (500 if quick else 10_000)
    folders = [] if records else [corpus or Path("../shared/corpus/phh/dev"), Path("tests/io/data/imports")]
    seeds = (table_and_event_seeds(4 if quick else 40, seed=seed) if records else
             file_seeds([f for f in folders if f.exists()]) + record_seeds(12, seed=seed))
    kinds = sorted({s.kind for s in seeds})
    console.print(f"fuzz: {inputs:,} inputs from {len(seeds)} seeds ({', '.join(kinds)}), seed {seed}; "
                  f"folders {', '.join(str(f) for f in folders if f.exists()) or 'none'}")
    found = fuzz_all(seeds, inputs, seed=seed)
    table = Table(title=f"Every reader fuzzed: {found.inputs:,} inputs in {found.seconds:.1f} s",
                  title_justify="left")
    for column in ("kind", "read", "refused"):
        table.add_column(column, justify="left" if column == "kind" else "right")
    for kind, (read, refused) in sorted(found.by_kind.items()):
        table.add_row(kind, f"{read:,}", f"{refused:,}")
    console.print(table)
    console.print(f"{len(found.escaped)} escaped, {len(found.slow)} over {SECOND:g} s; slowest {found.slowest:.3f} s; "
                  f"{found.hands:,} hands read and verified; {len(found.broke_later)} records that load and "
                  "break later")
    for problem in (found.escaped + found.slow)[:30]:
        console.print(f"[red]{problem}[/red]")
    return found.clean


def _tournament(*, quick: bool, seed: int, json_path: Path | None) -> None:
    """A 1,000-entry multi-table event (100 with ``--quick``) played to the end by random bots
    (``pokerfloor.bench.tournament``): hands and entries a second, wall-clock."""
    from rich.console import Console

    from pokerfloor.bench.tournament import run
    from pokerfloor.hand import COMPILED

    entries = 100 if quick else 1000
    console = Console()
    engine = "compiled" if COMPILED else "pure Python"
    console.print(f"tournament: {entries:,} entries, seed {seed}, hand engine {engine}")
    report = run(entries, seed=seed)
    console.print(f"tournament: {report.hands:,} hands for {report.entries:,} entries in {report.seconds:.2f} s:"
                  f" {report.hands_per_second:,.0f} hands/s, {report.entries_per_second:,.0f} entries/s")
    if json_path is not None:
        json_path.write_text(json.dumps({"benchmark": "tournament", "entries": report.entries, "hands": report.hands,
                                         "seconds": report.seconds, "compiled": COMPILED}, indent=1))


def _soak(*, quick: bool, seed: int, hands: int | None, inputs: int | None, corpus: Path | None) -> bool:
    """The soak (``pokerfloor.bench.soak``) and the reader's fuzz run (``pokerfloor.bench.fuzz``):
    counts, rates and every problem found; whether both came out clean."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.bench.fuzz import fuzz, seed_texts
    from pokerfloor.bench.soak import soak
    from pokerfloor.hand import COMPILED

    console = Console()
    hands = hands or (10_000 if quick else 1_000_000)
    inputs = inputs or (1_000 if quick else 100_000)
    folder = corpus or Path("../shared/corpus/phh/dev")
    console.print(f"soak: {hands:,} hands from seed {seed}, hand engine {'compiled' if COMPILED else 'pure Python'}")
    played = soak(hands, seed=seed)
    seeds = seed_texts([folder]) if folder.exists() else []
    console.print(f"fuzz: {inputs:,} mutations of the {len(seeds)} hand-history files under {folder}")
    fuzzed = fuzz(seeds, inputs, seed=seed) if seeds else None
    table = Table(title="Soak", title_justify="left")
    table.add_column("run")
    table.add_column("count", justify="right")
    table.add_column("findings", overflow="fold")
    table.add_row("hands played", f"{played.hands:,} ({played.hands / played.seconds:,.0f}/s)",
                  f"{len(played.crashes)} crashes, {len(played.stuck)} stuck, {len(played.violations)} violations")
    table.add_row("actions, probes", f"{played.actions:,}, {played.probes:,}", "")
    if fuzzed is not None:
        table.add_row("histories read", f"{fuzzed.inputs:,} ({fuzzed.hands:,} hands)",
                      f"{len(fuzzed.escaped)} escaped, {len(fuzzed.slow)} over a second;"
                      f" slowest {fuzzed.slowest:.3f} s")
    console.print(table)
    problems = played.crashes + played.stuck + played.violations + (fuzzed.escaped + fuzzed.slow if fuzzed else [])
    for problem in problems[:30]:
        console.print(f"[red]{problem}[/red]")
    return not problems and fuzzed is not None


def _soak_tables(*, quick: bool, seed: int, hands: int | None, workers: int) -> bool:
    """The table soak with every option (``pokerfloor.bench.soak_tables``), in ``workers``
    processes, with its progress as it goes: counts, rates, what was exercised and every
    problem found; whether it came out clean."""
    from rich.console import Console
    from rich.table import Table

    from pokerfloor.bench.soak import SoakReport
    from pokerfloor.bench.soak_tables import soak_tables
    from pokerfloor.hand import COMPILED

    console = Console()
    hands = hands or (2_000 if quick else 1_000_000)
    console.print(f"soak-tables: {hands:,} hands at random tables from seed {seed}, {workers} worker"
                  f"{'s' if workers > 1 else ''}, hand engine {'compiled' if COMPILED else 'pure Python'}")
    started = time.perf_counter()
    shown = [0.0]

    def progress(so_far: SoakReport) -> None:
        now = time.perf_counter() - started
        if now - shown[0] >= (0 if quick else 30) or so_far.hands >= hands:
            shown[0] = now
            console.print(f"  {so_far.hands:,} hands, {so_far.actions:,} actions in {now:,.0f} s "
                          f"({so_far.hands / max(now, 1e-9):,.0f} hands/s): {len(so_far.crashes)} crashes, "
                          f"{len(so_far.stuck)} stuck, {len(so_far.violations)} chip errors")

    played = soak_tables(hands, seed=seed, workers=workers, progress=progress)
    table = Table(title="Table soak, every option", title_justify="left")
    table.add_column("what")
    table.add_column("count", justify="right")
    table.add_row("hands played", f"{played.hands:,} ({played.hands / played.seconds:,.0f}/s)")
    table.add_row("actions", f"{played.actions:,}")
    table.add_row("set-ups refused (what the table cannot deal)", f"{played.refused_setups:,}")
    table.add_row("crashes, stuck hands, chip errors",
                  f"{len(played.crashes)}, {len(played.stuck)}, {len(played.violations)}")
    for name, count in sorted(played.seen.items()):
        if not name.startswith(tuple("23456789")) or name.endswith("dealt in"):
            table.add_row(f"  {name}", f"{count:,}")
    console.print(table)
    for problem in (played.crashes + played.stuck + played.violations)[:30]:
        console.print(f"[red]{problem}[/red]")
    return played.clean
