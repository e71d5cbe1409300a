//! The message files (`en.ftl`, `ja.ftl`, Project Fluent) built into the program, loaded once.
//!
//! A damaged file never stops the program: what parses is used, and what went wrong is kept for
//! [`super::catalogue_problems`] (a test requires it to be empty). A message that cannot be
//! formatted (missing, or a variable not given) shows its id.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
use rustc_hash::FxHashMap as HashMap;
use unic_langid::LanguageIdentifier;

use super::text::{Arg, Lang};

/// The English messages, as a translator edits them.
pub const ENGLISH: &str = include_str!("en.ftl");
/// The Japanese messages, as a translator edits them.
pub const JAPANESE: &str = include_str!("ja.ftl");

/// One language's messages.
struct Language {
    bundle: FluentBundle<FluentResource>,
    /// Every message id, in the order of the file.
    ids: Vec<String>,
    /// The messages without variables, formatted once (they are most of the interface).
    plain: HashMap<String, String>,
    /// The messages that are only text and variables, as pieces to join: formatted without
    /// Fluent's resolver, as fast as `format!` (a replay that finds errors makes many).
    pieces: HashMap<String, Vec<Piece>>,
}

/// A piece of a message that is only text and variables.
#[derive(Debug)]
enum Piece {
    Text(String),
    Variable(String),
}

struct Catalogue {
    en: Language,
    ja: Language,
    problems: Vec<String>,
}

static CATALOGUE: LazyLock<Catalogue> = LazyLock::new(|| {
    let mut problems = Vec::new();
    let en = load("en.ftl", "en", ENGLISH, &mut problems);
    let ja = load("ja.ftl", "ja", JAPANESE, &mut problems);
    Catalogue { en, ja, problems }
});

fn load(file: &str, locale: &str, source: &str, problems: &mut Vec<String>) -> Language {
    let resource = match FluentResource::try_new(source.to_string()) {
        Ok(r) => r,
        Err((r, errors)) => {
            for e in errors {
                let line = source[..e.pos.start.min(source.len())].lines().count().max(1);
                problems.push(format!("{file}:{line}: {:?}", e.kind));
            }
            r
        }
    };
    let ids: Vec<String> = resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect();
    let locale: LanguageIdentifier = locale.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![locale]);
    // No bidi isolation marks around variables: the command line prints these texts as they are.
    bundle.set_use_isolating(false);
    if let Err(errors) = bundle.add_resource(resource) {
        problems.extend(errors.iter().map(|e| format!("{file}: {e}")));
    }
    let mut plain = HashMap::default();
    let mut pieces = HashMap::default();
    for id in &ids {
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            problems.push(format!("{file}: {id} has no text"));
            continue;
        };
        if let Some(p) = pieces_of(pattern) {
            pieces.insert(id.clone(), p);
        }
        if variables_of(&bundle, pattern).is_empty() {
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                plain.insert(id.clone(), text.into_owned());
            } else {
                problems.extend(errors.iter().map(|e| format!("{file}: {id}: {e}")));
            }
        }
    }
    Language { bundle, ids, plain, pieces }
}

fn language(lang: Lang) -> &'static Language {
    match lang {
        Lang::En => &CATALOGUE.en,
        Lang::Ja => &CATALOGUE.ja,
    }
}

/// A message without variables; `None` when there is none of that id, or it needs variables.
pub(super) fn plain(lang: Lang, id: &str) -> Option<&'static str> {
    language(lang).plain.get(id).map(String::as_str)
}

/// A message with its variables; `None` when there is none of that id or it cannot be formatted
/// with these arguments (a variable missing).
pub(super) fn format(lang: Lang, id: &str, args: &[(&str, Arg)]) -> Option<String> {
    let language = language(lang);
    if let Some(pieces) = language.pieces.get(id) {
        return join(pieces, lang, args);
    }
    fluent_format(language, lang, id, args)
}

/// A message of text and variables, its variables given by `args`; `None` when one is missing.
fn join(pieces: &[Piece], lang: Lang, args: &[(&str, Arg)]) -> Option<String> {
    let mut out = String::with_capacity(64);
    for piece in pieces {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Variable(name) => match &args.iter().find(|(n, _)| n == name)?.1 {
                // As Fluent writes a number without options (a whole number the quick way).
                Arg::Number(n) if n.fract() == 0.0 && n.abs() < 9.0e15 && !(*n == 0.0 && n.is_sign_negative()) => {
                    let _ = write!(out, "{}", *n as i64);
                }
                Arg::Number(n) => {
                    let _ = write!(out, "{n}");
                }
                Arg::Word(w) => out.push_str(w),
                Arg::Text(t) => out.push_str(t.get(lang)),
                Arg::Msg(m) => out.push_str(plain(lang, m.id()).unwrap_or(m.id())),
            },
        }
    }
    Some(out)
}

