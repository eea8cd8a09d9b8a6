//! Shared by the example binaries: replaying recorded CUPTI kernel records through the
//! injector's real processing path (queue → slicer → OTLP exporter thread).

pub mod replay;
