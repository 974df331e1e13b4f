//! The stylesheet as the page inlines it (no request blocks the first paint): comments go,
//! whitespace runs become one space, and the space around braces, semicolons and commas goes.
//! Nothing else is rewritten, so no selector or value changes meaning (a space before ':'
//! stays: `.a :focus` is not `.a:focus`). The first load carries the page's CSS, so its comments
//! and indentation were bytes every visitor downloaded (docs/performance.md).

pub fn minify(css: &str) -> String {
    // Comments out first: `/*` inside a string does not occur in the stylesheet.
    let mut text = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find("/*") {
        text.push_str(&rest[..at]);
        rest = rest[at + 2..]
            .find("*/")
            .map_or("", |end| &rest[at + 2 + end + 2..]);
    }
    text.push_str(rest);
    // Whitespace runs to one space, then none around the punctuation that needs none.
    let spaced = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut out = String::with_capacity(spaced.len());
    let tight = |c: char| matches!(c, '{' | '}' | ';' | ',');
    let chars: Vec<char> = spaced.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1).copied();
            if before.is_some_and(tight) || after.is_some_and(tight) {
                continue;
            }
        }
        out.push(c);
    }
    out.replace(";}", "}").trim().to_string()
}

#[cfg(test)]
mod tests {
    use super::minify;

    #[test]
    fn comments_and_spacing_go_and_meaning_stays() {
        assert_eq!(
            minify("/* a */\n.a :focus , .b {\n  color: red;\n  margin: 0 1px;\n}\n"),
            ".a :focus,.b{color: red;margin: 0 1px}"
        );
        assert_eq!(minify("a{}/* unterminated"), "a{}");
    }

    #[test]
    fn the_shipped_stylesheet_shrinks_and_keeps_every_rule() {
        let css = include_str!("../../../style/main.css");
        let min = minify(css);
        assert!(
            min.len() < css.len() * 4 / 5,
            "{} of {}",
            min.len(),
            css.len()
        );
        assert_eq!(min.matches('{').count(), min.matches('}').count());
        assert!(!min.contains("/*"));
    }
}
