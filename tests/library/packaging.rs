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
    // What the build makes (the program, the guide mdBook builds) is not in the source.
    assert!(assets.iter().any(|a| a == "docs/book/**/*"), "the user guide is not in the package");
    for a in assets.iter().filter(|a| !a.starts_with("target/") && !a.starts_with("docs/book/")) {
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

/// The Windows icon (assets/icon/jmjp-studio.ico, in the .exe files and the installer): the
/// committed PNGs of 16 to 256 pixels, each at the offset its directory entry names.
#[test]
fn the_windows_icon_holds_every_size_up_to_256() {
    let ico = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icon/jmjp-studio.ico")).unwrap();
    let u16_at = |at: usize| u16::from_le_bytes(ico[at..at + 2].try_into().unwrap());
    let u32_at = |at: usize| u32::from_le_bytes(ico[at..at + 4].try_into().unwrap()) as usize;
    assert_eq!((u16_at(0), u16_at(2)), (0, 1), "an icon file");
    let sizes = [16, 24, 32, 48, 64, 128, 256];
    assert_eq!(u16_at(4) as usize, sizes.len());
    for (i, size) in sizes.iter().enumerate() {
        let entry = 6 + 16 * i;
        // 0 stands for 256 in the directory.
        assert_eq!(if ico[entry] == 0 { 256 } else { ico[entry] as u32 }, *size);
        let (len, offset) = (u32_at(entry + 8), u32_at(entry + 12));
        let png =
            std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/icon/jmjp-studio-{size}.png")))
                .unwrap();
        assert_eq!(&ico[offset..offset + len], &png[..], "the {size}-pixel image is the committed PNG");
    }
}

/// What the Windows installer packs and registers (packaging/windows/wine-check.sh runs it).
#[test]
fn the_windows_installer_packs_files_that_exist_and_registers_the_file_type_in_both_languages() {
    let nsi = read("packaging/windows/installer.nsi");
    assert!(nsi.contains("Target amd64-unicode"), "64-bit: Wine 8 runs no 32-bit installer");
    assert!(nsi.contains("RequestExecutionLevel user"), "per user, no administrator");
    for line in nsi.lines().map(str::trim).filter(|l| l.starts_with("File ")) {
        let source = line.rsplit('"').nth(1).unwrap();
        if let Some(rel) = source.strip_prefix("${TOP}\\") {
            let rel = rel.replace('\\', "/");
            assert!(Path::new(env!("CARGO_MANIFEST_DIR")).join(&rel).is_file(), "{rel} is packed but missing");
        } else {
            assert!(source.starts_with("${BIN}\\jmjp-studio"), "{source}");
        }
    }
    assert!(nsi.contains(r#"'"$INSTDIR\jmjp-studiow.exe" "%1"'"#), "a double-click passes the file, quoted");
    for (lang, name) in [("LANG_ENGLISH", "jmjp studio"), ("LANG_JAPANESE", "jmjp スタジオ")] {
        assert!(nsi.contains(&format!("LangString ShortcutName ${{{lang}}} \"{name}\"")), "{lang}");
        // The uninstaller removes the entry of either language.
        assert!(nsi.contains(&format!("Delete \"$SMPROGRAMS\\{name}.lnk\"")), "{name}");
    }
    // Everything written to the registry is deleted again, and nothing under the user's data.
    for key in ["${PROGID}", "Applications\\jmjp-studiow.exe", "${UNINSTALL_KEY}"] {
        assert!(nsi.contains(key), "{key}");
    }
    assert!(!nsi.contains("$APPDATA"), "the uninstaller never touches the user's settings, roster or recordings");
    assert!(!nsi.contains("RMDir /r"), "nothing removed that the installer did not put there");
    let rc = read("packaging/windows/jmjp-studio.rc");
    assert!(rc.contains("\"../../assets/icon/jmjp-studio.ico\"") && rc.contains("\"jmjp-studio.exe.manifest\""));
    // The user guide beside the program, and removed with it: the list of its files is made by
    // build.sh from the built guide (wine-check.sh checks the files after the install and after
    // the uninstall).
    assert!(nsi.contains("!include \"${GUIDE}\""));
    let install = nsi.find("!insertmacro InstallGuide").expect("the installer packs the guide");
    let uninstall = nsi.find("!insertmacro UninstallGuide").expect("the uninstaller removes the guide");
    assert!(install < uninstall && nsi[uninstall..].contains("RMDir \"$INSTDIR\""), "the guide goes before its folder");
    let build = read("packaging/windows/build.sh");
    assert!(build.contains("mdbook build docs") && build.contains("-DGUIDE="));
}

/// The Start menu entry carries the AppUserModelID the program gives its process, so a pinned
/// window pins the entry (`jmjp-studiow.exe`), and each .exe names itself in its version
/// information.
#[test]
fn the_shortcut_shares_the_program_s_app_id_and_each_exe_names_itself() {
    let id = "jmjp-studio.jmjp-studio";
    assert!(read("src/ui/opening.rs").contains(&format!("pub const APP_USER_MODEL_ID: &str = \"{id}\";")));
    let nsi = read("packaging/windows/installer.nsi");
    assert!(nsi.contains(&format!("!define APP_USER_MODEL_ID \"{id}\"")), "the installer's id is the program's");
    let shortcut = nsi.find("CreateShortcut \"$SMPROGRAMS").unwrap();
    assert!(nsi[shortcut..].find("Call SetShortcutAppId").is_some_and(|at| at < 300), "the entry gets the id");
    let launcher = read("packaging/windows/jmjp-studiow.rc");
    assert!(launcher.contains("#define EXE_NAME jmjp-studiow") && launcher.contains("#include \"jmjp-studio.rc\""));
    let rc = read("packaging/windows/jmjp-studio.rc");
    assert!(
        rc.contains("VALUE \"OriginalFilename\", EXE_FILE_OF(EXE_NAME)")
            && rc.contains("#define EXE_NAME jmjp-studio\n")
    );
    let build = read("build.rs");
    assert!(
        build.contains("(\"packaging/windows/jmjp-studiow.rc\", \"jmjp-studiow\")") && build.contains("compile_for")
    );
}
