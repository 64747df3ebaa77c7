"""The report as one self-contained HTML file: CSS, SVG pictures and a small sorting script
inline, no external URL, the same bytes for the same inputs (no clock, no random ids, every
list in a fixed order). Laid out for a laptop's width, printable (print CSS), in the active
language (`editor.i18n`).

Sections, worst first: the summary (what the record is, what was checked and what was not),
the problems by severity, the Layers table (`editor.figures.columns`), the whole-model
overview, each flagged layer (its channels, weight and activation histograms), the prune
records, and with a comparison, the differences.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from editor import __version__
from editor.i18n import language, translate
from editor.records import quant, severity
from editor.records.messages import prune_records
from editor.records.problems import Problem, Severity, printable
from editor.records.values import clip_middle, format_float32
from editor.report import plots
from editor.report.gather import ReportData
from editor.report.svg import esc

#: how much of a key, message or path from the file a cell shows (the whole stays in the record)
TEXT_LIMIT = 400


def t(text: str) -> str:
    """A file's text for HTML: control characters made visible, long text clipped, escaped."""
    return esc(clip_middle(printable(text), TEXT_LIMIT))


CSS = """
:root{--red:#c62828;--orange:#e65100;--blue:#1565c0;--grey:#666;--line:#ddd;--bg:#f7f7f7}
*{box-sizing:border-box}
body{font-family:system-ui,-apple-system,"Segoe UI","Noto Sans","Noto Sans CJK SC","Microsoft YaHei",sans-serif;
font-size:14px;line-height:1.45;color:#222;margin:0;background:#fff}
main{max-width:1240px;margin:0 auto;padding:18px 20px 40px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px;padding-bottom:4px;border-bottom:2px solid #333}
h3{font-size:15px;margin:18px 0 6px}
.sub{color:var(--grey);margin:0 0 10px}
nav{position:sticky;top:0;background:#fff;border-bottom:1px solid var(--line);padding:6px 0;z-index:2;font-size:13px}
nav a{margin-right:14px;color:var(--blue);text-decoration:none;white-space:nowrap}
.badges span{display:inline-block;border-radius:10px;padding:1px 9px;margin-right:6px;font-size:13px;color:#fff}
.b-error{background:var(--red)}.b-warning{background:var(--orange)}.b-info{background:var(--blue)}.b-ok{background:#2e7d32}
.edited{background:#fff3e0;border:1px solid #ffb74d;padding:6px 10px;border-radius:4px;margin:8px 0}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:3px 16px;margin:0}
dl.facts dt{color:var(--grey)}dl.facts dd{margin:0;overflow-wrap:anywhere}
.wrap{overflow-x:auto;max-width:100%}
table{border-collapse:collapse;font-size:13px;margin:4px 0 10px}
th,td{border-bottom:1px solid var(--line);padding:3px 8px;text-align:left;vertical-align:top}
th{background:var(--bg);position:sticky;top:0}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td.msg{overflow-wrap:anywhere;min-width:280px}
td.loc,td.rule{white-space:nowrap;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px}
td.key{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;overflow-wrap:break-word;min-width:14ch;
max-width:340px}
table.sortable th{cursor:pointer}table.sortable th:hover{background:#eee}
tr.m-error td.mk{color:var(--red);font-weight:bold}tr.m-warning td.mk{color:var(--orange);font-weight:bold}
td.sev-strong,p.sev-strong{color:var(--red);font-weight:bold}
td.c-error{color:var(--red);font-weight:bold}td.c-warning{color:var(--orange);font-weight:bold}td.c-info{color:var(--blue)}
.ok{color:#2e7d32}.no{color:var(--grey)}
svg{width:100%;height:auto;display:block;background:#fff}
figure{margin:6px 0 12px}figcaption{color:var(--grey);font-size:12px}
.hists{display:flex;flex-wrap:wrap;gap:10px}.hists figure{flex:1 1 460px;max-width:620px}
section.layer{border:1px solid var(--line);border-radius:6px;padding:8px 14px;margin:14px 0}
section.layer h3{margin-top:4px}
ul.reasons{margin:2px 0 8px;padding-left:20px}
a{color:var(--blue)}
.note{color:var(--grey);font-size:13px}
footer{color:var(--grey);font-size:12px;margin-top:36px;border-top:1px solid var(--line);padding-top:8px}
@media print{
 @page{size:A4 landscape;margin:11mm}
 body{font-size:10pt}main{max-width:none;padding:0}
 nav{display:none}
 h2{break-after:avoid}h3{break-after:avoid}
 section.layer,figure,tr{break-inside:avoid}
 thead{display:table-header-group}th{position:static}
 .wrap{overflow:visible}
 table{font-size:8pt}td.msg{min-width:0}
 a{color:inherit;text-decoration:none}
 .hover{display:none}
}
"""

