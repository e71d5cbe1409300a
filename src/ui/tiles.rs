//! The tile faces of `assets/tiles/` (SVG, drawn by `assets/tiles/make_tiles.py`), embedded in
//! the binary and drawn through egui_extras' SVG loader. The faces hold no text, so they look the
//! same on a machine with no fonts.

use egui::load::{SizeHint, TexturePoll};
use egui::{Image, ImageSource, TextureFilter, TextureOptions, Vec2};

use crate::format::Tile;

/// Width : height of a face.
pub const ASPECT: f32 = 0.75;

/// One face per tile spelling, in the order of [`Tile::ALL`].
const FACES: [(&str, &[u8]); 38] = [
    ("bytes://tiles/1m.svg", include_bytes!("../../assets/tiles/1m.svg")),
    ("bytes://tiles/2m.svg", include_bytes!("../../assets/tiles/2m.svg")),
    ("bytes://tiles/3m.svg", include_bytes!("../../assets/tiles/3m.svg")),
    ("bytes://tiles/4m.svg", include_bytes!("../../assets/tiles/4m.svg")),
    ("bytes://tiles/5m.svg", include_bytes!("../../assets/tiles/5m.svg")),
    ("bytes://tiles/6m.svg", include_bytes!("../../assets/tiles/6m.svg")),
    ("bytes://tiles/7m.svg", include_bytes!("../../assets/tiles/7m.svg")),
    ("bytes://tiles/8m.svg", include_bytes!("../../assets/tiles/8m.svg")),
    ("bytes://tiles/9m.svg", include_bytes!("../../assets/tiles/9m.svg")),
    ("bytes://tiles/1p.svg", include_bytes!("../../assets/tiles/1p.svg")),
    ("bytes://tiles/2p.svg", include_bytes!("../../assets/tiles/2p.svg")),
    ("bytes://tiles/3p.svg", include_bytes!("../../assets/tiles/3p.svg")),
    ("bytes://tiles/4p.svg", include_bytes!("../../assets/tiles/4p.svg")),
    ("bytes://tiles/5p.svg", include_bytes!("../../assets/tiles/5p.svg")),
    ("bytes://tiles/6p.svg", include_bytes!("../../assets/tiles/6p.svg")),
    ("bytes://tiles/7p.svg", include_bytes!("../../assets/tiles/7p.svg")),
    ("bytes://tiles/8p.svg", include_bytes!("../../assets/tiles/8p.svg")),
    ("bytes://tiles/9p.svg", include_bytes!("../../assets/tiles/9p.svg")),
    ("bytes://tiles/1s.svg", include_bytes!("../../assets/tiles/1s.svg")),
    ("bytes://tiles/2s.svg", include_bytes!("../../assets/tiles/2s.svg")),
    ("bytes://tiles/3s.svg", include_bytes!("../../assets/tiles/3s.svg")),
    ("bytes://tiles/4s.svg", include_bytes!("../../assets/tiles/4s.svg")),
    ("bytes://tiles/5s.svg", include_bytes!("../../assets/tiles/5s.svg")),
    ("bytes://tiles/6s.svg", include_bytes!("../../assets/tiles/6s.svg")),
    ("bytes://tiles/7s.svg", include_bytes!("../../assets/tiles/7s.svg")),
    ("bytes://tiles/8s.svg", include_bytes!("../../assets/tiles/8s.svg")),
    ("bytes://tiles/9s.svg", include_bytes!("../../assets/tiles/9s.svg")),
    ("bytes://tiles/ew.svg", include_bytes!("../../assets/tiles/ew.svg")),
    ("bytes://tiles/sw.svg", include_bytes!("../../assets/tiles/sw.svg")),
    ("bytes://tiles/ww.svg", include_bytes!("../../assets/tiles/ww.svg")),
    ("bytes://tiles/nw.svg", include_bytes!("../../assets/tiles/nw.svg")),
    ("bytes://tiles/wd.svg", include_bytes!("../../assets/tiles/wd.svg")),
    ("bytes://tiles/gd.svg", include_bytes!("../../assets/tiles/gd.svg")),
    ("bytes://tiles/rd.svg", include_bytes!("../../assets/tiles/rd.svg")),
    ("bytes://tiles/0m.svg", include_bytes!("../../assets/tiles/0m.svg")),
    ("bytes://tiles/0p.svg", include_bytes!("../../assets/tiles/0p.svg")),
    ("bytes://tiles/0s.svg", include_bytes!("../../assets/tiles/0s.svg")),
    ("bytes://tiles/uk.svg", include_bytes!("../../assets/tiles/uk.svg")),
];

