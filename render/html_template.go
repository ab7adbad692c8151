package render

import (
	"html/template"
	"sync"
)

// The HTML report's page: one template, inline style and script.

const htmlStyle = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC","Source Han Sans SC","WenQuanYi Micro Hei",sans-serif;margin:0;color:#1f2937;background:#f8fafc}
header{background:#0f172a;color:#f8fafc;padding:16px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;color:#cbd5e1}
main{padding:16px 24px;max-width:1400px}
h2{font-size:16px;margin:24px 0 8px}
.verdict{padding:10px 14px;border-radius:6px;margin:12px 0}.verdict.pass{background:#dcfce7}.verdict.fail{background:#fee2e2}
.verdict ul{margin:6px 0 0;padding-left:20px}
.cards{display:flex;flex-wrap:wrap;gap:12px}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:12px;min-width:300px}
.card h3{margin:0 0 8px;font-size:15px}.card .key{color:#64748b;font-size:11px;font-weight:normal}
.metric{display:flex;justify-content:space-between;gap:16px;border-bottom:1px dotted #e2e8f0}
.metric .v{font-variant-numeric:tabular-nums;font-weight:600}
.d{font-size:12px;margin-left:6px}.d.good{color:#15803d}.d.bad{color:#b91c1c}
.charts{display:flex;flex-wrap:wrap;gap:16px}.chart{background:#fff;border:1px solid #e2e8f0;border-radius:8px}
table{border-collapse:collapse;background:#fff}th,td{border:1px solid #e2e8f0;padding:4px 8px;text-align:left;vertical-align:top}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
th.sort{cursor:pointer;user-select:none}th.sort:after{content:" ↕";color:#94a3b8}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:8px 0}
.filters label{font-size:13px}
tbody.case>tr.row{cursor:pointer}tbody.case>tr.row:hover{background:#f1f5f9}
tr.detail>td{background:#f8fafc}
.pass{color:#15803d}.fail{color:#b91c1c}
pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Noto Sans Mono CJK SC","PingFang SC","Microsoft YaHei",monospace;white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #e2e8f0;padding:8px;max-height:360px;overflow:auto;font-size:12px}
mark.call{background:#fde68a}
.causes a{cursor:pointer;color:#1d4ed8;text-decoration:underline}
`

const htmlScript = `
(function(){
  var tbl=document.getElementById('cases');
  var sel=function(id){return document.getElementById(id)};
  function apply(){
    var cfg=sel('f-config').value,cause=sel('f-cause').value,tag=sel('f-tag').value,lang=sel('f-lang').value,q=sel('f-id').value.toLowerCase();
    var n=0;
    tbl.querySelectorAll('tbody.case').forEach(function(b){
      var d=b.dataset,ok=(!cfg||d.config===cfg)&&(!cause||d.cause===cause)&&(!tag||(' '+d.tags+' ').indexOf(' '+tag+' ')>=0)&&(!lang||d.lang===lang)&&(!q||d.id.toLowerCase().indexOf(q)>=0);
      b.hidden=!ok;if(ok)n++;
    });
    sel('shown').textContent=n;
  }
  ['f-config','f-cause','f-tag','f-lang','f-id'].forEach(function(id){sel(id).addEventListener('input',apply)});
  tbl.addEventListener('click',function(e){
    var th=e.target.closest('th.sort');
    if(th){
      var i=Array.prototype.indexOf.call(th.parentNode.children,th),dir=th.dataset.dir==='asc'?'desc':'asc';th.dataset.dir=dir;
      var num=th.classList.contains('n'),rows=Array.prototype.slice.call(tbl.querySelectorAll('tbody.case'));
      rows.sort(function(a,b){
        var x=a.rows[0].cells[i].dataset.sort||a.rows[0].cells[i].textContent,y=b.rows[0].cells[i].dataset.sort||b.rows[0].cells[i].textContent;
        var c=num?(parseFloat(x)-parseFloat(y)):x.localeCompare(y);return dir==='asc'?c:-c;
      });
      rows.forEach(function(r){tbl.appendChild(r)});return;
    }
    var tr=e.target.closest('tr.row');if(tr){var d=tr.nextElementSibling;d.hidden=!d.hidden;}
  });
  document.querySelectorAll('.causes a[data-cause]').forEach(function(a){a.addEventListener('click',function(){
    sel('f-config').value=a.dataset.config;sel('f-cause').value=a.dataset.cause;apply();tbl.scrollIntoView();
  })});
  apply();
})();
`

// htmlTemplate is parsed on first use, not at start-up (issue 24).
var htmlTemplate = sync.OnceValue(func() *template.Template { return template.Must(template.New("report").Parse(htmlPageTemplate)) })

const htmlPageTemplate = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>tooleval replay: {{.Rep.Suite}}</title><style>{{.Style}}</style></head>
<body>
<header><h1>tooleval replay: {{.Rep.Suite}}</h1><p>{{.Heading}}</p></header>
<main>
{{with .Verdict}}<div id="verdict" class="verdict {{if .Passed}}pass{{else}}fail{{end}}"><strong>{{if .Passed}}PASSED{{else}}FAILED{{end}}</strong>
{{if or .Regressions .Errors .Notes}}<ul>{{range .Regressions}}<li>REGRESSION {{.}}</li>{{end}}{{range .Errors}}<li>ERROR {{.}}</li>{{end}}{{range .Notes}}<li>note: {{.}}</li>{{end}}</ul>{{end}}</div>{{end}}
{{if .Changes}}<details><summary>{{.ChangesTitle}}</summary><ul>{{range .Changes}}<li>{{.}}</li>{{end}}</ul></details>{{end}}

<h2>Configurations</h2>
<div class="cards">{{range .Configs}}{{$cfg := .Name}}
<div class="card" data-config="{{.Name}}"><h3>{{.Name}} <span class="key">{{.Key}}</span></h3>
{{range .Metrics}}<div class="metric"><span>{{.Label}}</span><span><span class="v" data-config="{{$cfg}}" data-metric="{{.Metric}}">{{.Value}}</span>{{if .Delta}}<span class="d {{.Class}}" title="against the baseline">{{.Delta}}</span>{{end}}</span></div>
{{end}}</div>{{end}}
</div>

<h2>Charts</h2>
<div class="charts">{{.RecallChart}}{{.TokensChart}}</div>

{{range .Configs}}{{if .ZeroMatch}}<details class="zero-match"><summary>{{.Name}}: {{len .ZeroMatch}} {{if eq (len .ZeroMatch) 1}}query has{{else}}queries have{{end}} no term in common with the catalog (BM25 retrieves only tools sharing a term with the query; k is an upper bound)</summary><ul>{{range .ZeroMatch}}<li>{{.}}</li>{{end}}</ul></details>
{{end}}{{end}}
{{if .Configs}}<h2>Failures by cause</h2>
<table class="causes"><thead><tr><th>config</th>{{range (index .Configs 0).Causes}}<th class="n">{{.Name}}</th>{{end}}</tr></thead><tbody>
{{range .Configs}}{{$cfg := .Name}}<tr><td>{{.Name}}</td>{{range .Causes}}<td class="n">{{if .Count}}<a data-config="{{$cfg}}" data-cause="{{.Name}}">{{.Count}}</a>{{else}}0{{end}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}

<h2>Cases</h2>
<div class="filters">
<label>configuration <select id="f-config"><option value="">all</option>{{range .Configs}}<option>{{.Name}}</option>{{end}}</select></label>
<label>cause <select id="f-cause"><option value="">all</option><option>passed</option>{{range .Causes}}<option>{{.}}</option>{{end}}</select></label>
<label>tag <select id="f-tag"><option value="">all</option>{{range .Tags}}<option>{{.}}</option>{{end}}</select></label>
<label>language <select id="f-lang"><option value="">all</option>{{range .Langs}}<option>{{.}}</option>{{end}}</select></label>
<label>id <input id="f-id" type="search" placeholder="filter by id"></label>
<span><span id="shown">{{len .Cases}}</span> shown</span>
</div>
<table id="cases"><thead><tr><th class="sort">config</th><th class="sort">case</th><th class="sort n">line</th><th class="sort">result</th><th class="sort n">recall</th><th class="sort">lang</th><th class="sort">tags</th><th>detail</th></tr></thead>
{{range .Cases}}<tbody class="case" data-config="{{.Config}}" data-cause="{{if .Passed}}passed{{else}}{{.Cause}}{{end}}" data-tags="{{.Tags}}" data-lang="{{.Lang}}" data-id="{{.ID}}">
<tr class="row"><td>{{.Config}}</td><td>{{.ID}}</td><td class="n">{{.Line}}</td><td class="{{if .Passed}}pass{{else}}fail{{end}}">{{if .Passed}}passed{{else}}{{.Cause}}{{end}}</td><td class="n" data-sort="{{.RecallSort}}">{{.Recall}}</td><td>{{.Lang}}</td><td>{{.Tags}}</td><td>{{.Detail}}</td></tr>
<tr class="detail" hidden><td colspan="8">
{{if .Query}}<p><strong>Query:</strong> {{.Query}}</p>{{end}}
{{if .ZeroMatch}}<p class="fail"><strong>Zero match:</strong> no term of the query is in the catalog, so retrieval found nothing (k is an upper bound).</p>{{end}}
<p><strong>Injected:</strong> {{.Injected}}{{if .Missed}} — <span class="fail">not injected: {{.Missed}}</span>{{end}}</p>
{{if .ToolBlock}}<details><summary>Tool block as the model saw it ({{.ToolVariant}})</summary><pre>{{.ToolBlock}}</pre></details>{{end}}
{{if .Transcript}}<p><strong>Transcript</strong> ({{.Format}}; parsed calls marked):</p><pre>{{.Transcript}}</pre>{{end}}
{{if .Calls}}<p><strong>Parsed calls:</strong></p><pre>{{range .Calls}}{{.}}
{{end}}</pre>{{end}}
{{if .Gold}}<p><strong>Gold calls:</strong></p><pre>{{range .Gold}}{{.}}
{{end}}</pre>{{end}}
{{if .Problems}}<p><strong>Checks that failed:</strong></p><ul>{{range .Problems}}<li>{{.}}</li>{{end}}</ul>{{end}}
{{if .Latency}}<p><strong>Streaming:</strong> {{.Latency}}</p>{{end}}
</td></tr></tbody>
{{end}}</table>
</main>
<script>{{.JS}}</script>
</body></html>
`
