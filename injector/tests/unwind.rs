//! The injector catches its own panics so that the host program runs on
//! (`catch_unwind` around every entry from CUDA). Linked by Zig, as the test command
//! and the release builds are, unwinding is Zig's own libunwind instead of glibc's
//! libgcc_s: a panic must still be caught, and unwind through destructors.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};

struct SetOnDrop<'a>(&'a Cell<bool>);

impl Drop for SetOnDrop<'_> {
    fn drop(&mut self) {
        self.0.set(true);
    }
}

#[test]
fn a_panic_is_caught_after_unwinding_through_destructors() {
    std::panic::set_hook(Box::new(|_| {})); // the panic is on purpose: no message
    let dropped = Cell::new(false);
    let caught = catch_unwind(AssertUnwindSafe(|| {
        let _guard = SetOnDrop(&dropped);
        panic!("on purpose");
    }));
    assert!(caught.is_err(), "the panic was not caught");
    assert!(dropped.get(), "the destructor did not run while unwinding");
}
