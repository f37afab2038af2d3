//! The article text of an HTML page.
//!
//! The page is parsed with a real HTML5 parser (html5ever, through `scraper`), then walked
//! iteratively (no recursion, so 10,000 nested elements cannot exhaust the stack):
//!
//! - kept: the `<title>`, headings, paragraphs, list items, block quotes and any other text in the body;
//! - dropped: `script`, `style`, `noscript`, `template`, `nav`, `aside`, `form` and form controls,
//!   `iframe`, `svg`, comments, and `header`/`footer` (site banners and footers; a `header` inside an
//!   `article` holds the article's own headline and is kept);
//! - entities are decoded by the parser;
//! - `<br>`, `<hr>` and the start and end of every block element make a paragraph break (a blank
//!   line in the output); inline elements (`a`, `b`, `em`, `span`, …) do not break words;
//! - runs of white space inside a paragraph collapse to one space, as a browser shows them.
//!
//! The result is plain text with one paragraph per block, blank lines between them; all offsets
//! for HTML input index this text (which `bialign ingest FILE` prints).
//!
//! **Nesting cap.** The HTML5 tree builder looks through its stack of open elements for many tags,
//! so a page of 100,000 nested elements costs time quadratic in the depth. Before parsing, a linear
//! scan ([`cap_nesting`]) measures the nesting depth; past [`MAX_DEPTH`] open elements, the tags
//! that would nest deeper (and their end tags) are dropped, keeping their text. A page within the
//! cap is parsed as it is.

use ego_tree::iter::Edge;
use scraper::{Html, Node};

/// Elements whose whole content is dropped.
fn is_dropped(name: &str) -> bool {
    matches!(
        name,
        "script"
            | "style"
            | "noscript"
            | "template"
            | "nav"
            | "aside"
            | "form"
            | "button"
            | "select"
            | "textarea"
            | "input"
            | "iframe"
            | "object"
            | "embed"
            | "svg"
            | "math"
            | "canvas"
            | "audio"
            | "video"
            | "footer"
            | "header"
            | "menu"
            | "dialog"
    )
}

/// Elements that start and end a paragraph.
fn is_block(name: &str) -> bool {
    matches!(
        name,
        "p" | "div"
            | "h1"
            | "h2"
            | "h3"
            | "h4"
            | "h5"
            | "h6"
            | "li"
            | "ul"
            | "ol"
            | "dl"
            | "dt"
            | "dd"
            | "blockquote"
            | "title"
            | "section"
            | "article"
            | "main"
            | "body"
            | "html"
            | "table"
            | "thead"
            | "tbody"
            | "tfoot"
            | "tr"
            | "td"
            | "th"
            | "caption"
            | "figure"
            | "figcaption"
            | "pre"
            | "address"
            | "details"
            | "summary"
            | "center"
            | "fieldset"
            | "legend"
            | "hgroup"
            | "header"
            | "br"
            | "hr"
    )
}

/// Builds the output: paragraphs of collapsed text separated by blank lines.
struct TextBuilder {
    out: String,
    /// The current paragraph has text and needs a break before the next block.
    open_par: bool,
    /// A space is pending between words of the current paragraph.
    pending_space: bool,
}

impl TextBuilder {
    fn text(&mut self, s: &str) {
        for (i, word) in s.split(|c: char| c.is_whitespace() && c != '\u{a0}').enumerate() {
            if i > 0 {
                self.pending_space = true;
            }
            if word.is_empty() {
                continue;
            }
            if self.open_par {
                if self.pending_space {
                    self.out.push(' ');
                }
            } else {
                if !self.out.is_empty() {
                    self.out.push_str("\n\n");
                }
                self.open_par = true;
            }
            self.pending_space = false;
            self.out.push_str(word);
        }
    }
    fn space_before_next(&mut self, s: &str) {
        if s.ends_with(|c: char| c.is_whitespace() && c != '\u{a0}') {
            self.pending_space = true;
        }
    }
    fn block_break(&mut self) {
        self.open_par = false;
        self.pending_space = false;
    }
}

