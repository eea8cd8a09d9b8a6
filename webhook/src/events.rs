//! Events about refused annotations, recorded on the object a user looks at (the pod's
//! controller), off the admission's path: the answer never waits for the API server.

use kube::runtime::events::{Event, EventType, Recorder, Reporter};
use kube::Client;

use crate::review::Report;

/// The recorder.
#[derive(Clone)]
pub struct Events {
    recorder: Recorder,
}

impl std::fmt::Debug for Events {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Events")
    }
}

impl Events {
    /// Events reported as `gpu-otel-webhook`, from `instance` (the webhook's pod).
    pub fn new(client: Client, instance: Option<String>) -> Events {
        let reporter = Reporter {
            controller: "gpu-otel-webhook".into(),
            instance,
        };
        Events {
            recorder: Recorder::new(client, reporter),
        }
    }

    /// Records `report` in the background.
    pub fn record(&self, report: Report) {
        let recorder = self.recorder.clone();
        tokio::spawn(async move {
            let event = Event {
                type_: EventType::Warning,
                reason: report.reason.into(),
                note: Some(report.note),
                action: "Inject".into(),
                secondary: None,
            };
            if let Err(e) = recorder.publish(&event, &report.regarding).await {
                tracing::warn!(error = %e, "recording an event");
            }
        });
    }
}
