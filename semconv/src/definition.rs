//! What the registry says of one attribute: the types of the generated table
//! ([`crate::attributes::ATTRIBUTES`]), apart from the look-ups that read it, so the
//! generated module and the look-ups import each other in no circle.

/// The registry type of an attribute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttributeType {
    /// A string.
    String,
    /// A 64-bit signed integer.
    Int,
    /// A double.
    Double,
    /// A boolean.
    Bool,
    /// An array of strings.
    StringArray,
    /// An array of integers.
    IntArray,
    /// A string restricted to these members.
    Enum(&'static [&'static str]),
}

/// How strongly an attribute is required where it is referenced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requirement {
    /// Always present.
    Required,
    /// Present when the producer knows it.
    Recommended,
    /// Present only when asked for.
    OptIn,
}

/// One attribute of the registry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttributeDef {
    /// The wire name.
    pub name: &'static str,
    /// The registry type.
    pub ty: AttributeType,
    /// The requirement level in its own group.
    pub requirement: Requirement,
}