#: sorts a table.sortable by a click on its header: numbers by their data-v, texts as shown
SCRIPT = """
document.querySelectorAll("table.sortable").forEach(function(table){
 table.querySelectorAll("th").forEach(function(th,col){
  th.addEventListener("click",function(){
   var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows),down=th.dataset.dir!=="up";
   table.querySelectorAll("th").forEach(function(h){delete h.dataset.dir});th.dataset.dir=down?"up":"down";
   rows.sort(function(a,b){
    var x=a.cells[col],y=b.cells[col],p=x.dataset.v,q=y.dataset.v;
    if(p!==undefined&&q!==undefined){
     if(p===""&&q==="")return 0;if(p==="")return 1;if(q==="")return -1;
     return down?(parseFloat(q)-parseFloat(p)):(parseFloat(p)-parseFloat(q));}
    var r=x.textContent.localeCompare(y.textContent);return down?-r:r;});
   rows.forEach(function(r){body.appendChild(r)});});});});
"""


def _num_attr(value) -> str:
    """A sort value for data-v: a number's shortest text, "" for none (sorted last)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return ""
    v = float(value)
    if math.isnan(v):
        return ""
    if math.isinf(v):
        return "1e308" if v > 0 else "-1e308"
    return repr(v)


def _severity_word(s: Severity) -> str:
    return {Severity.ERROR: translate("report", "error"), Severity.WARNING: translate("report", "warning"),
            Severity.INFO: translate("report", "note")}[s]


class Html:
    """Builds the page part by part."""

    def __init__(self, data: ReportData) -> None:
        self.data = data
        self.out: list[str] = []

    def w(self, *parts: str) -> None:
        self.out.extend(parts)

    # ------------------------------------------------------------------ the page

    def render(self) -> str:
        d = self.data
        req = d.request
        lang = "zh-CN" if language() == "zh_CN" else "en"
        title = translate("report", "Record review: {file}").format(file=clip_middle(printable(req.path), 200))
        self.w("<!DOCTYPE html>\n", f'<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n',
               '<meta name="viewport" content="width=device-width, initial-scale=1">\n',
               f"<title>{esc(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n<main>\n")
        self.w(f"<h1>{esc(title)}</h1>\n")
        self._subtitle()
        self._nav()
        self._summary()
        self._problems()
        self._layers()
        self._overview()
        self._flagged()
        if d.prune is not None:
            self._prune()
        if d.differences is not None:
            self._differences()
        self.w("<footer>", esc(translate("report", "Made by AMCT Record Editor {version} (record-editor report). "
                                         "Figures follow docs/RECORD-FORMAT.md; the same inputs give the same "
                                         "file.").format(version=__version__)), "</footer>\n")
        self.w(f"</main>\n<script>{SCRIPT}</script>\n</body>\n</html>\n")
        return "".join(self.out)

    def _subtitle(self) -> None:
        d = self.data
        doc = d.document
        parts = [doc.dialect.name + " (" + doc.dialect.shown_title + ")"]
        if d.request.model is not None:
            parts.append(translate("report", "model {model}").format(model=d.request.model.path.name))
        if d.request.compare is not None:
            parts.append(translate("report", "compared with {other}").format(
                other=clip_middle(printable(d.request.compare_path or ""), 200)))
        self.w('<p class="sub">', esc(" · ".join(parts)), "</p>\n")
        c = d.counts()
        self.w('<p class="badges">')
        for s in Severity:
            name = {Severity.ERROR: translate("report", "{n} errors"), Severity.WARNING: translate("report", "{n} warnings"),
                    Severity.INFO: translate("report", "{n} notes")}[s].format(n=c[s])
            self.w(f'<span class="b-{s.value if c[s] else "ok"}">{esc(name)}</span>')
        flagged = len(d.flagged)
        self.w(f'<span class="b-{"warning" if flagged else "ok"}">',
               esc(translate("report", "{n} flagged layers").format(n=flagged)), "</span>")
        strong = d.strong_outlier_layers()
        self.w(f'<span class="b-{"warning" if strong else "ok"}" title="{esc(self._strong_tip())}">',
               esc(translate("report", "{n} layers with strong outliers").format(n=strong)), "</span></p>\n")
        if d.request.edited:
            self.w('<p class="edited">', esc(translate(
                "report", "The record has unsaved edits: this report shows it as it is open in the editor, not "
                          "as the file on disk says; line numbers are those of the file as it was read.")), "</p>\n")
        for note in d.request.notes:
            self.w('<p class="note">', t(note), "</p>\n")

    def _nav(self) -> None:
        d = self.data
        links = [("summary", translate("report", "Summary")), ("problems", translate("report", "Problems")),
                 ("layers", translate("report", "Layers")), ("overview", translate("report", "Overview")),
                 ("flagged", translate("report", "Flagged layers"))]
        if d.prune is not None:
            links.append(("prune", translate("report", "Prune records")))
        if d.differences is not None:
            links.append(("differences", translate("report", "Differences")))
        self.w("<nav>", "".join(f'<a href="#{a}">{esc(b)}</a>' for a, b in links), "</nav>\n")

    # ------------------------------------------------------------------ summary

    def _summary(self) -> None:
        d = self.data
        doc = d.document
        msg = doc.message
        self.w('<h2 id="summary">', esc(translate("report", "Summary")), "</h2>\n<dl class=\"facts\">\n")

        def fact(name: str, value: str, raw: bool = False) -> None:
            self.w(f"<dt>{esc(name)}</dt><dd>{value if raw else esc(value)}</dd>\n")

        fact(translate("report", "File"), t(d.request.path), raw=True)
        fmt = translate("report", "binary") if doc.binary else translate("report", "text")
        size = d.request.size
        fact(translate("report", "Format"), fmt if size is None else translate("report", "{format}, {size} bytes").format(
            format=fmt, size=f"{size:,}"))
        fact(translate("report", "Dialect"), f"{doc.dialect.name} — {doc.dialect.shown_title} ({doc.dialect.full_name})")
        n = len(d.overview)
        per_channel = int(np.count_nonzero(d.overview.channels > 1))
        prune = len(prune_records(msg))
        fact(translate("report", "Layers"), translate(
            "report", "{records} record entries, {per_channel} with per-channel scale_w, {prune} prune records").format(
            records=f"{n:,}", per_channel=f"{per_channel:,}", prune=f"{prune:,}"))
        fact(translate("report", "scale_w outliers"), translate(
            "report", "{channels} channels in {layers} layers (fence factor k = {k})").format(
            channels=f"{int(d.overview.outliers.sum()):,}", layers=f"{int(d.overview.with_outliers.size):,}",
            k=f"{d.overview.k:g}"))
        model = d.request.model
        if model is not None:
            counts = model.counts()
            weights = (translate("report", "weights for {n} of them").format(n=counts["with_weights"])
                       if model.has_weights else translate("report", "no weights"))
            fact(translate("report", "Model"), translate(
                "report", "{path} ({framework}, {format}): {layers} layers, {weighted} with weights AMCT quantizes, "
                          "{weights}").format(path=clip_middle(printable(str(model.path)), 300), framework=model.title,
                                              format=model.format, layers=counts["layers"],
                                              weighted=counts["weighted"], weights=weights))
            m = d.match
            if m is not None:
                fact(translate("report", "Keys and layers"), translate(
                    "report", "{matched} of {records} keys name a layer; unmatched: {unmatched}; layers AMCT "
                              "quantizes without a record: {without}").format(
                    matched=m.matched, records=n, unmatched=_names(m.unmatched), without=_names(m.without_record)))
            for note in model.notes:
                fact(translate("report", "Model note"), printable(note))
        self.w("</dl>\n<h3>", esc(translate("report", "What was checked")), "</h3>\n")
        self.w('<div class="wrap"><table><thead><tr>', ("<th>" + esc(translate("report", "Check")) + "</th>"),
               ("<th>" + esc(translate("report", "Ran")) + "</th><th>" + esc(translate("report", "Result")) + "</th>"),
               "</tr></thead><tbody>\n")
        for c in d.checks:
            mark = ('<span class="ok">✓ ' + esc(translate("report", "yes")) + "</span>" if c.ran
                    else '<span class="no">— ' + esc(translate("report", "no")) + "</span>")
            self.w(f"<tr><td>{esc(c.name)}</td><td>{mark}</td><td>{esc(c.detail)}</td></tr>\n")
        self.w("</tbody></table></div>\n")

    # ------------------------------------------------------------------ problems

    def _problems(self) -> None:
        d = self.data
        self.w('<h2 id="problems">', esc(translate("report", "Problems")), "</h2>\n")
        if not d.problems:
            self.w("<p>", esc(translate("report", "The rules find nothing to report.")), "</p>\n")
            return
        from editor.records import rules

        path = d.request.path
        for s in Severity:
            group = [p for p in d.problems if p.severity is s]
            if not group:
                continue
            head = {Severity.ERROR: translate("report", "Errors ({n})"),
                    Severity.WARNING: translate("report", "Warnings ({n})"),
                    Severity.INFO: translate("report", "Notes ({n})")}[s].format(n=len(group))
            self.w(f'<h3 id="problems-{s.value}">{esc(head)}</h3>\n<div class="wrap"><table><thead><tr>',
                   ("<th>" + esc(translate("report", "Where")) + "</th><th>" + esc(translate("report", "Layer")) + "</th>"),
                   ("<th>" + esc(translate("report", "Rule")) + "</th><th>" + esc(translate("report", "Message")) + "</th>"),
                   "</tr></thead><tbody>\n")
            for p in group:
                rule = rules.RULES.get(p.rule)
                tip = translate("rule-descriptions", rule.description) if rule is not None else ""
                layer = self._layer_ref(p)
                self.w(f"<tr><td class=\"loc\">{t(_where(path, p))}</td><td class=\"key\">{layer}</td>",
                       f'<td class="rule" title="{esc(tip)}">{esc(p.rule)}</td><td class="msg">{t(p.message)}</td>'
                       "</tr>\n")
            self.w("</tbody></table></div>\n")

    def _layer_ref(self, p: Problem) -> str:
        """The layer a problem is about, linked to its section where it has one."""
        if p.record_index is not None:
            text = t(p.key or "") or f"#{p.record_index}"
            if p.record_index in self._drawn():
                return f'<a href="#layer-{p.record_index}">{text}</a>'
            return text
        if p.prune_index is not None:
            return esc(translate("report", "prune record {index}").format(index=p.prune_index))
        return ""

    def _drawn(self) -> set[int]:
        cached = getattr(self, "_drawn_set", None)
        if cached is None:
            cached = {f.index for f in self.data.flagged[:self.data.request.max_layers]}
            self._drawn_set = cached
        return cached

    # ------------------------------------------------------------------ layers

    def _layers(self) -> None:
        d = self.data
        n = len(d.overview)
        self.w('<h2 id="layers">', esc(translate("report", "Layers")), "</h2>\n")
        if not n:
            self.w("<p>", esc(translate("report", "The record has no layer entries.")), "</p>\n")
            return
        self.w('<p class="note">', esc(translate(
            "report", "Every layer entry, worst first by severity (as the editor's Layers table); click a header "
                      "to sort. Flagged layers are linked to their section below.")), "</p>\n")
        figures = d.figures
        sev = d.severities
        self.w('<div class="wrap"><table class="sortable layers"><thead><tr><th class="n">#</th>')
        for f in figures:
            cls = ' class="n"' if f.numeric else ""
            self.w(f'<th{cls} title="{esc(f.shown_tip)}">{esc(f.shown_header)}</th>')
            if f.id == "key":  # severity second, as in the window: in view beside the key
                self.w(f'<th class="n" title="{esc(self._severity_tip())}">',
                       esc(translate("report", "severity")), "</th>")
        self.w("</tr></thead><tbody>\n")
        drawn = self._drawn()
        source = d.source
        for i in (sev.ranking().tolist() if len(sev) == n else range(n)):
            e, w, _ = source.counts(i)
            row_cls = ' class="m-error"' if e else ' class="m-warning"' if w else ""
            index = f'<a href="#layer-{i}">{i}</a>' if i in drawn else str(i)
            self.w(f'<tr{row_cls}><td class="n mk" data-v="{i}">{index}</td>')
            for f in figures:
                text = f.text(source, i)
                classes = []
                if f.numeric:
                    classes.append("n")
                if f.id == "key":
                    classes.append("key")
                mark = f.mark(source, i) if f.mark is not None else None
                if mark is not None:
                    classes.append(f"c-{mark.value}")
                cls = f' class="{" ".join(classes)}"' if classes else ""
                value = f.value(source, i)
                sort = f' data-v="{_num_attr(value)}"' if f.numeric else ""
                self.w(f"<td{cls}{sort}>{t(text)}</td>")
                if f.id == "key":
                    self.w(self._severity_cell(i))
            self.w("</tr>\n")
        self.w("</tbody></table></div>\n")

    def _severity_cell(self, i: int) -> str:
        """Layer `i`'s severity as the window's Layers table writes it, where it comes from in
        the tooltip; strong ones marked."""
        sev = self.data.severities
        if i >= len(sev):
            return '<td class="n" data-v=""></td>'
        v = float(sev.values[i])
        level = sev.level(i)
        cls = "n sev-strong" if level == "strong" else "n"
        tip = translate("report", "from {source}").format(source=severity.source_text(sev.sources[i])) if v > 0 else ""
        return f'<td class="{cls}" data-v="{_num_attr(v)}" title="{esc(tip)}">{esc(severity.severity_text(v))}</td>'

    def _severity_tip(self) -> str:
        return translate("report", "The worst of the layer's findings, in times beyond what is acceptable: how far its "
                                   "farthest scale_w outlier lies beyond the fence, scale_w/ARQ, weight SQNR, "
                                   "similarity; an error is ∞, a warning counts as strong ({strong}×)").format(
            strong=f"{self.data.severities.strong:g}")

    def _strong_tip(self) -> str:
        return translate("report", "Layers with a scale_w outlier at least {strong}× beyond the fence").format(
            strong=f"{self.data.severities.strong:g}")

    def _severity_line(self, i: int) -> str:
        """"severity 536× (strong), from outliers" for a flagged layer's section."""
        sev = self.data.severities
        if i >= len(sev) or not sev.values[i] > 0:
            return ""
        level = translate("report", "strong") if sev.level(i) == "strong" else translate("report", "mild")
        return translate("report", "severity {value} ({level}), from {source}").format(
            value=severity.severity_text(float(sev.values[i])), level=level,
            source=severity.source_text(sev.sources[i]))

    # ------------------------------------------------------------------ overview

    def _overview(self) -> None:
        d = self.data
        self.w('<h2 id="overview">', esc(translate("report", "Overview")), "</h2>\n")
        if not len(d.overview):
            return
        self.w("<figure>", plots.overview_svg(d), "<figcaption>", esc(translate(
            "report", "Per layer in file order: scale_w from its smallest to its largest value with the median, "
                      "scale_d, the activation clip range, the problems; hover a layer for its figures, click a "
                      "flagged one to go to it.")), "</figcaption></figure>\n")
        analysis = d.source.analysis
        if analysis is not None and analysis.outputs:
            self.w("<h3>", esc(translate("report", "The whole model with every layer fake-quantized")), "</h3>\n")
            self.w('<div class="wrap"><table><thead><tr>', ("<th>" + esc(translate("report", "Output")) + "</th>"),
                   ("<th class=\"n\">" + esc(translate("report", "cosine")) + "</th>"),
                   ("<th class=\"n\">" + esc(translate("report", "lowest cosine")) + "</th>"),
                   ("<th class=\"n\">" + esc(translate("report", "max abs error")) + "</th></tr></thead><tbody>\n"))
            for o in analysis.outputs:
                self.w(f"<tr><td>{t(o.name)}</td><td class=\"n\">{o.cosine:.6f}</td>",
                       f"<td class=\"n\">{o.min_cosine:.6f}</td><td class=\"n\">{o.max_abs_error:.6g}</td></tr>\n")
            self.w("</tbody></table></div>\n")
        if analysis is not None and analysis.notes:
            for note in analysis.notes:
                self.w('<p class="note">', t(note), "</p>\n")

    # ------------------------------------------------------------------ flagged layers

    def _flagged(self) -> None:
        d = self.data
        self.w('<h2 id="flagged">', esc(translate("report", "Flagged layers")), "</h2>\n")
        if not d.flagged:
            self.w("<p>", esc(translate("report", "No layer is flagged: no problem, outlier, clipping or low "
                                                  "similarity.")), "</p>\n")
            return
        self.w('<p class="note">', esc(translate(
            "report", "Worst first by severity, strong ones first (as the editor's Layers table): errors, then the "
                      "farthest findings in times beyond what is acceptable.")), "</p>\n")
        limit = d.request.max_layers
        for f in d.flagged[:limit]:
            self._layer_section(f)
        rest = d.flagged[limit:]
        if rest:
            self.w("<h3>", esc(translate("report", "{n} more flagged layers (not drawn)").format(n=len(rest))),
                   "</h3>\n<ul>")
            for f in rest:
                self.w(f"<li>#{f.index} <span class=\"key\">{t(d.overview.keys[f.index])}</span>: ",
                       esc(translate("report", "; ").join(f.reasons)), "</li>\n")
            self.w("</ul>\n")

    def _layer_section(self, f) -> None:
        d = self.data
        i = f.index
        source = d.source
        message = d.document.message
        from editor.figures.series import read_layer

        series = read_layer(message, i, d.overview.k)
        key = d.overview.keys[i]
        layer_type = source.type_of(i)
        what = [f"#{i}"]
        if layer_type.name:
            what.append(layer_type.name)
        what.append(translate("report", "{n} channels").format(n=series.channels))
        sev_line = self._severity_line(i)
        strong = d.severities.level(i) == "strong" if i < len(d.severities) else False
        self.w(f'<section class="layer" id="layer-{i}"><h3><span class="key">{t(key)}</span></h3>\n',
               '<p class="sub">', esc(" · ".join(what)), "</p>\n",
               f'<p class="severity{" sev-strong" if strong else ""}">{esc(sev_line)}</p>\n' if sev_line else "",
               '<ul class="reasons">',
               "".join(f"<li>{esc(r)}</li>" for r in f.reasons), "</ul>\n")
        facts = []
        for fig in d.figures:
            if fig.id in ("key", "type", "channels", "problems"):
                continue
            text = fig.text(source, i)
            if text:
                facts.append((fig.shown_header, text))
        if facts:
            self.w('<dl class="facts">', "".join(f"<dt>{esc(a)}</dt><dd>{t(b)}</dd>" for a, b in facts), "</dl>\n")
        problems = list(source.problems.get(i, ()))
        if problems:
            self.w("<ul>")
            for p in problems:
                self.w(f'<li><span class="c-{p.severity.value}">{esc(_severity_word(p.severity))}</span> ',
                       f'<code>{t(_where(d.request.path, p))}</code> [{esc(p.rule)}] {t(p.message)}</li>\n')
            self.w("</ul>\n")
        review = source.review(i) if source.review is not None else None
        other = self._other_scale_w(i)
        if series.channels:
            waste = d.request.waste or 2.0
            self.w("<figure>", plots.channel_svg(series, review, other, waste), "</figure>\n")
        hists = []
        result = source.result(i)
        if result is not None and result.weights is not None and d.request.model is not None:
            hist = self._weight_histogram(i, result.weights, review)
            if hist is not None:
                hists.append(hist)
        if result is not None and result.activations is not None and result.activations.sample is not None:
            hists.append(plots.activation_histogram_svg(result.activations))
        if hists:
            self.w('<div class="hists">', "".join(f"<figure>{h}</figure>" for h in hists), "</div>\n")
        self.w("</section>\n")

    def _other_scale_w(self, i: int) -> np.ndarray | None:
        d = self.data
        if d.differences is None or d.request.compare is None:
            return None
        for _key, ia, ib, _copy in d.differences.comparison.pairs:
            if ia == i:
                values = quant.as_f32_array(d.request.compare.message.record[ib].value.scale_w)
                return values.astype(np.float64) if values.size == len(d.document.message.record[i].value.scale_w) \
                    else None
        return None

    def _weight_histogram(self, i: int, weights, review) -> str | None:
        """The histogram of the channel that matters most: the one furthest from ARQ where the
        weights review flags one, else the one of the lowest SQNR."""
        from editor.analysis.weights import channel_histogram
        from editor.models import ModelError

        d = self.data
        entry = d.document.message.record[i]
        channel = review.worst_index if review is not None and review.flagged.any() else weights.worst_channel
        if d.weights is None:
            return None
        try:
            prepared = d.weights.prepared(entry)
        except ModelError:
            return None
        if channel >= prepared.rows.shape[0]:
            return None
        scale_w = entry.value.scale_w
        scale = scale_w[channel] if len(scale_w) > 1 else scale_w[0]
        hist = channel_histogram(prepared.rows[channel], scale, prepared.bits)
        return plots.weight_histogram_svg(hist, channel)

    # ------------------------------------------------------------------ prune records

    def _prune(self) -> None:
        d = self.data
        layout = d.prune
        assert layout is not None
        self.w('<h2 id="prune">', esc(translate("report", "Prune records")), "</h2>\n")
        counts = layout.counts()
        from editor.figures.prune import BAR_OK, bar_status_text

        self.w('<p class="note">', esc(translate("report", "{records} prune records, {nodes} producers and consumers; "
                                                           "{bad} with a problem").format(
            records=len(layout.groups), nodes=len(layout.bars), bad=len(layout.bars) - counts[BAR_OK])), "</p>\n")
        self.w("<figure>", plots.prune_svg(layout), "</figure>\n")
        bad = [b for b in layout.bars if b.status != BAR_OK or b.notes]
        if bad:
            self.w('<div class="wrap"><table><thead><tr>',
                   ("<th class=\"n\">" + esc(translate("report", "prune record")) + "</th>"),
                   ("<th>" + esc(translate("report", "node")) + "</th><th>" + esc(translate("report", "range")) + "</th>"),
                   ("<th>" + esc(translate("report", "status")) + "</th><th>" + esc(translate("report", "why")) + "</th>"),
                   "</tr></thead><tbody>\n")
            for b in bad:
                rng = "" if b.begin is None or b.end is None else f"[{b.begin}, {b.end})"
                self.w(f"<tr><td class=\"n\">{b.prune_index}</td><td class=\"key\">{esc(b.role)}: {t(b.name)}</td>",
                       f"<td>{rng}</td><td>{esc(bar_status_text(b.status))}</td>",
                       f"<td class=\"msg\">{t(' '.join(b.notes))}</td></tr>\n")
            self.w("</tbody></table></div>\n")

    # ------------------------------------------------------------------ differences

    def _differences(self) -> None:
        d = self.data
        diff = d.differences
        assert diff is not None
        other = d.request.compare_path or "B"
        self.w('<h2 id="differences">', esc(translate("report", "Differences")), "</h2>\n")
        tol = translate("report", "exact") if not (diff.rtol or diff.atol) else \
            f"|a − b| ≤ {diff.atol:g} + {diff.rtol:g}·|b|"
        self.w('<p class="note">', esc(translate(
            "report", "This record (A) against {other} (B), tolerance {tolerance}: {changed} layers differ, {only_a} "
                      "only in A, {only_b} only in B, {prune} prune changes.").format(
            other=clip_middle(printable(other), 300), tolerance=tol, changed=len(diff.layers),
            only_a=len(diff.only_in_a), only_b=len(diff.only_in_b), prune=len(diff.prune))), "</p>\n")
        if diff.equal:
            self.w("<p>", esc(translate("report", "The two records are equal in every field both have.")), "</p>\n")
        if diff.layers:
            self.w('<div class="wrap"><table class="sortable"><thead><tr>',
                   ("<th>" + esc(translate("report", "Layer")) + "</th><th>" + esc(translate("report", "Field")) + "</th>"),
                   ("<th class=\"n\">" + esc(translate("report", "differing")) + "</th>"),
                   ("<th class=\"n\">" + esc(translate("report", "largest change")) + "</th>"),
                   "<th class=\"n\">A</th><th class=\"n\">B</th></tr></thead><tbody>\n")
            for layer, fd in diff.rows():
                a, b, where = _field_values(fd)
                rel = fd.max_rel
                change = "" if rel is None else (f"×{1 + rel:.4g}" if abs(rel) >= 10 else f"{rel * 100:+.3g}%")
                count = (f"{fd.differing} / {fd.compared}" if fd.vector and fd.compared is not None
                         else f"{fd.len_a} → {fd.len_b}" if fd.vector else "")
                link = f'<a href="#layer-{layer.index_a}">{t(layer.key)}</a>' if layer.index_a in self._drawn() \
                    else t(layer.key)
                self.w(f'<tr><td class="key">{link}</td><td>{esc(fd.field)}{esc(where)}</td>',
                       f'<td class="n">{esc(count)}</td><td class="n" data-v="{_num_attr(abs(rel) if rel is not None else None)}">',
                       f"{esc(change)}</td><td class=\"n\">{t(a)}</td><td class=\"n\">{t(b)}</td></tr>\n")
            self.w("</tbody></table></div>\n")
        for title, refs in ((translate("report", "Only in A"), diff.only_in_a),
                            (translate("report", "Only in B"), diff.only_in_b)):
            if refs:
                self.w("<h3>", esc(title), f" ({len(refs)})</h3>\n<p class=\"key\">",
                       ", ".join(t(r.key) for r in refs[:500]), " …" if len(refs) > 500 else "", "</p>\n")
        if diff.prune:
            self.w("<h3>", esc(translate("report", "Prune records")), f" ({len(diff.prune)})</h3>\n<ul>")
            for p in diff.prune[:500]:
                record = translate("report", "prune record {index}").format(index=p.prune_record)
                self.w(f"<li>{esc(record)}: ",
                       f"{esc(p.role)} {t(p.node)}{(' ' + esc(p.attr)) if p.attr else ''}: {t(str(p.a))} → "
                       f"{t(str(p.b))}</li>\n")
            self.w("</ul>\n")


