//! The registry YAML is the source of truth. This test renders the Rust constants
//! (`src/attributes.rs`) and the markdown table (`docs/registry.md`) from it and fails
//! when the committed files differ, so the code and the YAML can never drift apart.
//! Run with `SEMCONV_BLESS=1` to rewrite both files after editing the YAML.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Manifest {
    name: String,
    description: String,
    semconv_version: String,
    schema_base_url: String,
    stability: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    groups: Vec<Group>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Group {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    brief: String,
    display_name: Option<String>,
    name: Option<String>,
    span_kind: Option<String>,
    stability: Option<String>,
    note: Option<String>,
    metric_name: Option<String>,
    instrument: Option<String>,
    unit: Option<String>,
    attributes: Vec<Attr>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Attr {
    id: Option<String>,
    #[serde(rename = "ref")]
    reference: Option<String>,
    #[serde(rename = "type")]
    ty: Option<AttrType>,
    stability: Option<String>,
    requirement_level: Option<String>,
    brief: Option<String>,
    note: Option<String>,
    examples: Option<serde_norway::Value>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum AttrType {
    Primitive(String),
    Enum { members: Vec<Member> },
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Member {
    id: String,
    value: String,
    brief: String,
    stability: String,
    annotations: Option<MemberAnnotations>,
}

/// Weaver's free-form annotations of a member, as this registry uses them.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MemberAnnotations {
    /// The name people know the value by, where the value is a machine's name.
    display_name: String,
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load() -> (Manifest, Vec<Group>) {
    let dir = root().join("registry");
    let manifest: Manifest =
        serde_norway::from_str(&std::fs::read_to_string(dir.join("manifest.yaml")).unwrap())
            .expect("manifest.yaml parses");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap() != "manifest.yaml")
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    paths.sort();
    let mut groups = Vec::new();
    for path in paths {
        let file: File = serde_norway::from_str(&std::fs::read_to_string(&path).unwrap())
            .unwrap_or_else(|e| panic!("{} parses: {e}", path.display()));
        groups.extend(file.groups);
    }
    (manifest, groups)
}

fn const_name(id: &str) -> String {
    id.replace(['.', '-'], "_").to_uppercase()
}

fn examples_text(v: &serde_norway::Value) -> String {
    serde_json::to_string(&serde_json::to_value(v).unwrap()).unwrap()
}

fn type_text(ty: &AttrType) -> String {
    match ty {
        AttrType::Primitive(p) => p.clone(),
        AttrType::Enum { members } => format!(
            "enum {{{}}}",
            members
                .iter()
                .map(|m| format!("`{}`", m.value))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn rust_type(ty: &AttrType) -> String {
    match ty {
        AttrType::Primitive(p) => match p.as_str() {
            "string" => "AttributeType::String".into(),
            "int" => "AttributeType::Int".into(),
            "double" => "AttributeType::Double".into(),
            "boolean" => "AttributeType::Bool".into(),
            "string[]" => "AttributeType::StringArray".into(),
            "int[]" => "AttributeType::IntArray".into(),
            other => panic!("unsupported attribute type {other}"),
        },
        AttrType::Enum { members } => format!(
            "AttributeType::Enum(&[{}])",
            members
                .iter()
                .map(|m| format!("{:?}", m.value))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn requirement(level: &str) -> &'static str {
    match level {
        "required" => "Requirement::Required",
        "recommended" => "Requirement::Recommended",
        "opt_in" => "Requirement::OptIn",
        other => panic!("unsupported requirement level {other}"),
    }
}

/// Every attribute definition, in registry order, checked for completeness.
fn definitions(groups: &[Group]) -> Vec<&Attr> {
    let mut defs = Vec::new();
    for g in groups.iter().filter(|g| g.kind == "attribute_group") {
        for a in &g.attributes {
            let id =
                a.id.as_deref()
                    .unwrap_or_else(|| panic!("{}: attribute without id", g.id));
            assert!(a.ty.is_some(), "{id}: no type");
            assert!(a.stability.is_some(), "{id}: no stability");
            assert!(a.brief.is_some(), "{id}: no brief");
            assert!(a.examples.is_some(), "{id}: no examples");
            assert!(a.requirement_level.is_some(), "{id}: no requirement level");
            if let Some(AttrType::Enum { members }) = &a.ty {
                for m in members {
                    assert!(
                        !m.stability.is_empty() && !m.brief.is_empty(),
                        "{id}.{}: incomplete member",
                        m.id
                    );
                }
            }
            defs.push(a);
        }
    }
    defs
}

fn render_rust(groups: &[Group]) -> String {
    let defs = definitions(groups);
    let mut out = String::new();
    out.push_str(
        "// @generated by semconv/tests/registry.rs from semconv/registry/*.yaml. Do not edit:\n\
         // change the YAML, then run `SEMCONV_BLESS=1 cargo test -p gpu-otel-semconv --test registry`.\n\n\
         //! Every name and enum value of the registry, as constants.\n\n\
         use crate::definition::{AttributeDef, AttributeType, Requirement};\n",
    );
    for a in &defs {
        let id = a.id.as_deref().unwrap();
        let ty = a.ty.as_ref().unwrap();
        writeln!(out).unwrap();
        writeln!(out, "/// {}", a.brief.as_deref().unwrap().trim()).unwrap();
        if let Some(note) = &a.note {
            writeln!(out, "///\n/// {}", note.trim()).unwrap();
        }
        writeln!(
            out,
            "///\n/// Type: {}; requirement level: {}; stability: {}.\n/// Examples: `{}`.",
            type_text(ty),
            a.requirement_level.as_deref().unwrap(),
            a.stability.as_deref().unwrap(),
            examples_text(a.examples.as_ref().unwrap())
        )
        .unwrap();
        writeln!(out, "pub const {}: &str = {id:?};", const_name(id)).unwrap();
        if let AttrType::Enum { members } = ty {
            writeln!(out, "\n/// Values of [`{}`].", const_name(id)).unwrap();
            writeln!(out, "pub mod {} {{", id.replace('.', "_")).unwrap();
            for m in members {
                writeln!(out, "    /// {}", m.brief.trim()).unwrap();
                writeln!(
                    out,
                    "    pub const {}: &str = {:?};",
                    const_name(&m.id),
                    m.value
                )
                .unwrap();
            }
            writeln!(out, "}}").unwrap();
            let named: Vec<(&Member, &str)> = members
                .iter()
                .filter_map(|m| m.annotations.as_ref().map(|a| (m, a.display_name.as_str())))
                .collect();
            if !named.is_empty() {
                writeln!(
                    out,
                    "\n/// The values of [`{}`] with the names people know them by, and what each means:\n/// `(value, display_name, brief)`.",
                    const_name(id)
                )
                .unwrap();
                writeln!(
                    out,
                    "pub const {}_NAMES: &[(&str, &str, &str)] = &[",
                    const_name(id)
                )
                .unwrap();
                for (m, name) in named {
                    writeln!(out, "    ({:?}, {name:?}, {:?}),", m.value, m.brief.trim()).unwrap();
                }
                writeln!(out, "];").unwrap();
            }
        }
    }
    for g in groups
        .iter()
        .filter(|g| g.kind == "span" || g.kind == "event")
    {
        let name = g.name.clone().unwrap_or_else(|| {
            g.id.strip_prefix("span.")
                .expect("span group ids start with span.")
                .to_string()
        });
        writeln!(out, "\n/// {}", g.brief.trim()).unwrap();
        writeln!(
            out,
            "pub const {}: &str = {name:?};",
            const_name(&format!("{}.{}", g.kind, name))
        )
        .unwrap();
    }
    for g in groups.iter().filter(|g| g.kind == "metric") {
        let name = g
            .metric_name
            .as_deref()
            .expect("a metric has a metric_name");
        let instrument = g.instrument.as_deref().expect("a metric has an instrument");
        let unit = g.unit.as_deref().expect("a metric has a unit");
        let brief = g.brief.split_whitespace().collect::<Vec<_>>().join(" ");
        let c = const_name(&format!("metric.{name}"));
        writeln!(
            out,
            "\n/// {brief}\n///\n/// Instrument: {instrument}; unit: `{unit}`."
        )
        .unwrap();
        writeln!(out, "pub const {c}: &str = {name:?};").unwrap();
        writeln!(out, "/// The unit of [`{c}`].").unwrap();
        writeln!(out, "pub const {c}_UNIT: &str = {unit:?};").unwrap();
        writeln!(out, "/// The description of [`{c}`].").unwrap();
        writeln!(out, "pub const {c}_BRIEF: &str = {brief:?};").unwrap();
    }
    for g in groups.iter().filter(|g| g.kind == "entity") {
        let name = g.name.as_deref().expect("an entity has a name");
        writeln!(
            out,
            "\n/// The attributes of the `{name}` entity: {}",
            g.brief.trim()
        )
        .unwrap();
        let refs: Vec<String> = g
            .attributes
            .iter()
            .map(|a| {
                const_name(
                    a.reference
                        .as_deref()
                        .expect("an entity refers to attributes"),
                )
            })
            .collect();
        writeln!(
            out,
            "pub const {}: &[&str] = &[{}];",
            const_name(&format!("entity.{name}")),
            refs.join(", ")
        )
        .unwrap();
    }
    writeln!(
        out,
        "\n/// Every attribute of the registry, for validation at run time."
    )
    .unwrap();
    writeln!(out, "pub const ATTRIBUTES: &[AttributeDef] = &[").unwrap();
    for a in &defs {
        let id = a.id.as_deref().unwrap();
        writeln!(
            out,
            "    AttributeDef {{\n        name: {},\n        ty: {},\n        requirement: {},\n    }},",
            const_name(id),
            rust_type(a.ty.as_ref().unwrap()),
            requirement(a.requirement_level.as_deref().unwrap())
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
    out
}

fn render_markdown(manifest: &Manifest, groups: &[Group]) -> String {
    let defs: BTreeMap<&str, &Attr> = definitions(groups)
        .into_iter()
        .map(|a| (a.id.as_deref().unwrap(), a))
        .collect();
    let mut out = String::new();
    writeln!(
        out,
        "<!-- @generated by semconv/tests/registry.rs from semconv/registry/*.yaml. Do not edit. -->\n\n\
         # Attribute registry: `{}` {}\n\n{}\n\nStability: {}. Schema base URL: `{}`.\n",
        manifest.name,
        manifest.semconv_version,
        manifest.description.trim(),
        manifest.stability,
        manifest.schema_base_url
    )
    .unwrap();
    for g in groups {
        let title = g
            .display_name
            .clone()
            .or(g.name.clone())
            .unwrap_or(g.id.clone());
        writeln!(
            out,
            "## {title} (`{}`, {})\n\n{}\n",
            g.id,
            g.kind,
            g.brief.trim()
        )
        .unwrap();
        if let (Some(name), Some(instrument), Some(unit)) = (&g.metric_name, &g.instrument, &g.unit)
        {
            writeln!(
                out,
                "Metric `{name}`: {instrument}, unit `{unit}`. Stability: {}.\n",
                g.stability.as_deref().unwrap_or("-")
            )
            .unwrap();
        }
        if let Some(note) = &g.note {
            writeln!(
                out,
                "{}\n",
                note.split_whitespace().collect::<Vec<_>>().join(" ")
            )
            .unwrap();
        }
        if let Some(kind) = &g.span_kind {
            writeln!(
                out,
                "Span kind: `{kind}`. Stability: {}.\n",
                g.stability.as_deref().unwrap_or("-")
            )
            .unwrap();
        }
        writeln!(
            out,
            "| attribute | type | requirement | brief | examples |\n|---|---|---|---|---|"
        )
        .unwrap();
        for a in &g.attributes {
            let id = a.id.as_deref().or(a.reference.as_deref()).unwrap();
            let def = defs
                .get(id)
                .unwrap_or_else(|| panic!("{}: ref {id} is not defined", g.id));
            let level = a
                .requirement_level
                .as_deref()
                .or(def.requirement_level.as_deref())
                .unwrap();
            let mut brief = def.brief.as_deref().unwrap().trim().replace('\n', " ");
            if let Some(AttrType::Enum { members }) = &def.ty {
                for m in members {
                    match &m.annotations {
                        Some(a) => write!(
                            brief,
                            "<br>`{}` ({}): {}",
                            m.value,
                            a.display_name,
                            m.brief.trim()
                        ),
                        None => write!(brief, "<br>`{}`: {}", m.value, m.brief.trim()),
                    }
                    .unwrap();
                }
            }
            writeln!(
                out,
                "| `{id}` | {} | {level} | {brief} | `{}` |",
                type_text(def.ty.as_ref().unwrap()),
                examples_text(def.examples.as_ref().unwrap())
            )
            .unwrap();
        }
        writeln!(out).unwrap();
    }
    out
}

fn check_or_bless(path: PathBuf, rendered: &str) {
    if std::env::var_os("SEMCONV_BLESS").is_some() {
        std::fs::write(&path, rendered).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == rendered,
        "{} is out of date with semconv/registry; run SEMCONV_BLESS=1 cargo test -p gpu-otel-semconv --test registry",
        path.display()
    );
}

#[test]
fn generated_rust_constants_match_the_registry_yaml() {
    let (_, groups) = load();
    check_or_bless(root().join("src/attributes.rs"), &render_rust(&groups));
}

#[test]
fn generated_markdown_table_matches_the_registry_yaml() {
    let (manifest, groups) = load();
    check_or_bless(
        root().join("../docs/registry.md"),
        &render_markdown(&manifest, &groups),
    );
}

#[test]
fn every_contract_wire_name_is_in_the_registry_with_its_contract_type() {
    let (_, groups) = load();
    let defs: BTreeMap<&str, String> = definitions(&groups)
        .into_iter()
        .map(|a| (a.id.as_deref().unwrap(), type_text(a.ty.as_ref().unwrap())))
        .collect();
    // The "Wire names" table of the contract, verbatim.
    let contract = [
        (
            "gpu.pc_sampling.tier",
            "enum {`off`, `continuous`, `serialized`}",
        ),
        ("gpu.serialized", "enum {`true`, `false`, `unknown`}"),
        ("gpu.kernel.name", "string"),
        ("gpu.correlation_id", "int"),
        ("gpu.device.id", "int"),
        ("gpu.context.id", "int"),
        ("gpu.stream.id", "int"),
        ("gpu.graph.id", "int"),
        ("gpu.graph.kernel_nodes", "int"),
        ("gpu.sampling.window.start_ns", "int"),
        ("gpu.sampling.window.end_ns", "int"),
        ("gpu.sampling.window.seq", "int"),
        (
            "gpu.sampling.mode",
            "enum {`continuous`, `kernel_serialized`}",
        ),
    ];
    for (name, ty) in contract {
        assert_eq!(defs.get(name).map(String::as_str), Some(ty), "{name}");
    }
    let events: Vec<_> = groups
        .iter()
        .filter(|g| g.kind == "event")
        .filter_map(|g| g.name.as_deref())
        .collect();
    assert!(events.contains(&"gpu.sampling.window"));
    // The graph-launch span (GPU_OTEL_GRAPH_RECORDS=launches) requires gpu.serialized, as
    // every kernel execution span does.
    let launch = groups
        .iter()
        .find(|g| g.id == "span.gpu.graph.launch")
        .expect("the graph-launch span is registered");
    let serialized = launch
        .attributes
        .iter()
        .find(|a| a.reference.as_deref() == Some("gpu.serialized"))
        .expect("it carries gpu.serialized");
    assert_eq!(serialized.requirement_level.as_deref(), Some("required"));
    assert!(
        launch
            .attributes
            .iter()
            .all(|a| a.reference.as_deref() != Some("gpu.kernel.name")),
        "no kernel name: it is not one kernel's execution"
    );
}

#[test]
fn every_reference_resolves_and_no_attribute_is_defined_twice() {
    let (_, groups) = load();
    let defs = definitions(&groups);
    let mut seen = std::collections::BTreeSet::new();
    for a in &defs {
        assert!(
            seen.insert(a.id.as_deref().unwrap()),
            "{:?} defined twice",
            a.id
        );
    }
    for g in groups.iter().filter(|g| g.kind != "attribute_group") {
        for a in &g.attributes {
            let r = a
                .reference
                .as_deref()
                .unwrap_or_else(|| panic!("{}: only refs outside the registry", g.id));
            assert!(seen.contains(r), "{}: unresolved ref {r}", g.id);
        }
    }
}
