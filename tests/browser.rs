//! The HTML QA report in a real browser: headless Chromium driven through chromedriver (W3C WebDriver over
//! HTTP on 127.0.0.1, spoken with a few lines of std::net — no extra dependency).
//!
//! Needs the Debian packages `chromium` and `chromium-driver`. Without them the test prints why it is
//! skipped and passes, so `cargo test` works for developers; set `BIALIGN_REQUIRE_BROWSER=1` (as CI does) to
//! make a missing browser a failure. `CHROMIUM` and `CHROMEDRIVER` override the binaries' paths.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

const EN: &str = "corpus/carrie-diaries/en.txt";
const PL: &str = "corpus/carrie-diaries/pl.txt";
/// The key W3C WebDriver uses for element references.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

fn find_binary(env: &str, names: &[&str]) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(env) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).flat_map(|d| names.iter().map(move |n| d.join(n))).find(|p| p.is_file())
}

/// A chromedriver process, killed on drop.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start(chromedriver: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start chromedriver");
        let d = Driver { child, port };
        let t0 = Instant::now();
        while t0.elapsed() < Duration::from_secs(30) {
            if d.call("GET", "/status", None).is_ok_and(|v| v["ready"] == true) {
                return d;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("chromedriver did not become ready on port {port}");
    }

    /// One WebDriver command: returns the response's `value`, or the error it names.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).map_err(|e| e.to_string())?;
        s.set_read_timeout(Some(Duration::from_secs(90))).ok();
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        write!(
            s,
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nContent-Type: application/json; charset=utf-8\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.port,
            body.len()
        )
        .map_err(|e| e.to_string())?;
        // Read the header, then exactly Content-Length bytes (chromedriver keeps the connection open).
        let mut raw = Vec::new();
        let mut buf = [0u8; 65536];
        let split = loop {
            if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                break p;
            }
            let n = s.read(&mut buf).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("connection closed before the HTTP header".into());
            }
            raw.extend_from_slice(&buf[..n]);
        };
        let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
        let length = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length:").and_then(|v| v.trim().parse::<usize>().ok()));
        let mut payload = raw[split + 4..].to_vec();
        match length {
            Some(n) => {
                while payload.len() < n {
                    let k = s.read(&mut buf).map_err(|e| e.to_string())?;
                    if k == 0 {
                        break;
                    }
                    payload.extend_from_slice(&buf[..k]);
                }
            }
            None => {
                s.read_to_end(&mut payload).map_err(|e| e.to_string())?;
                if head.contains("transfer-encoding: chunked") {
                    payload = dechunk(&payload);
                }
            }
        }
        let v: Value = serde_json::from_slice(&payload).map_err(|e| format!("{e}: {head}"))?;
        let value = v["value"].clone();
        if value.get("error").is_some() {
            return Err(format!("{}: {}", value["error"], value["message"]));
        }
        Ok(value)
    }
}

fn dechunk(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(nl) = b[i..].windows(2).position(|w| w == b"\r\n") {
        let n = usize::from_str_radix(String::from_utf8_lossy(&b[i..i + nl]).trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        let start = i + nl + 2;
        out.extend_from_slice(&b[start..(start + n).min(b.len())]);
        i = start + n + 2;
        if i >= b.len() {
            break;
        }
    }
    out
}

fn base64_decode(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

/// A browser session, deleted on drop.
struct Session<'a> {
    d: &'a Driver,
    id: String,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = self.d.call("DELETE", &format!("/session/{}", self.id), None);
    }
}

