//! What a recording leaves beside a record, and the one way to open a file: the entries a
//! recording is made of ([`entry`]: what the scorer entered, each applied to the document as one
//! undo step), the journal that keeps them as they are made ([`journal`], `NAME.jmjp.journal`),
//! the lock of a recording under way ([`lock`], `NAME.jmjp.lock`), and [`open`]: a file read
//! once, told what it is, and for a `.jmjp` file what a recording left beside it (a journal to
//! recover, another copy recording). The recorder makes entries and shows them; the command
//! line, the app and the recovery open files through here. No egui.

pub mod entry;
pub mod journal;
pub mod lock;
pub mod open;
