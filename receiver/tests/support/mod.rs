//! Helpers shared by the integration tests.

#![allow(dead_code, unreachable_pub)]

pub mod backend;
pub mod certs;
pub mod h200;
pub mod hostile;
pub mod queue;
