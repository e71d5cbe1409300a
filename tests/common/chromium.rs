//! A headless Chromium (Debian's `/usr/bin/chromium`) driven through the DevTools protocol, for
//! the web pages' tests: open a page, evaluate JavaScript, press keys, wait for the DOM, take
//! screenshots. One browser per `Chromium`, with its own fresh profile; killed on drop.
//!
//! The programs binary includes it once (`tests/programs/main.rs`). `Chromium::start()` gives
//! `None` (and prints why) when chromium is missing and `CI` is unset; under `CI` it fails.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use base64::Engine;
use serde_json::{Value, json};
use std::collections::VecDeque;
use std::fs;
use std::io::{Cursor, ErrorKind};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tungstenite::{Message, WebSocket};

/// Where Debian installs it (`apt-get install chromium`; `.ci/run` does).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// How long one DevTools command may take.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(30);

pub struct Chromium {
    process: Process,
    ws: WebSocket<TcpStream>,
    session: String,
    next_id: u64,
    events: VecDeque<Value>,
    errors: Vec<String>,
}

impl Chromium {
    /// Starts chromium with a fresh profile and opens one blank page. `None` when chromium is
    /// not installed and this is not CI (a line says the test was skipped).
    pub fn start() -> Option<Chromium> {
        if !cfg!(target_os = "linux") {
            eprintln!("skipped: the browser tests run on Linux, with Debian's chromium");
            return None;
        }
        if !Path::new(CHROMIUM).exists() {
            if std::env::var_os("CI").is_some() {
                panic!("{CHROMIUM} is missing: CI must install it (apt-get install chromium, .ci/run)");
            }
            eprintln!("skipped: {CHROMIUM} is not installed (apt-get install chromium)");
            return None;
        }
        static STARTED: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "jmjp-chromium-{}-{}",
            std::process::id(),
            STARTED.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = fs::remove_dir_all(&dir);
        let profile = dir.join("profile");
        fs::create_dir_all(&profile).unwrap();
        let log = fs::File::create(dir.join("chromium.log")).unwrap();
        let child = Command::new(CHROMIUM)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {CHROMIUM}: {e}"));
        // From here on a failing test still ends the browser and removes its profile.
        let mut process = Process { child, dir };
        let (port, path) = match wait_for_port(&profile, &mut process.child) {
            Ok(found) => found,
            Err(why) => {
                let log = fs::read_to_string(process.dir.join("chromium.log")).unwrap_or_default();
                panic!("chromium did not open its DevTools port: {why}\n{log}");
            }
        };
        let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        stream.set_read_timeout(Some(COMMAND_TIMEOUT)).unwrap();
        let (ws, _) = tungstenite::client(format!("ws://127.0.0.1:{port}{path}"), stream)
            .unwrap_or_else(|e| panic!("DevTools websocket handshake: {e}"));
        // From here reads wake up often, so that each command keeps its own deadline.
        ws.get_ref().set_read_timeout(Some(Duration::from_millis(200))).unwrap();
        let mut browser =
            Chromium { process, ws, session: String::new(), next_id: 0, events: VecDeque::new(), errors: Vec::new() };
        let target = browser.browser_command("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_string();
        let attached =
            browser.browser_command("Target.attachToTarget", json!({"targetId": target_id, "flatten": true}));
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.command("Page.enable", json!({}));
        browser.command("Runtime.enable", json!({}));
        Some(browser)
    }

    /// A DevTools command to the page; its result. Fails the test on a protocol error.
    pub fn command(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(session))
    }

    fn browser_command(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
    }

