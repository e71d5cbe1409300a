//! Import circles between the files of `src/`: the graph file -> file read from every `use` and
//! every path written in the code (`crate::`, `super::`, `self::`, a module or name imported),
//! each resolved through re-exports to the file that defines the item. A file's `pub use` of a
//! name it does not itself use is a passage, not a use, so a `mod.rs` that only declares and
//! re-exports its children ties nothing; declaring a module (`mod x;`) is not a use either.
//! Every strongly connected part of more than one file (Tarjan) is a circle, reported with the
//! names that tie each pair.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// One file of the crate: its path as reported and its module path (`recorder/keys.rs` is
/// `["recorder", "keys"]`, `lib.rs` is `[]`).
pub struct Source {
    pub name: String,
    pub module: Vec<String>,
    pub text: String,
}

/// A circle: its files, and for each pair of them that is tied, the names one uses of the other.
#[derive(Debug)]
pub struct Circle {
    pub files: Vec<String>,
    pub ties: BTreeMap<(String, String), BTreeSet<String>>,
}

impl std::fmt::Display for Circle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "import circle: {}", self.files.join(" <-> "))?;
        for ((from, to), names) in &self.ties {
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            writeln!(f, "  {from} uses from {to}: {}", names.join(", "))?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Punct(&'static str),
    Open,
    Close,
}

/// The code of `text` as tokens: comments, strings and characters left out.
fn tokens(text: &str) -> Vec<Tok> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' || ((ch == 'r' || ch == 'b') && raw_string_start(&c, i).is_some()) {
            i = skip_string(&c, i);
        } else if ch == '\'' {
            // A character ('x', '\n', '東') or a lifetime ('a).
            if at(i + 1) == '\\' {
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                i += 1;
                while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                    i += 1;
                }
            }
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            out.push(Tok::Word(c[start..i].iter().collect()));
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Tok::Punct("::"));
            i += 2;
        } else {
            out.push(match ch {
                '{' => Tok::Open,
                '}' => Tok::Close,
                ';' => Tok::Punct(";"),
                ',' => Tok::Punct(","),
                '*' => Tok::Punct("*"),
                '(' => Tok::Punct("("),
                ')' => Tok::Punct(")"),
                '!' => Tok::Punct("!"),
                _ => Tok::Punct("."),
            });
            i += 1;
        }
    }
    out
}

/// At `i`, the number of `#` of a raw or byte string (`r"`, `r#"`, `b"`, `br#"`), if one starts.
fn raw_string_start(c: &[char], i: usize) -> Option<usize> {
    if i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if c.get(j) == Some(&'b') {
        j += 1;
    }
    if c.get(j) == Some(&'r') {
        j += 1;
    }
    let hashes = c[j..].iter().take_while(|x| **x == '#').count();
    (j > i && c.get(j + hashes) == Some(&'"')).then_some(hashes)
}

