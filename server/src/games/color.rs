//! The one place colours meet their names: `"white"` and `"black"`, the engine's own serde
//! spelling (its `serde` feature), used by the stored record and the create request; views
//! serialize [`Color`] itself.

use alphachess_engine::Color;
use utoipa::ToSchema;

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

// Schema only: how the OpenAPI document describes a `Color`. utoipa is no dependency of the
// engine crate, so the closed enum is declared here and a test pins it to the engine's serde.
/// A colour as JSON.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)] // never built: only its schema is read
pub enum ColorName {
    White,
    Black,
}

/// The values of a string enum's schema, in order.
#[cfg(test)]
pub(crate) fn schema_values<T: utoipa::PartialSchema>() -> Vec<String> {
    use utoipa::openapi::{RefOr, Schema};
    let RefOr::T(Schema::Object(object)) = T::schema() else {
        panic!("not an inline object schema");
    };
    object
        .enum_values
        .expect("a closed enum")
        .into_iter()
        .map(|value| value.as_str().expect("string values").to_owned())
        .collect()
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

    #[test]
    fn the_openapi_colour_is_exactly_the_engines_colours() {
        let names: Vec<&str> = Color::ALL.into_iter().map(color_name).collect();
        assert_eq!(schema_values::<ColorName>(), names);
    }
}
