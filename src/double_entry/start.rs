//! Double entry started: another recording of the match read and compared with the open one.

use std::path::Path;

use super::Reconciliation;
use crate::document::{Document, io};
use crate::i18n::{Text, tr};

impl Reconciliation {
    /// The recording at `path` compared with `doc`, and what to tell (how many differences);
    /// why not when the file does not read.
    pub fn start(doc: &Document, path: &Path) -> Result<(Reconciliation, Text), Text> {
        let loaded = io::load(path).map_err(|e| e.text())?;
        let model = Reconciliation::new(doc, path, loaded.parsed.paifu);
        let told = tr!("double-entry-compared", path = path.display().to_string(), count = model.differences().len());
        Ok((model, told))
    }
}
