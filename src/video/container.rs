//! Whether a recording still being written can be opened. MKV and MPEG-TS can be watched while
//! they grow; an MP4 cannot until it is finished: its index (the `moov` box) is written at the
//! end. This reads an MP4's top-level boxes (each a size and a type) looking for it.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;

use super::VideoError;

/// The names of the MP4 family (QuickTime included), in lower case.
const MP4_NAMES: &[&str] = &["mp4", "m4v", "mov"];

/// The most top-level boxes looked at (a real file has a handful; a damaged one is not followed
/// further).
const MAX_BOXES: usize = 10_000;

/// `Ok` when the video at `path` can be opened as far as its container says: an MP4 (`.mp4`,
/// `.m4v`, `.mov`) must have its index (`moov` box); any other file is left to the player.
/// [`VideoError::GrowingMp4`] says an MP4 is still being written; [`VideoError::Unreadable`]
/// that it cannot be read.
pub fn check_container(path: &Path) -> Result<(), VideoError> {
    let is_mp4 = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| MP4_NAMES.iter().any(|name| e.eq_ignore_ascii_case(name)));
    if !is_mp4 {
        return Ok(());
    }
    let unreadable = |e: io::Error| VideoError::Unreadable { path: path.to_path_buf(), why: e.to_string() };
    let mut file = File::open(path).map_err(unreadable)?;
    let len = file.metadata().map_err(unreadable)?.len();
    match index_of(&mut file, len).map_err(unreadable)? {
        Index::Found | Index::NotMp4 => Ok(()),
        Index::Missing => Err(VideoError::GrowingMp4 { path: path.to_path_buf() }),
    }
}

/// What the top-level boxes of a file say.
#[derive(Debug, PartialEq, Eq)]
enum Index {
    /// A whole `moov` box.
    Found,
    /// None (yet): the boxes end, run past the end of the file or stop making sense first.
    Missing,
    /// The file does not start with a box (a misnamed MKV, say): the player decides.
    NotMp4,
}