/// Open elements kept before tags that nest deeper are dropped (browsers render pages a few
/// dozen deep; html5ever's quadratic paths stay small below this).
pub const MAX_DEPTH: usize = 512;

/// Elements that never hold content (no end tag).
fn is_void(name: &[u8]) -> bool {
    const VOID: [&[u8]; 14] = [
        b"area", b"base", b"br", b"col", b"embed", b"hr", b"img", b"input", b"link", b"meta", b"source",
        b"track", b"wbr", b"param",
    ];
    VOID.iter().any(|v| v.eq_ignore_ascii_case(name))
}

/// Elements whose start tag closes an open one of the same kind (so they do not nest by repetition).
fn closes_itself(name: &[u8]) -> bool {
    const AUTO: [&[u8]; 12] = [
        b"p",
        b"li",
        b"dt",
        b"dd",
        b"option",
        b"tr",
        b"td",
        b"th",
        b"thead",
        b"tbody",
        b"tfoot",
        b"optgroup",
    ];
    AUTO.iter().any(|v| v.eq_ignore_ascii_case(name))
}

/// Elements whose content is raw text (a `<` inside is not a tag).
fn is_raw_text(name: &[u8]) -> bool {
    [b"script" as &[u8], b"style", b"textarea", b"title", b"xmp", b"noscript"]
        .iter()
        .any(|v| v.eq_ignore_ascii_case(name))
}

/// One tag found by [`tags`]: its byte range, name, and whether it is an end tag or self-closing.
struct Tag<'a> {
    start: usize,
    end: usize,
    name: &'a [u8],
    closing: bool,
    self_closing: bool,
}

/// The tags of a page in order, skipping comments, doctypes and raw-text content (linear).
fn tags(html: &str) -> impl Iterator<Item = Tag<'_>> {
    let b = html.as_bytes();
    let mut i = 0usize;
    std::iter::from_fn(move || loop {
        let lt = i + memchr::memchr(b'<', b.get(i..)?)?;
        if b[lt..].starts_with(b"<!--") {
            i = memchr::memmem::find(&b[lt + 4..], b"-->").map_or(b.len(), |k| lt + 4 + k + 3);
            continue;
        }
        let closing = b.get(lt + 1) == Some(&b'/');
        let name_start = lt + 1 + usize::from(closing);
        let name_len = b[name_start..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
        if name_len == 0 || !b[name_start].is_ascii_alphabetic() {
            i = lt + 1;
            continue;
        }
        let Some(gt) = memchr::memchr(b'>', &b[lt..]).map(|k| lt + k) else {
            i = b.len();
            return None;
        };
        let name = &b[name_start..name_start + name_len];
        let tag = Tag { start: lt, end: gt + 1, name, closing, self_closing: b[gt - 1] == b'/' };
        i = gt + 1;
        if !closing && is_raw_text(name) {
            // Skip to the matching end tag (case-insensitive), or to the end of the page.
            let mut k = i;
            i = b.len();
            while let Some(j) = memchr::memmem::find(&b[k..], b"</").map(|j| k + j) {
                if b.len() >= j + 2 + name.len() && b[j + 2..j + 2 + name.len()].eq_ignore_ascii_case(name) {
                    i = j;
                    break;
                }
                k = j + 2;
            }
        }
        return Some(tag);
    })
}