/// The pieces of a pattern that is only text, variables and plain string literals (`{" "}`).
fn pieces_of(pattern: &Pattern<&str>) -> Option<Vec<Piece>> {
    let mut out = Vec::new();
    for element in &pattern.elements {
        out.push(match element {
            PatternElement::TextElement { value } => Piece::Text(value.to_string()),
            PatternElement::Placeable { expression: Expression::Inline(inline) } => match inline {
                InlineExpression::VariableReference { id } => Piece::Variable(id.name.to_string()),
                InlineExpression::StringLiteral { value } if !value.contains('\\') => Piece::Text(value.to_string()),
                _ => return None,
            },
            PatternElement::Placeable { .. } => return None,
        });
    }
    Some(out)
}

/// A message formatted by Fluent (selectors, references to other messages).
fn fluent_format(language: &Language, lang: Lang, id: &str, args: &[(&str, Arg)]) -> Option<String> {
    let pattern = language.bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::with_capacity(args.len());
    for (name, arg) in args {
        let value: FluentValue = match arg {
            Arg::Number(n) => (*n).into(),
            Arg::Word(s) => s.as_str().into(),
            Arg::Text(t) => t.get(lang).into(),
            Arg::Msg(m) => plain(lang, m.id()).unwrap_or(m.id()).into(),
        };
        fluent_args.set(*name, value);
    }
    let mut errors = Vec::new();
    let text = language.bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// Every message id of one language, in the order of its file.
pub(super) fn ids(lang: Lang) -> impl Iterator<Item = &'static str> {
    language(lang).ids.iter().map(String::as_str)
}

/// The variables a message of one language uses (`None`: no such message).
pub(super) fn variables(lang: Lang, id: &str) -> Option<BTreeSet<&'static str>> {
    let bundle = &language(lang).bundle;
    Some(variables_of(bundle, bundle.get_message(id)?.value()?))
}

/// What went wrong loading the files (empty when both parse and no id repeats).
pub(super) fn problems() -> &'static [String] {
    &CATALOGUE.problems
}

/// The variables a pattern uses, with those of the messages it refers to (`{ format-month }`
/// is formatted with the caller's arguments).
fn variables_of<'a>(bundle: &'a FluentBundle<FluentResource>, pattern: &'a Pattern<&'a str>) -> BTreeSet<&'a str> {
    let mut walk = Walk { bundle, out: BTreeSet::new(), depth: 0 };
    walk.pattern(pattern);
    walk.out
}

struct Walk<'a> {
    bundle: &'a FluentBundle<FluentResource>,
    out: BTreeSet<&'a str>,
    depth: usize,
}

impl<'a> Walk<'a> {
    fn pattern(&mut self, pattern: &'a Pattern<&'a str>) {
        for element in &pattern.elements {
            if let PatternElement::Placeable { expression } = element {
                self.expression(expression);
            }
        }
    }

    fn expression(&mut self, expression: &'a Expression<&'a str>) {
        match expression {
            Expression::Inline(inline) => self.inline(inline),
            Expression::Select { selector, variants } => {
                self.inline(selector);
                for v in variants {
                    self.pattern(&v.value);
                }
            }
        }
    }

    fn inline(&mut self, inline: &'a InlineExpression<&'a str>) {
        match inline {
            InlineExpression::VariableReference { id } => {
                self.out.insert(id.name);
            }
            InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    self.inline(a);
                }
                for a in &arguments.named {
                    self.inline(&a.value);
                }
            }
            InlineExpression::Placeable { expression } => self.expression(expression),
            InlineExpression::MessageReference { id, attribute: None } if self.depth < 8 => {
                if let Some(pattern) = self.bundle.get_message(id.name).and_then(|m| m.value()) {
                    self.depth += 1;
                    self.pattern(pattern);
                    self.depth -= 1;
                }
            }
            InlineExpression::StringLiteral { .. }
            | InlineExpression::NumberLiteral { .. }
            | InlineExpression::MessageReference { .. }
            | InlineExpression::TermReference { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every message the quick way formats gives what Fluent gives, in both languages.
    #[test]
    fn joined_pieces_read_as_fluent_formats_them() {
        for lang in Lang::ALL {
            let language = language(lang);
            assert!(language.pieces.len() > 100, "most messages are text and variables");
            for (id, pieces) in &language.pieces {
                let names: Vec<&str> = pieces
                    .iter()
                    .filter_map(|p| match p {
                        Piece::Variable(v) => Some(v.as_str()),
                        Piece::Text(_) => None,
                    })
                    .collect();
                for value in [
                    Arg::Number(-1.5),
                    Arg::Number(1000.0),
                    Arg::Number(-0.0),
                    Arg::Number(-7.0),
                    Arg::Word("E1-0".into()),
                ] {
                    let args: Vec<(&str, Arg)> = names.iter().map(|n| (*n, value.clone())).collect();
                    assert_eq!(join(pieces, lang, &args), fluent_format(language, lang, id, &args), "{id}");
                }
            }
        }
    }
}
