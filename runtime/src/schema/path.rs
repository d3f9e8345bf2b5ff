//! Paths into JSON argument values (zod-style `(string | number)[]`): the segment type,
//! conversion from the validator's locations, and read / write / delete at a path.

use serde::Serialize;
use serde_json::Value;
use std::fmt;

/// One step of an issue path: an object key or an array index. Serializes as a JSON string
/// or number, like zod's `issue.path` entries.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum PathSegment {
    Key(String),
    Index(usize),
}

impl fmt::Display for PathSegment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathSegment::Key(key) => f.write_str(key),
            PathSegment::Index(index) => write!(f, "{index}"),
        }
    }
}

impl From<&str> for PathSegment {
    fn from(key: &str) -> Self {
        PathSegment::Key(key.to_string())
    }
}

impl From<usize> for PathSegment {
    fn from(index: usize) -> Self {
        PathSegment::Index(index)
    }
}

/// Converts a validator instance location (`/a/0/b`) into path segments.
pub(crate) fn path_from_location(location: &jsonschema::paths::Location) -> Vec<PathSegment> {
    location
        .iter()
        .map(|segment| match segment {
            jsonschema::paths::LocationSegment::Property(key) => PathSegment::Key(key.into_owned()),
            jsonschema::paths::LocationSegment::Index(index) => PathSegment::Index(index),
        })
        .collect()
}

fn array_index(segment: &PathSegment) -> Option<usize> {
    match segment {
        PathSegment::Index(index) => Some(*index),
        PathSegment::Key(key) => key.parse().ok(),
    }
}

fn object_key(segment: &PathSegment) -> String {
    segment.to_string()
}

/// The value at `path`, or `None` (JavaScript `undefined`) when any step is missing.
pub(crate) fn value_at<'a>(root: &'a Value, path: &[PathSegment]) -> Option<&'a Value> {
    let mut current = root;
    for segment in path {
        current = match current {
            Value::Array(items) => items.get(array_index(segment)?)?,
            Value::Object(map) => map.get(&object_key(segment))?,
            _ => return None,
        };
    }
    Some(current)
}

/// Mutable access to the value at `path`.
pub(crate) fn value_at_mut<'a>(root: &'a mut Value, path: &[PathSegment]) -> Option<&'a mut Value> {
    let mut current = root;
    for segment in path {
        current = match current {
            Value::Array(items) => items.get_mut(array_index(segment)?)?,
            Value::Object(map) => map.get_mut(&object_key(segment))?,
            _ => return None,
        };
    }
    Some(current)
}

/// Writes `value` at `path` (replacing the root for an empty path). The parent must exist;
/// an object parent gains the key if it is missing. Returns false when nothing was written.
pub(crate) fn set_at(root: &mut Value, path: &[PathSegment], value: Value) -> bool {
    let Some((last, parent_path)) = path.split_last() else {
        *root = value;
        return true;
    };
    match value_at_mut(root, parent_path) {
        Some(Value::Array(items)) => match array_index(last).and_then(|i| items.get_mut(i)) {
            Some(slot) => {
                *slot = value;
                true
            }
            None => false,
        },
        Some(Value::Object(map)) => {
            map.insert(object_key(last), value);
            true
        }
        _ => false,
    }
}

/// Removes the object key (or array element) at `path`, keeping the order of the remaining
/// entries. Returns the removed value.
pub(crate) fn remove_at(root: &mut Value, path: &[PathSegment]) -> Option<Value> {
    let (last, parent_path) = path.split_last()?;
    match value_at_mut(root, parent_path)? {
        Value::Array(items) => {
            let index = array_index(last)?;
            (index < items.len()).then(|| items.remove(index))
        }
        Value::Object(map) => map.shift_remove(&object_key(last)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn p(segments: &[PathSegment]) -> Vec<PathSegment> {
        segments.to_vec()
    }

    #[test]
    fn reads_writes_and_removes_nested_values() {
        let mut value = json!({"a": [{"b": 1}, {"b": 2}], "c": 3});
        let path = p(&["a".into(), 1.into(), "b".into()]);
        assert_eq!(value_at(&value, &path), Some(&json!(2)));
        assert!(set_at(&mut value, &path, json!("x")));
        assert_eq!(value["a"][1]["b"], json!("x"));
        assert_eq!(remove_at(&mut value, &p(&["a".into()])), Some(json!([{"b": 1}, {"b": "x"}])));
        assert_eq!(value, json!({"c": 3}));
        assert_eq!(value_at(&value, &p(&["missing".into(), "deeper".into()])), None);
        assert!(!set_at(&mut value, &p(&["missing".into(), "deeper".into()]), json!(1)));
    }

    #[test]
    fn removal_keeps_key_order() {
        let mut value = json!({"a": 1, "b": 2, "c": 3});
        remove_at(&mut value, &p(&["a".into()]));
        assert_eq!(value.as_object().unwrap().keys().collect::<Vec<_>>(), vec!["b", "c"]);
    }

    #[test]
    fn segments_serialize_as_strings_and_numbers() {
        let path = p(&["a".into(), 0.into()]);
        assert_eq!(serde_json::to_string(&path).unwrap(), r#"["a",0]"#);
    }
}
