//! Typing kept in order across a key that moves the focus (the window's input, every frame).

/// Keeps typing in order across a key that moves the focus: the events after the first Tab,
/// Enter or Escape of a frame are held for the next frame, so that what a fast typist (or a
/// scripted keyboard) types after Tab goes to the next field, not the one Tab leaves. `held` is
/// what the last frame held back; it comes first.
pub fn one_focus_key_a_frame(held: &mut Vec<egui::Event>, events: &mut Vec<egui::Event>) {
    let mut all = std::mem::take(held);
    all.append(events);
    let moves_focus = |e: &egui::Event| {
        matches!(e, egui::Event::Key { key: egui::Key::Tab | egui::Key::Enter | egui::Key::Escape, pressed: true, .. })
    };
    match all.iter().position(moves_focus) {
        Some(i) if i + 1 < all.len() => {
            *held = all.split_off(i + 1);
            *events = all;
        }
        _ => *events = all,
    }
}

#[cfg(test)]
mod tests {
    use egui::{Event, Key, Modifiers};

    use super::one_focus_key_a_frame;

    fn key(k: Key) -> Event {
        Event::Key { key: k, physical_key: None, pressed: true, repeat: false, modifiers: Modifiers::NONE }
    }

    fn text(t: &str) -> Event {
        Event::Text(t.into())
    }

    #[test]
    fn typing_after_tab_waits_for_the_next_frame() {
        let mut held = Vec::new();
        let mut frame = vec![text("3-4"), key(Key::Tab), text("9"), text("p"), key(Key::Tab), text("1")];
        one_focus_key_a_frame(&mut held, &mut frame);
        assert_eq!(frame, vec![text("3-4"), key(Key::Tab)]);
        let mut next = vec![text("m")];
        one_focus_key_a_frame(&mut held, &mut next);
        assert_eq!(next, vec![text("9"), text("p"), key(Key::Tab)]);
        let mut last = Vec::new();
        one_focus_key_a_frame(&mut held, &mut last);
        assert_eq!(last, vec![text("1"), text("m")]);
        assert!(held.is_empty());
        // Nothing to hold: the frame is left as it is.
        let mut plain = vec![text("5m"), key(Key::Space)];
        one_focus_key_a_frame(&mut held, &mut plain);
        assert_eq!(plain, vec![text("5m"), key(Key::Space)]);
    }
}
