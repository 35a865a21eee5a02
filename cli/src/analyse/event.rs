//! What the analysis board's stream (`GET /api/v1/explore`) says, typed: the server's
//! `ExploreEvent`, read from its Server-Sent Events frames.

use std::io::BufRead;

use serde::Deserialize;

use crate::stream::FrameReader;
use crate::view::Score;

/// One `explore` event.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ExploreEvent {
    /// Queued behind live play or other searches.
    Waiting,
    /// The engine's lines after one more iteration, best first.
    Lines(Lines),
    /// The search reached its bound.
    Done { depth: u32 },
    /// A newer request for the same board took over.
    Stopped,
    /// The engine failed.
    Failed { message: String },
    /// An event a newer server sends that this client does not know.
    #[serde(other)]
    Unknown,
}

/// The lines of one iteration.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Lines {
    pub depth: u32,
    pub nodes: u64,
    #[serde(rename = "final")]
    pub last: bool,
    /// `engine`, or `cache` for what an earlier review found.
    pub source: String,
    pub lines: Vec<Line>,
}

/// One of the engine's lines.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Line {
    pub rank: u8,
    /// From white's point of view.
    pub eval: Score,
    pub san: Vec<String>,
}

/// Reads the stream's events in order, calling `on_event` for each until it returns `false` or
/// the stream ends; frames this client cannot read are skipped.
pub fn read_events(
    reader: impl BufRead,
    mut on_event: impl FnMut(ExploreEvent) -> bool,
) -> std::io::Result<()> {
    let mut frames = FrameReader::default();
    for line in reader.lines() {
        let line = line?;
        let Some(frame) = frames.push(&line) else {
            continue;
        };
        if frame.name != "explore" {
            continue;
        }
        let Ok(event) = serde_json::from_str::<ExploreEvent>(&frame.data) else {
            continue;
        };
        if !on_event(event) {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_servers_frames_read_as_typed_events() {
        // As `GET /api/explore` sends them (its OpenAPI examples), shortened.
        let text = "event: explore\ndata: {\"kind\":\"waiting\"}\n\n: ping\n\n\
            event: explore\ndata: {\"kind\":\"lines\",\"depth\":18,\"nodes\":1204331,\"final\":false,\"source\":\"engine\",\"lines\":[{\"rank\":1,\"eval\":{\"cp\":32},\"uci\":[\"e7e5\"],\"san\":[\"e5\"]}]}\n\n\
            event: explore\ndata: {\"kind\":\"stopped\",\"reason\":\"replaced\"}\n\n\
            event: explore\ndata: {\"kind\":\"later\"}\n\n\
            event: explore\ndata: {\"kind\":\"done\",\"depth\":18}\n\n";
        let mut events = Vec::new();
        read_events(text.as_bytes(), |event| {
            events.push(event);
            true
        })
        .expect("reads");
        assert_eq!(events.len(), 5);
        assert_eq!(events[0], ExploreEvent::Waiting);
        let ExploreEvent::Lines(lines) = &events[1] else {
            panic!("lines, not {:?}", events[1]);
        };
        assert_eq!(lines.lines[0].eval, Score::Cp(32));
        assert_eq!(lines.lines[0].san, ["e5"]);
        assert_eq!(events[2], ExploreEvent::Stopped);
        assert_eq!(events[3], ExploreEvent::Unknown);
        assert_eq!(events[4], ExploreEvent::Done { depth: 18 });
    }
}