/// The index after the string starting at `i`.
fn skip_string(c: &[char], i: usize) -> usize {
    let raw = raw_string_start(c, i).filter(|_| c[i..].iter().take_while(|x| **x != '"').any(|x| *x == 'r'));
    let mut j = i;
    while c[j] != '"' {
        j += 1;
    }
    j += 1;
    match raw {
        Some(hashes) => {
            while j < c.len() {
                if c[j] == '"' && c[j + 1..].iter().take(hashes).filter(|x| **x == '#').count() == hashes {
                    return j + 1 + hashes;
                }
                j += 1;
            }
            j
        }
        None => {
            while j < c.len() && c[j] != '"' {
                j += if c[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        }
    }
}

/// One leaf of a `use` tree: the name it brings in (or `*`), the path as written, and whether
/// it is re-exported.
#[derive(Clone, Debug)]
struct UseLeaf {
    scope: Vec<String>,
    local: String,
    path: Vec<String>,
    public: bool,
}

/// What one file says: the names it defines and imports in each of its modules, the paths its
/// code writes, and the words of its code outside `use`.
#[derive(Default)]
struct Parsed {
    /// Every module of the file (itself and its inline `mod x { }`).
    modules: Vec<Vec<String>>,
    defs: Vec<(Vec<String>, String)>,
    uses: Vec<UseLeaf>,
    paths: Vec<(Vec<String>, Vec<String>)>,
    words: HashSet<String>,
}

const ITEMS: [&str; 9] = ["struct", "enum", "fn", "trait", "type", "const", "static", "union", "mod"];

fn parse(src: &Source) -> Parsed {
    let t = tokens(&src.text);
    let mut p = Parsed { modules: vec![src.module.clone()], ..Parsed::default() };
    // The inline modules open at this point, with the depth their body is at.
    let mut scopes: Vec<(Vec<String>, usize)> = vec![(src.module.clone(), 0)];
    let mut depth = 0;
    let mut i = 0;
    let word = |i: usize| match t.get(i) {
        Some(Tok::Word(w)) => Some(w.as_str()),
        _ => None,
    };
    while i < t.len() {
        let scope = scopes.last().map(|s| s.0.clone()).unwrap_or_default();
        let top = scopes.last().is_some_and(|s| s.1 == depth);
        match &t[i] {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth = depth.saturating_sub(1);
                if scopes.len() > 1 && scopes.last().is_some_and(|s| s.1 > depth) {
                    scopes.pop();
                }
            }
            Tok::Word(w) if w == "use" => {
                let public = i > 0 && (word(i - 1) == Some("pub") || t[i - 1] == Tok::Punct(")"));
                let end = (i..t.len()).find(|&j| t[j] == Tok::Punct(";")).unwrap_or(t.len());
                use_tree(&t[i + 1..end], &[], &scope, public, &mut p.uses);
                i = end;
            }
            Tok::Word(w) if w == "macro_rules" && top => {
                if let Some(name) = word(i + 2) {
                    p.defs.push((scope.clone(), name.to_string()));
                }
            }
            Tok::Word(w) if top && ITEMS.contains(&w.as_str()) && word(i + 1).is_some_and(|n| !ITEMS.contains(&n)) => {
                let name = word(i + 1).unwrap_or_default().to_string();
                if w == "mod" && t.get(i + 2) == Some(&Tok::Open) {
                    let mut inner = scope.clone();
                    inner.push(name.clone());
                    p.modules.push(inner.clone());
                    scopes.push((inner, depth + 1));
                } else if w != "mod" {
                    p.defs.push((scope.clone(), name));
                }
                i += 1;
            }
            Tok::Word(w) => {
                p.words.insert(w.clone());
                let after_sep = i > 0 && t[i - 1] == Tok::Punct("::");
                if !after_sep && t.get(i + 1) == Some(&Tok::Punct("::")) {
                    let mut path = vec![w.clone()];
                    let mut j = i + 1;
                    while t.get(j) == Some(&Tok::Punct("::")) {
                        match word(j + 1) {
                            Some(n) => path.push(n.to_string()),
                            None => break,
                        }
                        j += 2;
                    }
                    if path.len() > 1 {
                        p.paths.push((scope.clone(), path));
                    }
                }
            }
            Tok::Punct(_) => {}
        }
        i += 1;
    }
    p
}

/// The leaves of a `use` tree (`a::b::{self, c as d, e::*}`), with the path before it.
fn use_tree(t: &[Tok], prefix: &[String], scope: &[String], public: bool, out: &mut Vec<UseLeaf>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < t.len() {
        match &t[i] {
            Tok::Word(w) if w == "as" => {
                if let Some(Tok::Word(alias)) = t.get(i + 1)
                    && alias != "_"
                {
                    let mut p = path.clone();
                    if p.last().is_some_and(|l| l == "self") {
                        p.pop();
                    }
                    out.push(UseLeaf { scope: scope.to_vec(), local: alias.clone(), path: p, public });
                }
                return;
            }
            Tok::Word(w) => path.push(w.clone()),
            Tok::Punct("*") => {
                out.push(UseLeaf { scope: scope.to_vec(), local: "*".into(), path: path.clone(), public });
                return;
            }
            Tok::Open => {
                // The group: split at the commas of this level.
                let mut level = 0;
                let mut start = i + 1;
                for j in i + 1..t.len() {
                    match &t[j] {
                        Tok::Open => level += 1,
                        Tok::Close if level == 0 => {
                            use_tree(&t[start..j], &path, scope, public, out);
                            return;
                        }
                        Tok::Close => level -= 1,
                        Tok::Punct(",") if level == 0 => {
                            use_tree(&t[start..j], &path, scope, public, out);
                            start = j + 1;
                        }
                        _ => {}
                    }
                }
                return;
            }
            _ => {}
        }
        i += 1;
    }
    if path.len() > prefix.len() {
        let mut p = path;
        if p.last().is_some_and(|l| l == "self") {
            p.pop();
        }
        if let Some(local) = p.last().cloned() {
            out.push(UseLeaf { scope: scope.to_vec(), local, path: p, public });
        }
    }
}

/// The crate: which file holds each module, what each module defines and imports.
struct Index {
    module_file: HashMap<Vec<String>, usize>,
    defs: HashSet<(Vec<String>, String)>,
    imports: HashMap<(Vec<String>, String), Vec<String>>,
    globs: HashMap<Vec<String>, Vec<Vec<String>>>,
}

impl Index {
    /// Whether module `module` has something called `name` (an item, an import or a module).
    fn defines(&self, module: &[String], name: &str) -> bool {
        let key = (module.to_vec(), name.to_string());
        let child: Vec<String> = module.iter().cloned().chain([name.to_string()]).collect();
        self.defs.contains(&key) || self.imports.contains_key(&key) || self.module_file.contains_key(&child)
    }

    /// The absolute module path of `path` written in module `scope`, when it names the crate.
    fn absolute(&self, scope: &[String], path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        let mut base = scope.to_vec();
        let mut k = 0;
        match first.as_str() {
            "crate" => {
                base.clear();
                k = 1;
            }
            "self" => k = 1,
            "super" => {
                while path.get(k).is_some_and(|s| s == "super") {
                    base.pop();
                    k += 1;
                }
            }
            name => {
                if let Some(target) = self.imports.get(&(scope.to_vec(), name.to_string())) {
                    return Some(target.iter().chain(&path[1..]).cloned().collect());
                }
                if !self.defines(scope, name) {
                    // A name a glob import brings in (`use super::*` in a test module).
                    let glob = self.globs.get(scope)?.iter().find(|g| self.defines(g, name))?;
                    return Some(glob.iter().chain(path).cloned().collect());
                }
            }
        }
        Some(base.into_iter().chain(path[k..].iter().cloned()).collect())
    }

    /// The file that defines what the absolute `path` names, and the name (`None` for a module
    /// itself). A name found nowhere (a variant, a macro) is taken to be its module's.
    fn resolve(&self, path: &[String], hops: usize) -> Option<(usize, Option<String>)> {
        let mut n = 0;
        while n < path.len() && self.module_file.contains_key(&path[..n + 1]) {
            n += 1;
        }
        let module = &path[..n];
        let file = *self.module_file.get(module)?;
        let Some(name) = path.get(n) else { return Some((file, None)) };
        if self.defs.contains(&(module.to_vec(), name.clone())) || hops > 16 {
            return Some((file, Some(name.clone())));
        }
        if let Some(target) = self.imports.get(&(module.to_vec(), name.clone())) {
            let whole: Vec<String> = target.iter().chain(&path[n + 1..]).cloned().collect();
            return self.resolve(&whole, hops + 1);
        }
        if let Some(glob) = self.globs.get(module).into_iter().flatten().find(|g| self.defines(g, name)) {
            let whole: Vec<String> = glob.iter().chain(&path[n..]).cloned().collect();
            return self.resolve(&whole, hops + 1);
        }
        Some((file, Some(name.clone())))
    }
}

/// Every circle among `sources`.
pub fn circles(sources: &[Source]) -> Vec<Circle> {
    let parsed: Vec<Parsed> = sources.iter().map(parse).collect();
    let mut index =
        Index { module_file: HashMap::new(), defs: HashSet::new(), imports: HashMap::new(), globs: HashMap::new() };
    for (f, p) in parsed.iter().enumerate() {
        for m in &p.modules {
            index.module_file.insert(m.clone(), f);
        }
        index.defs.extend(p.defs.iter().cloned());
    }
    // Imports are made absolute once every module is known; twice, as an import may start from
    // another import of its module.
    for p in parsed.iter().chain(&parsed) {
        for u in &p.uses {
            if let Some(abs) = index.absolute(&u.scope, &u.path) {
                if u.local == "*" {
                    index.globs.entry(u.scope.clone()).or_default().push(abs);
                } else if abs != [u.scope.clone(), vec![u.local.clone()]].concat() {
                    index.imports.insert((u.scope.clone(), u.local.clone()), abs);
                }
            }
        }
    }
    let mut edges: BTreeMap<(usize, usize), BTreeSet<String>> = BTreeMap::new();
    for (f, p) in parsed.iter().enumerate() {
        let mut tie = |to: Option<(usize, Option<String>)>| {
            if let Some((g, Some(name))) = to
                && g != f
            {
                edges.entry((f, g)).or_default().insert(name);
            }
        };
        for u in &p.uses {
            if u.public && !p.words.contains(&u.local) {
                continue;
            }
            let Some(abs) = index.absolute(&u.scope, &u.path) else { continue };
            if u.local == "*" {
                if let Some((g, None)) = index.resolve(&abs, 0) {
                    let used: Vec<String> = index
                        .defs
                        .iter()
                        .filter(|(m, d)| *m == abs && p.words.contains(d))
                        .map(|(_, d)| d.clone())
                        .collect();
                    let used = if used.is_empty() { vec!["*".to_string()] } else { used };
                    for name in used {
                        tie(Some((g, Some(name))));
                    }
                }
                continue;
            }
            tie(index.resolve(&abs, 0));
        }
        for (scope, path) in &p.paths {
            if let Some(abs) = index.absolute(scope, path) {
                tie(index.resolve(&abs, 0));
            }
        }
    }
    strongly_connected(sources.len(), &edges)
        .into_iter()
        .filter(|part| part.len() > 1)
        .map(|part| {
            let mut files: Vec<String> = part.iter().map(|&f| sources[f].name.clone()).collect();
            files.sort();
            let ties = edges
                .iter()
                .filter(|((a, b), _)| part.contains(a) && part.contains(b))
                .map(|((a, b), names)| ((sources[*a].name.clone(), sources[*b].name.clone()), names.clone()))
                .collect();
            Circle { files, ties }
        })
        .collect()
}

/// Tarjan's strongly connected components of the graph of `n` nodes.
fn strongly_connected(n: usize, edges: &BTreeMap<(usize, usize), BTreeSet<String>>) -> Vec<Vec<usize>> {
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in edges.keys() {
        next[a].push(b);
    }
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(v: usize, next: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &next[v] {
            match s.index[w] {
                None => {
                    visit(w, next, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut part = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                part.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(part);
        }
    }
    let mut s = State {
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(v, &next, &mut s);
        }
    }
    s.out
}
