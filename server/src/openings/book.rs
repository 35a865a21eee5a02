//! The opening book: every named line of the lichess chess-openings data set (`data/openings/`,
//! CC0), read once into a map from position to name.
//!
//! Each row is `eco <TAB> name <TAB> pgn`; the moves are read with the engine crate's PGN reader,
//! so they are validated like any game, and the position they reach is keyed by its repetition
//! key (side to move, castling rights and a capturable en-passant square count; move counters do
//! not), so a game that reaches the position by another order of moves finds the same name.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use alphachess_engine::pgn::{self, PgnError};

use super::Opening;

/// The data files, embedded: (file name, contents).
pub const FILES: [(&str, &str); 5] = [
    ("a.tsv", include_str!("../../data/openings/a.tsv")),
    ("b.tsv", include_str!("../../data/openings/b.tsv")),
    ("c.tsv", include_str!("../../data/openings/c.tsv")),
    ("d.tsv", include_str!("../../data/openings/d.tsv")),
    ("e.tsv", include_str!("../../data/openings/e.tsv")),
];

/// A row of the data that does not read.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("{file}:{line}: expected `eco<TAB>name<TAB>pgn`, got {text:?}")]
    Columns {
        file: &'static str,
        line: usize,
        text: String,
    },
    #[error("{file}:{line}: the moves {pgn:?} do not read: {source}")]
    Moves {
        file: &'static str,
        line: usize,
        pgn: String,
        #[source]
        source: Box<PgnError>,
    },
}

/// Named positions by repetition key.
#[derive(Debug, Default)]
pub struct Book {
    by_position: HashMap<u64, Opening>,
    /// Rows whose position an earlier row already named (the first name is kept).
    duplicates: usize,
}

impl Book {
    /// Reads every row of `files` (each with a header line).
    pub fn read(files: &[(&'static str, &str)]) -> Result<Book, BookError> {
        let mut book = Book::default();
        for &(file, text) in files {
            for (index, row) in text.lines().enumerate().skip(1) {
                if row.trim().is_empty() {
                    continue;
                }
                let (key, opening) = read_row(file, index + 1, row)?;
                match book.by_position.entry(key) {
                    Entry::Occupied(_) => book.duplicates += 1,
                    Entry::Vacant(entry) => {
                        entry.insert(opening);
                    }
                }
            }
        }
        Ok(book)
    }

    /// The name of the position with this repetition key, if the book has one.
    pub fn get(&self, key: u64) -> Option<&Opening> {
        self.by_position.get(&key)
    }

    /// How many positions are named.
    pub fn len(&self) -> usize {
        self.by_position.len()
    }

    /// Whether no position is named.
    pub fn is_empty(&self) -> bool {
        self.by_position.is_empty()
    }

    /// Rows that named a position already named.
    pub fn duplicates(&self) -> usize {
        self.duplicates
    }
}

/// One row: the key of the position its moves reach, and its name.
fn read_row(file: &'static str, line: usize, row: &str) -> Result<(u64, Opening), BookError> {
    let mut columns = row.split('\t');
    let (Some(eco), Some(name), Some(moves), None) = (
        columns.next(),
        columns.next(),
        columns.next(),
        columns.next(),
    ) else {
        return Err(BookError::Columns {
            file,
            line,
            text: row.to_owned(),
        });
    };
    let game = pgn::read_game(moves).map_err(|source| BookError::Moves {
        file,
        line,
        pgn: moves.to_owned(),
        source: Box::new(source),
    })?;
    let opening = Opening {
        eco: eco.to_owned(),
        name: name.to_owned(),
    };
    Ok((game.game.position().repetition_key(), opening))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_of_the_data_reads() {
        let mut rows = 0;
        for &(file, text) in &FILES {
            for (index, row) in text.lines().enumerate().skip(1) {
                if let Err(error) = read_row(file, index + 1, row) {
                    panic!("{error}");
                }
                rows += 1;
            }
        }
        assert!(rows > 3_700, "{rows} rows");
        let book = Book::read(&FILES).expect("the data reads");
        assert_eq!(book.len() + book.duplicates(), rows);
    }

    #[test]
    fn a_bad_row_names_its_file_and_line() {
        let text = "eco\tname\tpgn\nA00\tFine\t1. e4\nB00\tBroken\t1. e4 e4\n";
        let error = Book::read(&[("x.tsv", text)]).expect_err("the second row is illegal");
        assert!(error.to_string().starts_with("x.tsv:3:"), "{error}");
        let error = Book::read(&[("y.tsv", "eco\tname\tpgn\nA00 only one column\n")])
            .expect_err("not three columns");
        assert!(error.to_string().starts_with("y.tsv:2:"), "{error}");
    }
}
