//! What the Debian package and the desktop are told (packaging/check-deb.sh installs it for real):
//! every file the package lists exists, the desktop entry opens files with this program, and the
//! MIME definition recognises what the program writes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::Path;

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// The source paths of `assets = [...]` under `[package.metadata.deb]` in Cargo.toml.
fn deb_assets() -> Vec<String> {
    let manifest = read("Cargo.toml");
    let start = manifest.find("[package.metadata.deb]").expect("Cargo.toml has the package's metadata");
    let section = &manifest[start..];
    let assets = &section[section.find("assets = [").unwrap()..];
    let assets = &assets[..assets.find("\n]").unwrap()];
    assets.lines().filter_map(|l| l.trim().strip_prefix("[\"")).map(|l| l[..l.find('"').unwrap()].to_string()).collect()
}

#[test]
fn every_file_the_package_lists_is_in_the_source() {
    let assets = deb_assets();
    assert!(assets.len() >= 13, "{assets:?}");
    for a in assets.iter().filter(|a| !a.starts_with("target/")) {
        assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join(a).is_file(), "{a} is listed in the package but missing");
    }
    for size in [16, 24, 32, 48, 64, 128, 256, 512] {
        let png = format!("assets/icon/jmjp-studio-{size}.png");
        assert!(assets.contains(&png), "no {size}-pixel icon in the package");
        let bytes = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(&png)).unwrap();
        // A PNG's width and height are the big-endian numbers at bytes 16 and 20.
        let side = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
        assert_eq!((side(16), side(20)), (size, size), "{png}");
    }
}

#[test]
fn the_desktop_entry_opens_jmjp_files_with_this_program_in_both_languages() {
    let entry = read("packaging/jmjp-studio.desktop");
    let lines: Vec<&str> = entry.lines().collect();
    for wanted in [
        "Exec=jmjp-studio %f",
        "MimeType=application/x-jmjp;",
        "Icon=jmjp-studio",
        "Terminal=false",
        "StartupWMClass=jmjp-studio",
    ] {
        assert!(lines.contains(&wanted), "no {wanted:?} in the desktop entry");
    }
    for key in ["Name", "Comment", "GenericName"] {
        assert!(lines.iter().any(|l| l.starts_with(&format!("{key}="))), "{key}");
        let ja = lines.iter().find(|l| l.starts_with(&format!("{key}[ja]="))).expect("a Japanese {key}");
        assert!(!ja.is_ascii(), "{ja} is not Japanese");
    }
}

#[test]
fn the_mime_definition_recognises_what_the_program_writes() {
    let xml = read("packaging/jmjp-studio.xml");
    assert!(xml.contains(r#"<mime-type type="application/x-jmjp">"#));
    assert!(xml.contains(r#"<glob pattern="*.jmjp"/>"#));
    // Every file the program writes starts with the string the magic looks for at offset 0, and
    // a file someone saved with a BOM has it after the BOM's 3 bytes.
    let magic = r#"<match type="string" offset="0" value="jmjp["/>"#;
    assert!(xml.contains(magic) && xml.contains(r#"offset="3" value="jmjp[""#));
    let written = jmjp_studio::format::write(&jmjp_studio::format::Paifu::default());
    assert!(written.starts_with("jmjp["), "{written}");
    // The package names the program by the name the desktop entry runs.
    assert!(deb_assets().contains(&"target/release/jmjp-studio".to_string()));
}
