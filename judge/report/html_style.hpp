// The report page's stylesheet, inlined into the page (no network).
#pragma once

namespace entrapment::report {

inline constexpr const char* kReportCss = R"css(
:root { --fg: #0f172a; --muted: #64748b; --line: #e2e8f0; --bg: #ffffff; --panel: #f8fafc; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; font: 14px/1.45 system-ui, sans-serif; color: var(--fg);
       background: var(--bg); }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
code, pre, .mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; }
.muted { color: var(--muted); }
.v { display: inline-block; min-width: 3.2em; padding: 1px 8px; border-radius: 10px; color: #fff;
     font-weight: 600; text-align: center; font-size: 12px; }
.v-AC { background: #15803d; } .v-WA { background: #b91c1c; } .v-TLE { background: #b45309; }
.v-MLE { background: #7e22ce; } .v-RTE { background: #a21caf; } .v-JE { background: #0f172a; }
.v-CE { background: #0e7490; }
.ok { color: #15803d; font-weight: 600; } .notok { color: #b91c1c; font-weight: 600; }
.submission { border-top: 2px solid var(--line); margin-top: 32px; }
.counts { margin: 8px 0 0; display: flex; gap: 12px; flex-wrap: wrap; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--panel); font-weight: 600; position: sticky; top: 0; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
td.name { white-space: nowrap; }
td.msg { word-break: break-word; max-width: 60ch; }
tr.fail td { background: #fef2f2; }
.failure { border: 1px solid var(--line); border-radius: 8px; padding: 4px 20px 16px; margin-top: 24px; }
.failure:target { border-color: #2563eb; box-shadow: 0 0 0 3px #bfdbfe; }
.message { background: #fef2f2; border-left: 4px solid #b91c1c; padding: 8px 12px; margin: 8px 0;
           white-space: pre-wrap; word-break: break-word; }
.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 16px; margin: 8px 0; }
.facts dt { color: var(--muted); } .facts dd { margin: 0; }
.rounds { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0; }
.round { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; background: var(--panel); }
.round h4 { margin: 0 0 4px; font-size: 13px; }
.steps { display: flex; gap: 10px; }
figure { margin: 0; width: 120px; }
figcaption { font-size: 12px; color: #334155; margin-top: 2px; }
.legend { display: flex; flex-wrap: wrap; gap: 14px; font-size: 12px; color: #334155; margin: 6px 0; }
.legend span { display: inline-flex; align-items: center; gap: 5px; }
.sw { width: 14px; height: 14px; border-radius: 3px; border: 1px solid #94a3b8; display: inline-block; }
pre.transcript { background: var(--panel); border: 1px solid var(--line); border-radius: 6px;
                 padding: 8px 12px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; }
pre.transcript .to { color: #1d4ed8; } pre.transcript .from { color: #0f172a; font-weight: 600; }
pre.transcript .rn { color: var(--muted); display: inline-block; width: 3.5em; }
)css";

}  // namespace entrapment::report
