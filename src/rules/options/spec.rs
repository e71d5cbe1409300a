//! The grammar of a match's rules comment, which `--rules` takes too:
//!
//! ```text
//! rulesText = preset [ "," option ]^(0-) [ note ]^(0-1)
//! preset    = word                       ; a preset's code, any case: jpml, m-league, Tenhou
//! option    = name "=" value             ; a name of named::OPTIONS, a value it takes
//! note      = "(" any text ")"           ; free text, kept as written
//! ```
//!
//! Spaces around every part are allowed. Words after the preset before the first comma are part of
//! the note (`Tenhou phoenix room`, as older files wrote it). An unknown preset, option or value is
//! a problem with its byte offset in the text: the caller warns about it once and ignores it.

use crate::i18n::{Text, tr};

use super::named::NotTaken;
use super::{RuleOptions, RulesPreset};

/// A rules text read: its preset (if known), its settings in order, its note.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSpec {
    /// The preset's word as written (`jpml`).
    pub preset_word: String,
    pub preset: Option<RulesPreset>,
    /// Each `NAME=VALUE` with the byte offset of its name.
    pub settings: Vec<(String, String, usize)>,
    /// Pieces that are no `NAME=VALUE`, with their offsets.
    pub malformed: Vec<(String, usize)>,
    /// The free text (with its parentheses), if any.
    pub note: Option<String>,
}

/// A part of a rules text that was not taken: where it starts (a byte offset in the text) and
/// why, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecProblem {
    pub offset: usize,
    pub message: Text,
}

/// `rulesText`, with every part's offset.
impl RulesSpec {
    pub fn parse(text: &str) -> RulesSpec {
        // note = "(" any text ")": from the first parenthesis on.
        let (body, note) = match text.find('(') {
            Some(i) => (&text[..i], Some(text[i..].trim_end().to_string())),
            None => (text, None),
        };
        let mut spec = RulesSpec { note, ..RulesSpec::default() };
        let mut offset = 0;
        for (n, piece) in body.split(',').enumerate() {
            let at = offset + (piece.len() - piece.trim_start().len());
            offset += piece.len() + 1;
            let piece = piece.trim();
            if n == 0 {
                // preset = word; words after it are the note's (older files).
                let mut words = piece.splitn(2, char::is_whitespace);
                spec.preset_word = words.next().unwrap_or_default().to_string();
                spec.preset = RulesPreset::from_code(&spec.preset_word);
                if let Some(rest) = words.next().map(str::trim).filter(|r| !r.is_empty()) {
                    spec.note = Some(match spec.note.take() {
                        Some(note) => format!("{rest} {note}"),
                        None => rest.to_string(),
                    });
                }
                continue;
            }
            // option = name "=" value
            match piece.split_once('=') {
                Some((name, value)) if !name.trim().is_empty() => {
                    spec.settings.push((name.trim().to_string(), value.trim().to_string(), at))
                }
                _ if piece.is_empty() => {}
                _ => spec.malformed.push((piece.to_string(), at)),
            }
        }
        spec
    }

    /// The options this text gives: its preset's (else `default`'s) with its settings made, and
    /// what was not taken (an unknown preset, option or value; a piece that is no option).
    pub fn options_over(&self, default: &RuleOptions) -> (RuleOptions, Vec<SpecProblem>) {
        let mut problems = Vec::new();
        let mut opts = match self.preset {
            Some(p) => p.options(),
            None => {
                let known = RulesPreset::ALL.map(|p| p.code()).join(", ");
                let message = tr!("rules-unknown-preset", name = self.preset_word.as_str(), known = known);
                problems.push(SpecProblem { offset: 0, message });
                *default
            }
        };
        for (name, value, at) in &self.settings {
            let message = match opts.set(name, value) {
                Ok(()) => continue,
                Err(NotTaken::UnknownName) => {
                    let known = super::named::OPTIONS.iter().map(|o| o.name).collect::<Vec<_>>().join(", ");
                    tr!("rules-option-unknown", name = name.as_str(), known = known)
                }
                Err(NotTaken::BadValue(values)) => {
                    tr!("rules-option-bad-value", name = name.as_str(), value = value.as_str(), values = values)
                }
            };
            problems.push(SpecProblem { offset: *at, message });
        }
        for (piece, at) in &self.malformed {
            problems.push(SpecProblem { offset: *at, message: tr!("rules-option-malformed", piece = piece.as_str()) });
        }
        (opts, problems)
    }

