//! Shared by the example binaries: replaying recorded CUPTI kernel records through the
//! injector's real processing path (queue → slicer → OTLP exporter thread), and loading
//! that path at a set rate into a counting backend.

pub mod load;
pub mod replay;
