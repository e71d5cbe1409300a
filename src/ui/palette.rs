//! Every colour the screens use, named by what it says (never a colour written where it is
//! used: a test finds `Color32::from_` outside this file). The same meaning has one colour on
//! every screen.

use egui::Color32;

/// Error text, and what is wrong: a problem, a broken video link, a desk in trouble.
pub const ERROR: Color32 = Color32::from_rgb(0xd0, 0x30, 0x30);
/// Warning text, and what differs: an AI that would play otherwise, the other desk's entry.
pub const WARNING: Color32 = Color32::from_rgb(0xc0, 0x80, 0x10);
/// What fits: a likely cause, an AI that agrees, the same on both desks.
pub const GOOD: Color32 = Color32::from_rgb(0x20, 0x80, 0x60);
/// This desk's side, a heading that names what is chosen, the difference selected.
pub const ACCENT: Color32 = Color32::from_rgb(0x20, 0x60, 0xc0);
/// The other side: the other recording, the act selected in the recorder.
pub const OTHER: Color32 = Color32::from_rgb(0xc0, 0x60, 0x10);
/// The seat whose turn it is: its frame, and the same faintly behind it.
pub const TURN: Color32 = Color32::from_rgb(0xff, 0xd2, 0x4a);
pub const TURN_FILL: Color32 = Color32::from_rgba_unmultiplied_const(0xff, 0xd2, 0x4a, 24);
/// A tile shown dimmed (called away, or not in play).
pub const DIMMED: Color32 = Color32::from_gray(185);
/// A tile face faded out (a choice not open now).
pub const FADED: Color32 = Color32::from_rgba_premultiplied(70, 70, 70, 70);
/// Text on an error-coloured ground (the riichi mark).
pub const ON_ERROR: Color32 = Color32::WHITE;
/// A marker line on a chart (the frame shown).
pub const MARKER: Color32 = Color32::from_gray(150);
/// The place of an error in a text: its background and its characters.
pub const ERROR_BACKGROUND: Color32 = Color32::from_rgb(0xff, 0xd0, 0xd0);
pub const ERROR_TEXT: Color32 = Color32::from_rgb(0x80, 0x00, 0x00);
/// Four series of a chart (a player each, or a rate each).
pub const SERIES: [Color32; 4] = [
    Color32::from_rgb(0xd0, 0x40, 0x40),
    Color32::from_rgb(0x30, 0x80, 0xd0),
    Color32::from_rgb(0x30, 0xa0, 0x50),
    Color32::from_rgb(0xc0, 0x90, 0x10),
];
