//! The OpenAPI schemas of model types the API sends as they are (`Variant`, `Players`, the
//! player's rating, the suggested step). utoipa stays out of the model, so each is described here
//! by a schema-only twin under the model type's name; the fields that carry the model type name
//! it with `#[schema(value_type = …)]`, and a test pins each twin to its type's serde.
// Never built: only their schemas are read.
#![allow(dead_code)]

use utoipa::ToSchema;

/// The rules a game is played under. Both have the same moves; Chess960 starts from one of 960
/// back-rank setups and castles with the king and rooks wherever they started (king-takes-rook
/// in UCI, `O-O`/`O-O-O` in SAN).
#[derive(ToSchema)]
#[schema(as = Variant, rename_all = "lowercase")]
pub enum VariantSchema {
    Standard,
    Chess960,
}

/// The players a finished PGN names (its `White` and `Black` tags), for a game created from a
/// PGN already over: it is reviewed, not played, and is nobody's win or loss here (clients do not
/// rate it). Absent (null) for a game against Stockfish.
#[derive(ToSchema)]
#[schema(as = Players)]
pub struct PlayersSchema {
    /// White's name, from the PGN's `White` tag; null when the PGN does not name white.
    #[schema(example = "Anna")]
    white: Option<String>,
    /// Black's name, from the PGN's `Black` tag; null when the PGN does not name black.
    #[schema(example = "Ben")]
    black: Option<String>,
}

/// A rating with its deviation (RD) and volatility, on the Glicko scale.
#[derive(ToSchema)]
#[schema(as = Glicko2)]
pub struct Glicko2Schema {
    #[schema(example = 1500.0)]
    rating: f64,
    #[schema(example = 350.0)]
    deviation: f64,
    #[schema(example = 0.06)]
    volatility: f64,
}

/// The suggested next step.
#[derive(ToSchema)]
#[schema(as = Suggestion)]
pub struct SuggestionSchema {
    /// The step's number (`level` when creating a game).
    #[schema(example = 7)]
    level: u8,
    /// The step's measured rating.
    #[schema(example = 1450)]
    rating: i32,
    /// The player's expected score against it, 0..1.
    #[schema(example = 0.52)]
    expected: f64,
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde::Serialize;
    use utoipa::openapi::{RefOr, Schema};
    use utoipa::PartialSchema;

    use super::*;
    use crate::games::model::ladder::{suggest, Glicko2};
    use crate::games::model::players::Players;
    use crate::games::model::variant::Variant;
    use crate::games::view::color_name::schema_values;

    /// The property names of an object schema.
    fn properties<T: PartialSchema>() -> BTreeSet<String> {
        let RefOr::T(Schema::Object(object)) = T::schema() else {
            panic!("not an inline object schema");
        };
        object.properties.into_keys().collect()
    }

    /// The field names `value` serializes with.
    fn fields(value: impl Serialize) -> BTreeSet<String> {
        let json = serde_json::to_value(value).expect("serializable");
        json.as_object()
            .expect("an object")
            .keys()
            .cloned()
            .collect()
    }

    #[test]
    fn each_twin_describes_exactly_what_its_model_type_serializes() {
        let variants: Vec<String> = [Variant::Standard, Variant::Chess960]
            .into_iter()
            .map(|variant| {
                serde_json::to_value(variant)
                    .expect("a name")
                    .as_str()
                    .expect("text")
                    .to_owned()
            })
            .collect();
        assert_eq!(schema_values::<VariantSchema>(), variants);
        let players = Players::new(Some("Anna"), Some("Ben"));
        assert_eq!(properties::<PlayersSchema>(), fields(players));
        assert_eq!(properties::<Glicko2Schema>(), fields(Glicko2::default()));
        assert_eq!(
            properties::<SuggestionSchema>(),
            fields(suggest(&Glicko2::default()))
        );
    }
}
