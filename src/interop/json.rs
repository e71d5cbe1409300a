//! What the JSON readers share: serde's errors made [`ConvertError`]s, and the pieces their
//! hand-written `Deserialize`s are made of.
//!
//! A `Deserialize` can only fail with the deserializer's error, which holds a message. A fault the
//! reader finds in a value (a tile code that is no tile, a call without its letter) is a
//! [`ConvertError`] in both languages: [`fault`] keeps it aside and puts its number in serde's
//! message, and [`error_of`] takes it back by that number; any other error is serde_json's own
//! (the JSON is broken, cut off or nested deeper than 128), told at its line and column.
//!
//! [`JsonShape`] reads one value whose kind the log fixes (a list, a number, a tile name): what
//! arrives in place of the expected kind is given to [`JsonShape::other`] as a `Value`, so the error
//! can show it, at most 128 deep as everywhere in serde_json.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use super::ConvertError;
use crate::i18n::{Text, tr};

/// How a message of [`fault`] starts: the number of the fault that follows it is kept in
/// [`FAULTS`]. No message of serde_json starts so.
const MARK: &str = "jmjp-fault #";

/// How many faults a thread keeps for their errors to be read back: a reading stops at its first
/// error, so only faults of readings that went on (a fault of an alternative serde tried and
/// dropped) are ever left unread, and the oldest go first.
const KEPT: usize = 64;

/// A fault a reader found: where (if the reader knows) and what, in both languages.
type Fault = (Option<Text>, Text);

thread_local! {
    /// The last [`KEPT`] faults of this thread, by number: a `Deserialize` can only fail with the
    /// deserializer's error, which holds a message; the fault itself, a Fluent text in both
    /// languages, waits here for [`error_of`] to take it back by the number in that message.
    static FAULTS: RefCell<VecDeque<(u64, Fault)>> = const { RefCell::new(VecDeque::new()) };
    static NEXT: Cell<u64> = const { Cell::new(0) };
}

/// serde's error carrying a fault at `at` (the caller's place when `None`, as an mjai line).
pub(crate) fn fault<E: de::Error>(at: Option<Text>, message: Text) -> E {
    let n = NEXT.with(|c| {
        let n = c.get();
        c.set(n.wrapping_add(1));
        n
    });
    FAULTS.with(|f| {
        let mut f = f.borrow_mut();
        if f.len() >= KEPT {
            f.pop_front();
        }
        f.push_back((n, (at, message)));
    });
    E::custom(format_args!("{MARK}{n}"))
}

/// The fault whose number `message` gives, taken out of [`FAULTS`].
fn take_fault(message: &str) -> Option<Fault> {
    let rest = message.strip_prefix(MARK)?;
    let n: u64 = rest.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()?;
    FAULTS.with(|f| {
        let mut f = f.borrow_mut();
        let i = f.iter().position(|(k, _)| *k == n)?;
        f.remove(i).map(|(_, fault)| fault)
    })
}

/// serde_json's error as a conversion error: a [`fault`]'s place and words (its place `None` when
/// the fault left it to the caller), or a broken JSON at its line and column.
pub(crate) fn error_of(e: &serde_json::Error) -> (Option<Text>, Text) {
    let text = e.to_string();
    if let Some(fault) = take_fault(&text) {
        return fault;
    }
    let at = tr!("interop-line-column", line = e.line(), column = e.column());
    let message = match e.classify() {
        serde_json::error::Category::Eof => tr!("interop-json-cut-off").text(),
        // Valid JSON, but not of the form: a duplicate key, a `type` that is no text.
        serde_json::error::Category::Data => tr!("interop-json-unexpected", error = text),
        _ => tr!("interop-json-invalid", error = text),
    };
    (Some(at), message)
}

/// A JSON error as a conversion error; a fault without a place is at `default`.
pub(crate) fn convert_error(e: &serde_json::Error, default: impl FnOnce() -> Text) -> ConvertError {
    let (at, message) = error_of(e);
    ConvertError::new(at.unwrap_or_else(default), message)
}

/// The value a reader expects at one place, and what it makes of it. Every kind has a default:
/// the value, as a `Value`, to [`JsonShape::other`], which says why it does not belong there.
pub(crate) trait JsonShape<'de>: Sized {
    type Out;

    /// What was expected, for serde's messages (which [`JsonShape::other`] pre-empts).
    const EXPECTING: &'static str = "a value of a log";

    /// A value of another kind than expected: an error, or a lenient reading.
    fn other<E: de::Error>(self, v: Value) -> Result<Self::Out, E>;

    fn int<E: de::Error>(self, n: i64) -> Result<Self::Out, E> {
        self.other(Value::from(n))
    }

    fn text<E: de::Error>(self, s: &str) -> Result<Self::Out, E> {
        self.other(Value::from(s))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Out, A::Error> {
        let v = Value::deserialize(SeqAccessDeserializer::new(seq))?;
        self.other(v)
    }

    fn map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Out, A::Error> {
        let v = Value::deserialize(MapAccessDeserializer::new(map))?;
        self.other(v)
    }
}

