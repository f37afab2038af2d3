//! The report's inline style sheet and script (no file is fetched: the page's Content-Security-Policy
//! allows only these, the script by its nonce).

pub(super) const CSS: &str = r#"
:root{--bg:#fbfaf7;--fg:#1d1d1f;--muted:#666;--line:#ddd;--err:#c62828;--warn:#e08a00;--sty:#5c6bc0;font-size:15px}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1rem/1.55 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
header{padding:.8rem 1.2rem .4rem;border-bottom:1px solid var(--line);background:#fff}
h1{font-size:1.3rem;margin:0 0 .2rem}h1 .pair{font-weight:400;color:var(--muted)}
h2{font-size:1.05rem;margin:.2rem 0 .5rem}h3{font-size:.95rem;margin:1rem 0 .3rem}
.files{margin:0 0 .5rem;color:var(--muted);font-size:.9rem}
.cards{display:flex;flex-wrap:wrap;gap:.6rem}
.card{background:var(--bg);border:1px solid var(--line);border-radius:8px;padding:.35rem .8rem;min-width:9.5rem;display:flex;flex-direction:column}
.card b{font-size:1.35rem;line-height:1.2}.card span{font-size:.85rem}.card small{color:var(--muted);font-size:.75rem}
.card.solo b{color:#b23c00}.card.fc i{font-style:normal;margin-right:.35rem}
i.sev-error{color:var(--err)}i.sev-warning{color:var(--warn)}i.sev-style{color:var(--sty)}
.legend{font-size:.8rem;color:var(--muted);margin:.5rem 0 .2rem}.legend span{margin-right:.3rem;padding:0 .25rem}
.main{display:grid;grid-template-columns:minmax(0,1fr) 23rem;gap:0;height:calc(100vh - 12.5rem);min-height:24rem}
.articles{display:grid;grid-template-columns:1fr 1fr;min-height:0}
.col{overflow-y:auto;padding:.6rem 1.1rem 2rem;border-right:1px solid var(--line);min-height:0}
.col p{margin:0 0 .8rem;hyphens:auto}
.s{border-radius:3px;padding:1px 0;cursor:pointer;transition:background .1s}
.s[data-link]{background:hsl(var(--h) 75% 93%)}
.s.un{background:repeating-linear-gradient(135deg,#eee 0 6px,#f6f6f6 6px 12px);color:#555}
.s.f-error{text-decoration:underline wavy var(--err);text-decoration-thickness:1px;text-underline-offset:3px}
.s.f-warning{text-decoration:underline dotted var(--warn);text-underline-offset:3px}
.q{border-bottom:3px solid hsl(var(--qh) 65% 45%);cursor:pointer}
.q.solo{border-bottom:3px dashed #d84315;background:#ffe0cc}
.q.other{border-bottom:1px dotted #999}
.qtag{font-size:.68rem;font-weight:600;color:#fff;background:hsl(var(--qh) 55% 42%);border-radius:3px;padding:0 .25rem;margin-right:.15rem;white-space:nowrap}
.qtag.solo{background:#d84315}
.s.active,.s.partner{background:#fff59d;outline:2px solid #1565c0}
.s.partner{box-shadow:0 0 0 4px #bbdefb}
.q.active,.q.partner{background:#ffe082;outline:2px solid #1565c0}
.flagged{outline:3px solid var(--err)!important;background:#ffebee!important}
.findings{overflow-y:auto;padding:.6rem .8rem;background:#fff;min-height:0;font-size:.86rem}
.filters{font-size:.78rem;margin-bottom:.4rem}.filters label{display:inline-block;margin:0 .5rem .2rem 0;white-space:nowrap}
.flist{list-style:none;padding:0;margin:0}
.f{border-left:4px solid var(--line);padding:.3rem .5rem;margin:0 0 .4rem;background:var(--bg);border-radius:0 5px 5px 0;cursor:pointer}
.f.sev-error{border-color:var(--err)}.f.sev-warning{border-color:var(--warn)}.f.sev-style{border-color:var(--sty)}
.f .badge{font-size:.68rem;text-transform:uppercase;font-weight:700}
.f.sev-error .badge{color:var(--err)}.f.sev-warning .badge{color:var(--warn)}.f.sev-style .badge{color:var(--sty)}
.f code{font-size:.75rem;background:#eee;padding:0 .2rem;border-radius:3px}
.f .ctx{color:var(--muted);font-size:.78rem;overflow-wrap:anywhere}
.f.hidden{display:none}.f:focus{outline:2px solid #333}
.f .fid{font-weight:700;font-size:.75rem;color:var(--muted)}.f .mark{float:right;font-size:.72rem;color:var(--muted)}
.f.marked{opacity:.55}.f.marked .head{text-decoration:line-through}
.tools{font-size:.78rem;margin-bottom:.5rem}.tools input[type=search]{width:11rem}.tools .keys{color:var(--muted);margin-top:.2rem}
.tools textarea{width:100%;font:.72rem monospace}kbd{border:1px solid #bbb;border-radius:3px;padding:0 .2rem;font-size:.7rem}
[hidden]{display:none!important}
.views{margin:.3rem 0 .2rem}.views .view{font:inherit;font-size:.82rem;border:1px solid var(--line);background:var(--bg);border-radius:5px 5px 0 0;padding:.15rem .7rem;cursor:pointer}
.views .view.on{background:#fff;border-color:#999;font-weight:600}
.rows{overflow-y:auto;padding:.6rem 1.1rem 2rem;min-height:0;border-right:1px solid var(--line)}
.rowtab td{font-size:.88rem}.rowtab td.rn,.rowtab td.sc{white-space:nowrap;color:var(--muted);width:3rem}
.rowtab tr.un td{background:repeating-linear-gradient(135deg,#f3f3f3 0 6px,#fafafa 6px 12px)}
.rowtab tr.f-error td.rn{border-left:4px solid var(--err)}.rowtab tr.f-warning td.rn{border-left:4px solid var(--warn)}
.rowtab .none{color:var(--muted)}.rowtab td.fms{width:6rem}
.fm{font:700 .7rem system-ui,sans-serif;border:1px solid var(--line);border-radius:3px;background:#fff;margin:0 .15rem .15rem 0;padding:0 .25rem;cursor:pointer}
.fm.sev-error{color:var(--err)}.fm.sev-warning{color:var(--warn)}.fm.sev-style{color:var(--sty)}
tr.row.flagged td{background:#ffebee!important}
.quotes{padding:.8rem 1.2rem 2rem;border-top:1px solid var(--line)}
table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{border-bottom:1px solid var(--line);padding:.3rem .4rem;text-align:left;vertical-align:top}
th{background:#f0efe9}tr.qp{cursor:pointer}tr.qp td:first-child{width:3rem}
tr.qp.differ .spk{color:var(--err);font-weight:700}tr.qp.agree .spk{color:#2e7d32}
.spk{white-space:nowrap;font-weight:600}.sep{color:var(--muted)}
ul.alone{margin:0;padding-left:1.2rem;font-size:.88rem}ul.alone li{margin:.15rem 0}
@media (max-width:1100px){.main{grid-template-columns:1fr;height:auto}.articles,.rows{height:80vh}.findings{max-height:60vh}}
@media print{
 :root{font-size:11pt}*{-webkit-print-color-adjust:exact;print-color-adjust:exact}
 body{background:#fff}.main{display:block;height:auto}.articles{display:grid;height:auto}
 .col,.findings{overflow:visible;height:auto;max-height:none}.filters,.legend{display:none}
 .f.hidden{display:block}.f,tr,p{break-inside:avoid}.quotes{break-before:page}
}
"#;

pub(super) const JS: &str = r#"
(function(){
  var pinned = null;
  function key(el){ return el.dataset.qlink ? ['qlink', el.dataset.qlink] : ['link', el.dataset.link]; }
  function clear(){ document.querySelectorAll('.active,.partner').forEach(function(e){ e.classList.remove('active','partner'); }); }
  function show(el, scroll){
    clear();
    if(!el) return;
    var k = key(el), first = null;
    document.querySelectorAll('.articles [data-' + k[0] + '="' + k[1] + '"]').forEach(function(e){
      var mine = e.dataset.side === el.dataset.side;
      e.classList.add(mine ? 'active' : 'partner');
      if(!mine && !first) first = e;
    });
    if(scroll && first) first.scrollIntoView({block:'nearest'});
  }
  function unit(t){ return t.closest ? (t.closest('.articles [data-qlink]') || t.closest('.articles [data-link]')) : null; }
  var arts = document.querySelector('.articles');
  arts.addEventListener('mouseover', function(ev){ var u = unit(ev.target); if(u) show(u, false); });
  arts.addEventListener('mouseleave', function(){ show(pinned, false); });
  arts.addEventListener('click', function(ev){ var u = unit(ev.target); pinned = u; show(u, true); });
  document.querySelectorAll('tr.qp').forEach(function(r){
    r.addEventListener('click', function(){
      var u = document.querySelector('.articles [data-qlink="' + r.dataset.qlink + '"][data-side="en"]');
      pinned = u; show(u, true); if(u) u.scrollIntoView({block:'center'});
    });
  });
  var rowsView = document.getElementById('rows');
  document.querySelectorAll('.views .view').forEach(function(b){
    b.addEventListener('click', function(){
      document.querySelectorAll('.views .view').forEach(function(o){
        var on = o === b; o.classList.toggle('on', on); o.setAttribute('aria-pressed', on ? 'true' : 'false');
      });
      arts.hidden = b.dataset.view !== 'articles'; rowsView.hidden = b.dataset.view !== 'rows';
      var r = rowsView.querySelector('.flagged'); if(r && !rowsView.hidden) r.scrollIntoView({block:'center'});
    });
  });
  rowsView.addEventListener('click', function(ev){
    var m = ev.target.closest ? ev.target.closest('.fm') : null;
    var f = m && document.getElementById(m.dataset.f);
    if(f){ f.focus(); f.scrollIntoView({block:'nearest'}); f.click(); }
  });
  document.querySelectorAll('.f').forEach(function(f){
    function go(){
      document.querySelectorAll('.flagged').forEach(function(e){ e.classList.remove('flagged'); });
      var ids = (f.dataset.units || '').split(' ').filter(Boolean);
      ids.forEach(function(id, i){ var e = document.getElementById(id); if(e){ e.classList.add('flagged'); e.scrollIntoView({block:'center'}); } });
      var rows = (f.dataset.rows || '').split(' ').filter(Boolean), first = null;
      rows.forEach(function(id){ var r = document.getElementById(id); if(r){ r.classList.add('flagged'); if(!first) first = r; } });
      if(first && !rowsView.hidden) first.scrollIntoView({block:'center'});
    }
    f.addEventListener('click', go);
    f.addEventListener('keydown', function(ev){ if(ev.key === 'Enter') go(); });
  });
  var search = document.getElementById('fsearch');
  function filter(){
    var on = {}, q = (search.value || '').toLowerCase();
    document.querySelectorAll('.filters input').forEach(function(i){ on[i.dataset.filter + ':' + i.value] = i.checked; });
    document.querySelectorAll('.f').forEach(function(f){
      var vis = on['sev:' + f.dataset.sev] !== false && on['check:' + f.dataset.check] !== false
        && (!q || f.textContent.toLowerCase().indexOf(q) >= 0 || (f.dataset.en + ' ' + f.dataset.pl).toLowerCase().indexOf(q) >= 0);
      f.classList.toggle('hidden', !vis);
    });
  }
  document.querySelectorAll('.filters input').forEach(function(i){ i.addEventListener('change', filter); });
  search.addEventListener('input', filter);
  var all = Array.prototype.slice.call(document.querySelectorAll('.f'));
  function count(){ document.getElementById('marked').textContent = document.querySelectorAll('.f.marked').length; }
  all.forEach(function(f){
    var box = f.querySelector('input.false');
    box.addEventListener('click', function(ev){ ev.stopPropagation(); });
    box.addEventListener('change', function(){ f.classList.toggle('marked', box.checked); count(); });
  });
  function step(d){
    var vis = all.filter(function(f){ return !f.classList.contains('hidden'); });
    if(!vis.length) return;
    var i = vis.indexOf(document.activeElement);
    var next = vis[i < 0 ? (d > 0 ? 0 : vis.length - 1) : (i + d + vis.length) % vis.length];
    next.focus(); next.scrollIntoView({block:'nearest'}); next.click();
  }
  document.addEventListener('keydown', function(ev){
    if(ev.target && (ev.target.tagName === 'INPUT' || ev.target.tagName === 'TEXTAREA') && ev.target.type !== 'checkbox') return;
    if(ev.key === 'j' || ev.key === 'n') { step(1); ev.preventDefault(); }
    else if(ev.key === 'k' || ev.key === 'p') { step(-1); ev.preventDefault(); }
    else if(ev.key === 'x' && document.activeElement && document.activeElement.classList.contains('f')) {
      var b = document.activeElement.querySelector('input.false'); b.checked = !b.checked; b.dispatchEvent(new Event('change'));
    }
  });
  function offer(text, name, type){
    var out = document.getElementById('export-out');
    out.hidden = false; out.value = text;
    var a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], {type: type}));
    a.download = name; document.body.appendChild(a); a.click(); a.remove();
  }
  document.getElementById('export-ignore').addEventListener('click', function(){
    var lines = ['# bialign qa ignore list: findings marked as false (qa --ignore FILE)'];
    document.querySelectorAll('.f.marked').forEach(function(f){
      lines.push(f.dataset.fp + '\t' + f.dataset.check + '\t' + f.querySelector('.head').textContent.replace(/\s+/g, ' '));
    });
    offer(lines.join('\n') + '\n', 'qa-ignore.txt', 'text/plain');
  });
  function cell(v){ v = String(v); return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v; }
  document.getElementById('export-csv').addEventListener('click', function(){
    var rows = [['id','severity','check','en','pl','message','fingerprint','marked_false']];
    all.forEach(function(f){
      rows.push([f.id, f.dataset.sev, f.dataset.check, f.dataset.en, f.dataset.pl,
        f.querySelector('.head').textContent, f.dataset.fp, f.classList.contains('marked') ? 'yes' : '']);
    });
    offer(rows.map(function(r){ return r.map(cell).join(','); }).join('\r\n') + '\r\n', 'qa-findings.csv', 'text/csv');
  });
})();
"#;