/// Reads the top-level boxes of `r` (`len` bytes): a 32-bit size (0: to the end of the file,
/// 1: a 64-bit size follows the type) and a four-letter type. Only the headers are read; no size
/// is followed past the end of the file.
fn index_of<R: Read + Seek>(r: &mut R, len: u64) -> io::Result<Index> {
    let mut at = 0u64;
    for n in 0..MAX_BOXES {
        if len.saturating_sub(at) < 8 {
            return Ok(Index::Missing);
        }
        r.seek(SeekFrom::Start(at))?;
        let mut head = [0u8; 8];
        r.read_exact(&mut head)?;
        let kind = &head[4..8];
        if !kind.iter().all(|b| (0x20..=0x7e).contains(b)) {
            return Ok(if n == 0 { Index::NotMp4 } else { Index::Missing });
        }
        let (size, header) = match u32::from_be_bytes([head[0], head[1], head[2], head[3]]) {
            0 => (len - at, 8),
            1 => {
                if len - at < 16 {
                    return Ok(Index::Missing);
                }
                let mut wide = [0u8; 8];
                r.read_exact(&mut wide)?;
                (u64::from_be_bytes(wide), 16)
            }
            small => (u64::from(small), 8),
        };
        if size < header || size > len - at {
            // A box shorter than its header, or one whose end is not written yet.
            return Ok(Index::Missing);
        }
        if kind == b"moov" {
            return Ok(Index::Found);
        }
        at += size;
    }
    Ok(Index::Missing)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// A box of `kind` holding `body`.
    fn mp4_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(body);
        out
    }

    /// A box of `kind` with a 64-bit size.
    fn wide_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let mut out = 1u32.to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(&((body.len() + 16) as u64).to_be_bytes());
        out.extend_from_slice(body);
        out
    }

    fn ftyp() -> Vec<u8> {
        mp4_box(b"ftyp", b"isom\0\0\x02\0isomiso2avc1mp41")
    }

    fn index(bytes: &[u8]) -> Index {
        index_of(&mut Cursor::new(bytes), bytes.len() as u64).unwrap()
    }

    fn written(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("jmjp-video-container-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_finished_mp4_has_its_index_before_or_after_the_media() {
        let moov = mp4_box(b"moov", &mp4_box(b"mvhd", &[0; 100]));
        let mdat = mp4_box(b"mdat", &[7; 5000]);
        let at_end = [ftyp(), mp4_box(b"free", &[]), mdat.clone(), moov.clone()].concat();
        let at_start = [ftyp(), moov.clone(), mdat].concat();
        let wide = [ftyp(), wide_box(b"mdat", &[7; 300]), moov].concat();
        for bytes in [&at_end, &at_start, &wide] {
            assert_eq!(index(bytes), Index::Found);
        }
        let path = written("finished.MP4", &at_end);
        assert!(check_container(&path).is_ok());
    }

    #[test]
    fn an_mp4_still_being_written_is_refused_with_what_to_do() {
        // As a recorder leaves it: the media box open (size 0, or a size not yet reached).
        let open_mdat = [ftyp(), 0u32.to_be_bytes().to_vec(), b"mdat".to_vec(), vec![7; 4000]].concat();
        let mut growing = [ftyp(), mp4_box(b"mdat", &[7; 4000])].concat();
        growing.truncate(growing.len() - 1000);
        let no_moov = [ftyp(), mp4_box(b"mdat", &[7; 4000])].concat();
        let wide_growing = [ftyp(), wide_box(b"mdat", &[7; 3000])[..2000].to_vec()].concat();
        for bytes in [&open_mdat, &growing, &no_moov, &wide_growing, &ftyp()[..5].to_vec()] {
            assert_eq!(index(bytes), Index::Missing, "{} bytes", bytes.len());
        }
        let path = written("recording.mp4", &growing);
        let e = check_container(&path).unwrap_err();
        assert!(matches!(e, VideoError::GrowingMp4 { .. }), "{e:?}");
        let text = e.text();
        for needle in [path.display().to_string().as_str(), "still being written", "MKV", "MPEG-TS", "finished"] {
            assert!(text.en.contains(needle), "{needle}: {}", text.en);
        }
        for needle in ["書き込み中", ".mkv", ".ts", "終わる"] {
            assert!(text.ja.contains(needle), "{needle}: {}", text.ja);
        }
    }

    #[test]
    fn sizes_are_never_trusted_blindly() {
        // A size past the end, a size smaller than the header, a 64-bit size of 2^64 - 1.
        let past = [ftyp(), 0x7fff_ffffu32.to_be_bytes().to_vec(), b"mdat".to_vec(), vec![0; 64]].concat();
        let tiny = [ftyp(), 4u32.to_be_bytes().to_vec(), b"mdat".to_vec(), vec![0; 64]].concat();
        let huge = [ftyp(), 1u32.to_be_bytes().to_vec(), b"mdat".to_vec(), u64::MAX.to_be_bytes().to_vec()].concat();
        for bytes in [&past, &tiny, &huge] {
            assert_eq!(index(bytes), Index::Missing);
        }
    }

    #[test]
    fn other_containers_and_misnamed_files_are_left_to_the_player() {
        let mkv = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01];
        assert_eq!(index(&mkv), Index::NotMp4);
        assert!(check_container(&written("misnamed.mp4", &mkv)).is_ok());
        // MKV and MPEG-TS are not read at all: a growing one opens.
        assert!(check_container(&written("growing.mkv", b"")).is_ok());
        assert!(check_container(&written("growing.ts", b"\x47")).is_ok());
        let gone = std::env::temp_dir().join(format!("jmjp-video-gone-{}.mp4", std::process::id()));
        assert!(matches!(check_container(&gone), Err(VideoError::Unreadable { .. })));
    }
}