/// The visitor of a [`JsonShape`].
pub(crate) struct Visit<S>(pub(crate) S);

impl<'de, S: JsonShape<'de>> Visitor<'de> for Visit<S> {
    type Value = S::Out;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(S::EXPECTING)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<S::Out, E> {
        self.0.other(Value::Bool(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<S::Out, E> {
        self.0.int(v)
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<S::Out, E> {
        match i64::try_from(v) {
            Ok(n) => self.0.int(n),
            Err(_) => self.0.other(Value::from(v)),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<S::Out, E> {
        self.0.other(Value::from(v))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<S::Out, E> {
        self.0.text(v)
    }

    fn visit_unit<E: de::Error>(self) -> Result<S::Out, E> {
        self.0.other(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<S::Out, E> {
        self.0.other(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<S::Out, D::Error> {
        d.deserialize_any(self)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<S::Out, A::Error> {
        self.0.list(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<S::Out, A::Error> {
        self.0.map(map)
    }
}

/// A [`JsonShape`] as a seed, to read a list's items or a map's values with it.
pub(crate) struct Seed<S>(pub(crate) S);

impl<'de, S: JsonShape<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Out;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Out, D::Error> {
        d.deserialize_any(Visit(self.0))
    }
}

/// Reads a value with a shape.
pub(crate) fn read<'de, S: JsonShape<'de>, D: Deserializer<'de>>(d: D, shape: S) -> Result<S::Out, D::Error> {
    d.deserialize_any(Visit(shape))
}

/// A value read and dropped, nested at most 128 deep like every value serde_json reads into a
/// type (serde's `IgnoredAny` is read without that limit, and a million brackets would be read
/// to the end of the file before the error).
pub(crate) struct Skip;

impl<'de> JsonShape<'de> for Skip {
    type Out = ();

    fn other<E: de::Error>(self, _: Value) -> Result<(), E> {
        Ok(())
    }

    fn int<E: de::Error>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn text<E: de::Error>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Seed(Skip))?.is_some() {}
        Ok(())
    }

    fn map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map.next_key::<IgnoredAny>()?.is_some() {
            map.next_value_seed(Seed(Skip))?;
        }
        Ok(())
    }
}

/// Skips what is left of a list.
pub(crate) fn skip_rest<'de, A: SeqAccess<'de>>(seq: &mut A) -> Result<(), A::Error> {
    while seq.next_element_seed(Seed(Skip))?.is_some() {}
    Ok(())
}

/// A value read leniently: `T` when it is one, else nothing (and skipped).
pub(crate) struct Lenient<T>(PhantomData<T>);

impl<T> Lenient<T> {
    pub(crate) fn new() -> Lenient<T> {
        Lenient(PhantomData)
    }
}

impl<'de> JsonShape<'de> for Lenient<String> {
    type Out = Option<String>;

    fn other<E: de::Error>(self, _: Value) -> Result<Option<String>, E> {
        Ok(None)
    }

    fn text<E: de::Error>(self, s: &str) -> Result<Option<String>, E> {
        Ok(Some(s.to_string()))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<String>, A::Error> {
        Skip.list(seq).map(|()| None)
    }

    fn map<A: MapAccess<'de>>(self, map: A) -> Result<Option<String>, A::Error> {
        Skip.map(map).map(|()| None)
    }
}

impl<'de> JsonShape<'de> for Lenient<i64> {
    type Out = Option<i64>;

    fn other<E: de::Error>(self, _: Value) -> Result<Option<i64>, E> {
        Ok(None)
    }

    fn int<E: de::Error>(self, n: i64) -> Result<Option<i64>, E> {
        Ok(Some(n))
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<i64>, A::Error> {
        Skip.list(seq).map(|()| None)
    }

    fn map<A: MapAccess<'de>>(self, map: A) -> Result<Option<i64>, A::Error> {
        Skip.map(map).map(|()| None)
    }
}

impl<'de> JsonShape<'de> for Lenient<bool> {
    type Out = Option<bool>;

    fn other<E: de::Error>(self, v: Value) -> Result<Option<bool>, E> {
        Ok(v.as_bool())
    }

    fn list<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<bool>, A::Error> {
        Skip.list(seq).map(|()| None)
    }

    fn map<A: MapAccess<'de>>(self, map: A) -> Result<Option<bool>, A::Error> {
        Skip.map(map).map(|()| None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Even;

    impl<'de> JsonShape<'de> for Even {
        type Out = i64;

        fn other<E: de::Error>(self, v: Value) -> Result<i64, E> {
            Err(fault(Some(Text::verbatim("here")), Text::new(format!("{v} is odd"), format!("{v} は奇数"))))
        }

        fn int<E: de::Error>(self, n: i64) -> Result<i64, E> {
            if n % 2 == 0 { Ok(n) } else { self.other(Value::from(n)) }
        }
    }

    struct Evens(Vec<i64>);

    impl<'de> Deserialize<'de> for Evens {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Evens, D::Error> {
            struct List;
            impl<'de> JsonShape<'de> for List {
                type Out = Vec<i64>;
                fn other<E: de::Error>(self, _: Value) -> Result<Vec<i64>, E> {
                    Err(fault(None, Text::verbatim("not a list")))
                }
                fn list<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<i64>, A::Error> {
                    let mut out = vec![];
                    while let Some(n) = seq.next_element_seed(Seed(Even))? {
                        out.push(n);
                    }
                    Ok(out)
                }
            }
            read(d, List).map(Evens)
        }
    }

    #[test]
    fn a_fault_comes_back_whole_and_other_errors_say_the_line_and_column() {
        assert_eq!(serde_json::from_str::<Evens>("[2, 4]").map(|e| e.0).ok(), Some(vec![2, 4]));
        let e = serde_json::from_str::<Evens>("[2,\n \"x\\u0000\"]").err().unwrap();
        let (at, message) = error_of(&e);
        assert_eq!(at, Some(Text::verbatim("here")));
        assert_eq!(message, Text::new("\"x\\u0000\" is odd", "\"x\\u0000\" は奇数"));
        let (at, message) = error_of(&serde_json::from_str::<Evens>("{}").err().unwrap());
        assert_eq!((at, message.en.as_str()), (None, "not a list"));
        let (at, message) = error_of(&serde_json::from_str::<Evens>("[2,\n 4").err().unwrap());
        assert_eq!(at.map(|t| t.en), Some("line 2, column 2".to_string()));
        assert!(message.en.contains("ends too early"), "{message:?}");
        let deep = format!("[2,{}", "[".repeat(1000));
        let (_, message) = error_of(&serde_json::from_str::<Evens>(&deep).err().unwrap());
        assert!(message.en.contains("recursion limit"), "{message:?}");
        let skipped = format!("{}{}", "[".repeat(1000), "]".repeat(1000));
        let (_, message) = error_of(&serde_json::from_str::<Skipped>(&skipped).err().unwrap());
        assert!(message.en.contains("recursion limit"), "{message:?}");
        assert!(serde_json::from_str::<Skipped>(r#"[{"a":[1,"b",null]},{}]"#).is_ok());
    }

    /// serde's untagged enums try each variant and drop the errors of those that do not fit:
    /// a fault of a dropped variant is never taken for a later error, and what a thread keeps is
    /// bounded however many are dropped.
    #[derive(Deserialize)]
    #[serde(untagged)]
    #[allow(dead_code)]
    enum EvensOrText {
        Evens(Evens),
        Text(String),
    }

    #[test]
    fn a_fault_of_a_dropped_alternative_is_never_told_and_never_piles_up() {
        for _ in 0..1000 {
            assert!(serde_json::from_str::<EvensOrText>("[2, 3]").is_err());
            assert!(matches!(serde_json::from_str::<EvensOrText>(r#""x""#), Ok(EvensOrText::Text(_))));
        }
        assert!(FAULTS.with(|f| f.borrow().len()) <= KEPT);
        let e = serde_json::from_str::<EvensOrText>("[2, 3]").err().unwrap();
        let (_, message) = error_of(&e);
        assert!(message.en.contains("did not match any variant") && !message.en.contains("odd"), "{message:?}");
        // A message that only looks like one of ours is serde's own.
        let e = serde_json::from_str::<Evens>(r#"[2, 4, "jmjp-fault #0"]"#).err().unwrap();
        assert_eq!(error_of(&e).1.en, "\"jmjp-fault #0\" is odd");
    }

    struct Skipped;

    impl<'de> Deserialize<'de> for Skipped {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skipped, D::Error> {
            read(d, Skip).map(|()| Skipped)
        }
    }
}
