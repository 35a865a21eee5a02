//! How a game's positions are split between engines (issue #24): contiguous chunks, each
//! searched backward on one engine after a warm-up search of the position after it, so the
//! engine's hash holds what the later positions found (a mate seen at move 30 is seen again at
//! move 29). fishnet does the same for lichess: chunks of 6 positions, backward, one warm-up.
//!
//! Chunks are what the analyses share the engines by: a place is held for one chunk, then the
//! next chunk (of this analysis or another) takes it, so a long game holds a short one back by
//! one chunk per engine at most.

/// Positions to search in turn on one engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Chunk {
    /// The positions in the order they are searched: a contiguous run, last first.
    pub searches: Vec<usize>,
    /// A position searched first at a small budget, its answer not kept: the one after the
    /// chunk, when there is one to search.
    pub warm_up: Option<usize>,
}

/// The chunks of at most `size` positions that cover `missing` (sorted, increasing): runs of
/// consecutive positions are split, gaps are never bridged. `to_search` is how many positions
/// the game has to search (a warm-up must be one of them). Chunks come last first, so the
/// engines start at the end of the game, where mates are.
pub fn plan(missing: &[usize], size: usize, to_search: usize, warm_up: bool) -> Vec<Chunk> {
    let size = size.max(1);
    let mut chunks = Vec::new();
    let mut rest = missing;
    while let Some(&first) = rest.first() {
        let run = rest
            .iter()
            .enumerate()
            .take(size)
            .take_while(|&(offset, &index)| index == first + offset)
            .count();
        let last = first + run - 1;
        chunks.push(Chunk {
            searches: (first..=last).rev().collect(),
            warm_up: (warm_up && last + 1 < to_search).then_some(last + 1),
        });
        rest = &rest[run..];
    }
    chunks.reverse();
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_is_cut_into_chunks_searched_backward_each_warmed_by_the_next_position() {
        let missing: Vec<usize> = (0..14).collect();
        let chunks = plan(&missing, 6, 14, true);
        assert_eq!(
            chunks,
            [
                Chunk {
                    searches: vec![13, 12],
                    warm_up: None
                },
                Chunk {
                    searches: vec![11, 10, 9, 8, 7, 6],
                    warm_up: Some(12)
                },
                Chunk {
                    searches: vec![5, 4, 3, 2, 1, 0],
                    warm_up: Some(6)
                },
            ]
        );
    }

    #[test]
    fn gaps_are_not_bridged_and_a_pass_may_go_without_warm_up() {
        let chunks = plan(&[0, 1, 2, 7, 8, 20], 6, 21, false);
        let runs: Vec<_> = chunks.iter().map(|c| c.searches.clone()).collect();
        assert_eq!(runs, [vec![20], vec![8, 7], vec![2, 1, 0]]);
        assert!(chunks.iter().all(|c| c.warm_up.is_none()));
        assert!(plan(&[], 6, 10, true).is_empty());
    }
}
