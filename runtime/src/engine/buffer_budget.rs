//! The memory behind ArrayBuffers (typed arrays, Buffers) lives outside V8's JavaScript heap,
//! so `heapLimitMb` alone does not bound it: a tool keeping `new Uint8Array(1 << 20)` in a
//! list grew the host without limit. This allocator hands V8 that memory from the C heap and
//! refuses an allocation that would take the total past the budget; V8 first collects
//! garbage and retries, then throws `RangeError: Array buffer allocation failed` in the tool.
//! (V8 builds only; QuickJS keeps ArrayBuffers in its own heap, under its own limit.)

use std::ffi::c_void;
use std::sync::atomic::{AtomicUsize, Ordering};

use deno_core::v8;

/// What the allocator counts: bytes handed out, and how many it may hand out.
struct Budget {
    used: AtomicUsize,
    limit: usize,
}

impl Budget {
    /// Reserves `len` bytes, or says no.
    fn take(&self, len: usize) -> bool {
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let Some(after) = used.checked_add(len).filter(|after| *after <= self.limit) else {
                return false;
            };
            match self.used.compare_exchange_weak(used, after, Ordering::AcqRel, Ordering::Relaxed) {
                Ok(_) => return true,
                Err(now) => used = now,
            }
        }
    }

    fn give_back(&self, len: usize) {
        self.used.fetch_sub(len, Ordering::AcqRel);
    }
}

unsafe extern "C" fn allocate(budget: &Budget, len: usize) -> *mut c_void {
    if !budget.take(len) {
        return std::ptr::null_mut();
    }
    // SAFETY: calloc with any size; a null result is handed to V8, which handles it.
    let data = unsafe { libc::calloc(len.max(1), 1) };
    if data.is_null() {
        budget.give_back(len);
    }
    data
}

unsafe extern "C" fn allocate_uninitialized(budget: &Budget, len: usize) -> *mut c_void {
    if !budget.take(len) {
        return std::ptr::null_mut();
    }
    // SAFETY: as above.
    let data = unsafe { libc::malloc(len.max(1)) };
    if data.is_null() {
        budget.give_back(len);
    }
    data
}

unsafe extern "C" fn free(budget: &Budget, data: *mut c_void, len: usize) {
    if data.is_null() {
        return;
    }
    budget.give_back(len);
    // SAFETY: `data` came from calloc/malloc above.
    unsafe { libc::free(data) };
}

unsafe extern "C" fn drop_budget(budget: *const Budget) {
    // SAFETY: the pointer is the Box leaked in `allocator`, dropped once by V8.
    drop(unsafe { Box::from_raw(budget as *mut Budget) });
}

static VTABLE: v8::RustAllocatorVtable<Budget> = v8::RustAllocatorVtable {
    allocate,
    allocate_uninitialized,
    free,
    drop: drop_budget,
};

/// An ArrayBuffer allocator that hands out at most `limit` bytes at a time.
pub(crate) fn allocator(limit: usize) -> v8::UniqueRef<v8::Allocator> {
    let budget = Box::into_raw(Box::new(Budget {
        used: AtomicUsize::new(0),
        limit,
    }));
    // SAFETY: `budget` is a valid, leaked Budget that VTABLE's functions expect; V8 frees it
    // through `drop_budget` when the allocator goes.
    unsafe { v8::new_rust_allocator(budget as *const Budget, &VTABLE) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_refuses_what_would_pass_the_limit_and_takes_back_what_is_freed() {
        let budget = Budget {
            used: AtomicUsize::new(0),
            limit: 100,
        };
        assert!(budget.take(60));
        assert!(!budget.take(41));
        assert!(budget.take(40));
        budget.give_back(60);
        assert!(budget.take(60));
        assert!(!budget.take(usize::MAX));
    }
}
