//! The page being finished: its HTML, filled at markers that must each appear exactly once (a
//! marker missing or repeated means index.html and this program disagree, so the build stops
//! rather than shipping a placeholder).

pub struct Page {
    html: String,
}

impl Page {
    pub fn new(html: &str) -> Page {
        Page { html: html.into() }
    }

    /// Replaces the one `marker` with `text`.
    pub fn fill(&mut self, marker: &str, text: &str) -> Result<(), String> {
        match self.html.matches(marker).count() {
            1 => {
                self.html = self.html.replacen(marker, text, 1);
                Ok(())
            }
            n => Err(format!(
                "index.html has {n} copies of {marker:?}, where one was expected"
            )),
        }
    }

    /// Inserts `text` at the start of the head.
    pub fn prepend_to_head(&mut self, text: &str) -> Result<(), String> {
        self.fill("<head>", &format!("<head>\n    {text}"))
    }

    /// The contents of every inline `<tag …>…</tag>` element (those with a `src` excluded).
    pub fn inline_bodies(&self, tag: &str) -> Vec<&str> {
        let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
        let mut found = Vec::new();
        let mut rest = self.html.as_str();
        while let Some(at) = rest.find(&open) {
            rest = &rest[at + open.len()..];
            // `<scripts…` or `<styles…` are other names.
            if !rest.starts_with(['>', ' ', '\n', '\t']) {
                continue;
            }
            let Some(end_of_tag) = rest.find('>') else {
                break;
            };
            let attributes = &rest[..end_of_tag];
            let body = &rest[end_of_tag + 1..];
            let Some(end) = body.find(&close) else {
                break;
            };
            if !attributes.contains(" src=") {
                found.push(&body[..end]);
            }
            rest = &body[end + close.len()..];
        }
        found
    }

    pub fn into_html(self) -> String {
        self.html
    }
}

/// The value of the first `name="…"` attribute in `html`.
pub fn attribute(html: &str, name: &str) -> Option<String> {
    let start = html.find(&format!("{name}=\""))? + name.len() + 2;
    let len = html[start..].find('"')?;
    Some(html[start..start + len].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_marker_is_filled_once_and_a_missing_or_repeated_one_is_an_error() {
        let mut p = Page::new("<a><!-- m --></a>");
        p.fill("<!-- m -->", "x").unwrap();
        assert_eq!(p.into_html(), "<a>x</a>");
        assert!(Page::new("<a></a>").fill("<!-- m -->", "x").is_err());
        assert!(Page::new("<!-- m --><!-- m -->")
            .fill("<!-- m -->", "x")
            .is_err());
    }

    #[test]
    fn inline_bodies_skip_external_scripts_and_other_tags() {
        let p = Page::new(
            "<script>a</script><script src=\"x.js\"></script><scripts>no</scripts>\
             <script type=\"module\">b</script><style>c</style>",
        );
        assert_eq!(p.inline_bodies("script"), ["a", "b"]);
        assert_eq!(p.inline_bodies("style"), ["c"]);
    }

    #[test]
    fn attribute_reads_the_first_value() {
        assert_eq!(
            attribute("<link data-x=\"--a --b\" data-x=\"c\">", "data-x").as_deref(),
            Some("--a --b")
        );
        assert_eq!(attribute("<link>", "data-x"), None);
    }
}
