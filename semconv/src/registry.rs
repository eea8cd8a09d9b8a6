//! Look-ups in the generated registry table ([`crate::attributes::ATTRIBUTES`]) and a
//! type check of OTLP values against it.

use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue};

use crate::attributes::ATTRIBUTES;
pub use crate::definition::{AttributeDef, AttributeType, Requirement};

/// A value that does not match its registry type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("attribute {name} must be {expected}, got {found}")]
pub struct TypeMismatch {
    /// The attribute.
    pub name: &'static str,
    /// What the registry says.
    pub expected: String,
    /// What arrived (type, or the value for an enum).
    pub found: String,
}

/// The registry entry of `name`, if the registry defines it.
pub fn lookup(name: &str) -> Option<&'static AttributeDef> {
    ATTRIBUTES.iter().find(|d| d.name == name)
}

/// The OTLP type name of a value, for error messages.
pub fn value_kind(value: Option<&AnyValue>) -> &'static str {
    match value.and_then(|v| v.value.as_ref()) {
        None => "an empty value",
        Some(Value::StringValue(_)) => "a string",
        Some(Value::BoolValue(_)) => "a boolean",
        Some(Value::IntValue(_)) => "an int",
        Some(Value::DoubleValue(_)) => "a double",
        Some(Value::ArrayValue(_)) => "an array",
        Some(Value::KvlistValue(_)) => "a key-value list",
        Some(Value::BytesValue(_)) => "bytes",
        Some(Value::StringValueStrindex(_)) => "a string index",
    }
}

impl AttributeDef {
    /// Checks `value` against this attribute's registry type.
    pub fn check(&self, value: Option<&AnyValue>) -> Result<(), TypeMismatch> {
        let inner = value.and_then(|v| v.value.as_ref());
        let array_of = |pred: fn(&Value) -> bool| match inner {
            Some(Value::ArrayValue(a)) => {
                a.values.iter().all(|v| v.value.as_ref().is_some_and(pred))
            }
            _ => false,
        };
        let ok = match self.ty {
            AttributeType::String => matches!(inner, Some(Value::StringValue(_))),
            AttributeType::Int => matches!(inner, Some(Value::IntValue(_))),
            AttributeType::Double => matches!(inner, Some(Value::DoubleValue(_))),
            AttributeType::Bool => matches!(inner, Some(Value::BoolValue(_))),
            AttributeType::StringArray => array_of(|v| matches!(v, Value::StringValue(_))),
            AttributeType::IntArray => array_of(|v| matches!(v, Value::IntValue(_))),
            AttributeType::Enum(members) => match inner {
                Some(Value::StringValue(s)) if members.contains(&s.as_str()) => true,
                Some(Value::StringValue(s)) => {
                    return Err(self.mismatch(format!("{s:?}")));
                }
                _ => false,
            },
        };
        if ok {
            Ok(())
        } else {
            Err(self.mismatch(value_kind(value).to_string()))
        }
    }

    fn mismatch(&self, found: String) -> TypeMismatch {
        let expected = match self.ty {
            AttributeType::String => "a string".to_string(),
            AttributeType::Int => "an int".to_string(),
            AttributeType::Double => "a double".to_string(),
            AttributeType::Bool => "a boolean".to_string(),
            AttributeType::StringArray => "an array of strings".to_string(),
            AttributeType::IntArray => "an array of ints".to_string(),
            AttributeType::Enum(m) => format!("one of {m:?}"),
        };
        TypeMismatch {
            name: self.name,
            expected,
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attributes as a;

    fn s(v: &str) -> AnyValue {
        AnyValue {
            value: Some(Value::StringValue(v.into())),
        }
    }

    #[test]
    fn enum_attributes_accept_only_their_members() {
        let def = lookup(a::GPU_SERIALIZED).unwrap();
        assert!(def.check(Some(&s("unknown"))).is_ok());
        let err = def.check(Some(&s("yes"))).unwrap_err();
        assert_eq!(
            err.to_string(),
            r#"attribute gpu.serialized must be one of ["true", "false", "unknown"], got "yes""#
        );
        let boolean = AnyValue {
            value: Some(Value::BoolValue(true)),
        };
        assert_eq!(def.check(Some(&boolean)).unwrap_err().found, "a boolean");
    }

    #[test]
    fn int_attributes_refuse_strings() {
        let def = lookup(a::GPU_SAMPLING_WINDOW_START_NS).unwrap();
        assert!(def.check(Some(&s("12"))).is_err());
        assert!(def
            .check(Some(&AnyValue {
                value: Some(Value::IntValue(12))
            }))
            .is_ok());
        assert!(def.check(None).is_err());
    }
}