const BACK: (&str, &[u8]) = ("bytes://tiles/back.svg", include_bytes!("../../assets/tiles/back.svg"));

/// The height in pixels every face is drawn at, once. The GPU scales it to each size shown (its
/// mipmaps keep small tiles smooth): a face drawn at the size it is shown would be drawn again for
/// every size, and egui's loaders forget, each frame, the sizes of a face that frame did not show,
/// so a tile in the hand and the river, or a table rescaled when the editor moves to the next
/// frame, had its SVG drawn again on every step.
const FACE_PIXELS: u32 = 160;

/// The texture of `(uri, bytes)` drawn at [`FACE_PIXELS`]; the SVG itself until the loader has it.
fn texture(ctx: &egui::Context, (uri, bytes): (&'static str, &'static [u8])) -> ImageSource<'static> {
    let options = TextureOptions::LINEAR.with_mipmap_mode(Some(TextureFilter::Linear));
    let load = || ctx.try_load_texture(uri, options, SizeHint::Height(FACE_PIXELS));
    // The bytes are handed to egui the first time only (a hundred tiles a frame after that).
    let loaded = load().or_else(|_| {
        ctx.include_bytes(uri, bytes);
        load()
    });
    match loaded {
        Ok(TexturePoll::Ready { texture }) => ImageSource::Texture(texture),
        _ => ImageSource::Bytes { uri: uri.into(), bytes: bytes.into() },
    }
}

/// The face of `t`.
pub fn source(ctx: &egui::Context, t: Tile) -> ImageSource<'static> {
    texture(ctx, FACES[t.index()])
}

/// The back of a tile (a concealed tile nobody saw).
pub fn back(ctx: &egui::Context) -> ImageSource<'static> {
    texture(ctx, BACK)
}

/// A face `width` wide, dimmed when `dim`.
pub fn image(ctx: &egui::Context, t: Tile, width: f32, dim: bool) -> Image<'static> {
    let img = Image::new(source(ctx, t)).fit_to_exact_size(Vec2::new(width, width / ASPECT));
    if dim { img.tint(super::palette::FADED) } else { img }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_face_is_drawn_once_and_then_given_as_the_same_texture() {
        let ctx = egui::Context::default();
        egui_extras::install_image_loaders(&ctx);
        let first = source(&ctx, Tile::ALL[0]);
        let ImageSource::Texture(t) = first else { panic!("not a texture: {first:?}") };
        let ImageSource::Texture(again) = source(&ctx, Tile::ALL[0]) else { panic!("not a texture the second time") };
        assert_eq!(again.id, t.id, "one texture, not drawn again");
        let drawn = ctx.tex_manager().read().meta(t.id).map(|m| m.size);
        assert_eq!(drawn.map(|[_, h]| h as u32), Some(FACE_PIXELS), "drawn at {FACE_PIXELS} px high");
    }

    #[test]
    fn every_tile_has_its_own_face() {
        for t in Tile::ALL {
            let (uri, bytes) = FACES[t.index()];
            assert!(uri.ends_with(&format!("/{}.svg", t.code())), "{uri} for {t}");
            let svg = std::str::from_utf8(bytes).unwrap_or_default();
            assert!(svg.starts_with("<svg"), "{t}");
            assert!(!svg.contains("<text"), "{t}: a face must not need a font");
        }
    }
}
