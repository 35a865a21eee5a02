//! The one place colours meet their names: `"white"` and `"black"`, the engine's own serde
//! spelling (its `serde` feature), used by the stored record and the create request; views
//! serialize [`Color`] itself (its schema is `view/color_name.rs`).

use alphachess_engine::Color;

/// The name of `color`, as the engine's serde writes it.
pub fn color_name(color: Color) -> &'static str {
    color.fold_wb("white", "black")
}

/// The colour named `text`, if it is one.
pub fn parse_color_name(text: &str) -> Option<Color> {
    Color::ALL
        .into_iter()
        .find(|&color| color_name(color) == text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_colour_is_named_as_the_engines_serde_names_it_and_reads_back() {
        for color in Color::ALL {
            let serde = serde_json::to_value(color).expect("serializable");
            assert_eq!(serde, color_name(color), "{color:?}");
            assert_eq!(parse_color_name(color_name(color)), Some(color));
        }
        assert_eq!(parse_color_name("White"), None);
        assert_eq!(parse_color_name("random"), None);
    }
}