def _where(path: str, p: Problem) -> str:
    where = path
    if p.line is not None:
        where += f":{p.line}"
        if p.column is not None:
            where += f":{p.column}"
    return where


def _names(names: Iterable[str], limit: int = 8) -> str:
    names = list(names)
    if not names:
        return translate("report", "none")
    shown = ", ".join(clip_middle(printable(x), 80) for x in names[:limit])
    return f"{len(names)} ({shown}{', …' if len(names) > limit else ''})"


def _field_values(fd) -> tuple[str, str, str]:
    """A's and B's value at the largest change, and where (``[c]`` for a channel)."""
    def show(v) -> str:
        if v is None:
            return translate("report", "unset")
        if isinstance(v, float | np.floating) and fd.is_float:
            return format_float32(float(v))
        if isinstance(v, bytes):
            return v.decode("utf-8", "replace")
        return str(v.item() if isinstance(v, np.generic) else v)
    if fd.vector:
        if fd.at is None:
            return "", "", ""
        k = int(np.flatnonzero(fd.channels == fd.at)[0])
        return show(fd.values_a[k]), show(fd.values_b[k]), f"[{fd.at}]"
    return show(fd.a), show(fd.b), ""


def render(data: ReportData) -> str:
    """The report of `data` as HTML text."""
    return Html(data).render()
