//! Bounded memory on a large stream, measured by a counting allocator (this binary's own).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{BufReader, Read};

use super::*;

/// A reader that yields the same chunk `times` times, so a large input never sits in memory.
struct Repeat {
    chunk: &'static [u8],
    times: usize,
    offset: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.times == 0 {
            return Ok(0);
        }
        let n = buf.len().min(self.chunk.len() - self.offset);
        buf[..n].copy_from_slice(&self.chunk[self.offset..self.offset + n]);
        self.offset += n;
        if self.offset == self.chunk.len() {
            self.offset = 0;
            self.times -= 1;
        }
        Ok(n)
    }
}

/// Counts the bytes allocated by each thread, so that one test can measure its own peak.
struct CountingAllocator;

thread_local! {
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
    static PEAK_BYTES: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    LIVE_BYTES.with(|live| {
        live.set(live.get() + delta);
        PEAK_BYTES.with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// Safety: every call is forwarded unchanged to the system allocator; the only addition is
// bookkeeping in thread-local cells that need no allocation themselves.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn a_large_stream_is_read_game_by_game_in_bounded_memory() {
    // One game with a 1 MB comment and 1 MB of variations: 2 MB of text per game.
    let comment = format!("{{{}}}", "long comment ".repeat(80_000));
    let variations = "(1... c5 2. Nf3 d6 {x} (2... Nc6)) ".repeat(30_000);
    let chunk: &'static str = Box::leak(
        format!(
            "[Event \"big\"]\n1. e4 {comment} e5 {variations} 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n"
        )
        .into_boxed_str(),
    );
    let games = 5;
    let total_bytes = chunk.len() * games;
    assert!(total_bytes > 10_000_000, "{total_bytes}");

    let start = LIVE_BYTES.with(Cell::get);
    PEAK_BYTES.with(|peak| peak.set(start));
    let reader = Reader::new(BufReader::new(Repeat {
        chunk: chunk.as_bytes(),
        times: games,
        offset: 0,
    }));
    let mut read = 0;
    for game in reader {
        let game = game.unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(game.game.ply(), 6);
        read += 1;
    }
    assert_eq!(read, games);
    let peak = PEAK_BYTES.with(Cell::get) - start;
    assert!(
        peak < 256 * 1024,
        "reading {total_bytes} bytes peaked at {peak} bytes"
    );
}
