//! How long a game may grow. One bound for every way a game gets plies (an imported PGN, a
//! player's move with its reply, a stored record replayed), so a game accepted once always loads.

/// The most plies a game may have.
pub const MAX_PLIES: usize = 600;

/// Whether a player's move at `ply` and the engine's reply both fit under [`MAX_PLIES`].
pub fn has_room_for_an_exchange(ply: usize) -> bool {
    ply + 2 <= MAX_PLIES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_move_needs_room_for_the_reply_under_the_ply_limit() {
        assert!(has_room_for_an_exchange(0));
        assert!(has_room_for_an_exchange(MAX_PLIES - 2));
        assert!(!has_room_for_an_exchange(MAX_PLIES - 1));
        assert!(!has_room_for_an_exchange(MAX_PLIES));
    }
}
