//! Writing a file atomically: into a temporary file next to it, flushed, then renamed over the
//! old one, so readers see the old file or the new one, never a mix. On Windows a file another
//! program holds open is replaced as far as the system lets it (see [`write_atomic`]).

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Writes `bytes` to `path` atomically: into a temporary file next to it, flushed to disk, then
/// renamed over the old file. Readers see either the old file or the new one, never a mix.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let tmp = dir.join(format!(".{}.{}.tmp", name.to_string_lossy(), std::process::id()));
    let result = (|| {
        let mut f = OpenOptions::new().write(true).create(true).truncate(true).open(&tmp)?;
        if let Ok(meta) = fs::metadata(path) {
            // Keep the permissions of the file being replaced.
            let _ = f.set_permissions(meta.permissions());
        }
        f.write_all(bytes)?;
        f.sync_all()?;
        drop(f);
        rename_over(&tmp, path)?;
        // Make the rename itself durable where the platform allows it.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// How often, and after how long, a rename refused because another program holds the file open
/// is tried again (Windows): 10 + 20 + 40 ms at the most, short enough for the recorder, which
/// saves after every entry and tries again at the next one.
const RENAME_RETRIES: [u64; 3] = [10, 20, 40];

/// Renames `tmp` over `path`. On Windows a file that another program holds open without letting
/// others delete it (a player, an editor, a viewer of the served record) cannot be replaced: the
/// rename is tried again a few times, then refused as [`held_open`]. Readers that share delete
/// (this program's own, and most) never block it.
fn rename_over(tmp: &Path, path: &Path) -> io::Result<()> {
    let mut waits = RENAME_RETRIES.iter();
    loop {
        let refused = match fs::rename(tmp, path) {
            Ok(()) => return Ok(()),
            Err(e) if is_held_open(&e) && is_a_file(path) => e,
            Err(e) => return Err(e),
        };
        if set_aside_and_replace(tmp, path).is_ok() {
            return Ok(());
        }
        match waits.next() {
            Some(ms) => std::thread::sleep(std::time::Duration::from_millis(*ms)),
            None => return Err(held_open(refused)),
        }
    }
}

/// Windows, when the file at `path` is open in a reader that lets it be deleted, but the system
/// cannot replace an open file in one step (before Windows 10, on a network share, under Wine):
/// the old file is renamed aside, the new one renamed into its place, and the old one deleted
/// (it goes when the reader closes it). For that moment the name is free; should the second
/// rename fail, the old file is put back. What `ReplaceFileW` does, without its backup.
fn set_aside_and_replace(tmp: &Path, path: &Path) -> io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let aside = path.with_file_name(format!(".{name}.{}.{now}.old", std::process::id()));
    if aside.exists() {
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, "the name to set the old file aside is taken"));
    }
    fs::rename(path, &aside)?;
    match fs::rename(tmp, path) {
        Ok(()) => {
            remove_set_aside(&aside);
            Ok(())
        }
        Err(e) => match fs::rename(&aside, path) {
            Ok(()) => Err(e),
            // Both refused: the old file is where it was set aside, and the error says where.
            Err(_) => Err(io::Error::other(format!("{e}; the old file is kept as {}", aside.display()))),
        },
    }
}

/// Whether `path` is a file (not a folder of that name, which is never set aside).
fn is_a_file(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|m| m.is_file())
}

/// Deletes the old file set aside; Windows deletes no read-only file, so the attribute goes first.
fn remove_set_aside(aside: &Path) {
    let removed = fs::remove_file(aside).is_ok();
    #[cfg(windows)]
    if !removed && let Ok(meta) = fs::metadata(aside) {
        let mut permissions = meta.permissions();
        // Windows: the read-only attribute alone (what the lint warns of is Unix's mode bits).
        #[allow(clippy::permissions_set_readonly_false)]
        permissions.set_readonly(false);
        let _ = fs::set_permissions(aside, permissions);
        let _ = fs::remove_file(aside);
    }
    #[cfg(not(windows))]
    let _ = removed;
}

/// Whether `e` is Windows refusing to replace a file another program has open: a sharing
/// violation (32), a lock violation (33), or access denied (5), which is what replacing a file
/// open without delete sharing gives (a file that cannot be written at all fails earlier, when
/// its temporary file is made in the same folder).
fn is_held_open(e: &io::Error) -> bool {
    cfg!(windows) && matches!(e.raw_os_error(), Some(5 | 32 | 33))
}

/// The error of a file held open by another program: `ResourceBusy`, so the words say so.
fn held_open(e: io::Error) -> io::Error {
    io::Error::new(io::ErrorKind::ResourceBusy, e)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("jmjp-io-atomic-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.jmjp");
        fs::write(&path, "old").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"new");
        let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left.len(), 1, "{left:?}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let path = std::env::temp_dir().join("jmjp-no-such-folder-xyz").join("a.jmjp");
        assert!(write_atomic(&path, b"x").is_err());
    }
}