/// The page with tags nested deeper than `max` open elements dropped (their text kept), or the
/// page itself when it is within the cap. Linear in the page's length.
pub fn cap_nesting(html: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let mut depth = 0usize;
    let mut deepest = 0usize;
    for t in tags(html) {
        if t.closing {
            depth = depth.saturating_sub(1);
        } else if !t.self_closing && !is_void(t.name) && !closes_itself(t.name) {
            depth += 1;
            deepest = deepest.max(depth);
        }
    }
    if deepest <= max {
        return std::borrow::Cow::Borrowed(html);
    }
    let mut out = String::with_capacity(html.len());
    let (mut depth, mut dropped, mut last) = (0usize, 0usize, 0usize);
    for t in tags(html) {
        let nests = !t.closing && !t.self_closing && !is_void(t.name) && !closes_itself(t.name);
        let drop = if t.closing {
            if dropped > 0 {
                dropped -= 1;
                true
            } else {
                depth = depth.saturating_sub(1);
                false
            }
        } else if nests && depth >= max {
            dropped += 1;
            true
        } else {
            depth += usize::from(nests);
            false
        };
        if drop {
            out.push_str(&html[last..t.start]);
            out.push(' ');
            last = t.end;
        }
    }
    out.push_str(&html[last..]);
    std::borrow::Cow::Owned(out)
}

/// Extract the article text of an HTML document.
pub fn article_text(html: &str) -> String {
    let html = cap_nesting(html, MAX_DEPTH);
    let html = &*html;
    let doc = Html::parse_document(html);
    let mut b =
        TextBuilder { out: String::with_capacity(html.len() / 2), open_par: false, pending_space: false };
    // Depth inside dropped elements (0: keeping text), and inside <article> elements.
    let mut drop_depth = 0usize;
    let mut article_depth = 0usize;
    let mut head_depth = 0usize;
    let mut title_depth = 0usize;
    for edge in doc.tree.root().traverse() {
        match edge {
            Edge::Open(node) => match node.value() {
                Node::Element(el) => {
                    let name = el.name();
                    if drop_depth > 0 {
                        drop_depth += 1;
                        continue;
                    }
                    match name {
                        "article" | "main" => article_depth += 1,
                        "head" => head_depth += 1,
                        "title" => title_depth += 1,
                        _ => {}
                    }
                    let keep_header = name == "header" && article_depth > 0;
                    if is_dropped(name) && !keep_header {
                        drop_depth = 1;
                        continue;
                    }
                    if is_block(name) {
                        b.block_break();
                    }
                }
                Node::Text(t) if drop_depth == 0 && (head_depth == 0 || title_depth > 0) => {
                    b.text(t);
                    b.space_before_next(t);
                }
                _ => {}
            },
            Edge::Close(node) => {
                if let Node::Element(el) = node.value() {
                    let name = el.name();
                    if drop_depth > 0 {
                        drop_depth -= 1;
                        continue;
                    }
                    match name {
                        "article" | "main" => article_depth = article_depth.saturating_sub(1),
                        "head" => head_depth = head_depth.saturating_sub(1),
                        "title" => title_depth = title_depth.saturating_sub(1),
                        _ => {}
                    }
                    if is_block(name) {
                        b.block_break();
                    }
                }
            }
        }
    }
    let mut out = b.out;
    if !out.is_empty() {
        out.push('\n');
    }
    // Drop the tree without recursion problems: ego_tree stores nodes in a Vec, so this is flat.
    drop(doc);
    out
}

/// Does this text look like an HTML document (for input without an .html extension)?
pub fn sniff_html(text: &str) -> bool {
    let head: String = text.trim_start().chars().take(1024).collect::<String>().to_ascii_lowercase();
    if !head.starts_with('<') {
        return false;
    }
    head.starts_with("<!doctype html")
        || head.contains("<html")
        || head.contains("<head")
        || head.contains("<body")
        || (head.starts_with("<p") || head.starts_with("<div") || head.starts_with("<article"))
            && head.contains("</")
}

