//! The window as the system shows it: its size, title, app id and icon.

/// The window's icon: the application icon drawn by `assets/icon/make_icon.py`, 256 pixels.
pub fn icon() -> Option<egui::IconData> {
    eframe::icon_data::from_png_bytes(include_bytes!("../../assets/icon/jmjp-studio-256.png")).ok()
}

/// The window the program opens: 1280 x 820, titled, with its app id and icon.
pub fn native_options() -> eframe::NativeOptions {
    let mut viewport = egui::ViewportBuilder::default()
        .with_inner_size([1280.0, 820.0])
        .with_title("jmjp studio")
        .with_app_id("jmjp-studio");
    if let Some(icon) = icon() {
        viewport = viewport.with_icon(std::sync::Arc::new(icon));
    }
    eframe::NativeOptions { viewport, ..Default::default() }
}

/// The first file dropped on the window this frame (one is opened at a time).
pub fn dropped_file(ctx: &egui::Context) -> Option<std::path::PathBuf> {
    ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).find(|p| !p.as_os_str().is_empty()))
}

/// Asks `ctx` for a new frame when called, from any thread (a follower with news).
pub fn waker(ctx: &egui::Context) -> std::sync::Arc<dyn Fn() + Send + Sync> {
    let ctx = ctx.clone();
    std::sync::Arc::new(move || ctx.request_repaint())
}
