//! Build script: on Windows targets, compiles the program's resources (the icon, the version
//! information, the manifest) into both executables, each naming itself in its version
//! information: packaging/windows/jmjp-studio.rc into jmjp-studio.exe, jmjp-studiow.rc (the same
//! resources under the launcher's name) into jmjp-studiow.exe. On other targets it does nothing.

fn main() {
    println!("cargo:rerun-if-changed=packaging/windows/jmjp-studio.rc");
    println!("cargo:rerun-if-changed=packaging/windows/jmjp-studiow.rc");
    println!("cargo:rerun-if-changed=packaging/windows/jmjp-studio.exe.manifest");
    println!("cargo:rerun-if-changed=assets/icon/jmjp-studio.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let version = env!("CARGO_PKG_VERSION");
    let number = |key: &str| std::env::var(key).unwrap_or_else(|_| "0".into());
    let defines = [
        format!("VERSION_MAJOR={}", number("CARGO_PKG_VERSION_MAJOR")),
        format!("VERSION_MINOR={}", number("CARGO_PKG_VERSION_MINOR")),
        format!("VERSION_PATCH={}", number("CARGO_PKG_VERSION_PATCH")),
        format!("VERSION_TEXT={version}"),
    ];
    // A build that cannot compile the resources must fail: an .exe without its icon and version
    // is not what the installer ships.
    for (rc, bin) in
        [("packaging/windows/jmjp-studio.rc", "jmjp-studio"), ("packaging/windows/jmjp-studiow.rc", "jmjp-studiow")]
    {
        if let Err(e) = embed_resource::compile_for(rc, [bin], &defines).manifest_required() {
            println!("cargo:warning=the Windows resources of {bin} could not be compiled: {e}");
            std::process::exit(1);
        }
    }
}
