//! Double entry started: another recording of the match read and compared with the open one.

use std::path::Path;

use super::Reconciliation;
use crate::document::{Document, io};
use crate::i18n::{Text, tr};

impl Reconciliation {
    /// The recording at `path` compared with `doc`, and what to tell (how many differences);
    /// why not when the file does not read. The other recording may be a log (tenhou's, mjai,
    /// the official M League record): it is converted first.
    pub fn start(doc: &Document, path: &Path) -> Result<(Reconciliation, Text), Text> {
        let other = match io::read_any(path, None, &io::RealDisk).map_err(|e| e.text())? {
            io::Contents::Paifu(loaded) => loaded.parsed.paifu,
            io::Contents::Log { paifu, .. } => paifu,
        };
        let model = Reconciliation::new(doc, path, other);
        let told = tr!("double-entry-compared", path = path.display().to_string(), count = model.differences().len());
        Ok((model, told))
    }
}
