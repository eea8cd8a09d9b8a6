//! gRPC messages compressed by the caller, once, at the codec's fast level. tonic
//! compresses a message itself only at a fixed level (gzip 6, zstd 3) and again on every
//! attempt; on the H200 captures gzip 6 cost three times gzip 1 per span for a third
//! fewer bytes (`cargo bench -p gpu-otel-receiver --bench export_compression`). So the
//! body handed to tonic is compressed already, and [`Frames`], a layer around the
//! channel, marks its gRPC frame as compressed (the frame's first byte, gRPC's
//! "Compressed-Flag") and names the encoding in `grpc-encoding`, as the gRPC protocol
//! asks. Responses are tiny and read as tonic reads them.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::{Bytes, BytesMut};
use http_body::{Body as HttpBody, Frame, SizeHint};
use tonic::body::Body;

use crate::compression::Compression;

/// The request extension that says the message is compressed with this encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Compressed(pub(crate) Compression);

/// The layer around a channel (see the module doc).
#[derive(Debug, Clone)]
pub(crate) struct Frames<S> {
    inner: S,
}

impl<S> Frames<S> {
    pub(crate) fn new(inner: S) -> Self {
        Frames { inner }
    }
}

impl<S> tower_service::Service<http::Request<Body>> for Frames<S>
where
    S: tower_service::Service<http::Request<Body>>,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = S::Future;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let Some(Compressed(c)) = request.extensions().get::<Compressed>().copied() else {
            return self.inner.call(request);
        };
        let Some(name) = c.content_encoding() else {
            return self.inner.call(request);
        };
        let (mut parts, body) = request.into_parts();
        parts
            .headers
            .insert("grpc-encoding", http::HeaderValue::from_static(name));
        let body = Body::new(FlagFirst {
            inner: body,
            flagged: false,
        });
        self.inner.call(http::Request::from_parts(parts, body))
    }
}

/// A request body whose first byte (the first frame's Compressed-Flag) is set to 1.
struct FlagFirst {
    inner: Body,
    flagged: bool,
}

impl HttpBody for FlagFirst {
    type Data = Bytes;
    type Error = tonic::Status;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let frame = match Pin::new(&mut self.inner).poll_frame(cx) {
            Poll::Ready(Some(Ok(frame))) => frame,
            other => return other,
        };
        if self.flagged {
            return Poll::Ready(Some(Ok(frame)));
        }
        Poll::Ready(Some(Ok(match frame.into_data() {
            Ok(data) if !data.is_empty() => {
                self.flagged = true;
                let mut data = BytesMut::from(data);
                data[0] = 1;
                Frame::data(data.freeze())
            }
            Ok(data) => Frame::data(data),
            Err(other) => other,
        })))
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http_body_util::BodyExt as _;

    #[tokio::test]
    async fn only_the_first_byte_of_the_first_frame_is_flagged() {
        let chunks: Vec<Result<Frame<Bytes>, tonic::Status>> = vec![
            Ok(Frame::data(Bytes::from_static(&[0, 0, 0, 0, 3, 7, 8]))),
            Ok(Frame::data(Bytes::from_static(&[0, 9]))),
        ];
        let inner = Body::new(http_body_util::StreamBody::new(tokio_stream::iter(chunks)));
        let body = FlagFirst {
            inner,
            flagged: false,
        };
        let bytes = body.collect().await.unwrap().to_bytes();
        assert_eq!(&bytes[..], &[1, 0, 0, 0, 3, 7, 8, 0, 9]);
    }
}
