//! A text of the standard in its native script and romanized.

/// `strLit = ["snt[" quoted "]"]^(0-1) ["srm[" quoted "]"]^(0-1)`: a text in its native script
/// and romanized. A field with neither part is written as absent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StrLit {
    /// Native script (`snt`), e.g. Japanese.
    pub native: Option<String>,
    /// Romanized (`srm`).
    pub roman: Option<String>,
}

impl StrLit {
    /// A text with only its native form.
    pub fn native(s: impl Into<String>) -> StrLit {
        StrLit { native: Some(s.into()), roman: None }
    }

    /// True when neither part is given.
    pub fn is_empty(&self) -> bool {
        self.native.is_none() && self.roman.is_none()
    }
}
