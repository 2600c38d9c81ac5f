package dev.forkline.trace.report;

/** The report's stylesheet, inlined into every page so that it needs nothing else. */
final class ReportStyle {

    private ReportStyle() {
    }

    static final String CSS = """
            :root { --ink: #1d2330; --dim: #5d6677; --line: #d5dae3; --paper: #ffffff; --band: #f6f7fa;
                    --ok: #1e7b45; --bad: #b42318; --warn: #a15c00; --unknown: #6941c6; --accent: #1f4fd1; }
            * { box-sizing: border-box; }
            body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
                   color: var(--ink); background: var(--paper); }
            header { padding: 24px 32px 12px; border-bottom: 3px solid var(--ink); }
            header h1 { margin: 4px 0 6px; font-size: 24px; }
            .kicker { margin: 0; text-transform: uppercase; letter-spacing: .08em; font-size: 11px; color: var(--dim); }
            .meta { margin: 0; color: var(--dim); font-size: 12.5px; }
            main { padding: 8px 32px 40px; max-width: 1280px; }
            section { margin-top: 26px; }
            h2 { font-size: 18px; border-bottom: 1px solid var(--line); padding-bottom: 4px; margin: 0 0 10px; }
            h3 { font-size: 14.5px; margin: 16px 0 6px; }
            code { font: 12.5px/1.3 "SFMono-Regular", Menlo, Consolas, monospace; background: #f0f2f6; padding: 0 3px; border-radius: 3px;
                   overflow-wrap: anywhere; }
            table { border-collapse: collapse; width: 100%; margin: 6px 0 10px; font-size: 13px; }
            th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); overflow-wrap: anywhere; }
            thead th { background: var(--band); font-weight: 600; white-space: nowrap; }
            td code, .nowrap { white-space: nowrap; }
            table.kv th { width: 260px; font-weight: 500; color: var(--dim); }
            .dim, .note { color: var(--dim); }
            .note { font-size: 12.5px; margin: 0 0 6px; }
            .badge { display: inline-block; padding: 0 7px; border-radius: 9px; font-size: 11.5px; font-weight: 600; line-height: 18px;
                     border: 1px solid currentColor; white-space: nowrap; }
            .outcome-success { color: var(--ok); } .outcome-failure { color: var(--bad); }
            .outcome-unknown, .outcome-aborted { color: var(--warn); } .outcome-none { color: var(--dim); }
            .reason { color: var(--accent); } .recovery { color: var(--unknown); } .replay { color: #0e7490; } .verdict { color: var(--ink); }
            p.verdict { font-weight: 600; padding: 8px 12px; border-left: 4px solid; }
            p.verdict.ok { border-color: var(--ok); color: var(--ok); } p.verdict.bad { border-color: var(--bad); color: var(--bad); }
            p.verdict.note { border-color: var(--warn); color: var(--warn); }
            .incident { border: 1px solid var(--line); border-left: 4px solid var(--bad); padding: 8px 14px; margin: 8px 0; border-radius: 4px; }
            dl.facts { display: grid; grid-template-columns: 130px 1fr; gap: 4px 12px; margin: 0; }
            dl.facts dt { font-weight: 600; color: var(--dim); } dl.facts dd { margin: 0; }
            .figures { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 12px; }
            .figure { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 140px; }
            .figure .value { display: block; font-size: 20px; font-weight: 700; }
            .figure .label { font-size: 12px; color: var(--dim); }
            .scroll { overflow-x: auto; border: 1px solid var(--line); border-radius: 4px; }
            ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 22px; }
            ul.tree { padding-left: 4px; }
            ul.tree li { margin: 5px 0; position: relative; }
            ul.tree ul li::before { content: "└"; position: absolute; left: -16px; color: var(--dim); }
            .edits { font-size: 12.5px; color: var(--dim); margin-left: 8px; }
            ul.plain { padding-left: 18px; } ul.plain li { margin: 4px 0; }
            ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 12px; color: var(--dim); }
            .key { display: inline-block; width: 18px; height: 9px; border-radius: 2px; margin-right: 5px; vertical-align: middle; }
            .sym { display: inline-block; width: 16px; text-align: center; margin-right: 3px; font-weight: 700; }
            .sym.model { color: #7c3aed; } .sym.checkpoint { color: var(--ok); } .sym.failure { color: var(--bad); }
            .sym.escape { color: #ea580c; } .sym.request { color: #ea580c; } .sym.decision { color: var(--ok); }
            .sym.unknown { color: var(--unknown); } .sym.fork { color: var(--accent); } .sym.revert { color: #0e7490; }
            .charts { display: flex; flex-wrap: wrap; gap: 18px; }
            figure { margin: 6px 0; } figcaption { font-weight: 600; font-size: 13px; margin-bottom: 4px; }
            /* SVG */
            svg text { font: 11px -apple-system, "Segoe UI", Roboto, Arial, sans-serif; fill: var(--ink); }
            .band { fill: var(--band); stroke: var(--line); }
            .band-label { font-weight: 700; } .band-label.outcome-success { fill: var(--ok); } .band-label.outcome-failure { fill: var(--bad); }
            .band-label.outcome-unknown, .band-label.outcome-aborted { fill: var(--warn); }
            .lane { stroke: #e3e6ec; } .lane-label { fill: var(--dim); }
            .span { stroke: none; } .effect-read { fill: #9aa4b5; background: #9aa4b5; } .effect-workspace { fill: #3b82f6; background: #3b82f6; }
            .effect-process { fill: #14b8a6; background: #14b8a6; } .effect-external { fill: #f97316; background: #f97316; }
            .effect-privileged { fill: #dc2626; background: #dc2626; } .effect-unknown { fill: #64748b; background: #64748b; }
            .span.failed { stroke: var(--bad); stroke-width: 2; } .span.open { fill-opacity: .35; stroke: var(--unknown); stroke-dasharray: 3 2; }
            .mark-model { fill: #7c3aed; } .mark-checkpoint line { stroke: var(--ok); stroke-width: 1.5; } .mark-checkpoint path { fill: var(--ok); }
            .mark-failure { stroke: var(--bad); stroke-width: 2.5; fill: none; }
            .mark-escape { fill: #ea580c; } .mark-request { fill: #fff; stroke: #ea580c; stroke-width: 2; }
            .mark-decision { fill: var(--ok); } .mark-decision-bad { fill: #fff; stroke: var(--bad); stroke-width: 2; }
            .mark-unknown { fill: var(--unknown); font-weight: 800; font-size: 14px; }
            .mark-fork { fill: #fff; stroke: var(--accent); stroke-width: 2.5; } .fork-line { fill: none; stroke: var(--accent); stroke-width: 1.5; stroke-dasharray: 5 3; }
            .mark-revert { fill: #0e7490; font-size: 15px; font-weight: 700; } .mark-tick { stroke: #8a93a3; }
            .mark-end { stroke: none; } .mark-end.outcome-success { fill: var(--ok); } .mark-end.outcome-unknown, .mark-end.outcome-aborted { fill: var(--warn); }
            .mark-end.outcome-none { fill: var(--dim); }
            .slice-plain { fill: #64748b; }
            .density-1 { fill-opacity: .3; } .density-2 { fill-opacity: .5; } .density-3 { fill-opacity: .75; } .density-4 { fill-opacity: 1; }
            .chart-label { text-anchor: end; } .chart-value { fill: var(--dim); }
            .bar-time { fill: var(--accent); } .bar-missing { fill: var(--bad); } .bar-original { fill: #9aa4b5; } .bar-lost { fill: var(--bad); }
            .chart-limit { stroke: var(--bad); stroke-dasharray: 4 3; } .chart-limit-label { fill: var(--bad); font-size: 10.5px; }
            @media print {
              @page { size: A4 landscape; margin: 12mm; }
              body { font-size: 11.5px; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
              header, main { padding-left: 0; padding-right: 0; }
              section { break-inside: avoid-page; page-break-inside: avoid; }
              #timeline, #metrics { break-inside: auto; }
              .scroll { overflow: visible; border: none; }
              svg.timeline { max-width: 100%; height: auto; }
              tr { break-inside: avoid; }
            }
            """;
}
