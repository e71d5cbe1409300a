//! Writing a file atomically: into a temporary file next to it (`tempfile`'s
//! [`NamedTempFile`]), flushed to the disk, then persisted (renamed) over the old one, and the
//! folder synced, so readers see the old file or the new one, never a mix, and a crash leaves one
//! of the two. On Windows a file another program holds open is replaced as far as the system lets
//! it (see [`write_atomic`]). The recording lock's note (`document::recording::lock`) is made the same way,
//! but never over a file that is there ([`create_atomic`]).

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use tempfile::{Builder, NamedTempFile, PersistError};

/// Writes `bytes` to `path` atomically: into a temporary file next to it, flushed to disk, then
/// persisted over the old file, then the folder synced (Unix). Readers see either the old file
/// or the new one, never a mix. A file replaced keeps its permissions; a new one gets those any
/// new file of the user gets. Every write of the program that replaces a whole file comes here
/// (through [`super::RealDisk`] where a [`super::Store`] is given).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let before = fs::metadata(path).ok().map(|m| m.permissions());
    let tmp = written_beside(path, bytes, before.as_ref())?;
    let file = persist_over(tmp, path)?;
    // Windows: tempfile makes the file's attributes normal as it persists it; a read-only file
    // stays read-only (it was replaced by setting it aside).
    #[cfg(not(unix))]
    if let Some(before) = before {
        let _ = file.set_permissions(before);
    }
    drop(file);
    sync_folder(path);
    Ok(())
}

/// Writes `bytes` to a new file at `path` atomically, refused (`AlreadyExists`) when a file is
/// there: readers see no file or the whole of it. (The recording lock's note: two copies of the
/// program, even on two machines sharing a folder, cannot both make it.)
pub fn create_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = written_beside(path, bytes, None)?;
    tmp.persist_noclobber(path).map_err(|e| e.error)?;
    sync_folder(path);
    Ok(())
}

/// The folder `path` is in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A temporary file in the folder of `path` (`.NAME.XXXXXX.tmp`) holding `bytes`, synced to the
/// disk; deleted when dropped unless persisted. On Unix it is made with the permissions of the
/// file it replaces (`before`), else as any new file (0666 less the umask), not tempfile's private
/// 0600.
fn written_beside(path: &Path, bytes: &[u8], before: Option<&fs::Permissions>) -> io::Result<NamedTempFile> {
    let name = path.file_name().ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    let new_file = {
        use std::os::unix::fs::PermissionsExt;
        fs::Permissions::from_mode(0o666)
    };
    #[cfg(unix)]
    builder.permissions(new_file);
    let mut tmp = builder.tempfile_in(folder_of(path))?;
    #[cfg(unix)]
    if let Some(before) = before {
        // Keep the permissions of the file being replaced (exactly: the umask is not applied).
        let _ = tmp.as_file().set_permissions(before.clone());
    }
    #[cfg(not(unix))]
    let _ = before;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    Ok(tmp)
}

/// Makes the rename of a file into the folder of `path` durable, where the system allows it
/// (Unix: the folder's own entry synced; Windows syncs no folder).
fn sync_folder(path: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(folder_of(path)) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = path;
}

/// How often, and after how long, a rename refused because another program holds the file open
/// is tried again (Windows): 10 + 20 + 40 ms at the most, short enough for the recorder, which
/// saves after every entry and tries again at the next one.
const RENAME_RETRIES: [u64; 3] = [10, 20, 40];

/// Persists `tmp` over `path`. On Windows a file that another program holds open without letting
/// others delete it (a player, an editor, a viewer of the served record) cannot be replaced: the
/// rename is tried again a few times, then refused as [`held_open`]. Readers that share delete
/// (this program's own, and most) never block it. A temporary file not persisted is deleted.
fn persist_over(mut tmp: NamedTempFile, path: &Path) -> io::Result<File> {
    let mut waits = RENAME_RETRIES.iter();
    loop {
        let refused = match tmp.persist(path) {
            Ok(file) => return Ok(file),
            Err(PersistError { error, file }) if is_held_open(&error) && is_a_file(path) => {
                tmp = file;
                error
            }
            Err(e) => return Err(e.error),
        };
        tmp = match set_aside_and_replace(tmp, path) {
            Ok(file) => return Ok(file),
            Err((tmp, None)) => tmp,
            Err((_, Some(kept_aside))) => return Err(kept_aside),
        };
        match waits.next() {
            Some(ms) => std::thread::sleep(std::time::Duration::from_millis(*ms)),
            None => return Err(held_open(refused)),
        }
    }
}

/// Windows, when the file at `path` is open in a reader that lets it be deleted, but the system
/// cannot replace an open file in one step (before Windows 10, on a network share, under Wine):
/// the old file is renamed aside, the new one persisted into its place, and the old one deleted
/// (it goes when the reader closes it). For that moment the name is free; should the second
/// rename fail, the old file is put back. What `ReplaceFileW` does, without its backup. Refused,
/// the temporary file is given back, with why when the old file could not be put back.
fn set_aside_and_replace(tmp: NamedTempFile, path: &Path) -> Result<File, (NamedTempFile, Option<io::Error>)> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let aside = path.with_file_name(format!(".{name}.{}.{now}.old", std::process::id()));
    if aside.exists() || fs::rename(path, &aside).is_err() {
        return Err((tmp, None));
    }
    match tmp.persist(path) {
        Ok(file) => {
            remove_set_aside(&aside);
            Ok(file)
        }
        Err(PersistError { error, file }) => match fs::rename(&aside, path) {
            Ok(()) => Err((file, None)),
            // Both refused: the old file is where it was set aside, and the error says where.
            Err(_) => {
                Err((file, Some(io::Error::other(format!("{error}; the old file is kept as {}", aside.display())))))
            }
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

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-io-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_is_made_whole_once_and_a_refused_write_leaves_no_temporary() {
        let dir = temp_dir("create");
        let note = dir.join("a.jmjp.lock");
        create_atomic(&note, b"first").unwrap();
        let again = create_atomic(&note, b"second").unwrap_err();
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read(&note).unwrap(), b"first", "what is there stays");
        // A folder of the name cannot be replaced by a file: refused, and no temporary is left.
        fs::create_dir(dir.join("folder.jmjp")).unwrap();
        assert!(write_atomic(&dir.join("folder.jmjp"), b"x").is_err());
        assert_eq!(names_in(&dir), ["a.jmjp.lock", "folder.jmjp"]);
        fs::remove_dir_all(&dir).unwrap();
    }

    /// A replaced file keeps its permissions exactly; a new one gets what `File::create` gives
    /// (0666 less the umask), not the private 0600 of a temporary file.
    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual_ones() {
        use std::os::unix::fs::PermissionsExt;
        let dir = temp_dir("mode");
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let kept = dir.join("kept.jmjp");
        fs::write(&kept, "old").unwrap();
        fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&kept, b"new").unwrap();
        assert_eq!(mode(&kept), 0o640);
        let usual = dir.join("usual");
        File::create(&usual).unwrap();
        let new = dir.join("new.jmjp");
        write_atomic(&new, b"new").unwrap();
        assert_eq!(mode(&new), mode(&usual));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_missing_folder_is_an_error_not_a_panic() {
        let path = std::env::temp_dir().join("jmjp-no-such-folder-xyz").join("a.jmjp");
        assert!(write_atomic(&path, b"x").is_err());
    }
}
