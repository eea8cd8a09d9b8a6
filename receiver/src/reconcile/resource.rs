//! Which producer a batch came from, and what tier it declares.

use std::hash::{DefaultHasher, Hash, Hasher};

use opentelemetry_proto::tonic::common::v1::{any_value::Value, AnyValue};
use opentelemetry_proto::tonic::resource::v1::Resource;
use semconv::attributes as a;
use semconv::attributes::ENTITY_GPU_DEVICE;
use semconv::{otlp, Tier};

/// Identifies one producer: a digest of its resource attributes, but for those that
/// describe the GPU a resource's kernels ran on (the registry's `gpu.device` entity, [`ENTITY_GPU_DEVICE`]): a process that
/// drives several GPUs sends one resource per GPU, and its windows apply to all of them.
/// Windows never say anything about another producer's executions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ResourceKey(pub u64);

fn hash_value(v: Option<&AnyValue>, h: &mut DefaultHasher) {
    match v.and_then(|v| v.value.as_ref()) {
        None => 0u8.hash(h),
        Some(Value::StringValue(s)) => (1u8, s).hash(h),
        Some(Value::BoolValue(b)) => (2u8, b).hash(h),
        Some(Value::IntValue(i)) => (3u8, i).hash(h),
        Some(Value::DoubleValue(d)) => (4u8, d.to_bits()).hash(h),
        Some(Value::ArrayValue(arr)) => {
            5u8.hash(h);
            arr.values.iter().for_each(|v| hash_value(Some(v), h));
        }
        Some(Value::KvlistValue(kv)) => {
            6u8.hash(h);
            for kv in &kv.values {
                kv.key.hash(h);
                hash_value(kv.value.as_ref(), h);
            }
        }
        Some(Value::BytesValue(b)) => (7u8, b).hash(h),
        Some(Value::StringValueStrindex(i)) => (8u8, i).hash(h),
    }
}

impl ResourceKey {
    /// The key of a resource; attribute order does not matter.
    pub fn of(resource: Option<&Resource>) -> ResourceKey {
        let mut attrs: Vec<_> = resource
            .map(|r| {
                r.attributes
                    .iter()
                    .filter(|kv| !ENTITY_GPU_DEVICE.contains(&kv.key.as_str()))
                    .collect()
            })
            .unwrap_or_default();
        attrs.sort_by(|x, y| x.key.cmp(&y.key));
        let mut h = DefaultHasher::new();
        for kv in attrs {
            kv.key.hash(&mut h);
            hash_value(kv.value.as_ref(), &mut h);
        }
        ResourceKey(h.finish())
    }
}

/// The tier a resource declares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeclaredTier {
    /// A valid declaration.
    Declared(Tier),
    /// No `gpu.pc_sampling.tier` attribute.
    Undeclared,
    /// Present but not valid; the text says what arrived.
    Invalid(String),
}

impl DeclaredTier {
    /// Reads the declaration of a resource.
    pub fn of(resource: Option<&Resource>) -> DeclaredTier {
        let attrs = resource
            .map(|r| r.attributes.as_slice())
            .unwrap_or_default();
        if otlp::find(attrs, a::GPU_PC_SAMPLING_TIER).is_none() {
            return DeclaredTier::Undeclared;
        }
        match otlp::get_str(attrs, a::GPU_PC_SAMPLING_TIER).map(str::parse::<Tier>) {
            Some(Ok(t)) => DeclaredTier::Declared(t),
            Some(Err(e)) => DeclaredTier::Invalid(e.to_string()),
            None => DeclaredTier::Invalid("gpu.pc_sampling.tier must be a string".to_string()),
        }
    }

    /// The tier classification runs under. Without a valid declaration the receiver
    /// cannot know serialized sampling was off, so it classifies from evidence, as for
    /// the serialized tier, and never writes "false" without it.
    pub fn effective(&self) -> Tier {
        match self {
            DeclaredTier::Declared(t) => *t,
            DeclaredTier::Undeclared | DeclaredTier::Invalid(_) => Tier::Serialized,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resource(attrs: Vec<opentelemetry_proto::tonic::common::v1::KeyValue>) -> Resource {
        Resource {
            attributes: attrs,
            ..Default::default()
        }
    }

    #[test]
    fn the_key_ignores_attribute_order_but_not_values() {
        let x = resource(vec![otlp::string("a", "1"), otlp::int("b", 2)]);
        let y = resource(vec![otlp::int("b", 2), otlp::string("a", "1")]);
        let z = resource(vec![otlp::int("b", 3), otlp::string("a", "1")]);
        assert_eq!(ResourceKey::of(Some(&x)), ResourceKey::of(Some(&y)));
        assert_ne!(ResourceKey::of(Some(&x)), ResourceKey::of(Some(&z)));
    }

    #[test]
    fn the_gpu_a_resource_describes_is_not_part_of_the_producer() {
        let process = || {
            vec![
                otlp::string("service.instance.id", "pod-0"),
                otlp::string(a::GPU_PRODUCER_ID, "p-1"),
                otlp::string(a::GPU_PC_SAMPLING_TIER, "serialized"),
            ]
        };
        let on = |ordinal: i64, uuid: &str| {
            let mut attrs = process();
            attrs.extend([
                otlp::int(a::GPU_DEVICE_ID, ordinal),
                otlp::string(a::HW_ID, uuid),
                otlp::string(a::GPU_DEVICE_UUID, uuid),
                otlp::string(a::HW_MODEL, "NVIDIA H200"),
                otlp::string(a::GPU_DEVICE_NAME, "NVIDIA H200"),
                otlp::string(a::HW_TYPE, "gpu"),
                otlp::string(a::HW_VENDOR, "NVIDIA"),
            ]);
            resource(attrs)
        };
        let windows = ResourceKey::of(Some(&resource(process())));
        assert_eq!(ResourceKey::of(Some(&on(0, "GPU-a"))), windows);
        assert_eq!(ResourceKey::of(Some(&on(7, "GPU-h"))), windows);
        let mut other = process();
        otlp::set(&mut other, otlp::string(a::GPU_PRODUCER_ID, "p-2"));
        assert_ne!(ResourceKey::of(Some(&resource(other))), windows);
    }

    #[test]
    fn an_undeclared_or_invalid_tier_is_classified_from_evidence() {
        assert_eq!(DeclaredTier::of(None), DeclaredTier::Undeclared);
        let bad = resource(vec![otlp::string(a::GPU_PC_SAMPLING_TIER, "sometimes")]);
        assert!(
            matches!(DeclaredTier::of(Some(&bad)), DeclaredTier::Invalid(m) if m.contains("sometimes"))
        );
        assert_eq!(DeclaredTier::of(Some(&bad)).effective(), Tier::Serialized);
        let off = resource(vec![otlp::string(a::GPU_PC_SAMPLING_TIER, "off")]);
        assert_eq!(DeclaredTier::of(Some(&off)).effective(), Tier::Off);
    }
}
