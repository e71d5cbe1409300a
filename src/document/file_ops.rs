//! The file commands' own work below the shell, as plain functions: a match written alone or as
//! a log, the matches of another file merged in, a typed path checked, and what each says when
//! it is done ("Opened …", "Imported …"). The shell only shows the text returned.

use std::path::{Path, PathBuf};

use crate::document::io::{self, Replace};
use crate::document::{Document, Edit};
use crate::format::Paifu;
use crate::i18n::{Text, tr};
use crate::interop::{self, Format};

/// The path as shown in a message.
fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// What is told when a `.jmjp` file opened: its matches and frames, and a byte order mark that
/// saving leaves out.
pub fn opened(path: &Path, matches: usize, frames: usize, bom: bool) -> Text {
    let told = tr!("document-opened", path = shown(path), matches = matches, frames = frames);
    if bom { tr!("document-opened-bom", opened = told) } else { told }
}

/// What is told when a log was imported as new work.
pub fn imported(path: &Path, format: Format, doc: &Document, note: Option<&Text>) -> Text {
    let frames: usize = doc.paifu().matches.iter().map(|m| m.frames.len()).sum();
    let told = tr!("document-imported", path = shown(path), format = format.name(), frames = frames);
    match note {
        // What the reader had to say of the log (an mjlog cut short).
        Some(n) => told.followed_by(": ", "：", n),
        None => told,
    }
}

/// What is told when a file that did not parse reads after it was fixed as text.
pub fn reads_now(path: &Path) -> Text {
    tr!("document-reads-now", path = shown(path))
}

/// Match `index` of `paifu`, as a file of its own (the logs hold one game each).
pub fn match_alone(paifu: &Paifu, index: usize) -> Option<Paifu> {
    Some(Paifu { matches: vec![paifu.matches.get(index)?.clone()] })
}

/// Writes match `index` of `paifu` to `path` as the log its extension names; what to tell
/// (nothing when there is no such match), or why not.
pub fn export_match(paifu: &Paifu, index: usize, path: &Path) -> Result<Option<Text>, Text> {
    let format = match Format::from_path(path) {
        Some(f) if f != Format::Jmjp => f,
        _ => {
            let names = Format::LOGS.iter().map(|f| Text::verbatim(format!(".{} ({})", f.extension(), f.title())));
            let names = Text::join(names, tr!("document-list-or"));
            return Err(tr!("document-export-name", names = names));
        }
    };
    let Some(one) = match_alone(paifu, index) else { return Ok(None) };
    let text = interop::export(format, &one)
        .map_err(|e| e.text().prefixed(&format!("{}: ", format.name()), &format!("{}: ", format.name())))?;
    io::write_text(path, &text, Replace::Always).map_err(|e| e.text())?;
    let told = tr!("document-exported", format = format.name(), path = shown(path));
    // Said with it: a player below zero, which AI reviewers are reported to refuse.
    Ok(Some(match one.matches.first().and_then(interop::below_zero) {
        Some(below) => told.followed_by(". ", "。", &below),
        None => told,
    }))
}

/// Writes match `index` of `paifu` alone to `path` (split; never over another file); what to
/// tell (nothing when there is no such match), or why not.
pub fn save_match(paifu: &Paifu, index: usize, path: &Path) -> Result<Option<Text>, Text> {
    let Some(one) = match_alone(paifu, index) else { return Ok(None) };
    io::write_paifu(path, &one, Replace::Never).map_err(|e| e.text())?;
    Ok(Some(tr!("document-match-saved", number = index + 1, path = shown(path))))
}

/// Adds the matches of the file at `path` after the document's matches, as one undo step; what
/// to tell, or why not (a file that does not read changes nothing).
pub fn merge_file(doc: &mut Document, path: &Path) -> Result<Text, Text> {
    let loaded = io::load(path).map_err(|e| e.text())?;
    let n = loaded.parsed.paifu.matches.len();
    let edits = loaded.parsed.paifu.matches.into_iter().map(|m| Edit::AddMatch(Box::new(m))).collect();
    doc.apply(Edit::Many(edits), None);
    doc.seal();
    Ok(tr!("document-merged", count = n, path = shown(path)))
}

/// Why a typed path cannot be used: a folder is asked for and it is none, a file is asked for
/// and it is empty or a folder, or a file to read does not exist. `None` when it will do.
pub fn path_problem(typed: &str, folder: bool, reads: bool) -> Option<Text> {
    let path = typed_path(typed);
    let path = path.as_path();
    if folder {
        (!path.is_dir()).then(|| tr!("document-not-a-folder", path = shown(path)))
    } else if typed.trim().is_empty() || path.is_dir() {
        Some(tr!("document-type-a-file").text())
    } else if reads && !path.exists() {
        Some(tr!("document-does-not-exist", path = shown(path)))
    } else {
        None
    }
}

/// The path a scorer meant by `typed`: when a whole path was typed after the folder the dialog
/// offered (`/home/s/games//home/s/games/b.jmjp`, `C:\games\D:\b.jmjp`), the last one alone; an
/// address (`http://...`) as it is.
pub fn typed_path(typed: &str) -> PathBuf {
    let t = typed.trim();
    // An address, or a path that is there as typed (`/mnt/nas//games`), stands as it is.
    if t.contains("://") || Path::new(t).exists() {
        return PathBuf::from(t);
    }
    let b = t.as_bytes();
    let sep = |c: u8| c == b'/' || c == b'\\';
    // A drive (`D:\`) right after a separator starts a path again; so does `//` (the second `/`).
    let drive = (1..b.len().saturating_sub(2))
        .rev()
        .find(|&i| sep(b[i - 1]) && b[i].is_ascii_alphabetic() && b[i + 1] == b':' && sep(b[i + 2]));
    let root = t.rfind("//").filter(|&i| i > 0).map(|i| i + 1);
    let start = drive.into_iter().chain(root).max().unwrap_or(0);
    PathBuf::from(&t[start..])
}

