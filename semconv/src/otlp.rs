//! Small typed readers and writers for OTLP attribute lists.

use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue, KeyValue};

/// The value of attribute `key`, if present.
pub fn find<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a AnyValue> {
    attrs
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.as_ref())
}

/// The string value of `key`, if present and a string.
pub fn get_str<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a str> {
    match find(attrs, key)?.value.as_ref()? {
        Value::StringValue(s) => Some(s),
        _ => None,
    }
}

/// The int value of `key`, if present and an int.
pub fn get_int(attrs: &[KeyValue], key: &str) -> Option<i64> {
    match find(attrs, key)?.value.as_ref()? {
        Value::IntValue(i) => Some(*i),
        _ => None,
    }
}

/// A string attribute.
pub fn string(key: &str, value: impl Into<String>) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue {
            value: Some(Value::StringValue(value.into())),
        }),
        ..Default::default()
    }
}

/// An int attribute.
pub fn int(key: &str, value: i64) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue {
            value: Some(Value::IntValue(value)),
        }),
        ..Default::default()
    }
}

/// A boolean attribute.
pub fn boolean(key: &str, value: bool) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue {
            value: Some(Value::BoolValue(value)),
        }),
        ..Default::default()
    }
}

/// Sets `key` to `value`, replacing every existing occurrence.
pub fn set(attrs: &mut Vec<KeyValue>, kv: KeyValue) {
    attrs.retain(|a| a.key != kv.key);
    attrs.push(kv);
}
