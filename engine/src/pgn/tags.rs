//! The tag pairs of a PGN game, in order.

use crate::{GameResult, Position, STARTPOS_FEN};

/// The Seven Tag Roster, in the order the PGN standard writes it, with the value that means
/// "unknown" for each.
pub(super) const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// Ordered tag pairs (`[White "Kasparov"]`); names are unique and case-sensitive.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    pairs: Vec<(String, String)>,
}

impl Tags {
    /// No tags.
    pub fn new() -> Tags {
        Tags::default()
    }

    /// The value of the tag `name`, if present.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the tag `name` to `value`, in place if it exists, else at the end.
    pub fn set(&mut self, name: impl Into<String>, value: impl Into<String>) {
        let (name, value) = (name.into(), value.into());
        match self.pairs.iter_mut().find(|(n, _)| *n == name) {
            Some(pair) => pair.1 = value,
            None => self.pairs.push((name, value)),
        }
    }

    /// Removes the tag `name`, returning its value.
    pub fn remove(&mut self, name: &str) -> Option<String> {
        let index = self.pairs.iter().position(|(n, _)| n == name)?;
        Some(self.pairs.remove(index).1)
    }

    /// The tags as `(name, value)`, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> + '_ {
        self.pairs.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }

    /// How many tags there are.
    pub fn len(&self) -> usize {
        self.pairs.len()
    }

    /// Whether there are no tags.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// The tags as they are written for a game from `start` with `result`: the Seven Tag Roster
    /// first (missing values filled with "unknown", `Result` set to `result`), then `SetUp` and
    /// `FEN` if `start` is not the standard initial position (and `Variant "Chess960"` before
    /// them for a Chess960 game, whose FEN is written even for setup 518), then every other tag
    /// in order.
    pub(super) fn canonical(&self, start: &Position, result: GameResult) -> Tags {
        let mut tags = Tags::new();
        for (name, unknown) in SEVEN_TAG_ROSTER {
            tags.set(name, self.get(name).unwrap_or(unknown));
        }
        tags.set("Result", result.to_string());
        let fen = start.to_fen();
        if start.is_chess960() {
            tags.set("Variant", "Chess960");
        }
        if fen != STARTPOS_FEN || start.is_chess960() {
            tags.set("SetUp", "1");
            tags.set("FEN", fen);
        }
        let is_standard = |name: &str| {
            SEVEN_TAG_ROSTER.iter().any(|(n, _)| *n == name)
                || name == "SetUp"
                || name == "FEN"
                || (name == "Variant" && start.is_chess960())
        };
        for (name, value) in self.iter().filter(|(name, _)| !is_standard(name)) {
            tags.set(name, value);
        }
        tags
    }
}

impl<'a> IntoIterator for &'a Tags {
    type Item = (&'a str, &'a str);
    type IntoIter = Box<dyn Iterator<Item = (&'a str, &'a str)> + 'a>;

    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<N: Into<String>, V: Into<String>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(iter: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in iter {
            tags.set(name, value);
        }
        tags
    }
}
