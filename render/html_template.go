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
pre.reasoning{color:#475569;font-style:italic;border-style:dashed}pre.call{background:#fffbeb}
details.raw>summary{color:#64748b;cursor:pointer}
div.trial{border-left:3px solid #e2e8f0;padding-left:10px;margin:10px 0}div.trial.ok{border-color:#15803d}div.trial.bad{border-color:#b91c1c}
#more{margin:8px 0;padding:4px 12px}
.causes a{cursor:pointer;color:#1d4ed8;text-decoration:underline}
`

// htmlScript builds the cases table and drill-downs from the page's case
// data (htmldata.go), a page of rows at a time; it writes text only
// through textContent and text nodes, never as HTML.
const htmlScript = `
(function(){
  // Marks for the page benchmark (benchmarks/htmlpage_test.go): the script
  // starts, the case data is parsed, the first rows are shown.
  var mark=function(n){if(window.performance&&performance.mark)performance.mark(n)};
  mark('tooleval:script');
  var D=JSON.parse(document.getElementById('report-data').textContent);
  mark('tooleval:parsed');
  var S=D.s,rows=D.r,cases=D.c,marks=D.m,cfgs=D.cfg,PAGE=200;
  // Row and case fields (see reportData in html_data.go).
  var RC=0,RK=1,RP=2,RCAUSE=3,RREC=4,RDET=5,RINJ=6,RMISS=7,RCALLS=8,RPROB=9,RLAT=10,RTB=11,RMARK=12,RFMT=13,RZERO=14,RJUDGE=15,RTRIALS=16;
  var KID=0,KLINE=1,KLANG=2,KTAGS=3,KQ=4,KGOLD=5,KTV=6,KNAT=7,KRAW=8,KTRIALS=9;
  // Trial fields: of a row's trial, and of a case's trial.
  var TP=0,TVERD=1,TCALLS=2,TPROB=3,TMARK=4,TFMT=5,TKNAT=0,TKRAW=1;
  var tbl=document.getElementById('cases'),more=document.getElementById('more');
  var sel=function(id){return document.getElementById(id)};
  function el(tag,cls,text){var e=document.createElement(tag);if(cls)e.className=cls;if(text!=null)e.textContent=text;return e}
  function cause(r){return r[RP]?'passed':S[r[RCAUSE]]}
  var view=[],shown=0,sortCol=-1,sortDir=1;
  var keys=[
    function(r){return cfgs[r[RC]]},function(r){return cases[r[RK]][KID]},function(r){return cases[r[RK]][KLINE]},
    cause,function(r){return r[RREC]},function(r){return S[cases[r[RK]][KLANG]]},function(r){return cases[r[RK]][KTAGS]}
  ];
  function apply(){
    var cfg=sel('f-config').value,cs=sel('f-cause').value,tag=sel('f-tag').value,lang=sel('f-lang').value,q=sel('f-id').value.toLowerCase();
    view=[];
    for(var i=0;i<rows.length;i++){
      var r=rows[i],c=cases[r[RK]];
      if(cfg&&cfgs[r[RC]]!==cfg)continue;
      if(cs&&cause(r)!==cs)continue;
      if(tag&&(' '+c[KTAGS]+' ').indexOf(' '+tag+' ')<0)continue;
      if(lang&&S[c[KLANG]]!==lang)continue;
      if(q&&c[KID].toLowerCase().indexOf(q)<0)continue;
      view.push(i);
    }
    if(sortCol>=0){
      var key=keys[sortCol],num=sortCol===2||sortCol===4;
      view.sort(function(a,b){var x=key(rows[a]),y=key(rows[b]),c=num?x-y:String(x).localeCompare(String(y));return (c||a-b)*sortDir});
    }
    sel('shown').textContent=view.length;
    tbl.querySelectorAll('tbody.case').forEach(function(b){b.remove()});
    shown=0;page();
  }
  function page(){
    var end=Math.min(view.length,shown+PAGE),frag=document.createDocumentFragment();
    for(;shown<end;shown++)frag.appendChild(rowEl(view[shown]));
    tbl.appendChild(frag);
    more.hidden=shown>=view.length;
    more.textContent='show '+Math.min(PAGE,view.length-shown)+' more of '+(view.length-shown);
  }
  function rowEl(i){
    var r=rows[i],c=cases[r[RK]],b=el('tbody','case'),tr=el('tr','row'),cs=cause(r);
    b.dataset.row=i;b.dataset.config=cfgs[r[RC]];b.dataset.cause=cs;b.dataset.tags=c[KTAGS];b.dataset.lang=S[c[KLANG]];b.dataset.id=c[KID];
    tr.appendChild(el('td',null,cfgs[r[RC]]));tr.appendChild(el('td',null,c[KID]));tr.appendChild(el('td','n',c[KLINE]));
    tr.appendChild(el('td',r[RP]?'pass':'fail',cs));
    tr.appendChild(el('td','n',r[RREC]<0?'n/a':r[RREC].toFixed(3)));
    tr.appendChild(el('td',null,S[c[KLANG]]));tr.appendChild(el('td',null,c[KTAGS]));tr.appendChild(el('td',null,S[r[RDET]]));
    b.appendChild(tr);return b;
  }
  function para(label,text,cls){var p=el('p',cls);p.appendChild(el('strong',null,label));if(text!=null)p.appendChild(document.createTextNode(' '+text));return p}
  function pre(lines){return el('pre',null,lines.join('\n'))}
  function names(ids){return ids.map(function(i){return S[i]}).join(', ')}
  function detail(i){
    var r=rows[i],c=cases[r[RK]],tr=el('tr','detail'),td=el('td');td.colSpan=8;tr.appendChild(td);
    if(c[KQ])td.appendChild(para('Query:',c[KQ]));
    if(r[RZERO])td.appendChild(para('Zero match:','no term of the query is in the catalog, so retrieval found nothing (k is an upper bound).','fail'));
    if(r[RJUDGE])td.appendChild(para('Judged:',S[r[RJUDGE]]));
    var inj=para('Injected:',names(r[RINJ]));
    if(r[RMISS].length){inj.appendChild(document.createTextNode(' — '));inj.appendChild(el('span','fail','not injected: '+names(r[RMISS])))}
    td.appendChild(inj);
    if(r[RTB]){
      var d=el('details','toolblock');d.appendChild(el('summary',null,'Tool block as the model saw it ('+S[c[KTV]]+')'));
      var tb=r[RTB];d.appendChild(el('pre',null,S[tb[0]]+tb.slice(3).map(function(l){return S[l]}).join(S[tb[1]])+S[tb[2]]));td.appendChild(d);
    }
    var trials=r[RTRIALS];
    if(trials.length){
      td.appendChild(para('Trials:',trials.length+' recordings of this case, each judged alone; the case passes when every one does.'));
      trials.forEach(function(t,j){
        var box=el('div','trial '+(t[TP]?'ok':'bad'));
        box.appendChild(para('Trial '+(j+1)+'/'+trials.length+':',S[t[TVERD]],t[TP]?'pass':'fail'));
        var ct=c[KTRIALS][j]||[0,''];
        transcript(box,S[t[TFMT]],ct[TKNAT],ct[TKRAW],t[TMARK]);
        calls(box,t[TCALLS]);problems(box,t[TPROB]);
        td.appendChild(box);
      });
    }else{
      transcript(td,S[r[RFMT]],c[KNAT],c[KRAW],r[RMARK]);
      calls(td,r[RCALLS]);
    }
    if(c[KGOLD].length){td.appendChild(para('Gold calls:'));td.appendChild(pre(c[KGOLD]))}
    problems(td,r[RPROB]);
    if(r[RLAT])td.appendChild(para('Streaming:',S[r[RLAT]]));
    return tr;
  }
  // transcript adds a recording: a provider stream's text and calls (nat)
  // with the raw events folded away, or a text transcript with its parsed
  // calls marked (seg: its segments; -1 for none).
  function transcript(td,fmt,nat,raw,seg){
    if(nat){
      td.appendChild(para('Transcript','('+fmt+': the text and calls the stream carried; the raw events below):'));
      var box=el('div','native');
      nat.forEach(function(p){
        var kind=S[p[0]],e;
        if(kind==='call'){e=el('pre','call');e.appendChild(el('mark','call',p[1]))}
        else if(kind==='error')e=el('p','fail',p[1]);
        else{e=el('pre',kind,p[1]);if(kind==='reasoning')e.title='reasoning'}
        box.appendChild(e);
      });
      td.appendChild(box);
      var rd=el('details','raw');rd.appendChild(el('summary',null,'raw events'));rd.appendChild(el('pre',null,raw));td.appendChild(rd);
    }else if(seg>=0){
      td.appendChild(para('Transcript','('+fmt+'; parsed calls marked):'));
      var t=el('pre','transcript');
      marks[seg].forEach(function(s,j){t.appendChild(j%2?el('mark','call',s):document.createTextNode(s))});
      td.appendChild(t);
    }
  }
  function calls(td,ids){if(ids.length){td.appendChild(para('Parsed calls:'));td.appendChild(pre(ids.map(function(i){return S[i]})))}}
  function problems(td,ids){if(ids.length){td.appendChild(para('Checks that failed:'));var ul=el('ul');ids.forEach(function(p){ul.appendChild(el('li',null,S[p]))});td.appendChild(ul)}}
  ['f-config','f-cause','f-tag','f-lang','f-id'].forEach(function(id){sel(id).addEventListener('input',apply)});
  more.addEventListener('click',page);
  tbl.addEventListener('click',function(e){
    var th=e.target.closest('th.sort');
    if(th){
      var i=Array.prototype.indexOf.call(th.parentNode.children,th);
      sortDir=sortCol===i?-sortDir:1;sortCol=i;apply();return;
    }
    var tr=e.target.closest('tr.row');
    if(tr){
      var b=tr.parentNode,d=b.querySelector('tr.detail');
      if(d)d.hidden=!d.hidden;else b.appendChild(detail(+b.dataset.row));
    }
  });
  document.querySelectorAll('.causes a[data-cause]').forEach(function(a){a.addEventListener('click',function(){
    sel('f-config').value=a.dataset.config;sel('f-cause').value=a.dataset.cause;apply();tbl.scrollIntoView();
  })});
  apply();
  mark('tooleval:rows');
})();
`

// htmlTemplate is parsed on first use, not at start-up (issue 24).
var htmlTemplate = sync.OnceValue(func() *template.Template { return template.Must(template.New("report").Parse(htmlPageTemplate)) })

const htmlPageTemplate = `{{define "head"}}<!DOCTYPE html>
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

{{range .Configs}}{{if .Flaky}}<details class="flaky"><summary>{{.Name}}: {{len .Flaky}} flaky {{if eq (len .Flaky) 1}}case{{else}}cases{{end}} (passed some trials, failed others)</summary><ul>{{range .Flaky}}<li>{{.}}</li>{{end}}</ul></details>
{{end}}{{end}}
{{range .Configs}}{{if .ZeroMatch}}<details class="zero-match"><summary>{{.Name}}: {{len .ZeroMatch}} {{if eq (len .ZeroMatch) 1}}query has{{else}}queries have{{end}} no term in common with the catalog (BM25 retrieves only tools sharing a term with the query; k is an upper bound)</summary><ul>{{range .ZeroMatch}}<li>{{.}}</li>{{end}}</ul></details>
{{end}}{{end}}
{{with .Strategies}}<h2>{{$.StrategyTitle}}</h2>
<table class="strategies"><thead><tr>{{range $i, $h := .Header}}<th{{if $i}} class="n"{{end}}>{{$h}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr>{{range $i, $v := .}}<td{{if $i}} class="n"{{end}}>{{$v}}</td>{{end}}</tr>
{{end}}</tbody></table>
{{if $.StrategyNotes}}<ul class="exact-name">{{range $.StrategyNotes}}<li>{{.}}</li>{{end}}</ul>{{end}}{{end}}
{{if .Configs}}<h2>Failures by cause</h2>
<table class="causes"><thead><tr><th>config</th>{{range (index .Configs 0).Causes}}<th class="n">{{.Name}}</th>{{end}}</tr></thead><tbody>
{{range .Configs}}{{$cfg := .Name}}<tr><td>{{.Name}}</td>{{range .Causes}}<td class="n">{{if .Count}}<a data-config="{{$cfg}}" data-cause="{{.Name}}">{{.Count}}</a>{{else}}0{{end}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}
{{if .Repairs}}<h2>Failures each repair would fix</h2>
<p>Each repair applied alone to the parsed calls of a failed case, judged again; a case several repairs fix counts under each.</p>
<table class="repairs"><thead><tr><th>config</th><th class="n">failed</th>{{range .RepairNames}}<th class="n">{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Repairs}}<tr><td>{{.Config}}</td><td class="n">{{.Failed}}</td>{{range .Counts}}<td class="n">{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}

<h2>Cases</h2>
<div class="filters">
<label>configuration <select id="f-config"><option value="">all</option>{{range .Configs}}<option>{{.Name}}</option>{{end}}</select></label>
<label>cause <select id="f-cause"><option value="">all</option><option>passed</option>{{range .Causes}}<option>{{.}}</option>{{end}}</select></label>
<label>tag <select id="f-tag"><option value="">all</option>{{range .Tags}}<option>{{.}}</option>{{end}}</select></label>
<label>language <select id="f-lang"><option value="">all</option>{{range .Langs}}<option>{{.}}</option>{{end}}</select></label>
<label>id <input id="f-id" type="search" placeholder="filter by id"></label>
<span><span id="shown">{{.Rows}}</span> shown</span>
</div>
<table id="cases"><thead><tr><th class="sort">config</th><th class="sort">case</th><th class="sort n">line</th><th class="sort">result</th><th class="sort n">recall</th><th class="sort">lang</th><th class="sort">tags</th><th>detail</th></tr></thead></table>
<button id="more" type="button" hidden>show more</button>
{{end}}{{define "tail"}}</main>
<script>{{.JS}}</script>
</body></html>
{{end}}`
