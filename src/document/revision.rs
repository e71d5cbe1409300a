//! The revision stamp: every view that keeps something worked out from the document keeps it
//! with the revision (and whatever else it depends on) it was worked out for, and works it out
//! again only when that key changes.

/// A state of the document. Every edit, undo and redo moves to another revision; undo comes back
/// to the revision the document had before, so a view's cache stays good across undo and redo.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Revision(pub(super) u64);

/// A value worked out from the document, kept with the key it was worked out for (a [`Revision`]
/// and whatever else it depends on: the match and frame shown, the rule options).
#[derive(Clone, Debug)]
pub struct Cached<K, V> {
    key: Option<K>,
    value: V,
}

impl<K, V: Default> Default for Cached<K, V> {
    fn default() -> Self {
        Cached { key: None, value: V::default() }
    }
}

impl<K: PartialEq, V> Cached<K, V> {
    /// The value for `key`, made again by `make` when the key changed.
    pub fn get(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        if self.key.as_ref() != Some(&key) {
            self.value = make();
            self.key = Some(key);
        }
        &mut self.value
    }

    /// True when the value was made for `key`.
    pub fn is_for(&self, key: &K) -> bool {
        self.key.as_ref() == Some(key)
    }

    /// Says the value is now for `key`, leaving it as it is; true when the key changed (the
    /// caller then brings the value up to date itself).
    pub fn renew(&mut self, key: K) -> bool {
        let changed = self.key.as_ref() != Some(&key);
        self.key = Some(key);
        changed
    }

    /// The value as last made (whatever its key).
    pub fn value(&self) -> &V {
        &self.value
    }

    /// Forgets the key: the next [`Cached::get`] makes the value again.
    pub fn clear(&mut self) {
        self.key = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_made_again_only_when_its_key_changes() {
        let mut made = 0;
        let mut c: Cached<(Revision, usize), usize> = Cached::default();
        for key in [(Revision(1), 0), (Revision(1), 0), (Revision(2), 0), (Revision(2), 1), (Revision(2), 1)] {
            c.get(key, || {
                made += 1;
                key.1
            });
        }
        assert_eq!(made, 3);
        assert!(c.is_for(&(Revision(2), 1)));
        c.clear();
        assert!(!c.is_for(&(Revision(2), 1)));
        assert!(c.renew((Revision(3), 0)));
        assert!(!c.renew((Revision(3), 0)));
    }
}