/// The tenhou.net/6 viewer's address of match `index` (`None` when there is no such match), or
/// why the match cannot be written as a tenhou.net/6 log.
pub fn viewer_url(paifu: &Paifu, index: usize) -> Option<Result<String, Text>> {
    let json = interop::tenhou6::export(&match_alone(paifu, index)?);
    Some(json.map(|json| interop::tenhou6::viewer_url(&json)).map_err(|e| tr!("app-tenhou6-problem", why = e.text())))
}

/// Where Save as offers to save: the document's file, else the `.jmjp` beside the log it was
/// imported from, else a name of this minute in the autosave folder (`match-2026-11-24-1930.jmjp`).
pub fn save_as_path(file: Option<&Path>, imported: Option<&Path>, autosave: &Path) -> PathBuf {
    let dated = || autosave.join(format!("match-{}.jmjp", chrono::Local::now().format("%Y-%m-%d-%H%M")));
    file.or(imported).map(Path::to_path_buf).unwrap_or_else(dated)
}

/// Where Save match as offers to save the match shown alone: the name the split gives it.
pub fn save_match_path(base: &Path, match_index: usize) -> PathBuf {
    io::split_paths(base, match_index + 1).pop().unwrap_or_else(|| base.to_path_buf())
}

/// Where Export offers to write the match shown: the file, or the log it came from, with the
/// tenhou.net/6 extension.
pub fn export_path(file: Option<&Path>, imported: Option<&Path>) -> PathBuf {
    let base = file.or(imported).unwrap_or(Path::new("match.jmjp"));
    base.with_extension(Format::Tenhou6.extension())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_whole_path_typed_after_the_folder_offered_stands_alone() {
        let p = |t: &str| typed_path(t).display().to_string();
        assert_eq!(p("/home/scorer/games//home/scorer/games/b.jmjp"), "/home/scorer/games/b.jmjp");
        assert_eq!(p(r"C:\games\D:\other\b.jmjp"), r"D:\other\b.jmjp");
        assert_eq!(p("/home/scorer/games/b.jmjp"), "/home/scorer/games/b.jmjp");
        assert_eq!(p("  b.jmjp "), "b.jmjp");
        assert_eq!(p(r"C:\games\b.jmjp"), r"C:\games\b.jmjp");
        // A desk's address is not a path.
        let url = "http://127.0.0.1:8080/api/record.jmjp?token=x";
        assert_eq!(p(url), url);
    }

    #[test]
    fn opened_tells_the_counts_and_the_byte_order_mark() {
        let t = opened(Path::new("a.jmjp"), 2, 9, true);
        assert_eq!(
            t.get(Lang::En),
            "Opened a.jmjp (2 match(es), 9 frames); it starts with a byte order mark, which is left out when saved"
        );
        assert_eq!(opened(Path::new("a.jmjp"), 1, 4, false).get(Lang::Ja), "a.jmjp を開きました（対局 1、局 4）");
    }

    #[test]
    fn a_log_is_named_by_its_extension() {
        let e = export_match(&Paifu { matches: vec![] }, 0, Path::new("out.jmjp")).unwrap_err();
        assert!(e.get(Lang::En).starts_with("Name the file .json"), "{}", e.get(Lang::En));
        assert!(e.get(Lang::Ja).contains(" か "));
        assert_eq!(export_match(&Paifu { matches: vec![] }, 0, Path::new("out.json")), Ok(None));
    }

    #[test]
    fn a_typed_path_is_checked() {
        let dir = std::env::temp_dir();
        let typed = dir.display().to_string();
        assert_eq!(path_problem(&typed, true, true), None);
        assert_eq!(path_problem(&typed, false, true).unwrap().get(Lang::En), "Type the path of a file");
        assert_eq!(path_problem("", false, false).unwrap().get(Lang::En), "Type the path of a file");
        let missing = dir.join("no-such-file-jmjp-e2.jmjp").display().to_string();
        assert_eq!(path_problem(&missing, false, true).unwrap().get(Lang::En), format!("{missing} does not exist"));
        assert_eq!(path_problem(&missing, false, false), None);
        assert_eq!(
            path_problem(&missing, true, true).unwrap().get(Lang::Ja),
            format!("{missing} はフォルダではありません")
        );
    }

    #[test]
    fn the_paths_offered_follow_the_file_then_the_log_then_the_autosave_folder() {
        let (file, log, autosave) = (Path::new("/m/a.jmjp"), Path::new("/logs/b.jmjp"), Path::new("/auto"));
        assert_eq!(save_as_path(Some(file), Some(log), autosave), file);
        assert_eq!(save_as_path(None, Some(log), autosave), log);
        let dated = save_as_path(None, None, autosave);
        assert!(dated.starts_with(autosave) && dated.to_string_lossy().ends_with(".jmjp"), "{}", dated.display());
        assert_eq!(export_path(Some(file), Some(log)), Path::new("/m/a.json"));
        assert_eq!(export_path(None, Some(log)), Path::new("/logs/b.json"));
        assert_eq!(export_path(None, None), Path::new("match.json"));
        assert_ne!(save_match_path(file, 1), file, "a match saved alone never offers the file itself");
    }
}
