//! Telling the viewer's record by its content, for choosing a reader: this file uses nothing of
//! the converters (their sniffing calls it).

use crate::format::strip_bom;

/// What the viewer's page calls its player with.
pub(super) const INIT: &str = "UMP_PLAYER.init(";

/// How far into a bare array [`looks_like`] looks for a command.
const HEAD: usize = 4000;

/// True for the viewer's record: a JSON array of commands (`"cmd"` and `"args"` near its start),
/// or a page that hands one to `UMP_PLAYER.init(`.
pub fn looks_like(text: &str) -> bool {
    let t = strip_bom(text).trim_start();
    if t.starts_with('[') {
        let head = prefix(t, HEAD);
        return head.contains("\"cmd\"") && head.contains("\"args\"");
    }
    t.contains(INIT)
}

/// At most the first `n` bytes of `s`, cut at a character's start.
fn prefix(s: &str, n: usize) -> &str {
    let mut end = n.min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_array_of_commands_or_the_page_is_told() {
        assert!(looks_like(" [{\"time\":\"x\",\"id\":\"0\",\"cmd\":\"area\",\"args\":[\"-\"]}]"));
        assert!(looks_like("\u{feff}<html><script>UMP_PLAYER.init(true, true, '[]', autoplay);"));
        assert!(!looks_like("[1, 2]"));
        assert!(!looks_like("{\"log\":[]}"));
        assert!(!looks_like(&format!("[{}\"cmd\"", "東".repeat(2000))));
    }
}
