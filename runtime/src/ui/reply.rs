//! The four kinds of question a tool can ask (contract 3.3) and the shape of a valid answer
//! to each: `confirm` takes a boolean, `select` one of its options, `input` and `editor` a
//! string. `null` dismisses any of them. A reply of another shape is refused with a message
//! saying what was expected.

use serde_json::Value;

use super::Answer;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Method {
    Select,
    Confirm,
    Input,
    Editor,
}

impl Method {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Method::Select => "select",
            Method::Confirm => "confirm",
            Method::Input => "input",
            Method::Editor => "editor",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<Method> {
        match name {
            "select" => Some(Method::Select),
            "confirm" => Some(Method::Confirm),
            "input" => Some(Method::Input),
            "editor" => Some(Method::Editor),
            _ => None,
        }
    }
}

/// Checks `value` as the answer to a `method` question (`options`: `select`'s choices).
pub(crate) fn check_reply(method: Method, options: Option<&[String]>, value: Value) -> Result<Answer, String> {
    if value.is_null() {
        return Ok(Answer::Cancelled);
    }
    match (method, &value) {
        (Method::Confirm, Value::Bool(_)) => Ok(Answer::Value(value)),
        (Method::Confirm, other) => Err(format!("\"value\" must be true or false, got {other}")),
        (Method::Select, Value::String(choice)) => {
            let choices = options.unwrap_or_default();
            if choices.iter().any(|o| o == choice) {
                Ok(Answer::Value(value))
            } else {
                Err(format!(
                    "\"value\" must be one of the options {}, got {value}",
                    serde_json::to_string(choices).unwrap_or_default()
                ))
            }
        }
        (Method::Select, other) => Err(format!("\"value\" must be one of the options (a string), got {other}")),
        (Method::Input | Method::Editor, Value::String(_)) => Ok(Answer::Value(value)),
        (Method::Input | Method::Editor, other) => Err(format!("\"value\" must be a string, got {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn replies_are_checked_against_the_question() {
        let options = ["a".to_string(), "b".to_string()];
        assert_eq!(check_reply(Method::Confirm, None, json!(true)), Ok(Answer::Value(json!(true))));
        assert!(check_reply(Method::Confirm, None, json!("yes")).unwrap_err().contains("true or false"));
        assert_eq!(check_reply(Method::Select, Some(&options), json!("b")), Ok(Answer::Value(json!("b"))));
        assert!(check_reply(Method::Select, Some(&options), json!("c")).unwrap_err().contains("[\"a\",\"b\"]"));
        assert_eq!(check_reply(Method::Input, None, Value::Null), Ok(Answer::Cancelled));
        assert!(check_reply(Method::Editor, None, json!(3)).is_err());
    }
}