/// The charset a page declares in its first bytes (`<meta charset=…>` or `content="…; charset=…"`).
pub fn declared_charset(bytes: &[u8]) -> Option<String> {
    let head = &bytes[..bytes.len().min(4096)];
    let lower: Vec<u8> = head.iter().map(|b| b.to_ascii_lowercase()).collect();
    let pos = lower.windows(8).position(|w| w == b"charset=")?;
    let rest = &lower[pos + 8..];
    let rest = rest.strip_prefix(b"\"").or_else(|| rest.strip_prefix(b"'")).unwrap_or(rest);
    let end =
        rest.iter().position(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':')))?;
    (end > 0).then(|| String::from_utf8_lossy(&rest[..end]).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_article_drops_noise() {
        let html = r##"<!DOCTYPE html><html><head><title>Big &amp; Small</title>
            <style>p { color: red }</style><script>var x = "<p>no</p>";</script></head>
            <body><header><a href="/">Site</a></header><nav><ul><li>Home</li></ul></nav>
            <article><header><h1>The headline</h1></header>
            <p>First <b>bold</b>word and <a href="#">a&nbsp;link</a>.<br>After break.</p>
            <!-- comment --><ul><li>One</li><li>Two</li></ul>
            <blockquote>Quoted   text
              here</blockquote></article>
            <aside>Related</aside><form><input value="x">Search</form><footer>© 2024</footer></body></html>"##;
        let t = article_text(html);
        assert_eq!(
            t,
            "Big & Small\n\nThe headline\n\nFirst boldword and a\u{a0}link.\n\nAfter break.\n\nOne\n\nTwo\n\nQuoted text here\n"
        );
    }

    #[test]
    fn inline_elements_do_not_split_words() {
        assert_eq!(article_text("<p>Wo<i>r</i>d <span>next</span></p>"), "Word next\n");
    }

    #[test]
    fn deep_nesting_does_not_overflow() {
        let mut s = String::new();
        for _ in 0..10_000 {
            s.push_str("<div><span>");
        }
        s.push_str("deep text");
        let t = article_text(&s);
        assert_eq!(t.trim(), "deep text");
    }

    #[test]
    fn sniffing_and_charset() {
        assert!(sniff_html("  <!DOCTYPE html><html>"));
        assert!(sniff_html("<p>Hello</p>"));
        assert!(!sniff_html("Less than <3 and more"));
        assert_eq!(declared_charset(b"<meta charset=\"windows-1250\">").as_deref(), Some("windows-1250"));
        assert_eq!(
            declared_charset(b"<meta http-equiv=Content-Type content='text/html; charset=ISO-8859-2'>")
                .as_deref(),
            Some("iso-8859-2")
        );
    }
}

#[cfg(test)]
mod nesting_tests {
    use super::*;

    #[test]
    fn nesting_past_the_cap_is_flattened_in_linear_time() {
        let page = format!("<p>before</p>{}deep text{}", "<div>".repeat(100_000), "</div>".repeat(100_000));
        let capped = cap_nesting(&page, MAX_DEPTH);
        assert!(capped.matches("<div>").count() == MAX_DEPTH, "{}", capped.matches("<div>").count());
        let t0 = std::time::Instant::now();
        let t = article_text(&page);
        assert!(t.starts_with("before") && t.contains("deep text"));
        // Uncapped, html5ever takes about 9 s here; capped, well under a second (debug builds too).
        assert!(t0.elapsed().as_secs_f64() < 5.0, "{:?}", t0.elapsed());
        // Within the cap, and with script text that looks like tags, the page is left as it is.
        let normal = "<div><script>if (a<b) { x = '<div><div>'; }</script><p>One<p>Two</div>";
        assert!(matches!(cap_nesting(normal, 2), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn deep_nesting_of_many_kinds_does_not_overflow() {
        for open in ["<b>", "<blockquote>", "<table><tr><td>", "<ul><li>", "<a href=x>", "<nav>"] {
            let mut s = String::from("<p>before</p>");
            for _ in 0..10_000 {
                s.push_str(open);
            }
            s.push_str("deep text");
            let t = article_text(&s);
            assert!(t.starts_with("before"), "{open}");
            if open != "<nav>" {
                assert!(t.contains("deep text"), "{open}");
            } else {
                assert!(!t.contains("deep text"));
            }
        }
    }
}