    fn send(&mut self, method: &str, params: Value, session: Option<String>) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            message["sessionId"] = Value::String(session);
        }
        self.ws.send(Message::text(message.to_string())).unwrap_or_else(|e| panic!("{method}: {e}"));
        let deadline = Instant::now() + COMMAND_TIMEOUT;
        loop {
            let Some(reply) = self.read_message(deadline) else {
                panic!("{method}: no answer from chromium within {COMMAND_TIMEOUT:?}")
            };
            if reply["id"].as_u64() == Some(id) {
                if let Some(error) = reply.get("error") {
                    panic!("{method}: {error}");
                }
                return reply["result"].clone();
            }
            self.keep_event(reply);
        }
    }

    /// The next message from chromium, or `None` at the deadline.
    fn read_message(&mut self, deadline: Instant) -> Option<Value> {
        while Instant::now() < deadline {
            match self.ws.read() {
                Ok(Message::Text(text)) => return Some(serde_json::from_str(text.as_str()).unwrap()),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e)) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {}
                Err(e) => panic!("DevTools websocket: {e}"),
            }
        }
        None
    }

    fn keep_event(&mut self, event: Value) {
        match event["method"].as_str() {
            Some("Runtime.exceptionThrown") => {
                let details = &event["params"]["exceptionDetails"];
                let text = details["exception"]["description"].as_str().or(details["text"].as_str()).unwrap_or("");
                self.errors.push(format!("exception: {text}"));
            }
            Some("Runtime.consoleAPICalled") if event["params"]["type"] == "error" => {
                self.errors.push(format!("console.error: {}", event["params"]["args"]));
            }
            _ => {}
        }
        self.events.push_back(event);
        if self.events.len() > 1000 {
            self.events.pop_front();
        }
    }

    /// Waits for an event of this name (kept or coming), up to the timeout.
    fn wait_event(&mut self, method: &str, timeout: Duration) -> Option<Value> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(i) = self.events.iter().position(|e| e["method"] == method) {
                return self.events.remove(i);
            }
            let event = self.read_message(deadline)?;
            self.keep_event(event);
        }
    }

    /// Opens `url` and waits for its load event (scripts run, images and fonts asked for).
    pub fn open(&mut self, url: &str) {
        self.events.retain(|e| e["method"] != "Page.loadEventFired");
        let result = self.command("Page.navigate", json!({"url": url}));
        if let Some(error) = result.get("errorText") {
            panic!("opening {url}: {error}");
        }
        if self.wait_event("Page.loadEventFired", COMMAND_TIMEOUT).is_none() {
            panic!("{url} did not finish loading within {COMMAND_TIMEOUT:?}");
        }
    }

    /// Evaluates a JavaScript expression (awaiting a promise) and gives its value as JSON
    /// (`null` for undefined). A thrown exception fails the test.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.command(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(details) = result.get("exceptionDetails") {
            panic!("{expression}\nthrew: {}", details["exception"]["description"].as_str().unwrap_or("?"));
        }
        result["result"].get("value").cloned().unwrap_or(Value::Null)
    }

    /// Waits until the expression is truthy; false at the timeout.
    pub fn try_wait_until(&mut self, predicate: &str, timeout: Duration) -> bool {
        let deadline = Instant::now() + timeout;
        loop {
            let value = self.eval(&format!("!!({predicate})"));
            if value == Value::Bool(true) {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the expression is truthy; fails the test, naming it, at the timeout.
    pub fn wait_until(&mut self, predicate: &str, timeout: Duration) {
        if !self.try_wait_until(predicate, timeout) {
            panic!("not true within {timeout:?}: {predicate}\npage errors: {:?}", self.errors);
        }
    }

    /// Presses and releases a key, by its DOM name: "ArrowRight", "ArrowDown", "Home", "End",
    /// "Enter", "Escape", a letter or a digit.
    pub fn press(&mut self, key: &str) {
        let (code, vk, text) = match key {
            "ArrowLeft" => ("ArrowLeft".to_string(), 37, None),
            "ArrowUp" => ("ArrowUp".to_string(), 38, None),
            "ArrowRight" => ("ArrowRight".to_string(), 39, None),
            "ArrowDown" => ("ArrowDown".to_string(), 40, None),
            "Home" => ("Home".to_string(), 36, None),
            "End" => ("End".to_string(), 35, None),
            "Enter" => ("Enter".to_string(), 13, Some("\r".to_string())),
            "Escape" => ("Escape".to_string(), 27, None),
            one if one.len() == 1 => {
                let c = one.chars().next().unwrap();
                let upper = c.to_ascii_uppercase();
                let code = if c.is_ascii_digit() { format!("Digit{c}") } else { format!("Key{upper}") };
                (code, upper as i64, Some(one.to_string()))
            }
            other => panic!("press: no key code known for {other:?}"),
        };
        let mut down = json!({"type": if text.is_some() { "keyDown" } else { "rawKeyDown" },
            "key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk});
        if let Some(text) = text {
            down["text"] = Value::String(text);
        }
        self.command("Input.dispatchKeyEvent", down);
        self.command(
            "Input.dispatchKeyEvent",
            json!({"type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}),
        );
    }

    /// A script run in every document before its own scripts (to stub `EventSource`, say).
    pub fn add_script_on_new_document(&mut self, source: &str) {
        self.command("Page.addScriptToEvaluateOnNewDocument", json!({"source": source}));
    }

    /// The page's size in CSS pixels, at one device pixel each.
    pub fn set_viewport(&mut self, width: u32, height: u32) {
        self.command(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// Pages without a background of their own show through (what OBS composites).
    pub fn transparent_background(&mut self) {
        self.command("Emulation.setDefaultBackgroundColorOverride", json!({"color": {"r": 0, "g": 0, "b": 0, "a": 0}}));
    }

    /// Waits until the document's fonts are loaded (true if they all loaded).
    pub fn fonts_ready(&mut self) -> bool {
        self.eval("document.fonts.ready.then(() => document.fonts.status)") == json!("loaded")
    }

    /// The viewport as a PNG.
    pub fn screenshot(&mut self) -> Shot {
        let result = self.command("Page.captureScreenshot", json!({"format": "png", "fromSurface": true}));
        let data = base64::engine::general_purpose::STANDARD.decode(result["data"].as_str().unwrap()).unwrap();
        Shot::from_png(&data)
    }

    /// JavaScript exceptions and console errors seen so far.
    pub fn errors(&mut self) -> Vec<String> {
        while let Some(event) = self.read_message(Instant::now() + Duration::from_millis(50)) {
            self.keep_event(event);
        }
        self.errors.clone()
    }
}

/// The browser's process and its directory (profile, log): ended and removed on drop.
struct Process {
    child: Child,
    dir: PathBuf,
}

impl Drop for Process {
    fn drop(&mut self) {
        // Closed gracefully (Chromium's own drop asks it to) it ends its helper processes too.
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline && matches!(self.child.try_wait(), Ok(None)) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        for _ in 0..10 {
            if fs::remove_dir_all(&self.dir).is_ok() || !self.dir.exists() {
                break;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let close = json!({"id": self.next_id + 1, "method": "Browser.close", "params": {}});
        let _ = self.ws.send(Message::text(close.to_string()));
    }
}

/// Chromium writes `PORT\n/devtools/browser/ID` into the profile once it listens.
fn wait_for_port(profile: &Path, child: &mut Child) -> Result<(u16, String), String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    let file = profile.join("DevToolsActivePort");
    while Instant::now() < deadline {
        if let Ok(text) = fs::read_to_string(&file) {
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next())
                && let Ok(port) = port.trim().parse()
            {
                return Ok((port, path.trim().to_string()));
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!("it exited: {status}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err("no DevToolsActivePort within 30 s".to_string())
}

/// A screenshot as 8-bit RGBA pixels.
pub struct Shot {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

impl Shot {
    pub fn from_png(data: &[u8]) -> Shot {
        let mut decoder = png::Decoder::new(Cursor::new(data));
        decoder.set_transformations(png::Transformations::normalize_to_color8() | png::Transformations::ALPHA);
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        buf.truncate(info.buffer_size());
        let rgba = match info.color_type {
            png::ColorType::Rgba => buf,
            png::ColorType::Rgb => buf.chunks(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
            other => panic!("screenshot in an unexpected colour type {other:?}"),
        };
        Shot { width: info.width, height: info.height, rgba }
    }

    /// The pixel at (x, y) as [r, g, b, a].
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 4] {
        let i = ((y * self.width + x) * 4) as usize;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2], self.rgba[i + 3]]
    }

    /// The share of pixels that are fully transparent (0.0 ..= 1.0).
    pub fn transparent_share(&self) -> f64 {
        let clear = self.rgba.chunks(4).filter(|p| p[3] == 0).count();
        clear as f64 / (self.width as f64 * self.height as f64)
    }

    /// This picture laid over a grey checkerboard of 32-pixel squares (to see its transparency).
    pub fn over_checkerboard(&self) -> Shot {
        let mut out = Vec::with_capacity(self.rgba.len());
        for y in 0..self.height {
            for x in 0..self.width {
                let [r, g, b, a] = self.pixel(x, y);
                let under: u32 = if ((x / 32) + (y / 32)) % 2 == 0 { 0x9a } else { 0x5c };
                let a = a as u32;
                let mix = |c: u8| ((c as u32 * a + under * (255 - a)) / 255) as u8;
                out.extend_from_slice(&[mix(r), mix(g), mix(b), 255]);
            }
        }
        Shot { width: self.width, height: self.height, rgba: out }
    }

    pub fn save(&self, path: &Path) {
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).unwrap();
        }
        let file = fs::File::create(path).unwrap();
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header().unwrap().write_image_data(&self.rgba).unwrap();
    }
}