    /// The text of a preset with the options that differ from it, and a note: the printer that
    /// mirrors [`RulesSpec::parse`] (`jpml, red=one-per-suit (studio rules)`).
    pub fn write(preset: RulesPreset, options: &RuleOptions, note: Option<&str>) -> String {
        let mut out = preset.code().to_string();
        for (name, value) in options.differences(&preset.options()) {
            out.push_str(&format!(", {name}={value}"));
        }
        if let Some(n) = note.map(str::trim).filter(|n| !n.is_empty()) {
            let n = n.replace(['\n', '\r'], " ");
            if n.starts_with('(') && n.ends_with(')') {
                out.push_str(&format!(" {n}"));
            } else {
                out.push_str(&format!(" ({n})"));
            }
        }
        out
    }
}

impl RulesPreset {
    /// The preset a match's rules comment starts with (`// rules: jpml, red=one-per-suit`), if
    /// it names a known one.
    pub fn of_match(m: &crate::format::Match) -> Option<RulesPreset> {
        m.rules.as_deref().and_then(|r| RulesSpec::parse(r).preset)
    }
}

impl RulesSpec {
    /// What a rules text holds after its preset: its differences and note as written
    /// (`kiriage=yes (studio)` of `jpml, kiriage=yes (studio)`).
    /// Words after the preset before any comma or bracket (`Tenhou phoenix room`, as older files
    /// wrote a note) come back in brackets, as the grammar writes a note.
    pub fn tail(text: &str) -> String {
        let text = text.trim();
        let end = text.find(|c: char| c == ',' || c == '(' || c.is_whitespace()).unwrap_or(text.len());
        let rest = text[end..].trim_start();
        if rest.is_empty() || rest.starts_with([',', '(']) {
            return rest.trim_start_matches(',').trim().to_string();
        }
        let cut = rest.find([',', '(']).unwrap_or(rest.len());
        let (words, after) = rest.split_at(cut);
        let after = after.trim();
        match after.strip_prefix(',') {
            Some(settings) => format!("{} ({})", settings.trim(), words.trim()),
            None if after.is_empty() => format!("({})", words.trim()),
            None => format!("({}) {after}", words.trim()),
        }
    }

    /// A preset and a tail (its differences and note, as [`RulesSpec::tail`] gives them) as one
    /// rules text.
    pub fn with_tail(preset: RulesPreset, tail: &str) -> String {
        let tail = tail.trim().trim_start_matches(',').trim().replace(['\n', '\r'], " ");
        match tail.as_str() {
            "" => preset.code().to_string(),
            t if t.starts_with('(') => format!("{} {t}", preset.code()),
            t => format!("{}, {t}", preset.code()),
        }
    }

    /// A rules text as two desks compare it: the preset's code, each setting as `name=value` in
    /// lower case, the note as written (`Jpml,Kiriage = YES` and `jpml, kiriage=yes` are one).
    /// A text whose preset is unknown stays as written.
    pub fn canonical(text: &str) -> String {
        let spec = RulesSpec::parse(text);
        let Some(preset) = spec.preset else { return text.trim().to_string() };
        let settings: Vec<String> = spec
            .settings
            .iter()
            .map(|(n, v, _)| format!("{}={}", n.to_ascii_lowercase(), v.to_ascii_lowercase()))
            .chain(spec.malformed.iter().map(|(p, _)| p.clone()))
            .collect();
        let note = spec.note.as_deref().map(|n| if n.starts_with('(') { n.to_string() } else { format!("({n})") });
        RulesSpec::with_tail(preset, &[settings.join(", "), note.unwrap_or_default()].join(" "))
    }

    /// `text` (a match's rules) with its preset replaced by `preset`, its settings and note kept
    /// as written.
    pub fn with_preset(text: Option<&str>, preset: RulesPreset) -> String {
        RulesSpec::with_tail(preset, &RulesSpec::tail(text.unwrap_or_default()))
    }
}

