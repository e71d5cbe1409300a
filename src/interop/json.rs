//! What the JSON readers share: serde's errors made [`ConvertError`]s, and the pieces their
//! hand-written `Deserialize`s are made of.
//!
//! A `Deserialize` can only fail with the deserializer's error, which holds a message. A fault the
//! reader finds in a value (a tile code that is no tile, a call without its letter) is a
//! [`ConvertError`] in both languages: [`fault`] writes it into serde's message, marked, and
//! [`error_of`] takes it back out; any other error is serde_json's own (the JSON is broken, cut
//! off or nested deeper than 128), told at its line and column.
//!
//! [`JsonShape`] reads one value whose kind the log fixes (a list, a number, a tile name): what
//! arrives in place of the expected kind is given to [`JsonShape::other`] as a `Value`, so the error
//! can show it, at most 128 deep as everywhere in serde_json.

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, SeqAccessDeserializer};
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::ConvertError;
use crate::i18n::{Text, tr};

/// Marks a message of [`fault`]: no message of serde_json starts with a NUL.
const MARK: &str = "\u{0}jmjp-fault";

/// A fault carried in serde's message: where (if the reader knows) and what, in both languages.
#[derive(Serialize, Deserialize)]
struct Carried {
    at: Option<(String, String)>,
    message: (String, String),
}

/// serde's error carrying a fault at `at` (the caller's place when `None`, as an mjai line).
pub(crate) fn fault<E: de::Error>(at: Option<Text>, message: Text) -> E {
    let carried = Carried { at: at.map(|t| (t.en, t.ja)), message: (message.en, message.ja) };
    E::custom(format_args!("{MARK}{}", serde_json::to_string(&carried).unwrap_or_default()))
}

/// serde_json's error as a conversion error: a [`fault`]'s place and words (its place `None` when
/// the fault left it to the caller), or a broken JSON at its line and column.
pub(crate) fn error_of(e: &serde_json::Error) -> (Option<Text>, Text) {
    let text = e.to_string();
    if let Some(rest) = text.strip_prefix(MARK) {
        // The message is followed by serde_json's " at line .. column ..": read the one value.
        let mut values = serde_json::Deserializer::from_str(rest).into_iter::<Carried>();
        if let Some(Ok(c)) = values.next() {
            return (c.at.map(|(en, ja)| Text::new(en, ja)), Text::new(c.message.0, c.message.1));
        }
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

    struct Skipped;

    impl<'de> Deserialize<'de> for Skipped {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skipped, D::Error> {
            read(d, Skip).map(|()| Skipped)
        }
    }
}