impl<'a> Session<'a> {
    fn new(d: &'a Driver, chromium: &Path, profile: &Path) -> Session<'a> {
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-sync",
            "--disable-quic",
            "--disable-dev-shm-usage",
            "--window-size=1440,900",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": chromium.display().to_string(), "args": args}}}});
        let v = d.call("POST", "/session", Some(caps)).expect("create a browser session");
        Session { d, id: v["sessionId"].as_str().expect("session id").to_string() }
    }
    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.d
            .call(method, &format!("/session/{}{path}", self.id), body)
            .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
    }
    fn goto(&self, file: &Path) {
        let url = format!("file://{}", file.canonicalize().unwrap().display());
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }
    fn js(&self, script: &str) -> Value {
        self.cmd("POST", "/execute/sync", Some(json!({"script": script, "args": []})))
    }
    fn find(&self, css: &str) -> Option<String> {
        let v = self.cmd("POST", "/elements", Some(json!({"using": "css selector", "value": css})));
        v.as_array()?.first().and_then(|e| e[ELEMENT].as_str()).map(str::to_string)
    }
    fn click(&self, element: &str) {
        self.cmd("POST", &format!("/element/{element}/click"), Some(json!({})));
    }
}

fn qa_html(en: &Path, pl: &Path, html: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_bialign"))
        .args(["qa".as_ref(), en.as_os_str(), pl.as_os_str(), "--html".as_ref(), html.as_os_str()])
        .output()
        .unwrap();
    assert!(out.status.success(), "bialign qa failed: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn report_in_headless_chromium() {
    let chromium = find_binary("CHROMIUM", &["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = find_binary("CHROMEDRIVER", &["chromedriver"]);
    let (Some(chromium), Some(chromedriver)) = (chromium, chromedriver) else {
        let msg = "browser test SKIPPED: chromium and chromedriver not found \
                   (apt-get install -y chromium chromium-driver, or set CHROMIUM / CHROMEDRIVER)";
        if std::env::var_os("BIALIGN_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
            panic!("{msg}; BIALIGN_REQUIRE_BROWSER=1 makes this a failure");
        }
        println!("{msg}");
        eprintln!("{msg}");
        return;
    };
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap().to_path_buf();
    let report = target.join("qa-report.html");
    qa_html(Path::new(EN), Path::new(PL), &report);

    // An article pair carrying markup that would run if it were not escaped.
    let tmp = tempfile::tempdir().unwrap();
    let evil_en = tmp.path().join("en.txt");
    let evil_pl = tmp.path().join("pl.txt");
    std::fs::write(
        &evil_en,
        "The council met on Tuesday to discuss the new budget for the city and its schools.\n\n\
         <script>window.__pwned = 1; document.title = 'PWNED';</script> The mayor said the plan was ready.\n\n\
         <img src=x onerror=\"window.__pwned = 2; document.title = 'PWNED'\"> Everyone agreed that the roads \
         need repair before the winter comes.\n",
    )
    .unwrap();
    std::fs::write(
        &evil_pl,
        "Rada zebrała się we wtorek, aby omówić nowy budżet miasta i jego szkół.\n\n\
         <script>window.__pwned = 3;</script> Burmistrz powiedział, że plan jest gotowy.\n\n\
         <svg onload=\"window.__pwned = 4\"></svg> Wszyscy zgodzili się, że drogi wymagają naprawy przed zimą.\n",
    )
    .unwrap();
    let evil_report = tmp.path().join("evil.html");
    qa_html(&evil_en, &evil_pl, &evil_report);

    let driver = Driver::start(&chromedriver);
    let profile = tempfile::tempdir().unwrap();
    let s = Session::new(&driver, &chromium, profile.path());

    // The sample pair: click a linked English sentence, its Polish partner lights up.
    s.goto(&report);
    let title = s.js("return document.title");
    assert!(title.as_str().unwrap_or("").starts_with("QA report"), "title {title}");
    let sentence = s
        .find(".articles .s[data-link][data-side=\"en\"]")
        .expect("the sample report has at least one linked English sentence");
    s.click(&sentence);
    let state = s.js(
        "var a = document.querySelector('.articles .s.active[data-side=\"en\"]');\
         var p = Array.from(document.querySelectorAll('.articles .partner'));\
         return {active: a ? a.dataset.link : null,\
                 partners: p.map(function(e){ return e.dataset.side + ':' + (e.dataset.link || e.dataset.qlink); })};",
    );
    let link = state["active"].as_str().expect("the clicked sentence is marked active").to_string();
    let partners: Vec<String> =
        state["partners"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    assert!(!partners.is_empty(), "clicking a linked sentence highlights its partner: {state}");
    assert!(
        partners.iter().all(|p| *p == format!("pl:{link}")),
        "partners are the Polish side of {link}: {state}"
    );

    // A paired quote highlights its partner quote.
    if let Some(q) = s.find(".articles .q[data-qlink][data-side=\"en\"]") {
        s.click(&q);
        let n = s.js("return document.querySelectorAll('.articles .q.partner[data-side=\"pl\"]').length");
        assert!(n.as_u64().unwrap_or(0) >= 1, "a clicked quote highlights its Polish partner");
    }

    // The severity filter hides findings.
    let before =
        s.js("return document.querySelectorAll('.f.sev-style:not(.hidden)').length").as_u64().unwrap();
    if before > 0 {
        let style = s.find(".filters input[value=\"style\"]").expect("style filter");
        s.click(&style);
        let after = s.js("return document.querySelectorAll('.f.sev-style:not(.hidden)').length");
        assert_eq!(after.as_u64(), Some(0), "unticking 'style' hides the style findings");
        s.click(&style);
    }
    // Clicking a finding marks the sentences it concerns.
    if let Some(f) = s.find(".flist .f[data-units]:not([data-units=\" \"])") {
        s.click(&f);
        let n = s.js("return document.querySelectorAll('.articles .flagged').length");
        assert!(n.as_u64().unwrap_or(0) >= 1, "a clicked finding flags its sentences");
    }
    // Findings are numbered F1, F2…; the j / k keys move to the next and previous finding.
    let ids =
        s.js("return Array.from(document.querySelectorAll('.flist .f')).map(function(f){ return f.id; })");
    let ids: Vec<String> = ids.as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    assert!(ids.len() >= 2, "the sample report has findings: {ids:?}");
    assert!(ids.iter().enumerate().all(|(i, id)| *id == format!("F{}", i + 1)), "{ids:?}");
    let key = |k: &str| {
        s.cmd(
            "POST",
            "/actions",
            Some(json!({"actions": [{"type": "key", "id": "kb", "actions": [
            {"type": "keyDown", "value": k}, {"type": "keyUp", "value": k}]}]})),
        );
        s.js("return document.activeElement ? document.activeElement.id : null")
    };
    s.js("document.activeElement && document.activeElement.blur(); return 0");
    assert_eq!(key("j"), "F1", "j goes to the first finding");
    assert_eq!(key("j"), "F2", "j goes to the next finding");
    assert_eq!(key("k"), "F1", "k goes back");
    // Mark F1 as false (x), export the marks: the ignore list holds F1's fingerprint only.
    key("x");
    let fp = s.js("return document.getElementById('F1').dataset.fp").as_str().unwrap().to_string();
    assert_eq!(fp.len(), 16, "fingerprint {fp}");
    assert_eq!(s.js("return document.getElementById('marked').textContent"), "1");
    let export = s.find("#export-ignore").expect("export button");
    s.click(&export);
    let list = s.js("return document.getElementById('export-out').value").as_str().unwrap().to_string();
    let prints: Vec<&str> =
        list.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').next().unwrap()).collect();
    assert_eq!(prints, vec![fp.as_str()], "{list}");
    // The CSV export has a header and one row per finding.
    let csv = s.find("#export-csv").expect("CSV button");
    s.click(&csv);
    // (A textarea's value has its CRLF row ends as LF; the downloaded file keeps CRLF.)
    let table = s.js("return document.getElementById('export-out').value").as_str().unwrap().to_string();
    assert!(table.starts_with("id,severity,check,en,pl,message,fingerprint,marked_false\n"), "{table}");
    let rows = table
        .split('\n')
        .filter(|l| {
            l.strip_prefix('F').and_then(|r| r.split(',').next()).is_some_and(|n| n.parse::<usize>().is_ok())
        })
        .count();
    assert_eq!(rows, ids.len(), "one row per finding: {table}");
    assert!(table.contains(&fp) && table.contains("F1,"), "{table}");
    // Search narrows the list.
    let n_all = ids.len();
    s.js("var i = document.getElementById('fsearch'); i.value = 'zzzz-no-such-text'; i.dispatchEvent(new Event('input')); return 0");
    assert_eq!(s.js("return document.querySelectorAll('.flist .f:not(.hidden)').length"), 0);
    s.js("var i = document.getElementById('fsearch'); i.value = ''; i.dispatchEvent(new Event('input')); return 0");
    // The report written again with the exported list leaves the marked finding out.
    let ignore = target.join("qa-ignore.txt");
    std::fs::write(&ignore, &list).unwrap();
    let again = target.join("qa-report-ignored.html");
    let out = Command::new(env!("CARGO_BIN_EXE_bialign"))
        .args(["qa", EN, PL, "--ignore"])
        .arg(&ignore)
        .arg("--html")
        .arg(&again)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    s.goto(&again);
    let left = s.js(
        "return Array.from(document.querySelectorAll('.flist .f')).map(function(f){ return f.dataset.fp; })",
    );
    let left: Vec<&str> = left.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(left.len(), n_all - 1, "one finding fewer after reloading with the ignore list");
    assert!(!left.contains(&fp.as_str()), "the marked finding is gone");
    s.goto(&report);
    rows_view(&s, &target);
    let sentence = s.find(".articles .s[data-link][data-side=\"en\"]").unwrap();
    // Back to the clicked sentence for the screenshot.
    s.click(&sentence);
    let png = base64_decode(s.cmd("GET", "/screenshot", None).as_str().expect("screenshot data"));
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    let shot = target.join("qa-report.png");
    std::fs::write(&shot, &png).unwrap();
    println!("screenshot: {}", shot.display());

    // The hostile articles: shown as text, nothing ran.
    s.goto(&evil_report);
    let v = s.js("return {title: document.title, pwned: typeof window.__pwned,\
                 en: document.getElementById('col-en').textContent,\
                 pl: document.getElementById('col-pl').textContent,\
                 rows: document.getElementById('rows').textContent,\
                 imgs: document.querySelectorAll('.articles img, .articles svg, .articles script, \
                   .rows img, .rows svg, .rows script').length};");
    assert_eq!(v["pwned"], "undefined", "an article's script ran: {v}");
    assert!(v["title"].as_str().unwrap().starts_with("QA report"), "title changed: {v}");
    assert_eq!(v["imgs"], 0, "article markup became elements: {v}");
    assert!(
        v["en"].as_str().unwrap().contains("<script>window.__pwned = 1;"),
        "the markup shows as text: {v}"
    );
    assert!(v["pl"].as_str().unwrap().contains("<svg onload="), "the markup shows as text: {v}");
    assert!(
        v["rows"].as_str().unwrap().contains("<script>window.__pwned = 1;"),
        "rows show markup as text: {v}"
    );
}

/// The sentence links of the sample pair as `align --format jsonl` gives them: the number of two-sided
/// links plus the sentences in none of them, and whether the pair was aligned as comparable.
fn expected_rows() -> (usize, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_bialign"))
        .args(["align", EN, PL, "--format", "jsonl", "--only", "sentences"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let links: Vec<Value> =
        String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let starts = |l: &Value, side: &str| -> Vec<(String, u64)> {
        l[side].as_array().unwrap().iter().map(|s| (side.to_string(), s["start"].as_u64().unwrap())).collect()
    };
    let mut all = std::collections::BTreeSet::new();
    let mut matched = std::collections::BTreeSet::new();
    let mut two_sided = 0;
    for l in &links {
        let (e, p) = (starts(l, "en"), starts(l, "pl"));
        if !e.is_empty() && !p.is_empty() {
            two_sided += 1;
            matched.extend(e.iter().chain(&p).cloned());
        }
        all.extend(e.into_iter().chain(p));
    }
    let comparable = links.first().is_some_and(|l| l["mode"] == "comparable");
    (two_sided + all.difference(&matched).count(), comparable)
}

/// The numbered rows view: one row per link or unmatched sentence, in the leading side's order, and a
/// clicked finding highlights its rows (and a row's finding mark goes back to the finding).
fn rows_view(s: &Session, target: &Path) {
    let (want, comparable) = expected_rows();
    let tab = s.find(".views .view[data-view=\"rows\"]").expect("the rows view button");
    s.click(&tab);
    let v = s.js(
        "var rows = Array.from(document.querySelectorAll('#rows tr.row'));\
         return {shown: !document.getElementById('rows').hidden && document.getElementById('rows').offsetParent !== null,\
                 articles: document.querySelector('.articles').offsetParent !== null,\
                 ids: rows.map(function(r){ return r.id + '=' + r.querySelector('.rn').textContent; }),\
                 first: rows.map(function(r){ var l = {};\
                   r.querySelectorAll('.rs').forEach(function(x){ var p = x.dataset.s.split('-s');\
                     if(!(p[0] in l)) l[p[0]] = +p[1]; }); return l; })};",
    );
    assert_eq!(v["shown"], true, "the rows view shows: {v}");
    assert_eq!(v["articles"], false, "the article columns hide behind the rows view");
    let ids = v["ids"].as_array().unwrap();
    assert_eq!(ids.len(), want, "one row per sentence link and per unmatched sentence");
    assert!(ids.iter().enumerate().all(|(i, id)| id == &format!("R{0}={0}", i + 1)), "numbered rows: {v}");
    let lead = if comparable { "pl" } else { "en" };
    let order: Vec<u64> = v["first"].as_array().unwrap().iter().filter_map(|r| r[lead].as_u64()).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "rows in {lead} order: {order:?}");
    // A finding with rows: clicking it highlights them, in view, and its id is on each.
    let f = s.find(".flist .f[data-rows]:not([data-rows=\"\"])").expect("a finding on some row");
    s.click(&f);
    let v = s.js(
        "var f = document.querySelector('.flist .f[data-rows]:not([data-rows=\"\"])');\
         var want = f.dataset.rows.split(' ');\
         var got = Array.from(document.querySelectorAll('#rows tr.flagged')).map(function(r){ return r.id; });\
         var box = document.getElementById('rows').getBoundingClientRect();\
         var r = document.getElementById(want[0]).getBoundingClientRect();\
         return {id: f.id, want: want, got: got, visible: r.bottom > box.top && r.top < box.bottom,\
                 marks: want.map(function(id){ var row = document.getElementById(id);\
                   return row.dataset.findings.split(' ').indexOf(f.id) >= 0\
                     && Array.from(row.querySelectorAll('.fm')).some(function(b){ return b.textContent === f.id; }); })};",
    );
    assert_eq!(v["got"], v["want"], "the clicked finding's rows are highlighted: {v}");
    assert_eq!(v["visible"], true, "its first row is scrolled into view: {v}");
    assert!(v["marks"].as_array().unwrap().iter().all(|m| m == true), "its id is on its rows: {v}");
    let png = base64_decode(s.cmd("GET", "/screenshot", None).as_str().expect("screenshot data"));
    std::fs::write(target.join("qa-report-rows.png"), &png).unwrap();
    // A row's finding mark goes to the finding.
    let fid = v["id"].as_str().unwrap().to_string();
    let row = v["want"][0].as_str().unwrap().to_string();
    let mark = s.find(&format!("#{row} .fm[data-f=\"{fid}\"]")).expect("the finding's mark on its row");
    s.js("document.activeElement && document.activeElement.blur(); return 0");
    s.click(&mark);
    assert_eq!(s.js("return document.activeElement ? document.activeElement.id : null"), fid.as_str());
    // Back to the articles.
    let tab = s.find(".views .view[data-view=\"articles\"]").unwrap();
    s.click(&tab);
    assert_eq!(s.js("return document.getElementById('rows').hidden"), true);
}
