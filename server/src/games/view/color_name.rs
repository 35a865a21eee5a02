//! How the OpenAPI document describes a colour: the engine crate does not depend on utoipa, so
//! the closed enum is declared here and a test pins it to the engine's serde.

use utoipa::ToSchema;

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
    use crate::games::model::color::color_name;
    use alphachess_engine::Color;

    #[test]
    fn the_openapi_colour_is_exactly_the_engines_colours() {
        let names: Vec<&str> = Color::ALL.into_iter().map(color_name).collect();
        assert_eq!(schema_values::<ColorName>(), names);
    }
}