/// The options a rules text gives over `default`, and what was not taken.
pub fn read(text: &str, default: &RuleOptions) -> (RuleOptions, Vec<SpecProblem>) {
    RulesSpec::parse(text).options_over(default)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::Points;

    #[test]
    fn every_option_reads_back_what_it_writes_under_every_preset() {
        for p in RulesPreset::ALL {
            let opts = p.options();
            for o in super::super::named::OPTIONS {
                let v = opts.get(o.name).unwrap_or_else(|| panic!("{} has no value", o.name));
                let mut other = RuleOptions::M_LEAGUE;
                other.set(o.name, &v).unwrap_or_else(|e| panic!("{} = {v}: {e:?}", o.name));
                assert_eq!(other.get(o.name), Some(v), "{}", o.name);
            }
            let mut rebuilt = RuleOptions::M_LEAGUE;
            for (name, value) in opts.differences(&RuleOptions::M_LEAGUE) {
                rebuilt.set(name, &value).unwrap();
            }
            assert_eq!(rebuilt, opts, "{} from its differences", p.code());
        }
    }

    #[test]
    fn a_preset_with_its_differences_and_a_note() {
        let text = "jpml, red=one-per-suit, noten = 1500 (studio rules, 2026)";
        let spec = RulesSpec::parse(text);
        assert_eq!(spec.preset, Some(RulesPreset::Jpml));
        assert_eq!(spec.note.as_deref(), Some("(studio rules, 2026)"));
        let (opts, problems) = spec.options_over(&RuleOptions::M_LEAGUE);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(opts.red_fives);
        assert_eq!(opts.noten_total, Points(15));
        assert!(!opts.ura_dora, "the rest is the preset's");
        let written = RulesSpec::write(RulesPreset::Jpml, &opts, spec.note.as_deref());
        assert_eq!(written, "jpml, red=one-per-suit, noten=1500 (studio rules, 2026)");
        assert_eq!(read(&written, &RuleOptions::M_LEAGUE).0, opts, "the printer mirrors the parser");
    }

    #[test]
    fn what_is_not_taken_is_said_with_its_offset_and_ignored() {
        let text = "ema, urra=no, kiriage=maybe, ippatsu";
        let (opts, problems) = read(text, &RuleOptions::M_LEAGUE);
        assert_eq!(opts, RulesPreset::Ema.options(), "nothing taken");
        let at: Vec<usize> = problems.iter().map(|p| p.offset).collect();
        assert_eq!(at, [5, 14, 29]);
        assert!(problems[0].message.en.contains("urra"), "{:?}", problems[0]);
        assert!(problems[1].message.en.contains("yes | no"), "{:?}", problems[1]);
        assert!(!problems[2].message.ja.is_empty());
        // An unknown preset: the default's options, with the settings still made.
        let (opts, problems) = read("house, kiriage=no", &RuleOptions::TENHOU);
        assert_eq!(opts, RuleOptions { kiriage: false, ..RuleOptions::TENHOU });
        assert_eq!(problems.len(), 1);
        assert!(problems[0].message.en.contains("\"house\""));
    }

    #[test]
    fn the_tail_after_the_preset_is_kept_when_the_preset_changes() {
        assert_eq!(RulesSpec::tail("jpml, kiriage=yes (cup)"), "kiriage=yes (cup)");
        assert_eq!(RulesSpec::tail("Tenhou phoenix room"), "(phoenix room)");
        assert_eq!(RulesSpec::with_preset(Some("Tenhou phoenix room"), RulesPreset::Wrc), "wrc (phoenix room)");
        assert!(
            read(&RulesSpec::with_preset(Some("Tenhou phoenix room"), RulesPreset::Wrc), &RuleOptions::EMA)
                .1
                .is_empty()
        );
        assert_eq!(RulesSpec::tail("ema"), "");
        assert_eq!(RulesSpec::with_tail(RulesPreset::Wrc, "kiriage=no"), "wrc, kiriage=no");
        assert_eq!(RulesSpec::with_tail(RulesPreset::Wrc, "(cup)"), "wrc (cup)");
        assert_eq!(RulesSpec::with_tail(RulesPreset::Wrc, " "), "wrc");
        assert_eq!(
            RulesSpec::with_preset(Some("jpml, red=one-per-suit (cup)"), RulesPreset::Ema),
            "ema, red=one-per-suit (cup)"
        );
        assert_eq!(RulesSpec::with_preset(None, RulesPreset::Ema), "ema");
    }

    #[test]
    fn two_desks_writing_the_same_rules_otherwise_name_the_same_rules() {
        assert_eq!(RulesSpec::canonical("Jpml,Kiriage = YES"), RulesSpec::canonical("jpml, kiriage=yes"));
        assert_eq!(RulesSpec::canonical("jpml, kiriage=yes (cup)"), "jpml, kiriage=yes (cup)");
        assert_eq!(RulesSpec::canonical("Tenhou phoenix room"), "tenhou (phoenix room)");
        assert_ne!(RulesSpec::canonical("jpml, kiriage=yes"), RulesSpec::canonical("jpml"));
        assert_eq!(RulesSpec::canonical(" house rules "), "house rules");
    }

    #[test]
    fn older_comments_read_as_before() {
        let spec = RulesSpec::parse("Tenhou phoenix room");
        assert_eq!(spec.preset, Some(RulesPreset::Tenhou));
        assert_eq!(spec.note.as_deref(), Some("phoenix room"));
        assert_eq!(RulesSpec::parse("Tenhou (phoenix room)").preset, Some(RulesPreset::Tenhou));
    }
}
