//! JSON Schema type sets (`type: "string"` / `type: ["integer", "null"]`) as a small bit set,
//! value-to-type checks with JavaScript number semantics, and zod's names for received types.

use serde_json::{Number, Value};

/// A set of JSON Schema primitive types.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct TypeMask(u8);

impl TypeMask {
    pub(crate) const NONE: TypeMask = TypeMask(0);
    pub(crate) const STRING: TypeMask = TypeMask(1);
    pub(crate) const NUMBER: TypeMask = TypeMask(2);
    pub(crate) const INTEGER: TypeMask = TypeMask(4);
    pub(crate) const BOOLEAN: TypeMask = TypeMask(8);
    pub(crate) const NULL: TypeMask = TypeMask(16);
    pub(crate) const ARRAY: TypeMask = TypeMask(32);
    pub(crate) const OBJECT: TypeMask = TypeMask(64);

    pub(crate) fn from_name(name: &str) -> TypeMask {
        match name {
            "string" => Self::STRING,
            "number" => Self::NUMBER,
            "integer" => Self::INTEGER,
            "boolean" => Self::BOOLEAN,
            "null" => Self::NULL,
            "array" => Self::ARRAY,
            "object" => Self::OBJECT,
            _ => Self::NONE,
        }
    }

    /// The set named by a schema's `type` keyword (a string or a list of strings).
    pub(crate) fn from_type_keyword(keyword: &Value) -> TypeMask {
        match keyword {
            Value::String(name) => Self::from_name(name),
            Value::Array(names) => names
                .iter()
                .filter_map(Value::as_str)
                .fold(Self::NONE, |mask, name| mask.union(Self::from_name(name))),
            _ => Self::NONE,
        }
    }

    /// The set a validator type error expected.
    pub(crate) fn from_type_kind(kind: &jsonschema::error::TypeKind) -> TypeMask {
        match kind {
            jsonschema::error::TypeKind::Single(t) => Self::from_json_type(*t),
            jsonschema::error::TypeKind::Multiple(set) => set.iter().fold(Self::NONE, |mask, t| mask.union(Self::from_json_type(t))),
        }
    }

    fn from_json_type(t: jsonschema::JsonType) -> TypeMask {
        match t {
            jsonschema::JsonType::String => Self::STRING,
            jsonschema::JsonType::Number => Self::NUMBER,
            jsonschema::JsonType::Integer => Self::INTEGER,
            jsonschema::JsonType::Boolean => Self::BOOLEAN,
            jsonschema::JsonType::Null => Self::NULL,
            jsonschema::JsonType::Array => Self::ARRAY,
            jsonschema::JsonType::Object => Self::OBJECT,
        }
    }

    pub(crate) fn union(self, other: TypeMask) -> TypeMask {
        TypeMask(self.0 | other.0)
    }

    pub(crate) fn without(self, other: TypeMask) -> TypeMask {
        TypeMask(self.0 & !other.0)
    }

    pub(crate) fn contains(self, other: TypeMask) -> bool {
        other.0 != 0 && self.0 & other.0 == other.0
    }

    pub(crate) fn intersects(self, other: TypeMask) -> bool {
        self.0 & other.0 != 0
    }

    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `value` has one of the types in the set (omp's `matchesExpectedType`).
    pub(crate) fn matches(self, value: &Value) -> bool {
        match value {
            Value::String(_) => self.contains(Self::STRING),
            Value::Number(n) => self.contains(Self::NUMBER) || (self.contains(Self::INTEGER) && is_integral(n)),
            Value::Bool(_) => self.contains(Self::BOOLEAN),
            Value::Null => self.contains(Self::NULL),
            Value::Array(_) => self.contains(Self::ARRAY),
            Value::Object(_) => self.contains(Self::OBJECT),
        }
    }

    /// The single named type, if the set holds exactly one.
    pub(crate) fn single_name(self) -> Option<&'static str> {
        Some(match self {
            Self::STRING => "string",
            Self::NUMBER => "number",
            Self::INTEGER => "integer",
            Self::BOOLEAN => "boolean",
            Self::NULL => "null",
            Self::ARRAY => "array",
            Self::OBJECT => "object",
            _ => return None,
        })
    }
}

/// JavaScript `Number.isInteger` for a JSON number.
pub(crate) fn is_integral(n: &Number) -> bool {
    n.is_i64() || n.is_u64() || n.as_f64().is_some_and(|f| f.is_finite() && f.fract() == 0.0)
}

/// A JSON number for a JavaScript number: integral values within the safe range become
/// integers (so they print as `5`, never `5.0`).
pub(crate) fn number_value(x: f64) -> Option<Value> {
    if !x.is_finite() {
        return None;
    }
    if x.fract() == 0.0 && x.abs() <= 9_007_199_254_740_991.0 {
        return Some(Value::from(x as i64));
    }
    Number::from_f64(x).map(Value::Number)
}

/// zod's `util.parsedType` name for a value; `None` is JavaScript `undefined`.
pub(crate) fn zod_received_type(value: Option<&Value>) -> &'static str {
    match value {
        None => "undefined",
        Some(Value::Null) => "null",
        Some(Value::Bool(_)) => "boolean",
        Some(Value::Number(_)) => "number",
        Some(Value::String(_)) => "string",
        Some(Value::Array(_)) => "array",
        Some(Value::Object(_)) => "object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn type_keyword_parses_strings_and_lists() {
        let mask = TypeMask::from_type_keyword(&json!(["integer", "null"]));
        assert!(mask.contains(TypeMask::INTEGER));
        assert!(mask.contains(TypeMask::NULL));
        assert!(!mask.contains(TypeMask::STRING));
        assert_eq!(TypeMask::from_type_keyword(&json!("array")).single_name(), Some("array"));
    }

    #[test]
    fn integer_matching_uses_javascript_semantics() {
        let int = TypeMask::INTEGER;
        assert!(int.matches(&json!(5)));
        assert!(int.matches(&json!(5.0)));
        assert!(!int.matches(&json!(5.5)));
        assert!(TypeMask::NUMBER.matches(&json!(5.5)));
        assert!(!TypeMask::NUMBER.matches(&json!("5")));
    }

    #[test]
    fn numbers_become_integers_when_integral() {
        assert_eq!(number_value(7.0), Some(json!(7)));
        assert_eq!(number_value(-0.0), Some(json!(0)));
        assert_eq!(number_value(1.5), Some(json!(1.5)));
        assert_eq!(number_value(f64::INFINITY), None);
    }

    #[test]
    fn received_type_names_follow_zod() {
        assert_eq!(zod_received_type(None), "undefined");
        assert_eq!(zod_received_type(Some(&json!([]))), "array");
        assert_eq!(zod_received_type(Some(&json!(null))), "null");
    }
}
